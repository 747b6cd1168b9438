"""Word-list resources: lists, entries, search, imports, export and the write token."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from crossforge.wordbase.store import WordStore

TOKEN = {"Authorization": "Bearer s3cret"}


@pytest.fixture
def client(make_app: Callable[..., Flask]) -> FlaskClient:
    """A client of an app with a token and a tiny list 'tiny' made through the store."""
    app = make_app(api_token="s3cret")
    store = WordStore(app.extensions["crossforge"].config.database_url)
    store.create_list("tiny", description="test words")
    for word, score in [("cat", 60), ("cot", 40), ("dog", 70), ("ice cream", 80)]:
        store.put_entry("tiny", word, score, clues=[f"clue for {word}"] if word == "cat" else [])
    store.close()
    return app.test_client()


def test_read_lists_and_one_list(client: FlaskClient) -> None:
    lists = client.get("/v1/lists").get_json()["lists"]
    assert [(item["name"], item["entries"]) for item in lists] == [("tiny", 4)]
    one = client.get("/v1/lists/tiny").get_json()
    assert one["description"] == "test words" and one["by_length"] == {"3": 3, "8": 1}
    assert client.get("/v1/lists/nope").status_code == 404


def test_search_pages_with_cursor(client: FlaskClient) -> None:
    first = client.get("/v1/lists/tiny/words?pattern=C?T&limit=1&name=x").get_json()
    assert first["links"]["next"].startswith("/v1/lists/tiny/words?")
    assert [w["word"] for w in first["words"]] == ["CAT"]
    assert first["words"][0]["clues"] == [{"text": "clue for cat"}]
    second = client.get(first["links"]["next"]).get_json()
    assert [w["word"] for w in second["words"]] == ["COT"]
    best = client.get("/v1/lists/tiny/words?min_score=65").get_json()["words"]
    assert [w["word"] for w in best] == ["ICECREAM", "DOG"]
    regex = client.get("/v1/lists/tiny/words?regex=D.G").get_json()["words"]
    assert [w["word"] for w in regex] == ["DOG"]
    for bad in ("limit=0", "limit=x", "min_score=101", "pattern=C1T", "cursor=%%%"):
        answer = client.get(f"/v1/lists/tiny/words?{bad}")
        assert answer.status_code == 400, bad
        assert answer.get_json()["error"]["message"]


def test_regex_timeout_is_422(client: FlaskClient) -> None:
    from crossforge.wordbase.patterns import RegexTimeout

    def slow(*args: object, **kwargs: object) -> None:
        raise RegexTimeout("regex 'x' ran past 1 s")

    client.application.extensions["crossforge"].words.search = slow
    answer = client.get("/v1/lists/tiny/words?regex=(a*)*b")
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "regex_timeout"


def test_regex_past_a_bound_is_400_naming_the_field(client: FlaskClient) -> None:
    import regex

    regex.purge()
    for hostile, bound in (("(?:a{1000}){5000}", "max_unrolled"), ("a" * 1001, "max_length")):
        answer = client.get("/v1/lists/tiny/words", query_string={"regex": hostile})
        assert answer.status_code == 400
        error = answer.get_json()["error"]
        assert error["code"] == "regex_too_large"
        assert error["details"] == {"field": "regex", "bound": bound}
        assert bound in error["message"]
    bad = client.get("/v1/lists/tiny/words?regex=(").get_json()["error"]
    assert bad["code"] == "invalid_regex" and bad["details"] == {"field": "regex"}
    from regex import _main

    assert len(_main._cache) == 0  # nothing compiled is kept


def test_writes_need_the_token_reads_do_not(client: FlaskClient) -> None:
    assert client.get("/v1/lists/tiny/words/cat").status_code == 200
    refused = client.put("/v1/lists/tiny/words/emu", json={"score": 55})
    assert refused.status_code == 401
    assert refused.get_json()["error"]["code"] == "unauthorized"
    wrong = client.delete("/v1/lists/tiny", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert client.get("/v1/lists/tiny").status_code == 200


def test_entry_put_get_delete(client: FlaskClient) -> None:
    body = {"score": 55, "clues": ["Flightless bird", {"text": "Big bird", "difficulty": 2}]}
    created = client.put("/v1/lists/tiny/words/emu", json=body, headers=TOKEN)
    assert created.status_code == 201
    assert created.get_json()["clues"] == [
        {"text": "Flightless bird"},
        {"text": "Big bird", "difficulty": 2},
    ]
    replaced = client.put("/v1/lists/tiny/words/EMU", json={"score": 20}, headers=TOKEN)
    assert replaced.status_code == 200 and replaced.get_json()["clues"] == []
    assert client.get("/v1/lists/tiny/words/emu").get_json()["score"] == 20
    deleted = client.delete("/v1/lists/tiny/words/emu", headers=TOKEN)
    assert deleted.status_code == 204 and "Content-Type" not in deleted.headers
    assert client.get("/v1/lists/tiny/words/emu").status_code == 404
    assert client.delete("/v1/lists/tiny/words/emu", headers=TOKEN).status_code == 404
    bad_bodies = (
        {"score": 101},
        {"score": "high"},
        {"clues": [3]},
        {"clues": [{"text": "x", "source": 5}]},
        {"tags": "abc"},
        {"colour": "red"},
    )
    for bad in bad_bodies:
        answer = client.put("/v1/lists/tiny/words/emu", json=bad, headers=TOKEN)
        assert answer.status_code == 400, bad
    assert client.put("/v1/lists/tiny/words/3m", json={}, headers=TOKEN).status_code == 400


def test_create_rename_delete_list(client: FlaskClient) -> None:
    made = client.post("/v1/lists", json={"name": "ru", "alphabet": "ru"}, headers=TOKEN)
    assert made.status_code == 201 and made.headers["Location"] == "/v1/lists/ru"
    again = client.post("/v1/lists", json={"name": "ru"}, headers=TOKEN)
    assert again.status_code == 409
    bad = client.post("/v1/lists", json={"name": "x", "alphabet": "klingon"}, headers=TOKEN)
    assert bad.status_code == 400
    renamed = client.patch("/v1/lists/ru", json={"name": "russian"}, headers=TOKEN)
    assert renamed.get_json()["name"] == "russian"
    clash = client.patch("/v1/lists/russian", json={"name": "tiny"}, headers=TOKEN)
    assert clash.status_code == 409
    assert client.delete("/v1/lists/russian", headers=TOKEN).status_code == 204
    assert client.get("/v1/lists/russian").status_code == 404


def test_import_summary_and_export_round_trip(client: FlaskClient) -> None:
    body = "emu;55\nyak;30\ncat;90\n"
    answer = client.post(
        "/v1/lists/tiny/imports?format=stwl", data=body, headers=TOKEN, content_type="text/plain"
    )
    assert answer.status_code == 200, answer.get_json()
    summary = answer.get_json()
    assert (summary["added"], summary["updated"], summary["lines"]) == (2, 1, 3)
    again = client.post("/v1/lists/tiny/imports", data=body, headers=TOKEN)
    assert again.get_json()["unchanged"] == 3  # re-importing changes nothing
    exported = client.get("/v1/lists/tiny/export?format=stwl")
    assert exported.headers["Content-Disposition"] == 'attachment; filename="tiny.txt"'
    lines = exported.get_data(as_text=True).splitlines()
    assert "emu;55" in lines and "cat;90" in lines and len(lines) == 6
    assert client.get("/v1/lists/tiny/export?format=xml").status_code == 400


def test_an_import_gives_english_entries_their_editor_tags(client: FlaskClient) -> None:
    answer = client.post("/v1/lists/tiny/imports", data="negro;55\n", headers=TOKEN)
    assert answer.status_code == 200, answer.get_json()
    assert client.get("/v1/lists/tiny/words/negro").get_json()["tags"] == ["offensive"]


def test_import_rejects_bad_lines_with_their_numbers(client: FlaskClient) -> None:
    body = "good;50\nb4d;50\n"
    answer = client.post("/v1/lists/tiny/imports", data=body, headers=TOKEN)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error["code"] == "import_rejected"
    assert [r["line"] for r in error["details"]["summary"]["rejected"]] == [2]
    assert client.get("/v1/lists/tiny/words/good").status_code == 404  # nothing written
    skipped = client.post("/v1/lists/tiny/imports?skip_bad=true", data=body, headers=TOKEN)
    assert skipped.get_json()["added"] == 1
    upload = client.post(
        "/v1/lists/fresh/imports?create=true",
        data={"file": (__import__("io").BytesIO(b'{"word": "gnu", "score": 70}\n'), "w.jsonl")},
        headers=TOKEN,
    )
    assert upload.get_json()["format"] == "jsonl"
    assert client.get("/v1/lists/fresh/words/gnu").get_json()["score"] == 70
    not_utf8 = client.post("/v1/lists/tiny/imports", data=b"caf\xe9;50\n", headers=TOKEN)
    assert not_utf8.status_code == 400


def test_import_size_limit(make_app: Callable[..., Flask]) -> None:
    client = make_app(max_import_bytes=64).test_client()
    answer = client.post("/v1/lists/big/imports?create=true", data="word;50\n" * 100)
    assert answer.status_code == 413
    assert answer.get_json()["error"]["code"] == "request_entity_too_large"


def test_import_into_a_missing_list_is_404_unless_asked_to_create(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app().test_client()
    missing = client.post("/v1/lists/nope/imports", data="word;50\n")
    assert missing.status_code == 404 and "create=true" in missing.get_json()["error"]["message"]
    assert client.get("/v1/lists/nope").status_code == 404  # nothing created
    made = client.post("/v1/lists/nope/imports?create=true", data="word;50\n")
    assert made.status_code == 200 and made.get_json()["added"] == 1
