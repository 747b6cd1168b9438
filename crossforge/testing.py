"""The conformance kit: check a fill strategy or a puzzle type from pytest.

    from crossforge.testing import check_puzzle_type, check_strategy

See ``crossforge.plugins.testing`` for what each check covers.
"""

from __future__ import annotations

from crossforge.plugins.testing import *  # noqa: F403
from crossforge.plugins.testing import __all__ as __all__
