from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import puz
import pytest

from crossforge.server.cli import main


def test_check_passes_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grid", "check", "american-15-themed"]) == 0
    assert "passes the american rules" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("#..\n...\n...\n")
    assert main(["grid", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "symmetry: cells (0, 0) and (2, 2) break 180° symmetry" in out
    assert main(["grid", "check", "canadian-78", "--rules", "canadian"]) == 0


def test_bad_file_is_a_clean_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ragged = tmp_path / "ragged.txt"
    ragged.write_text("...\n..\n")
    assert main(["grid", "check", str(ragged)]) == 1
    assert "crossforge: error:" in capsys.readouterr().err
    assert main(["grid", "stats", "no-such-grid"]) == 1
    assert "no such file or library grid" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        (
            "huge.ipuz",
            b'{"kind": ["http://ipuz.org/crossword#1"], "puzzle": [],'
            b' "dimensions": {"width": 100000, "height": 100000}}',
            "huge.ipuz: the grid is 100000x100000; the largest allowed is 255x255",
        ),
        ("deep.json", b"[" * 100_000, "deep.json: the JSON is nested too deeply"),
        ("garbage.puz", bytes(range(256)) * 16, "garbage.puz: byte 2: no ACROSS&DOWN"),
        ("latin.xd", b"Title: \xe9t\xe9\n\n\nAB\nCD\n", "latin.xd: byte 7: not valid UTF-8"),
        ("wide.txt", b"." * 300, "wide.txt: the grid is at least 1x300"),
    ],
)
def test_hostile_files_are_clean_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: bytes, words: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    for command in (["check", str(path)], ["convert", str(path), str(tmp_path / "out.xd")]):
        assert main(["grid", *command]) == 1
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
    assert not (tmp_path / "out.xd").exists()


def test_a_hexagon_file_of_no_utf8_or_no_hexagon_is_a_clean_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.hex"
    for data, words in [
        (b". \xe9\n. . .\n. .\n", "byte 2: not valid UTF-8"),
        (b". .\n", "line 1: row 0 has 2 cells, expected 1"),
    ]:
        path.write_bytes(data)
        assert main(["grid", "svg", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"crossforge: error: {path}: ") and words in err, err


def test_stats_with_a_word_list(tiny_words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grid", "stats", "mini-5x5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["entries"] == 10 and data["fillability"] is None
    assert main(["grid", "stats", "mini-5x5", "--list", "tiny"]) == 0
    out = capsys.readouterr().out
    assert "complexity" in out and "log2 fills" in out and "tightest entries" in out


def test_convert_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "themed.puz"
    assert main(["grid", "convert", "american-15-themed-circles", str(target)]) == 0
    assert puz.read(str(target)).width == 15
    back = tmp_path / "back.ipuz"
    assert main(["grid", "convert", str(target), str(back)]) == 0
    assert json.loads(back.read_text())["dimensions"] == {"width": 15, "height": 15}
    picture = tmp_path / "grid.svg"
    assert main(["grid", "svg", str(back), "-o", str(picture), "--highlight", "1A,2D"]) == 0
    ET.fromstring(picture.read_bytes())
    capsys.readouterr()
    assert main(["grid", "svg", "hex-side-3"]) == 0
    assert ET.fromstring(capsys.readouterr().out.encode()).tag.endswith("svg")
    assert main(["grid", "svg", "mini-5x5", "--highlight", "9Z"]) == 1
