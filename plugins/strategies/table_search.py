"""Compiled backtracking for problems in table form (``table_search.c``, loaded by ctypes).

The same search as ``backtrack`` (plan, dom/wdeg, fragments, arc consistency on letter
sets, conflict-directed backjumping, nogoods, restarts), run in C on reversible sparse
domains. ``backtrack`` uses it whenever the problem offers ``table_form`` and the
extension is built (``pip install -e .`` compiles it).
"""

from __future__ import annotations

import ctypes
import importlib.util
import time
from typing import Any

import numpy as np

from plugins.contract import Control, Domains, Problem, SearchResult, TableForm

_STATS = ("nodes", "backtracks", "backjumps", "restarts", "nogoods")
_FILLED = len(_STATS) + 1
"""Index of the current number of fixed variables in the C counters (after the best)."""
_RESTARTS = {"none": 0, "luby": 1, "geometric": 2}
_POLL = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(ctypes.c_int64), ctypes.c_int32)
_I32 = ctypes.POINTER(ctypes.c_int32)
_PTRS = ctypes.POINTER(ctypes.c_void_p)


class _Spec(ctypes.Structure):
    """Mirror of ``Spec`` in table_search.c."""

    _fields_ = [
        ("n_vars", ctypes.c_int32),
        ("alphabet", ctypes.c_int32),
        ("length", _I32),
        ("n_cand", _I32),
        ("rows", _PTRS),
        ("codes", _PTRS),
        ("pref", _PTRS),
        ("group", _I32),
        ("n_cross", ctypes.c_int32),
        ("cross", _I32),
        ("rank", _I32),
        ("max_nodes", ctypes.c_int64),
        ("restarts", ctypes.c_int32),
        ("restart_scale", ctypes.c_int32),
        ("backjumping", ctypes.c_int32),
        ("fragments", ctypes.c_int32),
        ("nogoods", ctypes.c_int32),
        ("max_nogood", ctypes.c_int32),
        ("seeded", ctypes.c_int32),
        ("seed", ctypes.c_uint64),
        ("poll_every", ctypes.c_int32),
        ("poll", _POLL),
        ("solution", _I32),
        ("stats", ctypes.POINTER(ctypes.c_int64)),
    ]


_SOLVED, _UNSATISFIABLE, _STOPPED, _NODE_LIMIT, _NO_MEMORY, _BAD_INPUT = range(6)


def _load() -> Any:
    spec = importlib.util.find_spec("plugins.strategies._table_search")
    if spec is None or spec.origin is None:
        return None
    try:
        library = ctypes.CDLL(spec.origin)
    except OSError:  # built for another machine: the Python search still works
        return None
    function = library.cf_table_search
    function.argtypes = [ctypes.POINTER(_Spec)]
    function.restype = ctypes.c_int32
    return function


_SEARCH = _load()


def available() -> bool:
    """True when the compiled extension is built."""
    return _SEARCH is not None


def _pointer(array: np.ndarray, kind: Any) -> Any:
    return array.ctypes.data_as(ctypes.POINTER(kind))


def _pointers(arrays: list[np.ndarray]) -> Any:
    table = (ctypes.c_void_p * max(1, len(arrays)))(*[a.ctypes.data for a in arrays])
    return ctypes.cast(table, _PTRS), table


def table_search(
    problem: Problem,
    form: TableForm,
    domains: Domains,
    control: Control,
    options: dict[str, Any],
    ranks: list[int],
    incomplete: str = "",
) -> SearchResult:
    """Search ``problem`` (in ``form``) from ``domains`` with backtrack's ``options``.

    ``ranks`` is the static plan order (lower first). ``incomplete`` names a cut already
    applied to ``domains``: an exhausted search is then "gave up", not a proof.
    """
    n = problem.size
    rows = [np.flatnonzero(mask).astype(np.int32) for mask in domains]
    # Variables sharing a table must share one array: the C side groups them by address.
    converted: dict[int, np.ndarray] = {}
    codes = [
        converted.setdefault(id(c), np.ascontiguousarray(c, dtype=np.uint8)) for c in form.codes
    ]
    prefs = [np.ascontiguousarray(p, dtype=np.float64) for p in form.preference]
    lengths = np.array([c.shape[1] if c.ndim == 2 else 0 for c in codes], dtype=np.int32)
    n_cand = np.array([r.size for r in rows], dtype=np.int32)
    groups = np.array(form.groups, dtype=np.int32)
    cross = np.ascontiguousarray(form.crossings, dtype=np.int32).reshape(-1, 4)
    rank = np.array(ranks, dtype=np.int32)
    solution = np.full(n, -1, dtype=np.int32)
    stats = np.zeros(_FILLED + 1, dtype=np.int64)
    keep: list[Any] = []
    started = time.monotonic()
    last_report = [started]

    def decode() -> Any:
        return problem.decode([None if v < 0 else int(v) for v in solution])

    def report(counters: Any, best_filled: int) -> dict[str, Any]:
        return {
            "filled": int(counters[_FILLED]),
            "variables": n,
            "best_filled": best_filled,
            "best": decode(),
            **{name: int(counters[i]) for i, name in enumerate(_STATS)},
            "time": round(time.monotonic() - started, 3),
        }

    stop_reason: list[str] = []
    raised: list[BaseException] = []

    def poll(counters: Any, best_filled: int) -> int:
        # An exception cannot cross the C frames: keep it, stop, re-raise after.
        try:
            reason = control.should_stop()
            now = time.monotonic()
            if reason or now - last_report[0] >= options["progress_interval"]:
                last_report[0] = now
                control.progress(report(counters, best_filled))
        except BaseException as error:  # noqa: BLE001 (KeyboardInterrupt too)
            raised.append(error)
            return 1
        if reason:
            stop_reason.append(reason)
            return 1
        return 0

    rows_p, rows_t = _pointers(rows)
    codes_p, codes_t = _pointers(codes)
    prefs_p, prefs_t = _pointers(prefs)
    keep += [rows_t, codes_t, prefs_t]
    callback = _POLL(poll)
    spec = _Spec(
        n_vars=n,
        alphabet=form.alphabet_size,
        length=_pointer(lengths, ctypes.c_int32),
        n_cand=_pointer(n_cand, ctypes.c_int32),
        rows=rows_p,
        codes=codes_p,
        pref=prefs_p,
        group=_pointer(groups, ctypes.c_int32),
        n_cross=cross.shape[0],
        cross=_pointer(cross, ctypes.c_int32),
        rank=_pointer(rank, ctypes.c_int32),
        max_nodes=options["max_nodes"] or 0,
        restarts=_RESTARTS[options["restarts"]],
        restart_scale=options["restart_scale"],
        backjumping=int(options["backjumping"]),
        fragments=int(options["fragments"]),
        nogoods=int(options["nogoods"]),
        max_nogood=options["max_nogood_size"],
        seeded=int(control.seed is not None),
        seed=(control.seed or 0) & (2**64 - 1),
        poll_every=64,
        poll=callback,
        solution=_pointer(solution, ctypes.c_int32),
        stats=_pointer(stats, ctypes.c_int64),
    )
    status = _SEARCH(ctypes.byref(spec))
    if raised:
        raise raised[0]
    if status in (_NO_MEMORY, _BAD_INPUT):
        raise RuntimeError(
            "compiled search: out of memory"
            if status == _NO_MEMORY
            else "compiled search: the problem's table_form is inconsistent (codes outside "
            "the alphabet, a crossing outside a row, or a group across tables); "
            "plugins.testing.check_problem says which"
        )
    result_stats: dict[str, Any] = {name: int(stats[i]) for i, name in enumerate(_STATS)}
    result_stats["time"] = round(time.monotonic() - started, 4)
    assignment = [None if v < 0 else int(v) for v in solution]
    if status == _SOLVED:
        outcome = SearchResult(assignment, "solved", "", result_stats)
    elif status == _UNSATISFIABLE and not incomplete:
        outcome = SearchResult([None] * n, "unsatisfiable", "", result_stats)
    elif status == _UNSATISFIABLE:
        outcome = SearchResult(
            assignment, "gave_up", f"no fill under the {incomplete}", result_stats
        )
    else:
        reason = stop_reason[0] if stop_reason else "node limit"
        outcome = SearchResult(assignment, "gave_up", reason, result_stats)
    filled = sum(1 for v in outcome.assignment if v is not None)
    control.progress(
        {
            "filled": filled,
            "variables": n,
            **result_stats,
            "best": problem.decode(outcome.assignment),
        }
    )
    return outcome
