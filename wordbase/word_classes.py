"""Word classes: tags a list gives to words that are right for some crosswords and not for
others (names, places, abbreviations, informal words), and what fills leave out by default.

The Russian default list tags its proper nouns and abbreviations with a class
(``crossforge.wordbase.building.russian.default_list``), since Russian crosswords are
made of common nouns; the English list scores names instead and tags none. A tag means
the same in every list, so one default serves all: ``DEFAULT_EXCLUDED``, the editor tags
(``editor_tags.EXCLUDED``) and the classes. A request lets a class through with
``allow_tags`` (``["name"]``).
"""

from __future__ import annotations

from crossforge.wordbase.building.english.editor_tags import EXCLUDED

__all__ = ["ABBREVIATION", "CLASSES", "DEFAULT_EXCLUDED", "INFORMAL", "NAME", "PLACE"]

NAME = "name"
"""A given name, surname, patronymic, organisation or trade mark (ИВАН, САХАРОВ)."""
PLACE = "place"
"""A geographical name (МОСКВА, НАЗАРЕТ)."""
ABBREVIATION = "abbreviation"
"""An abbreviation or acronym (СССР, МГУ)."""
INFORMAL = "informal"
"""A colloquial or slang word (БАБЛО, МЕНТ)."""
CLASSES = (NAME, PLACE, ABBREVIATION, INFORMAL)
DEFAULT_EXCLUDED = (*EXCLUDED, *CLASSES)
"""The tags fills exclude unless a request names others (``exclude_tags``)."""
