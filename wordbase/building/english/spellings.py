"""British spellings: the English lemmas WordNet lists beside an American respelling
that American text prefers (``COLOUR`` beside *color*, ``ORGANISE`` beside *organize*,
``ANAEMIA`` beside *anemia*), which the editor tag ``british`` marks: an American
puzzle avoids them, a British one may ask for them.

A lemma is British when every sense of it lists, in the same synset, a respelling by
one of the rules of ``american_spellings`` that wordfreq (whose English is mostly
American) rates more frequent than the lemma itself: so ``ADVERTISE``, more frequent
than *advertize*, and ``ARCHAEOLOGY``, than *archeology*, are not.
"""

from __future__ import annotations

from collections.abc import Callable

from crossforge.wordbase.building.english.wordnet import WordNet

__all__ = ["ENDINGS", "INNER", "american_spellings", "british_lemmas"]

ENDINGS = (
    ("isation", "ization"),
    ("ise", "ize"),
    ("yse", "yze"),
    ("our", "or"),
    ("tre", "ter"),
    ("ogue", "og"),
    ("ence", "ense"),
)
"""British endings and their American respellings (``centre``: *center*)."""
INNER = (("ae", "e"), ("oe", "e"))
"""British digraphs and their American respellings (``foetus``: *fetus*), the first one
after a word's first letter (``aerial`` keeps its *ae*)."""


def american_spellings(word: str) -> set[str]:
    """The respellings of ``word`` (lower case) the rules give (``colour``: *color*)."""
    found = {word[: -len(end)] + american for end, american in ENDINGS if word.endswith(end)}
    for british, american in INNER:
        at = word.find(british, 1)
        if at > 0:
            found.add(word[:at] + american + word[at + len(british) :])
    return found


def british_lemmas(wordnet: WordNet, zipf: Callable[[str], float]) -> set[str]:
    """The lemmas (one word, hyphens allowed) every sense of which lists an American
    respelling (``american_spellings``) more frequent by ``zipf`` than the lemma."""
    found: set[str] = set()
    for lemma, senses in wordnet.senses.items():
        respelt = american_spellings(lemma) if " " not in lemma else set()
        if not respelt:
            continue
        own = zipf(lemma)
        if all(
            any(w.lower() in respelt and zipf(w.lower()) > own for w in wordnet.synsets[sid].words)
            for sid in senses
        ):
            found.add(lemma)
    return found
