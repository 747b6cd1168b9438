"""The default word lists: wordfreq's words, WordNet's words and phrases for English,
scored for crossword-worthiness, tagged for editors and clued from WordNet's glosses.

Score mapping by frequency (``zipf_to_score``): wordfreq gives each word a Zipf frequency
(log10 of occurrences per billion words: 7 for "the", 3 for "ostrich", 1 for the rarest
words of the large lists). Long words are rarer for being long, so the same Zipf means a
better-known word at 10 letters than at 5: a word's familiarity is its Zipf plus a length
adjustment, ``min(0.15 × (n − 5), 0.9)`` for a key of ``n ≥ 5`` letters and
``−0.25 × (5 − n)`` below. The score is ``round(20 × (familiarity − 1))`` clipped to 1–100.
The English list is scored by ``crossforge.wordbase.building.scoring``, which corrects frequency
with WordNet (dictionary, phrases, names) and junk signals (abbreviations, letter runs,
misspellings); the Russian list is built by ``crossforge.wordbase.building.russian.default_list``.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from crossforge.errors import InputError
from crossforge.wordbase.alphabets import Alphabet, get_alphabet
from crossforge.wordbase.building.clues.blanks import BlankClues
from crossforge.wordbase.building.clues.collocations import CollocationClues
from crossforge.wordbase.building.clues.inflection import Reading
from crossforge.wordbase.building.clues.kinds import BLANK, clue_case
from crossforge.wordbase.building.clues.writer import ClueWriter
from crossforge.wordbase.building.english.editor_tags import EditorTags, editor_tags
from crossforge.wordbase.building.english.given_names import given_names
from crossforge.wordbase.building.english.phrase_evidence import PhraseEvidence
from crossforge.wordbase.building.english.phrase_forms import PhraseForm, form_score, phrase_forms
from crossforge.wordbase.building.english.wordnet import Inflection, SynsetId, WordNet
from crossforge.wordbase.building.russian.default_list import DESCRIPTION as RUSSIAN_DESCRIPTION
from crossforge.wordbase.building.russian.default_list import russian_entries
from crossforge.wordbase.building.scoring import (
    INFLECTION_GAP,
    MISSPELLING_GAP,
    PARTIAL_SCORE,
    SHORT_LENGTH,
    UNCLUED_CAP,
    Misspellings,
    Signals,
    crossword_score,
    frequency_score,
    has_letter_run,
    length_adjustment,
    looks_abbreviated,
    one_edit_apart,
    roman_numeral,
)
from crossforge.wordbase.clue_store import WORDNET_SOURCE
from crossforge.wordbase.models import Clue, Entry, ImportSummary
from crossforge.wordbase.store import Progress, WordStore
from crossforge.wordbase.word_classes import PARTIAL

__all__ = [
    "BUILD_CHUNK",
    "BUILD_WORKERS",
    "CLUES_PER_ENTRY",
    "FUNCTION_WORDS",
    "FUNCTION_WORDS_SOURCE",
    "LANGUAGES",
    "MAX_LENGTH",
    "MIN_LENGTH",
    "TAXONOMIC_GROUP",
    "TAXON_RANKS",
    "build_default",
    "default_name",
    "doubtful_inflection",
    "famous_name",
    "FunctionWord",
    "english_entries",
    "formal_taxon",
    "function_word_entry",
    "function_words",
    "inflects_names",
    "is_name",
    "lemma_signals",
    "length_adjustment",
    "respells_synonym",
    "short_given_name",
    "vouched_inflection",
    "wordfreq_words",
    "zipf_to_score",
]

LANGUAGES = ("en", "ru")
"""Languages with a default list (the alphabet of the same name)."""
MIN_LENGTH = 2
MAX_LENGTH = 21
CLUES_PER_ENTRY = 3
"""WordNet clues (synonyms, shortened glosses) kept per entry, best first."""
BUILD_WORKERS = 4
"""Processes the English build scores and clues its keys in, at most (one per core)."""
BUILD_CHUNK = 5_000
"""Keys a worker scores and clues at a time; the chunks come back in order."""
"""The source of WordNet's entries and clues."""
FUNCTION_WORDS = Path(__file__).with_name("data") / "function-words.txt"
"""The reviewed list of the English words WordNet leaves out (its header says which)."""
FUNCTION_WORDS_SOURCE = "crossforge"
"""The source of the reviewed list's entries and clues (their meanings)."""
TAXONOMIC_GROUP = "taxonomic_group.n.01"
"""WordNet's synset above every genus, family, order, ... (``formal_taxon``)."""
TAXON_RANKS = frozenset(
    [
        "genus",
        "subgenus",
        "family",
        "subfamily",
        "superfamily",
        "tribe",
        "order",
        "suborder",
        "superorder",
        "infraorder",
        "class",
        "subclass",
        "superclass",
        "phylum",
        "subphylum",
        "division",
        "subdivision",
        "kingdom",
        "subkingdom",
    ]
)
"""The first word of a taxon's formal name in WordNet (``genus Loris``)."""


def default_name(lang: str) -> str:
    """The name of a language's default list: ``default-en``, ``default-ru``."""
    return f"default-{lang}"


def zipf_to_score(zipf: float, length: int) -> int:
    """The 1–100 score of a key of ``length`` letters at Zipf frequency ``zipf`` (see the
    module docstring)."""
    return max(1, min(100, round(frequency_score(zipf, length))))


def wordfreq_words(lang: str, alphabet: Alphabet) -> Iterator[tuple[str, str, float]]:
    """``(key, word, zipf)`` of every alphabetic wordfreq word of ``lang`` whose key has
    2–21 letters; words with characters outside the alphabet are left out."""
    from wordfreq import get_frequency_dict

    for word, frequency in get_frequency_dict(lang, "large").items():
        if not word.isalpha():
            continue
        try:
            key = alphabet.normalize(word)
        except ValueError:
            continue
        if MIN_LENGTH <= len(key) <= MAX_LENGTH:
            yield key, word, math.log10(frequency) + 9


@dataclass(frozen=True)
class FunctionWord:
    """One line of ``FUNCTION_WORDS``: a word as written (``o'er``), its kind (``prep``,
    ``conj``, ``pron``, ``det``, ``aux``, ``archaic``, ``interj``, ``letter``,
    ``contraction``) and its meaning."""

    written: str
    kind: str
    meaning: str


def function_words(path: Path = FUNCTION_WORDS) -> list[FunctionWord]:
    """The words of the reviewed list at ``path`` (tab-separated; ``#`` starts a
    comment line)."""
    found: list[FunctionWord] = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 3 or not all(field.strip() for field in fields):
            raise ValueError(f"{path.name} line {number}: want word, kind and meaning: {line!r}")
        found.append(FunctionWord(*(field.strip() for field in fields)))
    return found


@dataclass
class _Candidate:
    """What the English build knows of one key before scoring it."""

    zipf: float = 0.0
    display: str = ""
    lemmas: list[str] = field(default_factory=list)
    function_word: FunctionWord | None = None
    form: PhraseForm | None = None


def english_entries(wordnet: WordNet, workers: int = 1) -> Iterator[Entry]:
    """The English default list's entries: wordfreq's words and WordNet's lemmas (words
    and phrases), scored by ``crossword_score``, clued from WordNet (``ClueWriter``) by
    ``workers`` processes, with their editor tags."""
    alphabet = get_alphabet("en")
    found: dict[str, _Candidate] = {}
    for key, word, zipf in wordfreq_words("en", alphabet):
        candidate = found.setdefault(key, _Candidate())
        if zipf > candidate.zipf:
            candidate.zipf, candidate.display = zipf, word.upper()
    for lemma in wordnet.lemmas():
        try:
            key = alphabet.normalize(lemma)
        except ValueError:  # digits: 1st, 9/11
            continue
        if MIN_LENGTH <= len(key) <= MAX_LENGTH:
            found.setdefault(key, _Candidate()).lemmas.append(lemma)
    for listed in function_words():
        key = alphabet.normalize(listed.written)
        if MIN_LENGTH <= len(key) <= MAX_LENGTH:
            found.setdefault(key, _Candidate()).function_word = listed
    known = {
        key: key.lower() in wordnet.senses
        or candidate.function_word is not None
        or wordnet.knows(key.lower())
        for key, candidate in found.items()
    }
    zipfs = {key: candidate.zipf for key, candidate in found.items()}
    misspellings = Misspellings({k: zipf for k, zipf in zipfs.items() if known[k] and zipf})
    tags = editor_tags()
    writer = ClueWriter(wordnet, zipfs, tags)
    for lemma in list(wordnet.lemmas()):
        for made in phrase_forms(writer, lemma):
            try:
                key = alphabet.normalize(made.form)
            except ValueError:  # digits
                continue
            if MIN_LENGTH <= len(key) <= MAX_LENGTH and key not in found:
                found[key] = _Candidate(form=made)
    taxa = wordnet.hyponyms([wordnet.find(TAXONOMIC_GROUP)])
    blanks = BlankClues(wordnet, writer.avoided)
    collocations = CollocationClues(wordnet, writer.avoided)
    evidence = PhraseEvidence(wordnet)
    build = _EnglishBuild(
        wordnet, known, zipfs, misspellings, writer, blanks, collocations, taxa, tags, evidence
    )
    entries = _in_parallel(build, list(found.items()), workers)
    yield from (entry for entry in entries if entry is not None)


@dataclass
class _EnglishBuild:
    """What scoring and cluing a key of the English build reads (``entry``)."""

    wordnet: WordNet
    known: dict[str, bool]
    zipfs: dict[str, float]
    misspellings: Misspellings
    writer: ClueWriter
    blanks: BlankClues
    collocations: CollocationClues
    taxa: set[SynsetId]
    tags: EditorTags
    evidence: PhraseEvidence

    def entry(self, key: str, candidate: _Candidate) -> Entry | None:
        """The scored, clued and tagged entry of ``key``; None for a phrase's form that
        gets no clue (``form_entry``). A partial scores at most ``PARTIAL_SCORE``, an
        entry without a clue at most ``UNCLUED_CAP``.
        Tagged here, in the workers: in the parent, the tags' WordNet look-ups held the
        build up."""
        made = self.scored(key, candidate)
        if made is None:
            return None
        made = self.tags.apply(made)
        if PARTIAL in made.tags and made.score > PARTIAL_SCORE:
            made = replace(made, score=PARTIAL_SCORE)
        if not made.clues and made.score > UNCLUED_CAP:
            made = replace(made, score=UNCLUED_CAP)
        return made

    def scored(self, key: str, candidate: _Candidate) -> Entry | None:
        """The scored and clued entry of ``key`` (``entry``), before editor tags."""
        from wordfreq import zipf_frequency

        wordnet, known, writer = self.wordnet, self.known, self.writer
        length, word = len(key), (candidate.display or key).lower()
        if candidate.form is not None:
            return self.form_entry(key, candidate.form)
        if candidate.lemmas:
            base = lemma_signals(wordnet, key, candidate.lemmas, self.zipfs)
            name = base.name
            best = crossword_score(base)
            display = candidate.display or _written(wordnet, candidate.lemmas[0])
            for lemma in candidate.lemmas:
                words = len(lemma.split())
                if words > 1 and not formal_taxon(wordnet, lemma, self.taxa):
                    zipf = zipf_frequency(lemma, "en", wordlist="large")
                    score = crossword_score(self.phrase_signals(lemma, zipf, length, name))
                    if score > best:
                        best, display = score, _written(wordnet, lemma)
            clues = self.clued(word, candidate.lemmas)
            if candidate.function_word:  # an interjection WordNet has in other senses only
                clues = (_meaning_clue(candidate.function_word), *clues)[:CLUES_PER_ENTRY]
            source = "wordfreq:en" if candidate.display else WORDNET_SOURCE
            return Entry(key, display, best, clues, source=source)
        if candidate.function_word:
            return function_word_entry(candidate.function_word, candidate.zipf, candidate.display)
        given = not known[key] and short_given_name(key)
        signals = Signals(
            candidate.zipf,
            length,
            known=known[key] or given,
            name=given or (known[key] and inflects_names(wordnet, key)),
            abbreviation=looks_abbreviated(key),
            letter_run=has_letter_run(key),
            misspelling=not known[key] and self.misspellings.is_misspelling(key, candidate.zipf),
            doubtful=known[key] and doubtful_inflection(wordnet, key, self.zipfs),
            lemma=given,
        )
        if known[key]:
            clues = self.clued(word, candidate.lemmas)
        else:  # a name's part (EDNA: Writer Ferber; VEGAS: Las ___), an example's blank
            names = self.with_collocation(word, writer.name_clues(word, CLUES_PER_ENTRY))
            names += self.blanks.clues(word, [], CLUES_PER_ENTRY - len(names))
            clues = tuple(names)
        return Entry(key, candidate.display, crossword_score(signals), clues, source="wordfreq:en")

    def clued(
        self, word: str, lemmas: list[str], readings: list[Reading] | None = None
    ) -> tuple[Clue, ...]:
        """Up to ``CLUES_PER_ENTRY`` clues from WordNet for the answer ``word`` (lower
        case) whose key it knows as ``lemmas``, or read as an inflection (``SILLS``,
        ``WENT``; by ``readings`` if given): the clue writer's with a collocation blank
        second (``with_collocation``), then, while there is room, blanks of WordNet's
        examples for the word or else its lemmas (FREETIME as *free time*), the answer's
        own senses' first (``BlankClues``): a fill-in clue beside a definition from the
        answer's own senses' examples, or the only clue where no gloss clues the
        answer."""
        found = self.writer.clues(word, lemmas, CLUES_PER_ENTRY, readings or ())
        found = self.with_collocation(word, found)
        room = CLUES_PER_ENTRY - len(found)
        if room > 0:
            readings = readings or self.writer.readings(word)
            senses = [sid for lemma in lemmas for sid in self.wordnet.senses.get(lemma, ())]
            for reading in readings:
                own = self.wordnet.senses.get(reading.lemma, ())
                senses += [sid for sid in own if sid[0] == reading.pos]
            blanks: list[Clue] = []
            for text in dict.fromkeys([word, *lemmas]):  # freetime: free time
                blanks = blanks or self.blanks.clues(text, senses, room, others=not found)
            found = found + blanks
        return tuple(found)

    def with_collocation(self, word: str, clues: list[Clue]) -> list[Clue]:
        """``clues`` of the answer ``word`` with its best collocation blank
        (``CollocationClues``: ``Olive ___`` for OIL) second, or first where there is no
        other, at most ``CLUES_PER_ENTRY`` in all."""
        blank = self.collocations.clues(word, 1) if " " not in word else []
        held = {clue.text for clue in clues}
        blank = [clue for clue in blank if clue.text not in held]  # HONG: ___ Kong, a name
        return (clues[:1] + blank + clues[1:])[:CLUES_PER_ENTRY]

    def phrase_signals(self, lemma: str, zipf: float, length: int, name: bool = False) -> Signals:
        """The signals of the multi-word ``lemma`` (``length`` letters, Zipf ``zipf``),
        with what running text and its gloss say of it (``PhraseEvidence``)."""
        return Signals(
            zipf,
            length,
            words=len(lemma.split()),
            known=True,
            name=name,
            attested=self.evidence.attested(lemma),
            descriptive=self.evidence.descriptive(lemma),
        )

    def form_entry(self, key: str, made: PhraseForm) -> Entry | None:
        """The entry of a phrase's inflected form (``phrase_forms``), with its lemma's
        editor tags (``DID IN`` as ``DO IN``); None when it gets no clue (``clued``):
        a form is made for fills, which should not gain entries without a clue."""
        from wordfreq import zipf_frequency

        clues = self.clued(made.form, [], [made.reading])
        if not clues:
            return None
        lemma = made.reading.lemma
        lemma_key = get_alphabet("en").normalize(lemma)
        score = form_score(
            zipf_frequency(made.form, "en", wordlist="large"),
            zipf_frequency(lemma, "en", wordlist="large"),
            len(key),
            len(lemma_key),
            self.phrase_signals(lemma, 0.0, len(lemma_key)),
        )
        tags = tuple(sorted(self.tags.of_entry(lemma_key, lemma.upper())))
        return Entry(key, made.form.upper(), score, clues, tags=tags, source=WORDNET_SOURCE)


_FORKED: tuple[_EnglishBuild, list[tuple[str, _Candidate]]] | None = None
"""The build forked workers read (``_chunk``); set only while they run."""


def _chunk(bounds: tuple[int, int]) -> list[Entry | None]:
    """In a forked worker: the entries of the keys ``bounds`` delimits."""
    assert _FORKED is not None
    build, items = _FORKED
    return [build.entry(key, candidate) for key, candidate in items[bounds[0] : bounds[1]]]


def _in_parallel(
    build: _EnglishBuild, items: list[tuple[str, _Candidate]], workers: int
) -> Iterator[Entry | None]:
    """The entries of ``items`` in order, scored and clued by ``workers`` forked
    processes (they share the loaded WordNet and the build's tables), or here when
    ``workers`` is 1 or the platform cannot fork."""
    global _FORKED
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield from (build.entry(key, candidate) for key, candidate in items)
        return
    bounds = [(start, start + BUILD_CHUNK) for start in range(0, len(items), BUILD_CHUNK)]
    _FORKED = (build, items)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for entries in pool.imap(_chunk, bounds):
                yield from entries
    finally:
        _FORKED = None


def lemma_signals(
    wordnet: WordNet, key: str, lemmas: list[str], zipfs: Mapping[str, float]
) -> Signals:
    """The signals of ``key``, whose WordNet lemmas are ``lemmas``, as one word (the
    phrases among them are scored apart), at the higher Zipf of its wordfreq word
    (``zipfs`` by key) and of an elided lemma (``o'er``)."""
    name = all(is_name(wordnet, lemma) for lemma in lemmas)
    return Signals(
        max([zipfs.get(key, 0.0)] + [_elided(lemma) for lemma in lemmas]),
        len(key),
        known=True,
        name=name,
        abbreviation=looks_abbreviated(key) or all(_capitals(wordnet, lemma) for lemma in lemmas),
        doubtful=all(respells_synonym(wordnet, lemma, zipfs) for lemma in lemmas),
        lemma=any(" " not in lemma and "-" not in lemma for lemma in lemmas),
        acronym=name and not any(_titled(wordnet, lemma) for lemma in lemmas),
        numeral=roman_numeral(key),
        famous=name and any(famous_name(wordnet, lemma) for lemma in lemmas),
    )


def famous_name(wordnet: WordNet, lemma: str) -> bool:
    """True when ``lemma`` (one word) heads a synset WordNet lists as an instance: a
    particular person or place a dictionary names (``Ibsen``, ``Tiber``), by the name
    the synset gives first (not ``Schweiz``, which stands after *Switzerland*)."""
    if " " in lemma or "-" in lemma:
        return False
    for sid in wordnet.senses.get(lemma, ()):
        synset = wordnet.synsets[sid]
        if synset.words[0].lower() == lemma and any(
            symbol == "@i" for symbol, *_ in synset.pointers()
        ):
            return True
    return False


def function_word_entry(word: FunctionWord, zipf: float = 0.0, display: str = "") -> Entry:
    """The entry of a word of ``FUNCTION_WORDS`` WordNet has no lemma for: known to the
    dictionary, at the higher Zipf of its key's wordfreq word (``zipf``, written
    ``display``) and of the word as written (``o'er`` for ``OER``), its meaning the clue
    (capitalized, as every clue is)."""
    from wordfreq import zipf_frequency

    key = get_alphabet("en").normalize(word.written)
    written = zipf_frequency(word.written, "en", wordlist="large")
    source = "wordfreq:en"
    if written > zipf or not display:
        zipf, display, source = written, word.written.upper(), FUNCTION_WORDS_SOURCE
    score = crossword_score(Signals(zipf, len(key), known=True))
    return Entry(key, display, score, (_meaning_clue(word),), source=source)


def _meaning_clue(word: FunctionWord) -> Clue:
    """The clue a ``FUNCTION_WORDS`` line gives: its meaning, capitalized; a blank (the
    contractions' ``'For ___ a jolly good fellow'``) is an easy one of kind blank."""
    if BLANK in word.meaning:
        return Clue(clue_case(word.meaning), FUNCTION_WORDS_SOURCE, kind="blank", level="easy")
    return Clue(clue_case(word.meaning), FUNCTION_WORDS_SOURCE, kind="definition", level="medium")


def _elided(lemma: str) -> float:
    """The Zipf of a one-word lemma written with an apostrophe (``o'er``, ``ma'am``),
    which the key's wordfreq word (``oer``) undercounts; 0 for any other lemma."""
    from wordfreq import zipf_frequency

    if "'" not in lemma or " " in lemma:
        return 0.0
    return zipf_frequency(lemma, "en", wordlist="large")


def is_name(wordnet: WordNet, lemma: str) -> bool:
    """True when WordNet writes ``lemma`` capitalized in every sense (``Paris``, ``AARP``)
    and it is not an abbreviation written in capitals that one of its senses lists beside
    a common noun (``ENE`` beside *east northeast*, ``EKG`` beside *electrocardiogram*)."""
    if not wordnet.is_proper(lemma):
        return False
    if not _capitals(wordnet, lemma):
        return True
    return not any(
        word == word.lower() and word != lemma
        for sid in wordnet.senses.get(lemma, ())
        for word in wordnet.synsets[sid].words
    )


def formal_taxon(wordnet: WordNet, lemma: str, taxa: set[SynsetId]) -> bool:
    """True when ``lemma`` is a taxon's formal name, a rank and a Latin name (``genus
    Loris``, ``family Canidae``), every sense of it in ``taxa`` (the taxonomic groups):
    a phrase no editor prints, scored as the single word its key spells. (``animal
    kingdom`` and ``rose family`` are English, and stay phrases.)"""
    rank = lemma.split(None, 1)[0]
    senses = wordnet.senses.get(lemma, ())
    return rank in TAXON_RANKS and bool(senses) and all(sid in taxa for sid in senses)


def _capitals(wordnet: WordNet, lemma: str) -> bool:
    """True when WordNet writes ``lemma`` (two letters or more) in capitals in every
    sense: an abbreviation (``ENE``, ``EKG``, ``AARP``), scored by its plain frequency."""
    forms = wordnet.forms(lemma)
    return len(lemma) > 1 and bool(forms) and all(form.isupper() for form in forms)


def _titled(wordnet: WordNet, lemma: str) -> bool:
    """True when WordNet writes ``lemma`` in title case in some sense (``Esau``; not
    ``AARP``, ``IgG``, ``tRNA``)."""
    return any(form[:1].isupper() and form[1:].islower() for form in wordnet.forms(lemma))


def short_given_name(key: str) -> bool:
    """True when ``key`` is a common first name of the Census lists (``given_names``) of
    3 to ``SHORT_LENGTH`` letters with a vowel (``ELLA``, ``EVA``; not ``ROBT``): scored as a
    name a dictionary knows, so that its frequency decides (``ELI`` in, ``ELVA`` out).
    Longer names stay unknown, as most of the names fill has no want of are."""
    return 3 <= len(key) <= SHORT_LENGTH and not looks_abbreviated(key) and key in given_names()


def inflects_names(wordnet: WordNet, key: str) -> bool:
    """True when every lemma the inflection ``key`` derives from is a name (``CASTROS``
    from ``Castro``), so that it is scored as a name."""
    bases = wordnet.bases(key.lower())
    return bool(bases) and all(wordnet.is_proper(base) for base in bases)


def doubtful_inflection(wordnet: WordNet, key: str, zipfs: Mapping[str, float]) -> bool:
    """True when ``key``, an inflection WordNet derives by its rules alone (no exception
    list names it), is at least ``INFLECTION_GAP`` Zipf rarer than each of its lemmas
    (``zipfs`` by key) and no parse of it is ``vouched_inflection``: ``LASTEST`` 2.2
    beside ``LAST`` 5.9 and ``LORDES`` 1.5 beside ``LORD`` 5.1 are typos the rules happen
    to parse, while ``CLUING`` (beside ``CLUE`` 4.2) drops the lemma's final *e* as
    English spelling does, and ``OARS``, ``JOUSTED`` and ``STETS`` are about as rare as
    their lemmas."""
    word = key.lower()
    if wordnet.is_exception(word):
        return False
    parses = wordnet.inflections(word)
    if not parses:
        return False
    lemmas = min(zipfs.get(parse.lemma.upper(), 0.0) for parse in parses)
    if zipfs.get(key, 0.0) >= lemmas - INFLECTION_GAP:
        return False
    return not any(vouched_inflection(wordnet, parse, zipfs) for parse in parses)


def vouched_inflection(wordnet: WordNet, parse: Inflection, zipfs: Mapping[str, float]) -> bool:
    """True when ``parse`` is a verb or adjective inflection spelt by a rule that alters
    the lemma (``WordNet.spelling`` says ``changed``: ``CLUING``, ``EYING``, ``HOPED``,
    ``POLITER``), which a stray letter does not produce. A lemma far more frequent than
    the form is then used mostly as another part of speech (*clue* and *eye* as nouns).
    Not plurals and third persons (``-s``): a plural far rarer than its noun marks a mass
    noun (``SOLIDARITIES``); and a degree (``-er``, ``-est``) only when the other degree
    is attested too, as gradable adjectives have both (``POLITEST``; not ``SIDER``,
    ``DONER``: no *sidest*, *donest*)."""
    if parse.suffix == "s" or wordnet.spelling(parse) != "changed":
        return False
    if parse.suffix == "er":
        return zipfs.get(parse.word[:-2].upper() + "EST", 0.0) > 0
    if parse.suffix == "est":
        return zipfs.get(parse.word[:-3].upper() + "ER", 0.0) > 0
    return True


def respells_synonym(wordnet: WordNet, lemma: str, zipfs: Mapping[str, float]) -> bool:
    """True when every sense of ``lemma`` lists a synonym one edit away at least
    ``MISSPELLING_GAP`` Zipf more frequent (``zipfs`` by key): a variant spelling such as
    ``scarey`` beside ``scary``. An apostrophe marks an elision, not a misspelling
    (``o'er`` beside ``over``), a synonym written capitalized is a name whose key's
    frequency is another word's (``Hera`` beside ``Here``, not *here*), and one a letter
    longer or shorter at an end is another word (``_affixed``: ``espy``, ``whiten``)."""
    zipf = zipfs.get(lemma.upper(), 0.0)
    senses = wordnet.senses.get(lemma, ())
    return (
        "'" not in lemma
        and bool(senses)
        and all(
            any(
                word == word.lower()
                and one_edit_apart(lemma, word)
                and not _affixed(lemma, word)
                and zipfs.get(word.upper(), 0.0) >= zipf + MISSPELLING_GAP
                for word in wordnet.synsets[sid].words
            )
            for sid in senses
        )
    )


def _affixed(lemma: str, word: str) -> bool:
    """True when one of ``lemma`` and ``word`` is the other with a letter added in front
    (``espy``, ``await``) or at the end, a silent *e* excepted (``whiten``, ``campy``,
    ``basso``, ``beaut``): a word derived or clipped, not respelt (``lense``, ``cocain``)."""
    short, long = sorted((lemma, word), key=len)
    if len(long) != len(short) + 1:
        return False
    return long[1:] == short or (long[:-1] == short and long[-1] != "e")


def _written(wordnet: WordNet, lemma: str) -> str:
    """A lemma's display form: as WordNet writes it most often, upper case."""
    forms = wordnet.forms(lemma)
    return (forms[0] if forms else lemma).upper()


def build_default(
    store: WordStore,
    lang: str = "en",
    size: int | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
) -> ImportSummary:
    """(Re)build ``default-<lang>``, keeping the ``size`` best entries if given.

    English: ``english_entries`` with editor tags, in ``workers`` processes (default:
    one per core, at most ``BUILD_WORKERS``); Russian: ``russian_entries``. The
    list is replaced in one transaction, so a failed build leaves the old list whole.
    """
    if lang not in LANGUAGES:
        raise InputError(f"no default list for language {lang!r} (known: {', '.join(LANGUAGES)})")
    if size is not None and size < 1:
        raise InputError(f"size must be at least 1, not {size}")
    if workers is not None and workers < 1:
        raise InputError(f"workers must be at least 1, not {workers}")
    if lang == "en":
        from crossforge.wordbase.building.english.wordnet import load_wordnet

        if workers is None:
            cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
            workers = min(BUILD_WORKERS, cores or os.cpu_count() or 1)
        made = english_entries(load_wordnet(), workers)
        description = (
            "wordfreq 'large' en words and WordNet 3.0 words and phrases, scored for "
            "crossword use (docs/word-lists.md), editor tags, WordNet definitions as clues"
        )
    else:
        made = russian_entries(range(MIN_LENGTH, MAX_LENGTH + 1))
        description = RUSSIAN_DESCRIPTION
    best: dict[str, Entry] = {}
    for entry in made:
        old = best.get(entry.key)
        if old is None or entry.score > old.score:
            best[entry.key] = entry
    chosen = sorted(best.values(), key=lambda e: (-e.score, e.key))
    if size is not None:
        chosen = chosen[:size]
    return store.replace_entries(
        default_name(lang), chosen, alphabet=lang, description=description, progress=progress
    )
