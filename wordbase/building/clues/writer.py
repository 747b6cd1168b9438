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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial

from wordfreq import zipf_frequency

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building.english.editor_tags import EditorTags
from crossforge.wordbase.building.english.wordnet import SynsetId, WordNet, regular_forms
from crossforge.wordbase.building.scoring import PHRASE_DISCOUNT, one_edit_apart
from crossforge.wordbase.models import Clue
from crossforge.wordbase.word_classes import AVOIDED, OFFENSIVE

__all__ = [
    "BLANK",
    "CUT_SLACK",
    "HYPERNYM_DEPTH",
    "MASS_NOUN_GAP",
    "MIN_HYPERNYM_DEPTH",
    "LONG_CLUE_LENGTH",
    "MAX_CLUE_LENGTH",
    "MAX_CLUE_WORDS",
    "MIN_CUT_WORDS",
    "MIN_FORM_ZIPF",
    "MIN_SYNONYM_ZIPF",
    "PERSON",
    "WORDNET_SOURCE",
    "SHORT_CLUE_WORDS",
    "SYNONYMS_PER_SENSE",
    "SYNONYM_SENSES",
    "ClueWriter",
    "Reading",
    "clue_case",
    "gives_away",
    "repeats_answer",
    "is_noun",
    "shorten_gloss",
]

BLANK = "___"
WORDNET_SOURCE = "wordnet"
"""The source of the clues written from WordNet's senses, names and examples."""
"""What stands for the answer in a fill-in clue (``Writer Conan ___``, ``Let ___ be``)."""
MAX_CLUE_LENGTH = 60
"""The longest gloss clue, in characters; a longer one is cut at a phrase boundary or dropped."""
MAX_CLUE_WORDS = 12
"""The most words a clue has; a longer one reads as a definition, not a clue."""
LONG_CLUE_LENGTH = 80
"""The longest gloss clue of an answer that has no clue within ``MAX_CLUE_LENGTH``: a
long definition is a better suggestion than none."""
CUT_SLACK = 20
"""How much longer than ``MAX_CLUE_LENGTH`` a cut may be while a word is still to be
dropped from it (``Tea leaves that ...``, 62 characters, for GREEN TEA)."""
SHORT_CLUE_WORDS = 6
"""A gloss of more words is cut to its longest cut of ``MIN_CUT_WORDS`` to this many,
where there is one (``Loud bombastic declamation`` for RANT)."""
MIN_CUT_WORDS = 3
"""The fewest words of such a shorter cut: two say too little (*Structural member*)."""
MIN_SYNONYM_ZIPF = 3.0
"""The least Zipf frequency of a synonym clue: a word most solvers know (``notion`` 4.2)."""
MIN_FORM_ZIPF = 2.0
"""The least Zipf frequency of an inflected synonym: wordfreq must attest the form."""
MASS_NOUN_GAP = 1.5
"""A noun whose plural is this much less frequent (Zipf) is used uncounted: no plural."""
REGULAR_GAP = 1.5
"""A regular form beside an exception list's (*showed*, *shown*) within this much of its
Zipf frequency is a form of the lemma too."""
SYNONYM_SENSES = 3
"""Synonyms come from a lemma's most used senses only (WordNet orders them by use)."""
SYNONYMS_PER_SENSE = 2
"""Synonyms kept per sense, so that other senses have their turn."""
PERSON = "person.n.01"
PEOPLE_FILE = 18
"""WordNet's lexicographer file of people (``noun.person``)."""
UNCOUNTED_FILES = frozenset((7, 12, 19, 26))
"""Lexicographer files of senses a plural seldom means (``noun.attribute``,
``noun.feeling``, ``noun.phenomenon``, ``noun.state``): HEATS are races before forms
of energy."""
ABBREVIATION = ", for short"
"""How a clue signals an abbreviation (the house style: ``Computer memory, for short``)."""
BRITISH = ", in Britain"
"""How a clue signals a British sense (``Long stay in bed in the morning, in Britain``)."""
ARCHAIC = ", archaically"
POETIC = ", poetically"
LOCAL = ", locally"
"""How a clue signals a place's local name (``Capital of Lombardy in northern Italy,
locally`` for MILANO; not ``Milan, locally``, which repeats its root)."""
PLACES_FILE = 15
"""WordNet's lexicographer file of places (``noun.location``)."""
PREFIX = "Prefix meaning "
"""How a combining form is clued (``Prefix meaning recent or new`` for NEO)."""
"""Instances below this WordNet synset are people, clued by their role."""
HYPERNYM_DEPTH = 3
"""Levels of hypernyms searched for a word to replace a gloss's head that repeats the answer."""
MIN_HYPERNYM_DEPTH = 5
"""How far below the top of WordNet's hierarchy such a hypernym lies at least: specific
enough to define by (*container*, 6; not *act*, 4, nor *collection*, 3)."""

_WORD = re.compile(r"[a-z]+")
_ROMAN = re.compile(r"[ivxlcdm]+")
_NAME_PART = re.compile(r"[A-Z][a-z'.]*(?:-[A-Z][a-z'.]*)*|[a-z]{1,3}")
"""A word of a name: capitalized (``Joliot-Curie`` too), or a short particle (*de*, *von*)."""
_WRITTEN = re.compile(r"[a-z][a-z' -]*")
"""How a synonym clue is written: letters, spaces, hyphens, apostrophes (not read/write)."""
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
_LABEL = re.compile(r"^\(([a-z]+(?: [a-z]+)?)\)\s+")
_LATIN_NUMBER = re.compile(r"(?:us|um|on|is|es|ae|a|i)$")
"""Latin and Greek number endings (*fungus*, *fungi*; *stratum*, *strata*)."""
_PARTICIPLE = re.compile(r"(?:ing|ed),?$")
"""A word that may be a participle (*living*, *called*) rather than a noun."""
_DEGREES = {"er": "more", "est": "most"}
"""The word an adjective's degree takes where it has no form of its own."""
_VOWELS = re.compile(r"[aeiouy]+")
"""A word's syllables, roughly: its runs of vowels."""
_SIMPLE_WORD = re.compile(r"(?!(?:better|best|worse|worst|less|least)(?![a-z]))[a-z]+")
"""One word, with no degree of its own (*better-looking*, *least*)."""
_MANNER = re.compile(r"In an? (?P<adjectives>[a-z, -]+?) (?P<noun>manner|way|fashion)")
"""An adverb's gloss by its adjectives (*in a crude or unrefined manner*)."""
_PLAIN_ADJECTIVE = re.compile(r"[a-z]+(?<!ing)")
"""An adjective that may stand in an adverb's gloss: one word, no participle (*crying*)."""
_COORDINATED = re.compile(r",? (?:and|or) |, ")
"""What separates coordinated adjectives (*messy, untidy*; *crude or unrefined*)."""
_USAGE_NOTE = re.compile(r"used (?!to |for |by |or )")
"""How a gloss starts that tells how a word is used, not what it means (*used as
expletives*, *used of persons*; not *used to nail down carpets*)."""
_FIELD = re.compile(r", in [a-z]+(?: [a-z]+)?$")
"""A field label's suffix (``_first_clause``), which an abbreviation's signal replaces."""
_ELIDED = re.compile(r"[a-z]+'[a-z]+")
"""A word written with an elision (*e'er*, *o'er*): poetic where it stands for its
synonym with a *v* (*ever*)."""
_AN_BEFORE = re.compile(r"[aeio]|u(?!ni|s[eu]|ti|r[ae])|h(?:on|our|eir)")
"""Where *an* goes before a word: a vowel sound (``an honest``; ``a useful``, ``a unique``)."""
_LEADS = ("any of various ", "any of several ", "any of numerous ", "any of a number of ")
_LEADS_TOO = ("any of many ", "a ", "an ", "the ", "to ")
_RELATIVES = ("that", "which", "who", "whom", "whose", "where", "when")
_PARTICIPLES = ("consisting", "containing", "having", "forming", "used", "made", "being")
_PREPOSITIONS = ("of", "in", "on", "at", "for", "with", "from", "by", "into", "between")
_PREPOSITIONS_TOO: tuple[str, ...] = ("through", "under", "over", "without", "within", "during")
_PREPOSITIONS_TOO += ("around", "across", "along", "among", "against", "toward", "towards")
_PREPOSITIONS_TOO += ("upon", "near", "beyond", "behind", "below", "above", "beneath")
_BOUNDARIES = frozenset(_RELATIVES + _PARTICIPLES + _PREPOSITIONS + _PREPOSITIONS_TOO)
"""Words a phrase may be cut before (not *to*, *as*, *like*: they complete what precedes)."""
_POSTPOSITIVE = frozenset(
    ("native", "similar", "related", "common", "typical", "peculiar", "indigenous", "endemic")
    + ("capable", "belonging", "living", "growing", "occurring", "relating", "pertaining")
    + ("lying", "ranging")
)
"""Adjectives and participles that follow a noun with a preposition and start a phrase
of their own there (*mammal native to*, *property belonging to*; not a gerund after its
modifier: *light pruning of*, *country dancing in*)."""
_HEADLESS = _POSTPOSITIVE | {"used", "cultivated", "found", "made", "having", "consisting"}
"""Words a noun's gloss starts with when WordNet leaves out its head (*native to Egypt*)."""
_AFTER_HEADLESS = frozenset(("to", "as", *_PREPOSITIONS, *_PREPOSITIONS_TOO))
"""What follows such a word there (*native to*, *used as*, *found along*)."""
_LINKING = frozenset(("to", *_PREPOSITIONS))
"""The prepositions after a ``_POSTPOSITIVE`` word."""
_RELATIVES_SET = frozenset(_RELATIVES)
_SUBJECT_RELATIVES = frozenset(("that", "which", "who"))
"""Relatives whose clause's verb agrees with the head (not *where*: ``Buildings where
animals are butchered``)."""
_PHRASE_ENDS = _BOUNDARIES | {"to", "than", "as", "like", "but", "a", "an", "the"}
"""Words that end a leading noun phrase."""
_AUXILIARIES = frozenset(("be", "is", "are", "was", "were", "been", "can", "may", "will"))
"""Words that also are nouns in WordNet (*be*, beryllium) but end no noun phrase."""
_CONJUNCTIONS = frozenset(("and", "or", "but", "nor"))
_ARTICLES = frozenset(("a", "an", "the"))
_ARTICLE_STARTS = ("a ", "an ", "the ")
"""After *to*: an adverbial phrase (*to a high degree*), not a verb's infinitive."""
_FUNCTION_WORDS = ("so", "such", "very", "too", "also", "out", "up", "off", "down", "not", "no")
_FUNCTION_WORDS_TOO = ("more", "most", "less", "all", "some", "each", "this", "these", "those")
_NOT_LAST = _PHRASE_ENDS | _AUXILIARIES | _CONJUNCTIONS | {*_FUNCTION_WORDS, *_FUNCTION_WORDS_TOO}
_NOT_LAST |= {"one", "someone", "something", "enough", "while", "his", "her", "its", "their"}
_NOT_LAST |= {"it", "them", "him", "me", "us", "you"}  # WordNet's IT, US: nouns too
"""Words no cut ends on, though WordNet has them as nouns (*who*, the WHO; *a*, ampere;
*masses of tissue one* | on each side; *comedian known for his* | ...)."""
_RELATIONAL = ("side", "end", "top", "edge", "front", "back", "base", "bottom", "part", "loss")
_VAGUE = frozenset(("term", "terms", "name", "word", "kind", "type", "sort", *_RELATIONAL))
"""Nouns a cut before *of* or *for* leaves meaningless (*informal term* for ...)."""
_TOO_BROAD = frozenset(
    ("organism", "being", "thing", "object", "whole", "unit", "matter", "arrangement", "tract")
) | {"geographical area", "region", "area"}
"""Hypernyms too broad to clue by (``_broader``; OUTFIELD: no "Geographical area")."""
_OWN = frozenset(("his", "her", "its", "himself", "herself", "itself"))
"""Words of a relative clause that would not agree with a plural head."""
_PRONOUNS = frozenset(("one", "someone", "somebody", "something", "anyone", "anything"))
"""Heads with no plural form of their own (``someone who works``)."""
_PEOPLE = {"one": "people", "someone": "people", "somebody": "people", "anyone": "people"}
_PLURAL_HEADS = _PEOPLE | {"something": "things", "anything": "things", "person": "people"}
"""Plurals of heads: a pronoun's before what describes it (``People who work``,
``People recently married``; not *one of*), and *person*'s usual one."""
_SAME_PLURAL = frozenset(
    [
        "aircraft",
        "bison",
        "chassis",
        "cod",
        "corps",
        "deer",
        "fish",
        "headquarters",
        "hovercraft",
        "means",
        "moose",
        "offspring",
        "salmon",
        "series",
        "sheep",
        "spacecraft",
        "species",
        "swine",
        "trout",
    ]
)
"""Nouns whose plural is the noun (WordNet inflects them regularly: *deers*)."""
_NOT_DESCRIBING = frozenset(("of", "else", "or", "and"))
"""Words after a pronoun that make it no head (*one of*, *something else*)."""
_UNINFLECTED = frozenset(("be",))
"""Lemmas whose exception-listed forms mix persons and tenses (``was`` beside ``is``)."""
_SMALL_WORDS = frozenset(("a", "an", "the", "and", "in", "on", "to", "at", "of", "by", "as", "or"))
"""Words a phrase's clue may repeat: they tell nothing of the answer."""
_PREFIXES = frozenset(("a", "un", "re", "in", "im", "il", "ir", "up", "de", "be", "en", "em", "ex"))
_PREFIXES |= {"co", "bi", "by", "on", "no", "di", "ab", "ad"}
"""Prefixes of one or two letters that make a compound of a word (``unhappy``, ``ashore``)."""
_ENDINGS: tuple[str, ...] = ("ing", "ed", "er", "es", "est", "en", "ies", "ied", "ier", "ily")
_ENDINGS += ("iness", "ity", "ion", "able", "ably", "ible", "al", "ous", "y", "ish", "ist", "ism")
_ENDINGS += ("ive", "ure", "ance", "ence", "ant", "ent", "ment", "ness", "ful", "less", "ly")
_ENDINGS += ("ation", "ator")
"""Endings a word takes after dropping its last letter (``hop(e)ing``, ``sanit(y)``)."""
_NEGATIONS = ("dis", "mis", "non", "un")
_VERB_PREFIXES = ("re", "un", "out", "over", "under", "mis", "fore", "with")
"""Prefixes of verbs whose irregular forms are the unprefixed verb's (``_prefixed_readings``)."""
"""Prefixes that negate a root: a word with one shares the root of a word with another
or none (DISUSE, *unused*)."""


def _compound_of(long: str, short: str) -> bool:
    """True when ``long`` is a compound ending in ``short`` (four letters or more): what
    precedes it is a word of three letters or more or a prefix (``windowsill``,
    ``unhappy``), not any letters (``island`` is no compound of *land*)."""
    if len(short) < 4 or not long.endswith(short):
        return False
    head = long[: len(long) - len(short)]
    return len(head) >= 3 or head in _PREFIXES


def _stem_shared(first: str, second: str) -> bool:
    """True when two lower-case words share a stem: equal, one the other with an ending,
    or less its last letter before an ending (``sill``/``sills``, ``hope``/``hoping``;
    not ``isle``/``island``), a compound ending in the other (``windowsill``), a Latin
    number (``fungus``/``fungi``) or a respelling (``color``/``colour``). A
    three-letter word and the word it makes with a vowel added are two words (``are``,
    ``area``)."""
    short, long = (first, second) if len(first) <= len(second) else (second, first)
    if first[:1] != second[:1]:  # then only a compound can share the stem
        return _compound_of(long, short)
    if len(short) < 3:
        return first == second
    if len(short) == 3 and len(long) == 4 and long.startswith(short) and long[3] in "aeiou":
        return False  # another word: are|a, car|e, hop|e (but sea|s, sep|t, apr|il share)
    if long.startswith(short):
        return True
    if long.startswith(short[:-1]) and long[len(short) - 1 :].startswith(_ENDINGS):
        return True
    if _compound_of(long, short):
        return True
    if _LATIN_NUMBER.sub("", short) == _LATIN_NUMBER.sub("", long) and len(short) >= 5:
        return True  # fungus, fungi
    close = len(short) >= 5 and len(long) - len(short) <= 1 and short[:3] == long[:3]
    return close and one_edit_apart(short, long)


def _vowel_respelled(first: str, second: str) -> bool:
    """True when two words of five letters or more differ in one letter only, *a* for
    *e*, not their first (``hallo``/``hello``): a respelling of one word (not
    ``later``/``liter``)."""
    if len(first) != len(second) or len(first) < 5 or first[0] != second[0]:
        return False
    diff = [(a, b) for a, b in zip(first, second, strict=True) if a != b]
    return len(diff) == 1 and set(diff[0]) == {"a", "e"}


def _roots(word: str) -> set[str]:
    """``word`` and, after a negating prefix (``_NEGATIONS``), the rest of three letters
    or more (``disuse``: *use*)."""
    bare = {word[len(p) :] for p in _NEGATIONS if word.startswith(p) and len(word) > len(p) + 2}
    return {word} | bare


def _near_stem(first: str, second: str) -> bool:
    """``_stem_shared``, for words that may share one at all (``gives_away``)."""
    near = first[:1] == second[:1] or first.endswith(second) or second.endswith(first)
    return near and _stem_shared(first, second)


def _root_shared(first: str, second: str) -> bool:
    """True when two lower-case words share a root: a stem (``_near_stem``), a respelled
    vowel (``_vowel_respelled``), *-ar* for a final *e* (``lie``/``liar``), or a stem
    once negating prefixes are set aside (``disuse``/``unused``)."""
    if _near_stem(first, second):
        return True
    if first[:1] == second[:1]:
        if _vowel_respelled(first, second):
            return True
        short, long = (first, second) if len(first) < len(second) else (second, first)
        if short.endswith("e") and long == short[:-1] + "ar":
            return True  # lie, liar
    if not first.startswith(_NEGATIONS) and not second.startswith(_NEGATIONS):
        return False
    pairs = ((a, b) for a in _roots(first) for b in _roots(second))
    return any(_stem_shared(a, b) for a, b in pairs if (a, b) != (first, second))


def gives_away(words: Iterable[str], text: str) -> bool:
    """True when ``text`` spells one of the ``words`` (``Re-arm`` for REARM) or uses a
    word sharing a stem with one, or whose singular does (lower case; ``_stem_shared``;
    *oranges* for ORANGERIES). The small function words of a phrase may recur
    (``Regulate in order to receive`` for TUNE IN), and the text's own give nothing
    away unless the answer is one (*the* for THETA). The scoring's test of a phrase's
    gloss (``phrase_evidence``); a clue is held to ``repeats_answer``."""
    return _shares(words, text, _near_stem, past=False)


def repeats_answer(words: Iterable[str], text: str) -> bool:
    """True when a clue ``text`` repeats the answer of ``words``: ``gives_away``, or a
    word of it, or that word less the *d* of *-ed*, shares a root with one
    (``_root_shared``: *lied* for LIAR, *unused* for DISUSE, *hello* for HALLO)."""
    return _shares(words, text, _root_shared, past=True)


def _shares(
    words: Iterable[str], text: str, shared: Callable[[str, str], bool], past: bool
) -> bool:
    """``gives_away`` with the word test ``shared``, reading *-ed* words less their *d*
    too if ``past``."""
    answer = set(words)
    if "".join(_WORD.findall(text.lower())) in answer:
        return True  # Re-arm for REARM
    answer = (answer - _SMALL_WORDS) or answer
    used = {w for w in _WORD.findall(text.lower()) if w not in _SMALL_WORDS or w in answer}
    used |= {w[:-1] for w in used if len(w) > 4 and w.endswith("s")}  # oranges: ORANGERIES
    if past:
        used |= {w[:-1] for w in used if len(w) > 3 and w.endswith("ed")}  # lied: LIAR
    return any(shared(word, other) for word in answer for other in used)


def clue_case(text: str) -> str:
    """``text`` with its first letter upper case, as a clue is printed."""
    return text[:1].upper() + text[1:]


def _first_clause(definition: str, is_noun: Callable[[str], bool]) -> tuple[str, str]:
    """A gloss's first clause, without parentheses, a leading article, *any*, *any of
    various* or *to* (before a verb: *to enlarge*, not *to a high degree*); and its
    leading label as a suffix when the label names a field (nouns: ``(poker)``: ``, in
    poker``; not ``(of fluids)``) or Britain (``(British informal)``: ``BRITISH``),
    else ``""``."""
    text = re.split("[;:]", definition, maxsplit=1)[0].strip()
    label = _LABEL.match(text)
    suffix = ""
    if label:
        if label.group(1).startswith("British"):
            suffix = BRITISH
        elif all(is_noun(word) for word in label.group(1).split()):
            suffix = f", in {label.group(1)}"
        text = text[label.end() :]
    text = " ".join(_PARENTHESIS.sub("", text).split())
    for lead in _LEADS + _LEADS_TOO:
        if text.startswith(lead) and not (lead == "to " and text[3:].startswith(_ARTICLE_STARTS)):
            text = text[len(lead) :]
            break
    if text.startswith("any ") and not text.startswith("any of "):
        text = text[4:]
    return text.strip(" ,:"), suffix


def gloss_cuts(
    definition: str, is_noun: Callable[[str], bool], limit: int = MAX_CLUE_LENGTH
) -> list[str]:
    """A gloss as clues, longest first: its first clause with its label
    (``_first_clause``), capitalized, if at most ``limit`` characters; then each cut
    that fits (``_cut_ends_phrase``). None for a gloss with a bracket or quote left open
    or one that notes the word's use rather than its meaning (``_USAGE_NOTE``: *used as
    expletives* for DAMN)."""
    text, suffix = _first_clause(definition, is_noun)
    if not text or any(mark in text for mark in '()`"') or _USAGE_NOTE.match(text):
        return []
    room = limit - len(suffix)
    cuts = [text] if len(text) <= room else []
    words = text.split(" ")
    for end in range(len(words) - 1, 1, -1):
        cut = " ".join(words[:end]).rstrip(",")
        if len(cut) <= room and _cut_ends_phrase(words, end, is_noun):
            cuts.append(cut)
    return [clue_case(cut + suffix) for cut in cuts]


def _cut_ends_phrase(words: list[str], end: int, is_noun: Callable[[str], bool]) -> bool:
    """True when ``words[:end]`` (two words or more) makes a phrase: it ends on a noun
    (``is_noun``; not a verb after *to* or an auxiliary: *to show that*, *can be used*;
    not a function word WordNet also has as a noun: *who*, *so*, *out*) before a phrase
    boundary (a relative pronoun, a participle, a preposition, any of them or an
    article after an adverb: *usually having*, *especially the*; a ``_POSTPOSITIVE``
    word before a preposition: *property belonging to*, *mammal native to*; *and* or
    *or* before
    an article or a word no noun: *rhetoric and elaborated*; after four words or more,
    an *-ing* word no noun: *followers of a religious system involving*, not *area of a
    baseball playing field*), not inside a compound preposition (*by means of*) nor a
    coordination (*affecting or characteristic of*, *an ocean or a large body of*); a
    cut before *of* or *for* keeps three words or more and no vague head (*informal
    term for*, *railing at the side of*); a cut of *any of* keeps five words or more
    (not *any of a group*)."""
    if end < 2 or end >= len(words):
        return False
    after, last, before = words[end], words[end - 1].rstrip(","), words[end - 2]
    if after.endswith("ly") and end + 1 < len(words):
        after = words[end + 1]
    if before in _AUXILIARIES or before == "to" or last in _NOT_LAST or last in _HEADLESS:
        return False  # ... | to show that; cyanobacteria found | in
    if words[0] == "any" and end <= 4:  # any of a group | of
        return False
    if before in _CONJUNCTIONS or before.endswith(","):  # affecting or characteristic | of
        return False  # slope, tilt | in which
    if before in _BOUNDARIES and last.endswith("ing"):  # by taking | in a reef
        return False
    if last.endswith("ing") and after in _CONJUNCTIONS:  # a grasping | or snatching motion
        return False
    if before in _RELATIVES:  # organization that coordinates | and directs
        return False
    if after in ("of", "for") and (end < 3 or before in _BOUNDARIES or last in _VAGUE):
        return False  # basic unit | of; by means | of; informal term | for
    if after == "of" and before == "the":
        return False  # created by the movement | of aircraft
    if after == "of" and _RELATIVES_SET.intersection(words[max(1, end - 4) : end]):
        return False  # number that is the sum | of nine and one
    following = words[end + 1] if end + 1 < len(words) else ""
    boundary = (
        after in _BOUNDARIES
        or (len(after) > 4 and after.endswith("ed") and "-" not in after)  # concerned with
        or (end >= 4 and after.endswith("ing") and len(after) > 5 and not is_noun(after))
        or (following in _LINKING and after in _POSTPOSITIVE)
        or (after in ("and", "or") and (following in _ARTICLES or not is_noun(following)))
        or (after in _ARTICLES and after != words[end])  # on a building | especially the
    )
    if not boundary or not is_noun(last):
        return False
    tail = words[max(0, end - 4) : end]
    return not any(
        w in _CONJUNCTIONS and n in _ARTICLES for w, n in zip(tail, tail[1:], strict=False)
    )


def shorten_gloss(
    definition: str, is_noun: Callable[[str], bool], limit: int = MAX_CLUE_LENGTH
) -> str | None:
    """The longest of ``gloss_cuts``: a gloss as a clue of at most ``limit`` characters,
    or None where it cannot be cut so at a phrase boundary."""
    cuts = gloss_cuts(definition, is_noun, limit)
    return cuts[0] if cuts else None


def is_noun(wordnet: WordNet, word: str) -> bool:
    """True when WordNet knows ``word`` as a noun: a noun lemma or a plural of one
    (``cats``, ``geese``)."""
    word = word.lower()
    return (
        "n" in wordnet.parts_of_speech(word)
        or any(parse.pos == "n" for parse in wordnet.inflections(word))
        or any(pos == "n" for _, pos, _ in wordnet.listed(word))
    )


@dataclass(frozen=True)
class Reading:
    """One reading of an inflected answer: ``lemma`` of part of speech ``pos`` with
    ``suffix`` (``s``, ``ed``, ``ing``, ``er``, ``est``); ``listed`` when an exception
    list gives the form as an irregular one (``went``), which may be a past tense or a
    participle alone (not a doubled consonant: ``grabbed``)."""

    lemma: str
    pos: str
    suffix: str
    listed: bool


class ClueWriter:
    """Writes clues for the answers of one WordNet, judging frequency by ``zipfs``
    (wordfreq's Zipf by key, as the default list's build holds it) and leaving out
    synonyms ``tags`` call offensive."""

    def __init__(
        self, wordnet: WordNet, zipfs: Mapping[str, float], tags: EditorTags | None = None
    ) -> None:
        self.wordnet = wordnet
        self._zipfs = zipfs
        self._tags = tags
        self._alphabet = get_alphabet("en")
        self._is_noun = cache(partial(is_noun, wordnet))
        self._cuts: dict[SynsetId, list[str]] = {}
        self.zipf = cache(self._zipf)
        self.tags = cache(self._tags_of)
        self._usual_synonyms = cache(self._synset_synonyms)
        self.readings = cache(self._readings)
        self._pos = cache(wordnet.parts_of_speech)
        self._depth = cache(self._synset_depth)
        self._hypernyms = cache(self._synset_hypernyms)
        self._name_parts: dict[str, list[tuple[str, str]]] | None = None
        self._domains = cache(self._synset_domains)
        self._uses = cache(self._lemma_uses)
        self._sense_order = cache(self._ordered_senses)

    def clues(
        self, word: str, lemmas: Sequence[str], limit: int, readings: Sequence[Reading] = ()
    ) -> list[Clue]:
        """Up to ``limit`` clues for the answer ``word`` (lower case) whose key WordNet
        knows as ``lemmas``: the lemmas' clues (``_ordered``), then those of ``word``
        read as an inflection (by the ``readings`` given, as a phrase's form is read,
        else by its own); none repeats the answer (``repeats_answer``) or another clue, nor
        is longer than ``MAX_CLUE_LENGTH`` (a plural lengthens a gloss). An answer with
        no such clue takes glosses up to ``LONG_CLUE_LENGTH`` (HOTEL: ``Building where
        travelers can pay for lodging and meals and other services``), then, a word,
        its place in names (``name_clues``). Lemmas come most used first (``_uses``); an
        obscure one (``_obscure``) after the readings (ATE: *eat* before the goddess),
        and a person's after the names its word is part of (TED). Each clue records its
        kind and level (``models.CLUE_KINDS``, ``CLUE_LEVELS``): an obscure lemma's are
        hard after clues of a common one."""
        readings = list(readings) or self.readings(word)
        answer = {w for lemma in (word, *lemmas) for w in _WORD.findall(lemma.lower())}
        answer.update(w for reading in readings for w in _WORD.findall(reading.lemma))
        rare = [lemma for lemma in lemmas if self._obscure(lemma, readings)]
        known = sorted((lemma for lemma in lemmas if lemma not in rare), key=self._uses)
        found = self._longest_needed(known[::-1], readings, answer, limit)
        tail = self._longest_needed(rare, [], answer, limit, long=not found) if rare else []
        if found:  # a less common sense than those found (ATE: the goddess after *eat*)
            tail = [replace(clue, level="hard") for clue in tail]
        if " " not in word and (any(map(self._person, rare)) or not found + tail):
            found += self.name_clues(word, limit)
        if not found + tail:
            found = self._broader_clues([*known[::-1], *rare], readings, answer)
        return _distinct(found + tail)[:limit]

    def _broader_clues(
        self, lemmas: Sequence[str], readings: Sequence[Reading], answer: set[str]
    ) -> list[Clue]:
        """The last resort of an answer nothing else clues: the nearest common hypernym
        of its lemmas' most used sense, then of its readings' (inflected like the answer),
        that repeats no answer word (``_hypernym_lemmas``; CAMPHOR: ``Resin``; HANDBOOKS:
        ``Reference books``; SPITTOON: ``Receptacle``), a definition at medium level."""
        for lemma in lemmas:
            for sid in self._senses(lemma)[:1]:
                for broader in self._broader(sid):
                    if not repeats_answer(answer, broader):
                        return [_written(clue_case(broader), "definition", "medium")]
        for reading in readings:
            for sid in self._senses(reading.lemma, reading.pos)[:1]:
                for broader in self._broader(sid):
                    form = self.inflect_phrase(broader, reading)
                    if form and not repeats_answer(answer, form):
                        return [_written(clue_case(form), "definition", "medium")]
        return []

    def _broader(self, sid: SynsetId) -> Iterator[str]:
        """The broader terms ``_broader_clues`` may take for a noun's or an adjective's
        sense ``sid``: the adjectives it is similar to (NONFAT: *light*), a name's
        class (*archipelago*), then its ``_hypernym_lemmas``, common (``MIN_FORM_ZIPF``) and
        none of ``_TOO_BROAD`` (*organism* for STRATEGIST); none for a verb, whose
        hypernyms mislead (REFRACT: *subject*)."""
        if sid[0] == "v":
            return
        pointers = self.wordnet.synsets[sid].pointers()
        near = [t for sym, t, *_ in pointers if sym in ("&", "@i")]  # similar; a name's class
        found = [self.wordnet.synsets[t].words[0] for t in near]
        found += self._hypernym_lemmas(sid, MIN_FORM_ZIPF)
        for word in found:
            usual = word.islower() and _WRITTEN.fullmatch(word) is not None
            if usual and word not in _TOO_BROAD and self.zipf(word) >= MIN_FORM_ZIPF:
                yield word

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
        found = self._written(lemmas, readings, answer, limit, MAX_CLUE_LENGTH)
        if found or not long:
            return found
        return self._written(lemmas, readings, answer, limit, LONG_CLUE_LENGTH)

    def _lemma_uses(self, lemma: str) -> int:
        """How often the tagged corpora use ``lemma``, in any sense."""
        return sum(self.wordnet.tagged(lemma, sid) for sid in self.wordnet.senses.get(lemma, ()))

    def _obscure(self, lemma: str, readings: Sequence[Reading]) -> bool:
        """True when no tagged corpus uses ``lemma`` and it is a name (*Ate*, a goddess;
        *Ted*, a Teddy boy) or the answer reads as a form of a lemma they do use (ROADS:
        *road*, before *roads* as a roadstead)."""
        if self._uses(lemma):
            return False
        return self.wordnet.is_proper(lemma) or any(self._uses(r.lemma) for r in readings)

    def _person(self, lemma: str) -> bool:
        """True when every sense of ``lemma`` is a kind of person, none a particular one
        (*Ted*, a Teddy boy; not *Thor*, the god): the people its word names come
        first."""
        synsets = [self.wordnet.synsets[s] for s in self.wordnet.senses.get(lemma, ())]
        kinds = all(s.lexfile == PEOPLE_FILE for s in synsets)
        return (
            bool(synsets)
            and kinds
            and not any(sym == "@i" for s in synsets for sym, *_ in s.pointers())
        )

    def _written(
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
            for clue in _ordered(self._lemma_clues(lemma, answer, longest), limit):
                found.setdefault(clue.text.lower(), clue)
        for reading in readings:
            if len(found) >= limit:
                break
            for clue in _ordered(self._inflected_clues(reading, answer, longest), limit):
                found.setdefault(clue.text.lower(), clue)
        short = [clue for clue in found.values() if len(clue.text.split()) <= MAX_CLUE_WORDS]
        return short[:limit]

    def name_clues(self, word: str, limit: int) -> list[Clue]:
        """Up to ``limit`` clues for ``word`` (lower case) as part of the names WordNet
        gives people and places, the shortest then most frequent names first: a given
        name by the person's role and the rest of the name (``Writer Ferber`` for EDNA),
        any other part by the name with a blank (``Writer Conan ___``, ``___ New
        Guinea``); each of kind ``name``, medium."""
        found = []
        for written, role in self._names().get(word, ()):
            parts = written.split(" ")
            at = [p.lower() for p in parts].index(word)
            if role and 0 < at < len(parts) - 1:
                continue  # a middle name: John Roy Major
            if at == 0 and role:
                clue = f"{role} {' '.join(parts[1:])}"
            else:
                blank = " ".join([*parts[:at], BLANK, *parts[at + 1 :]])
                clue = f"{role} {blank}" if role else blank
            clue = clue_case(clue)
            if len(clue) <= MAX_CLUE_LENGTH and not repeats_answer({word}, clue.replace(BLANK, "")):
                found.append((len(parts), -self.zipf(written), clue))
        return [_written(clue, "name", "medium") for *_, clue in sorted(found)][:limit]

    def _names(self) -> dict[str, list[tuple[str, str]]]:
        """Word → (name, role) of WordNet's instances named by more than one word, each
        word capitalized (``Edna Ferber``; ``Papua New Guinea``), the first such name of
        an instance that holds the word: the role is the first lemma of a person's
        instance hypernym (``writer``), ``""`` for anything else."""
        if self._name_parts is None:
            wordnet = self.wordnet
            try:
                people = wordnet.hyponyms([wordnet.find(PERSON)])
            except KeyError:  # a WordNet without people (a test's sample)
                people = set()
            self._name_parts = {}
            for synset in wordnet.synsets.values():
                kinds = [t for sym, t, _, _ in synset.pointers() if sym == "@i"]
                if not kinds:
                    continue
                kind = next((t for t in kinds if t in people), None)
                role = "" if kind is None else wordnet.synsets[kind].words[0]
                role = role if role.islower() and _WRITTEN.fullmatch(role) else ""
                named: dict[str, str] = {}  # each word's first name in the synset
                for written in synset.words:
                    parts = written.split(" ")
                    if len(parts) > 1 and all(_NAME_PART.fullmatch(p) for p in parts):
                        for part in parts:
                            if part.isalpha():
                                named.setdefault(part.lower(), written)
                for part, written in named.items():
                    self._name_parts.setdefault(part, []).append((written, role))
        return self._name_parts

    def _readings(self, word: str) -> list[Reading]:
        """How ``word`` (lower case) reads as an inflection of a common lemma: by the
        exception lists, and by WordNet's rules where English spells the form so; names'
        plurals (``parises``) and adverbs are left out. The reading whose part of speech
        its lemma uses most comes first (``sells``: the verb before the noun)."""
        wordnet = self.wordnet
        found = [
            Reading(lemma, pos, suffix, word != lemma + lemma[-1] + suffix)  # grab|b|ed: regular
            for lemma, pos, suffix in wordnet.listed(word)
        ]
        found += self._prefixed_readings(word)
        found += [
            Reading(parse.lemma, parse.pos, parse.suffix, False)
            for parse in wordnet.inflections(word)
            if wordnet.spelling(parse) != "irregular"
            or word in self.forms(parse.lemma, parse.pos, parse.suffix)
        ]
        kept = [
            reading
            for reading in dict.fromkeys(found)
            if reading.pos != "r"
            and not wordnet.is_proper(reading.lemma)
            and not self._noun_not_degree(word, reading)
        ]
        return sorted(kept, key=lambda r: [p for p, _ in wordnet.senses[r.lemma]].index(r.pos))

    def _prefixed_readings(self, word: str) -> list[Reading]:
        """``word`` read as a prefixed verb's irregular form that the exception lists
        give only unprefixed (REDID: *redo* as *did* is *do*'s; OUTRAN, UNDID), where
        WordNet has the prefixed verb (not only a noun of its spelling)."""
        found = []
        for prefix in _VERB_PREFIXES:
            rest = word.removeprefix(prefix)
            if rest == word or len(rest) < 2:
                continue
            for lemma, pos, suffix in self.wordnet.listed(rest):
                verb = [p for p, _ in self.wordnet.senses.get(prefix + lemma, ())]
                if pos == "v" and "v" in verb:  # not the noun *overrun* for OVERRAN
                    found.append(Reading(prefix + lemma, pos, suffix, True))
        return found

    def _noun_not_degree(self, word: str, reading: Reading) -> bool:
        """True when ``reading`` takes a noun for a degree of a long adjective, which
        English forms with *more* or *most* (``PRESENTER``, ``CUSTOMER``, ``OUTSIDER``:
        not *more present*); a short one's may be both (``CLEANER``)."""
        if reading.pos not in "as" or reading.suffix not in _DEGREES:
            return False
        long = len(_VOWELS.findall(reading.lemma.removesuffix("e"))) >= 2
        return long and not reading.lemma.endswith("y") and "n" in self._pos(word)

    def _senses(self, lemma: str, pos: str | None = None) -> list[SynsetId]:
        """``lemma``'s senses (of part of speech ``pos`` if given) in ``_ordered_senses``'s
        order."""
        return [sid for sid in self._sense_order(lemma) if pos in (None, sid[0])]

    def _ordered_senses(self, lemma: str) -> tuple[SynsetId, ...]:
        """``lemma``'s senses, most used first: by the tagged corpora's count of
        ``lemma`` in each, then, for senses they never use it in, by their count of the
        sense's other lemmas (FLAT: the *apartment* before the *flat tire*;
        ``_familiarity``)."""
        found = self.wordnet.senses.get(lemma, ())
        return tuple(sorted(found, key=partial(self._familiarity, lemma)))

    def _familiarity(self, lemma: str, sid: SynsetId) -> tuple[int, int, bool]:
        """How well solvers know ``lemma`` in sense ``sid``, as a sort key (``_senses``):
        untagged senses last, by their other lemmas' tag counts, then those that name
        the sense by another word first (PESTLE: a *stamp*) after those it names."""
        tagged = self.wordnet.tagged
        own = tagged(lemma, sid)
        words = [w.lower() for w in self.wordnet.synsets[sid].words]
        if own:
            return 0, -own, False
        return 1, -sum(tagged(other, sid) for other in words if other != lemma), words[0] != lemma

    def _lemma_clues(self, lemma: str, answer: set[str], longest: int) -> Iterator[_Sense]:
        """Per sense of ``lemma``, most used first: its synonyms and its gloss of at most
        ``longest`` characters (a noun's with its head made singular where WordNet
        writes it plural: *any of various plants* → ``Plant``), short where it can be
        (``_short``), each with the sense's signal (``_signal``), kind and level
        (``_level``)."""
        for rank, sid in enumerate(self._senses(lemma)):
            synonyms = self._synonyms(sid, lemma, answer) if rank < SYNONYM_SENSES else []
            synonyms = synonyms[:SYNONYMS_PER_SENSE]
            glosses: list[str] = []
            for cut in self._gloss_cuts(sid):
                gloss = (self._numbered(cut, plural=False) or cut) if sid[0] == "n" else cut
                if sid[0] == "n" and repeats_answer(answer, gloss):
                    gloss = self._head_replaced(gloss, sid, answer) or gloss
                if sid[0] == "n" and repeats_answer(answer, gloss):
                    gloss = self._modifier_dropped(gloss, answer) or gloss
                if sid[0] == "r" and repeats_answer(answer, gloss):
                    gloss = self._manner_replaced(gloss, sid, answer) or gloss
                if len(gloss) <= longest and not repeats_answer(answer, gloss):
                    glosses.append(gloss)
                    if len(gloss.split()) <= SHORT_CLUE_WORDS:
                        break  # _short takes none after it
            signal = partial(self._signal, sid, lemma)
            yield (
                [signal(clue_case(s), "synonym", _level("synonym", rank)) for s in synonyms],
                [
                    signal(g, "definition", _level("definition", rank))
                    for g in self._short(glosses, sid[0])
                ],
                self.wordnet.tagged(lemma, sid),
            )

    def _short(self, glosses: list[str], pos: str) -> list[str]:
        """The gloss clue of a sense of part of speech ``pos`` from its fitting cuts,
        longest first: the first, or for a noun where it runs past ``SHORT_CLUE_WORDS``
        words the longest cut of ``MIN_CUT_WORDS`` to that many that ends on no adverb
        or *-ing* word (RANT: ``Loud bombastic declamation``, not *... expressed with
        strong emotion*; not ENE's *Compass point midway*, BERG's *... of ice
        floating*); a cut of at most ``MAX_CLUE_WORDS`` where the first is longer
        (PALIMPSEST: not *... with the earlier writing incompletely erased*); ``[]``
        for none."""
        glosses = [g for g in glosses if len(g.split()) <= MAX_CLUE_WORDS]
        if not glosses:
            return []
        if pos != "n" or len(glosses[0].split()) <= SHORT_CLUE_WORDS:
            return glosses[:1]
        for gloss in glosses:
            words = gloss.split()
            last = words[-1].lower()
            plain = "r" not in self._pos(last) and not last.endswith("ing")
            if MIN_CUT_WORDS <= len(words) <= SHORT_CLUE_WORDS and plain:
                return [gloss]
        return glosses[:1]

    def _signal(self, sid: SynsetId, lemma: str, clue: str, kind: str, level: str) -> Clue:
        """``clue`` of ``lemma``'s sense ``sid``, of ``kind`` and ``level``, with what a
        solver needs to know of the answer: an abbreviation where the sense writes
        ``lemma`` in capitals (RAM, ``ABBREVIATION``; kind ``abbreviation``); a prefix
        where WordNet knows ``lemma`` only as a combining form (NEO, ``PREFIX``; kind
        ``prefix``); British, archaic or, for an elided form (*e'er*), poetic use
        (WordNet's region and usage domains; ``BRITISH``, ``ARCHAIC``, ``POETIC``); a
        place's local name (``_local_name``, ``LOCAL``). One signal at most; none a clue
        has already. A sense that is an instance (a person, a place) makes the clue a
        ``name``."""
        synset = self.wordnet.synsets[sid]
        domains = self._domains(sid)
        if any(sym == "@i" for sym, *_ in synset.pointers()):
            kind = "name"
        if any(w.lower() == lemma and w.isupper() and len(w) > 1 for w in synset.words):
            # not "..., in computer science, for short"
            return _written(_FIELD.sub("", clue) + ABBREVIATION, "abbreviation", level)
        if all(self._combining(s) for s in self.wordnet.senses.get(lemma, ())):
            return _written(PREFIX + clue[:1].lower() + clue[1:], "prefix", level)
        if clue.endswith(BRITISH):
            return _written(clue, kind, level)
        if domains & {"United Kingdom", "England"}:
            return _written(clue + BRITISH, kind, level)
        if "archaism" in domains:
            return _written(clue + ARCHAIC, kind, level)
        elided = _ELIDED.fullmatch(lemma)
        if elided and lemma.replace("'", "v") in {w.lower() for w in synset.words}:
            return _written(clue + POETIC, kind, level)
        return _written(clue + LOCAL if self._local_name(sid, lemma) else clue, kind, level)

    def _combining(self, sid: SynsetId) -> bool:
        """True when WordNet marks sense ``sid`` as a combining form."""
        return "combining form" in self._domains(sid)

    def _synset_domains(self, sid: SynsetId) -> frozenset[str]:
        """The first lemmas of the usage and region domains of sense ``sid``
        (``archaism``, ``United Kingdom``)."""
        pointers = self.wordnet.synsets[sid].pointers()
        return frozenset(
            self.wordnet.synsets[t].words[0] for sym, t, *_ in pointers if sym in (";u", ";r")
        )

    def _local_name(self, sid: SynsetId, lemma: str) -> bool:
        """True when ``lemma`` is a place's local name that its synset's first, English
        name resembles (MILANO beside *Milan*, NAPOLI beside *Naples*: one word each,
        the same first three letters, no shorter: not UZBEK beside *Uzbekistan*; a
        place: WordNet's ``noun.location`` file)."""
        synset = self.wordnet.synsets[sid]
        first = synset.words[0]
        if synset.lexfile != PLACES_FILE or first.lower() == lemma or not first.isalpha():
            return False
        local = next((w for w in synset.words[1:] if w.lower() == lemma), "")
        resembles = local[:3] == first[:3] and len(local) >= len(first)  # not Uzbek
        return local.isalpha() and resembles and first[:1].isupper()

    def _head_replaced(self, gloss: str, sid: SynsetId, answer: set[str]) -> str | None:
        """A noun gloss whose head repeats the answer (``Globular glass with a small
        top`` for BRANDY GLASS; not a compound's head: *tear gas*) with the head replaced
        by the lemma of the nearest hypernym of ``sid`` that is common
        (``MIN_SYNONYM_ZIPF``), new to the gloss and no giveaway (``Globular container
        with a small top``); None if there is none or the clue would run past
        ``MAX_CLUE_LENGTH``."""
        words = gloss.split(" ")
        at = self._head(words)
        if at < 0 or not repeats_answer(answer, words[at]) or not words[at][1:].islower():
            return None
        if at > 0 and self._pos(words[at - 1].lower()) & {"n", "a"} == {"n"}:
            return None  # a compound's head (tear gas): "Tear chemical weapon" would not do
        used = set(_WORD.findall(gloss.lower()))
        for broader in self._hypernym_lemmas(sid):
            text = " ".join(words[:at] + [broader] + words[at + 1 :])
            fresh = not repeats_answer(used, broader) and not repeats_answer(answer, broader)
            if fresh and len(text) <= MAX_CLUE_LENGTH:
                return clue_case(text)
        return None

    def _manner_replaced(self, gloss: str, sid: SynsetId, answer: set[str]) -> str | None:
        """An adverb's gloss of the form *in a crude or unrefined manner* whose
        adjectives repeat the answer (CRUDELY) with the first that does not (``In an
        unrefined manner``) or, failing that, the most frequent adjective of the one it
        derives from or of those similar to it (UNASSUMINGLY: ``In a modest manner``);
        None for another gloss or where no adjective fits."""
        match = _MANNER.fullmatch(gloss)
        if match is None:
            return None
        written = [a for a in _COORDINATED.split(match["adjectives"]) if " " not in a]
        kept = [a for a in written if not repeats_answer(answer, a)] or self._related(sid, answer)
        if not kept:
            return None
        return f"In {_article(kept[0])} {kept[0]} {match['noun']}"

    def _related(self, sid: SynsetId, answer: set[str]) -> list[str]:
        """The common adjectives (``MIN_SYNONYM_ZIPF``) an adverb's sense ``sid``
        derives from (WordNet's pertainym pointers), then those similar to them, each
        group most frequent first; none offensive or sharing a stem with the ``answer``."""
        pointers = self.wordnet.synsets[sid].pointers()
        bases = [t for sym, t, _, _ in pointers if sym == "\\" and t in self.wordnet.synsets]
        similar = [
            t for b in bases for sym, t, _, _ in self.wordnet.synsets[b].pointers() if sym == "&"
        ]
        found: dict[str, int] = {}
        for near, group in enumerate((bases, similar)):
            for word in (w for t in group for w in self.wordnet.synsets[t].words):
                plain = _PLAIN_ADJECTIVE.fullmatch(word) and word not in _NOT_LAST
                if plain and self.zipf(word) >= MIN_SYNONYM_ZIPF:
                    found.setdefault(word, near)
        fitting = [w for w in found if not repeats_answer(answer, w) and not self.offensive(w)]
        return sorted(fitting, key=lambda w: (found[w], -self.zipf(w), w))

    def _modifier_dropped(self, gloss: str, answer: set[str]) -> str | None:
        """A noun gloss whose leading phrase repeats the answer in a word before its
        head (``Tea leaves that have been steamed`` for GREEN TEA) without that word
        (``Leaves that have been steamed``): the word is one of the first three, only
        adjectives and nouns precede it (it is lower case if any do: not *East Indian*),
        and the head after it is a noun (no adjective or adverb: *present*, *now*)
        followed by the end or a phrase boundary. None if no such word is found, or the
        rest has fewer than three words (*Common plant*: too vague) or still repeats the
        answer."""
        words = gloss.split(" ")
        for at, word in enumerate(words[:3]):
            lower = word.lower()
            if not repeats_answer(answer, word):
                describes = word.isalpha() and bool({"n", "a"} & self._pos(lower))
                if not describes or lower in _NOT_LAST:
                    return None  # night before | Midsummer Day: past the leading phrase
                continue
            if at + 1 >= len(words) or (at and not word.islower()):
                return None  # East Indian tree: a name's word
            head, after = words[at + 1], (words[at + 2] if at + 2 < len(words) else "")
            ends = not after or after in _PHRASE_ENDS or after.endswith(("ing", "ed"))
            plain = head.lower()
            noun = head.isalpha() and self._is_noun(head) and not {"a", "r"} & self._pos(plain)
            noun = noun and plain not in _NOT_LAST and not plain.endswith("ing")
            if not (ends and noun):
                return None
            kept = words[:at] + words[at + 1 :]
            text = clue_case(" ".join(kept))
            return None if len(kept) < 3 or repeats_answer(answer, text) else text
        return None

    def _headless(self, gloss: str) -> bool:
        """True when a noun's ``gloss`` starts with no noun: with an adjective that
        follows its noun or a participle (``_HEADLESS``, or a lower-case *-ed* word no
        noun), then a preposition (*native to*, *distinguished from*; not *common fly*,
        *United States writer*)."""
        first, second, *_ = [*gloss.strip().split(" ", 2), "", ""]
        participle = first.endswith("ed") and first.isalpha() and not self._is_noun(first)
        headless = first in _HEADLESS or (participle and first.islower())
        return headless and second in _AFTER_HEADLESS

    def _hypernym_lemmas(self, sid: SynsetId, least: float = MIN_SYNONYM_ZIPF) -> Iterator[str]:
        """The first lemmas of ``sid``'s hypernyms (their usual names: *plate*, not its
        synonym *scale*) where lower case and at least ``least`` frequent (Zipf),
        nearest first, up to ``HYPERNYM_DEPTH`` levels up."""
        level = [sid]
        for _ in range(HYPERNYM_DEPTH):
            level = [t for s in level for t in self._hypernyms(s)]
            for broader in level:
                word = self.wordnet.synsets[broader].words[0]
                usual = word.islower() and _WRITTEN.fullmatch(word) is not None
                usual = usual and self._depth(broader) >= MIN_HYPERNYM_DEPTH
                if usual and self.zipf(word) >= least:
                    yield word

    def _synset_hypernyms(self, sid: SynsetId) -> list[SynsetId]:
        """The hypernyms of ``sid`` (of a class: ``@``)."""
        return [t for sym, t, _, _ in self.wordnet.synsets[sid].pointers() if sym == "@"]

    def _synset_depth(self, sid: SynsetId) -> int:
        """How many hypernym links separate ``sid`` from the top of its hierarchy (the
        fewest): *entity* 0, *act* 4, *container* 6."""
        broader = [t for sym, t, _, _ in self.wordnet.synsets[sid].pointers() if sym in ("@", "@i")]
        return 1 + min(map(self._depth, broader)) if broader else 0

    def _inflected_clues(
        self, reading: Reading, answer: set[str], longest: int
    ) -> Iterator[_Sense]:
        """Per sense of the reading's lemma and part of speech that writes it in lower
        case, most used first (a plural's senses of ``UNCOUNTED_FILES`` last): its
        synonyms inflected like the answer
        (``inflect_phrase``) and its gloss of at most ``longest`` characters where it can
        be (``_inflected_gloss``), short where it can be (``_short``)."""
        if reading.lemma in _UNINFLECTED:
            return
        senses = self._senses(reading.lemma, reading.pos)
        if reading.pos == "n" and reading.suffix == "s":
            senses.sort(key=lambda sid: self.wordnet.synsets[sid].lexfile in UNCOUNTED_FILES)
        for rank, sid in enumerate(senses):
            words = self.wordnet.synsets[sid].words
            if reading.lemma not in words:
                continue  # a name's sense (the Reef): no plural, no verb
            if reading.suffix in _DEGREES and any(word.isdigit() for word in words):
                continue  # a numeral (li, 51): no degrees
            synonyms: list[Clue] = []
            if rank < SYNONYM_SENSES:
                for synonym in self._synonyms(sid, reading.lemma, answer)[:SYNONYMS_PER_SENSE]:
                    form = self.inflect_phrase(synonym, reading) or _degree(synonym, reading)
                    if form and not repeats_answer(answer, form):
                        level = _level("synonym", rank)
                        synonyms.append(_written(clue_case(form), "synonym", level))
            glosses: list[str] = []
            for cut in self._gloss_cuts(sid):
                gloss = self._inflected_gloss(cut, reading)
                if gloss and len(gloss) <= longest and not repeats_answer(answer, gloss):
                    glosses.append(gloss)
                    if len(gloss.split()) <= SHORT_CLUE_WORDS:
                        break  # _short takes none after it
            level = _level("definition", rank)
            yield (
                synonyms,
                [_written(g, "definition", level) for g in self._short(glosses, reading.pos)],
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

    def _synset_synonyms(self, sid: SynsetId) -> list[str]:
        """The lemmas of ``sid`` that ``_synonyms`` may offer for any answer, in order;
        not one written in capitals, nor a Roman numeral of a number (``ii`` for TWO)."""
        numeral = any(word.isdigit() for word in self.wordnet.synsets[sid].words)
        found = []
        for other in self.wordnet.synsets[sid].words:
            lower = other.lower()
            senses = self.wordnet.senses[lower]
            usual = sid == senses[0] and (len(senses) == 1 or " " not in lower)
            if sid not in senses[:SYNONYM_SENSES] or not _WRITTEN.fullmatch(lower):
                continue
            if other.isupper() or (numeral and _ROMAN.fullmatch(lower)):
                continue  # II, ii, RAM: "Ii" and "Ram" as clues
            if not usual and not self.wordnet.tagged(lower, sid):
                continue
            zipf = self.zipf(other)
            if zipf >= MIN_SYNONYM_ZIPF and not self.offensive(other):
                found.append((" " not in other, zipf, other))
        return [other for *_, other in sorted(found, reverse=True)]

    def offensive(self, word: str) -> bool:
        """True when the editor tags call ``word`` offensive."""
        return OFFENSIVE in self.tags(word)

    def avoided(self, word: str) -> bool:
        """True when the editor tags call ``word`` offensive or sensitive (``AVOIDED``):
        no example sentence holding it makes a clue."""
        return not self.tags(word).isdisjoint(AVOIDED)

    def _tags_of(self, word: str) -> frozenset[str]:
        """The editor tags of ``word`` (none for a word no key spells)."""
        if self._tags is None:
            return frozenset()
        try:
            return self._tags.of(self._alphabet.normalize(word))
        except ValueError:
            return frozenset()

    def _zipf(self, text: str) -> float:
        """The Zipf frequency of a word (its key's, from the build) or phrase (wordfreq's,
        less ``PHRASE_DISCOUNT`` a word after the first, as the scoring model has it;
        below ``MIN_SYNONYM_ZIPF``, its rarest word's as a bound)."""
        if " " in text or "-" in text:
            words = text.replace("-", " ").split()
            discount = PHRASE_DISCOUNT * (len(words) - 1)
            rarest = min(self.zipf(word) for word in words) - discount
            if rarest < MIN_SYNONYM_ZIPF:  # wordfreq rates a phrase below its rarest word
                return rarest
            return zipf_frequency(text, "en", wordlist="large") - discount
        try:
            plain = text.isascii() and text.isalpha()
            return self._zipfs.get(text.upper() if plain else self._alphabet.normalize(text), 0.0)
        except ValueError:
            return 0.0

    def _gloss_cuts(self, sid: SynsetId) -> list[str]:
        """The ``gloss_cuts`` of synset ``sid`` up to ``CUT_SLACK`` characters too long
        (the caller shortens or skips those) or ``LONG_CLUE_LENGTH``, read once: of its
        first clause, then of each later one that defines again (``_DEFINING``: *chew
        (food); to bite and grind with the teeth*), for when the first gives the answer
        away or runs long. A noun's gloss that starts with no noun (*native to Egypt* for
        ANISE, *distinguished from Bovidae* for DEER) takes its nearest hypernym of at
        least ``MIN_FORM_ZIPF`` for one (``Ladybug native to Australia`` for VEDALIA,
        ``Ruminant distinguished from Bovidae``), or makes none; one whose first clause
        starts with a preposition sets a scene for the next (ADAM: *in Judeo-Christian
        mythology*; *the first man ...*) and makes none either."""
        if sid not in self._cuts:
            first, *later = self.wordnet.synsets[sid].definition.split(";")
            opening = _PARENTHESIS.sub("", first).split()[:1]
            if sid[0] == "n" and later and opening and opening[0] in _PREPOSITIONS:
                first = ""  # in Judeo-Christian mythology; the first man ...: a setting
            elif sid[0] == "n" and self._headless(first):
                head = next(self._hypernym_lemmas(sid, MIN_FORM_ZIPF), None)
                first = "" if head is None else f"{head} {first}"
            limit = max(LONG_CLUE_LENGTH, MAX_CLUE_LENGTH + CUT_SLACK)
            cuts = gloss_cuts(first, self._is_noun, limit)
            for clause in (c.strip() for c in later):
                if _defines(clause, sid[0]):
                    cuts += gloss_cuts(clause, self._is_noun, limit)
            self._cuts[sid] = cuts
        return self._cuts[sid]

    def forms(self, lemma: str, pos: str, suffix: str) -> list[str]:
        """The forms of ``lemma`` (part of speech ``pos``) with ``suffix``
        (``WordNet.inflect``): those an exception list gives it and, beside them, its
        regular spelling where wordfreq rates it within ``REGULAR_GAP`` of the most
        frequent of them (*showed* beside *shown*, *worked* beside *wrought*; not
        *spended* beside *spent*); else its regular spellings."""
        forms = self.wordnet.inflect(lemma, pos, suffix)
        regular = sorted(regular_forms(lemma, suffix) - set(forms))
        if not regular or not forms:
            return forms
        top = max(map(self.zipf, forms))
        return forms + [form for form in regular if self.zipf(form) >= top - REGULAR_GAP]

    def _inflect(self, word: str, pos: str, suffix: str, pasts: str = "any") -> str | None:
        """The most frequent form of ``word`` (a lemma of ``pos``) with ``suffix`` that
        wordfreq attests (``MIN_FORM_ZIPF``; at any frequency a noun's plural within
        ``MASS_NOUN_GAP`` of the noun, *depositories*, and a verb's regular *-s*,
        *droops*); None if there is none, if an exception
        list gives the form and ``pasts`` (``_pasts``) rules it out, or if a noun's
        plural is ``MASS_NOUN_GAP`` rarer than the noun (*attentions*, *cognitions*)."""
        forms = self.forms(word, pos, suffix)
        listed = self._listed(word, pos, suffix, forms)
        if listed and (pasts == "regular" or (pasts == "one" and len(listed) > 1)):
            return None
        best = max(forms, key=self.zipf, default=None)
        regular_s = pos == "v" and suffix == "s" and not listed and "v" in self._pos(word)
        attested_enough = pos == "n" or regular_s  # not "hads" from a phrase's "had"
        if best is None or (
            self.zipf(best) < MIN_FORM_ZIPF and not (attested_enough and self.zipf(best))
        ):
            return None
        if pos == "n" and self.zipf(best) < self.zipf(word) - MASS_NOUN_GAP:
            return None
        return best

    def _listed(self, word: str, pos: str, suffix: str, forms: list[str]) -> list[str]:
        """Those of ``forms`` an exception list gives as ``word``'s with ``suffix``."""
        return [form for form in forms if (word, pos, suffix) in self.wordnet.listed(form)]

    def _pasts(self, reading: Reading) -> str:
        """Which past forms of a synonym fit the answer of ``reading``: ``any`` for a
        regular past (``departed``: tense and participle alike); ``one`` for the one past
        form an exception list gives its lemma (``bled``: both too, so a synonym whose
        past is one form: ``lost``, not ``drew``); ``regular`` for a form the lists give
        beside another (``went``, ``gone``: tense or participle alone)."""
        if not (reading.listed and reading.suffix == "ed"):
            return "any"
        forms = self.wordnet.inflect(reading.lemma, reading.pos, "ed")
        return (
            "one" if len(self._listed(reading.lemma, reading.pos, "ed", forms)) == 1 else "regular"
        )

    def inflect_phrase(self, synonym: str, reading: Reading) -> str | None:
        """``synonym`` inflected like the answer: a verb's first word (``tell on``:
        ``told on``), a noun's last (``dirty dog``: ``dirty dogs``; not ``man of war``),
        an adjective if one word. A past form an exception list gives the answer
        beside another (``went``, ``gone``) takes only synonyms with a regular past,
        alike in tense and participle, since either may be meant; a regular past
        (``departed``) is both, so any past form fits it, and a lemma's only listed past
        (``bled``) takes synonyms with one past form (``lost``; ``_pasts``)."""
        words = synonym.split(" ")
        if synonym != synonym.lower() or words[0] in _UNINFLECTED:
            return None
        if reading.pos == "v":
            head = 0
        elif reading.pos == "n" and not _BOUNDARIES.intersection(words):
            head = len(words) - 1
        elif len(words) == 1:
            head = 0
        else:
            return None
        form = self._inflect(words[head], reading.pos, reading.suffix, self._pasts(reading))
        return None if form is None else " ".join(words[:head] + [form] + words[head + 1 :])

    def _inflected_gloss(self, gloss: str, reading: Reading) -> str | None:
        """``gloss`` in the answer's form: a noun's made plural (``_numbered``); a
        verb's up to its first comma with its first verb inflected (``Moves fast on
        foot``), or its first two where it starts by coordinating them (``Touched or
        stroked lightly``), none if it coordinates verbs later (*decide on and pursue*).
        An adjective's degree is given to a gloss that starts with an adjective, by its
        own form (``Larger in size``) or else *more* or *most* (``More full of seeds``,
        ``Most soft and watery``; not a participle: *used to signify*, nor an adjective
        that is a degree already, *greater than*, or names a thing, *indefinite
        quantity*)."""
        if reading.suffix in _DEGREES:
            first, *rest = gloss.split(" ")
            first = first.lower()
            adjective = "a" in self._pos(first) and first not in _NOT_LAST
            if not adjective or first.endswith(("ed", "ing")) or self._is_degree(first):
                return None
            after = rest[0].lower() if rest else ""
            if after and after not in _NOT_LAST and self._names_thing(after):
                return None
            if len(rest) > 1 and rest[1] in _CONJUNCTIONS:
                return None  # Fullest of or characterized by: the degree has no complement
            if rest and rest[0] in ("and", "or"):  # most soft and watery: one degree for both
                form: str | None = f"{_DEGREES[reading.suffix]} {first}"
            else:
                form = self._inflect(first, "a", reading.suffix) or _degree(first, reading)
            return None if form is None else clue_case(" ".join([form, *rest]))
        if reading.pos == "n":
            return self._numbered(gloss, plural=True)
        words = gloss.split(",", 1)[0].split(" ")
        verbs = [0, 2] if len(words) > 2 and words[1] in ("and", "or") else [0]
        later = [i for i, w in enumerate(words) if i > verbs[-1] and w in _CONJUNCTIONS]
        if later:
            cut = self._before_coordination(words, later[0])
            if cut is None:
                return None
            words = cut
        for at in verbs:
            verb = words[at].lower()
            if verb in _UNINFLECTED or "v" not in self._pos(verb):
                return None
            form = self._inflect(verb, "v", reading.suffix, self._pasts(reading))
            if form is None:
                return None
            words[at] = form
        return clue_case(" ".join(words))

    def _names_thing(self, word: str) -> bool:
        """True when ``word`` is a noun and neither adjective nor adverb (*quantity*)."""
        return self._is_noun(word) and not {"a", "r"} & self._pos(word)

    def _is_degree(self, word: str) -> bool:
        """True when the adjective ``word`` is a comparative or superlative already
        (``larger``, ``earlier``, ``best``)."""
        parses = [(p.pos, p.suffix) for p in self.wordnet.inflections(word)]
        parses += [(pos, suffix) for _, pos, suffix in self.wordnet.listed(word)]
        if any(pos in "as" and suffix in _DEGREES for pos, suffix in parses):
            return True
        return any(
            word.endswith(suffix) and "a" in self._pos(word.removesuffix(suffix) + "y")
            for suffix in ("ier", "iest")
        )

    def _before_coordination(self, words: list[str], at: int) -> list[str] | None:
        """A verb gloss's ``words`` cut before the conjunction at ``at`` when it joins no
        verb (``Perceive intuitively`` or *through …*) and the cut ends on a content word
        after the verb that needs no noun after it; None where it may coordinate verbs
        (*decide on and pursue*)."""
        if at < 2 or at + 1 == len(words):
            return None
        before, last, after = (
            word.lower() for word in (words[at - 2], words[at - 1], words[at + 1])
        )
        if "v" in self._pos(after) or last in _NOT_LAST:
            return None
        if words[-1].lower() in _NOT_LAST:
            return None  # the object comes last (*reduce the edge or violence of*)
        if "a" in self._pos(last) and ("n" not in self._pos(last) or "a" in self._pos(after)):
            return None  # adjectives before their head (*take strong or violent action*)
        coordinated = after.endswith("ly") and at + 2 < len(words)
        if last.endswith("ly") and (coordinated or before in _PREPOSITIONS):
            return None  # adverbs before their head (*excessively and undesirably hot*)
        return words[:at]

    def _numbered(self, gloss: str, plural: bool) -> str | None:
        """``gloss`` with the head of its leading noun phrase (its last noun before the
        first boundary: *long-tailed rodents* similar to ...) singular or ``plural``,
        and the verb of a relative clause after it in the same number (``Minerals that
        contain metal``, ``Small dark goose that breeds``); None if there is no head, or
        it is coordinated (``pests or nuisances``), a pronoun (``someone who``) or has
        no attested form, or if the relative clause does not start with a verb or would
        not agree (``persons who shirk his work``). A plural whose last noun has no
        plural may take the noun before it where the last may be a participle (``Social
        insects living in organized colonies``)."""
        words = gloss.split(" ")
        at = self._head(words)
        found = self._numbered_at(list(words), at, plural)
        if found is None and plural and (before := self._head(words, participle=False)) != at:
            found = self._numbered_at(words, before, plural)
        return found

    def _numbered_at(self, words: list[str], at: int, plural: bool) -> str | None:
        """``_numbered`` with the head at index ``at`` of the gloss's ``words``."""
        end = self._phrase_end(words)
        head = words[at].rstrip(",")
        lower = head.lower()
        if at < 0 or not head.isalpha():
            return None
        if at > 1 and words[0].endswith("ing") and not self._is_noun(words[1]):
            return None  # assigning some quality: an act, whatever the number of its object
        if at > 0 and words[at - 1] in _CONJUNCTIONS:  # sensation or change: both
            first = words[at - 2] if at > 1 and words[at - 1] in ("and", "or") else ""
            written = first.islower() or (at == 2 and first[1:].islower())  # no name
            coordinated = first.isalpha() and written and self._is_noun(first.lower())
            if not coordinated or (at > 2 and words[at - 3] in _CONJUNCTIONS):
                return None
            first_form = self._noun_form(first.lower(), plural)
            if first_form is None:
                return None
            words[at - 2] = first_form if first.islower() else clue_case(first_form)
        form: str | None
        if lower in _PRONOUNS:  # someone who works: people who work, never one of ...
            after = words[at + 1] if at + 1 < len(words) else "of"
            described = after in _RELATIVES or (lower != "one" and after not in _NOT_DESCRIBING)
            form = _PLURAL_HEADS[lower] if plural and described else None
        else:
            form = self._noun_form(lower, plural)
        if form is None:
            return None
        if form == lower:
            return " ".join(words)  # already in that number
        if _RELATIVES_SET.intersection(words[end + 1 :]):
            return None  # officers of the church who: the clause is the head's
        if end + 1 < len(words) and words[end] in _SUBJECT_RELATIVES:
            if at != end - 1:
                return None  # the clause may be the head's: long-tailed rodents ... that
            verb = self._agreeing(words[end + 1], plural)
            following = words[end + 2] if end + 2 < len(words) else ""
            if verb is None or (plural and following in _ARTICLES) or _OWN & set(words):
                return None  # men who are a fool; persons who shirk his work
            words[end + 1] = verb
            if following in ("and", "or") and end + 3 < len(words):  # makes or repairs
                words[end + 3] = self._agreeing(words[end + 3], plural) or words[end + 3]
        if head != lower:
            form = clue_case(form)
        words[at] = form + words[at][len(head) :]
        return " ".join(words)

    def _noun_form(self, noun: str, plural: bool) -> str | None:
        """``noun`` (lower case, no pronoun) singular or ``plural``; None where it has no
        attested plural, or is no noun."""
        if noun in _PLURAL_HEADS:
            return _PLURAL_HEADS[noun] if plural else noun
        if noun in _SAME_PLURAL:
            return noun
        if "n" in self._pos(noun):  # a noun lemma: singular
            return self._inflect(noun, "n", "s") if plural else noun
        singulars = [r.lemma for r in self.readings(noun) if r.pos == "n" and r.suffix == "s"]
        return (noun if plural else singulars[0]) if singulars else None

    @staticmethod
    def _phrase_end(words: list[str]) -> int:
        """Where a gloss's leading noun phrase ends: its first word that ends one."""
        return next((k for k, w in enumerate(words) if k and w in _PHRASE_ENDS), len(words))

    def _head(self, words: list[str], participle: bool = True) -> int:
        """The index of a gloss's head: the last noun of its leading noun phrase, or
        unless ``participle``, the noun before it where it may be a participle (*insect
        living* in ...: *insect*), as it is before an article (*hairpiece covering the
        head*: not *coverings*); -1 if it has none."""
        end = self._phrase_end(words)
        nouns = [k for k in range(end) if self._is_noun(words[k].rstrip(","))]
        after = words[nouns[-1] + 1] if nouns and nouns[-1] + 1 < len(words) else ""
        if after in _ARTICLES and words[nouns[-1]].endswith("ing"):
            participle = False
        if not participle:
            while (
                len(nouns) > 1
                and nouns[-2] == nouns[-1] - 1
                and _PARTICIPLE.search(words[nouns[-1]])
            ):
                nouns.pop()
        return nouns[-1] if nouns else -1

    def _agreeing(self, verb: str, plural: bool) -> str | None:
        """A relative clause's present-tense ``verb`` in the number of its head
        (``contains``/``contain``, ``is``/``are``); a past tense or a modal as it is
        (``founded``, ``can``); None for a word that is neither (``usually``)."""
        numbers = _PLURAL_VERBS if plural else {v: k for k, v in _PLURAL_VERBS.items()}
        if verb in _MODALS:
            return verb
        if verb in numbers or verb in numbers.values():
            return numbers.get(verb, verb)
        if any(r.pos == "v" and r.suffix == "ed" for r in self.readings(verb)):
            return verb
        if plural:
            found = [r.lemma for r in self.readings(verb) if r.pos == "v" and r.suffix == "s"]
            return found[0] if found else None
        return self._inflect(verb, "v", "s") if "v" in self._pos(verb) else None


_DEFINING = {"n": ("a ", "an ", "the "), "v": ("to ",), "a": ("",), "r": ("",)}
"""How a later clause of a gloss starts when it defines the sense again, by part of
speech (an example is quoted, so it starts otherwise; a noun's note without an article
does not define: *consist of polymers of amino acids*)."""
_NOTES = ("used ", "often ", "especially ", "usually ", "sometimes ", "also ", "e.g.", "i.e.")
"""How a later clause of a gloss starts when it is a note on usage (*used especially of
winds*), not a definition."""
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had)\b")


def _defines(clause: str, pos: str) -> bool:
    """True when ``clause``, a later clause of a gloss of part of speech ``pos``, defines
    the sense again (``_DEFINING``), is no note (``_NOTES``) and, a noun's, no sentence:
    *the guilt of the accused has been decided in advance* (a finite verb before any
    relative pronoun)."""
    if not clause.startswith(_DEFINING.get(pos, ("",))) or clause.startswith(_NOTES):
        return False
    finite = _FINITE.search(clause)
    if pos != "n" or finite is None:
        return True
    return bool(_RELATIVES_SET.intersection(clause[: finite.start()].split()))


_PLURAL_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do"}
_MODALS = frozenset(("can", "could", "may", "might", "must", "shall", "should", "will", "would"))
_Sense = tuple[list[Clue], list[Clue], int]
"""The synonym clues and gloss clues of one sense, and how often the tagged corpora use
the answer's lemma in it."""


def _article(word: str) -> str:
    """The indefinite article before ``word`` (lower case)."""
    return "an" if _AN_BEFORE.match(word) else "a"


def _degree(adjective: str, reading: Reading) -> str | None:
    """``adjective`` in the degree of an adjective ``reading`` with *more* or *most*
    (``more bluish``), as English forms it: for a word of two syllables or more not
    ending in *y* and no degree already (*most wee*, *more bully*, *more better-looking*
    are not); None for other readings."""
    if reading.pos != "a" or reading.suffix not in _DEGREES:
        return None
    syllables = len(_VOWELS.findall(adjective.removesuffix("e")))
    if not _SIMPLE_WORD.fullmatch(adjective) or syllables < 2 or adjective.endswith("y"):
        return None
    return f"{_DEGREES[reading.suffix]} {adjective}"


def _written(text: str, kind: str, level: str) -> Clue:
    """A clue written from WordNet (``WORDNET_SOURCE``) of ``kind`` and ``level``."""
    return Clue(text, WORDNET_SOURCE, kind=kind, level=level)


def _level(kind: str, rank: int) -> str:
    """The level of a clue of ``kind`` (``synonym`` or ``definition``) from the sense
    of rank ``rank`` among its lemma's, most used first: a later sense is hard, the
    first's synonym easy and its definition medium."""
    if rank:
        return "hard"
    return "easy" if kind == "synonym" else "medium"


def _distinct(clues: Iterable[Clue]) -> list[Clue]:
    """``clues`` in order, each text once (the first clue of a text is kept)."""
    found: dict[str, Clue] = {}
    for clue in clues:
        found.setdefault(clue.text, clue)
    return list(found.values())


def _ordered(senses: Iterable[_Sense], limit: int) -> list[Clue]:
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
