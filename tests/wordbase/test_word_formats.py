"""Reading each word-list format (with its error report) and writing it back."""

from __future__ import annotations

import io

import pytest

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.formats import guess_format, read_entries, write_entries
from crossforge.wordbase.models import Clue, Entry

EN = get_alphabet("en")


def test_stwl_reads_scores_defaults_missing_ones_and_rejects_bad_lines() -> None:
    lines = ["ICE CREAM;60\n", "cat\n", "\n", "dog;\n", "emu;abc\n", "gnu;101\n", "r2d2;50\n"]
    parsed = read_entries(lines, "stwl", EN)
    assert {k: e.score for k, e in parsed.entries.items()} == {"ICECREAM": 60, "CAT": 50, "DOG": 50}
    assert parsed.entries["ICECREAM"].display == "ICE CREAM"
    assert parsed.lines == 7
    assert [(r.line, r.reason) for r in parsed.rejected] == [
        (5, "score 'abc' is not a whole number"),
        (6, "score 101 is outside 0–100"),
        (7, "'r2d2' has characters outside the English alphabet: '2' (U+0032)"),
    ]


def test_stwl_takes_other_separators_a_header_and_comments() -> None:
    """Published lists and their supplements: tab, colon, comma or space before the
    score, a first line naming the columns, ``#`` comments (never a word ``COMMENT``)."""
    lines = [
        "# supplement to my list\n",
        "Word\tScore\n",
        "owl\t70\n",
        "ice cream 45\n",
        "emu: 30\n",
        "gnu,20\n",
        "  # indented comment\n",
        "word;score\n",  # a header only on the first line: here a bad score
    ]
    parsed = read_entries(lines, "stwl", EN)
    scores = {k: e.score for k, e in parsed.entries.items()}
    assert scores == {"OWL": 70, "ICECREAM": 45, "EMU": 30, "GNU": 20}
    assert parsed.entries["ICECREAM"].display == "ice cream"
    assert [(r.line, r.reason) for r in parsed.rejected] == [
        (8, "score 'score' is not a whole number")
    ]


def test_stwl_reads_long_lines_of_separators_in_linear_time() -> None:
    """A first regular expression for the separators backtracked cubically: a line of
    2,000 spaces took 77 s. These lines must read at once."""
    spaces = " " * 200_000
    lines = [f"word{spaces}x\n", f"a{spaces}x\n", f"{spaces}5\n", f"owl{spaces}70\n"]
    parsed = read_entries(lines, "stwl", EN)
    assert parsed.entries["OWL"].score == 70
    assert [r.line for r in parsed.rejected] == [3]  # a score without a word
    assert {"WORDX", "AX"} <= set(parsed.entries)


def test_scale_50_doubles_scores_and_bounds_them() -> None:
    parsed = read_entries(["cat;25", "dog;50", "eel;51"], "stwl", EN, scale=50)
    assert {k: e.score for k, e in parsed.entries.items()} == {"CAT": 50, "DOG": 100}
    assert parsed.rejected[0].reason == "score 51 is outside 0–50"


def test_plain_takes_whole_lines_as_words() -> None:
    lines = ["New York\n", "  \n", "O'Hare\n", "x+y\n", "# a comment\n", "#MeToo\n"]
    parsed = read_entries(lines, "plain", EN)
    assert sorted(parsed.entries) == ["METOO", "NEWYORK", "OHARE"]
    assert all(e.score == 50 for e in parsed.entries.values())
    assert [r.line for r in parsed.rejected] == [4]


def test_csv_and_tsv_with_header_clues_and_repeated_words() -> None:
    lines = [
        "word,score,clue\n",
        "cat,60,Feline\n",
        "cat,40,Pet\n",
        '"ice, cream",,"Cold, sweet"\n',
    ]
    parsed = read_entries(lines, "csv", EN)
    cat = parsed.entries["CAT"]
    assert cat.score == 60 and [c.text for c in cat.clues] == ["Feline", "Pet"]
    assert parsed.entries["ICECREAM"].score == 50
    assert parsed.entries["ICECREAM"].clues == (Clue("Cold, sweet"),)
    tsv = read_entries(["owl\t70\tHooter\n", "bat\tx\n", "a\tb\tc\td\n"], "csv", EN)
    assert tsv.entries["OWL"].clues == (Clue("Hooter"),)
    assert [(r.line, r.reason) for r in tsv.rejected] == [
        (2, "score 'x' is not a whole number"),
        (3, "4 fields, expected word,score,clue"),
    ]


def test_jsonl_reads_every_field_and_names_what_is_wrong() -> None:
    lines = [
        '{"word": "ice cream", "score": 70, "clues": ["Cold", {"text": "Sundae base", '
        '"source": "me", "difficulty": 2}], "tags": ["food"], "source": "list"}\n',
        "not json\n",
        '{"word": "cat", "colour": "grey"}\n',
        '{"score": 3}\n',
        '{"word": "dog", "score": 20.5}\n',
        '{"word": "eel", "clues": [{"txt": "x"}]}\n',
        "[1]\n",
        '{"word": "oil", "clues": [{"text": "Olive ___", "kind": "pun"}]}\n',
        '{"word": "ore", "clues": [{"text": "Iron ___", "kind": "blank", "level": "easy"}]}\n',
    ]
    parsed = read_entries(lines, "jsonl", EN)
    entry = parsed.entries["ICECREAM"]
    assert entry == Entry(
        "ICECREAM",
        "ice cream",
        70,
        (Clue("Cold"), Clue("Sundae base", "me", 2)),
        ("food",),
        "list",
    )
    reasons = {r.line: r.reason for r in parsed.rejected}
    assert reasons[2].startswith("not JSON")
    assert reasons[3] == "unknown field(s) colour"
    assert reasons[4] == "no 'word' string"
    assert reasons[5] == "score 20.5 is not a whole number"
    assert "neither a string nor an object" in reasons[6]
    assert reasons[7] == "not a JSON object"
    assert reasons[8].startswith("clue kind 'pun' is not one of synonym")
    assert parsed.entries["ORE"].clues == (Clue("Iron ___", None, None, "blank", "easy"),)


@pytest.mark.parametrize("fmt", ["stwl", "csv", "jsonl", "plain"])
def test_every_format_round_trips(fmt: str) -> None:
    """What a format can hold comes back unchanged (plain holds no scores, only jsonl tags)."""
    clued = fmt in ("csv", "jsonl")
    entries = [
        Entry("CAT", "cat", 50 if fmt == "plain" else 60, (Clue("Feline"), Clue("Pet")) * clued),
        Entry("ORE", "ore", 60, (Clue("Iron ___", "google-books", None, "blank", "easy"),))
        if fmt == "jsonl"
        else Entry("ORE", "ore", 50 if fmt == "plain" else 60),
        Entry("ICECREAM", "ICE CREAM", 50 if fmt == "plain" else 75),
        Entry("OHARE", "O'Hare", 50, (), ("airport",) * (fmt == "jsonl"), None),
    ]
    out = io.StringIO()
    assert write_entries(entries, out, fmt) == 4
    parsed = read_entries(io.StringIO(out.getvalue()), fmt, EN)
    assert parsed.rejected == []
    assert list(parsed.entries.values()) == entries


def test_format_is_guessed_from_the_extension() -> None:
    assert guess_format("words.TSV") == "csv"
    assert guess_format("list.jsonl") == "jsonl"
    assert guess_format("broda.txt") == "stwl"
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        read_entries([], "xml", EN)
