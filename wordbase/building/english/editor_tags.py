"""Editor tags: which English keys an editor avoids, and why (``offensive``, ``sensitive``,
``partial``, ``british``).

Three sources, applied when the default list is built and when a list is imported:

- ``offensive``: the English "List of Dirty, Naughty, Obscene and Otherwise Bad Words"
  (LDNOOBW, CC BY 4.0, as the ``expletives`` distribution ships it), and every WordNet
  lemma all of whose senses WordNet marks as an ethnic slur, an obscenity or a
  disparagement (``NEGRO``'s one sense is marked; ``SPADE``'s card sense is not).
- ``sensitive`` (fails the breakfast test): WordNet lemmas all of whose senses lie
  under the synsets of ``SENSITIVE_ROOTS`` (disease, killing, rape, bodily waste, ...).
- ``wordbase/building/english/data/editor-tags.txt``: the reviewed list kept in the
  repository, which adds tags the sources miss and takes away those they give wrongly (``ESCORT``).

An inflection WordNet does not list as a lemma takes the tags of its lemmas
(``RAPED`` from ``RAPE``), and a phrase no source names takes the tags of its words
(``ANAL SEX`` from ``ANAL``). A phrase that is a fragment of a longer one (``IN THIS``,
``MANY A``: ``crossforge.wordbase.building.partials``) is ``partial``, and a British spelling
WordNet lists beside a more frequent American one (``COLOUR``, ``ORGANISE``:
``crossforge.wordbase.building.english.spellings``) is ``british``. Other tags come from
curators (imports, ``PUT``); the crossword type excludes any tag a request names, and
``word_classes.EXCLUDED`` unless it names others (the tag names are
``crossforge.wordbase.word_classes``'s).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import cache
from pathlib import Path

from crossforge.errors import InputError
from crossforge.wordbase.alphabets import Alphabet, get_alphabet
from crossforge.wordbase.building.english.spellings import british_lemmas
from crossforge.wordbase.building.english.wordnet import WordNet, load_wordnet
from crossforge.wordbase.building.package_data import package_folder
from crossforge.wordbase.building.partials import is_partial
from crossforge.wordbase.models import Entry
from crossforge.wordbase.word_classes import BRITISH, OFFENSIVE, PARTIAL, SENSITIVE

__all__ = [
    "OFFENSIVE_GLOSS",
    "OFFENSIVE_USAGE",
    "REVIEWED",
    "SENSITIVE_EXCEPT",
    "SENSITIVE_ROOTS",
    "WORD_CACHE",
    "EditorTags",
    "editor_tags",
    "read_reviewed",
    "with_editor_tags",
]

OFFENSIVE_USAGE = ("ethnic_slur.n.01", "obscenity.n.02", "disparagement.n.01")
"""WordNet usage domains whose marked lemmas are tagged offensive."""
OFFENSIVE_GLOSS = re.compile(
    r"\boffensive (?:term|name)|\bethnic slur\b"
    r"|\bterm\b[^;]* (?:considered|regarded as) offensive"
)
"""What a gloss says of a sense that is a slur where WordNet gives no usage domain
(*mammy*: "an offensive term for a Black nursemaid"; *colored person*: "a United
States term for Blacks that is now considered offensive")."""
SENSITIVE_ROOTS = (
    "disease.n.01",
    "ill_health.n.01",
    "symptom.n.01",
    "killing.n.02",
    "murder.n.01",
    "suicide.n.01",
    "genocide.n.01",
    "massacre.n.01",
    "execution.n.01",
    "kill.v.01",
    "sexual_assault.n.01",
    "rape.v.01",
    "molest.v.01",
    "rapist.n.01",
    "molester.n.01",
    "pedophile.n.01",
    "pederast.n.01",
    "prostitute.n.01",
    "prostitution.n.01",
    "body_waste.n.01",
    "excrete.v.01",
    "vomit.n.01",
    "vomit.v.01",
    "corpse.n.01",
    "sleep_together.v.01",
    "sexual_intercourse.n.01",
)
"""WordNet synsets (``lemma.pos.sense``) under which every sense is a breakfast-test
failure: violence, disease and ill health with its symptoms (``HERNIA``, ``TUMOR``,
``MIGRAINE``; the mild ones crosswords print, ``TIC``, ``EDEMA``, ``WEN``, are cleared in
the reviewed list), bodily functions, sex acts (not *sexual activity* as a
whole, which holds orientations and breeding), those who commit sexual assault
(``RAPER``, ``MOLESTER``; not *violator*, mostly a lawbreaker) and prostitution (``CALL
GIRL``, ``STREETWALKER``; not ``TART`` or ``HOOKER``, whose other senses are innocent)."""
SENSITIVE_EXCEPT = ("plant_disease.n.01", "animal_disease.n.01")
"""Subtrees of ``SENSITIVE_ROOTS`` that pass the breakfast test (blight, mange)."""

REVIEWED = Path(__file__).with_name("data") / "editor-tags.txt"
"""The reviewed list kept in the repository (its header says how to add to it)."""
LDNOOBW = ("expletives", "data/sources/ldnoobw-en.txt")
"""Where the LDNOOBW English list lies in its distribution."""
WORD_CACHE = 200_000
"""Phrase words whose tags ``EditorTags`` keeps looked up (the default list's phrases
have about 30,500); past that it starts again."""
_WORD_BREAK = re.compile(r"[\s\-/]+")
"""What separates the words of a display form (``ANAL SEX``, ``ROCK-BOTTOM``)."""


class EditorTags:
    """Tags by key, for the keys of one alphabet; inflections looked up through WordNet."""

    def __init__(
        self,
        tags: dict[str, frozenset[str]],
        lemmas: WordNet | None,
        cleared: Mapping[str, frozenset[str]] | None = None,
    ) -> None:
        self._tags = tags
        self._cleared = dict(cleared or {})
        self._wordnet = lemmas
        self._alphabet = get_alphabet("en")
        self._words: dict[str, frozenset[str]] = {}

    def __len__(self) -> int:
        return len(self._tags)

    def items(self) -> Iterator[tuple[str, frozenset[str]]]:
        """Every key tagged in its own right, with its tags."""
        return iter(self._tags.items())

    def of(self, key: str) -> frozenset[str]:
        """The tags of ``key``: its own, else those of the lemmas it inflects."""
        own = self._tags.get(key)
        if own is not None:
            return own
        wordnet = self._wordnet
        if wordnet is None or not key.isascii():
            return frozenset()
        found: frozenset[str] = frozenset()
        for base in wordnet.bases(key.lower()):
            found |= self._tags.get(base.upper().replace(" ", ""), frozenset())
        return found

    def of_entry(self, key: str, display: str) -> frozenset[str]:
        """The tags of ``key``; for a phrase (``display`` of several words), the tags of
        each of its words too, and ``partial`` for a fragment (``is_partial``), but for
        those the reviewed list ``cleared`` from the key (``WILD ASS`` is no vulgarity;
        ``TAKE A SHIT``, sensitive by WordNet, is also offensive by its word)."""
        tags = self._tags.get(key)
        if tags is None:
            tags = self.of(key)
        words = [w.lower() for w in _WORD_BREAK.split(display) if w]
        for word in words if len(words) > 1 else ():
            tags |= self._word_tags(word)
        if is_partial(words):
            tags |= {PARTIAL}
        return tags - self._cleared.get(key, frozenset())

    def _word_tags(self, word: str) -> frozenset[str]:
        """The tags of one word of a phrase (lower case), looked up once."""
        found = self._words.get(word)
        if found is None:
            try:
                found = self.of(self._alphabet.normalize(word))
            except ValueError:  # a word with no letter of the alphabet
                found = frozenset()
            if len(self._words) >= WORD_CACHE:  # imports in a long-lived server
                self._words.clear()
            self._words[word] = found
        return found

    def apply(self, entry: Entry) -> Entry:
        """``entry`` with its editor tags added after its own."""
        tags = self.of_entry(entry.key, entry.display)
        missing = tuple(sorted(t for t in tags if t not in entry.tags))
        return replace(entry, tags=entry.tags + missing) if missing else entry


def read_reviewed(lines: Iterable[str], alphabet: Alphabet) -> dict[str, dict[str, bool]]:
    """The reviewed list: per key, tag → True (add) or False (take away).

    A line is ``WORD TAG`` or ``WORD -TAG`` (the word may hold spaces: the tag is the
    last field); ``#`` starts a comment. ValueError names a line that is neither.
    """
    found: dict[str, dict[str, bool]] = {}
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.rsplit(None, 1)
        if len(parts) != 2 or not parts[1].lstrip("-"):
            raise InputError(f"line {number}: expected 'WORD TAG' or 'WORD -TAG': {raw!r}")
        word, tag = parts
        found.setdefault(alphabet.normalize(word), {})[tag.lstrip("-")] = not tag.startswith("-")
    return found


def _ldnoobw() -> list[str]:
    """The LDNOOBW English words and phrases (empty when the distribution is missing)."""
    package, inner = LDNOOBW
    folder = package_folder(package)
    if folder is None:
        return []
    text = (folder / inner).read_text("utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def _wordnet_tags(wordnet: WordNet) -> dict[str, set[str]]:
    """Lemma → tags from WordNet's usage domains and the sensitive subtrees."""
    marked: dict[str, set[tuple[str, str]]] = {}
    for name in OFFENSIVE_USAGE:
        for sid, lemma in wordnet.domain_members(wordnet.find(name)):
            words = [lemma] if lemma else [w.lower() for w in wordnet.synsets[sid].words]
            for word in words:
                marked.setdefault(word, set()).add(sid)
    for sid, synset in wordnet.synsets.items():
        if OFFENSIVE_GLOSS.search(synset.definition):
            for word in synset.words:
                marked.setdefault(word.lower(), set()).add(sid)
    found: dict[str, set[str]] = {}
    for lemma, sids in marked.items():
        if wordnet.bases(lemma):  # also an inflection of another word (AIDS: aid)
            continue
        own = set(wordnet.senses.get(lemma, ()))
        if own and own <= sids:
            found.setdefault(lemma, set()).add(OFFENSIVE)
    below = wordnet.hyponyms(wordnet.find(name) for name in SENSITIVE_ROOTS)
    below -= wordnet.hyponyms(wordnet.find(name) for name in SENSITIVE_EXCEPT)
    candidates = {w.lower() for sid in below for w in wordnet.synsets[sid].words}
    for lemma in candidates:
        senses = wordnet.senses.get(lemma)
        if senses and all(sid in below for sid in senses) and not wordnet.bases(lemma):
            found.setdefault(lemma, set()).add(SENSITIVE)
    return found


def _english_zipf(word: str) -> float:
    """wordfreq's Zipf frequency of an English ``word``."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en", wordlist="large")


@cache
def editor_tags() -> EditorTags:
    """The editor tags of English keys, built once per process."""
    alphabet = get_alphabet("en")
    wordnet = load_wordnet()
    tags: dict[str, set[str]] = {}

    def add(word: str, tag: str) -> None:
        try:
            key = alphabet.normalize(word)
        except ValueError:  # a character outside the alphabet (an emoji)
            return
        if key:
            tags.setdefault(key, set()).add(tag)

    for word in _ldnoobw():
        add(word, OFFENSIVE)
    for lemma, found in _wordnet_tags(wordnet).items():
        for tag in found:
            add(lemma, tag)
    for lemma in british_lemmas(wordnet, _english_zipf):
        add(lemma, BRITISH)
    with REVIEWED.open(encoding="utf-8") as handle:
        reviewed = read_reviewed(handle, alphabet)
    final: dict[str, frozenset[str]] = {}
    for key in tags.keys() | reviewed.keys():
        changes = reviewed.get(key, {})
        kept = {t for t in tags.get(key, ()) if changes.get(t, True)}
        # A key the reviewed list cleared keeps an empty entry: its inflections inherit nothing.
        final[key] = frozenset(kept | {t for t, wanted in changes.items() if wanted})
    cleared = {
        key: frozenset(t for t, wanted in changes.items() if not wanted)
        for key, changes in reviewed.items()
        if not all(changes.values())
    }
    return EditorTags(final, wordnet, cleared)


def with_editor_tags(entries: Iterable[Entry], alphabet_name: str) -> Iterator[Entry]:
    """``entries`` with the editor tags of their keys added (lists in the ``en``
    alphabet; the sources are English)."""
    if alphabet_name != "en":
        yield from entries
        return
    tags = editor_tags()
    for entry in entries:
        yield tags.apply(entry)
