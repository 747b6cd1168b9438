"""Sense choice: the sense a solver knows first comes first, and clues alternate
synonyms and definitions in that order.

WordNet's tag counts rank a lemma's senses (FLAT: the *apartment* before the *flat
tire*), a lemma no tagged corpus uses comes after a common reading of the answer (ATE:
*eat* before the goddess), and ``ordered`` interleaves the clues of the senses.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, partial

from crossforge.wordbase.building.clues.cutting import SHORT_CLUE_WORDS
from crossforge.wordbase.building.clues.inflection import Reading
from crossforge.wordbase.building.clues.lexicon import Lexicon
from crossforge.wordbase.building.english.wordnet import SynsetId
from crossforge.wordbase.models import Clue

__all__ = ["SYNONYM_SENSES", "VULGAR_WORDS", "Sense", "SenseOrder", "distinct", "ordered"]

SYNONYM_SENSES = 3
"""Synonyms come from a lemma's most used senses only (WordNet orders them by use)."""
RARE_LEMMA = 50
"""A lemma its participle's verb outnumbers this many times in the tagged corpora is obscure."""
VULGAR_WORDS = 2
"""A sense whose synset holds this many avoided words, one offensive, is never clued
where its lemma has another (``SenseOrder._vulgar``)."""
Sense = tuple[list[Clue], list[Clue], int]
"""The synonym clues and gloss clues of one sense, and how often the tagged corpora use
the answer's lemma in it."""


def distinct(clues: Iterable[Clue]) -> list[Clue]:
    """``clues`` in order, each text once (the first clue of a text is kept)."""
    found: dict[str, Clue] = {}
    for clue in clues:
        found.setdefault(clue.text, clue)
    return list(found.values())


def ordered(senses: Iterable[Sense], limit: int) -> list[Clue]:
    """The clues of senses given most used first, the most used sense's first, then
    alternating synonyms and glosses (``Thought``, ``Content of cognition``, ``Mind``),
    each kind in sense order, the first synonym of each sense before the second of any;
    senses are read until ``limit`` of each kind are found (or of glosses, past the
    senses synonyms come from). A synonym of a sense used as much comes before a first
    definition of more than ``SHORT_CLUE_WORDS`` words (RANT: ``Spout``; not ADAM's
    *Hug drug* before the first man)."""
    found: list[tuple[int, int, int, Clue]] = []
    counts = [0, 0]
    uses: list[int] = []
    for rank, (synonyms, glosses, used) in enumerate(senses):
        uses.append(used)
        for kind, clues in enumerate((synonyms, glosses)):
            found.extend((kind, k, rank, clue) for k, clue in enumerate(clues))
            counts[kind] += len(clues)
        if counts[1] >= limit and (counts[0] >= limit or rank + 1 >= SYNONYM_SENSES):
            break  # no synonyms come from later senses
    found.sort(key=lambda f: (f[1], f[2]))
    queue = [(kind, clue) for kind, *_, clue in found]
    if found and found[0][0] == 1 and len(found[0][3].text.split()) > SHORT_CLUE_WORDS:
        least = uses[found[0][2]]
        at = next((i for i, f in enumerate(found) if f[0] == 0 and uses[f[2]] >= least), 0)
        queue.insert(0, queue.pop(at))  # a synonym before a long definition
    ordered: list[Clue] = []
    last = -1
    while queue:
        k = next((k for k, (kind, _) in enumerate(queue) if kind != last), 0)
        last, clue = queue.pop(k)
        ordered.append(clue)
    return ordered


class SenseOrder:
    """Orders the senses of one ``Lexicon``'s lemmas, most used first."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.wordnet = lexicon.wordnet
        self._sense_order = cache(self._ordered_senses)

    def senses(self, lemma: str, pos: str | None = None) -> list[SynsetId]:
        """``lemma``'s senses (of part of speech ``pos`` if given) in ``_ordered_senses``'s
        order."""
        return [sid for sid in self._sense_order(lemma) if pos in (None, sid[0])]

    def _ordered_senses(self, lemma: str) -> tuple[SynsetId, ...]:
        """``lemma``'s senses but vulgar ones (``_vulgar``) where it has others, most
        used first: by the tagged corpora's count of
        ``lemma`` in each, then, for senses they never use it in, by their count of the
        sense's other lemmas (FLAT: the *apartment* before the *flat tire*;
        ``_familiarity``)."""
        found = self.wordnet.senses.get(lemma, ())
        printable = [sid for sid in found if not self._vulgar(sid)] or found
        return tuple(sorted(printable, key=partial(self._familiarity, lemma)))

    def _vulgar(self, sid: SynsetId) -> bool:
        """True when sense ``sid`` fails the breakfast test: its synset holds a word the
        editor tags call offensive and ``VULGAR_WORDS`` they avoid (TART: the
        prostitute, beside *whore*, *harlot*, *bawd*; not FOOL beside one *twat*)."""
        words = self.wordnet.synsets[sid].words
        avoided = sum(map(self.lexicon.avoided, words))
        return avoided >= VULGAR_WORDS and any(map(self.lexicon.offensive, words))

    def _familiarity(self, lemma: str, sid: SynsetId) -> tuple[int, int, bool]:
        """How well solvers know ``lemma`` in sense ``sid``, as a sort key (``senses``):
        untagged senses last, by their other lemmas' tag counts, then those that name
        the sense by another word first (PESTLE: a *stamp*) after those it names."""
        tagged = self.wordnet.tagged
        own = tagged(lemma, sid)
        words = [w.lower() for w in self.wordnet.synsets[sid].words]
        if own:
            return 0, -own, False
        return 1, -sum(tagged(other, sid) for other in words if other != lemma), words[0] != lemma

    def obscure(self, lemma: str, readings: Sequence[Reading]) -> bool:
        """True when no tagged corpus uses ``lemma`` and it is a name (*Ate*, a goddess;
        *Ted*, a Teddy boy) or the answer reads as a form of a lemma they do use (ROADS:
        *road*, before *roads* as a roadstead), or a participle of a verb they use
        ``RARE_LEMMA`` times as often (STARTING: *start*, before the bulging eyes)."""
        own = self.lexicon.uses(lemma)
        if own:  # STARTING: the verb *start* far more than the bulging eyes
            participles = [r for r in readings if r.pos == "v" and r.suffix in ("ing", "ed")]
            return any(self.lexicon.uses(r.lemma) > own * RARE_LEMMA for r in participles)
        return self.wordnet.is_proper(lemma) or any(self.lexicon.uses(r.lemma) for r in readings)
