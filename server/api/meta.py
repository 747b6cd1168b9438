"""Service-level resources: health, the plugin list, the OpenAPI document and its docs page."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from flask import Blueprint, Response, current_app, jsonify, render_template
from sqlalchemy import text

from crossforge.server.api.schemas import HEALTH, PLUGINS
from crossforge.server.context import services
from crossforge.server.openapi import Media, documented, openapi_document

bp = Blueprint("meta", __name__, url_prefix="/v1")


def crossforge_version() -> str:
    """The installed distribution's version."""
    try:
        return version("crossforge")
    except PackageNotFoundError:
        return "unknown"


@bp.get("/health")
@documented({200: HEALTH, 503: HEALTH})
def health() -> Response:
    """Liveness: the database answers; job counts; 503 when the database does not."""
    app = services()
    try:
        with app.jobs.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        database = "ok"
    except Exception as exc:  # the report must come back whatever the database says
        database = f"error: {type(exc).__name__}"
    response = jsonify(
        {
            "status": "ok" if database == "ok" else "unavailable",
            "version": crossforge_version(),
            "database": database,
            "jobs": app.runner.counts(),
        }
    )
    response.status_code = 200 if database == "ok" else 503
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
