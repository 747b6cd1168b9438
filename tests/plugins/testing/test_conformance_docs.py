"""Guards: the plugin contract is documented for authors, the kit's surface is deliberate."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import crossforge.plugins.testing
from crossforge.plugins.contract import Control, FillStrategy, Problem, PuzzleType, SearchResult

PLUGINS_PAGE = Path(__file__).resolve().parents[3] / "docs" / "plugins.md"


def contract_section(cls: type) -> str:
    """The part of docs/plugins.md's '## The contract' that describes ``cls``: its own
    '### `Name`' section."""
    text = PLUGINS_PAGE.read_text("utf-8")
    contract = re.search(r"^## The contract\n.*?(?=^## |\Z)", text, re.S | re.M)
    assert contract, "docs/plugins.md has no '## The contract' section"
    heading = re.escape(f"### `{cls.__name__}`")
    match = re.search(rf"^{heading}\n.*?(?=^##|\Z)", contract.group(0), re.S | re.M)
    assert match, f"docs/plugins.md's contract has no '### `{cls.__name__}`' section"
    return match.group(0)


def public_names(cls: type) -> list[str]:
    own = {
        n
        for klass in cls.__mro__
        if klass.__module__ == "crossforge.plugins.contract"
        for n in vars(klass)
    }
    return sorted(n for n in own if not n.startswith("_"))


@pytest.mark.parametrize("cls", [Problem, FillStrategy, PuzzleType, Control, SearchResult])
def test_every_contract_member_is_documented_for_authors(cls: type) -> None:
    section = contract_section(cls)
    missing = [n for n in public_names(cls) if f"`{n}" not in section and f"{n}(" not in section]
    assert missing == [], f"docs/plugins.md does not describe {cls.__name__}.{missing}"


def test_kit_public_surface() -> None:
    for name in crossforge.plugins.testing.__all__:
        obj = getattr(crossforge.plugins.testing, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert inspect.getdoc(obj), f"crossforge.plugins.testing.{name} has no docstring"
    exported = {n for n in vars(crossforge.plugins.testing) if not n.startswith("_")}
    modules = {n for n in exported if inspect.ismodule(getattr(crossforge.plugins.testing, n))}
    assert exported - modules - {"annotations"} == set(crossforge.plugins.testing.__all__)
