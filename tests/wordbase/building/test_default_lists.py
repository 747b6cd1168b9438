"""The default lists from wordfreq: the Zipf → score mapping and the words chosen."""

from __future__ import annotations

import os
import re
from itertools import islice
from pathlib import Path

import pytest

from crossforge.wordbase.alphabets import get_alphabet
from crossforge.wordbase.building import defaults
from crossforge.wordbase.building.clues.kinds import BLANK
from crossforge.wordbase.building.clues.roots import repeats_answer
from crossforge.wordbase.building.defaults import (
    FUNCTION_WORDS,
    FUNCTION_WORDS_SOURCE,
    TAXONOMIC_GROUP,
    FunctionWord,
    _Candidate,
    _EnglishBuild,
    doubtful_inflection,
    famous_name,
    formal_taxon,
    function_word_entry,
    function_words,
    inflects_names,
    is_name,
    lemma_signals,
    length_adjustment,
    respells_synonym,
    short_given_name,
    wordfreq_words,
    zipf_to_score,
)
from crossforge.wordbase.building.english.wordnet import WordNet, load_wordnet
from crossforge.wordbase.building.scoring import Signals, crossword_score
from crossforge.wordbase.models import Entry
from tests.wordbase.wordnet_sample import write_wordnet


def test_five_letter_words_keep_the_linear_clipped_mapping() -> None:
    zipfs = (0.5, 1, 2, 3.5, 5, 6, 7.7)
    assert [zipf_to_score(z, 5) for z in zipfs] == [1, 1, 20, 50, 80, 100, 100]


def test_length_adjustment_grows_to_a_cap_and_penalises_short_keys() -> None:
    assert [length_adjustment(n) for n in (2, 3, 4, 5)] == [-0.75, -0.5, -0.25, 0]
    assert [round(length_adjustment(n), 2) for n in range(5, 13)] == [
        0,
        0.15,
        0.3,
        0.45,
        0.6,
        0.75,
        0.9,
        0.9,
    ]
    assert length_adjustment(21) == 0.9
    assert (zipf_to_score(3.5, 3), zipf_to_score(3.5, 10), zipf_to_score(3.5, 15)) == (40, 65, 68)


def test_score_is_monotone_in_zipf_and_in_length() -> None:
    zipfs = [z / 20 for z in range(0, 161)]
    for length in range(2, 22):
        scores = [zipf_to_score(z, length) for z in zipfs]
        assert scores == sorted(scores) and scores[0] == 1 and scores[-1] == 100
    for zipf in (1.5, 2.475, 3.5):
        by_length = [zipf_to_score(zipf, n) for n in range(2, 22)]
        assert by_length == sorted(by_length)


def test_score_30_needs_less_frequency_from_longer_words() -> None:
    assert zipf_to_score(2.0, 5) < 30 <= zipf_to_score(2.0, 10)
    assert zipf_to_score(1.6, 10) < 30 <= zipf_to_score(1.6, 12)
    assert zipf_to_score(2.7, 3) < 30 <= zipf_to_score(2.7, 5)


def test_wordfreq_words_fold_russian_and_skip_foreign_words() -> None:
    alphabet = get_alphabet("ru")
    first = list(islice(wordfreq_words("ru", alphabet), 300))
    assert len(first) == 300
    assert all(set(key) <= set(alphabet.letters) and 2 <= len(key) <= 21 for key, _, _ in first)
    assert "Ё" not in "".join(key for key, _, _ in first)


def test_english_scores_rank_long_real_words_above_short_junk() -> None:
    wanted = {"PUGNACIOUS", "EYEBALLING", "IMMORTALIZING", "KELTY", "RNASE", "BATOR"}
    scores: dict[str, int] = {}
    for key, _, zipf in wordfreq_words("en", get_alphabet("en")):
        if key in wanted:
            scores[key] = max(scores.get(key, 0), zipf_to_score(zipf, len(key)))
    assert min(scores["PUGNACIOUS"], scores["EYEBALLING"], scores["IMMORTALIZING"]) >= 30
    assert max(scores["KELTY"], scores["RNASE"], scores["BATOR"]) < 30


def test_an_inflection_of_names_only_is_scored_as_a_name(tmp_path: Path) -> None:
    sample = WordNet.load(write_wordnet(tmp_path / "wordnet"))
    assert inflects_names(sample, "PARISES")  # a name's plural (CASTROS, MCCARTNEYS)
    assert not inflects_names(sample, "CATS")
    assert not inflects_names(sample, "CATZ")  # no lemma at all


def test_an_inflection_far_rarer_than_its_lemma_is_doubtful(tmp_path: Path) -> None:
    sample = WordNet.load(write_wordnet(tmp_path / "wordnet"))
    zipfs = {"RUN": 5.5, "CAT": 4.5, "LOOSE": 4.5, "CATS": 3.9, "LOOSEST": 2.5}
    zipfs |= {"LOOSER": 1.5, "RAN": 1.0, "RUNS": 2.0, "RUNED": 1.0, "LOOSEER": 1.0}
    assert not doubtful_inflection(sample, "CATS", zipfs)
    assert not doubtful_inflection(sample, "LOOSEST", zipfs)  # 2 below: a real, rare form
    assert doubtful_inflection(sample, "RUNS", zipfs)  # 3.5 below, the suffix plainly added
    assert not doubtful_inflection(sample, "RAN", zipfs)  # the exception list vouches for it
    assert not doubtful_inflection(sample, "CATZ", zipfs)  # no lemma: the misspelling check's
    # 3 below, but LOOSE + R drops the final e as English spelling does (POLITER), and
    # LOOSEST shows the adjective is graded.
    assert not doubtful_inflection(sample, "LOOSER", zipfs)
    assert doubtful_inflection(sample, "LOOSER", zipfs | {"LOOSEST": 0.0})  # SIDER, DONER
    assert doubtful_inflection(sample, "LOOSEER", zipfs)  # English writes LOOSER
    assert doubtful_inflection(sample, "RUNED", zipfs)  # the exception list has RAN


def test_wordnet_parses_are_judged_by_english_spelling() -> None:
    wordnet = load_wordnet()

    def spelling(word: str) -> set[str]:
        return {wordnet.spelling(parse) for parse in wordnet.inflections(word)}

    # The final e dropped, y turned i, -es after a sibilant: the regular spelling, changed
    # (HOPED parses as HOP + ED too, which English writes HOPPED).
    for word in ("cluing", "eying", "politer", "hoped", "carries", "boxes"):
        assert "changed" in spelling(word), word
    # The suffix added as it is: regular, plain (real or not, spelling cannot tell).
    for word in ("roundest", "soloed", "lastest", "clueing", "eyeing", "oars", "jousted"):
        assert spelling(word) == {"plain"}, word
    # WordNet's rules parse them; English spells these inflections otherwise.
    assert spelling("lordes") == {"irregular"}  # lords: -es only after a sibilant or o
    assert spelling("spended") == {"irregular"}  # the exception list gives spend: spent
    assert spelling("writed") == {"irregular"}  # wrote, written
    assert spelling("politeer") == {"irregular"}  # polite + er is politer


def test_a_lemma_respelling_a_far_more_frequent_synonym_is_doubtful(tmp_path: Path) -> None:
    sample = WordNet.load(write_wordnet(tmp_path / "wordnet"))
    zipfs = {"SCARY": 4.4, "SCAREY": 1.5, "CAT": 4.5}
    assert respells_synonym(sample, "scarey", zipfs)
    assert not respells_synonym(sample, "scary", zipfs)
    assert not respells_synonym(sample, "scarey", zipfs | {"SCAREY": 3.5})  # a common variant
    assert not respells_synonym(sample, "cat", zipfs)  # no synonym at all
    assert not respells_synonym(sample, "catz", zipfs)  # no lemma


def test_the_installed_dictionary_doubts_typos_not_rare_real_forms() -> None:
    from wordfreq import zipf_frequency

    wordnet = load_wordnet()
    typos = ["lastest", "lordes", "sider", "writed", "loveing"]
    real = ["oars", "jousted", "irks", "stets", "biggest", "happier"]
    real += ["cluing", "eying", "politer", "whitest", "policed"]  # e dropped, far rarer
    words = set(typos + real + ["scarey", "scary", "joust", "jousts"])
    words |= {base for word in typos + real for base in wordnet.bases(word)}
    words |= {"sidest", "politest", "whiter"}  # the other degrees
    zipfs = {word.upper(): zipf_frequency(word, "en", wordlist="large") for word in words}
    assert [w for w in typos if not doubtful_inflection(wordnet, w.upper(), zipfs)] == []
    assert [w for w in real if doubtful_inflection(wordnet, w.upper(), zipfs)] == []
    assert respells_synonym(wordnet, "scarey", zipfs)
    assert not respells_synonym(wordnet, "scary", zipfs)
    assert not respells_synonym(wordnet, "joust", zipfs)
    # Words derived from a synonym by a letter at an end are no respellings of it; a
    # silent e at the end, or a letter inside, is.
    derived = {"espy": "spy", "await": "wait", "whiten": "white", "basso": "bass"}
    variants = {"cocain": "cocaine", "lense": "lens", "scaley": "scaly"}
    for lemma, synonym in (derived | variants).items():
        zipfs |= {lemma.upper(): 2.0, synonym.upper(): 4.5}
    assert [w for w in derived if respells_synonym(wordnet, w, zipfs)] == []
    assert [w for w in variants if not respells_synonym(wordnet, w, zipfs)] == []
    # The goddess Hera's other name is Here, not the adverb.
    assert not respells_synonym(wordnet, "hera", {"HERA": 3.0, "HERE": 6.5})
    # O'ER is OVER elided, not misspelt.
    assert not respells_synonym(wordnet, "o'er", {"OER": 2.3, "OVER": 6.1})


def test_the_installed_dictionary_scores_short_fill_as_an_editor_would() -> None:
    from wordfreq import zipf_frequency

    wordnet = load_wordnet()
    words = ["anoa", "etui", "aril", "zarf", "ene", "ese", "esau", "enid", "aarp", "igg"]
    words += ["lxiv", "cagy", "cagey", "oast", "sloth", "trna", "east northeast"]
    zipfs = {word.upper(): zipf_frequency(word, "en", wordlist="large") for word in words}

    def score(key: str) -> int:
        return crossword_score(lemma_signals(wordnet, key, [key.lower()], zipfs))

    assert [k for k in ("ANOA", "ETUI", "ZARF", "OAST", "ESAU", "ENID") if score(k) < 35] == []
    # Roman numerals, respellings, acronyms keep what their frequency gives them.
    assert [k for k in ("LXIV", "CAGY", "AARP", "IGG", "TRNA") if score(k) >= 35] == []
    # Compass points, written in capitals beside a common noun, are no names.
    assert not is_name(wordnet, "ene") and not is_name(wordnet, "ese")
    assert is_name(wordnet, "esau") and is_name(wordnet, "aarp") and not is_name(wordnet, "oast")
    ene = lemma_signals(wordnet, "ENE", ["ene"], zipfs)
    assert ene.abbreviation and not ene.name


def test_the_installed_dictionary_lifts_known_initialisms_and_five_letter_headwords() -> None:
    from wordfreq import zipf_frequency

    wordnet = load_wordnet()
    words = ["ene", "ese", "vcr", "tko", "ddt", "ekg", "cgs", "lbf", "aarp", "fao"]
    words += ["skirl", "toper", "latke", "helve", "kaury", "plyer"]
    zipfs = {word.upper(): zipf_frequency(word, "en", wordlist="large") for word in words}

    def score(key: str) -> int:
        return crossword_score(lemma_signals(wordnet, key, [key.lower()], zipfs))

    assert [k for k in ("ENE", "ESE", "VCR", "TKO", "DDT", "EKG") if score(k) < 35] == []
    assert [k for k in ("SKIRL", "TOPER", "LATKE", "HELVE") if score(k) < 35] == []
    # Rare in text, names (no common noun beside), or never met in running text.
    assert [k for k in ("CGS", "LBF", "AARP", "FAO", "KAURY", "PLYER") if score(k) >= 35] == []


def test_famous_people_and_places_are_names_people_know() -> None:
    from wordfreq import zipf_frequency

    wordnet = load_wordnet()
    words = ["ibsen", "liszt", "tiber", "copland", "schweiz", "hooke", "castro"]
    zipfs = {word.upper(): zipf_frequency(word, "en", wordlist="large") for word in words}
    for lemma in ("ibsen", "liszt", "tiber", "copland"):
        assert famous_name(wordnet, lemma), lemma
    # Schweiz is Switzerland's fourth name; paris (the plaster) is no instance.
    assert not famous_name(wordnet, "schweiz") and not famous_name(wordnet, "plaster")

    def score(key: str) -> int:
        return crossword_score(lemma_signals(wordnet, key, [key.lower()], zipfs))

    assert [k for k in ("IBSEN", "LISZT", "TIBER", "COPLAND") if score(k) < 35] == []
    assert score("SCHWEIZ") < 35


def test_formal_taxon_names_are_no_phrases() -> None:
    """GENUS LORIS filled a themeless-66 grid as a phrase (36); a rank and a Latin name
    are not fill, while English names of groups and phrases of the same words are."""
    wordnet = load_wordnet()
    taxa = wordnet.hyponyms([wordnet.find(TAXONOMIC_GROUP)])
    for lemma in ("genus loris", "family canidae", "order primates", "class aves"):
        assert formal_taxon(wordnet, lemma, taxa), lemma
    for lemma in ("animal kingdom", "rose family", "family tree", "class act", "genus"):
        assert not formal_taxon(wordnet, lemma, taxa), lemma


def test_common_short_first_names_count_as_names() -> None:
    common = ("ELLA", "EVA", "ELI", "MAE", "ABE", "ETTA")
    assert [key for key in common if not short_given_name(key)] == []
    # Rare as first names (though frequent in text as surnames), too long, too short.
    others = ("HYUN", "XIAO", "SOO", "ELSPETH", "MARY ANN", "JO")
    assert [key for key in others if short_given_name(key)] == []


KINDS = {"prep", "conj", "pron", "det", "aux", "archaic", "interj", "letter", "contraction"}


def test_the_function_word_list_holds_what_wordnet_lacks() -> None:
    alphabet = get_alphabet("en")
    words = function_words()
    keys = [alphabet.normalize(word.written) for word in words]
    assert len(words) > 200 and len(set(keys)) == len(keys)
    assert all(2 <= len(key) <= 21 for key in keys)
    assert {word.kind for word in words} == KINDS
    lemmas = set()
    for lemma in load_wordnet().lemmas():
        try:
            lemmas.add(alphabet.normalize(lemma))
        except ValueError:
            continue
    # WordNet's entry serves its lemmas, but for interjections it knows in other senses
    assert {w.kind for w, key in zip(words, keys, strict=True) if key in lemmas} == {"interj"}
    # A meaning is a fair clue: it does not hold the word it defines.
    assert [w.written for w in words if w.written in w.meaning.lower().split()] == []
    assert "MIT licence" in FUNCTION_WORDS.read_text("utf-8").splitlines()[0]


def test_a_contraction_is_clued_without_its_words() -> None:
    # HE'S is not "He is" nor SHE'S "She is": a clue repeats none of the answer's words.
    contractions = [w for w in function_words() if w.kind == "contraction"]
    repeating = [
        w.written
        for w in contractions
        if repeats_answer(set(re.findall("[a-z]+", w.written)), w.meaning.replace(BLANK, " "))
    ]
    assert len(contractions) > 30 and repeating == []
    listed = {w.written: w.meaning for w in contractions}
    assert listed["he's"] == "'For ___ a jolly good fellow'"
    (blank,) = function_word_entry(FunctionWord("he's", "contraction", listed["he's"])).clues
    assert (blank.text, blank.kind, blank.level) == (listed["he's"], "blank", "easy")
    (meaning,) = function_word_entry(FunctionWord("ere", "archaic", "before, in poetry")).clues
    assert (meaning.text, meaning.kind, meaning.level) == (
        "Before, in poetry",
        "definition",
        "medium",
    )


def test_a_function_word_is_scored_as_a_dictionary_word() -> None:
    from wordfreq import zipf_frequency

    zipf = zipf_frequency("ere", "en", wordlist="large")  # the key's wordfreq word, as built
    ere = function_word_entry(FunctionWord("ere", "archaic", "before, in poetry"), zipf, "ERE")
    assert ere.score == crossword_score(Signals(zipf, 3, known=True)) >= 35
    assert crossword_score(Signals(zipf, 3)) < 35  # as an unknown word, the penalty
    assert (ere.key, ere.display, ere.source) == ("ERE", "ERE", "wordfreq:en")
    assert [(c.text, c.source) for c in ere.clues] == [("Before, in poetry", FUNCTION_WORDS_SOURCE)]
    # A contraction: the key's own word (AINT) is rarer than the word as written.
    aint = function_word_entry(FunctionWord("ain't", "contraction", "is not"), 3.3, "AINT")
    assert (aint.key, aint.display, aint.source) == ("AINT", "AIN'T", FUNCTION_WORDS_SOURCE)
    assert aint.score == crossword_score(
        Signals(zipf_frequency("ain't", "en", wordlist="large"), 4, known=True)
    )


def test_a_bad_function_word_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("# header\nere\tarchaic\tbefore\n\naha\tinterj\n", "utf-8")
    with pytest.raises(ValueError, match="line 4"):
        function_words(path)
    path.write_text("# header\nere\tarchaic\tbefore\n", "utf-8")
    assert function_words(path) == [FunctionWord("ere", "archaic", "before")]


class _Squares:
    """A stand-in build: an entry per key whose score says which process made it."""

    def entry(self, key: str, candidate: object) -> Entry:
        return Entry(key, key, 1 + len(key), source=str(os.getpid()))


def test_the_build_scores_in_forked_workers_and_keeps_the_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(defaults, "BUILD_CHUNK", 7)
    items = [("K" * (1 + k % 20) + str(k), None) for k in range(100)]
    serial = list(defaults._in_parallel(_Squares(), items, 1))  # type: ignore[arg-type]
    forked = list(defaults._in_parallel(_Squares(), items, 2))  # type: ignore[arg-type]
    assert [e.key for e in forked] == [e.key for e in serial] == [key for key, _ in items]
    assert {e.source for e in serial} == {str(os.getpid())}
    assert str(os.getpid()) not in {e.source for e in forked}  # the workers made them
    assert defaults._FORKED is None


def test_an_interjection_wordnet_knows_otherwise_is_clued_as_one_first(
    build: _EnglishBuild,
) -> None:
    """YAY is a Tai language and BRAVO an assassin to WordNet: the list's meaning comes
    first, WordNet's clues after it, three clues at most."""
    listed = {word.written: word for word in function_words()}
    yay = build.scored(
        "YAY", _Candidate(zipf=3.9, display="YAY", lemmas=["Yay"], function_word=listed["yay"])
    )
    assert yay is not None and yay.clues[0].text == "Cheer of joy"
    bravo = build.scored(
        "BRAVO",
        _Candidate(zipf=3.8, display="BRAVO", lemmas=["bravo"], function_word=listed["bravo"]),
    )
    assert bravo is not None and bravo.clues[0].text == "Well done!" and len(bravo.clues) == 3
