"""Inflected forms of WordNet's phrases, as crossword lists hold them: a verb phrase's
first word (TAKE ROOT: TAKES ROOT, TOOK ROOT, TAKING ROOT), a noun phrase's last (LOG
CABIN: LOG CABINS). WordNet lists lemmas only and wordfreq no phrases, so the English
build makes these forms itself, with the clue writer's rules for inflecting a phrase
(``ClueWriter.inflect_phrase``: the most frequent attested form of the word, no plural
for a noun whose plural is far rarer than it, none across a preposition: *man of war*).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from crossforge.wordbase.building.clues.inflection import Reading
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.scoring import Signals, crossword_score

__all__ = [
    "COUNTABLE_LEXFILES",
    "FORM_PENALTY",
    "NOT_AFTER",
    "PARTICLES",
    "PLACEHOLDERS",
    "SENSE_BOUND",
    "SUFFIXES",
    "PhraseForm",
    "form_score",
    "phrase_forms",
]

SUFFIXES = {"v": ("s", "ed", "ing"), "n": ("s",)}
"""The inflections made, by the lemma's part of speech."""
COUNTABLE_LEXFILES = frozenset((4, 5, 6, 8, 10, 11, 13, 14, 15, 17, 18, 20, 21, 23, 25, 28))
"""WordNet's noun files of things counted (act, animal, artifact, body, communication,
event, food, group, location, object, person, plant, possession, quantity, shape, time):
a phrase whose most used sense is filed elsewhere (attribute, cognition, feeling,
state, substance, ...) names what is not counted, and gets no plural (*common senses*,
*subject matters*, *renal failures*)."""
NOT_AFTER = frozenset(
    ("per", "after", "before", "against", "about", "to", "as", "than", "like", "and", "or")
) | frozenset(("a", "an", "the", "de", "du", "des", "la", "le", "el", "von", "van", "der", "y"))
"""Words after which a noun phrase's last word is no head (*bits per inch*, *point after
touchdown*, *pomme de terre*), beside the prepositions ``inflect_phrase`` knows."""
FORM_PENALTY = 5
"""Points a form scores below its lemma at most: lists rate LOG CABINS under LOG CABIN."""

PLACEHOLDERS = frozenset(("oneself", "one's", "someone", "someone's", "something", "somebody"))
"""Words standing for any person or thing in a lemma (*trouble oneself*): its forms
would need the right one (*troubles herself*), so it gets none."""
SENSE_BOUND = frozenset(("born",))
"""Listed pasts that belong to one sense of their verb (*born*: *bear* a child), not to
its phrases (*bear on*: *bore on*, not *born on*)."""
PARTICLES = frozenset(
    ("up", "out", "off", "down", "away", "back", "over", "around", "about", "along")
) | frozenset(("through", "in", "on", "by", "into", "apart", "aside", "ahead", "forth", "with"))
"""Words after a verb that make a phrasal verb of it (*check up*, *sit down*)."""


@dataclass(frozen=True)
class PhraseForm:
    """``form`` (lower case, ``took root``) of a phrase, read as ``reading``."""

    form: str
    reading: Reading


def phrase_forms(writer: ClueWriter, lemma: str) -> list[PhraseForm]:
    """The inflected forms of the multi-word ``lemma`` (lower case) that WordNet writes
    in lower case (no names: *New Yorks*), per part of speech and suffix it takes."""
    wordnet = writer.wordnet
    written = wordnet.forms(lemma)
    words = lemma.split(" ")
    if len(words) < 2 or not written or any(w != w.lower() for w in written):
        return []
    if PLACEHOLDERS.intersection(words):
        return []
    found: dict[str, PhraseForm] = {}
    for pos in sorted(wordnet.parts_of_speech(lemma) & SUFFIXES.keys()):
        if pos == "n" and not _counted(writer, lemma, words):
            continue
        head = _verb_head(writer, words) if pos == "v" else len(words) - 1
        word = words[head]
        alone = pos == "v" and head > 0  # inflect_phrase inflects a verb's first word
        for suffix in SUFFIXES[pos]:
            source = word if alone else lemma
            form = writer.inflect_phrase(source, Reading(source, pos, suffix, False))
            if form is None or form == source:
                continue
            made = [form if alone else form.split(" ")[head]]
            if pos == "v" and suffix == "ed":  # every past: GAVE UP, GIVEN UP; SHOWED UP
                made += writer.forms(word, pos, suffix)
            for inflected in made:
                if inflected in SENSE_BOUND:
                    continue
                phrase = " ".join([*words[:head], inflected, *words[head + 1 :]])
                listed = (word, pos, suffix) in wordnet.listed(inflected)
                listed = listed and inflected != word + word[-1] + suffix  # grab|b|ed: regular
                found.setdefault(phrase, PhraseForm(phrase, Reading(lemma, pos, suffix, listed)))
    return list(found.values())


def _verb_head(writer: ClueWriter, words: list[str]) -> int:
    """Which word of a verb phrase inflects: the first (TOOK ROOT, GAVE UP), or the last
    of two when both are verbs, no particle follows the first and the last inflected
    reads more often (PEER REVIEWED, STIR FRIED, not PEERED REVIEW), by the rarer of
    each pair's words; the first when either has no past form apart from itself
    (LETS GO, not LET GONE)."""
    first, last = words[0], words[-1]
    if len(words) != 2 or last in PARTICLES or "v" not in writer.wordnet.parts_of_speech(last):
        return 0
    first_past = writer.inflect_phrase(first, Reading(first, "v", "ed", False))
    last_past = writer.inflect_phrase(last, Reading(last, "v", "ed", False))
    if last_past is None or first_past is None:
        return 0  # LET GO: a past like the verb (let) is no reason to inflect GO
    zipf = writer.zipf
    return 0 if min(zipf(first_past), zipf(last)) >= min(zipf(first), zipf(last_past)) else 1


def _counted(writer: ClueWriter, lemma: str, words: list[str]) -> bool:
    """Whether the noun phrase ``lemma`` names something counted, with its last word as
    its head (``COUNTABLE_LEXFILES``, ``NOT_AFTER``)."""
    wordnet = writer.wordnet
    senses = [sid for sid in wordnet.senses.get(lemma, ()) if sid[0] == "n"]
    if not senses or NOT_AFTER.intersection(words[:-1]):
        return False
    return wordnet.synsets[senses[0]].lexfile in COUNTABLE_LEXFILES


def form_score(
    form_zipf: float,
    lemma_zipf: float,
    length: int,
    lemma_length: int,
    lemma: Signals,
) -> int:
    """A form's score: as a dictionary phrase at its own Zipf, but ``FORM_PENALTY``
    under its lemma's at most; ``lemma`` gives the words and the phrase evidence of the
    lemma, which the form shares."""
    shared = replace(lemma, zipf=form_zipf, length=length)
    own = crossword_score(shared)
    ceiling = crossword_score(replace(lemma, zipf=lemma_zipf, length=lemma_length))
    return max(1, min(own, ceiling - FORM_PENALTY))
