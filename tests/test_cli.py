"""The ``crossforge`` group: entry-point commands (lazy, once, broken ones reported),
bad input told apart from our bugs, a light ``--help`` and library grid names."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from crossforge.server.cli import COMMAND_GROUP, EntryPointGroup, main

CROSSFORGE = str(Path(sys.executable).with_name("crossforge"))

FAKE_COMMANDS = '''
import click

@click.command()
@click.argument("name")
def hello(name):
    """Say hello."""
    click.echo(f"hello {name}")

@click.command()
@click.argument("kind")
def fail(kind):
    """Raise the exception KIND names, with the message 'no good'."""
    from crossforge.errors import InputError, NotFound, NotReady

    kinds = {"input": InputError, "notfound": NotFound, "notready": NotReady,
             "value": ValueError, "lookup": LookupError, "type": TypeError}
    raise kinds[kind]("no good")

NOT_A_COMMAND = 42
'''


@pytest.fixture
def fake_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module of click commands on the path, not yet imported; its name."""
    (tmp_path / "fake_commands.py").write_text(FAKE_COMMANDS)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "fake_commands"
    sys.modules.pop("fake_commands", None)


def _group(module: str) -> tuple[EntryPointGroup, list[int]]:
    """A group of fake entry points, and a list counting the reads of its source."""
    values = {
        "hello": f"{module}:hello",
        "fail": f"{module}:fail",
        "missing": "no_such_module_for_crossforge:command",
        "number": f"{module}:NOT_A_COMMAND",
    }
    points = [EntryPoint(name, value, COMMAND_GROUP) for name, value in values.items()]
    reads: list[int] = []

    def source() -> list[EntryPoint]:
        reads.append(1)
        return points

    return EntryPointGroup("crossforge", source=source), reads


def test_entry_point_commands_load_lazily_once_and_broken_ones_are_reported(
    fake_module: str,
) -> None:
    group, reads = _group(fake_module)
    runner = CliRunner()
    assert fake_module not in sys.modules
    listing = runner.invoke(group, ["--help"])
    assert listing.exit_code == 0
    assert all(name in listing.output for name in ("hello", "fail", "missing", "number"))
    assert "BROKEN: cannot load no_such_module_for_crossforge:command" in listing.output
    first = group.commands["hello"]
    for name in ("Ada", "Bob"):
        run = runner.invoke(group, ["hello", name])
        assert (run.exit_code, run.output) == (0, f"hello {name}\n")
    assert group.commands["hello"] is first and len(reads) == 1

    missing = runner.invoke(group, ["missing", "--any", "args"])
    assert missing.exit_code == 1
    assert "ModuleNotFoundError: No module named 'no_such_module_for_crossforge'" in (
        missing.output
    )
    number = runner.invoke(group, ["number"])
    assert number.exit_code == 1 and "int is not a click command" in number.output
    assert runner.invoke(group, ["hello", "again"]).exit_code == 0


@pytest.mark.parametrize("kind", ["input", "notfound", "notready"])
def test_bad_input_and_an_installation_to_fix_are_plain_errors(fake_module: str, kind: str) -> None:
    run = CliRunner().invoke(_group(fake_module)[0], ["fail", kind])
    assert (run.exit_code, run.output) == (1, "crossforge: error: no good\n")


@pytest.mark.parametrize(
    ("kind", "name"), [("value", "ValueError"), ("lookup", "LookupError"), ("type", "TypeError")]
)
def test_any_other_exception_is_an_internal_error_with_its_traceback(
    fake_module: str, kind: str, name: str
) -> None:
    run = CliRunner().invoke(_group(fake_module)[0], ["fail", kind])
    assert run.exit_code == 1
    assert run.output.startswith("Traceback (most recent call last):\n")
    assert f'raise kinds[kind]("no good")\n{name}: no good\n' in run.output
    assert run.output.endswith(
        f"internal error (a bug, not your input; please report it with "
        f"the traceback above): {name}: no good\n"
    )
    assert "crossforge: error" not in run.output


def test_a_malformed_command_line_exits_2(fake_module: str) -> None:
    run = CliRunner().invoke(_group(fake_module)[0], ["fail"])
    assert run.exit_code == 2 and "Missing argument 'KIND'" in run.output


def test_only_the_invoked_command_is_imported(fake_module: str) -> None:
    group, _ = _group(fake_module)
    run = CliRunner().invoke(group, ["hello", "Ada"])
    assert run.exit_code == 0
    assert set(group.commands) == {"hello"}


def test_an_installed_distribution_adds_a_command(tmp_path: Path) -> None:
    """A real (hand-made) distribution on PYTHONPATH, found through its metadata."""
    (tmp_path / "crossforge_hello.py").write_text(FAKE_COMMANDS)
    info = tmp_path / "crossforge_hello-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: crossforge-hello\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        f"[{COMMAND_GROUP}]\nhello = crossforge_hello:hello\nbad = crossforge_hello:gone\n"
        "fail = crossforge_hello:fail\n"
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def crossforge(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [CROSSFORGE, *args], capture_output=True, text=True, env=env, timeout=60
        )

    listing = crossforge("--help")
    assert listing.returncode == 0 and "hello" in listing.stdout and "fill" in listing.stdout
    assert "BROKEN" in listing.stdout
    assert crossforge("hello", "Ada").stdout == "hello Ada\n"
    bad = crossforge("bad")
    assert bad.returncode == 1
    assert "cannot load crossforge_hello:gone (from crossforge-hello)" in bad.stderr
    assert "AttributeError" in bad.stderr
    refused = crossforge("fail", "input")
    assert (refused.returncode, refused.stderr) == (1, "crossforge: error: no good\n")
    bug = crossforge("fail", "value")
    assert bug.returncode == 1 and bug.stderr.startswith("Traceback (most recent call last):")
    assert bug.stderr.splitlines()[-1].startswith("crossforge: internal error (a bug")
    assert crossforge("grid", "check", "mini-5x5").returncode == 0


def test_help_imports_no_heavy_library() -> None:
    script = (
        "import sys\n"
        "from crossforge.server.cli import main\n"
        "for argv in (['--help'], ['fill', '--help'], ['words', 'import', '--help'],\n"
        "             ['puzzle', 'generate', '--help'], ['grid', 'svg', '--help']):\n"
        "    assert main(argv) == 0, argv\n"
        "heavy = ('numpy', 'flask', 'sqlalchemy', 'werkzeug', 'crossforge.plugins.contract')\n"
        "print([name for name in heavy if name in sys.modules])\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "[]"


def test_no_command_shows_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "Commands:" in capsys.readouterr().err
    assert main(["puzzle"]) == 2
    assert main(["nosuch"]) == 2
    assert "No such command 'nosuch'" in capsys.readouterr().err


def test_library_grid_names_and_their_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grid", "stats", "american-15-themed", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["entries"] == 76
    assert main(["grid", "check", "hex-side-3"]) == 1
    assert "hex-side-3 is a hexagon" in capsys.readouterr().err
    assert main(["grid", "check", "no-such-grid"]) == 1
    assert "no-such-grid: no such file or library grid" in capsys.readouterr().err


def test_grid_names_complete_from_the_library() -> None:
    from crossforge.grids.cli import GridSource

    command = click.Command("x")
    found = GridSource().shell_complete(click.Context(command), click.Argument(["f"]), "mini")
    assert [item.value for item in found] == ["mini-5x5", "mini-7x7", "mini"]


@pytest.mark.parametrize(
    ("variable", "url"),
    [
        ("CROSSFORGE_DATABASE_URL", "postgresql+psycopg://127.0.0.1:1/nothing"),
        ("CROSSFORGE_QUEUE_URL", "redis://127.0.0.1:1/0"),
    ],
)
def test_a_service_that_does_not_answer_is_a_plain_error(
    tmp_path: Path, variable: str, url: str
) -> None:
    """Port 1 refuses: the operator reads which service, never a traceback."""
    env = {**os.environ, "CROSSFORGE_INSTANCE": str(tmp_path), variable: url}
    command = ["words", "lists"] if variable == "CROSSFORGE_DATABASE_URL" else ["worker"]
    run = subprocess.run(
        [CROSSFORGE, *command], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 1, run.stderr
    assert "crossforge: error: a service does not answer: " in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and "refused" in run.stderr.lower()
