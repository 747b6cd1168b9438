"""Suggestion benchmark: half-filled 15x15 library grids with the default list.

    .venv/bin/python scripts/bench_suggest.py [--grids 4] [--slots 8] [--min-score 0]

Each American 15x15 of the grid library is filled (``backtrack``, seed 1, words scoring
30 or more) from the default list of the configured database (``make default-list``
builds it), then blanked two ways, entries taken in a seeded random order:

- *half the entries filled*: half the entries are blanked, their cells emptied but for
  the letters a kept entry holds (every kept entry stays whole; about a quarter of the
  cells end up empty);
- *half the cells filled*: entries are cleared, every cell of them, until half the open
  cells are empty (kept entries lose the letters they share with cleared ones: a
  harder grid, with wide-open slots).

For ``--slots`` blanked slots of each grid, suggestions (limit 50) are asked in process,
exactly as the view runs them (``parse_suggestion`` and ``run_suggestion`` on the
store), then with ``verify``, then over HTTP through Flask's test client (no network).
Prints p50 / p90 / max of the wall time per row, the p50 of this process's CPU time
(in process; the wall time includes waiting for a core on a busy machine), the share of
answers whose total is exact, and how many candidates they held. The first call (which
loads the index) is not counted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from crossforge.grids.library import CATALOGUE  # noqa: E402
from crossforge.grids.model import Grid  # noqa: E402
from crossforge.plugins.contract import Control  # noqa: E402
from crossforge.plugins.puzzles.crossword import American  # noqa: E402
from crossforge.plugins.registry import registry  # noqa: E402
from crossforge.plugins.strategies.backtrack import Backtrack  # noqa: E402
from crossforge.plugins.suggestions import (  # noqa: E402
    parse_suggestion,
    run_suggestion,
    store_displays,
)
from crossforge.wordbase.config import DEFAULT_LIST, database_url  # noqa: E402
from crossforge.wordbase.source import StoreWords  # noqa: E402
from crossforge.wordbase.store import WordStore  # noqa: E402

HALF_ENTRIES = "half the entries filled"
HALF_CELLS = "half the cells filled"


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def filled(name: str, words: StoreWords) -> list[str]:
    """Library grid ``name`` filled from the default list (scores 30 and up)."""
    text = CATALOGUE[name].path.read_text()
    problem = American().problem({"grid": text, "list": DEFAULT_LIST, "min_score": 30}, words)
    outcome = Backtrack().solve(problem, Control.with_timeout(60, seed=1))
    if not outcome.complete:
        raise SystemExit(f"{name}: no fill ({outcome.status}, {outcome.reason})")
    return list(problem.decode(outcome.assignment))


def blanked(rows: list[str], seed: int, scenario: str) -> tuple[list[str], list[str]]:
    """``rows`` with entries blanked as ``scenario`` says (see the module doc), and the
    ids of the slots left with an empty cell."""
    slots = Grid.from_rows(rows).slots()
    order = random.Random(seed).sample(range(len(slots)), len(slots))
    cells = [list(row) for row in rows]
    if scenario == HALF_ENTRIES:
        chosen = set(order[: len(slots) // 2])
        kept = {cell for i, slot in enumerate(slots) if i not in chosen for cell in slot.cells}
        for i in chosen:
            for r, c in slots[i].cells:
                if (r, c) not in kept:
                    cells[r][c] = "."
    else:
        open_cells = sum(ch != "#" for row in rows for ch in row)
        for i in order:
            if sum(ch == "." for row in cells for ch in row) * 2 >= open_cells:
                break
            for r, c in slots[i].cells:
                cells[r][c] = "."
    out = ["".join(row) for row in cells]
    grid = Grid.from_rows(out)
    return out, [slot.id for slot in slots if "." in grid.pattern(slot)]


def main() -> None:
    """Run the measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grids", type=int, default=4, help="15x15 library grids used")
    parser.add_argument("--slots", type=int, default=8, help="slots asked per grid")
    parser.add_argument("--min-score", type=float, default=None, help="suggestions' min_score")
    args = parser.parse_args()

    names = sorted(n for n, e in CATALOGUE.items() if n.startswith("american-15"))[: args.grids]
    plugins = registry()
    with WordStore() as store:
        words = StoreWords(store)
        displays = store_displays(store)
        asks: dict[str, list[dict[str, Any]]] = {HALF_ENTRIES: [], HALF_CELLS: []}
        for number, name in enumerate(names):
            rows = filled(name, words)
            for scenario in asks:
                grid, ids = blanked(rows, number, scenario)
                rng = random.Random(number)
                for slot in rng.sample(ids, min(args.slots, len(ids))):
                    body: dict[str, Any] = {"grid": grid, "slot": slot, "list": DEFAULT_LIST}
                    if args.min_score is not None:
                        body["min_score"] = args.min_score
                    asks[scenario].append(body)

        def in_process(body: dict[str, Any]) -> dict[str, Any]:
            request = parse_suggestion(body, plugins, time_limit=2.0)
            return run_suggestion(request, plugins, words, displays)

        in_process(asks[HALF_CELLS][0])  # loads the index and builds the shared tables
        table = []
        for scenario, bodies in asks.items():
            for verify in (False, True):
                times, cpu, answers = [], [], []
                for body in bodies:
                    started, used = time.perf_counter(), time.process_time()
                    answers.append(in_process({**body, "verify": verify}))
                    times.append(time.perf_counter() - started)
                    cpu.append(time.process_time() - used)
                label = f"{scenario}{', verify' if verify else ''}, in process"
                table.append(_row(label, times, answers, cpu))
    table += _http(asks)
    print(f"{len(names)} grids ({', '.join(names)}), {args.slots} slots each, limit 50\n")
    header = (
        "scenario",
        "asks",
        "p50 ms",
        "p90 ms",
        "max ms",
        "p50 CPU ms",
        "exact total",
        "candidates",
    )
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in table:
        print("| " + " | ".join(row) + " |")


def _row(
    label: str, times: list[float], answers: list[dict[str, Any]], cpu: list[float] | None = None
) -> tuple[str, ...]:
    exact = sum(a["total_exact"] for a in answers) / len(answers)
    shown = statistics.median(len(a["candidates"]) for a in answers)
    return (
        label,
        str(len(times)),
        f"{percentile(times, 0.5) * 1000:.1f}",
        f"{percentile(times, 0.9) * 1000:.1f}",
        f"{max(times) * 1000:.1f}",
        "-" if cpu is None else f"{percentile(cpu, 0.5) * 1000:.1f}",
        f"{exact:.0%}",
        f"median {shown:g}",
    )


def _http(asks: dict[str, list[dict[str, Any]]]) -> list[tuple[str, ...]]:
    """The same asks over HTTP (Flask's test client, the app's own word store)."""
    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig

    app = create_app(ServerConfig(database_url=database_url(), workers=1))
    client = app.test_client()
    rows = []
    try:
        client.post("/v1/suggestions", json=asks[HALF_CELLS][0])
        for scenario, bodies in asks.items():
            times, answers = [], []
            for body in bodies:
                started = time.perf_counter()
                answer = client.post("/v1/suggestions", json=body)
                times.append(time.perf_counter() - started)
                if answer.status_code != 200:
                    raise SystemExit(f"HTTP {answer.status_code}: {answer.get_json()}")
                answers.append(answer.get_json())
            rows.append(_row(f"{scenario}, HTTP round trip", times, answers))
    finally:
        app.extensions["crossforge"].close()
    return rows


if __name__ == "__main__":
    main()
