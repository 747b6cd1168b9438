"""Tents and Trees (the Tents-and-Trees article): the ``tents`` puzzle type and its parts."""

from __future__ import annotations

from crossforge.plugins.puzzles.tents.plugin import TentsType

__all__ = ["TentsType"]
