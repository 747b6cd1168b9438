"""The shared solution count: what it says about uniqueness and an unsolved search."""

from __future__ import annotations

import pytest

from crossforge.plugins.puzzles.logic import Count, Grade


@pytest.mark.parametrize(
    ("found", "complete", "unique"),
    [
        (0, True, False),
        (0, False, None),
        (1, True, True),
        (1, False, None),
        (2, True, False),
        (2, False, False),
    ],
)
def test_unique_is_known_only_when_the_search_can_tell(
    found: int, complete: bool, unique: bool | None
) -> None:
    counted = Count([[i] for i in range(found)], nodes=3, complete=complete)
    assert counted.count == found
    assert counted.unique is unique


@pytest.mark.parametrize(("complete", "status"), [(True, "unsatisfiable"), (False, "gave_up")])
def test_unsolved_reports_why_no_solution_was_found(complete: bool, status: str) -> None:
    grade, stats = Grade(), {"search_nodes": 7}
    outcome = Count(complete=complete).unsolved(grade, stats)
    assert outcome.solution is None and outcome.status == status
    assert outcome.unique is (False if complete else None)
    assert outcome.grade is grade and outcome.stats == stats
