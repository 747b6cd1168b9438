"""``scripts/topology.py`` starts the distributed topology on one machine (its own Redis
when ``redis-server`` is installed, else the test Redis), serves a fill, and stops every
process it started on SIGTERM."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from queue_support import free_port

from crossforge.server.config import ServerConfig

SCRIPT = Path(__file__).parents[2] / "scripts" / "topology.py"


def test_the_topology_script_serves_fills_and_stops_cleanly(
    tmp_path: Path, queue_url: tuple[str, str], tiny_list: str, config: ServerConfig
) -> None:
    redis_url, name = queue_url
    port = free_port()
    command = [sys.executable, str(SCRIPT), "--workers", "1", "--web", "1"]
    command += ["--bind", f"127.0.0.1:{port}", "--queue-name", name]
    if shutil.which("redis-server") is None:
        command += ["--redis", redis_url]
    env = {
        **os.environ,
        "CROSSFORGE_DATABASE_URL": config.database_url,
        "CROSSFORGE_INSTANCE": str(tmp_path / "instance"),
    }
    script = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert script.stderr is not None
        deadline = time.monotonic() + 90
        line = ""
        while "serving on" not in line:
            line = script.stderr.readline()
            assert line or script.poll() is None, "the script stopped"
            assert time.monotonic() < deadline
        body = {"grid": ["...", "...", "..."], "list": tiny_list, "wait": 30}
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/v1/fills",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            job = json.loads(answer.read())
        assert job["status"] == "succeeded", job
        assert job["result"]["grid"] == ["WAS", "ERA", "BED"]  # the list's only fill
        script.send_signal(signal.SIGTERM)
        assert script.wait(timeout=60) == 0
    finally:
        if script.poll() is None:
            script.kill()
    with pytest.raises(OSError):  # nothing listens there any more
        urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health", timeout=2)
