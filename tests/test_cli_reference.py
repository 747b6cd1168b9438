"""docs/cli.md is what scripts/cli_reference.py writes, and every command has help."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import click

ROOT = Path(__file__).resolve().parents[1]


def _reference() -> dict[str, Any]:
    return runpy.run_path(str(ROOT / "scripts" / "cli_reference.py"))


def test_docs_cli_md_is_up_to_date() -> None:
    reference = _reference()
    expected = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert reference["render"]() == expected, "run scripts/cli_reference.py"


def test_every_command_and_option_has_help() -> None:
    reference = _reference()
    root = reference["builtin_group"]().make_context("crossforge", [], resilient_parsing=True)
    contexts = list(reference["walk"](root))
    assert len(contexts) > 15
    for ctx in contexts:
        assert ctx.command.help, ctx.command_path
        for param in ctx.command.params:
            assert not isinstance(param, click.Option) or param.help, (ctx.command_path, param)
