"""The word index against a brute-force reference on random lists, persistence, regex."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import crossforge.wordbase.index
from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.patterns import PatternError, RegexTimeout
from crossforge.wordbase.store import WordStore


def random_list(seed: int, letters: str, size: int) -> dict[str, int]:
    """Keys of lengths 2–9 over a few letters (so patterns match often), random scores."""
    rng = random.Random(seed)
    pool = letters[: max(4, len(letters) // 3)]
    entries: dict[str, int] = {}
    while len(entries) < size:
        key = "".join(rng.choice(pool) for _ in range(rng.randint(2, 9)))
        entries[key] = rng.randint(0, 100)
    return entries


def random_patterns(seed: int, entries: dict[str, int], count: int, unused: str) -> list[str]:
    """Patterns with 0–3 letters taken from real keys, plus some that match nothing
    (``unused`` is a letter no key holds)."""
    rng = random.Random(seed)
    keys = sorted(entries)
    patterns = []
    for _ in range(count):
        key = rng.choice(keys)
        slots = ["?._"[rng.randrange(3)] for _ in key]
        for position in rng.sample(range(len(key)), min(len(key), rng.randint(0, 3))):
            slots[position] = key[position] if rng.random() < 0.9 else rng.choice(keys[0])
        patterns.append("".join(slots))
    return patterns + ["?" * 12, unused * 3, f"?{unused}?"]


def reference(entries: dict[str, int], pattern: str, min_score: int) -> list[tuple[str, int]]:
    regex = re.compile("".join("." if ch in "?._" else ch for ch in pattern))
    found = [
        (k, s)
        for k, s in entries.items()
        if len(k) == len(pattern) and s >= min_score and regex.fullmatch(k)
    ]
    return sorted(found, key=lambda item: (-item[1], item[0]))


@pytest.mark.parametrize(("seed", "lang"), [(1, "en"), (2, "en"), (3, "ru"), (4, "ja")])
def test_queries_agree_with_brute_force(seed: int, lang: str) -> None:
    alphabet = get_alphabet(lang)
    entries = random_list(seed, alphabet.letters, 1500)
    index = WordIndex.build(entries.items(), alphabet)
    rng = random.Random(seed)
    for pattern in random_patterns(seed, entries, 150, alphabet.letters[-1]):
        min_score = rng.choice([0, 0, 30, 75, 101])
        expected = reference(entries, pattern, min_score)
        assert index.count(pattern, min_score) == len(expected), pattern
        assert index.matches(pattern, min_score) == expected, pattern
        assert index.matches(pattern, min_score, limit=5) == expected[:5], pattern
        bucket = index.bucket(len(pattern))
        positions = index.candidates(pattern, min_score)
        assert [bucket.words[p] for p in positions] == [k for k, _ in expected]
        assert bucket.unpack(index.mask(pattern, min_score)).sum() == len(expected)
        letters = [{k[i] for k, _ in expected} for i in range(len(pattern))]
        assert index.letters_at(pattern, min_score) == letters, pattern
        within = np.array(rng.sample(range(len(bucket)), len(bucket) // 2), dtype=np.int64)
        narrowed = index.candidates(pattern, min_score, within=within)
        assert narrowed.tolist() == [p for p in positions.tolist() if p in set(within.tolist())]


def test_buckets_are_score_ordered_with_codes_and_bitsets() -> None:
    entries = {"CAT": 40, "COT": 90, "ACT": 40, "DOGS": 10}
    index = WordIndex.build(entries.items())
    bucket = index.bucket(3)
    assert bucket.words == ["COT", "ACT", "CAT"]
    assert bucket.scores.tolist() == [90, 40, 40]
    assert bucket.codes.tolist() == [[2, 14, 19], [0, 2, 19], [2, 0, 19]]
    assert bucket.bits.shape == (3, 26, 1)
    assert int(bucket.bits[0, 2, 0]) == 0b101  # C first: COT and CAT
    assert len(index.bucket(7)) == 0 and index.count("???????") == 0
    assert index.letters_at("??Z") == [set(), set(), set()]
    assert index.score("DOGS") == 10 and index.score("DOG") is None
    assert "COT" in index and len(index) == 4 and index.keys("C") == ["CAT", "COT"]
    assert index.count("c?t") == 2 and index.count("C?É") == 0
    with pytest.raises(PatternError):
        index.count("C1T")


def test_build_rejects_keys_outside_the_alphabet() -> None:
    with pytest.raises(ValueError, match="outside the en alphabet"):
        WordIndex.build([("CAFÉ", 50)])
    with pytest.raises(ValueError, match="'カ1' has characters outside the ja alphabet"):
        WordIndex.build([("カ1", 50)], get_alphabet("ja"))  # "1" < len(kana) as a code
    with pytest.raises(ValueError, match="outside 0–100"):
        WordIndex.build([("CAT", 120)])


def test_save_and_load_give_the_same_answers(tmp_path: Path) -> None:
    entries = random_list(7, get_alphabet("ru").letters, 800)
    built = WordIndex.build(entries.items(), get_alphabet("ru"))
    built.save(tmp_path / "idx")
    loaded = WordIndex.load(tmp_path / "idx")
    assert loaded.alphabet == built.alphabet
    for pattern in random_patterns(8, entries, 60, "Я"):
        assert loaded.matches(pattern) == built.matches(pattern)
        assert loaded.letters_at(pattern, 20) == built.letters_at(pattern, 20)
    assert loaded.score(next(iter(entries))) == next(iter(entries.values()))


def test_tags_of_keys_survive_save_and_load(tmp_path: Path) -> None:
    tags = {"CAT": ["pet", "short"], "DOG": ["pet"], "ZEBU": ["rare"], "GONE": ["pet"]}
    built = WordIndex.build([("CAT", 50), ("DOG", 40), ("ZEBU", 30)], tags=tags)
    assert built.tagged(["pet"]) == {"CAT", "DOG"}  # GONE is not a key of the index
    assert built.tagged(["short", "rare"]) == {"CAT", "ZEBU"} and built.tagged([]) == set()
    built.save(tmp_path / "idx")
    loaded = WordIndex.load(tmp_path / "idx")
    assert loaded.tags == ["pet", "rare", "short"]
    assert loaded.tagged(["pet", "rare"]) == {"CAT", "DOG", "ZEBU"}
    assert loaded.tags_of("CAT") == ["pet", "short"] and loaded.tags_of("DOG") == ["pet"]
    assert loaded.tags_of("GONE") == [] and loaded.tags_of("EMU") == []


def test_for_list_reuses_the_saved_index_until_the_list_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = WordStore(f"sqlite:///{tmp_path / 'words.db'}")
    import_lines(store, "w", ["cat;60", "dog;40"], "stwl")
    first = WordIndex.for_list(store, "w")
    assert store.index_root is not None and store.index_root.is_relative_to(tmp_path)
    assert first.matches("???") == [("CAT", 60), ("DOG", 40)]
    assert WordIndex.for_list(store, "w") is first
    saved = list(store.index_root.iterdir())
    assert len(saved) == 1
    crossforge.wordbase.index._LOADED.clear()  # as in a fresh process: the saved index is loaded
    with monkeypatch.context() as patch:
        patch.setattr(WordIndex, "build", None)
        assert WordIndex.for_list(store, "w").matches("???") == first.matches("???")
    store.put_entry("w", "cow", 80)
    second = WordIndex.for_list(store, "w")
    assert second.matches("???")[0] == ("COW", 80)
    assert [p.name for p in store.index_root.iterdir()] != [p.name for p in saved]
    assert len(list(store.index_root.iterdir())) == 1  # the stale version is gone
    store.delete_list("w")
    import_lines(store, "w", ["emu;10"], "stwl")  # same name, same version number, new list
    assert WordIndex.for_list(store, "w").matches("???") == [("EMU", 10)]
    store.close()


def test_a_stamped_version_is_answered_without_reading_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = WordStore(f"sqlite:///{tmp_path / 'words.db'}")
    import_lines(store, "w", ["cat;60", "dog;40"], "stwl")
    first, stamp = WordIndex.for_version(store, "w")
    assert stamp is not None
    store.put_entry("w", "cow", 80)
    crossforge.wordbase.index._LOADED.clear()  # a fresh worker: loaded from its folder
    with monkeypatch.context() as patch:
        patch.setattr(store, "get_list", None)  # no version read
        again, same = WordIndex.for_version(store, "w", stamp)
    assert (again.matches("???"), same) == (first.matches("???"), stamp)
    newer, new_stamp = WordIndex.for_version(store, "w")  # the changed list, built again
    assert new_stamp != stamp and newer.matches("???")[0] == ("COW", 80)
    kept, _ = WordIndex.for_version(store, "w", stamp)  # the version the job was checked on
    assert kept.matches("???") == first.matches("???")
    crossforge.wordbase.index._LOADED.clear()  # and its folder was removed: read the list
    assert WordIndex.for_version(store, "w", stamp)[1] == new_stamp
    store.close()


def test_regex_filter_and_its_timeout() -> None:
    index = WordIndex.build([("CAT", 60), ("COAT", 50), ("CART", 70), ("A" * 30, 1)])
    assert index.regex_filter("C.*T") == [("CART", 70), ("CAT", 60), ("COAT", 50)]
    assert index.regex_filter("c.*t", pattern="C??T") == [("CART", 70), ("COAT", 50)]
    assert index.regex_filter("C.*T", limit=1) == [("CART", 70)]
    with pytest.raises(RegexTimeout, match="longer than 0.2 s"):
        index.regex_filter("((A|A)+)+(?<=B)", timeout=0.2)
    with pytest.raises(ValueError, match="bad regex"):
        index.regex_filter("(")
