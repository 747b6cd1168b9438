"""Suggestions against brute force: on small grids and random small lists, every fill
found by enumeration survives, the candidates are exactly those a naive singleton arc
consistency keeps, ``verify`` agrees with enumeration, and the health is the naive
fixpoint's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from crossforge.grids.model import Grid
from crossforge.plugins.registry import registry
from crossforge.plugins.suggestions import parse_suggestion, run_suggestion
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.source import IndexWords

GRIDS = {
    "open3": ["...", "...", "..."],
    "corners4": ["#...", "....", "....", "...#"],
    "open4": ["....", "....", "....", "...."],
}
LETTERS = "JKQVXZ"
"""Letters of no real word, so that no editor tag (offensive, sensitive) takes a word out
of the type's domains behind the brute force's back."""


def random_list(
    seed: int, per_length: int, rows: list[str]
) -> tuple[list[tuple[str, int]], list[str]]:
    """Random 3- and 4-letter words over a few letters, scored 0–100, holding the
    entries of a random fill of ``rows`` (returned too), so some fill exists."""
    rng = random.Random(seed)
    grid = Grid.from_rows(rows)
    while True:
        planted = ["".join("#" if ch == "#" else rng.choice(LETTERS) for ch in row) for row in rows]
        entries = [Grid.from_rows(planted).pattern(slot) for slot in grid.slots()]
        if len(set(entries)) == len(entries):
            break
    words = {word: rng.randrange(101) for word in entries}
    for length in (3, 4):
        while sum(len(w) == length for w in words) < per_length:
            words["".join(rng.choice(LETTERS) for _ in range(length))] = rng.randrange(101)
    return sorted(words.items()), planted


def given(rows: list[str], seed: int, planted: list[str] | None) -> list[str]:
    """``rows`` with a few letters given: the planted fill's, or random ones."""
    rng = random.Random(seed)
    cells = [list(row) for row in rows]
    for r, c in rng.sample(Grid.from_rows(rows).open_cells(), rng.randrange(1, 4)):
        cells[r][c] = planted[r][c] if planted else rng.choice(LETTERS)
    return ["".join(row) for row in cells]


def domains_of(rows: list[str], words: list[tuple[str, int]], min_score: int) -> list[set[str]]:
    """Each slot's words: its length, its given letters, at least ``min_score``."""
    grid = Grid.from_rows(rows)
    out = []
    for slot in grid.slots():
        pattern = grid.pattern(slot)
        out.append(
            {
                w
                for w, score in words
                if score >= min_score
                and len(w) == len(pattern)
                and all(p in ".#" or p == ch for p, ch in zip(pattern, w, strict=True))
            }
        )
    return out


def crossings(rows: list[str]) -> list[tuple[int, int, int, int]]:
    """``(s, p, t, q)``: position p of slot s is position q of slot t (both ways)."""
    slots = Grid.from_rows(rows).slots()
    found = []
    for s, a in enumerate(slots):
        for t, b in enumerate(slots):
            if s != t:
                for p, cell in enumerate(a.cells):
                    if cell in b.cells:
                        found.append((s, p, t, b.cells.index(cell)))
    return found


def fills(rows: list[str], domains: list[set[str]]) -> Iterator[dict[int, str]]:
    """Every complete fill: crossing letters agree, no word twice (plain enumeration,
    the slot with the fewest words that fit what is placed going next)."""
    cross: dict[int, list[tuple[int, int, int]]] = {}
    for s, p, t, q in crossings(rows):
        cross.setdefault(s, []).append((p, t, q))

    def fitting(s: int, chosen: dict[int, str]) -> list[str]:
        fixed = [(p, chosen[t][q]) for (p, t, q) in cross.get(s, []) if t in chosen]
        used = set(chosen.values())
        return sorted(w for w in domains[s] if w not in used and all(w[p] == ch for p, ch in fixed))

    def extend(chosen: dict[int, str]) -> Iterator[dict[int, str]]:
        left = [s for s in range(len(domains)) if s not in chosen]
        if not left:
            yield dict(chosen)
            return
        options = {s: fitting(s, chosen) for s in left}
        s = min(left, key=lambda v: len(options[v]))
        for word in options[s]:
            chosen[s] = word
            yield from extend(chosen)
            del chosen[s]

    yield from extend({})


def naive_ac(rows: list[str], domains: list[set[str]]) -> list[set[str]] | None:
    """Arc consistency by set arithmetic: drop words with a letter no crossing word has
    there, and a slot's only word from the other slots; None on a wipe-out."""
    cross = crossings(rows)
    domains = [set(d) for d in domains]
    changed = True
    while changed:
        changed = False
        for s, p, t, q in cross:
            letters = {w[q] for w in domains[t]}
            kept = {w for w in domains[s] if w[p] in letters}
            if kept != domains[s]:
                domains[s], changed = kept, True
        for s, words in enumerate(domains):
            if len(words) == 1:
                (word,) = words
                for t, other in enumerate(domains):
                    if t != s and word in other:
                        other.discard(word)
                        changed = True
        if any(not d for d in domains):
            return None
    return domains


def naive_viable(rows: list[str], domains: list[set[str]], s: int) -> set[str]:
    """The words of slot ``s`` after which naive arc consistency wipes nothing out."""
    start = naive_ac(rows, domains)
    if start is None:
        return set()
    return {
        w
        for w in start[s]
        if naive_ac(rows, [({w} if t == s else d) for t, d in enumerate(start)]) is not None
    }


def ask(
    rows: list[str], words: list[tuple[str, int]], slot: str | None, **fields: Any
) -> dict[str, Any]:
    source = IndexWords({"small": WordIndex.build(words)})
    timeout = fields.pop("timeout", 30)
    raw = {"grid": rows, "list": "small", "options": {"timeout": timeout}, **fields}
    if slot is not None:
        raw["slot"] = slot
    request = parse_suggestion(raw, registry())
    return run_suggestion(request, registry(), source)


CASES = [(name, seed) for name in GRIDS for seed in range(3)]


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_candidates_match_brute_force(name: str, seed: int) -> None:
    words, planted = random_list(seed, {"open3": 30, "corners4": 40}.get(name, 60), GRIDS[name])
    rows = given(GRIDS[name], seed, planted)
    domains = domains_of(rows, words, 0)
    solutions = list(fills(rows, domains))
    slots = Grid.from_rows(rows).slots()
    for s, slot in enumerate(slots):
        answer = ask(rows, words, slot.id, limit=1000, verify=True, min_score=0)
        found = {c["word"]: c for c in answer["candidates"]}
        in_fills = {fill[s] for fill in solutions}
        assert in_fills <= set(found), (rows, slot.id)
        assert set(found) == naive_viable(rows, domains, s), (rows, slot.id)
        assert answer["total"] == len(found) and answer["total_exact"]
        for word, candidate in found.items():
            assert candidate["fillable"] is (word in in_fills), (rows, slot.id, word)
        assert answer["slot"]["pattern"] == Grid.from_rows(rows).pattern(slot)
        keys = [(-(c["score"] // 10), -c["choice"]) for c in answer["candidates"]]
        assert keys == sorted(keys)


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_health_is_the_naive_fixpoint(name: str, seed: int) -> None:
    words = random_list(seed + 10, 40, GRIDS[name])[0]
    rows = given(GRIDS[name], seed, None)
    domains = domains_of(rows, words, 20)
    health = ask(rows, words, None, min_score=20)["health"]
    fixpoint = naive_ac(rows, domains)
    slots = Grid.from_rows(rows).slots()
    assert health["consistent"] is (fixpoint is not None)
    if fixpoint is None:
        dead = {slot.id for slot, d in zip(slots, domains, strict=True) if not d}
        assert health["dead_slots"] and (not dead or set(health["dead_slots"]) == dead)
        return
    assert health["dead_slots"] == []
    assert [s["count"] for s in health["slots"]] == [len(d) for d in fixpoint]
    for s, slot in enumerate(slots):
        for p, (r, c) in enumerate(slot.cells):
            assert set(health["cells"][r][c]) <= {w[p] for w in fixpoint[s]}
            assert health["cells"][r][c] == "".join(
                sorted(
                    set.intersection(*({w[q] for w in fixpoint[t]} for t, q in _at(slots, r, c)))
                )
            )
    forced = {(f["row"], f["col"]): f["letter"] for f in health["forced"]}
    for r, row in enumerate(health["cells"]):
        for c, letters in enumerate(row):
            blank = rows[r][c] == "."
            assert ((r, c) in forced) is (blank and letters is not None and len(letters) == 1)


def _at(slots: list[Any], r: int, c: int) -> list[tuple[int, int]]:
    return [(t, slot.cells.index((r, c))) for t, slot in enumerate(slots) if (r, c) in slot.cells]


def test_a_slot_no_word_fits_is_dead_and_nothing_is_suggested() -> None:
    words = [("CAT", 50), ("ARE", 50), ("TEA", 50), ("OAR", 50)]
    answer = ask(["QQ.", "...", "..."], words, "1D")
    assert answer["health"]["consistent"] is False
    assert set(answer["health"]["dead_slots"]) == {"1A", "1D", "2D"}
    assert answer["candidates"] == [] and answer["total"] == 0


def test_a_cut_count_is_estimated_within_its_bounds() -> None:
    words = random_list(3, 200, GRIDS["open4"])[0]
    answer = ask(GRIDS["open4"], words, "1A", limit=2, min_score=0)
    assert len(answer["candidates"]) == 2
    assert 2 <= answer["total"] <= answer["arc_consistent"]
    assert all(c["viable"] is True for c in answer["candidates"])
    short = ask(GRIDS["open4"], words, "1A", limit=2, timeout=0, min_score=0)
    assert not short["total_exact"] and short["total"] == short["arc_consistent"]


def test_out_of_time_the_words_not_yet_checked_are_returned_as_unknown() -> None:
    words, _ = random_list(3, 200, GRIDS["open4"])
    short = ask(GRIDS["open4"], words, "1A", limit=3, timeout=0, min_score=0)
    assert [c["viable"] for c in short["candidates"]] == [None] * 3
    assert all(c["choice"] is None and c["crossings"] == {} for c in short["candidates"])
    rows = GRIDS["open4"]
    fixpoint = naive_ac(rows, domains_of(rows, words, 0))
    assert fixpoint is not None
    assert {c["word"] for c in short["candidates"]} <= fixpoint[0]


def test_a_slot_outside_the_grid_is_refused() -> None:
    from crossforge.plugins.job_requests import RequestError

    with pytest.raises(RequestError, match="no slot '9A'") as caught:
        ask(GRIDS["open3"], random_list(1, 30, GRIDS["open3"])[0], "9A")
    assert caught.value.field == "slot"


def test_the_timeout_is_capped_by_the_time_limit_and_defaults_to_it() -> None:
    from crossforge.plugins.suggestions import DEFAULT_TIMEOUT

    raw = {"grid": GRIDS["open3"], "options": {"timeout": 100}}
    assert parse_suggestion(raw, registry(), time_limit=0.5).timeout == 0.5
    assert parse_suggestion({"grid": GRIDS["open3"]}, registry(), time_limit=0.5).timeout == 0.5
    assert parse_suggestion({"grid": GRIDS["open3"]}, registry()).timeout == DEFAULT_TIMEOUT


def test_own_fields_may_be_options_but_not_both() -> None:
    from crossforge.plugins.job_requests import RequestError

    request = parse_suggestion(
        {"grid": GRIDS["open3"], "options": {"slot": "4A", "limit": 3}}, registry()
    )
    assert (request.slot, request.limit, request.verify) == ("4A", 3, False)
    with pytest.raises(RequestError, match="both"):
        parse_suggestion(
            {"grid": GRIDS["open3"], "slot": "1A", "options": {"slot": "4A"}}, registry()
        )
