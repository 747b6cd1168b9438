"""The construction page on a server with API keys: it asks for a key at the first 401,
keeps it in the browser, and sends it with every call, the fill's event stream included
(read through fetch: EventSource sends no header)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import database_url, serving
from test_construction_page import WAIT_MS, new_grid, open_tab, set_block

from crossforge.server.keys import KeyStore


@pytest.fixture(scope="module")
def keyed_server(page_instance: Path) -> Iterator[tuple[str, str]]:
    """The base URL of an app whose database has a read key, and the key's secret."""
    store = KeyStore(database_url(page_instance))
    try:
        secret = store.create("page", "read")[1]
    finally:
        store.close()
    with serving(page_instance) as base:
        yield base, secret


def test_the_page_asks_for_a_key_once_and_fills_with_it(
    browser: Any, keyed_server: tuple[str, str]
) -> None:
    base, secret = keyed_server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    asked: list[str] = []
    errors: list[str] = []
    streams: list[str | None] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept(secret)

    page.on("dialog", answer)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "request",
        lambda r: (
            streams.append(r.headers.get("authorization")) if r.url.endswith("/events") else None
        ),
    )
    try:
        page.goto(base)
        page.wait_for_selector("html[data-ready]")
        new_grid(page, 5, 5)
        set_block(page, 0, 0)
        open_tab(page, "fill")
        page.click("#fill-start")
        page.wait_for_selector("#fill-accept:not([disabled])", timeout=WAIT_MS)
        assert "Filled" in page.inner_text("#fill-status")
        assert len(asked) == 1 and "needs an API key" in asked[0], asked
        assert page.evaluate("localStorage.getItem('crossforge.apiKey')") == secret
        assert streams == [f"Bearer {secret}"]
    finally:
        context.close()
    assert errors == [], f"script errors on the page: {errors}"
