// The Statistics tab: the grid's figures as the server computes them for
// `crossforge grid stats` (POST /v1/grids/stats), asked again after each change while shown.

import { describe, json } from "./api.js";
import { toDocument } from "./puzzle.js";
import { Tab } from "./tab.js";

const FIGURES = [
  ["entries", "Words"],
  ["across", "Across"],
  ["down", "Down"],
  ["mean_length", "Average length"],
  ["blocks", "Blocks"],
  ["block_percent", "Blocks (%)"],
  ["open_cells", "Open cells"],
  ["unchecked_cells", "Unchecked cells"],
  ["checked_percent", "Checked (%)"],
  ["two_letter_entries", "Two-letter entries"],
  ["regions", "Regions"],
  ["complexity", "Generation complexity"],
];

export class GridStats extends Tab {
  constructor({ editor, status, figures, letters }) {
    super(200);
    Object.assign(this, { editor, status, figures, letters });
    this.asked = 0; // the latest request's number: older answers are dropped
    editor.addEventListener("change", (event) => {
      if (this.visible && event.detail.reason !== "cursor") this.schedule();
    });
  }

  async refresh() {
    const number = ++this.asked;
    this.status.textContent = "Counting…";
    let stats;
    try {
      stats = await json("/v1/grids/stats", { body: toDocument(this.editor.snapshot) });
    } catch (error) {
      if (number === this.asked) this.status.textContent = describe("No statistics", error);
      return;
    }
    if (number !== this.asked) return;
    this.status.textContent = `${stats.height}x${stats.width} grid.`;
    this.figures.replaceChildren();
    for (const [name, label] of FIGURES) {
      const value = stats[name];
      const term = document.createElement("dt");
      term.textContent = label;
      const detail = document.createElement("dd");
      detail.dataset.figure = name;
      detail.textContent = Array.isArray(value) ? (value.length ? `${value.length}: ${value.join(", ")}` : "none") : String(value);
      this.figures.append(term, detail);
    }
    this.letters.replaceChildren(
      ...Object.entries(stats.letters).map(([letter, count]) => {
        const item = document.createElement("li");
        item.dataset.letter = letter;
        item.textContent = `${letter} ${count}`;
        return item;
      }),
    );
    if (!this.letters.children.length) this.letters.textContent = "No letters yet.";
  }
}
