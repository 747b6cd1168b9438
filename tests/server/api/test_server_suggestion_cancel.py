"""A suggestion whose client goes away (a browser aborting its request) stops its work."""

from __future__ import annotations

import json
import logging
import random
import socket
import threading
import time
from collections.abc import Callable

import pytest
from flask import Flask

from crossforge.server.config import ServerConfig
from crossforge.server.disconnect import client_gone
from crossforge.server.serving import make_api_server
from crossforge.wordbase.imports import import_lines


def test_an_abandoned_suggestion_stops(
    make_app: Callable[..., Flask], config: ServerConfig, caplog: pytest.LogCaptureFixture
) -> None:
    from crossforge.wordbase.store import WordStore

    rng = random.Random(7)  # random words of 8 letters: checking and verifying them is slow
    words = {"".join(rng.choice("ABCDEFGH") for _ in range(7)) for _ in range(3000)}
    with WordStore(config.database_url) as store:
        import_lines(store, "random", [f"{word};50" for word in sorted(words)])
    app = make_app(suggest_time_limit=30.0)
    server = make_api_server(app, "127.0.0.1", 0, client_timeout=30.0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    caplog.set_level(logging.INFO, logger="crossforge.server.api.suggestions")
    body = json.dumps(
        {
            "grid": ["......."] * 7,
            "list": "random",
            "slot": "1A",
            "verify": True,
            "limit": 1000,
            "min_score": 0,
            "options": {"timeout": 30},
        }
    ).encode()
    head = "POST /v1/suggestions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body)
            time.sleep(1.5)
        left = time.monotonic()
        while time.monotonic() - left < 10 and "went away" not in caplog.text:
            time.sleep(0.05)
        assert "went away" in caplog.text  # it would have run for 30 s
    finally:
        server.shutdown()
        server.server_close()


def test_a_connection_left_open_is_not_gone() -> None:
    ours, theirs = socket.socketpair()
    with ours, theirs:
        gone = client_gone({"werkzeug.socket": ours})
        assert not gone()
        theirs.sendall(b"GET / HTTP/1.1\r\n")  # the next request, sent ahead: not an end
        time.sleep(0.03)
        assert not gone()
        assert ours.recv(100) == b"GET / HTTP/1.1\r\n"  # peeked, never consumed
        theirs.close()
        time.sleep(0.03)
        assert gone()
    assert client_gone({})() is False
