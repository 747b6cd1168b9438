"""Regex crosswords (the regex-crossword article): the ``regex`` puzzle type and its parts."""

from __future__ import annotations

from crossforge.plugins.puzzles.regexcross.plugin import RegexCrosswordType

__all__ = ["RegexCrosswordType"]
