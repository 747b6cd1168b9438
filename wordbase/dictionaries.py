"""Opt-in dictionary importers: definitions from a dictionary become clues, source named
after it, with its licence shown before anything is read.

- ``jmdict``: JMdict (Japanese; EDRDG, CC BY-SA) as the SQLite database of the
  ``jamdict-data`` package (``pip install jamdict-data``, about 50 MB compressed) or any
  ``jamdict.db`` given by path. Every kana reading of an entry gets a clue per sense (its
  first three English glosses, ``; ``-separated), at most three senses.
- ``wiktionary``: a Wiktionary extract in wiktextract's JSON-lines layout (what
  kaikki.org publishes; no such extract is packaged on PyPI, so the file is the user's).
  Every entry with ``lang_code`` ``ru`` gets a clue per sense (its first gloss), at most
  three senses.

Each yields ``ClueLine`` records for ``imports.import_clues``; the answers a list's
alphabet cannot write (kanji-free symbols, Latin letters) are skipped as bad lines.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import groupby, islice
from pathlib import Path

from crossforge.errors import InputError
from crossforge.wordbase.clue_formats import MAX_CLUE_LENGTH, ClueLine
from crossforge.wordbase.models import Clue, Rejection

__all__ = ["DICTIONARIES", "Dictionary", "read_jmdict", "read_wiktionary"]

SENSES = 3
"""Senses of a dictionary entry that become clues."""
GLOSSES = 3
"""English glosses of a JMdict sense joined into one clue."""

JMDICT_LICENCE = """\
JMdict: Copyright (C) James William Breen and the Electronic Dictionary Research and
Development Group (EDRDG). Used in conformance with the Group's licence, Creative Commons
Attribution-ShareAlike (https://www.edrdg.org/edrdg/licence.html); the clues imported
from it are derived data under the same licence: credit JMdict/EDRDG when you pass them on.
The database comes from the jamdict-data package (MIT for the package, CC BY-SA for the
dictionary)."""

WIKTIONARY_LICENCE = """\
Wiktionary: text of Wiktionary contributors, under Creative Commons Attribution-ShareAlike
4.0 (and the GNU FDL); https://en.wiktionary.org/wiki/Wiktionary:Copyrights. Extracted
with wiktextract (Tatu Ylonen, "Wiktextract: Wiktionary as Machine-Readable Structured
Data", LREC 2022). The clues imported from it are derived data under CC BY-SA 4.0:
credit Wiktionary when you pass them on."""


@dataclass(frozen=True)
class Dictionary:
    """A dictionary the ``import-dictionary`` command knows: where its data is when none
    is named, the alphabet of a list it creates, its licence, and its reader."""

    name: str
    alphabet: str
    licence: str
    read: Callable[[Path], Iterator[ClueLine | Rejection]]
    default_path: Callable[[], Path | None]

    def path(self, given: str | None) -> Path:
        """The data file: ``given``, else the packaged one; ValueError when neither."""
        if given is not None:
            path = Path(given)
        else:
            found = self.default_path()
            if found is None:
                raise InputError(f"{self.name}: give the dictionary file (--file)")
            path = found
        if not path.is_file():
            raise InputError(f"{self.name}: no file {str(path)!r}")
        return path


def _clue_text(text: str) -> str | None:
    text = " ".join(text.split())
    return text if 0 < len(text) <= MAX_CLUE_LENGTH else None


def read_jmdict(path: Path) -> Iterator[ClueLine | Rejection]:
    """Clues from a jamdict SQLite database: per kana reading, one per sense (its first
    English glosses); the line number of a record is the entry's JMdict sequence number."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT k.idseq, k.ID, k.text, s.ID, g.text FROM Kana k "
            "JOIN Sense s ON s.idseq = k.idseq JOIN SenseGloss g ON g.sid = s.ID "
            "WHERE g.lang = 'eng' ORDER BY k.idseq, k.ID, s.ID"
        )
        for (idseq, _, kana), senses in groupby(rows, key=lambda row: row[:3]):
            for _, glosses in islice(groupby(senses, key=lambda row: row[3]), SENSES):
                text = _clue_text("; ".join(row[4] for row in islice(glosses, GLOSSES)))
                if text is not None:
                    yield ClueLine(idseq, kana, kana, Clue(text, "jmdict"))
    except sqlite3.DatabaseError as exc:
        raise InputError(f"{path}: not a jamdict database ({exc})") from None
    finally:
        connection.close()


def read_wiktionary(path: Path, lang_code: str = "ru") -> Iterator[ClueLine | Rejection]:
    """Clues from a wiktextract JSON-lines file: per entry in ``lang_code``, the first
    gloss of each of its first senses; a line that is not a JSON object is a bad line."""
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as exc:
                yield Rejection(number, line[:200], f"not JSON ({exc.msg})")
                continue
            if not isinstance(entry, dict):
                yield Rejection(number, line[:200], "not a JSON object")
                continue
            word = entry.get("word")
            if entry.get("lang_code") != lang_code or not isinstance(word, str):
                continue
            senses = [s for s in entry.get("senses") or [] if isinstance(s, dict)]
            for sense in senses[:SENSES]:
                glosses = [g for g in sense.get("glosses") or [] if isinstance(g, str)]
                text = _clue_text(glosses[0]) if glosses else None
                if text is not None:
                    yield ClueLine(number, word, word, Clue(text, "wiktionary"))


def _jamdict_data() -> Path | None:
    try:
        import jamdict_data
    except ImportError:
        return None
    return Path(jamdict_data.JAMDICT_DB_PATH)


DICTIONARIES = {
    "jmdict": Dictionary("jmdict", "ja", JMDICT_LICENCE, read_jmdict, _jamdict_data),
    "wiktionary": Dictionary("wiktionary", "ru", WIKTIONARY_LICENCE, read_wiktionary, lambda: None),
}
"""The dictionaries ``crossforge clues import-dictionary`` imports, by name."""
