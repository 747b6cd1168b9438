"""Compiled backtracking for problems in table form (``table_search.c``, loaded by ctypes).

The same search as ``backtrack`` (plan, dom/wdeg, fragments, arc consistency on letter
sets, conflict-directed backjumping, nogoods, restarts), run in C on bitset domains.
``backtrack`` uses it whenever the problem offers ``table_form`` and the extension is
built (``pip install -e .`` compiles it); limits and reports stay ``backtrack``'s.

Per call, the tables are handed over as they are: domains as bitsets over their table's
rows, the table's codes and, when the form has them (``TableForm.bits``: a crossword's
come from the word index), its letter bitsets, read in place; nothing proportional to
the tables is copied or sorted. What is checked once per table array (codes inside the
alphabet) is remembered while the array lives.
"""

from __future__ import annotations

import ctypes
import importlib.util
import threading
import warnings
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from crossforge.plugins.contract import Domains, TableForm

_STATS = ("nodes", "backtracks", "backjumps", "restarts", "nogoods")
_FILLED = len(_STATS)
"""Index of the current number of fixed variables in the C counters."""
_RESTARTS = {"none": 0, "luby": 1, "geometric": 2}
_POLL = ctypes.CFUNCTYPE(ctypes.c_int32)
_I32 = ctypes.POINTER(ctypes.c_int32)
_PTRS = ctypes.POINTER(ctypes.c_void_p)


class _Spec(ctypes.Structure):
    """Mirror of ``Spec`` in table_search.c."""

    _fields_ = [
        ("n_vars", ctypes.c_int32),
        ("alphabet", ctypes.c_int32),
        ("length", _I32),
        ("n_rows", _I32),
        ("dom", _PTRS),
        ("codes", _PTRS),
        ("pref", _PTRS),
        ("group", _I32),
        ("n_cross", ctypes.c_int32),
        ("cross", _I32),
        ("rank", _I32),
        ("bits", _PTRS),
        ("stride", _I32),
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
        ("clash_row_off", _PTRS),
        ("clash_row_keys", _PTRS),
        ("clash_keys", _PTRS),
        ("clash_n_keys", _I32),
        ("clash_key_off", _PTRS),
        ("clash_key_rows", _PTRS),
    ]


_SOLVED, _UNSATISFIABLE, _STOPPED, _NODE_LIMIT, _NO_MEMORY, _BAD_INPUT = range(6)


_SPEC_OFFSETS = ("n_cross", "max_nodes", "seed", "poll", "stats")
"""The fields whose offsets ``cf_spec_layout`` reports after ``sizeof(Spec)``."""


def _layout_mismatch(library: Any, mirror: type[ctypes.Structure]) -> str | None:
    """How ``Spec`` as compiled differs from ``mirror`` (its size, then field offsets);
    None when they agree."""
    compiled = (ctypes.c_int64 * (1 + len(_SPEC_OFFSETS)))()
    library.cf_spec_layout(compiled)
    checks = [("sizeof(Spec)", ctypes.sizeof(mirror))] + [
        (f"offsetof(Spec, {name})", getattr(mirror, name).offset) for name in _SPEC_OFFSETS
    ]
    for (what, expected), found in zip(checks, compiled, strict=True):
        if found != expected:
            return (
                f"{what} is {found} bytes in table_search.c but {expected} in its ctypes "
                f"mirror {mirror.__name__} (table_search.py)"
            )
    return None


def _load(mirror: type[ctypes.Structure]) -> tuple[Any, str | None]:
    """The C entry point, or None and why it cannot be used."""
    spec = importlib.util.find_spec("crossforge.plugins.strategies._table_search")
    if spec is None or spec.origin is None:
        return None, "the extension is not built (pip install -e . compiles it)"
    try:
        library = ctypes.CDLL(spec.origin)
    except OSError as error:  # built for another machine: the Python search still works
        return None, f"the extension does not load: {error}"
    problem = (
        _layout_mismatch(library, mirror)
        if hasattr(library, "cf_spec_layout")
        else "the extension predates table_search.c: rebuild it (pip install -e .)"
    )
    if problem is not None:  # a stale or wrong build: say so, the Python search still works
        warnings.warn(f"compiled search not used: {problem}", RuntimeWarning, stacklevel=2)
        return None, problem
    function = library.cf_table_search
    function.argtypes = [ctypes.POINTER(mirror)]
    function.restype = ctypes.c_int32
    return function, None


_SEARCH, _UNAVAILABLE = _load(_Spec)


def available() -> bool:
    """True when the compiled extension is built and matches this module."""
    return _SEARCH is not None


def unavailable_reason() -> str | None:
    """Why the compiled search is not used; None when it is."""
    return _UNAVAILABLE


def _pointer(array: np.ndarray, kind: Any) -> Any:
    return array.ctypes.data_as(ctypes.POINTER(kind))


def _pointers(addresses: list[int | None]) -> Any:
    table = (ctypes.c_void_p * max(1, len(addresses)))(*addresses)
    return ctypes.cast(table, _PTRS), table


def _address(array: np.ndarray) -> int:
    return int(array.__array_interface__["data"][0])


_INCONSISTENT = (
    "compiled search: the problem's table_form is inconsistent (codes outside "
    "the alphabet, a crossing outside a row, or a group across tables); "
    "crossforge.plugins.testing.check_problem says which"
)

_checked: dict[int, tuple[weakref.ref[np.ndarray], int]] = {}
"""The largest code of each table array checked so far, by identity (held weakly, so
an identity is never mistaken for a freed array's); tables are never changed in place
(the contract). At most ``_KEEP_CHECKED`` small entries: all dropped when full."""
_KEEP_CHECKED = 4096
_checked_lock = threading.Lock()


def _largest_code(codes: np.ndarray) -> int:
    """The largest code in a (uint8, C-contiguous) table, computed once per array."""
    key = id(codes)
    found = _checked.get(key)
    if found is not None and found[0]() is codes:
        return found[1]
    largest = int(codes.max()) if codes.size else -1
    with _checked_lock:
        if len(_checked) >= _KEEP_CHECKED:
            _checked.clear()
        _checked[key] = (weakref.ref(codes), largest)
    return largest


def _packed(mask: np.ndarray) -> np.ndarray:
    """A domain mask as a bitset: bit j of word j // 64 for value j."""
    raw = np.packbits(mask, bitorder="little")
    words = (mask.size + 63) // 64
    if raw.size == words * 8:
        return raw.view("<u8")
    padded = np.zeros(words * 8, dtype=np.uint8)
    padded[: raw.size] = raw
    return padded.view("<u8")


def _usable_bits(bits: Any, rows: int, length: int, alphabet: int) -> np.ndarray | None:
    """``bits`` when the C side can read them in place for a table of ``rows`` rows."""
    if (
        isinstance(bits, np.ndarray)
        and bits.dtype == np.dtype("=u8")
        and bits.ndim == 3
        and bits.shape[:2] == (length, alphabet)
        and bits.shape[2] >= (rows + 63) // 64
        and bits.flags.c_contiguous
        and bits.flags.aligned
    ):
        return bits
    return None


_CLASH_PARTS = (
    ("clash_row_off", "row_offsets", np.int32),
    ("clash_row_keys", "row_keys", np.int64),
    ("clash_keys", "keys", np.int64),
    ("clash_key_off", "key_offsets", np.int32),
    ("clash_key_rows", "key_rows", np.int32),
)


def _clash_pointers(form: TableForm, n: int, keep: list[Any]) -> dict[str, Any]:
    """The ``Spec`` fields of the form's clash tables (arrays kept alive in ``keep``)."""
    assert form.clashes is not None
    found: dict[str, list[int | None]] = {name: [] for name, _, _ in _CLASH_PARTS}
    counts = np.zeros(n, dtype=np.int32)
    for v in range(n):
        table = form.clashes[v]
        for name, part, kind in _CLASH_PARTS:
            if table is None:
                found[name].append(None)
                continue
            array = np.ascontiguousarray(getattr(table, part), dtype=kind)
            keep.append(array)
            found[name].append(_address(array) if array.size else _address(_ONE))
        counts[v] = 0 if table is None else len(table.keys)
    keep.append(counts)
    fields: dict[str, Any] = {"clash_n_keys": _pointer(counts, ctypes.c_int32)}
    for name, addresses in found.items():
        pointer, table_of_pointers = _pointers(addresses)
        keep.append(table_of_pointers)
        fields[name] = pointer
    return fields


_ONE = np.zeros(1, dtype=np.int64)
"""Where an empty clash array points (never read: its offsets say it is empty)."""


@dataclass
class Outcome:
    """What the compiled search ended with: the fill (or the best partial one), its
    counters, and why it ended: ``stopped`` names a limit, ``exhausted`` means the search
    space ran out; neither means solved."""

    assignment: list[int | None]
    counters: dict[str, int]
    exhausted: bool = False
    stopped: str | None = None


Poll = Callable[[dict[str, int], int, list[int | None]], str | None]
"""Called every 64 nodes with the counters, the entries filled now and the best partial
fill; returns the reason to stop, or None."""


def table_search(
    form: TableForm,
    domains: Domains,
    options: dict[str, Any],
    ranks: list[int],
    seed: int | None,
    poll: Poll,
) -> Outcome:
    """Search the problem ``form`` states, from ``domains``, with backtrack's ``options``.

    ``ranks`` is the static plan order (lower first); with a ``seed``, values are
    randomised among near-equals from the start (otherwise after the first restart).
    """
    n = len(domains)
    alphabet = form.alphabet_size
    # Per distinct array (variables of one length share theirs): converted, checked,
    # packed and addressed once. Variables sharing a table must share one array: the
    # C side groups them by address.
    tables: dict[int, tuple[np.ndarray, int]] = {}
    masks: dict[int, tuple[np.ndarray, int]] = {}
    prefs: dict[int, tuple[np.ndarray, int]] = {}
    keep: list[np.ndarray] = []  # every array whose address goes to C, alive until the end
    lengths = np.zeros(n, dtype=np.int32)
    n_rows = np.zeros(n, dtype=np.int32)
    strides = np.zeros(n, dtype=np.int32)
    codes_at: list[int | None] = []
    doms_at: list[int | None] = []
    prefs_at: list[int | None] = []
    bits_at: list[int | None] = []
    for v in range(n):
        raw = form.codes[v]
        table = tables.get(id(raw))
        if table is None:
            array = np.ascontiguousarray(raw, dtype=np.uint8)
            if array.ndim == 2 and array.size and _largest_code(array) >= alphabet:
                raise RuntimeError(_INCONSISTENT)
            keep += [raw, array]
            table = tables[id(raw)] = (array, _address(array))
        array = table[0]
        rows = array.shape[0] if array.ndim == 2 else 0
        lengths[v] = array.shape[1] if array.ndim == 2 else 0
        n_rows[v] = rows
        mask = domains[v]
        if mask.shape != (rows,):
            raise RuntimeError(_INCONSISTENT)
        packed = masks.get(id(mask))
        if packed is None:
            bitset = _packed(mask)
            keep += [mask, bitset]
            packed = masks[id(mask)] = (bitset, _address(bitset))
        preference = form.preference[v]
        pref = prefs.get(id(preference))
        if pref is None:
            floats = np.ascontiguousarray(preference, dtype=np.float32)
            if floats.shape != (rows,):
                raise RuntimeError(_INCONSISTENT)
            keep += [preference, floats]
            pref = prefs[id(preference)] = (floats, _address(floats))
        bits = None if form.bits is None else form.bits[v]
        usable = None if bits is None else _usable_bits(bits, rows, int(lengths[v]), alphabet)
        if usable is not None:
            keep.append(usable)
            strides[v] = usable.shape[2]
        codes_at.append(table[1])
        doms_at.append(packed[1])
        prefs_at.append(pref[1])
        bits_at.append(None if usable is None else _address(usable))
    groups = np.array(form.groups, dtype=np.int32)
    cross = np.ascontiguousarray(form.crossings, dtype=np.int32).reshape(-1, 4)
    rank = np.array(ranks, dtype=np.int32)
    solution = np.full(n, -1, dtype=np.int32)
    stats = np.zeros(_FILLED + 1, dtype=np.int64)

    def assignment() -> list[int | None]:
        return [None if v < 0 else int(v) for v in solution]

    def counters() -> dict[str, int]:
        return {name: int(stats[i]) for i, name in enumerate(_STATS)}

    stop_reason: list[str] = []
    raised: list[BaseException] = []

    def on_poll() -> int:
        # An exception cannot cross the C frames: keep it, stop, re-raise after.
        try:
            reason = poll(counters(), int(stats[_FILLED]), assignment())
        except BaseException as error:  # noqa: BLE001 (KeyboardInterrupt too)
            raised.append(error)
            return 1
        if reason:
            stop_reason.append(reason)
            return 1
        return 0

    # The pointer tables (second items) must outlive the call: they stay bound here.
    doms_p, _doms_table = _pointers(doms_at)
    codes_p, _codes_table = _pointers(codes_at)
    prefs_p, _prefs_table = _pointers(prefs_at)
    bits_p, _bits_table = _pointers(bits_at)
    callback = _POLL(on_poll)
    spec = _Spec(
        n_vars=n,
        alphabet=alphabet,
        length=_pointer(lengths, ctypes.c_int32),
        n_rows=_pointer(n_rows, ctypes.c_int32),
        dom=doms_p,
        codes=codes_p,
        pref=prefs_p,
        group=_pointer(groups, ctypes.c_int32),
        n_cross=cross.shape[0],
        cross=_pointer(cross, ctypes.c_int32),
        rank=_pointer(rank, ctypes.c_int32),
        bits=bits_p,
        stride=_pointer(strides, ctypes.c_int32),
        max_nodes=options["max_nodes"] or 0,
        restarts=_RESTARTS[options["restarts"]],
        restart_scale=options["restart_scale"],
        backjumping=int(options["backjumping"]),
        fragments=int(options["fragments"]),
        nogoods=int(options["nogoods"]),
        max_nogood=options["max_nogood_size"],
        seeded=int(seed is not None),
        seed=(seed or 0) & (2**64 - 1),
        poll_every=64,
        poll=callback,
        solution=_pointer(solution, ctypes.c_int32),
        stats=_pointer(stats, ctypes.c_int64),
    )
    if form.clashes is not None:
        clash_arrays = _clash_pointers(form, n, keep)
        for name, value in clash_arrays.items():
            setattr(spec, name, value)
    status = _SEARCH(ctypes.byref(spec))
    if raised:
        raise raised[0]
    if status in (_NO_MEMORY, _BAD_INPUT):
        raise RuntimeError(
            "compiled search: out of memory" if status == _NO_MEMORY else _INCONSISTENT
        )
    outcome = Outcome(assignment(), counters())
    if status == _UNSATISFIABLE:
        outcome.exhausted = True
    elif status in (_STOPPED, _NODE_LIMIT):
        outcome.stopped = stop_reason[0] if stop_reason else "node limit"
    return outcome
