"""Layered lists: the first layer holding a word decides it; bans remove it below; merged
indexes are kept per combination of list versions and made again when a layer changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.layered_lists import BANNED, first_found, layer_names, merged
from crossforge.wordbase.source import StoreWords
from crossforge.wordbase.store import WordStore

SHARED = WordIndex.build(
    [("CAT", 60), ("DOG", 50), ("EMU", 40), ("HOTTAKES", 30)], tags={"EMU": ["informal"]}
)


def test_the_upper_entry_wins_and_lower_words_stay() -> None:
    mine = WordIndex.build([("DOG", 90), ("YAK", 70)], tags={"DOG": ["pet"]})
    index = merged([mine, SHARED])
    assert sorted(index.keys()) == ["CAT", "DOG", "EMU", "HOTTAKES", "YAK"]
    assert index.score("DOG") == 90 and index.tags_of("DOG") == ["pet"]
    assert index.score("CAT") == 60 and index.tags_of("EMU") == ["informal"]
    assert index.matches("???", limit=2) == [("DOG", 90), ("YAK", 70)]


def test_a_lower_score_in_the_upper_list_wins_too() -> None:
    index = merged([WordIndex.build([("CAT", 5)]), SHARED])
    assert index.score("CAT") == 5
    assert index.count("C??", min_score=35) == 0


def test_a_ban_removes_the_word_from_every_layer_below() -> None:
    mine = WordIndex.build([("CAT", 50)], tags={"CAT": [BANNED]})
    index = merged([mine, SHARED])
    assert "CAT" not in index and index.count("???") == 2
    # a ban below an entry of the upper list does not reach it
    over = merged([WordIndex.build([("CAT", 80)]), mine, SHARED])
    assert over.score("CAT") == 80


def test_a_single_list_keeps_its_own_bans_out() -> None:
    assert merged([SHARED]) is SHARED
    own = WordIndex.build([("CAT", 50), ("DOG", 50)], tags={"DOG": [BANNED]})
    assert list(merged([own]).keys()) == ["CAT"]


def test_merges_are_kept_per_combination_of_layers() -> None:
    mine = WordIndex.build([("YAK", 70)])
    first = merged([mine, SHARED])
    assert merged([mine, SHARED]) is first
    assert merged([SHARED, mine]) is not first
    changed = WordIndex.build([("YAK", 20)])
    assert merged([changed, SHARED]).score("YAK") == 20


def test_layers_of_different_alphabets_are_refused() -> None:
    russian = WordIndex.build([("КОТ", 50)], get_alphabet("ru"))
    with pytest.raises(ValueError, match="cannot be layered: 'ru-list'"):
        merged([SHARED, russian], ["shared", "ru-list"])


def test_layer_names_of_a_request_field() -> None:
    assert layer_names(None, "default-en") == ("default-en",)
    assert layer_names("mine", "default-en") == ("mine",)
    assert layer_names(["mine", "default-en"], "x") == ("mine", "default-en")


def test_first_found_asks_the_first_holder_then_falls_through() -> None:
    mine = WordIndex.build([("DOG", 90), ("YAK", 70)])
    asked: list[tuple[str, list[str]]] = []

    def read(name: str, keys: list[str]) -> dict[str, str]:
        asked.append((name, list(keys)))
        return {key: f"{key} of {name}" for key in keys if (name, key) != ("mine", "YAK")}

    found = first_found(["mine", "shared"], [mine, SHARED], ["DOG", "CAT", "YAK"], read)
    assert found == {"DOG": "DOG of mine", "CAT": "CAT of shared"}
    assert asked == [("mine", ["DOG", "YAK"]), ("shared", ["CAT"])]


def test_a_change_to_any_layer_is_seen_on_the_next_request(tmp_path: Path) -> None:
    with WordStore(f"sqlite:///{tmp_path / 'words.db'}") as store:
        import_lines(store, "shared", ["cat;60", "dog;50"])
        import_lines(store, "mine", ["yak;70"])
        words = StoreWords(store)
        before = merged([words.index("mine"), words.index("shared")])
        assert sorted(before.keys()) == ["CAT", "DOG", "YAK"]
        assert merged([words.index("mine"), words.index("shared")]) is before
        store.put_entry("mine", "dog", 50, tags=[BANNED])
        after = merged([words.index("mine"), words.index("shared")])
        assert sorted(after.keys()) == ["CAT", "YAK"]
        import_lines(store, "shared", ["emu;40"])  # the shared list is rebuilt, say
        again = merged([words.index("mine"), words.index("shared")])
        assert sorted(again.keys()) == ["CAT", "EMU", "YAK"]
