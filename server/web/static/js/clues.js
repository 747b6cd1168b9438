// Clue mode: every entry with its answer, an editable clue, and the clue database's
// suggestions (from the fill's answer, else GET /v1/lists/{name}/clues?word=). A clue's
// text is kept under its answer's place (puzzle.clueKey) and each clue edited is one undo
// step of the editor's history.

import { describe, json } from "./api.js";
import { EMPTY, clueKey, pattern } from "./puzzle.js";
import { Tab } from "./tab.js";

const SHOWN = 3;
const AT_ONCE = 4;

export class ClueMode extends Tab {
  constructor({ editor, container, status, settings }) {
    super(150);
    Object.assign(this, { editor, container, status, settings });
    this.known = new Map(); // "list\tWORD" -> [clue text] (or an error message)
    editor.addEventListener("change", (event) => {
      const { reason } = event.detail;
      if (!this.visible || reason === "clue" || reason === "cursor") return;
      if (reason === "undo" || reason === "redo") this.refresh(); // a clue may be back: show it now
      else this.schedule();
    });
    container.addEventListener("input", (event) => {
      const input = event.target.closest("input[data-key]");
      if (!input) return;
      const key = input.dataset.key;
      const clues = { ...this.editor.snapshot.clues, [key]: input.value };
      this.editor.update({ ...this.editor.snapshot, clues }, { reason: "clue", merge: `clue ${key}` });
      this.count();
    });
    container.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-clue]");
      if (!button) return;
      const input = this.container.querySelector(`input[data-slot="${button.dataset.slot}"]`);
      this.editor.merging = null; // a picked clue is a step of its own
      input.value = button.dataset.clue;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
    });
  }

  /** Clue suggestions a fill's answer carried, by word (so no request is needed). */
  learn(fills) {
    const { list } = this.settings();
    for (const fill of fills) {
      for (const entry of fill.entries || []) {
        if (!entry.word || !entry.clues || !entry.clues.length) continue;
        this.known.set(`${list}\t${entry.word}`, entry.clues.map(clueText).filter(Boolean).slice(0, SHOWN));
      }
    }
  }

  refresh() {
    const { rows, clues } = this.editor.snapshot;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.slot : null;
    this.container.replaceChildren();
    const missing = [];
    for (const direction of ["across", "down"]) {
      const heading = document.createElement("h3");
      heading.textContent = direction === "across" ? "Across" : "Down";
      const list = document.createElement("ol");
      list.className = "clue-list";
      for (const slot of this.editor.slots.filter((s) => s.direction === direction)) {
        const answer = pattern(rows, slot);
        const item = document.createElement("li");
        item.dataset.slot = slot.id;
        const label = document.createElement("label");
        const name = document.createElement("span");
        name.className = "clue-id";
        name.textContent = `${slot.number}`;
        const shown = document.createElement("span");
        shown.className = "answer";
        shown.textContent = answer.replaceAll(EMPTY, "·");
        const input = document.createElement("input");
        input.type = "text";
        input.dataset.slot = slot.id;
        input.dataset.key = clueKey(slot);
        input.value = clues[clueKey(slot)] || "";
        input.setAttribute("aria-label", `Clue for ${slot.number} ${direction}, ${answer.includes(EMPTY) ? "answer not complete" : answer}`);
        label.append(name, shown, input);
        const ideas = document.createElement("div");
        ideas.className = "clue-ideas";
        item.append(label, ideas);
        list.append(item);
        if (!answer.includes(EMPTY)) missing.push([answer, ideas, slot.id]);
        else ideas.textContent = "Fill the entry to see clues from the list.";
      }
      this.container.append(heading, list);
    }
    this.count();
    if (focused) {
      const again = this.container.querySelector(`input[data-slot="${focused}"]`);
      if (again) again.focus();
    }
    this.suggest(missing);
  }

  count() {
    const { clues } = this.editor.snapshot;
    const unclued = this.editor.slots.filter((slot) => !(clues[clueKey(slot)] || "").trim()).length;
    this.status.textContent = `${this.editor.slots.length} entries, ${unclued} without a clue.`;
  }

  async suggest(wanted) {
    const { list } = this.settings();
    const queue = [...wanted];
    const worker = async () => {
      while (queue.length) {
        const [word, box, slotId] = queue.shift();
        const key = `${list}\t${word}`;
        if (!this.known.has(key)) {
          try {
            const page = await json(`/v1/lists/${encodeURIComponent(list)}/clues?word=${encodeURIComponent(word)}&limit=${SHOWN}`);
            this.known.set(key, page.clues.map(clueText).filter(Boolean));
          } catch (error) {
            this.known.set(key, describe("Clues not available", error));
          }
        }
        showIdeas(box, this.known.get(key), slotId);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  }
}

function clueText(clue) {
  return typeof clue === "string" ? clue : clue && clue.text ? clue.text : "";
}

function showIdeas(box, ideas, slotId) {
  box.replaceChildren();
  if (typeof ideas === "string") {
    box.textContent = ideas;
    return;
  }
  if (!ideas.length) {
    box.textContent = "No clue in the list for this word.";
    return;
  }
  for (const text of ideas) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "idea";
    button.dataset.clue = text;
    button.dataset.slot = slotId;
    button.textContent = text;
    button.setAttribute("aria-label", `Use clue: ${text}`);
    box.append(button);
  }
}
