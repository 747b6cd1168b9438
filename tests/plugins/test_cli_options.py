"""The options `crossforge fill` and `crossforge design` share against the schemas that
declare their request fields."""

from __future__ import annotations

from typing import Any

import click
import pytest

from crossforge.plugins.cli_options import FIELD_SCHEMAS, REQUEST_OPTIONS
from crossforge.plugins.job_requests import COMMON_OPTIONS
from crossforge.plugins.registry import registry


def _schema(field: str) -> dict[str, Any]:
    """The schema of ``field`` in the crossword type's, backtrack's or every job's."""
    owner = {
        "type": lambda: registry().puzzle_type("american").parameters,
        "strategy": lambda: registry().strategy("backtrack").parameters,
        "job": lambda: COMMON_OPTIONS,
    }[FIELD_SCHEMAS[field]]()
    properties: dict[str, dict[str, Any]] = owner["properties"]
    return properties[field]


def _option(field: str) -> tuple[click.Option, Any]:
    """The option of ``field`` and the value it gives when it is not given."""
    command = REQUEST_OPTIONS[field](click.command()(lambda **kwargs: None))
    (option,) = command.params
    assert isinstance(option, click.Option)
    return option, command.make_context("test", []).params[field]


def test_every_option_names_the_schema_of_its_field() -> None:
    assert set(REQUEST_OPTIONS) == set(FIELD_SCHEMAS)


@pytest.mark.parametrize("field", sorted(REQUEST_OPTIONS))
def test_an_option_sets_its_field_as_the_schema_declares_it(field: str) -> None:
    schema, (option, absent) = _schema(field), _option(field)
    assert option.name == field
    if "enum" in schema:
        assert isinstance(option.type, click.Choice)
        assert list(option.type.choices) == schema["enum"]
    if "minimum" in schema and isinstance(option.type, click.IntRange):
        assert option.type.min == schema["minimum"]
    if option.is_flag:  # the flag says what is not the default
        assert option.flag_value is not schema["default"]
    if "default" in schema:  # the schema's default applies: none of the option's own
        assert absent is None, field


@pytest.mark.parametrize("region", ["3", "3,²", "²A", "1" * 5000 + ",1", "1," + "1" * 5000])
def test_a_region_of_no_slot_or_cell_is_bad_input(
    region: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from crossforge.server.cli import main

    assert main(["fill", "mini-5x5", "--region", region]) == 1
    assert "expected a slot such as 17A or a cell ROW,COL" in capsys.readouterr().err
