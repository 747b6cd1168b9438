"""Guards that keep docs/ and the code together.

- every route of the app has its section in docs/http-api.md, and every section names a
  route that exists;
- every setting (``ServerConfig`` field, ``CROSSFORGE_*`` name read in the code) is in
  docs/configuration.md;
- every option of every built-in plugin is named on that plugin's page;
- every ``curl`` example of docs/ runs against an app on a temporary database holding a
  small default word list, with the real job pipeline, and answers what the page says.

An example's expected status is 2xx unless a comment line right above it in its block
says ``# answers NNN …``. ``JOB_ID`` stands for the job the latest earlier example of
the same page created. A block may write the files its examples send
(``cat > FILE <<'EOF'`` … ``EOF``); other ``@FILE`` paths are read from the repository.
"""

from __future__ import annotations

import io
import json
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from crossforge.plugins.job_requests import COMMON_OPTIONS
from crossforge.plugins.registry import Registry
from crossforge.server.app import create_app
from crossforge.server.config import ServerConfig
from crossforge.server.jobs.tasks import execute
from crossforge.wordbase.config import DEFAULT_LIST

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CODE_FOLDERS = ("server", "plugins", "wordbase", "grids")

PUZZLE_PAGES = {
    "american": "puzzles/crosswords.md",
    "canadian": "puzzles/crosswords.md",
    "regex": "puzzles/regex.md",
    "sudoku": "puzzles/sudoku.md",
    "tents": "puzzles/tents.md",
    "shikaku": "puzzles/shikaku.md",
}
"""The page documenting each built-in puzzle type (strategies: docs/fill-engine.md)."""

WORDS = {
    # A fill of the library's mini-5x5 (the grid of the fill examples), with clues.
    "CREW": (75, "Ship's company"),
    "THINE": (60, "Yours, of old"),
    "HANDS": (84, "Deckhands"),
    "ASSET": (61, "Something of value"),
    "NEED": (90, "Require"),
    "CHASE": (68, "Pursue"),
    "RINSE": (55, "Wash lightly"),
    "ENDED": (80, "Finished"),
    "WEST": (85, "Where the sun sets"),
    "THAN": (90, "Compared with"),
    # For the search example (pattern C.T).
    "CAT": (80, "Mouser"),
    "COT": (50, "Camp bed"),
    "CUT": (70, "Snip"),
}
"""The default list of the example server: enough for every fill example to fill."""


def _app(tmp: Path) -> Flask:
    config = ServerConfig(
        database_url=f"sqlite:///{tmp / 'crossforge.db'}",
        workers=1,
        job_time_limit=30.0,
        wait_limit=30.0,
    )
    app = create_app(config, execute=execute)
    app.testing = True
    return app


def _close(app: Flask) -> None:
    app.extensions["crossforge"].close()


# -- every endpoint ---------------------------------------------------------------

ROUTE_HEADING = re.compile(r"^#+ .*$", re.M)
DOCUMENTED_ROUTE = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/[^`\s]*)`")
PLACEHOLDERS = {"job_id": "id"}
"""Flask's ``<job_id>`` is ``{id}`` on the page; every other ``<x>`` is ``{x}``."""


def _routes(app: Flask) -> set[str]:
    found = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(
            r"<(?:[^:>]+:)?([^>]+)>",
            lambda m: "{" + PLACEHOLDERS.get(m.group(1), m.group(1)) + "}",
            rule.rule,
        )
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.add(f"{method} {path}")
    return found


def _section_routes() -> set[str]:
    """Every ``METHOD /path`` named in a heading of docs/http-api.md."""
    text = (DOCS / "http-api.md").read_text("utf-8")
    return {
        f"{method} {path}"
        for heading in ROUTE_HEADING.findall(text)
        for method, path in DOCUMENTED_ROUTE.findall(heading)
    }


def test_every_endpoint_has_a_section_in_the_http_api_page(tmp_path: Path) -> None:
    app = _app(tmp_path)
    try:
        routes = _routes(app)
    finally:
        _close(app)
    assert len(routes) > 20
    documented = _section_routes()
    missing = sorted(routes - documented)
    assert missing == [], f"docs/http-api.md has no '### `METHOD /path`' section for {missing}"
    stale = sorted(documented - routes)
    assert stale == [], f"docs/http-api.md documents routes the app does not have: {stale}"


# -- every setting ----------------------------------------------------------------


def _settings_read_in_code() -> set[str]:
    names = set()
    for folder in CODE_FOLDERS:
        for source in sorted((ROOT / folder).rglob("*.py")):
            names.update(re.findall(r"\bCROSSFORGE_[A-Z][A-Z_]*[A-Z]\b", source.read_text("utf-8")))
    return names


def test_every_setting_is_documented() -> None:
    text = (DOCS / "configuration.md").read_text("utf-8")
    from_config = {f"CROSSFORGE_{f.name.upper()}" for f in fields(ServerConfig)}
    read = _settings_read_in_code()
    assert {"CROSSFORGE_DATABASE_URL", "CROSSFORGE_INSTANCE", "CROSSFORGE_PLUGINS"} <= read
    missing = sorted(name for name in from_config | read if f"`{name}`" not in text)
    assert missing == [], f"docs/configuration.md does not document {missing}"


# -- every plugin option ----------------------------------------------------------


def _builtin_plugins() -> dict[str, Any]:
    return {p.name: p for p in Registry().plugins() if p.distribution == "crossforge"}


def _page_of(plugin: Any) -> str:
    return "fill-engine.md" if plugin.role == "strategy" else PUZZLE_PAGES[plugin.name]


BUILTINS = _builtin_plugins()


def test_every_builtin_plugin_has_a_page() -> None:
    assert {"backtrack", "genetic", "annealing"} | set(PUZZLE_PAGES) <= set(BUILTINS)
    broken = {name: p.error for name, p in BUILTINS.items() if p.error}
    assert broken == {}
    unpaged = sorted(
        n for n, p in BUILTINS.items() if p.role != "strategy" and n not in PUZZLE_PAGES
    )
    assert unpaged == [], f"add the docs page of {unpaged} to PUZZLE_PAGES"


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_every_plugin_option_is_on_the_plugin_page(name: str) -> None:
    plugin = BUILTINS[name]
    page = _page_of(plugin)
    text = (DOCS / page).read_text("utf-8")
    options = plugin.parameters.get("properties", {})
    assert options, f"{name} declares no options"
    missing = sorted(option for option in options if f"`{option}`" not in text)
    assert missing == [], f"docs/{page} does not name {name}'s options {missing}"


def test_job_options_are_in_the_http_api_page() -> None:
    text = (DOCS / "http-api.md").read_text("utf-8")
    options = COMMON_OPTIONS["properties"]
    assert {"timeout", "seed"} <= set(options)
    assert [o for o in options if f"`{o}`" not in text] == []


# -- every curl example -----------------------------------------------------------

EXAMPLE_PAGES = sorted(
    [*DOCS.glob("*.md"), *(DOCS / "puzzles").glob("*.md")], key=lambda p: p.relative_to(DOCS)
)
HEREDOC = re.compile(r"^cat\s*>\s*(\S+)\s*<<-?\s*(['\"]?)(\w+)\2\s*$")
EXPECTED = re.compile(r"^#.*\banswers (\d{3})\b")
HOST = "localhost:8000"
SHORT_FLAGS = set("sSiNLfv")
"""Single-letter curl flags that take no value and change nothing a test checks."""
LONG_FLAGS = {
    "--silent",
    "--show-error",
    "--include",
    "--no-buffer",
    "--location",
    "--fail",
    "--verbose",
    "--compressed",
}


@dataclass(frozen=True)
class Example:
    """One ``curl`` command of a page: where it is, its text and its expected status."""

    page: str
    index: int
    line: int
    command: str
    expected: int | None

    @property
    def id(self) -> str:
        return f"{self.page}#{self.index}"

    @property
    def name(self) -> str:
        return f"{self.id} (line {self.line})"


@dataclass
class Page:
    """A page's ``curl`` examples, in order, and the files its blocks write."""

    name: str
    examples: list[Example] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)


def _sh_blocks(text: str) -> Iterator[tuple[int, list[str]]]:
    """Each ```sh block as (line number of its first line, its lines)."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() in ("```sh", "```bash", "```shell"):
            start, i = i + 2, i + 1
            body = []
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            yield start, body
        i += 1


def read_page(path: Path) -> Page:
    """The examples and files of one page."""
    page = Page(str(path.relative_to(DOCS)))
    for start, body in _sh_blocks(path.read_text("utf-8")):
        comment: list[str] = []
        i = 0
        while i < len(body):
            line, first = body[i].strip(), start + i
            heredoc = HEREDOC.match(line)
            if heredoc:
                end = body.index(heredoc.group(3), i + 1)
                page.files[heredoc.group(1)] = "".join(f"{x}\n" for x in body[i + 1 : end])
                i, comment = end + 1, []
                continue
            while line.endswith("\\") and i + 1 < len(body):
                i += 1
                line = line[:-1] + " " + body[i].strip()
            i += 1
            if line.startswith("#"):
                comment.append(line)
                continue
            if line.startswith("curl "):
                expected = [int(m.group(1)) for c in comment if (m := EXPECTED.match(c))]
                index = len(page.examples)
                status = expected[-1] if expected else None
                page.examples.append(Example(page.name, index, first, line, status))
            comment = []
    return page


PAGES = {page.name: page for page in map(read_page, EXAMPLE_PAGES)}
EXAMPLES = [example for page in PAGES.values() for example in page.examples]


class UnsupportedCurl(ValueError):
    """The example uses a curl feature this translation does not know."""


@dataclass
class CurlRequest:
    """A curl command as a Flask test-client call."""

    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: bytes | None = None
    form: dict[str, list[Any]] | None = None

    def send(self, client: FlaskClient) -> TestResponse:
        target = f"{self.path}?{self.query}" if self.query else self.path
        if self.form is not None:
            return client.open(
                target,
                method=self.method,
                headers=self.headers,
                data=self.form,
                content_type="multipart/form-data",
            )
        return client.open(target, method=self.method, headers=self.headers, data=self.body)


def _file(name: str, files: Path) -> Path:
    for folder in (files, ROOT):
        if (folder / name).is_file():
            return folder / name
    raise UnsupportedCurl(f"@{name}: neither a file the page writes nor one in the repository")


def _data(value: str, files: Path, binary: bool) -> bytes:
    if not value.startswith("@"):
        return value.encode()
    content = _file(value[1:], files).read_bytes()
    return content if binary else content.replace(b"\r", b"").replace(b"\n", b"")


def _form_part(spec: str, files: Path) -> tuple[str, Any]:
    name, sep, value = spec.partition("=")
    if not sep:
        raise UnsupportedCurl(f"-F {spec!r}: expected name=value")
    if value.startswith("<"):
        return name, _file(value[1:], files).read_text("utf-8")
    if not value.startswith("@"):
        return name, value
    path, *params = value[1:].split(";")
    settings = dict(p.split("=", 1) for p in params)
    unknown = set(settings) - {"type", "filename"}
    if unknown:
        raise UnsupportedCurl(f"-F {spec!r}: unknown {sorted(unknown)}")
    source = _file(path, files)
    filename = settings.get("filename", source.name)
    content_type = settings.get("type", "application/octet-stream")
    return name, (io.BytesIO(source.read_bytes()), filename, content_type)


def translate(command: str, files: Path) -> CurlRequest:
    """The request ``command`` (a curl command line) makes, files read from ``files``
    (what the page wrote) or the repository."""
    args = shlex.split(command, comments=True)
    if args[0] != "curl":
        raise UnsupportedCurl(f"not a curl command: {command!r}")
    method: str | None = None
    headers: dict[str, str] = {}
    data: list[bytes] = []
    form: dict[str, list[Any]] = {}
    get = False
    urls: list[str] = []
    rest = iter(args[1:])

    def value(option: str) -> str:
        try:
            return next(rest)
        except StopIteration:
            raise UnsupportedCurl(f"{option} needs a value") from None

    for arg in rest:
        if arg in ("-X", "--request"):
            method = value(arg)
        elif arg in ("-H", "--header"):
            header, sep, text = value(arg).partition(":")
            if not sep:
                raise UnsupportedCurl(f"header without ':' in {command!r}")
            headers[header.strip()] = text.strip()
        elif arg in ("-d", "--data", "--data-ascii"):
            data.append(_data(value(arg), files, binary=False))
        elif arg == "--data-binary":
            data.append(_data(value(arg), files, binary=True))
        elif arg == "--data-raw":
            data.append(value(arg).encode())
        elif arg in ("-F", "--form"):
            name, part = _form_part(value(arg), files)
            form.setdefault(name, []).append(part)
        elif arg in ("-G", "--get"):
            get = True
        elif arg in ("-o", "--output"):
            value(arg)
        elif arg in LONG_FLAGS or (
            re.fullmatch(r"-[A-Za-z]+", arg) and set(arg[1:]) <= SHORT_FLAGS
        ):
            continue
        elif arg.startswith("-"):
            raise UnsupportedCurl(f"curl option {arg!r} (teach tests/test_docs.py)")
        else:
            urls.append(arg)
    if len(urls) != 1:
        raise UnsupportedCurl(f"expected one URL, found {urls}")
    if data and form:
        raise UnsupportedCurl("both -d and -F")
    url = urlsplit(urls[0] if "://" in urls[0] else f"http://{urls[0]}")
    if url.scheme != "http" or url.netloc != HOST:
        raise UnsupportedCurl(f"examples talk to http://{HOST}, not {urls[0]}")
    query = url.query
    body = b"&".join(data) if data else None
    if get:
        query = "&".join(q for q in (query, (body or b"").decode()) if q)
        body = None
    if method is None:
        method = "POST" if (body is not None or form) and not get else "GET"
    if body is not None and not any(h.lower() == "content-type" for h in headers):
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    return CurlRequest(method, url.path, query, headers, body, form or None)


@dataclass
class Outcome:
    """What an example got: its request's answer, or why it could not be sent."""

    status: int = 0
    content_type: str = ""
    body: bytes = b""
    problem: str | None = None

    def json(self) -> Any:
        return json.loads(self.body)


class PageRun:
    """An app for one page, on its own database and files, running its examples in order."""

    def __init__(self, page: Page, tmp: Path) -> None:
        self.page = page
        self.files = tmp / "files"
        self.files.mkdir()
        for name, content in page.files.items():
            (self.files / name).write_text(content, "utf-8")
        from crossforge.wordbase.store import WordStore

        self.app = _app(tmp)
        with WordStore(self.app.extensions["crossforge"].config.database_url) as store:
            store.create_list(DEFAULT_LIST)
            for word, (score, clue) in WORDS.items():
                store.put_entry(DEFAULT_LIST, word, score, clues=[clue])
        self.client = self.app.test_client()
        self.outcomes: list[Outcome] = []
        self.job_id: str | None = None

    def outcome(self, index: int) -> Outcome:
        """The outcome of example ``index``, running the examples before it first."""
        while len(self.outcomes) <= index:
            self.outcomes.append(self._run(self.page.examples[len(self.outcomes)]))
        return self.outcomes[index]

    def _run(self, example: Example) -> Outcome:
        command = example.command
        if "JOB_ID" in command:
            if self.job_id is None:
                return Outcome(problem="JOB_ID, but no earlier example of the page made a job")
            command = command.replace("JOB_ID", self.job_id)
        try:
            request = translate(command, self.files)
        except (UnsupportedCurl, ValueError) as exc:
            return Outcome(problem=f"cannot translate: {exc}")
        try:
            answer = request.send(self.client)
        except Exception as exc:  # the app raised instead of answering: report it here
            return Outcome(problem=f"the request raised {type(exc).__name__}: {exc}")
        outcome = Outcome(answer.status_code, answer.mimetype or "", answer.get_data())
        if request.method == "POST" and outcome.content_type == "application/json":
            document = outcome.json()
            if isinstance(document, dict) and {"id", "kind", "status"} <= set(document):
                self.job_id = document["id"]
        return outcome

    def close(self) -> None:
        _close(self.app)


class PageRuns(dict[str, PageRun]):
    """The example server of each page, made when the page's first example runs."""

    def __init__(self, tmp: pytest.TempPathFactory) -> None:
        super().__init__()
        self.tmp = tmp

    def __missing__(self, name: str) -> PageRun:
        run = PageRun(PAGES[name], self.tmp.mktemp(name.replace("/", "-")))
        self[name] = run
        return run


@pytest.fixture(scope="module")
def page_runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PageRuns]:
    """The pages' example servers, their word indexes in a temporary instance folder."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CROSSFORGE_INSTANCE", str(tmp_path_factory.mktemp("instance")))
        patch.delenv("CROSSFORGE_API_TOKEN", raising=False)
        runs = PageRuns(tmp_path_factory)
        try:
            yield runs
        finally:
            for run in runs.values():
                run.close()


def _check_job(job: dict[str, Any], status: int) -> None:
    """A job document: a finished job succeeded with a real answer."""
    assert job["status"] != "failed", job.get("error")
    if status == 202:
        assert job["status"] in ("queued", "running"), job["status"]
        return
    if job["status"] != "succeeded":
        return
    result = job["result"]
    if job["kind"] == "fill":
        assert result["status"] == "filled", result
    elif job["kind"] in ("solve", "rate"):
        assert result["status"] == "solved", result


def test_the_pages_have_curl_examples() -> None:
    counts = {name: len(page.examples) for name, page in PAGES.items() if page.examples}
    assert counts.get("http-api.md", 0) >= 25 and counts.get("getting-started.md", 0) >= 2, counts


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_curl_example_answers_as_documented(example: Example, page_runs: PageRuns) -> None:
    outcome = page_runs[example.page].outcome(example.index)
    assert outcome.problem is None, f"{example.name}: {outcome.problem}\n{example.command}"
    body = outcome.body.decode("utf-8", "replace")
    what = f"{example.name} answered {outcome.status}: {body[:2000]}\n{example.command}"
    assert outcome.status < 500, what
    if example.expected is None:
        assert 200 <= outcome.status < 300, what
    else:
        assert outcome.status == example.expected, what
    if outcome.content_type == "application/json":
        document = outcome.json()
        if outcome.status >= 400:
            assert {"code", "message"} <= set(document["error"]), what
        elif isinstance(document, dict) and {"id", "kind", "status"} <= set(document):
            _check_job(document, outcome.status)
    elif outcome.content_type == "text/event-stream":
        assert "event: done" in body, what
