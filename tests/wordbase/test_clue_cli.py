"""``crossforge clues …`` through the real command line, on a temporary instance folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossforge.server.cli import main

XD = (
    "pubid\tyear\tanswer\tclue\nnyt\t1995\tERA\tAge\nnyt\t1996\tERA\tLong time\n"
    "lat\t2001\tZEBU\tOx\n"
)


@pytest.fixture
def instance(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An instance folder whose database holds list 'mine' (ERA, ONE)."""
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", f"sqlite:///{tmp_path / 'crossforge.db'}")
    words = tmp_path / "words.txt"
    words.write_text("ERA;50\nONE;60\n", "utf-8")
    assert main(["words", "import", str(words), "--list", "mine"]) == 0
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["clues", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_import_search_and_export(instance: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = instance / "clues.tsv"
    corpus.write_text(XD, "utf-8")
    code, out, _ = run(capsys, "import", str(corpus), "--list", "mine", "--format", "xd")
    assert code == 0 and "added 2, updated 0, unchanged 0, skipped 1, rejected 0" in out
    code, out, _ = run(capsys, "search", "time", "--list", "mine")
    assert code == 0 and out.split() == ["ERA", "Long", "time", "[nyt", "1996]"]
    code, out, _ = run(capsys, "search", "--word", "era", "--list", "mine", "--json")
    assert [c["text"] for c in json.loads(out)["clues"]] == ["Age", "Long time"]
    code, out, err = run(capsys, "search", "nothing", "--list", "mine")
    assert code == 0 and out == "" and "no clues found" in err
    code, out, _ = run(capsys, "export", "--list", "mine", "--format", "xd")
    assert out == "pubid\tyear\tanswer\tclue\nnyt\t1995\tERA\tAge\nnyt\t1996\tERA\tLong time\n"
    target = instance / "out.jsonl"
    code, _, err = run(capsys, "export", "--list", "mine", "--format", "jsonl", "-o", str(target))
    assert code == 0 and "2 clues written" in err
    assert json.loads(target.read_text("utf-8").splitlines()[0])["answer"] == "ERA"


def test_a_bad_file_is_refused_naming_its_lines(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = instance / "clues.jsonl"
    corpus.write_text('{"answer": "ERA", "clue": "Age"}\n{"answer": "ONE"}\n', "utf-8")
    code, out, err = run(capsys, "import", str(corpus), "--list", "mine", "--json")
    assert code == 1
    assert [r["line"] for r in json.loads(out)["rejected"]] == [2]
    assert "line 2: no clue text" in err and "nothing imported" in err
    code, out, _ = run(capsys, "import", str(corpus), "--list", "mine", "--skip-bad")
    assert code == 0 and "added 1" in out
    corpus.write_bytes(b'{"answer": "ONE", "clue": "Un, en fran\xe7ais"}\n')
    code, _, err = run(capsys, "import", str(corpus), "--list", "mine")
    assert (code, err) == (
        1,
        f"crossforge: error: {corpus}: not UTF-8 text (invalid continuation byte)\n",
    )


def test_search_needs_a_query_or_a_word(instance: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "search", "--list", "mine")
    assert code == 1 and "give a QUERY, a --word, or both" in err


def test_the_articles_word_dash_description_file_imports_as_clues(
    instance: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = Path(__file__).with_name("data") / "article_dictionary_ru.txt"
    words = instance / "ru.txt"
    words.write_text("ЕЖ;50\nКОТ;60\nРЕКА;60\n", "utf-8")
    assert main(["words", "import", str(words), "--list", "ru", "--alphabet", "ru"]) == 0
    argv = ("import", str(sample), "--list", "ru", "--format", "dash", "--skip-bad")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "added 4, updated 0, unchanged 0, skipped 2, rejected 1" in out
    code, out, _ = run(capsys, "search", "--word", "кот", "--list", "ru", "--json")
    assert [c["text"] for c in json.loads(out)["clues"]] == ["домашний мурлыка", "самец кошки"]
    code, out, _ = run(capsys, "export", "--list", "ru", "--format", "dash")
    assert "ЕЖ — колючий зверёк, сворачивается клубком" in out.splitlines()
