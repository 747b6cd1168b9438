// Suggestions for the entry under the cursor (POST /v1/suggestions), the grid's health
// from the same answer, and placing a candidate. Each candidate is then checked in the
// background by a bounded search for a complete fill through it, one word at a time,
// and marked fillable, dead end (sunk to the bottom) or not yet known.

import { describe, json } from "./api.js";
import { EMPTY, at, withCells } from "./puzzle.js";

const FIRST_SECONDS = 0.1; // the first answer: what the server knows by then
const VERIFY_SECONDS = 1.0; // each candidate's search for a complete fill
const MARKS = {
  true: ["fillable", "✓", "fills"],
  false: ["dead", "✗", "dead end: no fill through it"],
  null: ["unknown", "?", "not yet known"],
};

export class Suggestions {
  constructor({ editor, view, settings, list, status, healthToggle, healthSummary, report }) {
    // settings: () => {type, list, min_score, locked}
    Object.assign(this, { editor, view, settings, list, status, healthToggle, healthSummary, report });
    this.pending = null;
    this.timer = null;
    this.lastKey = "";
    this.health = null;
    this.shown = null; // {slot, pattern, total, candidates: [{word, display, score, fillable}]}
    editor.addEventListener("change", () => this.schedule());
    healthToggle.addEventListener("change", () => this.showHealth());
    list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-word]");
      if (button) this.place(button.dataset.word, button.dataset.slot);
    });
  }

  /** Ask again soon after a change (keystrokes in a burst make one request). */
  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), 15);
  }

  request(extra = {}) {
    const { type, list, min_score, locked } = this.settings();
    const body = { type, grid: this.editor.snapshot.rows, list, min_score, ...extra };
    if (locked && Object.keys(locked).length) body.locked = locked;
    return body;
  }

  async refresh(force = false) {
    const slot = this.view.currentSlot();
    const settings = this.settings();
    const rows = this.editor.snapshot.rows;
    const key = JSON.stringify([rows, slot && slot.id, settings]);
    if (key === this.lastKey && !force) return;
    this.lastKey = key;
    if (this.pending) this.pending.abort(); // the server stops a request it sees abandoned
    const pending = new AbortController();
    this.pending = pending;
    const body = this.request({ limit: 50, options: { timeout: FIRST_SECONDS } });
    if (slot) body.slot = slot.id;
    this.status.textContent = slot ? `Looking for words for ${slot.id}…` : "Checking the grid…";
    const started = performance.now();
    try {
      const answer = await json("/v1/suggestions", { body, signal: pending.signal });
      if (pending !== this.pending) return;
      this.show(answer, slot, performance.now() - started);
      if (slot && answer.slot) await this.verifyAll(pending, answer.slot.id);
    } catch (error) {
      if (error.name === "AbortError" || pending !== this.pending) return;
      this.lastKey = "";
      this.list.replaceChildren();
      this.status.textContent = describe("No suggestions", error);
      this.health = null;
      this.showHealth();
    } finally {
      if (pending === this.pending) this.pending = null;
    }
  }

  /** Check each shown candidate, best first, by a bounded search for a complete fill with
   * the word placed; stops when the grid changes (the request is aborted). */
  async verifyAll(pending, slotId) {
    const slot = this.editor.slots.find((s) => s.id === slotId);
    if (!slot) return;
    const queue = this.shown.candidates.filter((candidate) => candidate.fillable === null);
    for (const candidate of queue) {
      const rows = withCells(
        this.editor.snapshot.rows,
        slot.cells.map(([r, c], i) => [r, c, [...candidate.word][i]]),
      );
      const body = this.request({ grid: rows, slot: slotId, limit: 1, verify: true });
      body.options = { timeout: VERIFY_SECONDS };
      const answer = await json("/v1/suggestions", { body, signal: pending.signal });
      if (pending !== this.pending) return;
      const found = answer.candidates.find((c) => c.word === candidate.word);
      candidate.fillable = found ? found.fillable : false; // none: propagation refutes it
      this.draw();
    }
  }

  show(answer, slot, elapsed) {
    this.health = answer.health;
    this.shown = null;
    this.showHealth();
    this.list.replaceChildren();
    if (!slot || !answer.slot) {
      this.status.textContent = "Put the cursor in an entry to see words for it.";
      return;
    }
    this.shown = {
      slot: answer.slot.id,
      pattern: answer.slot.pattern.replaceAll(EMPTY, "·"),
      total: answer.total,
      exact: answer.total_exact,
      candidates: answer.candidates.map((c) => ({
        word: c.word,
        display: c.display || c.word,
        score: c.score,
        fillable: c.viable === false ? false : null,
      })),
    };
    this.status.dataset.ms = Math.round(elapsed);
    this.draw();
  }

  /** The candidates, dead ends last, each with its mark; the status line's counts. */
  draw() {
    const { slot, pattern, total, exact, candidates } = this.shown;
    const counts = { true: 0, false: 0, null: 0 };
    for (const candidate of candidates) counts[candidate.fillable] += 1;
    const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
    let text = `${slot} ${pattern}: `;
    if (!candidates.length) text += "no word fits the crossings";
    else {
      text += `${exact ? "" : "about "}${plural(total, "word")} fit the crossings`;
      text += `; of the ${candidates.length} shown, ${counts.true} fillable, ${plural(counts.false, "dead end")}`;
      text += counts.null ? `, ${counts.null} not yet known` : ", all checked";
    }
    this.status.textContent = text;
    const ordered = [...candidates.filter((c) => c.fillable !== false), ...candidates.filter((c) => c.fillable === false)];
    this.list.replaceChildren(
      ...ordered.map((candidate) => {
        const [name, sign, meaning] = MARKS[candidate.fillable];
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = name;
        button.dataset.word = candidate.word;
        button.dataset.slot = slot;
        button.dataset.fillable = name;
        const mark = document.createElement("span");
        mark.className = "mark";
        mark.textContent = sign;
        mark.title = meaning;
        const word = document.createElement("span");
        word.className = "word";
        word.textContent = candidate.display;
        const score = document.createElement("span");
        score.className = "score";
        score.textContent = Math.round(candidate.score);
        button.append(mark, word, score);
        button.setAttribute("aria-label", `${candidate.display}, score ${Math.round(candidate.score)}, ${meaning}: place in ${slot}`);
        item.append(button);
        return item;
      }),
    );
    this.showHealth();
  }

  showHealth() {
    const on = this.healthToggle.checked;
    const health = this.health;
    this.view.overlay.health = on && health ? health.cells : null;
    this.view.overlay.dead = new Set();
    let summary = "";
    if (health) {
      const dead = health.dead_slots || [];
      for (const id of dead) {
        const slot = this.editor.slots.find((s) => s.id === id);
        if (slot) for (const cell of slot.cells) this.view.overlay.dead.add(cell.join(","));
      }
      const shown = this.shown;
      const allDead = shown && shown.exact && shown.candidates.length === shown.total && shown.candidates.length && shown.candidates.every((c) => c.fillable === false);
      if (dead.length) summary = `No fill: ${dead.join(", ")} ${dead.length === 1 ? "has" : "have"} no word that fits the crossings.`;
      else if (allDead) summary = `No fill: every word that fits ${shown.slot} is a dead end.`;
      else summary = "Every entry has a word that fits its crossings (not yet a proof that the grid fills).";
      if (health.forced && health.forced.length) summary += ` ${health.forced.length} letter(s) forced.`;
    }
    this.healthSummary.textContent = summary;
    this.view.render();
  }

  /** Write a candidate into its slot (one undo step), keeping the cursor where it is. */
  place(word, slotId) {
    const slot = this.editor.slots.find((s) => s.id === slotId);
    const letters = [...word];
    if (!slot || letters.length !== slot.cells.length) {
      this.report(`The grid changed: ${word} no longer fits ${slotId}.`);
      return;
    }
    const rows = this.editor.snapshot.rows;
    const changes = slot.cells
      .map(([r, c], i) => [r, c, letters[i]])
      .filter(([r, c, ch]) => at(rows, r, c) !== ch);
    this.editor.update({ ...this.editor.snapshot, rows: withCells(rows, changes) });
    this.view.focus();
  }
}
