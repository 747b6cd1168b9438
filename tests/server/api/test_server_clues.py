"""Clue resources: search, imports and export, on SQLite and PostgreSQL."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from crossforge.wordbase.imports import import_lines
from crossforge.wordbase.store import WordStore

TOKEN = {"Authorization": "Bearer s3cret"}
XD = (
    "pubid\tyear\tanswer\tclue\nnyt\t1995\tERA\tAge\nnyt\t1996\tERA\tLong time\n"
    "lat\t2001\tONE\tSingle\nnyt\t1995\tZEBU\tOx\n"
)


@pytest.fixture
def client(make_app: Callable[..., Flask], any_database_url: str) -> FlaskClient:
    """A client of an app with a token and list 'w' (ERA, ONE, OBOE)."""
    app = make_app(api_token="s3cret", database_url=any_database_url)
    with WordStore(any_database_url) as store:
        import_lines(store, "w", ["ERA;50", "ONE;60", "OBOE;70"], "stwl")
    return app.test_client()


def _post(client: FlaskClient, query: str, body: str) -> tuple[int, dict]:
    answer = client.post(
        f"/v1/lists/w/clues/imports?{query}",
        data=body.encode(),
        headers={**TOKEN, "Content-Type": "text/plain"},
    )
    return answer.status_code, answer.get_json()


def test_import_then_search_by_text_and_answer(client: FlaskClient) -> None:
    status, summary = _post(client, "format=xd", XD)
    assert status == 200
    assert (summary["added"], summary["skipped"], summary["format"]) == (3, 1, "xd")
    found = client.get("/v1/lists/w/clues?q=TIME").get_json()
    assert found["clues"] == [
        {"word": "ERA", "display": "ERA", "text": "Long time", "source": "nyt 1996"}
    ]
    by_word = client.get("/v1/lists/w/clues?word=era").get_json()["clues"]
    assert [c["text"] for c in by_word] == ["Age", "Long time"]
    both = client.get("/v1/lists/w/clues?word=one&q=single").get_json()["clues"]
    assert [c["word"] for c in both] == ["ONE"]


def test_pages_follow_links(client: FlaskClient) -> None:
    _post(client, "format=xd", XD)
    first = client.get("/v1/lists/w/clues?limit=2&q=").get_json()
    assert first["clues"] == [] and first["next_cursor"] is None
    first = client.get("/v1/lists/w/clues?limit=2").get_json()
    assert [c["text"] for c in first["clues"]] == ["Age", "Long time"]
    second = client.get(first["links"]["next"]).get_json()
    assert [c["text"] for c in second["clues"]] == ["Single"]
    assert second["next_cursor"] is None


@pytest.mark.parametrize(
    "query", ['"', "*", "a OR b", "NEAR(", "x:y", "\\", "%", "'", "é" * 5000, "a " * 17]
)
def test_hostile_search_text_is_never_a_500(client: FlaskClient, query: str) -> None:
    answer = client.get("/v1/lists/w/clues", query_string={"q": query})
    assert answer.status_code in (200, 400), answer.get_data(as_text=True)
    assert client.get("/v1/lists/w/clues?cursor=%%%").status_code == 400
    assert client.get("/v1/lists/w/clues?limit=0").status_code == 400
    assert client.get("/v1/lists/nope/clues?q=x").status_code == 404


def test_a_file_with_bad_lines_is_a_400_naming_them(client: FlaskClient) -> None:
    status, error = _post(client, "format=jsonl", '{"answer": "ERA", "clue": "Age"}\n{bad\n')
    assert status == 400
    assert error["error"]["code"] == "import_rejected"
    assert [r["line"] for r in error["error"]["details"]["summary"]["rejected"]] == [2]
    assert client.get("/v1/lists/w/clues?word=era").get_json()["clues"] == []
    status, summary = _post(
        client, "format=jsonl&skip_bad=true", '{"answer": "ERA", "clue": "Age"}\n{bad\n'
    )
    assert status == 200 and summary["added"] == 1 and summary["rejected_count"] == 1


def test_multipart_upload_guesses_the_format(client: FlaskClient) -> None:
    answer = client.post(
        "/v1/lists/w/clues/imports?add_words=true&score=30",
        data={"file": (io.BytesIO(b"answer,clue\nZEBU,Humped ox\n"), "mine.csv")},
        headers=TOKEN,
        content_type="multipart/form-data",
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["format"] == "csv" and answer.get_json()["added"] == 1
    entry = client.get("/v1/lists/w/words/ZEBU").get_json()
    assert entry["score"] == 30 and entry["clues"] == [{"text": "Humped ox"}]


def test_imports_need_the_token_and_an_existing_list(client: FlaskClient) -> None:
    assert client.post("/v1/lists/w/clues/imports", data=XD).status_code == 401
    missing = client.post("/v1/lists/new/clues/imports?format=xd", data=XD, headers=TOKEN)
    assert missing.status_code == 404
    made = client.post(
        "/v1/lists/new/clues/imports?format=xd&create=true&add_words=true", data=XD, headers=TOKEN
    )
    assert made.status_code == 200 and made.get_json()["added"] == 4


def test_an_import_over_the_size_limit_is_a_413(make_app: Callable[..., Flask]) -> None:
    client = make_app(max_import_bytes=100).test_client()
    answer = client.post("/v1/lists/w/clues/imports?create=true", data="ERA\tAge\n" * 50)
    assert answer.status_code == 413


@pytest.mark.parametrize("fmt", ["csv", "tsv", "xd", "jsonl"])
def test_export_then_import_gives_the_same_clues(client: FlaskClient, fmt: str) -> None:
    _post(client, "format=xd", XD)
    exported = client.get(f"/v1/lists/w/clues/export?format={fmt}")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    body = exported.get_data(as_text=True)
    if fmt == "jsonl":
        assert json.loads(body.splitlines()[0])["answer"] == "ERA"
    client.delete("/v1/lists/w/words/ERA", headers=TOKEN)
    client.delete("/v1/lists/w/words/ONE", headers=TOKEN)
    status, summary = _post(client, f"format={fmt}&add_words=true", body)
    assert status == 200 and summary["added"] == 3
    again = client.get(f"/v1/lists/w/clues/export?format={fmt}").get_data(as_text=True)
    assert again == body
