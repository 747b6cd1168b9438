"""The construction page in a real browser: Debian's Chromium driven by Playwright.

The app runs on a loopback port with its real job runner and a default list of
wordfreq's 20,000 most frequent English words of 3-15 letters (scored by rank), a few
of them clued, one tagged by a curator, and a three-word Russian list. Every test of this
folder is skipped, with the reason, when Playwright or a Chromium is missing (``.ci/run``
installs Debian's ``chromium``; Playwright's own browser download is never used).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from page_list import RUSSIAN_LIST, TAGGED, list_lines
from services import browser_skip_reason, chromium_path

from crossforge.server.config import ServerConfig
from crossforge.wordbase.building.english.editor_tags import with_editor_tags
from crossforge.wordbase.imports import import_lines

SKIP = browser_skip_reason()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip this folder's tests, saying why, when no browser can run them."""
    if SKIP is None:
        return
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.skip(reason=SKIP))


@pytest.fixture(scope="module")
def page_instance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An instance folder whose database (``database_url``) holds the test lists."""
    from crossforge.wordbase.config import DEFAULT_LIST
    from crossforge.wordbase.store import WordStore

    folder = tmp_path_factory.mktemp("page")
    url = database_url(folder)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CROSSFORGE_INSTANCE", str(folder))
        with WordStore(url) as store:
            import_lines(store, DEFAULT_LIST, list_lines(), fmt="csv", tagger=with_editor_tags)
            for word, tag in TAGGED.items():
                entry = store.get_entry(DEFAULT_LIST, word)
                assert entry is not None, word
                store.put_entry(
                    DEFAULT_LIST,
                    word,
                    entry.score,
                    display=entry.display,
                    clues=entry.clues,
                    tags=[*entry.tags, tag],
                    source=entry.source,
                )
            store.create_list(RUSSIAN_LIST, alphabet="ru")
            for word in ("КОТ", "ОДА", "ТАК"):
                store.put_entry(
                    RUSSIAN_LIST, word, 50, clues=["Домашний зверь"] if word == "КОТ" else []
                )
    return folder


def database_url(instance: Path) -> str:
    """The URL of the SQLite database of an instance folder."""
    return f"sqlite:///{instance / 'crossforge.db'}"


@contextmanager
def serving(instance: Path) -> Iterator[str]:
    """The base URL of an app on ``instance``'s database on a loopback port, with real
    workers."""
    from crossforge.server.app import create_app
    from crossforge.server.serving import make_api_server

    config = ServerConfig(
        database_url=database_url(instance),
        workers=2,
        job_time_limit=60.0,
        wait_limit=30.0,
        max_grid_size=21,
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CROSSFORGE_INSTANCE", str(instance))
        app = create_app(config)
        server = make_api_server(app, "127.0.0.1", 0, 30.0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.port}/"
        finally:
            server.shutdown()
            server.server_close()
            app.extensions["crossforge"].close()


@pytest.fixture(scope="module")
def page_server(page_instance: Path) -> Iterator[str]:
    """The base URL of an open app on the test lists."""
    with serving(page_instance) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, headless, from the system's executable."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path())
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any, page_server: str) -> Iterator[Any]:
    """A fresh page (empty local storage) on the construction page at 1280x800; any
    script error on the page fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.goto(page_server)
    opened.wait_for_selector("html[data-ready]")
    try:
        yield opened
    finally:
        context.close()
    assert errors == [], f"script errors on the page: {errors}"
