"""The contents of the ``tiny`` word list that the ``tiny_words`` fixture builds."""

from __future__ import annotations

TINY_CLUES = {"CAT": "Mouser", "TEA": "Afternoon brew", "ARE": "Exist", "OAR": "Rowing blade"}
"""Clues the ``tiny_words`` list holds."""
