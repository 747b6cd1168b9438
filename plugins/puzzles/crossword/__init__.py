"""Crosswords: the ``american`` and ``canadian`` puzzle types and their problem."""

from __future__ import annotations

from crossforge.plugins.puzzles.crossword.plugin import American, Canadian
from crossforge.plugins.puzzles.crossword.problem import CrosswordError, CrosswordProblem

__all__ = ["American", "Canadian", "CrosswordError", "CrosswordProblem"]
