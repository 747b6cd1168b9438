"""The application factory: ``create_app(config)`` builds a fresh Flask app."""

from __future__ import annotations

import logging
from datetime import timedelta

from flask import Flask

from crossforge.errors import InputError
from crossforge.plugins.registry import Registry, registry
from crossforge.server.api.inputs import refuse_nul_in_url
from crossforge.server.config import ServerConfig
from crossforge.server.context import EXTENSION, Services
from crossforge.server.errors import register_error_handlers
from crossforge.server.health import writable_folder
from crossforge.server.jobs.records import FAILED, JobStore
from crossforge.server.jobs.runner import JobRunner, QueueFull
from crossforge.server.jobs.setup import open_jobs
from crossforge.server.jobs.worker import Execute
from crossforge.server.limits import limit_clients
from crossforge.wordbase.config import data_folder

log = logging.getLogger(__name__)


def create_app(
    config: ServerConfig | None = None,
    *,
    runner: JobRunner | None = None,
    plugins: Registry | None = None,
    execute: Execute | None = None,
) -> Flask:
    """A Flask app serving the ``/v1`` API on ``config`` (default: the environment).

    ``runner`` replaces the process pool, ``plugins`` the process-wide registry and
    ``execute`` the function workers run (tests use these seams).
    """
    config = (config or ServerConfig.from_env()).checked()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    app.json.sort_keys = False  # type: ignore[attr-defined]

    folder = data_folder(config.database_url)
    for needed in (folder, folder / "indexes"):
        writable_folder(needed)  # refuse to start rather than fail every request later
    if runner is None:
        if execute is None:
            from crossforge.server.jobs.tasks import execute as default_execute

            execute = default_execute
        jobs, runner = open_jobs(config, execute)
    else:
        jobs = JobStore(config.database_url)
    app.extensions[EXTENSION] = Services(config, jobs, runner, plugins or registry())

    register_error_handlers(app)
    app.before_request(refuse_nul_in_url)
    from crossforge.server.api import blueprints

    for blueprint in blueprints():
        app.register_blueprint(blueprint)
    from crossforge.server.web import bp as construction_page

    app.register_blueprint(construction_page)
    limit_clients(app, config.submit_rate, config.suggest_rate, config.rate_limit_storage)
    jobs.purge(timedelta(days=config.job_retention_days))
    if not config.queue_url:  # distributed jobs belong to their workers, not to us
        _resume(jobs, runner)
    return app


def _resume(jobs: JobStore, runner: JobRunner) -> None:
    """Fail the jobs a previous server left running; queue again those left waiting."""
    failed, queued = jobs.recover()
    if failed:
        log.warning("%d job(s) were running when the server stopped: marked failed", len(failed))
    for job in queued:
        try:
            runner.submit(job)
        except InputError as exc:  # a record this release cannot read
            jobs.finish(job.id, FAILED, error=("invalid_input", str(exc)))
        except QueueFull:
            jobs.finish(job.id, FAILED, error=("queue_full", "the queue was full at restart"))
