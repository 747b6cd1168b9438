// A personal word list layered over the chosen one: add, ban and re-score words from the
// page, each change undoable. The list is created on first use, named after the list it
// covers ("my-default-en"), and sent first in every request's `list`, so the shared list
// can be rebuilt without losing a constructor's own words. A ban is an entry tagged
// "banned": it removes the word from the list below.

import { ApiError, describe, json } from "./api.js";

const BANNED = "banned";

export class MyWords extends EventTarget {
  constructor({ form, word, score, status, undo, base }) {
    super();
    this.form = form;
    this.word = word;
    this.score = score;
    this.status = status;
    this.undoButton = undo;
    this.base = base; // () => the chosen list's name
    this.lists = new Map(); // name -> the list's document (GET /v1/lists)
    this.history = []; // {name, word, before: entry or null}
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.change(event.submitter && event.submitter.value === "ban" ? "ban" : "add");
    });
    undo.addEventListener("click", () => this.undo());
    this.show();
  }

  name(base = this.base()) {
    return `my-${base}`;
  }

  /** The request's `list`: the personal list over the chosen one, once it exists. */
  layers(base = this.base()) {
    return this.lists.has(this.name(base)) ? [this.name(base), base] : base;
  }

  /** Remember the server's lists (the answer of GET /v1/lists). */
  know(lists) {
    this.lists = new Map(lists.map((list) => [list.name, list]));
    this.show();
  }

  /** Fill the form with a word (the entry under the cursor). */
  offer(word) {
    if (word && document.activeElement !== this.word) this.word.value = word;
  }

  async ensureList() {
    const name = this.name();
    if (this.lists.has(name)) return name;
    const base = this.lists.get(this.base());
    const body = {
      name,
      alphabet: base ? base.alphabet : "en",
      settings: base ? base.settings : {},
      description: `Words added, banned and re-scored on the construction page, over ${this.base()}`,
    };
    try {
      this.lists.set(name, await json("/v1/lists", { body }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      this.lists.set(name, { name });
    }
    return name;
  }

  async change(kind) {
    const word = this.word.value.trim();
    if (!word) {
      this.status.textContent = "Type a word first.";
      return;
    }
    const score = Math.min(Math.max(Math.round(Number(this.score.value) || 0), 0), 100);
    try {
      const name = await this.ensureList();
      const path = `/v1/lists/${encodeURIComponent(name)}/words/${encodeURIComponent(word)}`;
      const before = await this.entry(path);
      const tags = kind === "ban" ? [BANNED] : [];
      await json(path, { method: "PUT", body: { score, display: word, tags } });
      this.history.push({ path, word, before });
      this.status.textContent = kind === "ban" ? `Banned ${word} in ${name}.` : `${word} scored ${score} in ${name}.`;
      this.changed();
    } catch (error) {
      this.status.textContent = describe(`Could not change ${word}`, error);
    }
  }

  async entry(path) {
    try {
      return await json(path);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  async undo() {
    const last = this.history.pop();
    if (!last) return;
    try {
      if (last.before === null) await json(last.path, { method: "DELETE" });
      else {
        const { score, display, tags, clues, source } = last.before;
        await json(last.path, { method: "PUT", body: { score, display, tags, clues, source: source || undefined } });
      }
      this.status.textContent = `Undid the change to ${last.word}.`;
      this.changed();
    } catch (error) {
      this.history.push(last);
      this.status.textContent = describe(`Could not undo the change to ${last.word}`, error);
    }
  }

  changed() {
    this.show();
    this.dispatchEvent(new CustomEvent("change"));
  }

  show() {
    const name = this.name();
    this.undoButton.disabled = !this.history.length;
    this.form.dataset.list = name;
    this.form.querySelector(".my-list-name").textContent = this.lists.has(name)
      ? `${name} (over ${this.base()})`
      : `${name} (made on first use, over ${this.base()})`;
  }
}
