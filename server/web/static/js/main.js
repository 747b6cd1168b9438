// The construction page: wires the editor, the grid, the tool panels and the toolbar.

import { describe, json } from "./api.js";
import { Autofill } from "./autofill.js";
import { ClueMode } from "./clues.js";
import { DesignMode } from "./design.js";
import { Editor } from "./editor.js";
import { download, loadTemplates, openFile, printPuzzle } from "./files.js";
import { GridView } from "./gridview.js";
import { Locks } from "./locks.js";
import { MyWords } from "./mywords.js";
import { blank } from "./puzzle.js";
import { GridStats } from "./stats.js";
import { Suggestions } from "./suggest.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const maxSize = Number(root.dataset.maxSize) || 25;

const message = $("message");
function report(text) {
  message.textContent = text;
  message.hidden = false;
  clearTimeout(report.timer);
  report.timer = setTimeout(() => (message.hidden = true), 15000);
}
message.addEventListener("click", () => (message.hidden = true));

const editor = new Editor();
const view = new GridView(editor, $("grid"), $("grid-input"), $("grid-caption"));

// -- settings shared by suggestions, autofill and clues -------------------------------
const listSelect = $("word-list");
const typeSelect = $("puzzle-type");
const minScore = $("min-score");
const chosenList = () => listSelect.value || root.dataset.defaultList;
const myWords = new MyWords({
  form: $("my-words"),
  word: $("my-word"),
  score: $("my-score"),
  status: $("my-status"),
  undo: $("my-undo"),
  base: chosenList,
});
const locks = new Locks({ editor, view, toggle: $("lock-entry"), label: $("lock-word") });
const settings = () => ({
  type: typeSelect.value || "american",
  list: myWords.layers(),
  min_score: Math.min(Math.max(Number(minScore.value) || 0, 0), 100),
  locked: locks.locked(),
});
const saved = editor.settings;
if (saved.min_score !== undefined) minScore.value = saved.min_score;
if (saved.symmetry) $("symmetry").value = saved.symmetry;
view.symmetry = $("symmetry").value;

async function loadLists() {
  const wanted = saved.list || root.dataset.defaultList;
  try {
    const { lists } = await json("/v1/lists");
    listSelect.replaceChildren(
      ...lists
        .filter((list) => !lists.some((base) => list.name === myWords.name(base.name)))
        .map((list) => new Option(`${list.name} (${list.entries.toLocaleString()} words)`, list.name)),
    );
    if (!lists.length) report("The server has no word list yet: build one with 'crossforge words build-default'.");
    if (lists.some((list) => list.name === wanted)) listSelect.value = wanted;
    myWords.know(lists);
  } catch (error) {
    listSelect.replaceChildren(new Option(wanted, wanted));
    report(describe("Could not read the word lists", error));
  }
  suggestions.refresh(true);
}

/** The crossword types (those that fill a grid from a list), from GET /v1/plugins. */
async function loadTypes() {
  try {
    const { plugins } = await json("/v1/plugins");
    const crosswords = plugins.filter((plugin) => {
      const fields = (plugin.parameters && plugin.parameters.properties) || {};
      return plugin.kind === "puzzle_type" && "grid" in fields && "list" in fields;
    });
    typeSelect.replaceChildren(...crosswords.map((plugin) => new Option(plugin.name, plugin.name)));
    if (saved.type && crosswords.some((plugin) => plugin.name === saved.type)) typeSelect.value = saved.type;
    const chosen = crosswords.find((plugin) => plugin.name === typeSelect.value);
    if (chosen && chosen.description) typeSelect.title = chosen.description;
  } catch (error) {
    report(describe("Could not read the puzzle types", error));
  }
}
typeSelect.addEventListener("change", () => {
  editor.setting("type", typeSelect.value);
  suggestions.refresh(true);
});

listSelect.addEventListener("change", () => {
  editor.setting("list", listSelect.value);
  myWords.show();
  suggestions.refresh(true);
});
myWords.addEventListener("change", () => suggestions.refresh(true));
editor.addEventListener("locks", () => suggestions.refresh(true));
editor.addEventListener("change", () => {
  const entry = locks.current();
  myWords.offer(entry && entry.word);
});
minScore.addEventListener("change", () => {
  editor.setting("min_score", settings().min_score);
  suggestions.refresh(true);
});
$("symmetry").addEventListener("change", (event) => {
  view.symmetry = event.target.value;
  editor.setting("symmetry", view.symmetry);
});
const modes = () => {
  view.clickMode = $("select-mode").checked ? "select" : $("block-mode").checked ? "blocks" : "letters";
};
$("block-mode").addEventListener("change", () => {
  if ($("block-mode").checked) $("select-mode").checked = false;
  modes();
});
$("select-mode").addEventListener("change", () => {
  if ($("select-mode").checked) $("block-mode").checked = false;
  modes();
});

// -- grid files and history -------------------------------------------------------------
$("new-grid").addEventListener("submit", (event) => {
  event.preventDefault();
  const rows = Number($("new-rows").value);
  const cols = Number($("new-cols").value);
  if (!(rows >= 3 && cols >= 3 && rows <= maxSize && cols <= maxSize)) {
    report(`A grid has 3 to ${maxSize} rows and columns on this server.`);
    return;
  }
  editor.replace(blank(rows, cols));
  view.focus();
});
const templates = loadTemplates($("template"), report);
$("template").addEventListener("change", async (event) => {
  const chosen = (await templates).get(event.target.value);
  event.target.value = "";
  if (!chosen) return;
  editor.replace({ ...blank(chosen.height, chosen.width), rows: chosen.grid, circled: chosen.circled, shaded: chosen.shaded });
  view.focus();
});
$("open-file").addEventListener("change", async (event) => {
  const chosen = event.target.files[0];
  event.target.value = "";
  if (chosen && (await openFile(editor, chosen, report))) view.focus();
});
$("toggle-circle").addEventListener("click", () => view.toggleMark("circled"));
$("toggle-shade").addEventListener("click", () => view.toggleMark("shaded"));
view.element.addEventListener("rebus-request", () => $("rebus-text").focus());
$("rebus-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (view.writeRebus($("rebus-text").value)) $("rebus-text").value = "";
  view.focus();
});
$("undo").addEventListener("click", () => editor.undo());
$("redo").addEventListener("click", () => editor.redo());
const showHistory = () => {
  $("undo").disabled = !editor.undoStack.length;
  $("redo").disabled = !editor.redoStack.length;
};
editor.addEventListener("change", showHistory);
showHistory();

// -- panels -----------------------------------------------------------------------------
const suggestions = new Suggestions({
  editor,
  view,
  settings,
  list: $("suggest-list"),
  status: $("suggest-status"),
  healthToggle: $("show-health"),
  healthSummary: $("health-summary"),
  report,
});
// Clue suggestions come from the chosen list (the personal one holds no clues).
const clueSettings = () => ({ ...settings(), list: chosenList() });
const clueMode = new ClueMode({ editor, container: $("clue-lists"), status: $("clue-status"), settings: clueSettings });
const gridStats = new GridStats({
  editor,
  status: $("stats-status"),
  figures: $("stats-figures"),
  letters: $("stats-letters"),
});
new Autofill({
  editor,
  view,
  settings,
  report,
  onResult: (fills) => clueMode.learn(fills),
  elements: {
    form: $("fill-form"),
    quality: $("fill-quality"),
    alternatives: $("fill-alternatives"),
    timeout: $("fill-timeout"),
    bestSeconds: $("fill-best-seconds"),
    spread: $("fill-spread"),
    seed: $("fill-seed"),
    shuffle: $("fill-shuffle"),
    start: $("fill-start"),
    stop: $("fill-stop"),
    accept: $("fill-accept"),
    discard: $("fill-discard"),
    previous: $("alt-prev"),
    next: $("alt-next"),
    position: $("alt-position"),
    progress: $("fill-progress"),
    status: $("fill-status"),
    quality_panel: $("quality"),
    selectMode: $("select-mode"),
    selectSlot: $("select-slot"),
    selectClear: $("select-clear"),
    selectionCount: $("selection-count"),
  },
});

const title = $("puzzle-title");
const author = $("puzzle-author");
const showMeta = () => {
  title.value = editor.snapshot.title;
  author.value = editor.snapshot.author;
};
for (const [input, name] of [
  [title, "title"],
  [author, "author"],
]) {
  input.addEventListener("change", () => editor.update({ ...editor.snapshot, [name]: input.value }));
}
editor.addEventListener("change", (event) => {
  if (["replace", "undo", "redo"].includes(event.detail.reason)) showMeta();
});
showMeta();
for (const button of document.querySelectorAll("[data-export]")) {
  button.addEventListener("click", () =>
    download(editor, button.dataset.export, $("export-status"), report, button.dataset.blank === "true"),
  );
}
$("print").addEventListener("click", () => printPuzzle(editor, $("print-clues")));

// Tabs: arrow keys move between them, as the ARIA tabs pattern says.
const tabs = [...document.querySelectorAll('[role="tab"]')];
function selectTab(tab) {
  for (const other of tabs) {
    const on = other === tab;
    other.setAttribute("aria-selected", on ? "true" : "false");
    other.tabIndex = on ? 0 : -1;
    $(other.getAttribute("aria-controls")).hidden = !on;
  }
  clueMode.show(tab.id === "tab-clues");
  gridStats.show(tab.id === "tab-stats");
}
for (const tab of tabs) {
  tab.addEventListener("click", () => selectTab(tab));
  tab.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    selectTab(next);
    next.focus();
  });
}

document.addEventListener("keydown", (event) => {
  if (event.target === $("grid-input") || event.target.matches("input, select, textarea")) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
    event.preventDefault();
    if (event.shiftKey) editor.redo();
    else editor.undo();
  }
});

new DesignMode(editor, settings, report, $("panel-design"));

loadTypes().then(loadLists);
performance.mark("crossforge-ready"); // for scripts/bench_page.py
root.dataset.ready = "true";
