// Design mode: theme entries in, filled grids out (POST /v1/designs), one to load.

import { describe, follow, json } from "./api.js";
import { fromDocument } from "./puzzle.js";

/** Why an unfilled pattern is unfilled, by its fill status. */
const UNFILLED = {
  unsatisfiable: "no fill from the list",
  gave_up: "fill ran out of time",
  not_tried: "not filled yet",
};

/** The Design tab: a form for the request, the job's progress, the designs found. */
export class DesignMode {
  constructor(editor, settings, report, root) {
    this.editor = editor;
    this.settings = settings;
    this.report = report;
    this.el = Object.fromEntries(
      ["form", "theme", "rows", "cols", "max-words", "count", "timeout", "start", "status", "list"].map(
        (name) => [name.replace("-", "_"), root.querySelector(`#design-${name}`)],
      ),
    );
    this.el.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.start();
    });
  }

  /** The request of the form: the theme one answer a line, a line ending in '!' a revealer. */
  request() {
    const theme = this.el.theme.value
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => (line.endsWith("!") ? { answer: line.slice(0, -1).trim(), revealer: true } : line));
    const { type, list, min_score } = this.settings();
    const body = {
      type,
      size: [Number(this.el.rows.value), Number(this.el.cols.value)],
      theme,
      symmetry: document.getElementById("symmetry").value,
      count: Number(this.el.count.value) || 1,
      options: { list, min_score, timeout: Number(this.el.timeout.value) || 60 },
    };
    if (this.el.max_words.value) body.max_words = Number(this.el.max_words.value);
    return body;
  }

  async start() {
    this.el.start.disabled = true;
    this.el.list.replaceChildren();
    this.el.status.textContent = "Designing…";
    try {
      const job = await json("/v1/designs", { body: this.request() });
      const { done } = follow(job.links.events, (report) => {
        this.el.status.textContent = `Designing: ${report.phase || ""} ${report.designs ?? ""}`.trim();
      });
      this.show((await done).result);
    } catch (error) {
      this.el.status.textContent = "";
      this.report(describe("Could not design", error));
    } finally {
      this.el.start.disabled = false;
    }
  }

  /** The designs of a finished job, best first, each a button loading it into the grid;
   * without a design, the best unfilled patterns (theme letters in place) likewise. */
  show(result) {
    const designs = (result && result.designs) || [];
    const patterns = (result && result.patterns) || [];
    this.el.status.textContent = designs.length
      ? `${designs.length} design(s), best first`
      : `No design: ${(result && result.reason) || "the job ended without a result"}` +
        (patterns.length ? ". The best patterns, unfilled, to finish by hand:" : "");
    const item = (label, found) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.addEventListener("click", () =>
        this.editor.replace(fromDocument({ grid: found.grid, circled: found.circled, shaded: found.shaded })),
      );
      const entry = document.createElement("li");
      entry.append(button);
      return entry;
    };
    const figures = (stats) => `${stats.words} words, ${stats.blocks} blocks, ${stats.cheaters} cheaters`;
    this.el.list.replaceChildren(
      ...designs.map((design, n) => item(`Design ${n + 1}: ${figures(design.statistics)}`, design)),
      ...(designs.length
        ? []
        : patterns.map((pattern, n) =>
            item(`Pattern ${n + 1} (${UNFILLED[pattern.fill_status]}): ${figures(pattern.statistics)}`, pattern),
          )),
    );
  }
}
