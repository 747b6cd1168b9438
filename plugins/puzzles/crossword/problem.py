"""The crossword as a constraint problem: entries take words, crossing cells agree.

Variables are the grid's slots; a slot's values are the positions of the words of its
length in a ``WordTable`` (the word index's bucket, plus any locked or allowed word the
list lacks). Constraints: crossing letters are equal, and (on by default) no two entries
hold the same word. ``propagate`` enforces arc consistency on letter sets with numpy.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

import numpy as np

from crossforge.plugins.bits import set_bits
from crossforge.plugins.contract import Domains, InputError, Objective, Problem, TableForm
from crossforge.plugins.puzzles.crossword.clashes import ClashIndex, ClashRule, clash_index
from crossforge.plugins.puzzles.crossword.tables import (
    FactCache,
    Facts,
    WordTable,
    extended_table,
    shared_table,
)

Cell = tuple[int, int]
BLOCK = "#"
OPEN = "."


class SlotLike(Protocol):
    """What the problem needs of a slot (``crossforge.grids.model.Slot`` fits)."""

    @property
    def number(self) -> int: ...

    @property
    def direction(self) -> str: ...

    @property
    def cells(self) -> tuple[Cell, ...]: ...

    @property
    def id(self) -> str: ...


class CrosswordError(InputError):
    """A crossword request that cannot become a problem (bad word, letter or entry)."""


class CrosswordProblem(Problem):
    """Fill ``slots`` of a grid template with words from ``tables`` (one per length).

    ``template`` rows use ``#`` for blocks, ``.`` for open cells and letters for given
    cells. ``locked`` maps slot indices to their fixed words (added to the candidates when
    the list lacks them); ``allowed`` words pass the minimum score (and join the list when
    missing), ``banned`` words never appear. ``score_band``: scores within the same band
    (of that many points) count as equal when ordering values, so that crossing
    fillability decides among them, and the objective counts entries by band.
    ``clashes``: stricter duplicates (entries sharing a long substring or a stem).
    """

    def __init__(
        self,
        template: Sequence[str],
        slots: Sequence[SlotLike],
        tables: Mapping[int, WordTable],
        alphabet: str,
        *,
        min_score: float = 0,
        score_band: float = 10,
        no_duplicates: bool = True,
        locked: Mapping[int, str] | None = None,
        allowed: Iterable[str] = (),
        banned: Iterable[str] = (),
        clashes: ClashRule | None = None,
    ) -> None:
        allow, ban = list(allowed), list(banned)
        self.template = list(template)
        self.slots = list(slots)
        self.alphabet = alphabet
        self.min_score = min_score
        self.score_band = score_band
        self.no_duplicates = no_duplicates
        self._letter = {ch: i for i, ch in enumerate(alphabet)}
        size = len(alphabet)
        self._size = size
        lengths = sorted({len(slot.cells) for slot in self.slots})
        # Shared with every problem on the same tables; copied here before any append.
        self._tables = {n: shared_table(tables.get(n), n, size) for n in lengths}
        locked = dict(locked or {})
        for index, word in locked.items():
            if not 0 <= index < len(self.slots):
                raise CrosswordError(f"locked entry {index} is not a slot of the grid")
            if len(word) != len(self.slots[index].cells):
                raise CrosswordError(
                    f"locked word {word!r} does not fit {_label(self.slots[index])} "
                    f"({len(self.slots[index].cells)} letters)"
                )
        extra = {w: 0.0 for w in allow}
        extra.update({w: 100.0 for w in locked.values()})
        missing: dict[int, dict[str, float]] = {}
        for word, score in extra.items():
            table = self._tables.get(len(word))
            if table is not None and table.position(word) is None:
                missing.setdefault(len(word), {})[word] = score
        for length, words in missing.items():
            added = tuple(sorted(words.items()))
            self._tables[length] = extended_table(self._tables[length], added, self._encode)
        self._base = {n: self._base_mask(n, allow, ban) for n in self._tables}
        self._slot_table = [self._tables[len(slot.cells)] for slot in self.slots]
        self._locked = {i: self._slot_table[i].position(w) for i, w in locked.items()}
        self.clash_rule = clashes or ClashRule()
        self._clashes: dict[int, ClashIndex] = {}
        if self.clash_rule.active:
            try:
                self._clashes = {
                    n: clash_index(table, self.clash_rule) for n, table in self._tables.items()
                }
            except ValueError as error:
                raise CrosswordError(str(error)) from None
        self._build_crossings()

    # -- construction -------------------------------------------------------------

    def _encode(self, word: str) -> np.ndarray:
        try:
            return np.array([self._letter[ch] for ch in word], dtype=np.uint8)
        except KeyError as err:
            raise CrosswordError(
                f"word {word!r}: letter {err.args[0]!r} is not in the alphabet"
            ) from None

    def _base_mask(self, length: int, allowed: list[str], banned: list[str]) -> np.ndarray:
        """Words of ``length`` at or above the minimum score or allowed, and not banned."""
        table = self._tables[length]
        mask = table.scores >= self.min_score
        for words, keep in ((allowed, True), (banned, False)):
            for word in words:
                position = table.position(word) if len(word) == length else None
                if position is not None:
                    mask[position] = keep
        return mask

    def _build_crossings(self) -> None:
        at: dict[Cell, list[tuple[int, int]]] = {}
        for s, slot in enumerate(self.slots):
            for p, cell in enumerate(slot.cells):
                at.setdefault(cell, []).append((s, p))
        self._cells_at = at
        self._crossings: list[list[tuple[int, int, int]]] = [[] for _ in self.slots]
        for sharing in at.values():
            for s, p in sharing:
                for t, q in sharing:
                    if t != s:
                        self._crossings[s].append((p, t, q))
        self._neighbours = [sorted({t for _, t, _ in c}) for c in self._crossings]
        self._cross_at: list[list[list[tuple[int, int]]]] = [
            [[] for _ in slot.cells] for slot in self.slots
        ]
        for s, crossings in enumerate(self._crossings):
            for p, t, q in crossings:
                self._cross_at[s][p].append((t, q))
        by_length: dict[int, list[int]] = {}
        for s, slot in enumerate(self.slots):
            by_length.setdefault(len(slot.cells), []).append(s)
        self._same_length = [
            [t for t in by_length[len(slot.cells)] if t != s] for s, slot in enumerate(self.slots)
        ]
        self._facts = FactCache()
        self._last: list[Facts | None] = [None] * len(self.slots)
        self._letter_masks: dict[int, np.ndarray] = {}
        self._initial: Domains | None = None

    # -- the contract -------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.slots)

    def initial_domains(self) -> Domains:
        if self._initial is None:
            domains = []
            for s, slot in enumerate(self.slots):
                table = self._slot_table[s]
                mask = self._base[len(slot.cells)]
                if s in self._locked:
                    mask = np.zeros_like(mask)
                    mask[self._locked[s]] = True
                for p, (r, c) in enumerate(slot.cells):
                    ch = self.template[r][c]
                    if ch not in (OPEN, BLOCK):
                        if ch not in self._letter:
                            raise CrosswordError(
                                f"given letter {ch!r} at row {r + 1}, column {c + 1} "
                                "is not in the alphabet"
                            )
                        mask = mask & (table.columns[p] == self._letter[ch])
                domains.append(mask)
            self._initial = domains
        return list(self._initial)

    def neighbours(self, var: int) -> Sequence[int]:
        """Slots crossing ``var`` (the no-duplicates rule is global, not listed here)."""
        return self._neighbours[var]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return self._propagate(domains, changed, None)

    def propagate_explained(
        self, domains: Domains, changed: Sequence[int], reasons: list[int]
    ) -> int | None:
        return self._propagate(domains, changed, reasons)

    def _fact(self, s: int, mask: np.ndarray) -> Facts:
        """The facts of slot ``s``'s mask (the last one asked is kept at hand)."""
        last = self._last[s]
        if last is not None and last.ref() is mask:
            return last
        found = self._facts.get(mask, self._slot_table[s])
        self._last[s] = found
        return found

    def _indices(self, s: int, mask: np.ndarray) -> np.ndarray:
        return self._fact(s, mask).idx

    def _propagate(
        self, domains: Domains, changed: Sequence[int], reasons: list[int] | None
    ) -> int | None:
        """Arc consistency on letter sets, working on changes only.

        When a slot's letter set at a cell shrinks, the slot crossing it there is revised:
        it drops the candidates with a letter no longer allowed at that cell. A slot
        reduced to one word removes that word from the other slots of its length (no
        duplicates). Slots with fewer candidates are revised first: wipe-outs show sooner.
        """
        pending: list[tuple[int, list[int] | None]] = [(s, None) for s in dict.fromkeys(changed)]
        queue: list[tuple[int, int]] = []
        dirty: dict[int, int] = {}
        while pending or queue:
            while pending:
                s, before = pending.pop()
                facts = self._fact(s, domains[s])
                if facts.size == 0:
                    return s
                if facts.size == 1 and self.no_duplicates:
                    wiped = self._exclude(s, int(facts.idx[0]), domains, reasons, pending)
                    if wiped is not None:
                        return wiped
                if facts.size == 1 and self._clashes:
                    wiped = self._exclude_clashes(s, int(facts.idx[0]), domains, reasons, pending)
                    if wiped is not None:
                        return wiped
                after = facts.sets
                for p, t, q in self._crossings[s]:
                    if before is not None and after[p] == before[p]:
                        continue
                    # Sets only shrink: a crossing that loses nothing now is not revised.
                    crossing = self._fact(t, domains[t])
                    if not crossing.sets[q] & ~after[p]:
                        continue
                    if t not in dirty:
                        heapq.heappush(queue, (crossing.size, t))
                        dirty[t] = 0
                    dirty[t] |= 1 << q
            if queue:
                t = heapq.heappop(queue)[1]
                before = self._fact(t, domains[t]).sets
                if self._revise(t, dirty.pop(t), domains, reasons):
                    pending.append((t, before))
        return None

    def _revise(self, t: int, positions: int, domains: Domains, reasons: list[int] | None) -> bool:
        """Drop the candidates of ``t`` with a letter the crossing slot no longer allows at
        one of ``positions`` (a bit set); True if any went."""
        mask = domains[t]
        facts = self._fact(t, mask)
        sets = facts.sets
        losses = []
        blame = 0
        for q in set_bits(positions):
            for u, p in self._cross_at[t][q]:
                lost = sets[q] & ~self._fact(u, domains[u]).sets[p]
                if lost:
                    losses.append((q, lost))
                    if reasons is not None:
                        blame |= reasons[u]
        if not losses:
            return False
        table = self._slot_table[t]
        size = facts.size
        within = facts.known
        if len(losses) == 1:
            q, lost = losses[0]
            letters = set_bits(lost)
            if table.total(q, letters) <= size:
                listed = table.with_letters(q, letters)
                removed = listed[mask[listed]]
            else:
                idx = facts.idx
                drop = self._letter_mask(lost)[table.columns[q][idx]]
                removed = idx[drop]
                within = idx[~drop]
        else:
            idx = facts.idx
            drop = self._letter_mask(losses[0][1])[table.columns[losses[0][0]][idx]]
            for q, lost in losses[1:]:
                drop |= self._letter_mask(lost)[table.columns[q][idx]]
            removed = idx[drop]
            within = idx[~drop]
        dropping = int(removed.size)
        narrowed = mask.copy()
        narrowed[removed] = False
        domains[t] = narrowed
        if reasons is not None:
            reasons[t] |= blame
        kept = size - dropping
        counts = facts.counts - table.counts_of(removed) if dropping <= kept else None
        self._last[t] = self._facts.narrowed(narrowed, table, kept, counts, within)
        return True

    def _letter_mask(self, bits: int) -> np.ndarray:
        """A boolean array over the alphabet with the letters of ``bits`` set (cached:
        the same few letter sets are lost over and over)."""
        flags = self._letter_masks.get(bits)
        if flags is None:
            if len(self._letter_masks) >= 4096:
                self._letter_masks.clear()
            flags = np.zeros(self._size, dtype=bool)
            flags[set_bits(bits)] = True
            self._letter_masks[bits] = flags
        return flags

    def _exclude(
        self,
        s: int,
        word: int,
        domains: Domains,
        reasons: list[int] | None,
        pending: list[tuple[int, list[int] | None]],
    ) -> int | None:
        """Remove the word ``s`` holds from every other slot of its length."""
        table = self._slot_table[s]
        for t in self._same_length[s]:
            mask = domains[t]
            if mask[word]:
                facts = self._fact(t, mask)
                before = facts.sets
                counts = facts.counts.copy()
                counts.reshape(-1)[table.flat[word]] -= 1
                narrowed = mask.copy()
                narrowed[word] = False
                domains[t] = narrowed
                self._last[t] = self._facts.narrowed(
                    narrowed, table, facts.size - 1, counts, facts.known
                )
                if reasons is not None:
                    reasons[t] |= reasons[s]
                if facts.size == 1:
                    return t
                pending.append((t, before))
        return None

    def _exclude_clashes(
        self,
        s: int,
        word: int,
        domains: Domains,
        reasons: list[int] | None,
        pending: list[tuple[int, list[int] | None]],
    ) -> int | None:
        """Remove from every other slot the words that clash with the word ``s`` holds
        (a shared substring or stem, ``clashes``)."""
        keys = self._clashes[len(self.slots[s].cells)].keys_of(word)
        if not keys.size:
            return None
        for t in range(self.size):
            if t == s:
                continue
            rows = self._clashes[len(self.slots[t].cells)].clashing(keys)
            mask = domains[t]
            hit = rows[mask[rows]]
            if hit.size == 0:
                continue
            facts = self._fact(t, mask)
            narrowed = mask.copy()
            narrowed[hit] = False
            domains[t] = narrowed
            if reasons is not None:
                reasons[t] |= reasons[s]
            if facts.size == hit.size:
                return t
            pending.append((t, facts.sets))
        return None

    def clashing_pairs(self, assignment: Sequence[int | None]) -> list[tuple[int, int]]:
        """Pairs of slots whose words clash under ``clashes`` (a shared substring or
        stem); empty when the rule is off."""
        if not self._clashes:
            return []
        keys = [
            set() if value is None else set(self._clashes[len(slot.cells)].keys_of(value).tolist())
            for slot, value in zip(self.slots, assignment, strict=True)
        ]
        return [
            (s, t) for s in range(self.size) for t in range(s + 1, self.size) if keys[s] & keys[t]
        ]

    def value_order(
        self, var: int, domains: Domains, rng: random.Random | None = None
    ) -> np.ndarray:
        """Higher score first (scores in the same ``score_band`` count as equal); among
        equals, words whose crossing letters leave the crossing slots the most candidates
        (randomised among near-equals with ``rng``)."""
        table = self._slot_table[var]
        idx = self._indices(var, domains[var])
        if idx.size <= 1:
            return idx
        fill = np.zeros(idx.size)
        for p, t, q in self._crossings[var]:
            crossing = self._fact(t, domains[t])
            if crossing.size > 1:
                fill += np.log1p(crossing.counts[q])[table.columns[p][idx]]
        if rng is not None:
            noise = np.random.default_rng(rng.getrandbits(32)).random(idx.size)
            fill += noise * 0.5
        bands = np.floor(table.scores[idx] / self.score_band)
        order = np.lexsort((-fill, -bands))
        return idx[order]

    def table_form(self) -> TableForm | None:
        """Slots take rows of their length's table; crossing cells hold equal letters;
        with no duplicates, slots of one length take different rows. Preference is the
        score band, as in ``value_order``. Codes, bands and letter bitsets are the shared
        tables' own (the word index's, for its buckets): nothing per word is built here."""
        if self._size > 64 or any(len(slot.cells) > 64 for slot in self.slots):
            return None  # the compiled search keeps letters and positions in 64-bit sets
        crossings = [
            (s, p, t, q) for s, crossing in enumerate(self._crossings) for p, t, q in crossing
        ]
        bands = {n: table.preference(self.score_band) for n, table in self._tables.items()}
        return TableForm(
            codes=[table.codes for table in self._slot_table],
            crossings=np.array(crossings, dtype=np.int32).reshape(-1, 4),
            groups=[t.length if self.no_duplicates else -1 for t in self._slot_table],
            preference=[bands[t.length] for t in self._slot_table],
            alphabet_size=self._size,
            bits=[table.bits for table in self._slot_table],
            clashes=[self._clashes[t.length].table for t in self._slot_table]
            if self._clashes
            else None,
        )

    def cut_rare(self, domains: Domains, fraction: float) -> Domains:
        """Drop words putting, at a crossing, a letter that fewer than ``fraction`` of the
        crossing slot's candidates have there (the Canadian-crossword article, decision 7)."""
        cut = list(domains)
        for s in range(self.size):
            table = self._slot_table[s]
            idx = self._indices(s, domains[s])
            keep = np.ones(idx.size, dtype=bool)
            for p, t, q in self._crossings[s]:
                crossing = self._fact(t, domains[t])
                rare = crossing.counts[q] < fraction * crossing.size
                keep &= ~rare[table.columns[p][idx]]
            if not keep.all():
                narrowed = np.zeros_like(domains[s])
                narrowed[idx[keep]] = True
                cut[s] = narrowed
        return cut

    # -- grading, for the metaheuristics --------------------------------------------

    def _violations(self, assignment: Sequence[int | None], vars: Iterable[int]) -> float:
        """Violations touching ``vars``: disagreeing crossings, repeated words and words
        outside the slot's initial domain (banned, below min score, against a given)."""
        initial = self.initial_domains()
        focus = set(vars)
        total = 0.0
        seen: set[tuple[int, int]] = set()
        for s in focus:
            value = assignment[s]
            if value is None:
                continue
            if not initial[s][value]:
                total += 1
            codes = self._slot_table[s].codes[value]
            for p, t, q in self._crossings[s]:
                other = assignment[t]
                pair = (min(s, t), max(s, t))
                if other is None or pair in seen:
                    continue
                seen.add(pair)
                if codes[p] != self._slot_table[t].codes[other][q]:
                    total += 1
        if self.no_duplicates:
            lengths: set[int] = set()
            for s in focus:
                if len(self.slots[s].cells) not in lengths:
                    lengths.add(len(self.slots[s].cells))
                    words = [assignment[t] for t in (s, *self._same_length[s])]
                    words = [w for w in words if w is not None]
                    total += len(words) - len(set(words))
        if self._clashes:
            total += sum(1 for s, t in self.clashing_pairs(assignment) if s in focus or t in focus)
        return total

    def cost(self, assignment: Sequence[int]) -> float:
        return self._violations(assignment, range(self.size))

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        return float(self.value_conflicts(assignment, var, np.array([value]))[0])

    def value_conflicts(
        self, assignment: Sequence[int], var: int, values: np.ndarray
    ) -> np.ndarray:
        """Per value: disagreeing crossings, other entries holding the same word, and 1
        when the word is outside the slot's initial domain."""
        table = self._slot_table[var]
        values = np.asarray(values, dtype=np.intp)
        total = (~self.initial_domains()[var][values]).astype(float)
        for p, t, q in self._crossings[var]:
            other = assignment[t]
            if other is not None:
                total += table.columns[p][values] != self._slot_table[t].codes[other][q]
        if self.no_duplicates:
            for t in self._same_length[var]:
                if assignment[t] is not None:
                    total += values == assignment[t]
        if self._clashes:
            own = self._clashes[len(self.slots[var].cells)]
            for t, other in enumerate(assignment):
                if t != var and other is not None:
                    keys = self._clashes[len(self.slots[t].cells)].keys_of(other)
                    total += np.isin(values, own.clashing(keys))
        return total

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        trial = list(assignment)
        for var, value in changes.items():
            trial[var] = value
        return self._violations(trial, changes) - self._violations(assignment, changes)

    def compound_moves(
        self, assignment: Sequence[int], rng: random.Random, count: int = 4
    ) -> list[dict[int, int]]:
        """Replace one entry, then re-fit each crossing entry to the new letter (keeping
        as many of its other crossing letters as a candidate can)."""
        initial = self.initial_domains()
        moves = []
        for _ in range(count):
            s = rng.randrange(self.size)
            options = self._indices(s, initial[s])
            if options.size == 0:
                continue
            word = int(options[rng.randrange(options.size)])
            move = {s: word}
            letters = self._slot_table[s].codes[word]
            for p, t, q in self._crossings[s]:
                table = self._slot_table[t]
                fits = self._indices(t, initial[t])
                fits = fits[table.columns[q][fits] == letters[p]]
                if fits.size == 0:
                    continue
                agree = np.zeros(fits.size)
                for p2, u, q2 in self._crossings[t]:
                    if u != s and assignment[u] is not None:
                        theirs = self._slot_table[u].codes[assignment[u]][q2]
                        agree += table.columns[p2][fits] == theirs
                best = fits[agree == agree.max()]
                move[t] = int(best[rng.randrange(best.size)])
            moves.append(move)
        return moves

    def regions(self) -> list[list[int]]:
        """Each entry together with the entries crossing it."""
        return [[s, *self._neighbours[s]] for s in range(self.size)]

    def value_label(self, var: int, value: int) -> str:
        return self._slot_table[var].words[value]

    # -- the objective ----------------------------------------------------------------

    def _scores(self, assignment: Sequence[int | None]) -> np.ndarray:
        return np.array(
            [self._slot_table[s].scores[value] for s, value in enumerate(assignment)],
            dtype=np.float64,
        )

    def _bands(self, scores: np.ndarray) -> np.ndarray:
        return np.floor(scores / self.score_band)

    def objective(self, assignment: Sequence[int]) -> Objective | None:
        """Lexicographic, higher is better: the lowest score band any entry falls in
        (bands of ``score_band`` points), then fewer entries in that band, then the lowest
        score, then the mean score. (The floor, ``min_score``, is a constraint.)"""
        if not self.size:
            return None
        return score_objective(self._scores(assignment), self.score_band)

    def objective_bound(self, domains: Domains) -> tuple[float, ...] | None:
        """The objective every slot's best-scoring candidate would give: no fill within
        ``domains`` beats it (a slot whose best candidate is in the lowest band must
        stay there)."""
        best = []
        for s in range(self.size):
            idx = self._indices(s, domains[s])
            if idx.size == 0:
                return None
            best.append(float(self._slot_table[s].scores[idx].max()))
        if not best:
            return None
        scores = np.array(best)
        bands = self._bands(scores)
        lowest = float(bands.min())
        forced = int(np.count_nonzero(bands == lowest))
        return (lowest, -forced, float(scores.min()), float(scores.mean()))

    def weakest(self, assignment: Sequence[int]) -> list[list[int]]:
        """Each slot of the two lowest score bands the fill uses alone, lowest score
        first (freeing stronger entries seldom pays)."""
        scores = self._scores(assignment)
        bands = self._bands(scores)
        weak = np.unique(bands)[:2]
        return [[int(s)] for s in np.argsort(scores, kind="stable") if bands[s] in weak]

    def improving_domains(
        self, domains: Domains, assignment: Sequence[int], free: Sequence[int], focus: Sequence[int]
    ) -> Domains | None:
        """Slots outside ``free`` keep their words; free slots take words scoring at
        least the fill's lowest score, and stay above its lowest band when they were.
        ``focus`` slots must score higher than now, and leave the lowest band when they
        are in it with others. Every fill left is then at least as good on the band, its
        count and the lowest score, and strictly better when a focus slot was in the
        lowest band (fewer entries there, or its one entry scores higher)."""
        scores = self._scores(assignment)
        bands = self._bands(scores)
        low, lowest = scores.min(), bands.min()
        crowded = np.count_nonzero(bands == lowest) > 1
        narrowed = []
        free_set, focus_set = set(free), set(focus)
        for s, value in enumerate(assignment):
            if s not in free_set:
                only = np.zeros_like(domains[s])
                only[value] = domains[s][value]
                narrowed.append(only)
                continue
            table = self._slot_table[s]
            mask = domains[s] & (table.scores >= low)
            if bands[s] > lowest or (s in focus_set and crowded):
                mask &= table.preference(self.score_band) > lowest
            if s in focus_set:
                mask &= table.scores > scores[s]
            narrowed.append(mask)
        return narrowed

    # -- answers --------------------------------------------------------------------

    def words(self, assignment: Sequence[int | None]) -> list[str | None]:
        """Each slot's word (None where unassigned)."""
        return [
            None if value is None else self._slot_table[s].words[value]
            for s, value in enumerate(assignment)
        ]

    def score(self, var: int, value: int) -> float:
        """The list score of a slot's value."""
        return float(self._slot_table[var].scores[value])

    def candidate_count(self, var: int, domains: Domains) -> int:
        """How many words slot ``var``'s domain in ``domains`` holds."""
        return self._fact(var, domains[var]).size

    def letter_sets(self, var: int, domains: Domains) -> list[int]:
        """Per position of slot ``var``, the letters its candidates in ``domains`` have
        there (bit c set: the alphabet's letter c)."""
        return list(self._fact(var, domains[var]).sets)

    def decode(self, assignment: Sequence[int | None]) -> list[str]:
        """Grid rows: letters of the filled entries, ``#`` blocks, ``.`` unknown cells."""
        rows = [list(row) for row in self.template]
        for s, word in enumerate(self.words(assignment)):
            if word is not None:
                for (r, c), ch in zip(self.slots[s].cells, word, strict=True):
                    rows[r][c] = ch
        return ["".join(row) for row in rows]


def score_objective(scores: np.ndarray, band: float) -> Objective:
    """The crossword objective of a fill whose entries score ``scores`` (at least one),
    bands of ``band`` points (``CrosswordProblem.objective``)."""
    bands = np.floor(scores / band)
    lowest = float(bands.min())
    count = int(np.count_nonzero(bands == lowest))
    low, mean = float(scores.min()), float(scores.mean())
    summary = {
        "lowest_band": [lowest * band, (lowest + 1) * band],
        "in_lowest_band": count,
        "min_score": low,
        "mean_score": round(mean, 3),
    }
    return Objective((lowest, -count, low, mean), summary)


def _label(slot: SlotLike) -> str:
    return f"{slot.number}-{slot.direction}"
