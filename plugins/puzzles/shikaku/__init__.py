"""Shikaku (the Shikaku article): the ``shikaku`` puzzle type and its parts."""

from __future__ import annotations

from crossforge.plugins.puzzles.shikaku.plugin import ShikakuType

__all__ = ["ShikakuType"]
