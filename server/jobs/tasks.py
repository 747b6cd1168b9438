"""What a worker does with a task: the request seam and the pipeline do the work."""

from __future__ import annotations

from typing import Any

from crossforge.plugins.contract import Control, WordSource
from crossforge.plugins.pipeline import run_request
from crossforge.plugins.registry import registry
from crossforge.server.jobs.worker import Task


def execute(task: Task, control: Control, words: WordSource) -> dict[str, Any]:
    """Run one job's checked request and return its JSON result (the problem is built
    here, once in this process)."""
    return run_request(task.request, registry(), words, control)
