"""A WordNet of a dozen synsets in the data-file layout, written by the tests."""

from __future__ import annotations

from pathlib import Path

NOUNS = [
    "00000001 04 n 01 dessert 0 001 ~ 00000002 n 0000 | a sweet course",
    "00000002 04 n 01 ice_cream 0 001 @ 00000001 n 0000 | frozen dessert made with cream; "
    '"ice cream is cold"',
    "00000003 15 n 02 Paris 0 City_of_Light 0 000 | the capital of France",
    "00000004 05 n 01 cat 0 000 | a feline mammal; cats purr",
    "00000005 10 n 01 ethnic_slur 0 001 -u 00000006 n 0102 | a slur",
    "00000006 18 n 02 Somebody 0 badword 0 001 ;u 00000005 n 0201 | a person",
    "00000007 26 n 01 disease 0 002 ~ 00000008 n 0000 ~i 00000010 n 0000 | an illness",
    "00000008 26 n 01 plague 0 000 | a deadly illness",
    "00000009 04 n 01 plague 0 000 | a large number of pests",
    "00000010 26 n 01 Great_Plague 0 000 | the plague of 1665",
]
VERBS = ["00000001 30 v 01 run 0 000 | move fast on foot"]
ADJECTIVES = [
    "00000001 00 a 01 loose(p) 0 000 | not tight",
    "00000002 00 a 02 scary 0 scarey 0 000 | provoking fear",
]
SENSES = [
    "dessert%1:13:00:: 00000001 1 0",
    "ice_cream%1:13:00:: 00000002 1 3",
    "paris%1:15:00:: 00000003 1 0",
    "city_of_light%1:15:00:: 00000003 1 0",
    "cat%1:05:00:: 00000004 1 9",
    "ethnic_slur%1:10:00:: 00000005 1 0",
    "somebody%1:18:00:: 00000006 1 5",
    "badword%1:18:00:: 00000006 1 0",
    "disease%1:26:00:: 00000007 1 1",
    "plague%1:26:00:: 00000008 2 1",
    "plague%1:04:00:: 00000009 1 4",
    "great_plague%1:26:00:: 00000010 1 0",
    "run%2:38:00:: 00000001 1 2",
    "loose%3:00:00:: 00000001 1 0",
    "scary%3:00:00:: 00000002 1 1",
    "scarey%3:00:00:: 00000002 1 0",
]


def write_wordnet(folder: Path) -> Path:
    """Write the sample's data, sense index and exception files into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    licence = "  1 This software and database is provided by the tests.\n"
    for name, lines in (("noun", NOUNS), ("verb", VERBS), ("adj", ADJECTIVES), ("adv", [])):
        text = licence + "".join(f"{line}  \n" for line in lines)
        (folder / f"data.{name}").write_text(text, "utf-8")
        (folder / f"{name}.exc").write_text("ran run\n" if name == "verb" else "", "utf-8")
    (folder / "index.sense").write_text("".join(f"{line}\n" for line in SENSES), "utf-8")
    return folder
