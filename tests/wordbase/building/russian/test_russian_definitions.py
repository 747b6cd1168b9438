"""Clues from Russian Wiktionary's definitions: markup cleaned, the answer's root kept out.

The texts below are written for these tests in Wiktionary's markup; none is Wiktionary's.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building.russian.default_list import russian_entries
from crossforge.wordbase.building.russian.definitions import (
    CLUES_PER_ENTRY,
    MAX_CLUE,
    Sense,
    abbreviation,
    clean,
    clues,
    gives_away,
    obscene,
    read_definitions,
    same_root,
)
from crossforge.wordbase.building.scoring import Signals, crossword_score


@pytest.mark.parametrize(
    ("raw", "clue"),
    [
        (
            "{{зоол.|ru}} [[домашний|домашнее]] [[животное]] "
            "{{пример|Во дворе {{выдел|кот}} спал.|Автор|Книга|1900|источник=НКРЯ}}",
            "Домашнее животное",
        ),
        ("{{разг.|ru}} родитель, {{=|мать}} {{пример|}}", "Родитель, то же, что мать"),
        (
            "[[копытное]] ({{lang|la|Equus asinus}}) с длинными ушами",
            "Копытное с длинными ушами",
        ),
        ("(лат. Picea) — род [[хвойный|хвойных]] деревьев.", "Род хвойных деревьев"),
        ("{{действие|бежать}} {{пример|Бег по кругу.}}", None),
        ("{{действие|плясать}}, [[танец]] (обычно народный)", "Танец (обычно народный)"),
        ("{{свойство|учтивый}} {{пример|}}", None),
        ("{{действие|истекать}}, [[истечь]] {{пример|}}", None),
        ("род [[хвойные|хвойных]] деревьев (Taxaceae)", "Род хвойных деревьев"),
        ("главарь шайки || вообще предводитель", "Главарь шайки"),
        ("{{хим-элем|79|Au|lang=ru}} {{пример|}}", "Химический элемент"),
        ("тесное место<ref>словарь</ref>\n#", "Тесное место"),
        ("репродуктивный о\u0301рган растения", "Репродуктивный орган растения"),
        ("система Д.&nbsp;И.&nbsp;Менделеева &amp; др.", "Система Д. И. Менделеева & др"),
        ("{{помета|частица}} {{пример|Вот и всё.}}", None),
        ("{{устар.|ru}} и {{поэт.|ru}} [[войско]]", "Войско"),
        ("утвердительная [[частица]]", None),
        ("{{?|ru}}", None),
    ],
)
def test_markup_is_cleaned_and_examples_dropped(raw: str, clue: str | None) -> None:
    assert clean(raw) == clue


def test_a_long_definition_is_cut_at_a_clause_break_or_dropped() -> None:
    assert clean("единица измерения времени, равная " + "очень долгому сроку " * 10) == (
        "Единица измерения времени"
    )
    lump = "уплотнённый округлый кусок чего-либо, какого-либо мягкого, или сыпучего вещества"
    assert clean(lump + ", " + "слово " * 10) == "Уплотнённый округлый кусок чего-либо"
    alibi = "доказательство невиновности подозреваемого, основанное на свидетельстве о том, что"
    assert clean(alibi + " он был в другом месте" * 3) == (
        "Доказательство невиновности подозреваемого"
    )
    assert clean("довод, основанный на свидетельстве о том, что" + " он был там" * 9) is None
    assert clean("слово " * (MAX_CLUE // 5)) is None


@pytest.mark.parametrize(
    ("answer", "word", "shared"),
    [
        ("лицеист", "лицея", True),
        ("ёж", "ежовых", True),
        ("ива", "ивовых", True),
        ("дом", "домашний", True),
        ("ножницы", "ножниц", True),
        ("мама", "мать", False),
        ("час", "часовой", True),
        ("час", "часть", False),
        ("вычисление", "вычислить", True),
        ("кот", "животное", False),
        ("река", "водоток", False),
    ],
)
def test_same_root_by_a_simple_stem(answer: str, word: str, shared: bool) -> None:
    assert same_root(answer, word) is shared


def test_a_clue_naming_the_answer_or_its_root_gives_it_away() -> None:
    assert gives_away("ЁЖ", "Колючее млекопитающее семейства ежовых")
    assert gives_away("РЕКА", "Большая река")
    assert not gives_away("РЕКА", "Водный поток")


def test_clues_put_the_main_sense_first_then_plain_short_ones_and_keep_three() -> None:
    raws = [
        "[[водный]] поток, текущий в [[русло|русле]] от истока к устью",
        "{{п.|ru}} [[поток]] чего-либо",
        "{{техн.жарг.|ru}} шина данных",
        "водный поток",
        "синоним слова «река»",
        "большая река",
    ]
    found = clues("река", raws)
    assert found == [
        "Водный поток, текущий в русле от истока к устью",
        "Водный поток",
        "Шина данных",  # jargon and figurative senses after the plain ones, shortest first
    ]
    assert len(found) == CLUES_PER_ENTRY


def test_a_taxon_named_after_the_answer_is_dropped_from_its_clue() -> None:
    assert clues("ёж", ["колючее [[млекопитающее]] семейства ежовых"]) == ["Колючее млекопитающее"]
    assert clues("ёж", ["[[ёж]] обыкновенный"]) == []


def test_obscene_needs_every_sense_labelled() -> None:
    assert obscene(["{{обсц.|ru}} грубое слово", "{{мат}} другое"])
    assert not obscene(["{{обсц.|ru}} грубое слово", "приличный смысл"])
    assert not obscene(["{{бранн.|ru}} негодный человек"])


def _database(path: Path, rows: list[tuple[int, str, str]]) -> Path:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE synsets(synset_id INTEGER, lemma TEXT, definition TEXT)")
    connection.executemany(
        "INSERT INTO synsets VALUES (?, ?, ?)",
        [(sid, lemma, f"{lemma}~ru~{lemma}~ru~{text}~1~2") for sid, lemma, text in rows],
    )
    connection.commit()
    connection.close()
    return path


def test_the_database_is_read_by_key_with_names_apart(tmp_path: Path) -> None:
    path = _database(
        tmp_path / "wikiwordnet.db",
        [
            (1, "ёж", "[[колючий|колючее]] животное"),
            (2, "Роза", "женское имя"),
            (3, "роза", "[[цветок]] с шипами"),
            (4, "Kant", "a name"),
        ],
    )
    found = read_definitions(path, get_alphabet("ru"))
    assert found == {
        "ЕЖ": [Sense("[[колючий|колючее]] животное")],
        "РОЗА": [Sense("женское имя", proper=True), Sense("[[цветок]] с шипами")],
    }


def test_entries_are_clued_and_a_clued_one_scores_as_a_known_word() -> None:
    words = [("роза", 1e-6), ("кот", 1e-6), ("дом", 1e-6), ("иван", 1e-6)]
    senses = {
        "РОЗА": [Sense("женское имя", proper=True), Sense("[[цветок]] с шипами")],
        "КОТ": [Sense("[[домашний]] [[зверь]]")],
        "ИВАН": [Sense("мужское имя", proper=True)],
    }
    found = {e.key: e for e in russian_entries(range(2, 22), words, senses)}
    assert [c.text for c in found["РОЗА"].clues] == ["Цветок с шипами"]
    assert {c.source for c in found["РОЗА"].clues} == {"wiktionary"}
    assert [c.text for c in found["ИВАН"].clues] == ["Мужское имя"]
    unknown = crossword_score(Signals(3.0, 3, lemma=True))  # Zipf 3: one per million words
    known = crossword_score(Signals(3.0, 3, known=True, lemma=True))
    assert found["ДОМ"].clues == () and found["ДОМ"].score == unknown
    assert found["КОТ"].score == known > unknown


@pytest.mark.parametrize(
    ("raw", "clue"),
    [
        (
            "мягкий материал естественного (из сока гевеи) или искусственного "
            "([[пенополиуретан]]ы) происхождения, применяемый для перчаток и игрушек",
            "Мягкий материал естественного или искусственного происхождения",
        ),
        (
            "в [[индуизм]]е, ведической религии: нисхождение божества на землю, "
            "его воплощение в облике человека",
            "В индуизме, ведической религии: нисхождение божества на землю, его воплощение "
            "в облике человека",  # a setting first: kept whole (not *В индуизме*)
        ),
        (
            "широкая известность, как правило, почётная; почёт, уважение, признание "
            "заслуг со стороны общества",
            "Широкая известность, как правило, почётная",
        ),
        ("''или'', {{=|глаз}}", "То же, что глаз"),
        ("выражение удивления, радости", None),
        ("''перен.'' важный этап. ''Наш проект миновал веху.''", "Важный этап"),
        (
            "детская игрушка, которая, "
            + "вращаясь очень долго и устойчиво на одной точке опоры, " * 2
            + "; волчок",
            None,  # every head leaves the relative clause open, and the whole is too long
        ),
        (
            "широкая известность, как правило, сочетающаяся с почётом, " + "уважением " * 12,
            ("Широкая известность, как правило, сочетающаяся с почётом"),
        ),
    ],
)
def test_long_definitions_lose_asides_and_end_at_a_clause(raw: str, clue: str | None) -> None:
    assert clean(raw) == clue


def test_a_word_every_clue_calls_an_abbreviation_is_one() -> None:
    assert abbreviation(["Сокращение от киловольт-ампер"])
    assert not abbreviation(["Сокращение от киловольт-ампер", "Лягушачий крик"])
