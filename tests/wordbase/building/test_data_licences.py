"""The data the default list builds on carry their notices in the docs."""

from __future__ import annotations

import re
from pathlib import Path

from crossforge.wordbase.building.english.editor_tags import LDNOOBW, REVIEWED
from crossforge.wordbase.building.english.given_names import NAMES_PACKAGE, names_folder
from crossforge.wordbase.building.english.phrase_evidence import BOOK_BIGRAMS, BOOK_WORDS
from crossforge.wordbase.building.english.wordnet import wordnet_folder
from crossforge.wordbase.building.russian.definitions import WIKI_RU_WORDNET

DOCS = Path(__file__).resolve().parents[3] / "docs" / "word-lists.md"


def _words(text: str) -> list[str]:
    """The words of a text, quote marks and line breaks aside."""
    return re.findall(r"[A-Za-z0-9\"().,:/-]+", text.replace("> ", " ").replace(">", " "))


def test_the_wordnet_licence_notice_is_in_the_docs_word_for_word() -> None:
    licence = (wordnet_folder() / "LICENSE").read_text("utf-8")
    docs = " ".join(_words(DOCS.read_text("utf-8")))
    assert " ".join(_words(licence)) in docs


def test_the_ldnoobw_list_is_credited_with_its_licence() -> None:
    docs = DOCS.read_text("utf-8")
    package, inner = LDNOOBW
    assert "CC BY 4.0" in docs and f"{package}==0.1.0" in docs and inner.split("/")[-1] in docs
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations
    header = (Path(list(spec.submodule_search_locations)[0]) / inner).read_text("utf-8")
    assert "license: CC-BY 4.0" in header.splitlines()[2]


def test_the_reviewed_list_states_its_licence() -> None:
    assert "MIT licence" in REVIEWED.read_text("utf-8").splitlines()[0]
    assert "`wordbase/building/english/data/editor-tags.txt`" in DOCS.read_text("utf-8")


def test_the_census_names_are_credited_as_public_domain() -> None:
    docs = DOCS.read_text("utf-8")
    assert f"{NAMES_PACKAGE}==0.3.0" in docs and "1990 US Census" in docs
    metadata = (names_folder().parent / "names-0.3.0.dist-info" / "METADATA").read_text("utf-8")
    assert "public domain" in metadata and "License: MIT" in metadata


def test_the_book_bigrams_are_credited_with_their_licences() -> None:
    docs = DOCS.read_text("utf-8")
    package, name = BOOK_BIGRAMS
    assert f"{package}==6.10.1" in docs and name in docs and BOOK_WORDS[1] in docs
    assert "Creative Commons Attribution 3.0" in docs and "Google Books" in docs


def test_opencorpora_is_credited_as_share_alike_and_the_russian_tags_as_mit() -> None:
    import importlib.metadata

    docs = " ".join(DOCS.read_text("utf-8").split())
    assert "OpenCorpora" in docs and "`pymorphy3-dicts-ru`" in docs
    assert "Creative Commons Attribution-ShareAlike 3.0" in docs
    assert "`wordbase/building/russian/data/russian-tags.txt`" in docs
    metadata = importlib.metadata.distribution("pymorphy3-dicts-ru").read_text("METADATA") or ""
    assert "Creative Commons Attribution-Share Alike" in metadata and "by-sa/3.0" in metadata


def test_the_russian_wiktionary_definitions_are_credited_as_share_alike() -> None:
    docs = " ".join(DOCS.read_text("utf-8").split())
    package, inner = WIKI_RU_WORDNET
    assert "`wiki-ru-wordnet==1.0.3`" in docs and inner in docs
    assert "Russian Wiktionary" in docs and "CC BY-SA" in docs
