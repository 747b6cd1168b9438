// The puzzle being built: grid rows ('#' block, '.' empty, letters), marks, rebus cells,
// clues and metadata, kept as plain immutable snapshots so undo, redo and storage are
// copies. Clues are keyed by their answer's place (start cell, direction, length), not by
// entry number, so a renumbering never moves a clue to another answer.

export const BLOCK = "#";
export const EMPTY = ".";

/** A new snapshot: an empty grid of height x width. */
export function blank(height, width) {
  return {
    rows: Array.from({ length: height }, () => EMPTY.repeat(width)),
    circled: [],
    shaded: [],
    rebus: {},
    clues: {},
    title: "",
    author: "",
  };
}

/** A snapshot from the JSON form of a puzzle (what POST /v1/grids/parse answers). */
export function fromDocument(document) {
  const rows = [...document.grid];
  return {
    rows,
    circled: document.circled || [],
    shaded: document.shaded || [],
    rebus: Object.fromEntries((document.rebus || []).map(([r, c, text]) => [`${r},${c}`, text])),
    clues: cluesByPlace(rows, document.clues || {}),
    title: document.title || "",
    author: document.author || "",
  };
}

/** The JSON form the API takes (POST /v1/grids/render.{fmt}, /v1/grids/stats): the
 * clues of live slots by slot id, rebus cells as [row, col, text]. */
export function toDocument(snapshot) {
  const clues = {};
  for (const [id, text] of Object.entries(cluesById(snapshot))) {
    if (text.trim()) clues[id] = text.trim();
  }
  const rebus = Object.entries(snapshot.rebus || {})
    .map(([key, text]) => [...key.split(",").map(Number), text])
    .filter(([r, c]) => r < height(snapshot.rows) && c < width(snapshot.rows) && !isBlock(snapshot.rows, r, c));
  return {
    grid: snapshot.rows,
    circled: snapshot.circled,
    shaded: snapshot.shaded,
    rebus,
    clues,
    title: snapshot.title,
    author: snapshot.author,
  };
}

/** Where a slot's clue is kept: its start cell, direction and length. */
export function clueKey(slot) {
  const [r, c] = slot.cells[0];
  return `${r},${c},${slot.direction === "across" ? "A" : "D"},${slot.cells.length}`;
}

/** The clues of the grid's live slots, by slot id ("1A"); clues of places that are no
 * longer an entry stay in the snapshot (an undo may bring their entry back). */
export function cluesById(snapshot) {
  const byId = {};
  for (const slot of slots(snapshot.rows)) {
    const text = snapshot.clues[clueKey(slot)];
    if (text) byId[slot.id] = text;
  }
  return byId;
}

/** Clues given by slot id (a file, an older saved page) keyed by place instead. */
export function cluesByPlace(rows, byId) {
  const clues = {};
  for (const slot of slots(rows)) {
    if (byId[slot.id]) clues[clueKey(slot)] = byId[slot.id];
  }
  return clues;
}

export const height = (rows) => rows.length;
export const width = (rows) => (rows.length ? [...rows[0]].length : 0);

/** The cell's character: '#', '.' or a letter. Rows are split by code point. */
export function at(rows, r, c) {
  return [...rows[r]][c];
}

export const isBlock = (rows, r, c) => at(rows, r, c) === BLOCK;

/** Rows with cells changed: changes is a list of [r, c, character]. */
export function withCells(rows, changes) {
  const grid = rows.map((row) => [...row]);
  for (const [r, c, ch] of changes) grid[r][c] = ch;
  return grid.map((row) => row.join(""));
}

/** Cells [[r, c], ...] with (r, c) added, or taken out when it was there (circles, shading). */
export function toggleCell(cells, r, c) {
  const kept = cells.filter(([cr, cc]) => cr !== r || cc !== c);
  return kept.length === cells.length ? [...cells, [r, c]] : kept;
}

/** The cell paired with (r, c) under a symmetry: rotational, mirror or none. */
export function twin(rows, r, c, symmetry) {
  const h = height(rows);
  const w = width(rows);
  if (symmetry === "rotational") return [h - 1 - r, w - 1 - c];
  if (symmetry === "mirror") return [r, w - 1 - c];
  return [r, c];
}

/** Rows with (r, c) turned into a block, or back into an empty cell, with its twin. */
export function toggleBlock(rows, r, c, symmetry) {
  const next = isBlock(rows, r, c) ? EMPTY : BLOCK;
  const [tr, tc] = twin(rows, r, c, symmetry);
  return withCells(rows, [
    [r, c, next],
    [tr, tc, next],
  ]);
}

/**
 * Every slot (a run of two or more open cells), numbered as printed grids number them:
 * {id: "17A", number, direction: "across"|"down", cells: [[r, c], ...]}, across first.
 */
export function slots(rows) {
  const h = height(rows);
  const w = width(rows);
  const grid = rows.map((row) => [...row]);
  const open = (r, c) => r >= 0 && c >= 0 && r < h && c < w && grid[r][c] !== BLOCK;
  const found = [];
  let number = 0;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (!open(r, c)) continue;
      const across = !open(r, c - 1) && open(r, c + 1);
      const down = !open(r - 1, c) && open(r + 1, c);
      if (!across && !down) continue;
      number += 1;
      for (const [direction, dr, dc, starts] of [
        ["across", 0, 1, across],
        ["down", 1, 0, down],
      ]) {
        if (!starts) continue;
        const cells = [];
        for (let rr = r, cc = c; open(rr, cc); rr += dr, cc += dc) cells.push([rr, cc]);
        found.push({ id: `${number}${direction === "across" ? "A" : "D"}`, number, direction, cells });
      }
    }
  }
  return found.sort((a, b) => (a.direction === b.direction ? a.number - b.number : a.direction === "across" ? -1 : 1));
}

/** The slot of a direction through (r, c), or null. */
export function slotAt(allSlots, r, c, direction) {
  return (
    allSlots.find((slot) => slot.direction === direction && slot.cells.some(([sr, sc]) => sr === r && sc === c)) ||
    null
  );
}

/** The letters of a slot with '.' for empty cells. */
export function pattern(rows, slot) {
  return slot.cells.map(([r, c]) => at(rows, r, c)).join("");
}
