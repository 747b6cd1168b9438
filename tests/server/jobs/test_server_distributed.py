"""The distributed runner against the real Redis: ``crossforge worker`` processes run the
jobs that web apps queue; cancel, counts, events and the queue bound work from any app."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from job_doubles import (
    buggy_strategy_execute,
    services_of,
    submit,
    wait_for,
    with_buggy_strategy,
)
from queue_support import Processes, worker_env

from crossforge.server.config import ServerConfig
from crossforge.server.jobs.distributed import HEARTBEAT_TTL
from crossforge.server.jobs.runner import QueueFull


class Cluster:
    """Web apps and worker processes sharing one queue and one database."""

    def __init__(
        self, make_app: Callable[..., Flask], settings: dict[str, Any], processes: Processes
    ):
        self._make_app = make_app
        self.settings = settings
        self.processes = processes

    def app(self, **changes: Any) -> Flask:
        """A web app on the queue (as another web process would be)."""
        return self._make_app(**{**self.settings, **changes})

    def workers(self, app: Flask, count: int) -> list[Any]:
        """Start ``count`` workers and wait until they listen."""
        started = [self.processes.worker(i) for i in range(count)]
        deadline = time.monotonic() + 20
        while services_of(app).runner.counts()["workers"] < count:
            assert time.monotonic() < deadline, self.processes.log("worker-0")
            time.sleep(0.05)
        return started


def settled(app: Flask) -> dict[str, int]:
    """The runner's counts once no job runs (a worker leaves the running set just after
    recording its job's end), or after 5 s."""
    deadline = time.monotonic() + 5
    counts: dict[str, int] = services_of(app).runner.counts()
    while counts["running"] and time.monotonic() < deadline:
        time.sleep(0.02)
        counts = services_of(app).runner.counts()
    return counts


@pytest.fixture
def cluster(
    queue_url: tuple[str, str], config: ServerConfig, make_app: Callable[..., Flask], tmp_path: Path
) -> Iterator[Cluster]:
    url, name = queue_url
    settings = {"queue_url": url, "queue_name": name, "kill_grace": 0.5}
    env_settings = {**settings, "database_url": config.database_url, "job_memory_limit": 768 << 20}
    processes = Processes(tmp_path, worker_env(env_settings, tmp_path / "instance"))
    yield Cluster(make_app, settings, processes)
    processes.stop()


def test_jobs_run_on_workers_and_any_app_waits_follows_and_counts(cluster: Cluster) -> None:
    first, second = cluster.app(), cluster.app()
    cluster.workers(first, 1)
    job = submit(first, {"do": "echo", "x": 1})
    answer = second.test_client().get(f"/v1/jobs/{job.id}?wait=10")
    assert answer.get_json()["status"] == "succeeded"
    assert answer.get_json()["result"]["request"]["type_request"] == {"do": "echo", "x": 1}

    steps = submit(first, {"do": "steps", "steps": 150})
    stream = second.test_client().get(f"/v1/jobs/{steps.id}/events")
    events = [b for b in stream.get_data(as_text=True).split("\n\n") if "event:" in b]
    names = [block.split("event: ")[1].split("\n")[0] for block in events]
    assert names[0] == "status" and "progress" in names and names[-1] == "done"
    assert json.loads(events[-1].split("data: ")[1])["result"]["steps"] == 150
    progress = [json.loads(b.split("data: ")[1]) for b in events if "event: progress" in b]
    assert all(set(p) == {"step"} for p in progress)  # the job's own reports, as sent
    assert settled(second) == {"workers": 1, "running": 0, "queued": 0}


def test_cancel_from_another_app_stops_a_running_and_a_queued_job(cluster: Cluster) -> None:
    first, second = cluster.app(), cluster.app()
    cluster.workers(first, 1)
    running = submit(first, {"do": "steps"})
    waiting = submit(first, {"do": "echo"})
    wait_for(first, running.id, {"running"})
    client = second.test_client()
    assert client.post(f"/v1/jobs/{waiting.id}/cancel").status_code == 202
    assert services_of(first).jobs.get(waiting.id).status == "canceled"
    assert client.post(f"/v1/jobs/{running.id}/cancel").status_code == 202
    done = wait_for(first, running.id, {"canceled"})
    assert done.result and done.result["stopped"] == "canceled"  # it stopped by itself
    stubborn = submit(second, {"do": "stubborn", "seconds": 30})
    wait_for(first, stubborn.id, {"running"})
    services_of(first).runner.cancel(stubborn.id)
    assert wait_for(first, stubborn.id, {"canceled"}).error is None  # its job process was killed


def test_queue_bound_is_shared_by_every_app(cluster: Cluster) -> None:
    first, second = cluster.app(max_queued=2), cluster.app(max_queued=2)
    submit(first, {"do": "echo"})
    submit(second, {"do": "echo"})
    with pytest.raises(QueueFull):
        submit(second, {"do": "echo"})
    assert services_of(first).runner.counts() == {"workers": 0, "running": 0, "queued": 2}
    answer = first.test_client().get("/v1/health").get_json()
    assert answer["jobs"]["queued"] == 2


def test_limits_hold_in_the_job_process(cluster: Cluster) -> None:
    app = cluster.app(job_time_limit=60.0)
    cluster.workers(app, 1)
    slow = wait_for(
        app, submit(app, {"do": "stubborn", "seconds": 30, "timeout": 0.5}).id, {"failed"}
    )
    assert slow.error == {"code": "time_limit", "message": "the job ran past the 0.5 s time limit"}
    crashed = wait_for(app, submit(app, {"do": "crash"}).id, {"failed"})
    assert crashed.error and crashed.error["code"] == "worker_died"
    hog = wait_for(app, submit(app, {"do": "hog"}).id, {"failed"}, timeout=60)
    assert hog.error and hog.error["code"] == "memory_limit"
    killed = wait_for(app, submit(app, {"do": "killed"}).id, {"failed"})
    assert killed.error and killed.error["code"] == "memory_limit"
    failed = wait_for(app, submit(app, {"do": "fail"}).id, {"failed"})
    assert failed.error == {"code": "invalid_input", "message": "the request asked to fail"}
    assert wait_for(app, submit(app, {"do": "echo"}).id, {"succeeded"}).result


def test_a_strategy_bug_fails_the_job_as_internal_error_with_its_traceback_logged(
    cluster: Cluster, tiny_list: str
) -> None:
    app = cluster.app(execute=buggy_strategy_execute, plugins=with_buggy_strategy())
    cluster.workers(app, 1)
    body = {"grid": ["...", "...", "..."], "list": tiny_list, "strategy": "buggy", "wait": 20}
    job = app.test_client().post("/v1/fills", json=body).get_json()
    assert (job["status"], job["error"]) == (
        "failed",
        {"code": "internal_error", "message": "internal error: ValueError"},
    )
    log = cluster.processes.log("worker-0")
    assert "Traceback" in log and "ValueError: the strategy tripped over its own feet" in log


def test_a_job_whose_worker_dies_fails_within_seconds(cluster: Cluster) -> None:
    app, other = cluster.app(), cluster.app()
    (worker,) = cluster.workers(app, 1)
    job = submit(app, {"do": "steps"})
    wait_for(app, job.id, {"running"})
    worker.send_signal(signal.SIGKILL)
    failed = wait_for(other, job.id, {"failed"}, timeout=HEARTBEAT_TTL + 5)
    assert failed.error and failed.error["code"] == "worker_died"
    assert settled(app)["running"] == 0
    restarted = cluster.app()  # a web process starting fails nobody's jobs
    left = submit(app, {"do": "echo"})
    cluster.processes.worker(1)
    assert wait_for(restarted, left.id, {"succeeded"}).result


def test_workers_keep_word_indexes_per_list_version(
    cluster: Cluster, tiny_list: str, config: ServerConfig
) -> None:
    from crossforge.wordbase.store import WordStore

    app = cluster.app()
    cluster.workers(app, 1)
    body = {"do": "index", "puzzle": {"list": tiny_list}}
    first, second = (wait_for(app, submit(app, body).id, {"succeeded"}) for _ in range(2))
    assert first.result and second.result
    assert first.result["pid"] == second.result["pid"]  # one job process for many jobs
    assert first.result["index"] == second.result["index"]  # loaded once, there
    with WordStore(config.database_url) as store:
        store.put_entry(tiny_list, "NEW", 50)
    changed = wait_for(app, submit(app, body).id, {"succeeded"})
    assert changed.result and changed.result["index"] != first.result["index"]
    assert changed.result["words"] == first.result["words"] + 1
    assert changed.result["pid"] == first.result["pid"]


def test_without_redis_a_submission_is_503_and_leaves_no_record(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    from queue_support import free_port

    app = make_app(queue_url=f"redis://127.0.0.1:{free_port()}/0", queue_name="nowhere")
    client = app.test_client()
    for answer in (
        client.post("/v1/fills", json={"grid": ["...", "...", "..."], "list": tiny_list}),
        client.get("/v1/health"),
    ):
        assert answer.status_code == 503
        assert answer.get_json()["error"]["code"] == "queue_unavailable"
        assert answer.headers["Retry-After"] == "5"
    assert services_of(app).jobs.list() == []


def test_a_job_ending_during_a_database_outage_keeps_its_result(
    postgres_schema_url: str,
    queue_url: tuple[str, str],
    make_app: Callable[..., Flask],
    tmp_path: Path,
) -> None:
    from sqlalchemy.engine import make_url
    from test_server_outage import Proxy

    target = make_url(postgres_schema_url)
    proxy = Proxy((target.host or "127.0.0.1", target.port or 5432))
    url = target.set(host="127.0.0.1", port=proxy.port).render_as_string(False)
    redis_url, name = queue_url
    settings = {"database_url": url, "queue_url": redis_url, "queue_name": name}
    processes = Processes(tmp_path, worker_env(settings, tmp_path / "instance"))
    try:
        app = make_app(**settings)
        cluster = Cluster(make_app, settings, processes)
        cluster.workers(app, 1)
        job = submit(app, {"do": "stubborn", "seconds": 1.5})
        wait_for(app, job.id, {"running"})
        time.sleep(0.3)  # under way in its job process
        proxy.cut()
        time.sleep(2.5)  # the job ends while its record cannot be written
        proxy.restore()
        app.test_client().get("/v1/health")  # may be a 503: drops the app's dead connections
        finished = wait_for(app, job.id, {"succeeded"}, timeout=60)
        assert finished.result == {"slept": 1.5}
        assert settled(app)["running"] == 0
    finally:
        processes.stop()
        proxy.cut()
