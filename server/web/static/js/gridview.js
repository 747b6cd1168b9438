// The grid on screen: cells, the cursor and its entry, marks (circles, shading), rebus
// cells, entries of two letters flagged, overlays (health, dead slots, the selected
// region, an autofill's letters), and the keyboard.

import { BLOCK, EMPTY, at, height, isBlock, slotAt, toggleBlock, toggleCell, width, withCells } from "./puzzle.js";

const LETTER = /^\p{L}$/u;

export class GridView {
  constructor(editor, element, input, caption) {
    this.editor = editor;
    this.element = element;
    this.input = input;
    this.caption = caption;
    this.symmetry = "rotational";
    this.clickMode = "letters"; // or "blocks", "select"
    this.overlay = { health: null, dead: new Set(), ghost: null, selection: new Set() };
    this.cells = [];
    this.shape = "";
    element.addEventListener("mousedown", (event) => this.clicked(event));
    input.addEventListener("keydown", (event) => this.keydown(event));
    input.addEventListener("input", () => this.typed());
    input.addEventListener("focus", () => element.classList.add("focused"));
    input.addEventListener("blur", () => element.classList.remove("focused"));
    editor.addEventListener("change", () => this.render());
    new ResizeObserver(() => this.placeInput()).observe(element);
    this.render();
  }

  get rows() {
    return this.editor.snapshot.rows;
  }

  /** The entry under the cursor (in its direction, else the other one), or null. */
  currentSlot() {
    const { r, c, direction } = this.editor.cursor;
    const slots = this.editor.slots;
    return slotAt(slots, r, c, direction) || slotAt(slots, r, c, direction === "across" ? "down" : "across");
  }

  build() {
    const h = height(this.rows);
    const w = width(this.rows);
    this.element.replaceChildren();
    this.element.style.setProperty("--cols", w);
    this.element.style.setProperty("--rows", h);
    this.cells = [];
    for (let r = 0; r < h; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "grid-row";
      const line = [];
      for (let c = 0; c < w; c++) {
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.setAttribute("role", "gridcell");
        cell.dataset.r = r;
        cell.dataset.c = c;
        const number = document.createElement("span");
        number.className = "num";
        const letter = document.createElement("span");
        letter.className = "letter";
        cell.append(number, letter);
        row.append(cell);
        line.push(cell);
      }
      this.element.append(row);
      this.cells.push(line);
    }
    this.shape = `${h}x${w}`;
  }

  render() {
    const rows = this.rows;
    if (this.shape !== `${height(rows)}x${width(rows)}`) this.build();
    const numbers = new Map();
    for (const slot of this.editor.slots) numbers.set(slot.cells[0].join(","), slot.number);
    const current = this.currentSlot();
    const inSlot = new Set(current ? current.cells.map((cell) => cell.join(",")) : []);
    const { r: cr, c: cc } = this.editor.cursor;
    const circled = new Set(this.editor.snapshot.circled.map((cell) => cell.join(",")));
    const shaded = new Set(this.editor.snapshot.shaded.map((cell) => cell.join(",")));
    const rebus = this.editor.snapshot.rebus || {};
    const short = new Set();
    for (const slot of this.editor.slots) {
      if (slot.cells.length === 2) for (const place of slot.cells) short.add(place.join(","));
    }
    const { health, dead, ghost, selection } = this.overlay;
    rows.forEach((row, r) => {
      [...row].forEach((ch, c) => {
        const cell = this.cells[r][c];
        const key = `${r},${c}`;
        const block = ch === BLOCK;
        const letter = block || ch === EMPTY ? "" : rebus[key] || ch;
        const ghostLetter = !letter && ghost && ghost[r] ? [...ghost[r]][c] : null;
        cell.classList.toggle("block", block);
        cell.classList.toggle("cursor", r === cr && c === cc);
        cell.classList.toggle("entry", inSlot.has(key));
        cell.classList.toggle("circled", circled.has(key));
        cell.classList.toggle("shaded", shaded.has(key));
        cell.classList.toggle("selected", selection.has(key));
        cell.classList.toggle("dead", dead.has(key));
        cell.classList.toggle("rebus", Boolean(!block && rebus[key]));
        cell.classList.toggle("short", short.has(key));
        const ghostShown = Boolean(ghostLetter && ghostLetter !== EMPTY && ghostLetter !== BLOCK);
        cell.classList.toggle("ghost", ghostShown);
        cell.children[0].textContent = numbers.get(key) || "";
        cell.children[1].textContent = letter || (ghostShown ? ghostLetter : "");
        const possible = health && !block && health[r] ? health[r][c] : null;
        if (possible !== null && possible !== undefined && !letter) {
          cell.dataset.possible = possible.length;
          cell.style.setProperty("--heat", Math.min(possible.length, 26) / 26);
        } else {
          delete cell.dataset.possible;
          cell.style.removeProperty("--heat");
        }
        const marks = [circled.has(key) && "circled", shaded.has(key) && "shaded", short.has(key) && "in a two-letter entry"];
        cell.setAttribute("aria-label", describeCell(r, c, letter || ch, numbers.get(key), marks.filter(Boolean)));
        cell.setAttribute("aria-selected", r === cr && c === cc ? "true" : "false");
      });
    });
    this.element.classList.toggle("show-health", Boolean(health));
    this.placeInput();
    this.caption.textContent = current
      ? `${current.number} ${current.direction}, ${current.cells.length} letters`
      : isBlock(rows, cr, cc)
        ? "a block"
        : "no entry here";
    this.input.setAttribute(
      "aria-label",
      `Grid cell, row ${cr + 1} column ${cc + 1}` + (current ? `, ${current.number} ${current.direction}` : ""),
    );
  }

  placeInput() {
    const { r, c } = this.editor.cursor;
    const cell = this.cells[r] && this.cells[r][c];
    if (!cell) return;
    this.input.style.left = `${cell.offsetLeft}px`;
    this.input.style.top = `${cell.offsetTop}px`;
    this.input.style.width = `${cell.offsetWidth}px`;
    this.input.style.height = `${cell.offsetHeight}px`;
  }

  focus() {
    this.input.focus({ preventScroll: true });
  }

  clicked(event) {
    const cell = event.target.closest(".cell");
    if (!cell) return;
    event.preventDefault(); // keep the focus on the input
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    const { cursor } = this.editor;
    if (this.clickMode === "blocks") {
      this.editor.cursor = { ...cursor, r, c };
      this.editor.update({ ...this.editor.snapshot, rows: toggleBlock(this.rows, r, c, this.symmetry) });
    } else if (this.clickMode === "select") {
      this.dispatchSelect([[r, c]]);
      this.editor.moveTo(r, c);
    } else if (cursor.r === r && cursor.c === c) {
      this.editor.moveTo(r, c, cursor.direction === "across" ? "down" : "across");
    } else {
      this.editor.moveTo(r, c);
    }
    this.focus();
  }

  dispatchSelect(cells) {
    this.element.dispatchEvent(new CustomEvent("select-cells", { detail: { cells } }));
  }

  keydown(event) {
    const { r, c, direction } = this.editor.cursor;
    const key = event.key;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && (key === "z" || key === "Z")) {
      event.preventDefault();
      if (event.shiftKey) this.editor.redo();
      else this.editor.undo();
      return;
    }
    if (ctrl && (key === "y" || key === "Y")) {
      event.preventDefault();
      this.editor.redo();
      return;
    }
    if (ctrl || event.altKey) return;
    const moves = { ArrowLeft: [0, -1, "across"], ArrowRight: [0, 1, "across"], ArrowUp: [-1, 0, "down"], ArrowDown: [1, 0, "down"] };
    if (key in moves) {
      event.preventDefault();
      const [dr, dc, axis] = moves[key];
      if (axis !== direction) this.editor.moveTo(r, c, axis);
      else this.editor.moveTo(r + dr, c + dc, axis);
    } else if (key === "Tab") {
      event.preventDefault();
      this.nextSlot(event.shiftKey ? -1 : 1);
    } else if (key === " ") {
      event.preventDefault();
      this.editor.moveTo(r, c, direction === "across" ? "down" : "across");
    } else if (key === "Backspace") {
      event.preventDefault();
      this.backspace();
    } else if (key === "Delete") {
      event.preventDefault();
      this.write(r, c, EMPTY);
    } else if (key === "." || key === "#") {
      event.preventDefault();
      this.editor.update({ ...this.editor.snapshot, rows: toggleBlock(this.rows, r, c, this.symmetry) });
    } else if (key === "Insert") {
      event.preventDefault();
      this.element.dispatchEvent(new CustomEvent("rebus-request"));
    } else if (key === "Escape") {
      event.preventDefault();
      this.input.blur();
      document.querySelector('[role="tab"][aria-selected="true"]').focus();
    } else if (LETTER.test(key)) {
      event.preventDefault();
      this.letter(key);
    }
  }

  /** Letters from a virtual keyboard, which sends no usable key codes. */
  typed() {
    const text = this.input.value;
    this.input.value = "";
    const letters = [...text].filter((ch) => LETTER.test(ch));
    for (const ch of letters) this.letter(ch);
  }

  letter(ch) {
    const { r, c } = this.editor.cursor;
    if (isBlock(this.rows, r, c)) return;
    const slot = this.currentSlot();
    this.write(r, c, ch.toLocaleUpperCase());
    if (!slot) return;
    const index = slot.cells.findIndex(([sr, sc]) => sr === r && sc === c);
    const next = slot.cells[index + 1];
    if (next) this.editor.moveTo(next[0], next[1], slot.direction);
  }

  backspace() {
    const { r, c } = this.editor.cursor;
    if (!isBlock(this.rows, r, c) && at(this.rows, r, c) !== EMPTY) {
      this.write(r, c, EMPTY);
      return;
    }
    const slot = this.currentSlot();
    if (!slot) return;
    const index = slot.cells.findIndex(([sr, sc]) => sr === r && sc === c);
    const previous = slot.cells[index - 1];
    if (previous) {
      this.editor.moveTo(previous[0], previous[1], slot.direction);
      this.write(previous[0], previous[1], EMPTY);
    }
  }

  /** Write one letter (or EMPTY) into a cell; a rebus there gives way to it. */
  write(r, c, ch) {
    const key = `${r},${c}`;
    const rebus = { ...(this.editor.snapshot.rebus || {}) };
    if (isBlock(this.rows, r, c) || (at(this.rows, r, c) === ch && !rebus[key])) return;
    delete rebus[key];
    this.editor.update({ ...this.editor.snapshot, rows: withCells(this.rows, [[r, c, ch]]), rebus });
  }

  /** Put several letters in the cursor's cell (one letter: a plain cell; none: empty). */
  writeRebus(text) {
    const { r, c } = this.editor.cursor;
    const letters = [...text.toLocaleUpperCase()].filter((ch) => LETTER.test(ch));
    if (isBlock(this.rows, r, c)) return false;
    if (letters.length < 2) {
      this.write(r, c, letters[0] || EMPTY);
      return true;
    }
    const rebus = { ...(this.editor.snapshot.rebus || {}), [`${r},${c}`]: letters.join("") };
    this.editor.update({ ...this.editor.snapshot, rows: withCells(this.rows, [[r, c, letters[0]]]), rebus });
    return true;
  }

  /** Circle or shade the cursor's cell, or take the mark off (mark: "circled" or "shaded"). */
  toggleMark(mark) {
    const { r, c } = this.editor.cursor;
    if (isBlock(this.rows, r, c)) return;
    this.editor.update({ ...this.editor.snapshot, [mark]: toggleCell(this.editor.snapshot[mark], r, c) });
  }

  /** Tab: the first empty cell (else the first cell) of the next entry, across then down. */
  nextSlot(step) {
    const all = this.editor.slots;
    if (!all.length) return;
    const current = this.currentSlot();
    const index = current ? all.findIndex((slot) => slot.id === current.id) : -1;
    const next = all[(index + step + all.length) % all.length];
    const empty = next.cells.find(([sr, sc]) => at(this.rows, sr, sc) === EMPTY) || next.cells[0];
    this.editor.moveTo(empty[0], empty[1], next.direction);
  }
}

function describeCell(r, c, ch, number, marks) {
  const where = `row ${r + 1}, column ${c + 1}`;
  const label = number ? `${number}, ` : "";
  const noted = marks.length ? `, ${marks.join(", ")}` : "";
  if (ch === BLOCK) return `${where}: block`;
  if (ch === EMPTY) return `${label}${where}: empty${noted}`;
  return `${label}${where}: ${ch}${noted}`;
}
