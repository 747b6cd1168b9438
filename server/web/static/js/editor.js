// The editing session: the current snapshot, undo and redo, the cursor, and the
// browser's local storage, so a reload loses nothing.

import { blank, slots } from "./puzzle.js";

const STORAGE_KEY = "crossforge.construct.v1";
const HISTORY_LIMIT = 500;

export class Editor extends EventTarget {
  constructor() {
    super();
    this.undoStack = [];
    this.redoStack = [];
    const saved = load();
    this.snapshot = saved ? saved.snapshot : blank(15, 15);
    this.settings = saved ? saved.settings : {};
    this.cursor = saved && saved.cursor ? saved.cursor : { r: 0, c: 0, direction: "across" };
    this.slots = slots(this.snapshot.rows);
    this.clampCursor();
  }

  /** Replace the snapshot; record it for undo unless told otherwise. */
  update(next, { record = true, reason = "edit" } = {}) {
    if (record) {
      this.undoStack.push(this.snapshot);
      if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
      this.redoStack = [];
    }
    this.snapshot = next;
    this.slots = slots(next.rows);
    this.clampCursor();
    this.changed(reason);
  }

  /** Start over with another puzzle (a new grid, an opened file); undo brings the old back. */
  replace(next) {
    this.update(next, { reason: "replace" });
    this.cursor = { r: 0, c: 0, direction: "across" };
    this.changed("cursor");
  }

  undo() {
    return this.travel(this.undoStack, this.redoStack, "undo");
  }

  redo() {
    return this.travel(this.redoStack, this.undoStack, "redo");
  }

  /** Go back to the top of one stack, keeping the current snapshot on the other. */
  travel(from, to, reason) {
    if (!from.length) return false;
    to.push(this.snapshot);
    this.snapshot = from.pop();
    this.slots = slots(this.snapshot.rows);
    this.clampCursor();
    this.changed(reason);
    return true;
  }

  moveTo(r, c, direction = this.cursor.direction) {
    this.cursor = { r, c, direction };
    this.clampCursor();
    this.changed("cursor");
  }

  setting(name, value) {
    this.settings = { ...this.settings, [name]: value };
    save(this);
  }

  clampCursor() {
    const h = this.snapshot.rows.length;
    const w = [...this.snapshot.rows[0]].length;
    this.cursor = {
      ...this.cursor,
      r: Math.min(Math.max(this.cursor.r, 0), h - 1),
      c: Math.min(Math.max(this.cursor.c, 0), w - 1),
    };
  }

  changed(reason) {
    save(this);
    this.dispatchEvent(new CustomEvent("change", { detail: { reason } }));
  }
}

function save(editor) {
  try {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ snapshot: editor.snapshot, cursor: editor.cursor, settings: editor.settings }),
    );
  } catch (_) {
    // storage full or disabled: the page still works, it just will not survive a reload
  }
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
    if (saved && saved.snapshot && Array.isArray(saved.snapshot.rows) && saved.snapshot.rows.length) {
      return saved;
    }
  } catch (_) {
    // unreadable: start afresh
  }
  return null;
}
