// Files: open a puzzle file (POST /v1/grids/parse), download the current puzzle
// (POST /v1/grids/render.{fmt}), print.

import { describe, file, upload } from "./api.js";
import { fromDocument, toDocument } from "./puzzle.js";

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

export async function download(editor, fmt, status, report) {
  status.textContent = `Preparing the .${fmt} file…`;
  try {
    const { blob, name } = await file(`/v1/grids/render.${fmt}`, toDocument(editor.snapshot));
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
  const { clues, title, author } = editor.snapshot;
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
