"""The construction page: ``GET /`` and its assets (``/assets/…``), built on ``/v1``.

The page is plain HTML, CSS and JavaScript modules served as they are (no build step,
nothing from another host). Everything it does goes through the public API; the only
values it takes from the server directly are the ones the API does not publish: the
largest grid side and the default word list, written into the page's ``<html>``.
"""

from __future__ import annotations

from flask import Blueprint, render_template

from crossforge.server.context import services

bp = Blueprint(
    "web",
    __name__,
    static_folder="static",
    static_url_path="/assets",
    template_folder="templates",
)


@bp.get("/")
def page() -> str:
    """The construction page."""
    config = services().config
    return render_template(
        "construct.html", max_size=config.max_grid_size, default_list=config.default_list
    )
