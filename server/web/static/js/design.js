// Design mode: theme entries in, filled grids out (POST /v1/designs), one to load.

import { describe, follow, json } from "./api.js";
import { fromDocument } from "./puzzle.js";

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

  /** The designs of a finished job, best first, each a button loading it into the grid. */
  show(result) {
    const designs = (result && result.designs) || [];
    this.el.status.textContent = designs.length
      ? `${designs.length} design(s), best first`
      : `No design: ${(result && result.reason) || "the job ended without a result"}`;
    this.el.list.replaceChildren(
      ...designs.map((design, n) => {
        const stats = design.statistics;
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = `Design ${n + 1}: ${stats.words} words, ${stats.blocks} blocks, ${stats.cheaters} cheaters`;
        button.addEventListener("click", () =>
          this.editor.replace(fromDocument({ grid: design.grid, circled: design.circled, shaded: design.shaded })),
        );
        const item = document.createElement("li");
        item.append(button);
        return item;
      }),
    );
  }
}
