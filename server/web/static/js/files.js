// Files: open a puzzle file (POST /v1/grids/parse), start from a library grid
// (GET /v1/grids/library), download the current puzzle or its blank grid
// (POST /v1/grids/render.{fmt}), print.

import { describe, file, json, upload } from "./api.js";
import { cluesById, fromDocument, toDocument } from "./puzzle.js";

/** Fill a select with the library's grids (value: the name); resolves to them by name. */
export async function loadTemplates(select, report) {
  try {
    const { grids } = await json("/v1/grids/library");
    for (const found of grids) {
      const option = new Option(`${found.name} (${found.height}x${found.width}): ${found.description}`, found.name);
      select.append(option);
    }
    return new Map(grids.map((found) => [found.name, found]));
  } catch (error) {
    report(describe("Could not read the grid library", error));
    return new Map();
  }
}

export async function openFile(editor, chosen, report) {
  try {
    const document = await upload("/v1/grids/parse", "file", chosen);
    editor.replace(fromDocument(document));
    return true;
  } catch (error) {
    report(describe(`Could not open ${chosen.name}`, error));
    return false;
  }
}

export async function download(editor, fmt, status, report, blank = false) {
  status.textContent = `Preparing the .${fmt} file…`;
  try {
    const path = `/v1/grids/render.${fmt}${blank ? "?blank=true" : ""}`;
    const { blob, name } = await file(path, toDocument(editor.snapshot));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    status.textContent = `Downloaded ${name}.`;
  } catch (error) {
    status.textContent = "";
    report(describe(`Could not make the .${fmt} file`, error));
  }
}

/** Fill the print-only clue section, then print (the grid prints from the page). */
export function printPuzzle(editor, section) {
  const { title, author } = editor.snapshot;
  const clues = cluesById(editor.snapshot);
  section.replaceChildren();
  const heading = document.createElement("h2");
  heading.textContent = [title, author && `by ${author}`].filter(Boolean).join(" ") || "Crossword";
  section.append(heading);
  for (const direction of ["across", "down"]) {
    const h = document.createElement("h3");
    h.textContent = direction === "across" ? "Across" : "Down";
    const list = document.createElement("ol");
    for (const slot of editor.slots.filter((s) => s.direction === direction)) {
      const item = document.createElement("li");
      item.value = slot.number;
      item.textContent = clues[slot.id] || "";
      list.append(item);
    }
    section.append(h, list);
  }
  window.print();
}
