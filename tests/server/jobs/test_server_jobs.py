"""The job system: records, the process runner, limits, cancel, events and restarts."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from flask import Flask
from job_doubles import RefusingRunner, as_request, execute, services_of, submit, wait_for

from crossforge.server.jobs.records import JobStore
from crossforge.server.jobs.worker import Done, Task, run_task
from crossforge.wordbase.source import IndexWords


def test_job_succeeds_and_reads_back_over_http(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = submit(app, {"do": "echo", "x": 1})
    answer = app.test_client().get(f"/v1/jobs/{job.id}?wait=10")  # long-polls
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["status"] == "succeeded"
    request = as_request({"do": "echo", "x": 1}).to_json()
    assert body["result"] == {"action": "fill", "type": "test", "request": request}
    assert body["started_at"] and body["finished_at"]
    assert body["links"]["downloads"]["json"] == f"/v1/jobs/{job.id}/result.json"
    download = app.test_client().get(body["links"]["downloads"]["json"])
    assert json.loads(download.data) == body["result"]
    assert "attachment" in download.headers["Content-Disposition"]


def test_a_value_error_in_a_job_is_our_bug_not_bad_input(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = wait_for(app, submit(app, {"do": "bug"}).id, {"failed"})
    assert job.error == {"code": "internal_error", "message": "internal error: ValueError"}


def test_a_bug_in_a_job_logs_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    sent: list[object] = []

    class Channel:
        def send(self, message: object) -> None:
            sent.append(message)

    task = Task("j1", "fill", "american", as_request({"do": "bug"}), time_limit=5)
    with caplog.at_level(logging.ERROR):
        assert run_task(execute, task, IndexWords({}), threading.Event(), Channel()) is True
    (done,) = [m for m in sent if isinstance(m, Done)]
    assert (done.status, done.error) == ("failed", ("internal_error", "internal error: ValueError"))
    (record,) = [r for r in caplog.records if "job j1" in r.getMessage()]
    assert record.exc_info and "tripped over its own feet" in str(record.exc_info[1])


def test_only_a_deadline_of_the_work_fails_a_job_as_timeout() -> None:
    """A generator out of its time is ``timeout``; a bare ``TimeoutError`` (a socket's,
    a service's) is ours, ``internal_error``."""
    sent: list[object] = []

    class Channel:
        def send(self, message: object) -> None:
            sent.append(message)

    for action, error in (
        ("late", ("timeout", "no 9x9 puzzle met the request (timeout, 40 tried)")),
        ("socket", ("internal_error", "internal error: TimeoutError")),
    ):
        task = Task("j1", "fill", "american", as_request({"do": action}), time_limit=5)
        run_task(execute, task, IndexWords({}), threading.Event(), Channel())
        (done,) = [m for m in sent if isinstance(m, Done)]
        assert (done.status, done.error) == ("failed", error)
        sent.clear()


def test_failures_of_the_job_are_recorded_with_a_code(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = wait_for(app, submit(app, {"do": "fail"}).id, {"failed"})
    assert job.error == {"code": "invalid_input", "message": "the request asked to fail"}
    answer = app.test_client().get(f"/v1/jobs/{job.id}/result.json")
    assert answer.status_code == 409
    assert answer.get_json()["error"]["code"] == "no_result"


def test_worker_loads_once_and_serves_many_jobs(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    results = [wait_for(app, submit(app, {"do": "loads"}).id, {"succeeded"}) for _ in range(3)]
    assert {r.result["pid"] for r in results if r.result} == {results[0].result["pid"]}  # type: ignore[index]
    assert all(r.result and r.result["loads"] == 1 for r in results)


def test_cancel_reaches_the_running_worker(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = submit(app, {"do": "steps"})
    wait_for(app, job.id, {"running"}, until=lambda j: j.progress is not None)
    answer = app.test_client().post(f"/v1/jobs/{job.id}/cancel")
    assert answer.status_code == 202
    done = wait_for(app, job.id, {"canceled"})
    assert done.result and done.result["stopped"] == "canceled"
    assert app.test_client().post(f"/v1/jobs/{job.id}/cancel").status_code == 409


def test_cancel_of_a_queued_job_and_queue_bound(make_app: Callable[..., Flask]) -> None:
    app = make_app(max_queued=1)
    first = submit(app, {"do": "steps"})
    waiting = submit(app, {"do": "echo"})
    from crossforge.server.jobs.runner import QueueFull

    with pytest.raises(QueueFull):
        submit(app, {"do": "echo"})
    assert services_of(app).runner.counts() == {"workers": 1, "running": 1, "queued": 1}
    client = app.test_client()
    assert client.post(f"/v1/jobs/{waiting.id}/cancel").status_code == 202
    assert services_of(app).jobs.get(waiting.id).status == "canceled"
    client.post(f"/v1/jobs/{first.id}/cancel")
    wait_for(app, first.id, {"canceled"})


def test_a_job_ignoring_cancel_is_stopped_by_killing_its_worker(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(kill_grace=0.3)
    job = submit(app, {"do": "stubborn", "seconds": 30})
    wait_for(app, job.id, {"running"})
    services_of(app).runner.cancel(job.id)
    wait_for(app, job.id, {"canceled"}, timeout=5)
    after = wait_for(app, submit(app, {"do": "echo"}).id, {"succeeded"})  # a fresh worker
    assert after.result


def test_time_limit_and_dead_workers_fail_the_job(make_app: Callable[..., Flask]) -> None:
    app = make_app(job_time_limit=0.5, kill_grace=0.5)
    slow = wait_for(app, submit(app, {"do": "stubborn", "seconds": 30}).id, {"failed"})
    assert slow.error == {"code": "time_limit", "message": "the job ran past the 0.5 s time limit"}
    crashed = wait_for(app, submit(app, {"do": "crash"}).id, {"failed"})
    assert crashed.error and crashed.error["code"] == "worker_died"
    polite = wait_for(app, submit(app, {"do": "steps"}).id, {"succeeded"})
    assert polite.result and polite.result["stopped"] == "timeout"


def test_a_job_stops_within_its_own_timeout_plus_the_grace(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(job_time_limit=60.0, kill_grace=0.3)
    job = submit(app, {"do": "stubborn", "seconds": 30, "timeout": 0.5})
    stopped = wait_for(app, job.id, {"failed"}, timeout=10)
    assert stopped.error == {
        "code": "time_limit",
        "message": "the job ran past the 0.5 s time limit",
    }
    for odd in ("nan", "inf", None):  # a timeout that is no number of seconds: the job limit
        assert as_request({"timeout": float(odd) if odd else None}).seconds(60.0) == 60.0


def test_a_job_past_the_memory_limit_fails_and_its_worker_is_replaced(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(job_memory_limit=768 * 1024**2)
    first = wait_for(app, submit(app, {"do": "loads"}).id, {"succeeded"})
    small = wait_for(app, submit(app, {"do": "hog", "bytes": 128 << 20}).id, {"succeeded"})
    assert small.result == {"held": 128 << 20}
    hog = wait_for(app, submit(app, {"do": "hog"}).id, {"failed"}, timeout=30)
    assert hog.error and hog.error["code"] == "memory_limit"
    after = wait_for(app, submit(app, {"do": "loads"}).id, {"succeeded"})
    assert after.result and first.result and after.result["pid"] != first.result["pid"]
    killed = wait_for(app, submit(app, {"do": "killed"}).id, {"failed"})
    assert killed.error and killed.error["code"] == "memory_limit"
    assert wait_for(app, submit(app, {"do": "echo"}).id, {"succeeded"}).result


def test_a_job_failing_after_a_cancel_ends_canceled(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = submit(app, {"do": "give_up"}, action="generate")
    wait_for(app, job.id, {"running"})
    assert app.test_client().post(f"/v1/jobs/{job.id}/cancel").status_code == 202
    done = wait_for(app, job.id, {"canceled", "failed"})
    assert (done.status, done.error) == ("canceled", None)


def test_events_stream_status_progress_and_done(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = submit(app, {"do": "steps", "steps": 40})
    answer = app.test_client().get(f"/v1/jobs/{job.id}/events")
    assert answer.mimetype == "text/event-stream"
    events = [block for block in answer.get_data(as_text=True).split("\n\n") if "event:" in block]
    names = [block.split("event: ")[1].split("\n")[0] for block in events]
    assert names[-1] == "done" and "progress" in names and names.count("status") >= 2
    done = json.loads(events[-1].split("data: ")[1])
    assert done["status"] == "succeeded" and done["result"]["steps"] == 40


def test_restart_fails_running_jobs_and_requeues_waiting_ones(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app()
    store = services_of(app).jobs
    left_running = store.create("fill", "test", as_request({"do": "echo"}).to_json())
    store.start(left_running.id)
    left_waiting = store.create("fill", "test", as_request({"do": "echo"}).to_json())
    app2 = make_app()  # a new server on the same database
    failed = services_of(app2).jobs.get(left_running.id)
    assert failed.status == "failed"
    assert failed.error == {
        "code": "server_restarted",
        "message": "the server stopped while the job was running",
    }
    assert wait_for(app2, left_waiting.id, {"succeeded"}).result


def test_a_waiting_record_this_release_cannot_read_fails_at_restart(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app()
    unreadable = services_of(app).jobs.create("fill", "test", {"do": "echo"})  # no action
    again = services_of(make_app()).jobs.get(unreadable.id)
    assert again.status == "failed"
    assert again.error == {"code": "invalid_input", "message": "unknown action None"}


def test_records_survive_a_new_store(any_database_url: str) -> None:
    store = JobStore(any_database_url)
    job = store.create("solve", "sudoku", {"puzzle": "x"})
    assert store.start(job.id) and not store.start(job.id)
    store.report(job.id, {"nodes": 5})
    changed = store.wait_for_change(job.id, job.revision, 1.0)
    assert changed.revision > job.revision and changed.status == "running"
    store.finish(job.id, "succeeded", result={"ok": True})
    again = JobStore(any_database_url)
    found = again.get(job.id)
    assert (found.status, found.progress, found.result) == ("succeeded", {"nodes": 5}, {"ok": True})
    assert found.created_at and found.created_at.endswith("Z")
    assert not store.finish(job.id, "failed")  # a finished job stays as it ended
    left = again.create("fill", "american", {})
    again.start(left.id)
    third = JobStore(any_database_url)
    failed, queued = third.recover()
    assert [j.id for j in failed] == [left.id] and failed[0].status == "failed"
    assert queued == []
    waiting = third.create("fill", "american", {})
    assert third.purge(timedelta(days=1)) == 0
    assert third.purge(timedelta(0)) == 2  # the two finished jobs
    assert third.get(waiting.id).status == "queued"
    with pytest.raises(LookupError):
        store.get(job.id)
    for opened in (store, again, third):
        opened.engine.dispose()


def test_unknown_job_is_json_404(make_app: Callable[..., Flask]) -> None:
    answer = make_app().test_client().get("/v1/jobs/nope")
    assert answer.status_code == 404
    assert answer.get_json() == {"error": {"code": "not_found", "message": "no job 'nope'"}}


def test_wait_returns_the_finished_job_or_202_in_time(make_app: Callable[..., Flask]) -> None:
    from crossforge.server.api.jobs import queue_job

    app = make_app()
    with app.test_request_context():
        started = time.monotonic()
        late = queue_job(as_request({"do": "steps"}), wait=0.3)
        assert late.status_code == 202 and time.monotonic() - started >= 0.3  # it waited
        assert late.headers["Location"] == f"/v1/jobs/{late.get_json()['id']}"
        services_of(app).runner.cancel(late.get_json()["id"])
        wait_for(app, late.get_json()["id"], {"canceled"})
        done = queue_job(as_request({"do": "echo"}), wait=10)
        assert done.status_code == 200 and done.get_json()["status"] == "succeeded"


def test_wait_nan_is_refused_not_unbounded(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    job = wait_for(app, submit(app, {"do": "echo"}).id, {"succeeded"})
    client = app.test_client()
    for odd in ("NaN", "-NaN"):
        answer = client.get(f"/v1/jobs/{job.id}?wait={odd}")
        assert answer.status_code == 400, odd
        assert answer.get_json()["error"]["details"] == {"field": "wait"}
    assert client.get(f"/v1/jobs/{job.id}?wait=Infinity").status_code == 200  # capped


def test_a_runner_error_leaves_no_queued_record(make_app: Callable[..., Flask]) -> None:
    from crossforge.server.api.jobs import queue_job

    app = make_app(runner=RefusingRunner(RuntimeError("the runner broke")))
    with app.test_request_context(), pytest.raises(RuntimeError, match="the runner broke"):
        queue_job(as_request({"do": "echo"}), wait=0)
    assert services_of(app).jobs.list() == []
