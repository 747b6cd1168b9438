"""End to end: ``crossforge serve`` in a subprocess on a free loopback port; a fill is
submitted, its events followed and its .puz downloaded and read with puzpy."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import puz
import pytest

from crossforge.server.config import ServerConfig

CROSSFORGE = Path(sys.executable).with_name("crossforge")


@pytest.fixture
def served(tmp_path: Path, config: ServerConfig, tiny_list: str) -> Iterator[str]:
    """The base URL of a running ``crossforge serve`` on the test database."""
    env = dict(os.environ, CROSSFORGE_DATABASE_URL=config.database_url)
    env["CROSSFORGE_INSTANCE"] = str(tmp_path / "instance")
    log = tmp_path / "serve.log"
    with log.open("w") as sink:
        process = subprocess.Popen(
            [str(CROSSFORGE), "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1"],
            env=env,
            stderr=sink,
        )
    try:
        deadline = time.monotonic() + 30
        found = None
        while found is None and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
            found = re.search(r"serving on (http://127\.0\.0\.1:\d+)", log.read_text())
        assert found, log.read_text()
        yield found.group(1)
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=15) == 0


def _post(url: str, body: dict[str, object]) -> tuple[int, dict[str, str], dict[str, object]]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, dict(answer.headers), json.load(answer)


def test_serve_fill_follow_events_download_puz(served: str) -> None:
    status, headers, job = _post(
        f"{served}/v1/fills", {"grid": ["...", "...", "..."], "list": "tiny"}
    )
    assert status == 202 and headers["Location"] == f"/v1/jobs/{job['id']}"
    names: list[str] = []
    done: dict[str, object] = {}
    with urllib.request.urlopen(f"{served}{headers['Location']}/events", timeout=30) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        event = ""
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[len("event: ") :]
                names.append(event)
            elif line.startswith("data: ") and event == "done":
                done = json.loads(line[len("data: ") :])
    assert names[0] == "status" and names[-1] == "done"
    assert done["status"] == "succeeded"
    links = done["links"]
    assert isinstance(links, dict)
    with urllib.request.urlopen(f"{served}{links['downloads']['puz']}", timeout=10) as answer:
        across_lite = puz.load(answer.read())
    assert across_lite.solution == "WASERABED"
    assert (across_lite.width, across_lite.height) == (3, 3)
