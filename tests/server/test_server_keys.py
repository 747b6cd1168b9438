"""API keys: scopes, lists a key may write, jobs seen only by their key (or an admin),
revocation felt at once by every app on the database, the old token as an admin key, and
secrets never kept; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import MetaData, select

from crossforge.server.cli import main
from crossforge.server.keys import KeyStore
from crossforge.wordbase.database import engine_for, release
from crossforge.wordbase.store import WordStore

OPEN = ["...", "...", "..."]
TOKEN = "s3cret"


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


@pytest.fixture
def make_key(any_database_url: str) -> Callable[..., str]:
    """Make a key on the test's database; its secret."""

    def create(name: str, scope: str, *lists: str) -> str:
        store = KeyStore(any_database_url)
        try:
            return store.create(name, scope, lists)[1]
        finally:
            store.close()

    return create


@pytest.fixture
def app(make_app: Callable[..., Flask], any_database_url: str) -> Flask:
    """An app on the test's database with the lists 'mine' and 'theirs' (one word each)."""
    with WordStore(any_database_url) as store:
        for name in ("mine", "theirs"):
            store.create_list(name)
            store.put_entry(name, "ERA", 50)
    return make_app(database_url=any_database_url, api_token=TOKEN)


def error_of(answer: Any) -> dict[str, Any]:
    found: dict[str, Any] = answer.get_json()["error"]
    return found


def test_a_key_limited_to_a_list_writes_only_that_list(
    app: Flask, make_key: Callable[..., str]
) -> None:
    client = app.test_client()
    writer = bearer(make_key("alice", "write", "mine"))
    assert (
        client.put("/v1/lists/mine/words/emu", json={"score": 55}, headers=writer).status_code
        == 201
    )
    refused = [
        client.put("/v1/lists/theirs/words/emu", json={"score": 55}, headers=writer),
        client.delete("/v1/lists/theirs/words/era", headers=writer),
        client.patch("/v1/lists/theirs", json={"description": "x"}, headers=writer),
        client.delete("/v1/lists/theirs", headers=writer),
        client.post("/v1/lists/theirs/imports", data="ONE;50\n", headers=writer),
        client.post("/v1/lists/theirs/clues/imports", data="ERA\tAge\n", headers=writer),
        client.post("/v1/lists", json={"name": "theirs2"}, headers=writer),
        client.patch("/v1/lists/mine", json={"name": "elsewhere"}, headers=writer),  # out of reach
    ]
    for answer, name in zip(refused, ["theirs"] * 6 + ["theirs2", "elsewhere"], strict=True):
        assert answer.status_code == 403, answer.get_json()
        assert error_of(answer)["code"] == "forbidden"
        assert error_of(answer)["details"] == {"list": name}
        assert repr(name) in error_of(answer)["message"]
    with WordStore(app.extensions["crossforge"].config.database_url) as store:
        assert store.get_entry("theirs", "emu") is None and store.count("theirs") == 1
        assert not store.has_list("theirs2") and store.has_list("mine")
    assert client.get("/v1/lists/theirs/words/era", headers=writer).status_code == 200  # reads
    everywhere = bearer(make_key("bob", "write"))
    answer = client.put("/v1/lists/theirs/words/emu", json={"score": 55}, headers=everywhere)
    assert answer.status_code == 201


def test_scopes_read_write_and_no_key(app: Flask, make_key: Callable[..., str]) -> None:
    client = app.test_client()
    reader = bearer(make_key("reader", "read"))
    assert client.get("/v1/lists", headers=reader).status_code == 200
    assert client.get("/v1/lists/mine/clues", headers=reader).status_code == 200
    answer = client.put("/v1/lists/mine/words/emu", json={"score": 55}, headers=reader)
    assert answer.status_code == 403 and error_of(answer)["details"] == {"scope": "write"}
    fill = client.post("/v1/fills", json={"grid": OPEN, "list": "mine"}, headers=reader)
    assert fill.status_code == 202, fill.get_json()  # read keys fill
    for anonymous in (
        client.get("/v1/lists"),
        client.post("/v1/fills", json={"grid": OPEN, "list": "mine"}),
        client.post("/v1/suggestions", json={"grid": OPEN, "list": "mine"}),
        client.get("/v1/lists/mine", headers={"Authorization": "Basic cmVhZGVy"}),
    ):
        assert anonymous.status_code == 401 and anonymous.headers["WWW-Authenticate"] == "Bearer"
    for wrong in ("cfk_not-a-key", "nope"):
        answer = client.get("/v1/lists", headers=bearer(wrong))
        assert answer.status_code == 401 and error_of(answer)["code"] == "unauthorized"
    for public in ("/v1/health", "/v1/plugins", "/v1/openapi.json", "/"):
        assert client.get(public).status_code == 200, public


def test_a_job_is_seen_only_by_its_key_and_admins(app: Flask, make_key: Callable[..., str]) -> None:
    client = app.test_client()
    mine, other = bearer(make_key("x", "read")), bearer(make_key("y", "write"))
    admin = bearer(make_key("boss", "admin"))
    body = {"grid": OPEN, "list": "mine", "wait": 10}
    job = client.post("/v1/fills", json=body, headers=mine).get_json()
    assert job["status"] == "succeeded", job
    paths = [f"/v1/jobs/{job['id']}", f"/v1/jobs/{job['id']}/events"]
    paths.append(f"/v1/jobs/{job['id']}/result.json")
    assert client.get("/v1/jobs/" + "0" * 32, headers=other).status_code == 404
    for path in paths:
        assert client.get(path, headers=mine).status_code == 200, path
        assert client.get(path, headers=admin).status_code == 200, path
        assert client.get(path, headers=bearer(TOKEN)).status_code == 200, path
        refused = client.get(path, headers=other)
        assert refused.status_code == 403, path
        assert error_of(refused)["code"] == "forbidden"
        assert error_of(refused)["details"] == {"job": job["id"]}
        assert client.get(path).status_code == 401
    cancel = client.post(f"/v1/jobs/{job['id']}/cancel", headers=other)
    assert cancel.status_code == 403
    assert client.post(f"/v1/jobs/{job['id']}/cancel", headers=admin).status_code == 409

    by_token = client.post("/v1/fills", json=body, headers=bearer(TOKEN)).get_json()
    assert client.get(f"/v1/jobs/{by_token['id']}", headers=admin).status_code == 200
    assert client.get(f"/v1/jobs/{by_token['id']}", headers=mine).status_code == 403


def test_a_revoked_key_is_refused_at_once_by_every_app(
    app: Flask,
    make_app: Callable[..., Flask],
    make_key: Callable[..., str],
    any_database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    other = make_app(database_url=any_database_url, api_token=TOKEN)  # another web process
    key = bearer(make_key("leaked", "write"))
    clients = [app.test_client(), other.test_client()]
    for client in clients:
        assert client.get("/v1/lists/mine", headers=key).status_code == 200
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", any_database_url)
    assert main(["keys", "revoke", "leaked"]) == 0
    assert "revoked key 'leaked'" in capsys.readouterr().err
    for client in clients:
        answer = client.get("/v1/lists/mine", headers=key)
        assert answer.status_code == 401
        assert answer.headers["WWW-Authenticate"] == 'Bearer error="invalid_token"'
        assert (
            client.put("/v1/lists/mine/words/emu", json={"score": 5}, headers=key).status_code
            == 401
        )


def test_the_token_alone_and_an_open_server(make_app: Callable[..., Flask], tiny_list: str) -> None:
    """Without keys the server is as before them: open, or writes need the token."""
    client = make_app().test_client()  # open: no token, no key
    assert client.put("/v1/lists/tiny/words/emu", json={"score": 55}).status_code == 201
    assert client.get("/v1/lists", headers=bearer("anything")).status_code == 200
    job = client.post("/v1/fills", json={"grid": OPEN, "list": tiny_list}).get_json()
    assert client.get(f"/v1/jobs/{job['id']}").status_code == 200

    token_only = make_app(api_token=TOKEN).test_client()
    assert token_only.get("/v1/lists/tiny").status_code == 200  # reads stay open
    job = token_only.post("/v1/fills", json={"grid": OPEN, "list": tiny_list}).get_json()
    assert token_only.get(f"/v1/jobs/{job['id']}").status_code == 200
    refused = token_only.put("/v1/lists/tiny/words/gnu", json={"score": 55})
    assert refused.status_code == 401
    wrong = token_only.delete("/v1/lists/tiny", headers=bearer("nope"))
    assert wrong.status_code == 401
    ok = token_only.put("/v1/lists/tiny/words/gnu", json={"score": 55}, headers=bearer(TOKEN))
    assert ok.status_code == 201


def test_secrets_are_kept_only_as_hashes(
    any_database_url: str, make_key: Callable[..., str], app: Flask
) -> None:
    secret = make_key("ci", "write", "mine")
    assert secret.startswith("cfk_") and len(secret) == 47
    assert app.test_client().get("/v1/lists", headers=bearer(secret)).status_code == 200
    engine = engine_for(any_database_url)
    try:
        tables = MetaData()
        tables.reflect(engine)
        with engine.connect() as conn:
            stored = " ".join(
                repr(tuple(row))
                for table in tables.sorted_tables
                for row in conn.execute(select(table))
            )
    finally:
        release(engine)
    assert secret not in stored and secret[4:] not in stored
    assert hashlib.sha256(secret.encode()).hexdigest() in stored


def test_keys_commands_create_list_and_revoke(
    any_database_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", any_database_url)
    assert main(["keys", "create", "alice", "--scope", "write", "--list", "b", "--list", "a"]) == 0
    out, err = capsys.readouterr()
    secret = out.strip()
    assert out == secret + "\n" and secret.startswith("cfk_")
    assert err == "created key 'alice' (write, writes only a, b); its secret:\n"
    assert main(["keys", "create", "bob", "--scope", "read"]) == 0
    capsys.readouterr()
    for refused, message in (
        (["alice", "--scope", "read"], "a key named 'alice' already exists"),
        (["carol", "--scope", "admin", "--list", "a"], "only a write key may be limited"),
        (["with space", "--scope", "read"], "use 1 to 100 printable characters"),
        (["dave", "--scope", "write", "--list", "a/b"], "list name 'a/b'"),
    ):
        assert main(["keys", "create", *refused]) == 1
        assert message in capsys.readouterr().err
    assert main(["keys", "revoke", "bob"]) == 0
    assert main(["keys", "revoke", "nobody"]) == 1
    assert "no API key named 'nobody'" in capsys.readouterr().err
    assert main(["keys", "list"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["NAME", "SCOPE", "LISTS", "CREATED", "LAST", "USED", "REVOKED"]
    assert table[1].split()[:3] == ["alice", "write", "a,b"] and table[1].split()[-2:] == ["-", "-"]
    assert table[2].split()[:3] == ["bob", "read", "*"] and table[2].endswith("UTC")
    assert main(["keys", "list", "--json"]) == 0
    listed = capsys.readouterr().out
    assert secret not in listed
    found = json.loads(listed)
    assert [(k["name"], k["scope"], k["lists"]) for k in found] == [
        ("alice", "write", ["a", "b"]),
        ("bob", "read", []),
    ]
    assert found[0]["revoked_at"] is None and found[1]["revoked_at"].endswith("Z")


def test_last_use_is_noted(app: Flask, make_key: Callable[..., str], any_database_url: str) -> None:
    secret = make_key("seen", "read")
    store = KeyStore(any_database_url)
    try:
        assert store.get("seen").last_used_at is None
        app.test_client().get("/v1/lists", headers=bearer(secret))
        used = store.get("seen").last_used_at
        assert used is not None and used >= store.get("seen").created_at
    finally:
        store.close()


def test_the_document_says_what_each_operation_needs(
    app: Flask, make_app: Callable[..., Flask], make_key: Callable[..., str], any_database_url: str
) -> None:
    """No security while open; the token guards writes alone; with keys, every operation
    on data names its scope, with 401 (and 403 where a read key falls short)."""
    open_doc = make_app().test_client().get("/v1/openapi.json").get_json()
    assert "securitySchemes" not in open_doc["components"]
    assert not any("security" in op for ops in open_doc["paths"].values() for op in ops.values())
    client = app.test_client()
    token_doc = client.get("/v1/openapi.json").get_json()
    token_ops = {(p, m): op for p, ops in token_doc["paths"].items() for m, op in ops.items()}
    assert token_ops["/v1/lists", "post"]["security"] == [{"bearer": ["write"]}]
    assert "security" not in token_ops["/v1/lists", "get"]
    assert "401" in token_ops["/v1/lists", "get"]["responses"]  # a wrong token, sent anyway

    make_key("first", "read")
    client = make_app(database_url=any_database_url, api_token=TOKEN).test_client()
    doc = client.get("/v1/openapi.json").get_json()
    assert doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    public = {"/v1/health", "/v1/plugins", "/v1/openapi.json", "/v1/docs"}
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if path in public or path.startswith("/v1/grids/"):
                assert "security" not in op, (path, method)
                continue
            scope = "read" if method == "get" or not path.startswith("/v1/lists") else "write"
            assert op["security"] == [{"bearer": [scope]}], (path, method)
            assert "401" in op["responses"], (path, method)
            owned = path.startswith("/v1/jobs/{")  # another key's job
            assert ("403" in op["responses"]) == (scope == "write" or owned), (path, method)
    page = client.get("/v1/docs").get_data(as_text=True)
    assert "bearer: write" in page and "bearer: read" in page


def test_the_first_key_closes_an_open_server_in_every_process(
    make_app: Callable[..., Flask],
    any_database_url: str,
    make_key: Callable[..., str],
) -> None:
    """An open server asks whether a key exists at most every ``FIRST_KEY_RECHECK``
    seconds; the first key made elsewhere closes it once that has passed."""
    client = make_app(database_url=any_database_url).test_client()
    assert client.get("/v1/lists").status_code == 200
    make_key("first", "read")  # by another process: this app still believes it open
    assert client.get("/v1/lists").status_code == 200
    store = client.application.extensions["crossforge"].keys
    store._recheck_at = 0.0  # as if the interval had passed
    assert client.get("/v1/lists").status_code == 401
