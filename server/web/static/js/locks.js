// Complete entries typed in the grid are kept when autofilling and checked as given when
// suggesting: they go out as the API's `locked` option, so a theme entry the word list
// lacks (HOTTAKES) is taken as it is instead of making its slot dead. A toggle per entry
// lets the fill replace one; the choice is kept with the page's settings.

import { EMPTY, BLOCK, pattern } from "./puzzle.js";

export class Locks {
  constructor({ editor, view, toggle, label }) {
    Object.assign(this, { editor, view, toggle, label });
    const released = editor.settings.released;
    this.released = new Set(Array.isArray(released) ? released : []); // "17A:HOTTAKES"
    toggle.addEventListener("change", () => this.set(this.current(), toggle.checked));
    editor.addEventListener("change", () => this.show());
    this.show();
  }

  /** {slot id: word} of every complete entry that is not released. */
  locked() {
    const rows = this.editor.snapshot.rows;
    const found = {};
    for (const slot of this.editor.slots) {
      const word = pattern(rows, slot);
      if (!word.includes(EMPTY) && !word.includes(BLOCK) && !this.released.has(`${slot.id}:${word}`)) {
        found[slot.id] = word;
      }
    }
    return found;
  }

  /** The entry under the cursor when it is complete: {id, word}, else null. */
  current() {
    const slot = this.view.currentSlot();
    if (!slot) return null;
    const word = pattern(this.editor.snapshot.rows, slot);
    return word.includes(EMPTY) ? null : { id: slot.id, word };
  }

  set(entry, keep) {
    if (!entry) return;
    const key = `${entry.id}:${entry.word}`;
    if (keep) this.released.delete(key);
    else this.released.add(key);
    this.editor.setting("released", [...this.released]);
    this.editor.dispatchEvent(new CustomEvent("locks"));
  }

  show() {
    const entry = this.current();
    this.toggle.parentElement.hidden = !entry;
    if (!entry) return;
    this.label.textContent = `${entry.id} ${entry.word}`;
    this.toggle.checked = !this.released.has(`${entry.id}:${entry.word}`);
  }
}
