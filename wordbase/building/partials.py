"""Partials: phrases that are fragments of a longer one (``IN THIS``, ``A LOT OF``,
``MANY A``), which a solver can only meet as a fill-in-the-blank clue. Editors use them
sparingly, as a class of their own: the editor tag ``partial`` marks them, fills leave
them out unless a request allows the tag, and the English default list scores them low
(``scoring.PARTIAL_SCORE``). The reviewed editor-tag list may add or take the tag away
like any other (``on it -partial``).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ARTICLES", "OBJECTS", "PARTICLES", "is_partial"]

ARTICLES = frozenset(("a", "an", "the"))
OBJECTS = frozenset(
    ["it", "this", "that", "these", "those", "them", "him", "her", "me", "us", "you"]
)
"""Pronouns a preposition leaves dangling (``TO IT``, ``IN THIS``)."""
PARTICLES = frozenset(
    [
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "of",
        "to",
        "up",
        "out",
        "off",
        "over",
        "under",
        "into",
        "onto",
        "with",
        "about",
        "after",
        "before",
        "behind",
        "below",
        "around",
        "across",
        "through",
        "upon",
        "within",
        "without",
    ]
)
"""Prepositions and adverb particles."""
_GRADERS = frozenset(["many", "quite", "such", "what", "hardly", "rather", "half"])
"""Words after which ``a`` is the article of a missing noun (``MANY A``; not ``TYPE A``)."""
_OPEN_ENDS = frozenset(("and", "or", "than", "nor"))
"""Conjunctions that leave a phrase open (``MORE THAN``, ``GOOD AND``)."""


def is_partial(words: Sequence[str]) -> bool:
    """True when the phrase of ``words`` (lower case, two or more) is a fragment: it ends
    in an article (``MANY A``, ``TAKE THE``) or an open conjunction (``MORE THAN``), it
    is a particle and a pronoun alone (``TO IT``, ``IN THIS``) or *be* and a particle
    (``BE ON``), or it opens with an article and ends in *of* (``A LOT OF``)."""
    if len(words) < 2:
        return False
    first, last = words[0], words[-1]
    if last in ("an", "the") or last in _OPEN_ENDS:
        return True
    if last == "a" and words[-2] in _GRADERS:
        return True
    if len(words) == 2 and first in PARTICLES and last in OBJECTS:
        return True
    if len(words) == 2 and first == "be" and last in PARTICLES:
        return True
    return first in ARTICLES and last == "of"
