"""Crossforge: a plugin-based crossword construction server with a word and clue database.

The names here are the plugin contract, the surface a plugin author writes against::

    from crossforge import Control, FillStrategy, Problem, SearchResult

    class MyStrategy(FillStrategy):
        def solve(self, problem: Problem, control: Control, **params) -> SearchResult: ...

A logic-puzzle type (solved by named techniques, rated and generated) subclasses
``LogicPuzzleType``, or ``GridPuzzleType`` when it has format, picture and problem
modules, and answers with ``LogicalSolve``, ``Grade``, ``Technique`` and ``Count``. Bad
input is an ``InputError`` (or ``NotFound``), work that found nothing in its time an
``OutOfTime``, anything else a bug.

``crossforge.testing`` is the conformance kit. The packages below (``server``,
``plugins``, ``wordbase``, ``grids``) are the implementation and may change between
releases. Names are imported on first use, so ``import crossforge`` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crossforge.plugins.contract import (
        Assignment,
        ClashTable,
        Control,
        Domains,
        FillStrategy,
        InputError,
        NotFound,
        Objective,
        OutOfTime,
        Problem,
        PuzzleType,
        SearchResult,
        Status,
        TableForm,
        WordSource,
    )
    from crossforge.plugins.puzzles.grid_type import GridPuzzleType
    from crossforge.plugins.puzzles.logic import (
        Count,
        Grade,
        LogicalSolve,
        LogicPuzzleType,
        Technique,
    )

__version__ = "0.1.0"

__all__ = [
    "Assignment",
    "ClashTable",
    "Control",
    "Count",
    "Domains",
    "FillStrategy",
    "Grade",
    "GridPuzzleType",
    "InputError",
    "LogicPuzzleType",
    "LogicalSolve",
    "NotFound",
    "Objective",
    "OutOfTime",
    "Problem",
    "PuzzleType",
    "SearchResult",
    "Status",
    "TableForm",
    "Technique",
    "WordSource",
    "__version__",
]
_LOGIC = {"Count", "Grade", "LogicPuzzleType", "LogicalSolve", "Technique"}
_HOMES = {name: "crossforge.plugins.contract" for name in __all__ if name != "__version__"}
_HOMES |= dict.fromkeys(_LOGIC, "crossforge.plugins.puzzles.logic")
_HOMES["GridPuzzleType"] = "crossforge.plugins.puzzles.grid_type"


def __getattr__(name: str) -> Any:
    """Import a public name from its home module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'crossforge' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
