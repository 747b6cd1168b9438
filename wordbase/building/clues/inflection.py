"""Answers read as inflections, and clues put in the answer's number, tense or degree.

A plural answer takes a plural clue, a past-tense answer a past-tense one: ``Inflector``
reads a word WordNet only knows as an inflection (``SILLS``, ``RATTED``, ``WENT``) as
its lemma with a suffix, inflects a synonym (``told on``) or a gloss's head
(``Minerals that contain metal``) the same way, or gives nothing: no clue rather than
one of the wrong number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from crossforge.wordbase.building.clues.grammar import (
    ARTICLES,
    BOUNDARIES,
    CONJUNCTIONS,
    NOT_LAST,
    PHRASE_ENDS,
    PREPOSITIONS,
    RELATIVES,
    RELATIVES_SET,
    SUBJECT_RELATIVES,
)
from crossforge.wordbase.building.clues.kinds import clue_case
from crossforge.wordbase.building.clues.lexicon import MIN_FORM_ZIPF, Lexicon
from crossforge.wordbase.building.english.wordnet import regular_forms

__all__ = ["DEGREES", "UNINFLECTED", "Inflector", "Reading", "degree", "phrase_end"]

MASS_NOUN_GAP = 1.5
"""A noun whose plural is this much less frequent (Zipf) is used uncounted: no plural."""
REGULAR_GAP = 1.5
"""A regular form beside an exception list's (*showed*, *shown*) within this much of its
Zipf frequency is a form of the lemma too."""
_PARTICIPLE = re.compile(r"(?:ing|ed),?$")
"""A word that may be a participle (*living*, *called*) rather than a noun."""
DEGREES = {"er": "more", "est": "most"}
"""The word an adjective's degree takes where it has no form of its own."""
_VOWELS = re.compile(r"[aeiouy]+")
"""A word's syllables, roughly: its runs of vowels."""
_SIMPLE_WORD = re.compile(r"(?!(?:better|best|worse|worst|less|least)(?![a-z]))[a-z]+")
"""One word, with no degree of its own (*better-looking*, *least*)."""
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
_QUANTITIES = frozenset(("number", "couple", "lot", "host", "variety", "handful"))
"""Heads that count what follows *of* and take no plural for it (*a number of sheets*)."""
_NOT_DESCRIBING = frozenset(("of", "else", "or", "and"))
"""Words after a pronoun that make it no head (*one of*, *something else*)."""
UNINFLECTED = frozenset(("be",))
"""Lemmas whose exception-listed forms mix persons and tenses (``was`` beside ``is``)."""
_VERB_PREFIXES = ("re", "un", "out", "over", "under", "mis", "fore", "with")
"""Prefixes of verbs whose irregular forms are the unprefixed verb's (``_prefixed_readings``)."""
_PLURAL_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do"}
_MODALS = frozenset(("can", "could", "may", "might", "must", "shall", "should", "will", "would"))


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


def phrase_end(words: list[str]) -> int:
    """Where a gloss's leading noun phrase ends: its first word that ends one."""
    return next((k for k, w in enumerate(words) if k and w in PHRASE_ENDS), len(words))


def degree(adjective: str, reading: Reading) -> str | None:
    """``adjective`` in the degree of an adjective ``reading`` with *more* or *most*
    (``more bluish``), as English forms it: for a word of two syllables or more not
    ending in *y* and no degree already (*most wee*, *more bully*, *more better-looking*
    are not); None for other readings."""
    if reading.pos != "a" or reading.suffix not in DEGREES:
        return None
    syllables = len(_VOWELS.findall(adjective.removesuffix("e")))
    if not _SIMPLE_WORD.fullmatch(adjective) or syllables < 2 or adjective.endswith("y"):
        return None
    return f"{DEGREES[reading.suffix]} {adjective}"


class Inflector:
    """Reads and writes inflections by one ``Lexicon``."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.wordnet = lexicon.wordnet
        self.readings = cache(self._readings)

    def _readings(self, word: str) -> list[Reading]:
        """How ``word`` (lower case) reads as an inflection of a common lemma: by the
        exception lists, and by WordNet's rules where English spells the form so; names'
        plurals (``parises``), adverbs and a symbol's forms (*hm*) are left out. The
        reading whose part of speech its lemma uses most comes first (``sells``: the verb
        before the noun)."""
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
            and _VOWELS.search(reading.lemma)  # a symbol (hm): HMS is no hectometers
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
        if reading.pos not in "as" or reading.suffix not in DEGREES:
            return False
        long = len(_VOWELS.findall(reading.lemma.removesuffix("e"))) >= 2
        return long and not reading.lemma.endswith("y") and "n" in self.lexicon.pos(word)

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
        top = max(map(self.lexicon.zipf, forms))
        return forms + [form for form in regular if self.lexicon.zipf(form) >= top - REGULAR_GAP]

    def _inflect(self, word: str, pos: str, suffix: str, pasts: str = "any") -> str | None:
        """The most frequent form of ``word`` (a lemma of ``pos``) with ``suffix`` that
        wordfreq attests (``MIN_FORM_ZIPF``; at any frequency a noun's plural within
        ``MASS_NOUN_GAP`` of the noun, *depositories*, and a verb's regular *-s*,
        *droops*); None if there is none, if an exception
        list gives the form and ``pasts`` (``_pasts``) rules it out, or if a noun's
        plural is ``MASS_NOUN_GAP`` rarer than the noun (*attentions*, *cognitions*)."""
        forms = self.forms(word, pos, suffix)
        listed = self._listed(word, pos, suffix, forms)
        alike = forms == listed and len(listed) == 1  # made: tense and participle alike
        if listed and ((pasts == "regular" and not alike) or (pasts == "one" and len(listed) > 1)):
            return None
        best = max(forms, key=self.lexicon.zipf, default=None)
        regular_s = pos == "v" and suffix == "s" and not listed and "v" in self.lexicon.pos(word)
        attested_enough = pos == "n" or regular_s  # not "hads" from a phrase's "had"
        if best is None or (
            self.lexicon.zipf(best) < MIN_FORM_ZIPF
            and not (attested_enough and self.lexicon.zipf(best))
        ):
            return None
        if pos == "n" and self.lexicon.zipf(best) < self.lexicon.zipf(word) - MASS_NOUN_GAP:
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
        beside another (``went``, ``gone``, REDID's *did*: tense or participle alone), which
        takes a synonym whose past is alike in both: regular, or the one form the lists
        give it and no other (``made``, ``lost``: REDID ``Made new``)."""
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
        beside another (``went``, ``gone``) takes only synonyms with a past
        alike in tense and participle (``left``), since either may be meant; a regular past
        (``departed``) is both, so any past form fits it, and a lemma's only listed past
        (``bled``) takes synonyms with one past form (``lost``; ``_pasts``)."""
        words = synonym.split(" ")
        if synonym != synonym.lower() or words[0] in UNINFLECTED:
            return None
        if reading.pos == "v":
            head = 0
        elif reading.pos == "n" and not BOUNDARIES.intersection(words):
            head = len(words) - 1
        elif len(words) == 1:
            head = 0
        else:
            return None
        form = self._inflect(words[head], reading.pos, reading.suffix, self._pasts(reading))
        return None if form is None else " ".join(words[:head] + [form] + words[head + 1 :])

    def inflected_gloss(self, gloss: str, reading: Reading) -> str | None:
        """``gloss`` in the answer's form: a noun's made plural (``numbered``); a
        verb's up to its first comma with its first verb inflected (``Moves fast on
        foot``), or its first two where it starts by coordinating them (``Touched or
        stroked lightly``), none if it coordinates verbs later (*decide on and pursue*).
        An adjective's degree is given to a gloss that starts with an adjective, by its
        own form (``Larger in size``) or else *more* or *most* (``More full of seeds``,
        ``Most soft and watery``; not a participle: *used to signify*, nor an adjective
        that is a degree already, *greater than*, or names a thing, *indefinite
        quantity*)."""
        if reading.suffix in DEGREES:
            first, *rest = gloss.split(" ")
            first = first.lower()
            adjective = "a" in self.lexicon.pos(first) and first not in NOT_LAST
            if not adjective or first.endswith(("ed", "ing")) or self._is_degree(first):
                return None
            after = rest[0].lower() if rest else ""
            if after and after not in NOT_LAST and self._names_thing(after):
                return None
            if len(rest) > 1 and rest[1] in CONJUNCTIONS:
                return None  # Fullest of or characterized by: the degree has no complement
            if rest and rest[0] in ("and", "or"):  # most soft and watery: one degree for both
                form: str | None = f"{DEGREES[reading.suffix]} {first}"
            else:
                form = self._inflect(first, "a", reading.suffix) or degree(first, reading)
            return None if form is None else clue_case(" ".join([form, *rest]))
        if reading.pos == "n":
            return self.numbered(gloss, plural=True)
        words = gloss.split(",", 1)[0].split(" ")
        verbs = [0, 2] if len(words) > 2 and words[1] in ("and", "or") else [0]
        later = [i for i, w in enumerate(words) if i > verbs[-1] and w in CONJUNCTIONS]
        if later:
            cut = self._before_coordination(words, later[0])
            if cut is None:
                return None
            words = cut
        for at in verbs:
            verb = words[at].lower()
            if verb in UNINFLECTED or "v" not in self.lexicon.pos(verb):
                return None
            form = self._inflect(verb, "v", reading.suffix, self._pasts(reading))
            if form is None:
                return None
            words[at] = form
        return clue_case(" ".join(words))

    def _names_thing(self, word: str) -> bool:
        """True when ``word`` is a noun and neither adjective nor adverb (*quantity*)."""
        return self.lexicon.is_noun(word) and not {"a", "r"} & self.lexicon.pos(word)

    def _is_degree(self, word: str) -> bool:
        """True when the adjective ``word`` is a comparative or superlative already
        (``larger``, ``earlier``, ``best``)."""
        parses = [(p.pos, p.suffix) for p in self.wordnet.inflections(word)]
        parses += [(pos, suffix) for _, pos, suffix in self.wordnet.listed(word)]
        if any(pos in "as" and suffix in DEGREES for pos, suffix in parses):
            return True
        return any(
            word.endswith(suffix) and "a" in self.lexicon.pos(word.removesuffix(suffix) + "y")
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
        if "v" in self.lexicon.pos(after) or last in NOT_LAST:
            return None
        if words[-1].lower() in NOT_LAST:
            return None  # the object comes last (*reduce the edge or violence of*)
        if "a" in self.lexicon.pos(last) and (
            "n" not in self.lexicon.pos(last) or "a" in self.lexicon.pos(after)
        ):
            return None  # adjectives before their head (*take strong or violent action*)
        coordinated = after.endswith("ly") and at + 2 < len(words)
        if last.endswith("ly") and (coordinated or before in PREPOSITIONS):
            return None  # adverbs before their head (*excessively and undesirably hot*)
        return words[:at]

    def numbered(self, gloss: str, plural: bool) -> str | None:
        """``gloss`` with the head of its leading noun phrase (its last noun before the
        first boundary: *long-tailed rodents* similar to ...) singular or ``plural``,
        and the verb of a relative clause after it in the same number (``Minerals that
        contain metal``, ``Small dark goose that breeds``); None if there is no head, or
        it is coordinated (``pests or nuisances``), a pronoun (``someone who``), a count
        (*a number of sheets*: ``_QUANTITIES``) or has
        no attested form, or if the relative clause does not start with a verb or would
        not agree (``persons who shirk his work``). A plural whose last noun has no
        plural may take the noun before it where the last may be a participle (``Social
        insects living in organized colonies``)."""
        words = gloss.split(" ")
        at = self.head(words)
        found = self._numbered_at(list(words), at, plural)
        if found is None and plural and (before := self.head(words, participle=False)) != at:
            found = self._numbered_at(words, before, plural)
        return found

    def _numbered_at(self, words: list[str], at: int, plural: bool) -> str | None:
        """``numbered`` with the head at index ``at`` of the gloss's ``words``."""
        end = phrase_end(words)
        head = words[at].rstrip(",")
        lower = head.lower()
        if at < 0 or not head.isalpha():
            return None
        if at > 1 and words[0].endswith("ing") and not self.lexicon.is_noun(words[1]):
            return None  # assigning some quality: an act, whatever the number of its object
        if at > 0 and words[at - 1] in CONJUNCTIONS:  # sensation or change: both
            first = words[at - 2] if at > 1 and words[at - 1] in ("and", "or") else ""
            written = first.islower() or (at == 2 and first[1:].islower())  # no name
            coordinated = first.isalpha() and written and self.lexicon.is_noun(first.lower())
            if not coordinated or (at > 2 and words[at - 3] in CONJUNCTIONS):
                return None
            first_form = self._noun_form(first.lower(), plural)
            if first_form is None:
                return None
            words[at - 2] = first_form if first.islower() else clue_case(first_form)
        form: str | None
        if plural and lower in _QUANTITIES and words[at + 1 : at + 2] == ["of"]:
            return None  # a number of sheets: not *numbers of sheets*
        if lower in _PRONOUNS:  # someone who works: people who work, never one of ...
            after = words[at + 1] if at + 1 < len(words) else "of"
            described = after in RELATIVES or (lower != "one" and after not in _NOT_DESCRIBING)
            form = _PLURAL_HEADS[lower] if plural and described else None
        else:
            form = self._noun_form(lower, plural)
        if form is None:
            return None
        if form == lower:
            return " ".join(words)  # already in that number
        opening = words[end + 1 : end + 2]  # structure in which: the head's clause
        if RELATIVES_SET.intersection(words[end + 1 :]) and not RELATIVES_SET.issuperset(opening):
            return None  # officers of the church who: the clause may be the church's
        if end + 1 < len(words) and words[end] in SUBJECT_RELATIVES:
            if at != end - 1:
                return None  # the clause may be the head's: long-tailed rodents ... that
            verb = self._agreeing(words[end + 1], plural)
            following = words[end + 2] if end + 2 < len(words) else ""
            if verb is None or (plural and following in ARTICLES) or _OWN & set(words):
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
        if "n" in self.lexicon.pos(noun):  # a noun lemma: singular
            return self._inflect(noun, "n", "s") if plural else noun
        singulars = [r.lemma for r in self.readings(noun) if r.pos == "n" and r.suffix == "s"]
        return (noun if plural else singulars[0]) if singulars else None

    def head(self, words: list[str], participle: bool = True) -> int:
        """The index of a gloss's head: the last noun of its leading noun phrase, or
        unless ``participle``, the noun before it where it may be a participle (*insect
        living* in ...: *insect*), as it is before an article (*hairpiece covering the
        head*: not *coverings*); not an adjective before *to* (*frequency relative to*);
        -1 if it has none."""
        end = phrase_end(words)
        nouns = [k for k in range(end) if self.lexicon.is_noun(words[k].rstrip(","))]
        after = words[nouns[-1] + 1] if nouns and nouns[-1] + 1 < len(words) else ""
        if nouns and after == "to" and "a" in self.lexicon.pos(words[nouns[-1]].lower()):
            nouns.pop()  # frequency relative | to: an adjective after its noun
            after = words[nouns[-1] + 1] if nouns else ""
        if after in ARTICLES and words[nouns[-1]].endswith("ing"):
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
        return self._inflect(verb, "v", "s") if "v" in self.lexicon.pos(verb) else None
