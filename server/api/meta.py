"""Service-level resources: health, the plugin list, the OpenAPI document and its docs page."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, render_template

from crossforge.server.api.schemas import HEALTH, PLUGINS
from crossforge.server.context import services
from crossforge.server.errors import RETRY_AFTER
from crossforge.server.openapi import Media, crossforge_version, documented, openapi_document

bp = Blueprint("meta", __name__, url_prefix="/v1")


@bp.get("/health")
@documented({200: HEALTH, 503: HEALTH})
def health() -> Response:
    """Readiness: a database round trip with the schema present (and, on SQLite, the write
    lock obtainable), free and writable disk where data lives; 503 naming what failed."""
    from crossforge.server import health as checks
    from crossforge.server.jobs.records import metadata as job_tables
    from crossforge.wordbase.config import data_folder
    from crossforge.wordbase.schema import metadata as word_tables

    app = services()
    tables = [*word_tables.tables, *job_tables.tables]
    report = {
        "database": checks.database(app.jobs.engine, tables),
        "disk": checks.disk(data_folder(app.config.database_url)),
    }
    healthy = all(value == "ok" for value in report.values())
    response = jsonify(
        {
            "status": "ok" if healthy else "unavailable",
            "version": crossforge_version(),
            **report,
            "jobs": app.runner.counts(),
        }
    )
    response.status_code = 200 if healthy else 503
    if not healthy:
        response.headers["Retry-After"] = RETRY_AFTER
    return response


@bp.get("/plugins")
@documented({200: PLUGINS})
def plugins() -> Response:
    """Every fill strategy and puzzle type, with version, parameters and load errors."""
    return jsonify({"plugins": [info.as_dict() for info in services().registry.plugins()]})


@bp.get("/openapi.json")
@documented({200: {"type": "object"}})
def openapi() -> Response:
    """This document: the OpenAPI 3.1 description of the API."""
    return jsonify(openapi_document(current_app))


@bp.get("/docs")
@documented({200: Media({"text/html": {"type": "string"}})})
def docs() -> str:
    """A human-readable page generated from the OpenAPI document."""
    return render_template("docs.html", api=openapi_document(current_app))
