"""Hostile and unlucky input: races, NUL bytes, oversized request lines, a database that
goes away. Every one is a 4xx or 503 with a JSON body, never a 500."""

from __future__ import annotations

import json
import resource
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from services import REDIS_TEST_URL, redis_url

from crossforge.errors import InputError
from crossforge.server.cli import main
from crossforge.server.config import ServerConfig
from crossforge.server.serving import make_api_server


def test_racing_creations_of_one_list_give_one_201_and_409s(
    make_app: Callable[..., Flask], any_database_url: str
) -> None:
    app = make_app(database_url=any_database_url)
    statuses: list[int] = []
    start = threading.Barrier(8)

    def create() -> None:
        client = app.test_client()
        start.wait()
        answer = client.post("/v1/lists", json={"name": "race"})
        statuses.append(answer.status_code)
        assert answer.is_json

    threads = [threading.Thread(target=create) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201] + [409] * 7


def test_nul_bytes_are_400_everywhere(make_app: Callable[..., Flask], config: ServerConfig) -> None:
    client = make_app().test_client()
    for answer in (
        client.get("/v1/jobs/ab%00cd"),
        client.get("/v1/lists/a%00b"),
        client.post("/v1/lists", json={"name": "a\u0000b"}),
        client.post("/v1/lists", json={"name": "ok", "description": "x\u0000y"}),
        client.get("/v1/lists/default-en/words?pattern=C%00T"),
    ):
        assert answer.status_code == 400, answer.get_data(as_text=True)
        assert answer.get_json()["error"]["code"] == "invalid_input"
        assert "NUL" in answer.get_json()["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [
        "[" * 1000 + "]" * 1000,
        '{"grid": ["..."], "options": {"seed": 1e400}}',
        '{"grid": ["..."], "options": {"min_score": NaN}}',
        '{"grid": ["..."], "options": {"banned": ' + "[" * 100 + "]" * 100 + "}}",
    ],
    ids=["deep", "1e400", "NaN", "deep option"],
)
def test_json_no_request_may_hold_is_a_400(make_app: Callable[..., Flask], body: str) -> None:
    answer = make_app().test_client().post("/v1/fills", data=body, content_type="application/json")
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert answer.get_json()["error"]["message"]


def test_an_empty_token_refuses_to_start(config: ServerConfig) -> None:
    with pytest.raises(InputError, match="API_TOKEN is set but empty"):
        ServerConfig(**{**config.__dict__, "api_token": ""}).checked()


@pytest.fixture
def served(make_app: Callable[..., Flask]) -> Iterator[tuple[str, int]]:
    """``crossforge serve``'s server on a free port, with a 1 s client timeout."""
    server = make_api_server(make_app(), "127.0.0.1", 0, client_timeout=1.0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "127.0.0.1", server.port
    server.shutdown()
    server.server_close()


def _exchange(address: tuple[str, int], request: bytes) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(address, timeout=5) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in header_lines)
    return int(status_line.split()[1]), headers, body


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n", 431),
        (b"GET / / HTTP/1.1\r\n\r\n", 400),
    ],
    ids=["414", "431", "400"],
)
def test_errors_before_the_app_are_json(
    served: tuple[str, int], request_bytes: bytes, status: int
) -> None:
    code, headers, body = _exchange(served, request_bytes)
    assert code == status
    assert headers["Content-Type"] == "application/json"
    assert json.loads(body)["error"]["message"]


def test_a_stalled_client_is_disconnected(served: tuple[str, int]) -> None:
    head = b"POST /v1/lists HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    with socket.create_connection(served, timeout=10) as sock:
        sock.sendall(head + b"Content-Length: 100\r\n\r\n{")  # then nothing more
        while sock.recv(65536):  # whatever it answers, the server ends the exchange
            pass  # (a server that kept it open would fail the recv after 10 s)


def test_health_names_a_held_write_lock_and_a_missing_table(
    make_app: Callable[..., Flask], config: ServerConfig
) -> None:
    import sqlite3

    client = make_app().test_client()
    assert client.get("/v1/health").status_code == 200
    path = config.database_url.removeprefix("sqlite:///")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        locked = client.get("/v1/health")
        assert locked.status_code == 503 and "locked" in locked.get_json()["database"]
        assert locked.headers["Retry-After"] == "5"
    finally:
        holder.execute("ROLLBACK")
    holder.execute("DROP TABLE word_clues")
    holder.close()
    dropped = client.get("/v1/health").get_json()
    assert dropped["database"] == "error: table(s) missing: word_clues"


def test_health_names_a_full_disk(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    client = make_app().test_client()
    usage = shutil.disk_usage("/")
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage._replace(free=1024))
    answer = client.get("/v1/health")
    assert answer.status_code == 503 and answer.get_json()["disk"].startswith("error: 0 MiB free")


def test_an_unusable_data_folder_refuses_to_start(
    make_app: Callable[..., Flask],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    url = f"sqlite:///{blocker}/sub/crossforge.db"
    with pytest.raises(InputError, match="cannot create"):
        make_app(database_url=url)
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", url)
    assert main(["serve", "--port", "0"]) == 1
    assert capsys.readouterr().err.startswith(f"crossforge: error: cannot create {blocker}/sub")


def _submit_until_refused(client: FlaskClient, count: int) -> list[int]:
    body = {"type": "sudoku", "puzzle": "1" * 81}
    return [client.post("/v1/puzzles/sudoku/rate", json=body).status_code for _ in range(count)]


def test_a_client_over_its_submission_rate_gets_429(make_app: Callable[..., Flask]) -> None:
    client = make_app(submit_rate="3/minute").test_client()
    statuses = _submit_until_refused(client, 4)
    assert statuses[:3] != [429] * 3 and statuses[3] == 429
    refused = client.post("/v1/fills", json={"grid": ["..."]})  # one budget for all jobs
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["error"]["code"] == "too_many_requests"
    assert client.get("/v1/health").status_code == 200  # reads are not counted


def test_submission_counts_are_shared_through_redis(make_app: Callable[..., Flask]) -> None:
    import redis

    if redis_url() is None:
        pytest.skip(f"Redis does not answer at {REDIS_TEST_URL}")
    connection = redis.Redis.from_url(REDIS_TEST_URL)
    # Only the limiter's counts: other tests' queues share this database meanwhile.
    for key in connection.scan_iter(match="LIMITS:LIMITER/crossforge/*"):
        connection.delete(key)
    settings = {"submit_rate": "3/minute", "rate_limit_storage": REDIS_TEST_URL}
    first, second = (make_app(**settings).test_client() for _ in range(2))  # two web processes
    assert 429 not in _submit_until_refused(first, 2)
    assert _submit_until_refused(second, 2)[-1] == 429


def test_a_regex_clue_past_the_bounds_is_a_400_at_once(make_app: Callable[..., Flask]) -> None:
    bomb = "(?:(?:(?:A{40}){40}){40})"
    puzzle = {"shape": "rect", "rows": [bomb], "cols": ["A"] * 40}
    client = make_app().test_client()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    answer = client.post("/v1/puzzles/regex/solve", json={"puzzle": puzzle, "wait": 5})
    assert answer.status_code == 400
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 50 * 1024
    assert "max_unrolled" in answer.get_json()["error"]["message"]


def test_unusable_list_names_are_400(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    for name in ("..", "a/b", "50%"):
        answer = client.post("/v1/lists", json={"name": name})
        assert answer.status_code == 400 and answer.get_json()["error"]["details"]["field"]
    assert client.get("/v1/lists").get_json()["lists"] == []


def test_a_client_over_its_suggestion_rate_gets_429(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app(suggest_rate="2/minute").test_client()
    body = {"grid": ["...", "...", "..."], "list": tiny_list}
    statuses = [client.post("/v1/suggestions", json=body).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    answer = client.post("/v1/suggestions", json=body)
    assert answer.get_json()["error"]["code"] == "too_many_requests"
    assert "suggestions" in answer.get_json()["error"]["message"]
    assert _submit_until_refused(client, 1) != [429]  # job submissions have their own budget


def test_a_rate_that_is_not_a_rate_is_refused_at_start(make_app: Callable[..., Flask]) -> None:
    for setting in ({"submit_rate": "often"}, {"suggest_rate": "5 per fortnight"}):
        with pytest.raises(InputError, match="is not a rate"):
            make_app(**setting)
