"""A database that goes away and comes back: a real PostgreSQL server behind a TCP proxy
that the test cuts and restores. Every endpoint answers 503 with Retry-After meanwhile,
the health check says what failed, and the service recovers by itself."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from job_doubles import services_of, submit, wait_for
from sqlalchemy.engine import make_url


class Proxy:
    """Forwards TCP connections from a local port to ``target``; ``cut`` refuses new
    connections and drops the open ones, ``restore`` listens again on the same port."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._listener = self._listen(0)
        self.port = self._listener.getsockname()[1]

    def _listen(self, port: int) -> socket.socket:
        listener = socket.create_server(("127.0.0.1", port), reuse_port=False)
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()
        return listener

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        self._listener.close()
        with self._lock:
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open = []

    def restore(self) -> None:
        self._listener = self._listen(self.port)


@pytest.fixture
def proxied(postgres_schema_url: str) -> Iterator[tuple[str, Proxy]]:
    url = make_url(postgres_schema_url)
    proxy = Proxy((url.host or "127.0.0.1", url.port or 5432))
    yield url.set(host="127.0.0.1", port=proxy.port).render_as_string(False), proxy
    proxy.cut()  # after the apps (requested later) are closed


def test_an_outage_is_503_everywhere_and_the_service_recovers(
    proxied: tuple[str, Proxy], make_app: Callable[..., Flask]
) -> None:
    url, proxy = proxied
    client = make_app(database_url=url).test_client()
    assert client.post("/v1/lists", json={"name": "kept"}).status_code == 201
    assert client.get("/v1/health").status_code == 200
    proxy.cut()
    for answer in (
        client.get("/v1/lists"),
        client.post("/v1/lists", json={"name": "new"}),
        client.post("/v1/fills", json={"grid": ["...", "...", "..."], "list": "kept"}),
        client.get("/v1/jobs/nosuchjob"),
    ):
        assert answer.status_code == 503, answer.get_data(as_text=True)
        assert answer.headers["Retry-After"] == "5"
        assert answer.get_json()["error"]["code"] == "database_unavailable"
    health = client.get("/v1/health")
    assert health.status_code == 503 and health.get_json()["database"].startswith("error")
    proxy.restore()
    assert client.get("/v1/health").status_code == 200
    assert [w["name"] for w in client.get("/v1/lists").get_json()["lists"]] == ["kept"]


def test_a_job_that_ends_during_an_outage_keeps_its_result(
    proxied: tuple[str, Proxy], make_app: Callable[..., Flask]
) -> None:
    url, proxy = proxied
    app = make_app(database_url=url)
    job = submit(app, {"do": "stubborn", "seconds": 1.5})
    wait_for(app, job.id, {"running"})
    time.sleep(0.3)  # under way in its worker
    proxy.cut()
    time.sleep(2.5)  # the job ends while its record cannot be written
    proxy.restore()
    finished = wait_for(app, job.id, {"succeeded"}, timeout=30)
    assert finished.result == {"slept": 1.5}
    assert services_of(app).runner.counts()["running"] == 0  # its worker slot is free again
