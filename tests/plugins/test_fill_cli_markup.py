"""`crossforge fill --region` and `--output`: a region fill, and the filled grid's
circles in every file it writes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import puz
import pytest
from planted import planted_words

from crossforge.grids.formats import load
from crossforge.grids.library import load_grid
from crossforge.server.cli import main

THEMED = load_grid("american-15-themed-circles")


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """List 'planted' (the words of a random filling of the themed grid) in a fresh
    database that ``CROSSFORGE_DATABASE_URL`` names."""
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.store import WordStore

    url = f"sqlite:///{tmp_path / 'words.db'}"
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path / "instance"))
    with WordStore(url) as store:
        import_lines(store, "planted", [f"{w},50" for w in planted_words(THEMED)], fmt="csv")
    return "planted"


def fill(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["fill", *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out else {}


@pytest.mark.parametrize("suffix", [".txt", ".json", ".puz", ".ipuz", ".xd", ".svg"])
def test_output_keeps_the_circles_of_a_library_grid(
    planted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    out = tmp_path / f"filled{suffix}"
    code, answer = fill(capsys, "american-15-themed-circles", "--list", planted, "-o", str(out))
    assert code == 0 and answer["circled"] == [list(cell) for cell in sorted(THEMED.circled)]
    if suffix == ".svg":
        assert len(re.findall("<circle ", out.read_text())) == len(THEMED.circled)
        return
    back = load(out).grid
    assert list(back.rows) == answer["grid"] and back.circled == THEMED.circled
    if suffix == ".puz":
        markup = puz.read(str(out)).markup().get_markup_squares(puz.GridMarkup.Circled)
        assert markup == sorted(r * 15 + c for r, c in THEMED.circled)


def test_region_fill_from_the_command_line(
    planted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, answer = fill(capsys, "american-15-themed-circles", "--list", planted)
    assert code == 0
    rows = [row if r != 3 else "." * 15 for r, row in enumerate(answer["grid"])]
    grid = tmp_path / "partial.txt"
    grid.write_text("\n".join(rows) + "\ncircled: 3,6 3,7 3,8\n")
    code, again = fill(capsys, str(grid), "--list", planted, "--region", "3,6", "--region", "3,7")
    assert code == 0 and again["region"] == [[3, 6], [3, 7]]
    assert again["circled"] == [[3, 6], [3, 7], [3, 8]]
    expected = [
        row if r != 3 else "." * 6 + answer["grid"][3][6:8] + "." * 7 for r, row in enumerate(rows)
    ]
    assert again["grid"] == expected
    code, by_slot = fill(capsys, str(grid), "--list", planted, "--region", "20a")
    assert code == 0 and by_slot["region"] == [[3, c] for c in range(15)]
    assert by_slot["grid"][3] == answer["grid"][3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--region", "3"], "expected a slot such as 17A or a cell ROW,COL"),
        (["--region", "15,0"], "region cell [15, 0] lies outside the 15x15 grid"),
        (["--region", "99D"], "region slot '99D' is not a slot of the grid"),
        (["-o", "filled.pdf"], "unknown extension '.pdf'"),
    ],
)
def test_bad_region_or_output_is_a_clear_error(
    planted: str, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["fill", "american-15-themed-circles", "--list", planted, *args]) == 1
    assert message in capsys.readouterr().err
