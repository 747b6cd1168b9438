// Autofill as a job (POST /v1/fills): the whole grid or the selected cells, progress
// drawn live from the job's event stream, stop, accept, alternatives (each differing from
// the others in a share of the entries), a seed (a new one each run unless told),
// quality.

import { describe, follow, json } from "./api.js";
import { BLOCK, EMPTY, at, pattern, withCells } from "./puzzle.js";

const MAX_SEED = 2147483647;

export class Autofill {
  constructor({ editor, view, settings, elements, report, onResult }) {
    this.editor = editor;
    this.view = view;
    this.settings = settings;
    this.el = elements;
    this.report = report;
    this.onResult = onResult; // (result) => void: entries with clue suggestions
    this.job = null;
    this.stream = null;
    this.fills = [];
    this.index = 0;
    this.selection = new Set();
    this.el.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.start();
    });
    this.el.stop.addEventListener("click", () => this.stop());
    this.el.accept.addEventListener("click", () => this.accept());
    this.el.discard.addEventListener("click", () => this.discard());
    this.el.previous.addEventListener("click", () => this.show(this.index - 1));
    this.el.next.addEventListener("click", () => this.show(this.index + 1));
    this.el.selectSlot.addEventListener("click", () => {
      const slot = view.currentSlot();
      if (slot) this.select(slot.cells, true);
    });
    this.el.selectClear.addEventListener("click", () => {
      this.selection = new Set();
      this.showSelection();
    });
    view.element.addEventListener("select-cells", (event) => this.select(event.detail.cells));
    this.showSelection();
  }

  /** Toggle cells in the region (or add them all). */
  select(cells, add = false) {
    for (const [r, c] of cells) {
      if (at(this.editor.snapshot.rows, r, c) === BLOCK) continue;
      const key = `${r},${c}`;
      if (this.selection.has(key) && !add) this.selection.delete(key);
      else this.selection.add(key);
    }
    if (this.selection.size) this.el.form.elements.scope.value = "region";
    this.showSelection();
  }

  showSelection() {
    const count = this.selection.size;
    this.el.selectionCount.textContent = count ? `${count} cell${count === 1 ? "" : "s"} selected.` : "No cells selected.";
    this.view.overlay.selection = this.selection;
    this.view.render();
  }

  /** The seed of this run: a new random one when shuffling (shown, so a fill can be
   * made again), else the one given. */
  seed() {
    if (this.el.shuffle.checked) this.el.seed.value = Math.floor(Math.random() * MAX_SEED);
    return Math.min(Math.max(Math.floor(Number(this.el.seed.value) || 0), 0), MAX_SEED);
  }

  request() {
    const { type, list, min_score, locked } = this.settings();
    const snapshot = this.editor.snapshot;
    const alternatives = Number(this.el.alternatives.value) || 1;
    const body = {
      type,
      grid: snapshot.rows,
      list,
      options: {
        min_score,
        quality: this.el.quality.value,
        alternatives,
        timeout: Number(this.el.timeout.value) || 30,
        seed: this.seed(),
      },
    };
    if (Object.keys(locked).length) body.locked = locked; // typed entries, kept as typed
    if (body.options.quality === "best") body.options.best_seconds = Number(this.el.bestSeconds.value) || 0;
    if (snapshot.circled.length) body.circled = snapshot.circled;
    if (snapshot.shaded.length) body.shaded = snapshot.shaded;
    if (this.el.form.elements.scope.value === "region") {
      const cells = [...this.selection]
        .map((key) => key.split(",").map(Number))
        .filter(([r, c]) => r < snapshot.rows.length && at(snapshot.rows, r, c) !== BLOCK);
      if (!cells.length) throw new Error("select the cells to fill first (or fill the whole grid)");
      body.region = { cells };
    }
    if (alternatives > 1) body.options.min_difference = this.minDifference(body.region);
    return body;
  }

  /** The entries in which every two fills must differ: the asked share of the entries
   * the fill writes (those with an empty cell, in the region if any), at least one. */
  minDifference(region) {
    const rows = this.editor.snapshot.rows;
    const inRegion = region ? new Set(region.cells.map((cell) => cell.join(","))) : null;
    const open = this.editor.slots.filter(
      (slot) =>
        pattern(rows, slot).includes(EMPTY) && (!inRegion || slot.cells.some((cell) => inRegion.has(cell.join(",")))),
    ).length;
    const share = Math.min(Math.max(Number(this.el.spread.value) || 0, 0), 100) / 100;
    return Math.max(1, Math.ceil(open * share));
  }

  async start() {
    if (this.job) return;
    let body;
    try {
      body = this.request();
    } catch (error) {
      this.report(describe("Autofill not started", error));
      return;
    }
    this.clearResult();
    this.running(true);
    this.el.status.textContent = "Starting the fill…";
    try {
      this.job = await json("/v1/fills", { body });
    } catch (error) {
      this.running(false);
      this.el.status.textContent = "";
      this.report(describe("The fill was refused", error));
      return;
    }
    this.el.status.textContent = `Fill ${this.job.status}…`;
    this.stream = follow(this.job.links.events, (progress) => this.progress(progress));
    let finished;
    try {
      finished = await this.stream.done;
    } catch (error) {
      // The stream broke: ask for the job itself once.
      try {
        finished = await json(`${this.job.links.self}?wait=30`);
      } catch (again) {
        this.report(describe("Lost track of the fill", again));
      }
    }
    this.stream = null;
    this.job = null;
    this.running(false);
    if (finished) this.finished(finished);
  }

  progress(report) {
    if (Array.isArray(report.best)) {
      this.view.overlay.ghost = report.best;
      this.view.render();
    }
    const variables = report.variables || 0;
    const filled = report.best_filled ?? report.filled ?? 0;
    this.el.progress.max = Math.max(variables, 1);
    this.el.progress.value = Math.min(filled, variables);
    const parts = [`${filled} of ${variables} entries`];
    if (report.nodes !== undefined) parts.push(`${report.nodes.toLocaleString()} nodes`);
    if (report.improvements !== undefined) parts.push(`${report.improvements} improvement(s)`);
    if (report.objective) parts.push(`objective ${formatObjective(report.objective)}`);
    if (report.time !== undefined) parts.push(`${report.time.toFixed(1)} s`);
    this.el.status.textContent = `Filling: ${parts.join(", ")}`;
    this.el.status.dataset.state = "running";
  }

  async stop() {
    if (!this.job) return;
    this.el.status.textContent = "Stopping…";
    try {
      await json(this.job.links.cancel, { method: "POST" });
    } catch (error) {
      if (error.status !== 409) this.report(describe("Could not stop the fill", error));
    }
  }

  finished(job) {
    const result = job.result;
    this.el.status.dataset.state = job.status;
    if (job.status === "failed") {
      this.view.overlay.ghost = null;
      this.view.render();
      const error = job.error || {};
      this.el.status.textContent = "";
      this.report(`The fill failed: ${error.message || error.code || "no reason given"}`);
      return;
    }
    const complete = result && Array.isArray(result.grid) && result.grid.every((row) => !row.includes(EMPTY));
    if (!result || !Array.isArray(result.grid)) {
      this.view.overlay.ghost = null;
      this.view.render();
      this.el.status.textContent = job.status === "canceled" ? "Stopped before any fill was found." : "The fill ended without a grid.";
      return;
    }
    const stopped = job.status === "canceled" ? "Stopped. " : "";
    const fills = [result, ...alternativesOf(result)];
    let summary;
    if (result.status === "filled" || result.status === "solved" || complete) {
      summary = `${stopped}Filled${fills.length > 1 ? `, with ${fills.length - 1} alternative(s)` : ""}. Accept to keep it.`;
    } else {
      const written = this.newLetters(result.grid).length;
      summary = written
        ? `${stopped}No complete fill (${result.reason || result.status}); the best partial fill is shown (${written} letter(s)).`
        : `${stopped}No complete fill (${result.reason || result.status}), and no partial fill to show.`;
      if (result.fill_estimate) summary += ` ${estimateText(result.fill_estimate)}`;
      if (!written) {
        this.view.overlay.ghost = null;
        this.view.render();
        this.el.status.textContent = summary;
        return;
      }
    }
    this.fills = fills;
    this.onResult(this.fills);
    this.el.status.textContent = summary;
    this.show(0);
  }

  /** The [r, c, letter] a fill's grid would write into the current grid's open cells. */
  newLetters(grid) {
    const rows = this.editor.snapshot.rows;
    const changes = [];
    grid.forEach((row, r) => {
      [...row].forEach((ch, c) => {
        if (r >= rows.length || ch === EMPTY || ch === BLOCK) return;
        const here = at(rows, r, c);
        if (here !== undefined && here !== BLOCK && here !== ch) changes.push([r, c, ch]);
      });
    });
    return changes;
  }

  show(index) {
    if (!this.fills.length) return;
    this.index = Math.min(Math.max(index, 0), this.fills.length - 1);
    const fill = this.fills[this.index];
    this.view.overlay.ghost = fill.grid;
    this.view.render();
    this.el.accept.disabled = false;
    this.el.discard.disabled = false;
    this.el.previous.disabled = this.index === 0;
    this.el.next.disabled = this.index >= this.fills.length - 1;
    this.el.position.textContent = this.fills.length > 1 ? `Fill ${this.index + 1} of ${this.fills.length}` : "";
    renderQuality(this.el.quality_panel, fill);
  }

  /** Write the shown fill's letters into the grid's open cells (one undo step). */
  accept() {
    const fill = this.fills[this.index];
    if (!fill) return;
    const changes = this.newLetters(fill.grid);
    if (changes.length) this.editor.update({ ...this.editor.snapshot, rows: withCells(this.editor.snapshot.rows, changes) });
    this.el.status.textContent = `Accepted: ${changes.length} letter(s) written.`;
    this.clearResult(false);
  }

  discard() {
    this.el.status.textContent = "Fill discarded.";
    this.clearResult();
  }

  clearResult(clearQuality = true) {
    this.fills = [];
    this.index = 0;
    this.view.overlay.ghost = null;
    this.view.render();
    this.el.accept.disabled = true;
    this.el.discard.disabled = true;
    this.el.previous.disabled = true;
    this.el.next.disabled = true;
    this.el.position.textContent = "";
    if (clearQuality) this.el.quality_panel.replaceChildren();
  }

  running(on) {
    this.el.start.disabled = on;
    this.el.stop.disabled = !on;
    if (on) {
      this.el.progress.removeAttribute("value");
    } else {
      this.el.progress.value = this.el.progress.max;
    }
  }
}

/** A result's other fills, each as {grid, entries?, metrics?}. */
function alternativesOf(result) {
  const found = result.alternatives || [];
  return found.map((fill) => (Array.isArray(fill) ? { grid: fill } : fill)).filter((fill) => Array.isArray(fill.grid));
}

function formatObjective(objective) {
  if (typeof objective !== "object") return String(objective);
  return Object.entries(objective)
    .filter(([, value]) => typeof value === "number" || typeof value === "string")
    .map(([name, value]) => `${name.replaceAll("_", " ")} ${typeof value === "number" ? +value.toFixed(2) : value}`)
    .join(", ");
}

function renderQuality(panel, fill) {
  panel.replaceChildren();
  const add = (tag, text) => {
    const element = document.createElement(tag);
    element.textContent = text;
    panel.append(element);
    return element;
  };
  add("h3", "Fill quality");
  const metrics = fill.metrics || {};
  const quality = metrics.quality || {};
  const facts = [];
  const objective = fill.objective || (fill.stats && fill.stats.objective);
  if (objective) facts.push(["Objective", formatObjective(objective)]);
  if (quality.mean_score !== undefined && quality.mean_score !== null) facts.push(["Mean score", quality.mean_score]);
  if (quality.min_entry) facts.push(["Lowest", `${quality.min_entry} (${quality.min_score})`]);
  if (metrics.difficulty && metrics.difficulty.level) facts.push(["Difficulty", `${metrics.difficulty.level} (${metrics.difficulty.score})`]);
  const duplicates = metrics.duplicates || {};
  const repeated = duplicates.repeated || [];
  const contained = duplicates.contained || [];
  facts.push(["Duplicates", repeated.length || contained.length ? describeDuplicates(repeated, contained) : "none"]);
  const list = document.createElement("dl");
  for (const [name, value] of facts) {
    const term = document.createElement("dt");
    term.textContent = name;
    const detail = document.createElement("dd");
    detail.textContent = value;
    list.append(term, detail);
  }
  panel.append(list);
  const entries = (fill.entries || []).filter((entry) => entry.word && entry.score !== null && entry.score !== undefined);
  if (entries.length) {
    add("h4", "Lowest-scoring entries");
    const lowest = [...entries].sort((a, b) => a.score - b.score).slice(0, 6);
    const ol = document.createElement("ol");
    for (const entry of lowest) {
      const li = document.createElement("li");
      li.textContent = `${entry.number}${entry.direction === "across" ? "A" : "D"} ${entry.word} (${Math.round(entry.score)})`;
      ol.append(li);
    }
    panel.append(ol);
  }
  if (fill.entries) panel.append(taggedEntries(fill.entries));
}

/** The entries whose word carries tags in the list (offensive, sensitive, a curator's own),
 * from each entry's `tags` in the fill's answer. */
function taggedEntries(entries) {
  const tagged = new Map(); // word -> its tags, once per word
  for (const entry of entries) {
    if (entry.word && entry.tags && entry.tags.length) tagged.set(entry.word, entry.tags);
  }
  const box = document.createElement("div");
  box.className = "tagged";
  const heading = document.createElement("h4");
  heading.textContent = "Tagged entries";
  const text = document.createElement("p");
  text.textContent = tagged.size
    ? [...tagged].map(([word, tags]) => `${word} (${tags.join(", ")})`).join("; ")
    : "none";
  box.append(heading, text);
  return box;
}

function describeDuplicates(repeated, contained) {
  const word = (item) => (typeof item === "string" ? item : item.word || JSON.stringify(item));
  const parts = [];
  if (repeated.length) parts.push(`repeated: ${repeated.map(word).join(", ")}`);
  if (contained.length) {
    // each [shorter, longer]
    const pairs = contained.map((pair) => (Array.isArray(pair) ? `${pair[0]} in ${pair[1]}` : word(pair)));
    parts.push(`contained: ${pairs.join(", ")}`);
  }
  return parts.join("; ");
}

/** A failed fill's estimate in words: its verdict (proved empty, or whether fills are
 * likely at the floor) and where the grid is tightest (the answer's `fill_estimate`). */
function estimateText(estimate) {
  const bits = (value) => (value === null ? "no candidate for some slot" : `${value > 0 ? "+" : ""}${value} bits`);
  return (
    `Fill estimate at minimum score ${estimate.min_score}: ${bits(estimate.log2_fills)} (${estimate.verdict}); ` +
    `${bits(estimate.log2_fills_whole_list)} from the whole list. Tightest slots: ${estimate.tightest.join(", ")}.`
  );
}
