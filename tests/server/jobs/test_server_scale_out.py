"""Scaled out on one machine, every part real: gunicorn web processes and ``crossforge
worker`` processes on the test Redis and PostgreSQL. Jobs are cancelled through a web
process that did not accept them, followed through a third, and a worker is killed
mid-job; every job still ends as documented and nothing stays queued or running."""

from __future__ import annotations

import json
import signal
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from queue_support import Processes, free_port, worker_env
from rq.job import Job as QueueJob

from crossforge.server.app import create_app
from crossforge.server.config import ServerConfig
from crossforge.wordbase.imports import import_lines

GUNICORN = str(Path(sys.executable).parent / "gunicorn")
QUICK = ["#....", ".....", ".....", ".....", "....#"]
"""Fills in well under a second from the list below."""
ENDLESS = ["......"] * 6
"""No fill found within its timeout: runs until stopped."""


class Client:
    """JSON over HTTP to one web server (the standard library's urllib)."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=90) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path: str) -> Any:
        return self.call("GET", path)[1]


def word_list(url: str) -> set[str]:
    """The list 'words' (wordfreq's top English words) in the database at ``url``."""
    from wordfreq import top_n_list, zipf_frequency

    from crossforge.wordbase.building.english.editor_tags import with_editor_tags
    from crossforge.wordbase.store import WordStore

    words = [w for w in top_n_list("en", 20000) if w.isascii() and w.isalpha() and len(w) > 2]
    with WordStore(url) as store:
        import_lines(
            store,
            "words",
            [f"{w};{min(100, int(zipf_frequency(w, 'en') * 12))}" for w in words],
            "stwl",
            tagger=with_editor_tags,
        )
    return {w.upper() for w in words}


def web(processes: Processes, name: str, count: int) -> Client:
    """Start gunicorn with ``count`` web processes; a client for it."""
    port = free_port()
    processes.env["WEB_CONCURRENCY"] = str(count)
    processes.start(
        GUNICORN,
        "-c",
        "python:crossforge.server.gunicorn_conf",
        "--bind",
        f"127.0.0.1:{port}",
        name=name,
    )
    return Client(f"http://127.0.0.1:{port}")


def answering(client: Client, processes: Processes, name: str) -> Client:
    """``client`` once its server answers (at most 60 s)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            if client.call("GET", "/v1/health")[0] == 200:
                return client
        except OSError:
            pass
        assert time.monotonic() < deadline, processes.log(name)
        time.sleep(0.1)


def running(client: Client, job_id: str) -> None:
    deadline = time.monotonic() + 30
    while client.get(f"/v1/jobs/{job_id}")["status"] != "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_web_processes_and_workers_share_every_job(
    postgres_schema_url: str, queue_url: tuple[str, str], tmp_path: Path
) -> None:
    redis_url, name = queue_url
    url = postgres_schema_url
    settings = {
        "database_url": url,
        "queue_url": redis_url,
        "queue_name": name,
        "kill_grace": 1,
        "default_list": "words",
    }
    processes = Processes(tmp_path, worker_env(settings, tmp_path / "instance"))
    workers = [processes.worker(i) for i in range(2)]
    accepting = web(processes, "web-a", 2)
    canceling = web(processes, "web-b", 1)
    third = create_app(ServerConfig(**settings))  # a web process in this one
    try:
        known = word_list(url)  # while the others start
        answering(accepting, processes, "web-a")
        answering(canceling, processes, "web-b")

        def fill(grid: list[str], timeout: int = 30) -> str:
            body = {"grid": grid, "options": {"timeout": timeout, "min_score": 0}}
            status, answer = accepting.call("POST", "/v1/fills", body)
            assert status == 202, answer
            job_id: str = answer["id"]
            return job_id

        doomed = fill(ENDLESS)  # its worker is killed
        running(accepting, doomed)
        canceled = fill(ENDLESS)
        running(accepting, canceled)
        quick = [fill(QUICK) for _ in range(18)]

        events: list[str] = []
        stream = threading.Thread(
            target=lambda: events.extend(
                third.test_client()
                .get(f"/v1/jobs/{quick[0]}/events")
                .get_data(as_text=True)
                .split("\n\n")
            )
        )
        stream.start()
        assert canceling.call("POST", f"/v1/jobs/{canceled}/cancel")[0] == 202

        killed_on = QueueJob.fetch(doomed, connection=third.extensions["crossforge"].runner._redis)
        index = int(str(killed_on.worker_name).rsplit("-w", 1)[1])
        workers[index].send_signal(signal.SIGKILL)
        processes.worker(2)  # a replacement

        deadline = time.monotonic() + 120  # for all of them: a stuck queue fails, not hangs
        finished = {
            job_id: accepting.get(
                f"/v1/jobs/{job_id}?wait={max(1, int(deadline - time.monotonic()))}"
            )
            for job_id in [doomed, canceled, *quick]
        }
        stream.join(timeout=60)
    finally:
        processes.stop()
        third.extensions["crossforge"].close()

    assert finished[canceled]["status"] == "canceled"
    assert finished[doomed]["status"] == "failed"
    assert finished[doomed]["error"]["code"] == "worker_died"
    for job_id in quick:
        job = finished[job_id]
        assert job["status"] == "succeeded", job
        assert valid_fill(job["result"], known)
    names = [block.split("event: ")[1].split("\n")[0] for block in events if "event:" in block]
    assert names[0] == "status" and names[-1] == "done", events
    done = json.loads([b for b in events if "event: done" in b][0].split("data: ")[1])
    assert done["status"] == "succeeded" and done["result"] == finished[quick[0]]["result"]

    store = third.extensions["crossforge"].jobs
    assert store.list(statuses=("queued", "running")) == []
    counts = third.extensions["crossforge"].runner.counts()
    assert (counts["running"], counts["queued"]) == (0, 0)


def valid_fill(result: dict[str, Any], known: set[str]) -> bool:
    """The grid is filled, its entries are what its rows and columns read, and every one
    is a word of the list."""
    grid = result["grid"]
    if result["status"] != "filled" or any("." in row for row in grid):
        return False
    lines = [*grid, *("".join(column) for column in zip(*grid, strict=True))]
    runs = [run for line in lines for run in line.split("#") if len(run) > 1]
    words = [entry["word"] for entry in result["entries"]]
    return sorted(runs) == sorted(words) and set(words) <= known


pytestmark = pytest.mark.postgres
