"""Sudoku (the Sudoku-annealing article): the ``sudoku`` puzzle type and its parts."""

from __future__ import annotations

from crossforge.plugins.puzzles.sudoku.plugin import SudokuType

__all__ = ["SudokuType"]
