"""The tags every list shares: the editor tags (words an editor avoids, and why), the
word classes (words right for some crosswords and not for others), and what fills
leave out by default.

The English default list and English imports get editor tags
(``crossforge.wordbase.building.english.editor_tags``); the Russian default list tags
its proper nouns and abbreviations with a class
(``crossforge.wordbase.building.russian.default_list``), since Russian crosswords are
made of common nouns; the English list scores names instead and tags none. A tag means
the same in every list, so one default serves all: ``DEFAULT_EXCLUDED``, the editor tags
(``EXCLUDED``) and the classes. A request lets a tag through with ``allow_tags``
(``["name"]``).
"""

from __future__ import annotations

__all__ = [
    "ABBREVIATION",
    "AVOIDED",
    "BRITISH",
    "CLASSES",
    "DEFAULT_EXCLUDED",
    "EXCLUDED",
    "INFORMAL",
    "NAME",
    "OFFENSIVE",
    "PARTIAL",
    "PLACE",
    "SENSITIVE",
]

OFFENSIVE = "offensive"
"""A slur, an obscenity or a disparagement (``NEGRO``, ``CRAP``)."""
SENSITIVE = "sensitive"
"""A word that fails the breakfast test: disease, killing, bodily waste (``RAPE``)."""
PARTIAL = "partial"
"""A fragment of a longer phrase (``IN THIS``, ``MANY A``)."""
BRITISH = "british"
"""A British spelling beside a more frequent American one (``COLOUR``)."""
AVOIDED = (OFFENSIVE, SENSITIVE)
"""The tags of words that fail the breakfast test (no clue may hold one either)."""
EXCLUDED = (*AVOIDED, PARTIAL, BRITISH)
"""The editor tags fills exclude unless a request allows them."""

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
