"""Sets of small integers held in the bits of a Python int (letters, cells, states)."""

from __future__ import annotations


def set_bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` (≥ 0), lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
