"""The Russian default list, made as Russian crosswords are: common nouns in the
nominative singular (plural-only nouns in the plural), scored by frequency.

- **Lemmas** come from pymorphy3 with the OpenCorpora dictionary (``pymorphy3-dicts-ru``;
  its data are CC BY-SA 3.0, read from the installed package at build time, never
  shipped). Each alphabetic wordfreq ``ru`` word is parsed by the dictionary alone (no
  guessing for words it does not know), and counts for its likeliest lemma and part of
  speech (the readings' probabilities added up: ТОЙ is *тот*, not the noun *той*); if
  that is a noun, its frequency goes to the lemma. A lemma's frequency is so that of all
  its forms (СРОКАХ counts for СРОК), and only lemmas become entries: no inflected form
  (МАМОЙ), no function word (ЭТО, МЕЖДУ: not nouns).
- **Headwords wordfreq lacks**: a lemma Russian Wiktionary defines in a common noun's
  sense that the dictionary reads as a noun in the nominative (its own lemma:
  КОРДЕГАРДИЯ, РОЗВАЛЬНИ) joins the list even though running text never showed it
  (``headword_lexemes``), scored as a defined word at ``UNATTESTED_ZIPF``, the Zipf of
  wordfreq's rarest words: the dictionaries vouch for it, frequency does not.
- **Score**: the English list's model (``scoring.crossword_score``) on the lemma's Zipf
  (``log10`` of the summed frequency per billion words) and length, a lemma that
  Wiktionary defines (it has a clue, below) counting as a word the dictionary knows,
  as WordNet's do in English: it takes the dictionary slope and the known-word bonus,
  and at four letters or fewer the default floor (ЧИЖ, ЯШМА); an undefined lemma loses
  up to 15 points below Zipf 5 (АНА, АМА). Then less ``ARCHAIC_MALUS`` for a lexeme the
  dictionary marks archaic (``Arch``), clipped to 1–100.
- **Classes** from the dictionary's marks (``CLASS_MARKS``): names, surnames,
  patronymics, organisations and trade marks are ``name``, geographical names ``place``,
  abbreviations ``abbreviation``, colloquial and slang words ``informal``; fills leave
  them out unless a request allows them (``word_classes``). A key that is also a common
  noun is that noun, untagged (РОЗА the flower, not the name). Typos, distortions and
  initials (``DROPPED_MARKS``) make no entry.
- **Clues**: Russian Wiktionary's definitions (``russian_definitions``), at most three;
  a common noun takes only the senses of lower-case lemmas.
- **Abbreviation** too: a word whose every clue says it is one (*сокращение от …*).
- **Offensive**: a word all of whose senses Wiktionary labels obscene, and the reviewed
  tags of ``REVIEWED_RU`` (kept in the repository), which add what the marks miss
  (``offensive`` for vulgarities, ``sensitive``) and take a wrong tag away.
- **Ё**: keys fold Ё to Е as the ``ru`` alphabet does by default (ЁЖ has the key ЕЖ), as
  crosswords write it; the display form keeps Ё.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building.english.editor_tags import read_reviewed
from crossforge.wordbase.building.russian.definitions import SOURCE as CLUE_SOURCE
from crossforge.wordbase.building.russian.definitions import (
    Sense,
    abbreviation,
    clues,
    definitions_by_key,
    obscene,
)
from crossforge.wordbase.building.scoring import Signals, crossword_score
from crossforge.wordbase.models import Clue, Entry
from crossforge.wordbase.word_classes import ABBREVIATION, INFORMAL, NAME, OFFENSIVE, PLACE

__all__ = [
    "ARCHAIC_MALUS",
    "CLASS_MARKS",
    "DESCRIPTION",
    "DROPPED_MARKS",
    "REVIEWED_RU",
    "SOURCE",
    "UNATTESTED_ZIPF",
    "Lexeme",
    "headword_lexemes",
    "key_entry",
    "noun_lexemes",
    "russian_entries",
]

SOURCE = "opencorpora"
"""The source of the Russian default list's entries."""
DESCRIPTION = (
    "Russian common nouns in the nominative singular (OpenCorpora lemmas by pymorphy3), "
    "scored by the wordfreq 'large' ru frequency of all their forms; names, places, "
    "abbreviations and informal words tagged (docs/word-lists.md)"
)
CLASS_MARKS = {
    "Name": NAME,
    "Surn": NAME,
    "Patr": NAME,
    "Orgn": NAME,
    "Trad": NAME,
    "Geox": PLACE,
    "Abbr": ABBREVIATION,
    "Infr": INFORMAL,
    "Slng": INFORMAL,
}
"""OpenCorpora grammemes (lexeme marks) and the class tag each gives."""
DROPPED_MARKS = frozenset({"Erro", "Dist", "Init"})
"""Marks of readings that make no entry: typos, distorted forms, initials."""
ARCHAIC = "Arch"
ARCHAIC_MALUS = 10
"""Points an archaic lexeme (``Arch``: ЗАЛА for *зал*) loses."""
UNATTESTED_ZIPF = 1.0
"""The Zipf a clued lemma wordfreq lacks scores at: that of wordfreq's rarest words."""
REVIEWED_RU = Path(__file__).with_name("data") / "russian-tags.txt"
"""The reviewed tags of Russian words (its header says how to add to it)."""
_CYRILLIC = re.compile(r"[а-яё]+")


@dataclass
class Lexeme:
    """A noun lemma as the dictionary marks it: its class tags, whether it is archaic,
    and the frequency (per word) of all the forms read as it."""

    lemma: str
    tags: frozenset[str]
    archaic: bool
    frequency: float = 0.0


def noun_lexemes(
    words: Iterable[tuple[str, float]], parse: Callable[[str], Sequence[Any]]
) -> list[Lexeme]:
    """The noun lexemes of ``words`` (lower-case word, frequency per word), each with
    the frequency of its forms among them: ``parse`` (pymorphy3's) gives a word's
    readings, each with its lemma (``normal_form``), tag and probability (``score``).
    A word counts for the lemma and part of speech its readings make likeliest
    (``_likeliest``), shared among that lemma's noun readings by probability."""
    found: dict[tuple[str, frozenset[str], bool], Lexeme] = {}
    for word, frequency in words:
        if not _CYRILLIC.fullmatch(word):
            continue
        readings = _likeliest(parse(word))
        total = sum(reading.score for reading in readings)
        for reading in readings:
            tag = reading.tag
            if tag.POS != "NOUN" or not tag.grammemes.isdisjoint(DROPPED_MARKS):
                continue
            lemma = reading.normal_form
            if not _CYRILLIC.fullmatch(lemma):
                continue
            tags = frozenset(CLASS_MARKS[mark] for mark in tag.grammemes & CLASS_MARKS.keys())
            ident = (lemma, tags, ARCHAIC in tag.grammemes)
            lexeme = found.get(ident)
            if lexeme is None:
                lexeme = found[ident] = Lexeme(lemma, tags, ident[2])
            lexeme.frequency += frequency * reading.score / total
    return list(found.values())


def headword_lexemes(
    headwords: Iterable[str], parse: Callable[[str], Sequence[Any]]
) -> list[Lexeme]:
    """The noun lexemes of ``headwords`` (lower-case, as a dictionary defines them) that
    ``parse`` reads as a noun in the nominative whose lemma is the headword itself (the
    nominative singular, or the plural of a plural-only noun), frequency 0: a headword
    that is only another word's form (ПЕЧИ) or no noun (БЕЛЫЙ) makes none, nor does a
    name's or place's reading (ЕЖИ, the name, where the headword is the plural of ЁЖ):
    the headwords are defined in a common noun's sense."""
    found: dict[tuple[str, frozenset[str], bool], Lexeme] = {}
    for headword in headwords:
        for reading in parse(headword):
            tag = reading.tag
            grammemes = tag.grammemes
            if (
                tag.POS != "NOUN"
                or "nomn" not in grammemes
                or not grammemes.isdisjoint(DROPPED_MARKS)
                or reading.normal_form.replace("ё", "е") != headword.replace("ё", "е")
            ):
                continue
            tags = frozenset(CLASS_MARKS[mark] for mark in grammemes & CLASS_MARKS.keys())
            if tags & {NAME, PLACE}:
                continue
            ident = (reading.normal_form, tags, ARCHAIC in grammemes)
            found.setdefault(ident, Lexeme(*ident))
    return list(found.values())


def _likeliest(readings: Sequence[Any]) -> list[Any]:
    """The readings of the lemma and part of speech whose readings' probabilities add up
    to the most (those of each tied one): ТОЙ is read as *тот*, not the noun *той*, and
    СТАЛИ as the verb, so that another word's forms do not make a rare noun frequent."""
    groups: dict[tuple[str, str | None], list[Any]] = {}
    for reading in readings:
        groups.setdefault((reading.normal_form, reading.tag.POS), []).append(reading)
    weights = {ident: sum(r.score for r in group) for ident, group in groups.items()}
    best = max(weights.values(), default=0.0)
    return [r for ident, group in groups.items() if weights[ident] >= best - 1e-9 for r in group]


def russian_entries(
    lengths: range,
    words: Iterable[tuple[str, float]] | None = None,
    senses: Mapping[str, Sequence[Sense]] | None = None,
    headwords: Iterable[str] | None = None,
) -> Iterator[Entry]:
    """The Russian default list's entries whose keys have a length in ``lengths``, from
    ``words`` (lower-case word, frequency per word; default: wordfreq's ``large`` ru
    list) and the ``headwords`` none of them counts for (lower-case; default: the keys
    ``senses`` defines in a common noun's sense, ``headword_lexemes``), one per key,
    clued from ``senses`` by key (default: the packaged Wiktionary definitions), with
    the reviewed tags of ``REVIEWED_RU``."""
    import pymorphy3
    from pymorphy3.units import DictionaryAnalyzer

    if words is None:
        from wordfreq import get_frequency_dict

        words = get_frequency_dict("ru", "large").items()
    alphabet = get_alphabet("ru")
    if senses is None:
        senses = definitions_by_key(alphabet)
    morph = pymorphy3.MorphAnalyzer(units=[DictionaryAnalyzer()])
    by_key: dict[str, list[Lexeme]] = {}
    for lexeme in noun_lexemes(words, morph.parse):
        key = alphabet.normalize(lexeme.lemma)
        if len(key) in lengths:
            by_key.setdefault(key, []).append(lexeme)
    if headwords is None:
        headwords = (
            key.lower()
            for key, found in senses.items()
            if len(key) in lengths and any(not sense.proper for sense in found)
        )
    unattested = [word for word in headwords if alphabet.normalize(word) not in by_key]
    for lexeme in headword_lexemes(unattested, morph.parse):
        by_key.setdefault(alphabet.normalize(lexeme.lemma), []).append(lexeme)
    reviewed = read_reviewed(REVIEWED_RU.read_text("utf-8").splitlines(), alphabet)
    for key, lexemes in by_key.items():
        yield key_entry(key, lexemes, reviewed.get(key, {}), senses.get(key, ()))


def key_entry(
    key: str, lexemes: list[Lexeme], reviewed: dict[str, bool], senses: Sequence[Sense] = ()
) -> Entry:
    """The entry of ``key`` from its lexemes: the common nouns' if any (their frequencies
    summed, archaic only if all are), else the most frequent classed lexeme's, with its
    tags; clued from ``senses`` (a common noun's from a lower-case lemma's only), scored
    as a known word when clued (at ``UNATTESTED_ZIPF`` when no form was counted),
    ``offensive`` when every such sense is obscene;
    then the reviewed tags (``reviewed``: tag → add or take away)."""
    common = [lexeme for lexeme in lexemes if not lexeme.tags]
    chosen = common or [max(lexemes, key=lambda lexeme: lexeme.frequency)]
    best = max(chosen, key=lambda lexeme: lexeme.frequency)
    frequency = sum(lexeme.frequency for lexeme in chosen)
    tags = set(best.tags) if not common else set()
    raws = [sense.raw for sense in senses if not (common and sense.proper)]
    texts = clues(best.lemma, raws)
    zipf = math.log10(frequency) + 9 if frequency > 0 else UNATTESTED_ZIPF if texts else 0.0
    score = crossword_score(Signals(zipf, len(key), known=bool(texts), lemma=True))
    if all(lexeme.archaic for lexeme in chosen):
        score -= ARCHAIC_MALUS
    if obscene(raws):
        tags.add(OFFENSIVE)
    if abbreviation(texts):  # КВА: сокращение от «киловольт-ампер»
        tags.add(ABBREVIATION)
    tags |= {tag for tag, add in reviewed.items() if add}
    tags -= {tag for tag, add in reviewed.items() if not add}
    return Entry(
        key,
        best.lemma.upper(),
        max(1, min(100, round(score))),
        tuple(Clue(text, CLUE_SOURCE) for text in texts),
        tags=tuple(sorted(tags)),
        source=SOURCE,
    )
