// The editing session: the current snapshot, one undo history for letters, blocks,
// marks and clues, the cursor, and the browser's local storage (history included, the
// newest steps first when it runs short), so a reload loses nothing.

import { blank, cluesByPlace, slots } from "./puzzle.js";

const STORAGE_KEY = "crossforge.construct.v1";
const HISTORY_LIMIT = 500;
const STORED_HISTORY = [200, 50, 10, 0]; // steps kept across a reload, fewer when storage is full

export class Editor extends EventTarget {
  constructor() {
    super();
    const saved = load();
    this.undoStack = saved && Array.isArray(saved.undo) ? saved.undo.map(upgrade) : [];
    this.redoStack = saved && Array.isArray(saved.redo) ? saved.redo.map(upgrade) : [];
    this.merging = null; // the key of the edit that further typing joins (one clue's text)
    this.snapshot = saved ? upgrade(saved.snapshot) : blank(15, 15);
    this.settings = saved ? saved.settings : {};
    this.cursor = saved && saved.cursor ? saved.cursor : { r: 0, c: 0, direction: "across" };
    this.slots = slots(this.snapshot.rows);
    this.clampCursor();
  }

  /** Replace the snapshot; record it for undo unless told otherwise. Successive updates
   * with the same ``merge`` key (the keystrokes of one clue) make one undo step. */
  update(next, { record = true, reason = "edit", merge = null } = {}) {
    const joins = merge !== null && merge === this.merging;
    this.merging = merge;
    if (record && !joins) {
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
    this.merging = null;
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
  const state = { snapshot: editor.snapshot, cursor: editor.cursor, settings: editor.settings };
  for (const steps of STORED_HISTORY) {
    try {
      const undo = steps ? editor.undoStack.slice(-steps) : [];
      const redo = steps ? editor.redoStack.slice(-steps) : [];
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...state, undo, redo }));
      return;
    } catch (_) {
      // storage full: try again with less history
    }
  }
  // storage disabled: the page still works, it just will not survive a reload
}

/** A snapshot saved by an older page: rebus cells added, clues keyed by slot id re-keyed
 * by place. */
function upgrade(snapshot) {
  const clues = snapshot.clues || {};
  const byId = Object.keys(clues).some((key) => /^\d+[AD]$/.test(key));
  return {
    ...snapshot,
    circled: snapshot.circled || [],
    shaded: snapshot.shaded || [],
    rebus: snapshot.rebus || {},
    clues: byId ? cluesByPlace(snapshot.rows, clues) : clues,
  };
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
