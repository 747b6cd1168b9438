"""The crossword-worthiness score of the default lists: frequency, corrected by what a
dictionary says about the word.

Each key gets ``Signals`` and ``crossword_score`` turns them into 1–100:

1. **Frequency** (``frequency_score``): ``20 × (zipf + length adjustment − 1)``, the
   length-aware mapping of ``crossforge.wordbase.building.defaults`` (5 letters at Zipf 3.5 → 50).
   A phrase's Zipf is wordfreq's estimate for the whole string (which is close to that
   of its rarest word) less ``PHRASE_DISCOUNT`` per word after the first.
2. **Dictionary** (WordNet 3.0, which holds content words only, and the reviewed list of
   the words it leaves out, ``defaults.FUNCTION_WORDS``: prepositions, pronouns,
   interjections, archaic forms, letter names, contractions: ``ERE``, ``AHA``, ``ESS``):
   a lemma, a listed word or an inflection WordNet derives gets ``KNOWN_BONUS``; a word
   neither knows loses up to ``UNKNOWN_PENALTY`` (full below Zipf 4, none from Zipf 5).
   A multi-word lemma (``AT A LOSS``) gets ``PHRASE_BONUS``.
   A dictionary word that wordfreq attests (Zipf above 0), is no name and has a vowel
   keeps more of its frequency score: below ``DICTIONARY_PIVOT`` it falls at
   ``DICTIONARY_SLOPE`` of the rate (``dictionary_frequency``), because rarity in
   running text says little about a headword's worth as fill (``JOUST``, ``SPURN``,
   ``OAR``, ``EPEE``, ``STET``). A doubtful form keeps the plain slope: an inflection
   WordNet derives by rule alone (in no exception list) at least ``INFLECTION_GAP`` Zipf
   rarer than its lemma (``LASTEST``, ``LORDES``) unless English spelling vouches for
   it (a verb or graded adjective form that drops the lemma's final *e*: ``CLUING``,
   ``EYING``, ``POLITER``; ``defaults.vouched_inflection``), or a lemma that only
   respells a synonym one edit away at least ``MISSPELLING_GAP`` more frequent
   (``SCAREY`` beside ``SCARY``).
3. **Part of speech and names**: WordNet's parts of speech make a word known; a lemma
   WordNet writes capitalized in every sense is a name (``PARIS``) and loses
   ``NAME_PENALTY``, unless it is written in capitals and abbreviates a common noun
   WordNet lists beside it (``ENE``: *east northeast*; ``EKG``; ``TKO``).
   A name WordNet writes in title case (``Esau``, ``Enid``, not ``AARP``, ``IgG``: an
   ``acronym``) of at most ``SHORT_LENGTH`` letters gets the dictionary slope too: a
   short name a dictionary defines is fair short fill (``ESAU``, ``OVID``, ``ODER``).
   A single-word lemma (not an inflection, a name, a vowelless key, a Roman numeral or
   a doubtful form) of at most ``SHORT_LENGTH`` letters scores at least
   ``SHORT_HEADWORD_FLOOR`` whatever its frequency (``ANOA``, ``ETUI``, ``OAST``,
   ``ZARF``), and one of ``FLOOR_LENGTH`` letters if wordfreq attests it at all
   (``SKIRL``, ``TOPER``, ``LATKE``): crossword fill of the dictionary that running text
   hardly uses. An abbreviation WordNet defines beside a common noun (no name) of at most
   ``SHORT_LENGTH`` letters that wordfreq rates at least ``KNOWN_ABBREVIATION_ZIPF`` gets
   the dictionary slope too (``ENE``, ``VCR``, ``DDT``, ``TKO``): initialisms people know;
   and so does a ``famous`` name of any length (a person or place WordNet lists as an
   instance, by its first name in the synset) that wordfreq rates at least
   ``FAMOUS_ZIPF`` (``IBSEN``, ``LISZT``, ``TIBER``, ``COPLAND``): names people know.
4. **Abbreviations**: an unknown key without a vowel (``STDS``, ``CGTN``) loses up to
   ``ABBREVIATION_PENALTY``, like the unknown-word penalty in full below Zipf 4 and none
   from Zipf 5 (``NFL``, ``DVD``, ``CNN`` are words of the language); a known one
   (``LBF``) keeps its plain frequency score.
5. **Letter runs**: an unknown key with three equal letters in a row (``WAYYY``,
   ``SSSSS``) loses ``RUN_PENALTY``.
6. **Misspellings**: an unknown key of 5+ letters one edit (letter added, dropped,
   changed or two swapped) from a known word at least ``MISSPELLING_GAP`` Zipf more
   frequent (``CHICAG``, ``AUTHUR``, ``SANTUARY``) loses ``MISSPELLING_PENALTY``.
7. **Phrase evidence** (``crossforge.wordbase.building.english.phrase_evidence``): a
   dictionary phrase that running text does not attest loses ``UNATTESTED_PENALTY`` and
   scores at most ``UNATTESTED_CAP``, since nothing but the dictionary vouches for it
   (``BETTER HALF``, ``HOSTILE TAKEOVER``: idioms of rare pairs; ``IMPORTANT PERSON``:
   common words that are no collocation), and one whose gloss spells it out too is
   a description, not a phrase: at most ``DESCRIPTIVE_CAP``, under the default floor
   (``BUSINESS COLLEGE``, ``EMOTIONAL PERSON``). An attested description is a compound
   of the language but plain fill: it loses ``DESCRIPTIVE_PENALTY`` (``POLICE CAR``,
   ``HEALTH INSURANCE``), so idioms (``CALL THE SHOTS``, ``HOME RUN``) rank first.
8. **Partials** (``crossforge.wordbase.building.partials``: ``IN THIS``, ``MANY A``) score at
   most ``PARTIAL_SCORE`` (``defaults``, by their editor tag): a class used sparingly,
   and last.
9. **Unclued entries**: an entry no source clues scores at most ``UNCLUED_CAP``
   (``defaults``), under the default floor: a default fill prints a clue for every
   entry, and a word only wordfreq knows (``IPHONE``, ``INA``) is kept for users who
   lower the floor or clue it themselves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = [
    "PARTIAL_SCORE",
    "Misspellings",
    "Signals",
    "crossword_score",
    "dictionary_frequency",
    "frequency_score",
    "evidenced_phrase_score",
    "has_letter_run",
    "length_adjustment",
    "looks_abbreviated",
    "one_edit_apart",
    "roman_numeral",
]

PHRASE_DISCOUNT = 0.75
KNOWN_BONUS = 5
DICTIONARY_PIVOT = 50
DICTIONARY_SLOPE = 0.5
UNKNOWN_PENALTY = 15
PHRASE_BONUS = 10
NAME_PENALTY = 5
ABBREVIATION_PENALTY = 25
RUN_PENALTY = 50
MISSPELLING_PENALTY = 40
MISSPELLING_GAP = 1.5
MISSPELLING_MIN_LENGTH = 5
INFLECTION_GAP = 2.5
SHORT_LENGTH = 4
FLOOR_LENGTH = 5
SHORT_HEADWORD_FLOOR = 35
KNOWN_ABBREVIATION_ZIPF = 2.5
FAMOUS_ZIPF = 2.0
UNATTESTED_PENALTY = 20
UNATTESTED_CAP = 50
DESCRIPTIVE_PENALTY = 20
DESCRIPTIVE_CAP = 30
PARTIAL_SCORE = 30
UNCLUED_CAP = 30

_RUN = re.compile(r"(.)\1\1")
_VOWELS = frozenset("AEIOUY")
_ROMAN = re.compile(r"M{0,4}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")


def length_adjustment(length: int) -> float:
    """The Zipf bonus (malus when negative) of a key of ``length`` letters: long words
    are rarer for being long (docs/word-lists.md, "Why by length")."""
    if length >= 5:
        return min(0.15 * (length - 5), 0.9)
    return -0.25 * (5 - length)


def frequency_score(zipf: float, length: int) -> float:
    """``20 × (zipf + length adjustment − 1)``, unclipped."""
    return 20 * (zipf + length_adjustment(length) - 1)


def dictionary_frequency(score: float) -> float:
    """A dictionary word's frequency ``score``: below ``DICTIONARY_PIVOT`` it falls at
    ``DICTIONARY_SLOPE`` of the rate (frequency 10 → 30, 30 → 40, 50 and above kept)."""
    if score >= DICTIONARY_PIVOT:
        return score
    return DICTIONARY_PIVOT - DICTIONARY_SLOPE * (DICTIONARY_PIVOT - score)


def has_letter_run(key: str) -> bool:
    """True when ``key`` has the same letter three times in a row."""
    return _RUN.search(key) is not None


def looks_abbreviated(key: str) -> bool:
    """True when ``key`` (2+ letters, A–Z) has no vowel, Y counted as one."""
    return len(key) >= 2 and key.isascii() and not _VOWELS.intersection(key)


def roman_numeral(key: str) -> bool:
    """True when ``key`` is a Roman numeral written by the subtractive rule (``LXIV``,
    ``XCII``; not ``LID`` or ``CIVIL``)."""
    return bool(key) and _ROMAN.fullmatch(key) is not None


@dataclass(frozen=True)
class Signals:
    """What the score of one key rests on."""

    zipf: float
    length: int
    words: int = 1
    known: bool = False
    name: bool = False
    abbreviation: bool = False
    letter_run: bool = False
    misspelling: bool = False
    doubtful: bool = False
    lemma: bool = False
    acronym: bool = False
    numeral: bool = False
    famous: bool = False
    """A name WordNet lists as a particular person or place (``defaults.famous_name``)."""
    attested: bool = True
    """A phrase met in running text (``phrase_evidence``); single words always are."""
    descriptive: bool = False
    """A phrase its dictionary gloss spells out (``phrase_evidence``)."""


def crossword_score(signals: Signals) -> int:
    """The 1–100 crossword-worthiness of a key (see the module docstring)."""
    zipf = signals.zipf - PHRASE_DISCOUNT * (signals.words - 1)
    score = frequency_score(max(zipf, 0.0), signals.length)
    if signals.known:
        if _headword(signals):
            score = dictionary_frequency(score)
        score += KNOWN_BONUS
        if signals.words > 1:
            score = evidenced_phrase_score(score + PHRASE_BONUS, signals)
        if signals.name:
            score -= NAME_PENALTY
        if _short_headword(signals):
            score = max(score, SHORT_HEADWORD_FLOOR)
    else:
        rarity = min(max(5.0 - signals.zipf, 0.0), 1.0)
        score -= UNKNOWN_PENALTY * rarity
        if signals.abbreviation:
            score -= ABBREVIATION_PENALTY * rarity
        if signals.letter_run:
            score -= RUN_PENALTY
        if signals.misspelling:
            score -= MISSPELLING_PENALTY
    return max(1, min(100, round(score)))


def evidenced_phrase_score(score: float, signals: Signals) -> float:
    """A dictionary phrase's ``score`` corrected by what running text and its gloss say
    of it (item 7 of the module docstring)."""
    if signals.descriptive:
        if not signals.attested:
            return min(score, DESCRIPTIVE_CAP)
        return score - DESCRIPTIVE_PENALTY
    return score if signals.attested else min(score - UNATTESTED_PENALTY, UNATTESTED_CAP)


def _headword(signals: Signals) -> bool:
    """True for a known single word wordfreq attests, no name (but a short name written
    in title case or a famous one), not vowelless (``CGS`` and ``LBF`` are WordNet
    lemmas too; but a ``_known_abbreviation``) and not a doubtful form (``LASTEST``,
    ``SCAREY``)."""
    short_name = signals.lemma and signals.length <= SHORT_LENGTH and not signals.acronym
    short_name = short_name or (signals.famous and signals.zipf >= FAMOUS_ZIPF)
    return (
        signals.words == 1
        and signals.zipf > 0
        and not (signals.name and not short_name)
        and not signals.doubtful
        and (not signals.abbreviation or _known_abbreviation(signals))
    )


def _known_abbreviation(signals: Signals) -> bool:
    """True for a lemma WordNet writes as an abbreviation (no name) of at most
    ``SHORT_LENGTH`` letters that wordfreq rates at least ``KNOWN_ABBREVIATION_ZIPF``
    (``ENE``, ``VCR``; not ``CGS``, ``LBF``)."""
    return (
        signals.abbreviation
        and signals.lemma
        and not signals.name
        and signals.length <= SHORT_LENGTH
        and signals.zipf >= KNOWN_ABBREVIATION_ZIPF
    )


def _short_headword(signals: Signals) -> bool:
    """True for a single-word lemma of at most ``SHORT_LENGTH`` letters, or of
    ``FLOOR_LENGTH`` that wordfreq attests, no name, not vowelless, not a Roman numeral
    and not a doubtful form."""
    fits = signals.length <= SHORT_LENGTH or (signals.length == FLOOR_LENGTH and signals.zipf > 0)
    return (
        signals.lemma
        and signals.words == 1
        and fits
        and not (signals.name or signals.abbreviation or signals.numeral or signals.doubtful)
    )


def one_edit_apart(first: str, second: str) -> bool:
    """True when ``first`` and ``second`` are one letter added, dropped, changed or two
    neighbours swapped apart (``scarey``/``scary``, ``gray``/``grey``, ``form``/``from``);
    a letter moved further is two edits (``lode``/``load``, ``abut``/``butt``)."""
    if abs(len(first) - len(second)) > 1 or first == second:
        return False
    if len(first) != len(second):
        short, long = sorted((first, second), key=len)
        return short in _deletions(long)
    differ = [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    if len(differ) == 1:
        return True
    i, j = differ[0], differ[-1]
    return len(differ) == 2 and j == i + 1 and first[i] == second[j] and first[j] == second[i]


class Misspellings:
    """Finds keys one edit away from a far more frequent known word.

    ``reference`` maps known words (keys) to their Zipf frequency. Edits are matched
    through deletions (symmetric delete): two keys match when one is the other less a
    letter, or both less one letter are equal, which is an insertion, a deletion, a
    substitution, a swap, or a letter moved (a typo too, in an unknown key).
    """

    def __init__(self, reference: Mapping[str, float], floor: float = 2.5) -> None:
        self._zipf = {key: zipf for key, zipf in reference.items() if zipf >= floor}
        self._deleted: dict[str, float] = {}
        for key, zipf in self._zipf.items():
            for variant in _deletions(key):
                if zipf > self._deleted.get(variant, -1.0):
                    self._deleted[variant] = zipf

    def nearest(self, key: str) -> float:
        """The highest Zipf of a reference word one edit from ``key`` (0 when none;
        for a reference word, itself may count)."""
        best = self._deleted.get(key, 0.0)  # key lacks a letter
        for variant in _deletions(key):
            best = max(best, self._zipf.get(variant, 0.0), self._deleted.get(variant, 0.0))
        return best

    def is_misspelling(self, key: str, zipf: float) -> bool:
        """True when ``key`` (5+ letters, Zipf ``zipf``) is one edit from a reference
        word at least ``MISSPELLING_GAP`` more frequent."""
        if len(key) < MISSPELLING_MIN_LENGTH or key in self._zipf:
            return False
        return self.nearest(key) >= zipf + MISSPELLING_GAP


def _deletions(key: str) -> set[str]:
    """``key`` less one letter, each way."""
    return {key[:i] + key[i + 1 :] for i in range(len(key))}
