"""English function words by the part they play in a WordNet gloss: where a phrase may
be cut, what ends a leading noun phrase, which words no clue ends on.

The gloss cutting (``cutting``) and the inflection of a gloss's head (``inflection``)
read glosses by these lists.
"""

from __future__ import annotations

RELATIVES = ("that", "which", "who", "whom", "whose", "where", "when")
PARTICIPLES = ("consisting", "containing", "having", "forming", "used", "made", "being")
PREPOSITIONS = ("of", "in", "on", "at", "for", "with", "from", "by", "into", "between")
PREPOSITIONS_TOO: tuple[str, ...] = ("through", "under", "over", "without", "within", "during")
PREPOSITIONS_TOO += ("around", "across", "along", "among", "against", "toward", "towards")
PREPOSITIONS_TOO += ("upon", "near", "beyond", "behind", "below", "above", "beneath")
PREPOSITIONS_TOO += ("per",)  # charge per unit: not *charge per units*
BOUNDARIES = frozenset(RELATIVES + PARTICIPLES + PREPOSITIONS + PREPOSITIONS_TOO)
"""Words a phrase may be cut before (not *to*, *as*, *like*: they complete what precedes)."""
POSTPOSITIVE = frozenset(
    ("native", "similar", "related", "common", "typical", "peculiar", "indigenous", "endemic")
    + ("capable", "belonging", "living", "growing", "occurring", "relating", "pertaining")
    + ("lying", "ranging")
)
"""Adjectives and participles that follow a noun with a preposition and start a phrase
of their own there (*mammal native to*, *property belonging to*; not a gerund after its
modifier: *light pruning of*, *country dancing in*)."""
HEADLESS = POSTPOSITIVE | {"used", "cultivated", "found", "made", "having", "consisting"}
"""Words a noun's gloss starts with when WordNet leaves out its head (*native to Egypt*)."""
AFTER_HEADLESS = frozenset(("to", "as", *PREPOSITIONS, *PREPOSITIONS_TOO))
"""What follows such a word there (*native to*, *used as*, *found along*)."""
LINKING = frozenset(("to", *PREPOSITIONS))
"""The prepositions after a ``POSTPOSITIVE`` word."""
RELATIVES_SET = frozenset(RELATIVES)
SUBJECT_RELATIVES = frozenset(("that", "which", "who"))
"""Relatives whose clause's verb agrees with the head (not *where*: ``Buildings where
animals are butchered``)."""
PHRASE_ENDS = BOUNDARIES | {"to", "than", "as", "like", "but", "a", "an", "the"}
"""Words that end a leading noun phrase."""
AUXILIARIES = frozenset(("be", "is", "are", "was", "were", "been", "can", "may", "will"))
"""Words that also are nouns in WordNet (*be*, beryllium) but end no noun phrase."""
CONJUNCTIONS = frozenset(("and", "or", "but", "nor"))
ARTICLES = frozenset(("a", "an", "the"))
ARTICLE_STARTS = ("a ", "an ", "the ")
"""After *to*: an adverbial phrase (*to a high degree*), not a verb's infinitive."""
FUNCTION_WORDS = ("so", "such", "very", "too", "also", "out", "up", "off", "down", "not", "no")
FUNCTION_WORDS_TOO = ("more", "most", "less", "all", "some", "each", "this", "these", "those")
NOT_LAST = PHRASE_ENDS | AUXILIARIES | CONJUNCTIONS | {*FUNCTION_WORDS, *FUNCTION_WORDS_TOO}
NOT_LAST |= {"one", "someone", "something", "enough", "while", "his", "her", "its", "their"}
NOT_LAST |= {"it", "them", "him", "me", "us", "you"}  # WordNet's IT, US: nouns too
"""Words no cut ends on, though WordNet has them as nouns (*who*, the WHO; *a*, ampere;
*masses of tissue one* | on each side; *comedian known for his* | ...)."""
RELATIONAL = ("side", "end", "top", "edge", "front", "back", "base", "bottom", "part", "loss")
PARTITIVE = ("piece", "pieces", "class", "portion")
"""Nouns that measure out what their *of* names (*a rectangular piece* of cloth)."""
VAGUE = frozenset(("term", "terms", "name", "word", "kind", "type", "sort", "sense"))
VAGUE |= {*RELATIONAL, *PARTITIVE}
"""Nouns a cut before *of* or *for* leaves meaningless (*informal term* for ...; FLAG
not *Emblem usually consisting of a rectangular piece* | of cloth)."""
