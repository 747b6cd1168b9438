// Suggestions for the entry under the cursor (POST /v1/suggestions), the grid's health
// from the same answer, and placing a candidate.

import { describe, json } from "./api.js";
import { EMPTY, at, withCells } from "./puzzle.js";

export class Suggestions {
  constructor({ editor, view, settings, list, status, healthToggle, healthSummary, report }) {
    this.editor = editor;
    this.view = view;
    this.settings = settings; // () => {list, min_score}
    this.list = list;
    this.status = status;
    this.healthToggle = healthToggle;
    this.healthSummary = healthSummary;
    this.report = report;
    this.pending = null;
    this.timer = null;
    this.lastKey = "";
    this.health = null;
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

  async refresh(force = false) {
    const slot = this.view.currentSlot();
    const { type, list, min_score } = this.settings();
    const rows = this.editor.snapshot.rows;
    const key = JSON.stringify([rows, slot && slot.id, type, list, min_score]);
    if (key === this.lastKey && !force) return;
    this.lastKey = key;
    if (this.pending) this.pending.abort();
    const pending = new AbortController();
    this.pending = pending;
    const body = { type, grid: rows, list, min_score, limit: 50 };
    if (slot) body.slot = slot.id;
    this.status.textContent = slot ? `Looking for words for ${slot.id}…` : "Checking the grid…";
    const started = performance.now();
    try {
      const answer = await json("/v1/suggestions", { body, signal: pending.signal });
      if (pending !== this.pending) return;
      this.show(answer, slot, performance.now() - started);
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

  show(answer, slot, elapsed) {
    this.health = answer.health;
    this.showHealth();
    this.list.replaceChildren();
    if (!slot || !answer.slot) {
      this.status.textContent = "Put the cursor in an entry to see words for it.";
      return;
    }
    const { id, pattern } = answer.slot;
    const candidates = answer.candidates;
    const shown = candidates.length;
    this.status.textContent = shown
      ? `${id} ${pattern.replaceAll(EMPTY, "·")}: ${answer.total} word${answer.total === 1 ? "" : "s"} keep the grid fillable` +
        (answer.total > shown ? ` (best ${shown} shown)` : "")
      : `${id} ${pattern.replaceAll(EMPTY, "·")}: no word keeps the grid fillable`;
    this.status.dataset.ms = Math.round(elapsed);
    for (const candidate of candidates) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.word = candidate.word;
      button.dataset.slot = id;
      const word = document.createElement("span");
      word.className = "word";
      word.textContent = candidate.display || candidate.word;
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = Math.round(candidate.score);
      button.append(word, score);
      button.setAttribute("aria-label", `${candidate.display || candidate.word}, score ${Math.round(candidate.score)}: place in ${id}`);
      item.append(button);
      this.list.append(item);
    }
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
      summary = dead.length ? `Dead entries (no word fits): ${dead.join(", ")}.` : "Every entry still has a word.";
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
