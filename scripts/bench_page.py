"""Measure the construction page in Chromium and print a table.

    .venv/bin/python scripts/bench_page.py [--loads 10] [--keys 30]
        [--grid american-15-themeless-72] [--chromium /usr/bin/chromium]

Serves the app on a loopback port (``crossforge serve``'s server, real workers) on the
instance's database (``CROSSFORGE_INSTANCE``, ./instance by default, with the default
list built: ``make default-list``) and drives the page with Playwright in the system's
Chromium. Rows:

- first paint: ``--loads`` loads of ``/`` in fresh browser contexts (nothing cached):
  the browser's first contentful paint, and the page's ``crossforge-ready`` mark (its
  modules have run), both from the start of navigation;
- suggestions after a letter: the ``--grid`` library grid (15x15) filled from the default
  list and half its cells emptied again (``scripts/bench_suggest.py``'s "half the cells
  filled", seed 1), opened through ``POST /v1/grids/parse``, then, entry after entry
  (Tab), the best suggestion typed in letter by letter (as a constructor would), timing
  each of ``--keys`` keystrokes from its ``keydown`` to the suggestion panel showing the
  slot's new pattern, with the default list and minimum score 30 (the fill's: at the
  page's default, 35, a few blanked entries of the fill have no word left);
  then, before the next letter, to the first candidate marked by its background check
  (fillable or dead end; a slot whose candidates all wait longer than 10 s counts 10 s);
  beside them the server's own time for the suggestion requests (``time_s``);
- an empty 15x15: from a click in its first cell to the first candidates shown.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FILL_FLOOR = 30
"""The minimum score ``bench_suggest.filled`` fills at, and the page's here."""

MEASURE = """([expected]) => {
  const input = document.getElementById('grid-input');
  const status = document.getElementById('suggest-status');
  const list = document.getElementById('suggest-list');
  let started = null;
  input.addEventListener('keydown', () => { started = performance.now(); },
                         { once: true, capture: true });
  const when = (target, ready, limit) => new Promise((resolve) => {
    const done = () => {
      if (started !== null && ready()) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    };
    const observer = new MutationObserver(done);
    observer.observe(target, { childList: true, characterData: true, subtree: true,
                               attributes: true });
    if (limit) setTimeout(() => { observer.disconnect(); resolve(limit); }, limit);
  });
  window.benchShown = when(status, () => status.textContent.startsWith(expected));
  window.benchVerified = when(list, () => list.querySelector(
    'button[data-fillable]:not([data-fillable="unknown"])'), 10000);
}"""
"""Sets ``window.benchShown``, the milliseconds from the next keydown to the status naming
``expected``, and ``window.benchVerified``, to the first candidate its background check
marked (10 s at most)."""
WAIT_VERIFIED = "window.benchVerified"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def first_paint(browser: Any, url: str, loads: int) -> tuple[list[float], list[float]]:
    """Milliseconds to first contentful paint and to the page's ``ready`` mark, per load
    in a fresh context."""
    paints, ready = [], []
    for _ in range(loads):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]")
        paint, mark = page.evaluate(
            """() => [performance.getEntriesByName('first-contentful-paint')[0],
                      performance.getEntriesByName('crossforge-ready')[0]]
                     .map((entry) => entry.startTime)"""
        )
        paints.append(float(paint))
        ready.append(float(mark))
        context.close()
    return paints, ready


def suggestion_latency(
    browser: Any, url: str, grid: Path, keys: int
) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds from keydown to the suggestions shown, to the first candidate checked,
    and the server's own time, per letter typed: entry after entry (Tab), the best
    suggestion typed in."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    page.set_input_files("#open-file", str(grid))
    page.wait_for_function("document.querySelectorAll('#grid .cell').length === 225")
    page.fill("#min-score", str(FILL_FLOOR))  # the floor the grid was filled at
    page.dispatch_event("#min-score", "change")
    server: list[float] = []
    page.on("response", lambda r: _server_time(r, server))
    page.locator(".cell:not(.block)").first.click()
    shown: list[float] = []
    verified: list[float] = []
    for _ in range(4 * keys):
        if len(shown) >= keys:
            break
        slot_id = _current_slot(page)
        status = _settled(page, slot_id)
        buttons = page.locator("#suggest-list button")
        if ":" not in status or buttons.count() == 0:
            page.keyboard.press("Tab")
            continue
        word = buttons.first.get_attribute("data-word") or ""
        pattern = status.split(":")[0].split(" ", 1)[1]
        step = "ArrowRight" if slot_id.endswith("A") else "ArrowDown"
        start = pattern.find("·")
        for i in range(start, len(word)):
            if len(shown) >= keys:
                break
            if pattern[i] != "·":
                page.keyboard.press(step)
                continue
            pattern = pattern[:i] + word[i] + pattern[i + 1 :]
            page.evaluate(MEASURE, [f"{slot_id} {pattern}:"])
            page.keyboard.type(word[i])
            shown.append(float(page.evaluate("window.benchShown")))
            if "." in pattern.replace("·", "."):  # a complete entry has nothing to check
                verified.append(float(page.evaluate(WAIT_VERIFIED)))
        page.keyboard.press("Tab")
    context.close()
    return shown, verified, server


def empty_grid(browser: Any, url: str, runs: int) -> list[float]:
    """Milliseconds from a click in a new empty 15x15 to its first candidates shown."""
    times = []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]")
        page.fill("#new-rows", "15")
        page.fill("#new-cols", "15")
        page.click("#new-grid button[type=submit]")
        page.locator(".cell").nth(15 + 7).click()  # 16 Across: the index is loaded
        page.wait_for_selector("#suggest-list button", timeout=30_000)
        page.locator(".cell").first.click()
        started = time.monotonic()
        page.wait_for_function(
            """() => document.getElementById('suggest-status').textContent.startsWith('1A ')
                 && document.querySelector('#suggest-list button')""",
            timeout=30_000,
        )
        times.append((time.monotonic() - started) * 1000)
        context.close()
    return times


def half_filled(name: str, folder: Path) -> Path:
    """Library grid ``name`` filled from the default list, half its cells emptied again,
    written to a text file in ``folder``."""
    from bench_suggest import HALF_CELLS, blanked, filled

    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    with WordStore() as store:
        rows, _ = blanked(filled(name, StoreWords(store)), 1, HALF_CELLS)
    path = folder / f"{name}-half.txt"
    path.write_text("\n".join(rows) + "\n")
    return path


def _current_slot(page: Any) -> str:
    """The id of the entry under the cursor, from the grid's caption ("5 across, …")."""
    number, direction = page.inner_text("#grid-caption").split(",")[0].split()
    return f"{number}{'A' if direction == 'across' else 'D'}"


def _settled(page: Any, slot_id: str) -> str:
    """The suggestion panel's status once it answers for ``slot_id``."""
    page.wait_for_function(
        """(id) => { const text = document.getElementById('suggest-status').textContent;
                     return text.startsWith(id + ' ') && text.includes(':'); }""",
        arg=slot_id,
        timeout=30_000,
    )
    return str(page.inner_text("#suggest-status"))


def _server_time(response: Any, into: list[float]) -> None:
    if response.url.endswith("/v1/suggestions") and response.ok:
        with contextlib.suppress(Exception):  # an aborted request has no body to read
            into.append(float(response.json()["time_s"]) * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--grid", default="american-15-themeless-72")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.server.serving import make_api_server

    config = ServerConfig.from_env(workers=1)
    app = create_app(config)
    words = app.extensions["crossforge"].words
    if not words.has_list(config.default_list):
        sys.exit(f"no list {config.default_list!r}: run 'make default-list' first")
    server = make_api_server(app, "127.0.0.1", 0, 30.0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.port}/"
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
            grid = half_filled(args.grid, Path(folder))
            browser = playwright.chromium.launch(executable_path=args.chromium)
            paints, ready = first_paint(browser, url, args.loads)
            shown, verified, server_ms = suggestion_latency(browser, url, grid, args.keys)
            empty = empty_grid(browser, url, 5)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        app.extensions["crossforge"].close()

    def row(name: str, values: list[float], target: str) -> str:
        p50, p90 = statistics.median(values), percentile(values, 0.9)
        return f"| {name} | {len(values)} | {p50:.0f} | {p90:.0f} | {max(values):.0f} | {target} |"

    took = time.monotonic() - started
    print(f"default list {config.default_list!r}, grid {args.grid}, {took:.0f} s")
    print("| measure | n | p50 ms | p90 ms | max ms | target |")
    print("|---|---|---|---|---|---|")
    print(row("first contentful paint", paints, "1000"))
    print(row("page ready (modules run)", ready, ""))
    print(row("keydown to suggestions shown (half-filled 15x15)", shown, "150 (p90)"))
    print(row("keydown to the first candidate checked", verified, "1000"))
    print(row("server time of those suggestions", server_ms, ""))
    print(row("empty 15x15: click to first candidates shown", empty, ""))


if __name__ == "__main__":
    main()
