"""Hypothesis strategies for hostile input: JSON values of every kind, with the numbers
and texts that trip ``int()``, ``float()`` and ``range()`` (huge, fractional, superscript
digits, thousands of digits), right-to-left and non-BMP text, a lone surrogate."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from crossforge.errors import InputError

LONG = "1" * 5000
"""More digits than ``int()`` reads (``sys.get_int_max_str_digits``)."""

ATOMS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.sampled_from([-1, 0, 2**63, 10**30, 10**400, -(10**400), 5.0, 1e300, -0.0])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "²", "①", "٣", "\u202eABC", "𝄞", "\ud800", "5x5", "x" * 5000, LONG])
    | st.text(max_size=6)
)


def json_values(max_leaves: int = 6) -> st.SearchStrategy[Any]:
    """Any JSON value (finite numbers), nested a little."""
    return st.recursive(
        ATOMS,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
        ),
        max_leaves=max_leaves,
    )


def reads_or_refuses(read: Callable[[], object]) -> None:
    """``read()`` either succeeds or refuses its input with an ``InputError`` that says
    why; any other exception (a bug of ours) fails the test."""
    try:
        read()
    except InputError as exc:
        assert str(exc)
