"""Crossword clues written from WordNet's senses: synonyms and shortened glosses, in the
answer's number and tense.

An editor prints short clues: a synonym (``Thought`` for IDEA) or a definition cut to a
phrase (``Horizontal member at the base of a window`` for SILL), and a plural answer gets
a plural clue, a past-tense answer a past-tense one. ``ClueWriter`` writes such clues for
a key's WordNet lemmas and, for a word WordNet only knows as an inflection (``SILLS``,
``RATTED``, ``WENT``), from its lemma's senses with the synonym or the gloss's head
inflected the same way, or not at all: no clue rather than one of the wrong number. A
gloss whose head repeats the answer (``Globular glass with a small top`` for BRANDY
GLASS) takes a hypernym for its head (``Globular container ...``), or loses a modifier
that repeats it (``Reaction in which ...`` for NUCLEAR FISSION); an adverb glossed by its
own adjective takes a related one (``In an unrefined manner`` for CRUDELY).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import cache, partial

from crossforge.wordbase.building.clues.cutting import (
    LONG_CLUE_LENGTH,
    MAX_CLUE_LENGTH,
    MAX_CLUE_WORDS,
    SHORT_CLUE_WORDS,
    GlossCutter,
    clue_words,
)
from crossforge.wordbase.building.clues.inflection import (
    DEGREES,
    UNINFLECTED,
    Inflector,
    Reading,
    degree,
)
from crossforge.wordbase.building.clues.kinds import (
    SenseSignals,
    clue_case,
    sense_level,
    wordnet_clue,
)
from crossforge.wordbase.building.clues.lexicon import (
    MIN_FORM_ZIPF,
    MIN_SYNONYM_ZIPF,
    WRITTEN,
    Lexicon,
)
from crossforge.wordbase.building.clues.names import NameClues
from crossforge.wordbase.building.clues.roots import WORD, repeats_answer
from crossforge.wordbase.building.clues.senses import (
    SYNONYM_SENSES,
    Sense,
    SenseOrder,
    distinct,
    ordered,
)
from crossforge.wordbase.building.english.editor_tags import EditorTags
from crossforge.wordbase.building.english.wordnet import SynsetId, WordNet
from crossforge.wordbase.models import Clue

__all__ = ["SYNONYMS_PER_SENSE", "UNCOUNTED_FILES", "ClueWriter"]

SYNONYMS_PER_SENSE = 2
"""Synonyms kept per sense, so that other senses have their turn."""
UNCOUNTED_FILES = frozenset((7, 12, 19, 26))
"""Lexicographer files of senses a plural seldom means (``noun.attribute``,
``noun.feeling``, ``noun.phenomenon``, ``noun.state``): HEATS are races before forms
of energy."""
DOMINANT_USES = 5
"""Fewer tagged uses say too little of a sense to prefer its long gloss (DUAL: "Double")."""
_ROMAN = re.compile(r"[ivxlcdm]+")
_PARTS = re.compile(r"[ -]")
"""What separates the words of an abbreviation's expansion (*fuel-air explosive*)."""
_SMALL_WORDS = frozenset(("of", "on", "and", "the", "for", "a", "an", "in", "to"))
"""Words an abbreviation may leave out (*United States Department of Agriculture*)."""
_TOO_BROAD = frozenset(
    ("organism", "being", "thing", "object", "whole", "unit", "matter", "arrangement", "tract")
) | {"geographical area", "region", "area"}
_TOO_BROAD |= {"change", "make", "cause", "be", "have", "do", "get", "go", "move", "take"}
"""Hypernyms too broad to clue by (``_broader``; OUTFIELD: no "Geographical area",
DEPERSONALIZING: no "Changing")."""


class ClueWriter:
    """Writes clues for the answers of one WordNet, judging frequency by ``zipfs``
    (wordfreq's Zipf by key, as the default list's build holds it) and leaving out
    synonyms ``tags`` call offensive: by its ``Lexicon``, reading answers and
    inflecting clues by its ``Inflector``, cutting glosses by its ``GlossCutter``,
    ordering senses by its ``SenseOrder`` and signalling them by its ``SenseSignals``."""

    def __init__(
        self, wordnet: WordNet, zipfs: Mapping[str, float], tags: EditorTags | None = None
    ) -> None:
        self.wordnet = wordnet
        self.lexicon = Lexicon(wordnet, zipfs, tags)
        self.inflector = Inflector(self.lexicon)
        self.cutter = GlossCutter(self.lexicon, self.inflector)
        self._order = SenseOrder(self.lexicon)
        self._signals = SenseSignals(self.lexicon)
        self._names = NameClues(self.lexicon)
        self._usual_synonyms = cache(self._synset_synonyms)
        self.zipf = self.lexicon.zipf
        self.avoided = self.lexicon.avoided
        self.readings = self.inflector.readings
        self.forms = self.inflector.forms
        self.inflect_phrase = self.inflector.inflect_phrase
        self.name_clues = self._names.clues

    def clues(
        self, word: str, lemmas: Sequence[str], limit: int, readings: Sequence[Reading] = ()
    ) -> list[Clue]:
        """Up to ``limit`` clues for the answer ``word`` (lower case) whose key WordNet
        knows as ``lemmas``: the lemmas' clues (``senses.ordered``), then those of ``word``
        read as an inflection (by the ``readings`` given, as a phrase's form is read,
        else by its own); none repeats the answer (``repeats_answer``) or another clue, nor
        is longer than ``MAX_CLUE_LENGTH`` (a plural lengthens a gloss). An answer with
        no such clue takes glosses up to ``LONG_CLUE_LENGTH`` (HOTEL: ``Building where
        travelers can pay for lodging and meals and other services``), as does a sense the
        tagged corpora use more than all others together (``_dominant``), then, a word,
        its place in names (``name_clues``). Lemmas come most used first (``Lexicon.uses``); an
        obscure one (``SenseOrder.obscure``) after the readings (ATE: *eat* before the goddess),
        and a person's after the names its word is part of (TED). Each clue records its
        kind and level (``models.CLUE_KINDS``, ``CLUE_LEVELS``): an obscure lemma's are
        hard after clues of a common one."""
        readings = list(readings) or self.readings(word)
        answer = {w for lemma in (word, *lemmas) for w in WORD.findall(lemma.lower())}
        answer.update(w for reading in readings for w in WORD.findall(reading.lemma))
        rare = [lemma for lemma in lemmas if self._order.obscure(lemma, readings)]
        known = sorted((lemma for lemma in lemmas if lemma not in rare), key=self.lexicon.uses)
        found = self._longest_needed(known[::-1], readings, answer, limit)
        tail = self._longest_needed(rare, [], answer, limit, long=not found) if rare else []
        if found:  # a less common sense than those found (ATE: the goddess after *eat*)
            tail = [replace(clue, level="hard") for clue in tail]
        if " " not in word and (any(map(self.lexicon.person, rare)) or not found + tail):
            found += self.name_clues(word, limit)
        if not found + tail:
            found = self._broader_clues([*known[::-1], *rare], readings, answer)
        return distinct(found + tail)[:limit]

    def _broader_clues(
        self, lemmas: Sequence[str], readings: Sequence[Reading], answer: set[str]
    ) -> list[Clue]:
        """The last resort of an answer nothing else clues: the nearest common hypernym
        of its lemmas' most used sense, then of its readings' (inflected like the answer),
        that repeats no answer word (``Lexicon.hypernym_lemmas``; CAMPHOR: ``Resin``; HANDBOOKS:
        ``Reference books``; SPITTOON: ``Receptacle``), a definition at medium level."""
        for lemma in lemmas:
            for sid in self._order.senses(lemma)[:1]:
                for broader in self._broader(sid):
                    if not repeats_answer(answer, broader):
                        return [wordnet_clue(clue_case(broader), "definition", "medium")]
        for reading in readings:
            for sid in self._order.senses(reading.lemma, reading.pos)[:1]:
                for broader in self._broader(sid):
                    form = self.inflect_phrase(broader, reading)
                    if form and not repeats_answer(answer, form):
                        return [wordnet_clue(clue_case(form), "definition", "medium")]
        return []

    def _broader(self, sid: SynsetId) -> Iterator[str]:
        """The broader terms ``_broader_clues`` may take for a noun's or an adjective's
        sense ``sid``: the adjectives it is similar to (NONFAT: *light*), a name's
        class (*archipelago*), then its ``Lexicon.hypernym_lemmas``, common
        (``MIN_FORM_ZIPF``) and none of ``_TOO_BROAD`` (*organism* for STRATEGIST); for
        a verb, its hypernyms' first lemmas that the tagged corpora use as verbs at least
        half as often as otherwise (EMOTE: *act*; not REFRACT's *subject*, a noun first)."""
        if sid[0] == "v":
            for broader in self.lexicon.hypernyms(sid):
                word = self.wordnet.synsets[broader].words[0]
                if WRITTEN.fullmatch(word) and word not in _TOO_BROAD and self._verb_first(word):
                    yield word
            return
        pointers = self.wordnet.synsets[sid].pointers()
        near = [t for sym, t, *_ in pointers if sym in ("&", "@i")]  # similar; a name's class
        found = [self.wordnet.synsets[t].words[0] for t in near]
        found += self.lexicon.hypernym_lemmas(sid, MIN_FORM_ZIPF)
        for word in found:
            usual = word.islower() and WRITTEN.fullmatch(word) is not None
            if usual and word not in _TOO_BROAD and self.lexicon.zipf(word) >= MIN_FORM_ZIPF:
                yield word

    def _verb_first(self, word: str) -> bool:
        """True when the tagged corpora use ``word`` as a verb at least half as often as
        as anything else."""
        senses = self.wordnet.senses.get(word, ())
        uses = [self.wordnet.tagged(word, sid) for sid in senses if sid[0] == "v"]
        other = [self.wordnet.tagged(word, sid) for sid in senses if sid[0] != "v"]
        return bool(uses) and 2 * sum(uses) >= sum(other)

    def _longest_needed(
        self,
        lemmas: Sequence[str],
        readings: Sequence[Reading],
        answer: set[str],
        limit: int,
        long: bool = True,
    ) -> list[Clue]:
        """``_written``'s clues of at most ``MAX_CLUE_LENGTH`` characters or, if there
        are none and ``long``, of at most ``LONG_CLUE_LENGTH``."""
        found = self.wordnet_clue(lemmas, readings, answer, limit, MAX_CLUE_LENGTH)
        if found or not long:
            return found
        return self.wordnet_clue(lemmas, readings, answer, limit, LONG_CLUE_LENGTH)

    def wordnet_clue(
        self,
        lemmas: Sequence[str],
        readings: Sequence[Reading],
        answer: set[str],
        limit: int,
        longest: int,
    ) -> list[Clue]:
        """Up to ``limit`` clues of at most ``longest`` characters (a signal aside) and
        ``MAX_CLUE_WORDS`` words from the ``lemmas``' senses, then the ``readings``'
        (``clues``)."""
        found: dict[str, Clue] = {}
        for lemma in lemmas:
            for clue in ordered(self._lemma_clues(lemma, answer, longest), limit):
                found.setdefault(clue.text.lower(), clue)
        for reading in readings:
            if len(found) >= limit:
                break
            for clue in ordered(self._inflected_clues(reading, answer, longest), limit):
                found.setdefault(clue.text.lower(), clue)
        short = [clue for clue in found.values() if clue_words(clue.text) <= MAX_CLUE_WORDS]
        return short[:limit]

    def _lemma_clues(self, lemma: str, answer: set[str], longest: int) -> Iterator[Sense]:
        """Per sense of ``lemma``, most used first: its synonyms and its gloss of at most
        ``longest`` characters (a noun's with its head made singular where WordNet
        writes it plural: *any of various plants* → ``Plant``), short where it can be
        (``GlossCutter.short``), each with the sense's signal (``SenseSignals.signal``),
        kind and level (``sense_level``)."""
        for rank, sid in enumerate(self._order.senses(lemma)):
            synonyms = self._synonyms(sid, lemma, answer) if rank < SYNONYM_SENSES else []
            synonyms = [*self._expansions(sid, lemma, answer), *synonyms][:SYNONYMS_PER_SENSE]
            glosses = self._lemma_glosses(sid, answer, longest)
            if not glosses and self._dominant(lemma, sid, rank):
                glosses = self._lemma_glosses(sid, answer, LONG_CLUE_LENGTH)
            signal = partial(self._signals.signal, sid, lemma)
            yield (
                [signal(clue_case(s), "synonym", sense_level("synonym", rank)) for s in synonyms],
                [
                    signal(g, "definition", sense_level("definition", rank))
                    for g in self.cutter.short(glosses, sid[0])
                ],
                self.wordnet.tagged(lemma, sid),
            )

    def _lemma_glosses(self, sid: SynsetId, answer: set[str], longest: int) -> list[str]:
        """The cuts of sense ``sid``'s gloss of at most ``longest`` characters, longest
        first down to the first short one, as ``_lemma_clues`` gives them."""
        glosses: list[str] = []
        for cut in self.cutter.cuts(sid):
            gloss = (self.inflector.numbered(cut, plural=False) or cut) if sid[0] == "n" else cut
            if sid[0] == "n" and repeats_answer(answer, gloss):
                gloss = self.cutter.head_replaced(gloss, sid, answer) or gloss
            if sid[0] == "n" and repeats_answer(answer, gloss):
                gloss = self.cutter.modifier_dropped(gloss, answer) or gloss
            if sid[0] == "n" and repeats_answer(answer, gloss):
                gloss = self.cutter.parts_named(gloss, answer) or gloss
            if sid[0] == "r" and repeats_answer(answer, gloss):
                gloss = self.cutter.manner_replaced(gloss, sid, answer) or gloss
            if len(gloss) <= longest and not repeats_answer(answer, gloss):
                glosses.append(gloss)
                if len(gloss.split()) <= SHORT_CLUE_WORDS:
                    break  # _short takes none after it
        return glosses

    def _dominant(self, lemma: str, sid: SynsetId, rank: int) -> bool:
        """True when ``sid`` is ``lemma``'s first sense and the tagged corpora use it
        ``DOMINANT_USES`` times or more, and more than all its others together: a gloss
        up to ``LONG_CLUE_LENGTH`` is better than another sense's (NESTS: not *Kinds of
        gun emplacement*)."""
        own = self.wordnet.tagged(lemma, sid)
        return rank == 0 and own >= DOMINANT_USES and 2 * own > self.lexicon.uses(lemma)

    def _inflected_glosses(
        self, sid: SynsetId, reading: Reading, answer: set[str], longest: int
    ) -> list[str]:
        """The cuts of sense ``sid``'s gloss in the form of ``reading`` of at most
        ``longest`` characters, longest first down to the first short one."""
        glosses: list[str] = []
        for cut in self.cutter.cuts(sid):
            gloss = self.inflector.inflected_gloss(cut, reading)
            if gloss and len(gloss) <= longest and not repeats_answer(answer, gloss):
                glosses.append(gloss)
                if len(gloss.split()) <= SHORT_CLUE_WORDS:
                    break  # _short takes none after it
        return glosses

    def _inflected_clues(self, reading: Reading, answer: set[str], longest: int) -> Iterator[Sense]:
        """Per sense of the reading's lemma and part of speech that writes it in lower
        case, most used first (a plural's senses of ``UNCOUNTED_FILES`` last): its
        synonyms inflected like the answer
        (``inflect_phrase``) and its gloss of at most ``longest`` characters where it can
        be (``Inflector.inflected_gloss``), short where it can be (``GlossCutter.short``)."""
        if reading.lemma in UNINFLECTED:
            return
        senses = self._order.senses(reading.lemma, reading.pos)
        if reading.pos == "n" and reading.suffix == "s":
            senses.sort(key=lambda sid: self.wordnet.synsets[sid].lexfile in UNCOUNTED_FILES)
        for rank, sid in enumerate(senses):
            words = self.wordnet.synsets[sid].words
            if reading.lemma not in words:
                continue  # a name's sense (the Reef): no plural, no verb
            if reading.suffix in DEGREES and any(word.isdigit() for word in words):
                continue  # a numeral (li, 51): no degrees
            synonyms: list[Clue] = []
            if rank < SYNONYM_SENSES:
                for synonym in self._synonyms(sid, reading.lemma, answer)[:SYNONYMS_PER_SENSE]:
                    form = self.inflect_phrase(synonym, reading) or degree(synonym, reading)
                    if form and not repeats_answer(answer, form):
                        level = sense_level("synonym", rank)
                        synonyms.append(wordnet_clue(clue_case(form), "synonym", level))
            glosses = self._inflected_glosses(sid, reading, answer, longest)
            if not glosses and self._dominant(reading.lemma, sid, rank):
                glosses = self._inflected_glosses(sid, reading, answer, LONG_CLUE_LENGTH)
            level = sense_level("definition", rank)
            yield (
                synonyms,
                [
                    wordnet_clue(g, "definition", level)
                    for g in self.cutter.short(glosses, reading.pos)
                ],
                self.wordnet.tagged(reading.lemma, sid),
            )

    def _synonyms(self, sid: SynsetId, lemma: str, answer: set[str]) -> list[str]:
        """The other lemmas of synset ``sid`` that are at least ``MIN_SYNONYM_ZIPF``
        frequent, have ``sid`` among their ``SYNONYM_SENSES`` most used senses, as their
        first (a phrase: only) sense or one the tagged corpora use (not *bore*, whose
        fourth sense is the tidal bore, nor *eager*, never tagged so), are not offensive,
        and share no stem with the ``answer`` words; single words first (a phrase of
        common words is no common phrase: *or so*), most frequent first. None where
        ``lemma`` is an acronym (``RAM``: not *random memory* for RAMS), and none that
        ``lemma`` is a clipping of (``advertisement`` for AD)."""
        words = self.wordnet.synsets[sid].words
        if any(w.lower() == lemma and w.isupper() and len(w) > 1 for w in words):
            return []
        return [
            other
            for other in self._usual_synonyms(sid)
            if not other.lower().startswith(lemma) and not repeats_answer(answer, other)
        ]

    def _expansions(self, sid: SynsetId, lemma: str, answer: set[str]) -> list[str]:
        """What ``lemma`` abbreviates where sense ``sid`` writes it in capitals: the
        synset's lemmas of two words or more whose initials, or those of their content
        words, spell it (CPA: *certified public accountant*; USDA: *United States
        Department of Agriculture*), the way an editor clues an abbreviation (``Return on
        investment, for short``, not *Amount, expressed as a percentage, for short*)."""
        words = self.wordnet.synsets[sid].words
        if not any(w.lower() == lemma and w.isupper() and len(w) > 1 for w in words):
            return []
        found = []
        for other in words:
            parts = [p for p in _PARTS.split(other.lower()) if p]
            content = [p for p in parts if p not in _SMALL_WORDS]
            spelled = lemma in ("".join(p[0] for p in parts), "".join(p[0] for p in content))
            if len(parts) > 1 and spelled and not repeats_answer(answer, other):
                found.append(other)
        return found

    def _synset_synonyms(self, sid: SynsetId) -> list[str]:
        """The lemmas of ``sid`` that ``_synonyms`` may offer for any answer, in order;
        not one written in capitals, nor a Roman numeral of a number (``ii`` for TWO)."""
        numeral = any(word.isdigit() for word in self.wordnet.synsets[sid].words)
        found = []
        for other in self.wordnet.synsets[sid].words:
            lower = other.lower()
            senses = self.wordnet.senses[lower]
            usual = sid == senses[0] and (len(senses) == 1 or " " not in lower)
            if sid not in senses[:SYNONYM_SENSES] or not WRITTEN.fullmatch(lower):
                continue
            if other.isupper() or (numeral and _ROMAN.fullmatch(lower)):
                continue  # II, ii, RAM: "Ii" and "Ram" as clues
            if not usual and not self.wordnet.tagged(lower, sid):
                continue
            zipf = self.lexicon.zipf(other)
            if zipf >= MIN_SYNONYM_ZIPF and not self.lexicon.offensive(other):
                found.append((" " not in other, zipf, other))
        return [other for *_, other in sorted(found, reverse=True)]
