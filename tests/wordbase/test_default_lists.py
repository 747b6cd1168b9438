"""The default lists from wordfreq: the Zipf → score mapping and the words chosen."""

from __future__ import annotations

from itertools import islice

from wordbase.alphabets import get_alphabet
from wordbase.defaults import wordfreq_entries, zipf_to_score


def test_zipf_mapping_is_linear_and_clipped() -> None:
    assert [zipf_to_score(z) for z in (0.5, 1, 2, 3.5, 5, 6, 7.7)] == [1, 1, 20, 50, 80, 100, 100]


def test_wordfreq_entries_fold_russian_and_skip_foreign_words() -> None:
    letters = set(get_alphabet("ru").letters)
    first = list(islice(wordfreq_entries("ru"), 300))
    assert len(first) == 300
    assert all(set(e.key) <= letters and 2 <= e.length <= 21 for e in first)
    assert first[0].score >= first[-1].score >= 1
    assert all(e.source == "wordfreq:ru" for e in first)
    assert "Ё" not in "".join(e.key for e in first)
