"""Every entry gets a clue: the classes the issue found empty are clued, and a sample of
WordNet's lemmas, read as the default list's build reads them, is almost all clued."""

from __future__ import annotations

import random
import re

from crossforge.wordbase.building.defaults import _EnglishBuild

SAMPLE = 600
"""Lemmas read: a few seconds of cluing."""
MOST_UNCLUED = 0.07
"""Share of the sample that may stay unclued (41 of 600 at this writing: taxa such as
*genus culex*, which the default list leaves out, verbs glossed by their own noun)."""


def test_the_classes_found_empty_are_clued(build: _EnglishBuild) -> None:
    for word, lemmas in (
        ("attic fan", ["attic fan"]),  # every gloss repeats a word: a broader term
        ("olive oil", ["olive oil"]),
        ("hostile takeover", ["hostile takeover"]),
        ("milliampere", ["milliampere"]),
        ("camphor", ["camphor"]),
        ("handbooks", []),  # a plural: the broader term inflected
        ("outran", []),  # a prefixed irregular past: outrun as ran is run's
    ):
        assert build.clued(word, lemmas), word


def test_the_issues_empty_entries_are_clued_or_known_to_no_source(build: _EnglishBuild) -> None:
    clue = {word: [c.text for c in build.clued(word, [])] for word in ("redid", "refracts")}
    # REDID: redo's synonyms whose past is one form for tense and participle.
    assert clue["redid"][:2] == ["Remade", "Made new"]
    # A gloss whose head repeats the answer names the parts; a person takes a class.
    assert build.clued("decor", ["decor"])[0].text == "Layout and furnishings of a livable interior"
    assert build.clued("geologist", ["geologist"])[0].text == "Scientist"
    # A verb takes its hypernym where that is a verb first (not REFRACT's *subject*).
    assert [c.text for c in build.clued("emote", ["emote"])] == ["Act"]
    # No source knows these (REFRACTS: each gloss says *refraction*): no clue, and the
    # build scores them under the default floor (``scoring.UNCLUED_CAP``).
    for word in ("iphone", "ina", "rena"):
        assert not build.clued(word, []) and not build.writer.name_clues(word, 3), word
    assert clue["refracts"] == []


def test_almost_every_lemma_of_a_sample_is_clued(build: _EnglishBuild) -> None:
    lemmas = sorted(
        lemma
        for lemma in build.wordnet.senses
        if re.fullmatch(r"[a-z]+(?: [a-z]+)*", lemma) and 3 <= len(lemma.replace(" ", "")) <= 15
    )
    sample = random.Random(34).sample(lemmas, SAMPLE)
    unclued = [lemma for lemma in sample if not build.clued(lemma, [lemma])]
    assert len(unclued) <= MOST_UNCLUED * SAMPLE, unclued


def test_a_prefixed_irregular_form_reads_as_the_prefixed_verb_only(build: _EnglishBuild) -> None:
    readings = build.writer.readings("outran")
    assert ("outrun", "v", "ed") in [(r.lemma, r.pos, r.suffix) for r in readings]
    # FOREBORE: fore + bore (bear's), but WordNet has *forebear* only as a noun.
    assert "forebear" not in [r.lemma for r in build.writer.readings("forebore")]
