"""WordNet glosses cut to clues: the first clause without its article or label, and
shorter cuts that end a phrase (``Loud bombastic declamation`` for RANT).

An editor prints a phrase, not a dictionary sentence. ``gloss_cuts`` reads a gloss's
text alone; ``GlossCutter`` reads a sense's gloss with WordNet beside it: a headless
gloss takes a head (``Ruminant distinguished from Bovidae``), a gloss whose head or
modifier repeats the answer takes a broader word or loses the modifier, and a long
noun gloss gives way to a short cut.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from crossforge.wordbase.building.clues.grammar import (
    AFTER_HEADLESS,
    ARTICLE_STARTS,
    ARTICLES,
    AUXILIARIES,
    BOUNDARIES,
    CONJUNCTIONS,
    HEADLESS,
    LINKING,
    NOT_LAST,
    PARTITIVE,
    PHRASE_ENDS,
    POSTPOSITIVE,
    PREPOSITIONS,
    RELATIVES,
    RELATIVES_SET,
    VAGUE,
)
from crossforge.wordbase.building.clues.inflection import Inflector
from crossforge.wordbase.building.clues.kinds import BRITISH, clue_case
from crossforge.wordbase.building.clues.lexicon import MIN_FORM_ZIPF, MIN_SYNONYM_ZIPF, Lexicon
from crossforge.wordbase.building.clues.roots import WORD, repeats_answer
from crossforge.wordbase.building.english.wordnet import SynsetId

__all__ = [
    "CUT_SLACK",
    "LONG_CLUE_LENGTH",
    "MAX_CLUE_LENGTH",
    "MAX_CLUE_WORDS",
    "MIN_CUT_WORDS",
    "SHORT_CLUE_WORDS",
    "GlossCutter",
    "clue_words",
    "gloss_cuts",
    "shorten_gloss",
]

MAX_CLUE_LENGTH = 60
"""The longest gloss clue, in characters; a longer one is cut at a phrase boundary or dropped."""
MAX_CLUE_WORDS = 12
"""The most words a clue has (``clue_words``); a longer one reads as a definition, not a clue."""
_TYPOS = {"loose heat": "lose heat"}
"""WordNet 3.0's glosses that misspell a word, corrected (COOL: not *Loosed heat*)."""
_CLUE_WORD = re.compile(r"[A-Za-z0-9'_-]+")
"""A word of a clue as a solver counts it: *1/60th* is two, a blank one."""
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
_PARENTHESIS = re.compile(r"\s*\([^()]*\)")
_LABEL = re.compile(r"^\(([a-z]+(?: [a-z]+)?)\)\s+")
_MANNER = re.compile(r"In an? (?P<adjectives>[a-z, -]+?) (?P<noun>manner|way|fashion)")
"""An adverb's gloss by its adjectives (*in a crude or unrefined manner*)."""
_PLAIN_ADJECTIVE = re.compile(r"[a-z]+(?<!ing)")
"""An adjective that may stand in an adverb's gloss: one word, no participle (*crying*)."""
_COORDINATED = re.compile(r",? (?:and|or) |, ")
"""What separates coordinated adjectives (*messy, untidy*; *crude or unrefined*)."""
_USAGE_NOTE = re.compile(r"used (?!to |for |by |or )")
"""How a gloss starts that tells how a word is used, not what it means (*used as
expletives*, *used of persons*; not *used to nail down carpets*)."""
_AN_BEFORE = re.compile(r"[aeio]|u(?!ni|s[eu]|ti|r[ae])|h(?:on|our|eir)")
"""Where *an* goes before a word: a vowel sound (``an honest``; ``a useful``, ``a unique``)."""
_HEDGES = frozenset(("often", "sometimes", "seldom"))
"""Adverbs not in *-ly* that start an aside after a noun as those do (*pan* | *often
with a pastry top*)."""
_CAPITAL = re.compile(r"\b(capital|port) and (?:largest|chief|principal|main) (?:city|port)\b")
"""What a place's gloss says beside its being a capital, which a clue leaves out (*the
capital and largest city of Peru*: ``Capital of Peru``, not ``Capital and largest city``)."""
_MADE_OF = re.compile(
    r"(?P<head>[\w-]+(?: [\w-]+)?) (?:consisting|composed|made up) of (?P<parts>.+)"
)
"""A noun's gloss by what the thing consists of (*decoration consisting of the layout
and furnishings*)."""
_LEADS = ("any of various ", "any of several ", "any of numerous ", "any of a number of ")
_LEADS_TOO = ("any of many ", "a ", "an ", "the ", "to ")
_DEFINING = {"n": ("a ", "an ", "the "), "v": ("to ",), "a": ("",), "r": ("",)}
"""How a later clause of a gloss starts when it defines the sense again, by part of
speech (an example is quoted, so it starts otherwise; a noun's note without an article
does not define: *consist of polymers of amino acids*)."""
_NOTES = ("used ", "often ", "especially ", "usually ", "sometimes ", "also ", "e.g.", "i.e.")
"""How a later clause of a gloss starts when it is a note on usage (*used especially of
winds*), not a definition."""
_FINITE = re.compile(r"\b(?:is|are|was|were|has|have|had)\b")


def _article(word: str) -> str:
    """The indefinite article before ``word`` (lower case)."""
    return "an" if _AN_BEFORE.match(word) else "a"


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
    return bool(RELATIVES_SET.intersection(clause[: finite.start()].split()))


def _first_clause(definition: str, is_noun: Callable[[str], bool]) -> tuple[str, str]:
    """A gloss's first clause, without parentheses, a leading article, *any*, *any of
    various* or *to* (before a verb: *to enlarge*, not *to a high degree*), nor a
    capital's rank (``_CAPITAL``: *capital of Peru*); and its
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
    text = _CAPITAL.sub(r"\1", " ".join(_PARENTHESIS.sub("", text).split()))
    for lead in _LEADS + _LEADS_TOO:
        if text.startswith(lead) and not (lead == "to " and text[3:].startswith(ARTICLE_STARTS)):
            text = text[len(lead) :]
            break
    if text.startswith("any ") and not text.startswith("any of "):
        text = text[4:]
    return text.strip(" ,:"), suffix


def clue_words(clue: str) -> int:
    """How many words ``clue`` has (``_CLUE_WORD``)."""
    return len(_CLUE_WORD.findall(clue))


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
    article after an adverb: *usually having*, *especially the*; a ``POSTPOSITIVE``
    word before a preposition: *property belonging to*, *mammal native to*; *and* or
    *or* before
    an article or a word no noun: *rhetoric and elaborated*; after four words or more,
    an *-ing* word no noun: *followers of a religious system involving*, not *area of a
    baseball playing field*), not inside a compound preposition (*by means of*) nor a
    coordination (*affecting or characteristic of*, *an ocean or a large body of*); a
    cut before *of* or *for* keeps three words or more and no vague head (*informal
    term for*, *railing at the side of*, *a rectangular piece of*) nor ends a
    preposition's object but a partitive's (not *by means of*; *piece of cloth of*); a cut
    of *any of* keeps five words or more (not *any of a group*); a cut of *either*
    keeps its *or* (not *either a design*)."""
    if end < 2 or end >= len(words):
        return False
    after, last, before = words[end], words[end - 1].rstrip(","), words[end - 2]
    if (after.endswith("ly") or after in _HEDGES) and end + 1 < len(words):
        after = words[end + 1]
    if end + 1 < len(words) and words[end + 1].rstrip(",") == last:
        return False  # objects or people side | by side: an idiom's first half
    if last.isdigit():
        return False  # of the age 13 | through 19: a range's first end
    if before in AUXILIARIES or before == "to" or last in NOT_LAST or last in HEADLESS:
        return False  # ... | to show that; cyanobacteria found | in
    if words[0] == "any" and end <= 4:  # any of a group | of
        return False
    if words[0] == "either" and "or" not in words[:end]:  # either a design | or ...
        return False
    if before in CONJUNCTIONS or before.endswith(","):  # affecting or characteristic | of
        return False  # slope, tilt | in which
    if before in BOUNDARIES and last.endswith("ing"):  # by taking | in a reef
        return False
    if last.endswith("ing") and after in CONJUNCTIONS:  # a grasping | or snatching motion
        return False
    if before in RELATIVES:  # organization that coordinates | and directs
        return False
    measured = before == "of" and words[end - 3] in PARTITIVE  # piece of cloth | of
    if after in ("of", "for") and (end < 3 or (before in BOUNDARIES and not measured)):
        return False  # basic unit | of; by means | of; result of deliberations | of
    if after in ("of", "for") and last in VAGUE:
        return False  # informal term | for
    if after == "of" and before == "the":
        return False  # created by the movement | of aircraft
    if after == "of" and RELATIVES_SET.intersection(words[max(1, end - 4) : end]):
        return False  # number that is the sum | of nine and one
    following = words[end + 1] if end + 1 < len(words) else ""
    boundary = (
        after in BOUNDARIES
        or (len(after) > 4 and after.endswith("ed") and "-" not in after)  # concerned with
        or (end >= 4 and after.endswith("ing") and len(after) > 5 and not is_noun(after))
        or (following in LINKING and after in POSTPOSITIVE)
        or (after in ("and", "or") and (following in ARTICLES or not is_noun(following)))
        or (after in ARTICLES and after != words[end])  # on a building | especially the
    )
    if not boundary or not is_noun(last):
        return False
    tail = words[max(0, end - 4) : end]
    return not any(
        w in CONJUNCTIONS and n in ARTICLES for w, n in zip(tail, tail[1:], strict=False)
    )


def shorten_gloss(
    definition: str, is_noun: Callable[[str], bool], limit: int = MAX_CLUE_LENGTH
) -> str | None:
    """The longest of ``gloss_cuts``: a gloss as a clue of at most ``limit`` characters,
    or None where it cannot be cut so at a phrase boundary."""
    cuts = gloss_cuts(definition, is_noun, limit)
    return cuts[0] if cuts else None


class GlossCutter:
    """Cuts the glosses of one ``Lexicon``'s senses, finding heads by ``inflector``."""

    def __init__(self, lexicon: Lexicon, inflector: Inflector) -> None:
        self.lexicon = lexicon
        self.wordnet = lexicon.wordnet
        self._inflector = inflector
        self._cuts: dict[SynsetId, list[str]] = {}

    def cuts(self, sid: SynsetId) -> list[str]:
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
            definition = self.wordnet.synsets[sid].definition
            first, *later = _TYPOS.get(definition, definition).split(";")
            opening = _PARENTHESIS.sub("", first).split()[:1]
            if sid[0] == "n" and later and opening and opening[0] in PREPOSITIONS:
                first = ""  # in Judeo-Christian mythology; the first man ...: a setting
            elif sid[0] == "n" and self._headless(first):
                head = next(self.lexicon.hypernym_lemmas(sid, MIN_FORM_ZIPF), None)
                first = "" if head is None else f"{head} {first}"
            limit = max(LONG_CLUE_LENGTH, MAX_CLUE_LENGTH + CUT_SLACK)
            cuts = gloss_cuts(first, self.lexicon.is_noun, limit)
            for clause in (c.strip() for c in later):
                if _defines(clause, sid[0]):
                    cuts += gloss_cuts(clause, self.lexicon.is_noun, limit)
            self._cuts[sid] = cuts
        return self._cuts[sid]

    def short(self, glosses: list[str], pos: str) -> list[str]:
        """The gloss clue of a sense of part of speech ``pos`` from its fitting cuts,
        longest first: the first, or for a noun, verb or adjective where it runs past
        ``SHORT_CLUE_WORDS`` words the longest cut of ``MIN_CUT_WORDS`` to that many
        that ends on no adverb or *-ing* word (RANT: ``Loud bombastic declamation``,
        not *... expressed with strong emotion*; not ENE's *Compass point midway*,
        BERG's *... of ice floating*); a cut of at most ``MAX_CLUE_WORDS`` where the first is longer
        (PALIMPSEST: not *... with the earlier writing incompletely erased*); ``[]``
        for none."""
        glosses = [g for g in glosses if clue_words(g) <= MAX_CLUE_WORDS]
        if not glosses:
            return []
        if pos == "r" or len(glosses[0].split()) <= SHORT_CLUE_WORDS:
            return glosses[:1]
        for gloss in glosses:
            words = gloss.split()
            last = words[-1].lower()
            plain = "r" not in self.lexicon.pos(last) and not last.endswith("ing")
            if MIN_CUT_WORDS <= len(words) <= SHORT_CLUE_WORDS and plain:
                return [gloss]
        return glosses[:1]

    def head_replaced(self, gloss: str, sid: SynsetId, answer: set[str]) -> str | None:
        """A noun gloss whose head repeats the answer (``Globular glass with a small
        top`` for BRANDY GLASS; not a compound's head: *tear gas*) with the head replaced
        by the lemma of the nearest hypernym of ``sid`` that is common
        (``MIN_SYNONYM_ZIPF``), new to the gloss and no giveaway (``Globular container
        with a small top``); None if there is none or the clue would run past
        ``MAX_CLUE_LENGTH``."""
        words = gloss.split(" ")
        at = self._inflector.head(words)
        if at < 0 or not repeats_answer(answer, words[at]) or not words[at][1:].islower():
            return None
        if at > 0 and self.lexicon.pos(words[at - 1].lower()) & {"n", "a"} == {"n"}:
            return None  # a compound's head (tear gas): "Tear chemical weapon" would not do
        used = set(WORD.findall(gloss.lower()))
        for broader in self.lexicon.hypernym_lemmas(sid):
            text = " ".join(words[:at] + [broader] + words[at + 1 :])
            fresh = not repeats_answer(used, broader) and not repeats_answer(answer, broader)
            if fresh and len(text) <= MAX_CLUE_LENGTH:
                return clue_case(text)
        return None

    def manner_replaced(self, gloss: str, sid: SynsetId, answer: set[str]) -> str | None:
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
                plain = _PLAIN_ADJECTIVE.fullmatch(word) and word not in NOT_LAST
                if plain and self.lexicon.zipf(word) >= MIN_SYNONYM_ZIPF:
                    found.setdefault(word, near)
        fitting = [
            w for w in found if not repeats_answer(answer, w) and not self.lexicon.offensive(w)
        ]
        return sorted(fitting, key=lambda w: (found[w], -self.lexicon.zipf(w), w))

    def modifier_dropped(self, gloss: str, answer: set[str]) -> str | None:
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
                describes = word.isalpha() and bool({"n", "a"} & self.lexicon.pos(lower))
                if not describes or lower in NOT_LAST:
                    return None  # night before | Midsummer Day: past the leading phrase
                continue
            if at + 1 >= len(words) or (at and not word.islower()):
                return None  # East Indian tree: a name's word
            head, after = words[at + 1], (words[at + 2] if at + 2 < len(words) else "")
            ends = not after or after in PHRASE_ENDS or after.endswith(("ing", "ed"))
            plain = head.lower()
            noun = (
                head.isalpha()
                and self.lexicon.is_noun(head)
                and not {"a", "r"} & self.lexicon.pos(plain)
            )
            noun = noun and plain not in NOT_LAST and not plain.endswith("ing")
            if not (ends and noun):
                return None
            kept = words[:at] + words[at + 1 :]
            text = clue_case(" ".join(kept))
            return None if len(kept) < 3 or repeats_answer(answer, text) else text
        return None

    @staticmethod
    def parts_named(gloss: str, answer: set[str]) -> str | None:
        """A noun gloss whose head repeats the answer and names what the thing consists of
        (``_MADE_OF``) as those parts (DECOR: ``Layout and furnishings of a livable
        interior``); None for another gloss, or where the parts repeat the answer too or
        are one word."""
        match = _MADE_OF.fullmatch(gloss)
        if match is None or not repeats_answer(answer, match["head"]):
            return None
        parts = match["parts"].split(" ")
        parts = parts[1:] if parts[0] in ARTICLES else parts
        text = clue_case(" ".join(parts))
        return None if len(parts) < 2 or repeats_answer(answer, text) else text

    def _headless(self, gloss: str) -> bool:
        """True when a noun's ``gloss`` starts with no noun: with an adjective that
        follows its noun or a participle (``HEADLESS``, or a lower-case *-ed* word no
        noun), then a preposition (*native to*, *distinguished from*; not *common fly*,
        *United States writer*)."""
        first, second, *_ = [*gloss.strip().split(" ", 2), "", ""]
        participle = first.endswith("ed") and first.isalpha() and not self.lexicon.is_noun(first)
        headless = first in HEADLESS or (participle and first.islower())
        return headless and second in AFTER_HEADLESS
