"""Clues for the Russian default list: Russian Wiktionary's definitions as the
``wiki-ru-wordnet`` package ships them (``WIKI_RU_WORDNET``, an SQLite database of about
94,000 lemmas; Wiktionary's text is CC BY-SA, read at build time, never shipped).

A row of its table ``synsets`` is one sense, its ``definition`` the line
``lemma~ru~lemma~ru~TEXT~n~n`` with TEXT in wiki markup; a lemma written capitalized is a
name's (*Кант*), whose senses clue only a name's entry. ``clean`` makes a clue of TEXT:
examples (``{{пример|…}}``) and usage labels (``{{зоол.|ru}}``, ``{{разг.}}``) dropped,
links written as their text (``[[кошка|кошки]]`` → *кошки*), cross-references spelt
out (``{{=|мать}}`` → *то же, что мать*), the formulas that name the answer's own source
word dropped (``{{действие|носить}}``). ``clues`` keeps at most ``CLUES_PER_ENTRY``,
the senses of no ``MINOR_LABELS`` label first (the main sense first among them), then
the shortest, none of which names the answer or a word of its root (``gives_away``).
"""

from __future__ import annotations

import html
import os
import re
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from crossforge.wordbase.alphabets import Alphabet
from crossforge.wordbase.building.package_data import package_folder

__all__ = [
    "CLUES_PER_ENTRY",
    "MAX_CLUE",
    "MINOR_LABELS",
    "SHORT_CLUE",
    "OBSCENE_LABELS",
    "SOURCE",
    "WIKI_RU_WORDNET",
    "Sense",
    "abbreviation",
    "clean",
    "clues",
    "definitions_by_key",
    "definitions_path",
    "gives_away",
    "obscene",
    "read_definitions",
    "same_root",
]

WIKI_RU_WORDNET = ("wiki_ru_wordnet", "database/wikiwordnet.db")
"""Where the database lies in its distribution (package, path inside it)."""
SOURCE = "wiktionary"
"""The source of the clues."""
CLUES_PER_ENTRY = 3
MAX_CLUE = 120
"""Longest clue kept, in characters."""
SHORT_CLUE = 60
"""A definition longer than this is cut at a clause break if it can be (``_shortened``)."""
SHARED_STEM = 5
"""Letters two stems share at their start that make one root (``same_root``)."""
HEAD_WORDS = 3
"""Fewest words of a long definition's head kept as a clue."""
OBSCENE_LABELS = frozenset({"обсц.", "мат"})
"""Wiktionary's labels of an obscene sense (not *бранн.*, abusive: НЕГОДЯЙ, ДЫЛДА)."""
MINOR_LABELS = frozenset(
    {
        *("п.", "перен.", "устар.", "уст.", "истор.", "сленг", "жарг.", "спец.", "мн."),
        *("диал.", "рег.", "обл.", "местн.", "прост.", "эвф.", "собир.", "редк."),
    }
)
"""Labels of a sense that clues after the others: figurative, obsolete, historical,
slang, regional, euphemistic and specialist senses (and any label ending in *жарг.*:
``техн.жарг.``)."""
_SPELT = {
    "=": "то же, что {}",
    "выдел": "{}",
    "lang": "{}",
    "хим-элем": "химический элемент",
    "итп": "и т. п.",
    "-": "—",
    "--": "—",
}
"""Templates written out (the first positional argument in place of ``{}``; ``lang``
takes its last); any other template is a label or an example, and is dropped, and so
are ``{{действие|…}}`` and ``{{свойство|…}}`` (*действие по значению гл. носить*): they
name the verb or adjective the answer is made from, its root (НОСКА, ОГОВОР), which
``same_root`` cannot always see."""
_INNERMOST = re.compile(r"\{\{([^{}]*)\}\}")
_PIPED_LINK = re.compile(r"\[\[[^\[\]|]*\|([^\[\]]*)\]\]")
_LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
_REFERENCE = re.compile(r"<ref[^>]*/>|<ref[^>]*>.*?</ref>", re.S)
_LABEL = re.compile(r"\{\{\s*([^|{}]+?)\s*[|}]")
_ASIDE = re.compile(r"\([^()]*\)")
_STRESS = "\u0301"
_ITALIC = re.compile(r"''[^']*''")
_TAXON = re.compile(r"\s*(?:из\s+)?(?:семейства|подсемейства|рода|отряда)\s+[а-яё]+", re.I)
"""A taxon named after the answer's own root (*семейства ежовых*), dropped from a clue
that gives no more away without it."""
_DANGLING = frozenset(
    {"что", "когда", "где", "как", "чтобы", "и", "или", "а", "но", "в", "на", "с", "из"}
    | {"для", "по", "от", "к", "обычно", "например", "как правило", "в частности"}
    | {"о том", "том", "тем", "того", "в переводе"}
)
"""Last words (one or two) a clause break cannot leave a head on."""
_GENITIVE_MODIFIERS = re.compile(r"(?:ого|его)(?:-либо|-то|-нибудь)?,? [а-яё]+(?:ого|его)$")
"""Two last words in the genitive of an adjective or pronoun: no noun yet."""
_DERIVATION = re.compile(r"\{\{\s*(?:действие|свойство)\s*\|")
"""A sense made by Wiktionary's derivation formula, whose one-word rest is the source
word again (*истечь* for ИСТОК)."""
_BREAKS = (";", ",", " —", " для ", " с ")
"""Where a long definition may be cut, tried in this order (``_shortened``)."""
_SETTINGS = frozenset({"в", "во", "у", "на", "при", "среди"})
"""First words of a definition that sets a scene before it defines (*в индуизме …*)."""
_LEADING_CONJUNCTION = re.compile(r"^(?:(?:и|или|а также|также)\b[\s,]*)+")
_FUNCTION_SENSE = re.compile(
    r"^(?:[а-яё]+ )?(?:частица|междометие|союз|предлог)\b"
    r"|^(?:употребляется|выражает|выражение|возглас|восклицание)\b"
)
"""What a sense of a function word begins with (*утвердительная частица*): a noun of the
same spelling (АГА, a Turkish title) must not take it."""
_LEADING_ASIDE = re.compile(r"^\([^()]*\)\s*—?\s*")
_LATIN_ASIDE = re.compile(r"\s*\([^()а-яё]*[a-z][^()а-яё]*\)", re.I)
"""An aside in Latin letters only (*(Taxaceae)*, *(Equus asinus)*): a Russian clue
prints no scientific name."""
_ENDINGS = "аеиоуыэюяйь"
_LINKS = "аеиоуыэюяьъ"
_WORD = re.compile(r"[а-яё]+")
_ABBREVIATION = re.compile(r"(?:сокращение|аббревиатура)\b")


def definitions_path() -> Path | None:
    """The packaged database, None when ``wiki-ru-wordnet`` is not installed."""
    package, inner = WIKI_RU_WORDNET
    folder = package_folder(package)
    return None if folder is None else folder / inner


@dataclass(frozen=True)
class Sense:
    """One sense of a lemma: its raw text (wiki markup), and whether the lemma is a
    name's (written capitalized)."""

    raw: str
    proper: bool = False


def read_definitions(path: Path, alphabet: Alphabet) -> dict[str, list[Sense]]:
    """Every sense by the key of its lemma, in the database's order; lemmas
    ``alphabet`` cannot write (Latin letters, digits) are left out."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute("SELECT lemma, definition FROM synsets ORDER BY rowid")
        found: dict[str, list[Sense]] = {}
        for lemma, line in rows:
            try:
                key = alphabet.normalize(lemma)
            except ValueError:
                continue
            parts = line.split("~", 4)
            if key and len(parts) == 5:
                raw = parts[4].rsplit("~", 2)[0]
                found.setdefault(key, []).append(Sense(raw, lemma[:1].isupper()))
        return found
    finally:
        connection.close()


def _template(match: re.Match[str]) -> str:
    """An innermost template written out (``_SPELT``) or dropped."""
    name, *args = (part.strip() for part in match.group(1).split("|"))
    pattern = _SPELT.get(name.lower())
    if pattern is None:
        return ""
    positional = [arg for arg in args if arg and arg != "ru" and "=" not in arg]
    if name == "lang":
        positional = positional[-1:]
    if "{}" in pattern and not positional:
        return ""
    return pattern.format(positional[0]) if "{}" in pattern else pattern


def clean(raw: str) -> str | None:
    """The clue a sense's raw text gives: markup cleaned, examples, labels and references
    (``<ref>``) dropped, capitalized, no final full stop; None when nothing readable is
    left or it is longer than ``MAX_CLUE`` even shortened (``_shortened``)."""
    text = _PIPED_LINK.sub(r"\1", _REFERENCE.sub(" ", raw))
    text = _LINK.sub(r"\1", text)
    while True:
        text, count = _INNERMOST.subn(_template, text)
        if not count:
            break
    text = _ITALIC.sub(" ", text.replace("'''", ""))  # examples, inline labels
    text = html.unescape(re.sub(r"<[^<>]*>|#|&nbsp(?!;)", " ", text)).replace("\xa0", " ")
    text = text.replace(_STRESS, "")  # о́рган: stress marks are for readers, not clues
    text = re.sub(r"\(\s*\)", " ", " ".join(text.split()))
    text = re.sub(r"\s+([,;:.)])", r"\1", text).split("||", 1)[0]
    text = _LATIN_ASIDE.sub("", text)
    text = _LEADING_ASIDE.sub("", text.strip(" ,;:.—-")).strip(" ,;:.—-")
    text = _LEADING_CONJUNCTION.sub("", text)  # {{устар.}} и {{поэт.}} войско
    if len(text) > SHORT_CLUE:
        text = _shortened(" ".join(_ASIDE.sub(" ", text).split()).replace(" ,", ","))
    if not 3 <= len(text) <= MAX_CLUE or "{" in text or "[" in text or "}" in text:
        return None
    if not _WORD.search(text.lower()) or _FUNCTION_SENSE.search(text.lower()):
        return None
    if _DERIVATION.search(raw) and len(text.split()) < 2:  # {{действие|истекать}}, истечь
        return None
    return text[:1].upper() + text[1:]


def _shortened(text: str) -> str:
    """A long definition, its asides in parentheses already dropped, cut to its shortest
    head of at least ``HEAD_WORDS`` words that ends at a clause break (``_BREAKS``, in
    order: ``;`` before ``,`` before `` —``, a preposition last) and leaves nothing
    hanging (``_hanging``): *единица измерения времени, определяемая …* gives *единица
    измерения времени*. One that opens with a setting (*в христианстве, …*) needs the
    rest, and is kept whole."""
    if text.split(" ", 1)[0].lower() in _SETTINGS:
        return text
    for mark in _BREAKS:
        start = 0
        while (end := text.find(mark, start)) != -1:
            head = text[:end].strip(" ,;:.")
            if len(head) > MAX_CLUE:
                break
            if len(head.split()) >= HEAD_WORDS and not _hanging(head):
                return head
            start = end + 1
    return text


def _hanging(head: str) -> bool:
    """True when a head would leave a clause open: a relative clause begun (*игрушка,
    которая*), a last word that needs more (*и*, *для*, *как правило*, *о том*), or two
    last words in *-ого*/*-его* (*-либо*, *-то*), modifiers waiting for their noun
    (*кусок какого-либо мягкого*; not *невиновности подозреваемого*, a noun)."""
    words = head.lower().split()
    return (
        any(word.startswith("котор") for word in words)
        or _GENITIVE_MODIFIERS.search(" ".join(words[-2:])) is not None
        or words[-1] in _DANGLING
        or " ".join(words[-2:]) in _DANGLING
    )


def _stem(word: str) -> str:
    """``word`` (lower case) with Ё as Е and its final vowels, Й and Ь taken off while
    more than two letters remain (МАМА → МАМ, НОЖНИЦЫ → НОЖНИЦ, ИВА → ИВ)."""
    stem = word.replace("ё", "е")
    while len(stem) > 2 and stem[-1] in _ENDINGS:
        stem = stem[:-1]
    return stem


def same_root(answer: str, word: str) -> bool:
    """True when ``word`` may share the root of ``answer`` (both lower case): one's stem
    begins the other's (the word's of three letters or more) and the longer goes on
    with a vowel, Ь or Ъ, as a suffix does (ЁЖ, *ежовых*; ЛИЦЕИСТ, *лицея*; ЧАС,
    *часовой*; not ЧАС, *часть*), or the stems begin with the same ``SHARED_STEM``
    letters (ВЫЧИСЛЕНИЕ, *вычислить*). A simple
    check that errs toward a match: a clue it drops costs less than one that gives the
    answer away."""
    a, w = _stem(answer), _stem(word)
    if len(os.path.commonprefix([a, w])) >= SHARED_STEM:
        return True
    short, long = sorted((a, w), key=len)
    if not long.startswith(short) or len(short) < (2 if short == a else 3):
        return False
    return len(long) == len(short) or long[len(short)] in _LINKS


def gives_away(answer: str, text: str) -> bool:
    """True when the clue ``text`` holds the answer or a word of its root."""
    return any(same_root(answer.lower(), word) for word in _WORD.findall(text.lower()))


def _labels(raw: str) -> list[str]:
    """The names of the templates of a sense's raw text (its labels among them)."""
    return _LABEL.findall(raw)


def _minor(raw: str) -> bool:
    """True when a sense carries a label of ``MINOR_LABELS`` or a jargon label."""
    return any(label in MINOR_LABELS or label.endswith("жарг.") for label in _labels(raw))


def clues(answer: str, raws: Iterable[str]) -> list[str]:
    """At most ``CLUES_PER_ENTRY`` clues for ``answer`` from its senses' raw texts: the
    cleaned ones that do not give it away (``gives_away``; a taxon of its root dropped
    first: *колючее млекопитающее семейства ежовых*), each once; the senses of no minor
    label (``MINOR_LABELS``) first, the main (first) sense first among them, then the
    shortest."""
    found: dict[str, tuple[bool, bool, int]] = {}
    for index, raw in enumerate(raws):
        text = clean(raw)
        if text is not None and gives_away(answer, text):
            text = _without_taxon(answer, text)
        if text is not None and text not in found and not gives_away(answer, text):
            found[text] = (_minor(raw), index > 0, len(text))
    return sorted(found, key=found.__getitem__)[:CLUES_PER_ENTRY]


def _without_taxon(answer: str, text: str) -> str | None:
    """``text`` without the taxa named after ``answer``'s root, None when nothing of
    three letters or more is left."""
    kept = _TAXON.sub(lambda m: "" if gives_away(answer, m.group()) else m.group(), text)
    kept = re.sub(r"\s+([,;:)])", r"\1", kept).strip(" ,;:")
    return kept if len(kept) >= 3 else None


def abbreviation(texts: Sequence[str]) -> bool:
    """True when every clue says its answer is an abbreviation (*сокращение от …*)."""
    return bool(texts) and all(_ABBREVIATION.match(text.lower()) for text in texts)


def obscene(raws: Sequence[str]) -> bool:
    """True when every sense's raw text carries a label of ``OBSCENE_LABELS``."""
    return bool(raws) and all(
        any(label in OBSCENE_LABELS for label in _labels(raw)) for raw in raws
    )


def definitions_by_key(alphabet: Alphabet) -> Mapping[str, list[Sense]]:
    """The packaged database's senses by key (``read_definitions``); empty when the
    package is missing."""
    path = definitions_path()
    return read_definitions(path, alphabet) if path is not None else {}
