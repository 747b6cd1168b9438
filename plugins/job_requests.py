"""Requests: raw input (a JSON body, a text grid with query options, form fields, CLI
arguments) becomes one checked, immutable ``JobRequest``; the CLI, every view and the
worker go through here.

A raw request is a mapping::

    {"type": "american", "strategy": "backtrack",          # who does the work
     "grid": [...], "list": "default-en",                   # the puzzle type's own fields
     "options": {"min_score": 30, "timeout": 10, "seed": 7, "restarts": "luby"}}

``options`` holds the job's common options (``timeout``, ``seed``), the strategy's
parameters and the puzzle type's options, told apart by the plugins' parameter schemas
(JSON Schema, checked by ``jsonschema``). Defaults come from those schemas alone. Every
check on the content is the puzzle type's (``PuzzleType.check``), so a third-party type
gets the same early refusal as the built-in ones.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import os
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from crossforge.errors import shown
from crossforge.grids.crossword_file import SURROGATE
from crossforge.plugins.contract import (
    ACTIONS,
    Action,
    Control,
    FillStrategy,
    InputError,
    Problem,
    PuzzleType,
    WordSource,
)
from crossforge.plugins.registry import Registry

if TYPE_CHECKING:
    from crossforge.plugins.puzzles.logic import LogicPuzzleType

SEARCHES: tuple[Action, ...] = ("fill", "design")
"""Actions searched by a fill strategy (a design fills the patterns it lays out)."""
DEFAULT_TYPE = "american"
DEFAULT_STRATEGY = "backtrack"
ENVELOPE = ("type", "strategy", "options")
"""Raw keys that are not the puzzle type's own fields."""
SEED_LIMIT = 2**63
COMMON_OPTIONS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "timeout": {
            "type": "number",
            "minimum": 0,
            "description": "seconds the job may run (capped by the server's job time limit)",
        },
        "seed": {
            "type": "integer",
            "minimum": -SEED_LIMIT,
            "maximum": SEED_LIMIT - 1,
            "description": "random seed: the same seed gives the same answer, except where "
            "the clock stopped the search (an improving fill ended by best_seconds or "
            "timeout)",
        },
    },
}
"""Options every job takes: they shape its ``Control``, not the plugin call."""
PUZZLE_FIELD: dict[str, Any] = {"type": ["string", "object"]}
"""What ``solve`` and ``rate`` take as the puzzle: its text or its JSON form."""
_PUZZLE_REQUEST: dict[str, Any] = {"type": "object", "properties": {"puzzle": PUZZLE_FIELD}}
MAX_DEPTH = 32
"""Deepest nesting of lists and objects a request may have."""
SHOWN = 60
"""Characters of a refused value an error message shows."""
REQUEST_DEFAULT = "x-request-default"
"""The schema keyword of a parameter whose default in a request (HTTP, CLI) differs from
its default in a direct call (``"default"``); ``CROSSFORGE_<NAME>`` overrides it."""


class RequestError(InputError):
    """A request the plugins refuse; ``field`` names the offending part (dotted path)."""

    def __init__(self, field: str, message: str, code: str = "invalid_request") -> None:
        super().__init__(message)
        self.field = field
        self.code = code


@dataclass(frozen=True)
class JobRequest:
    """A checked request: who does the work, on what, with which options (defaults in).

    ``type_request`` is the puzzle type's request, what its hooks take (for crosswords:
    ``grid``, ``list``, ``min_score`` …; for a solve, ``puzzle``; for ``generate``, the
    generation options). ``params`` are the
    strategy's keyword parameters; ``strategy`` is None where no strategy searches
    (``rate``, ``generate``, a logical ``solve``).
    """

    action: Action
    type: str
    type_request: Mapping[str, Any]
    strategy: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    timeout: float | None = None
    seed: int | None = None

    def seconds(self, time_limit: float = math.inf) -> float:
        """How long the job may run: ``timeout`` capped by ``time_limit`` (the limit alone
        when the timeout is missing or no number of seconds)."""
        timeout = self.timeout
        if timeout is None or not math.isfinite(timeout) or timeout < 0:
            return time_limit
        return min(timeout, time_limit)

    def control(
        self,
        time_limit: float = math.inf,
        *,
        cancelled: Callable[[], bool] | None = None,
        progress: Callable[[dict[str, Any]], None] | None = None,
    ) -> Control:
        """The job's ``Control``, the one place a request makes one (the CLI, the
        workers): its deadline ``seconds(time_limit)`` from now, the request's ``seed``,
        and the caller's cancel flag and progress sink when given."""
        seconds = self.seconds(time_limit)
        hooks: dict[str, Any] = {"cancelled": cancelled, "progress": progress}
        return Control.with_timeout(
            None if math.isinf(seconds) else seconds,
            seed=self.seed,
            **{name: hook for name, hook in hooks.items() if hook is not None},
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON form, as job records keep it (``from_json`` reads it back)."""
        return {
            "action": self.action,
            "type": self.type,
            "strategy": self.strategy,
            "type_request": dict(self.type_request),
            "params": dict(self.params),
            "timeout": self.timeout,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JobRequest:
        """A request from ``to_json``'s form (already checked when it was made);
        ``RequestError`` for a form it cannot have made."""
        action = data.get("action")
        if action not in ACTIONS:
            raise RequestError("action", f"unknown action {action!r}")
        if not isinstance(data.get("type"), str):
            raise RequestError("type", "a job request names its puzzle type")
        return cls(
            action=action,
            type=data["type"],
            # records of earlier releases hold it as "puzzle"
            type_request=dict(data.get("type_request", data.get("puzzle")) or {}),
            strategy=data.get("strategy"),
            params=dict(data.get("params") or {}),
            timeout=data.get("timeout"),
            seed=data.get("seed"),
        )


def parse_request(
    raw: Mapping[str, Any],
    plugins: Registry,
    action: Action = "fill",
    *,
    defaults: Mapping[str, Any] | None = None,
    time_limit: float | None = None,
) -> JobRequest:
    """The ``JobRequest`` of ``raw``: plugins found, options split and checked against
    their schemas, defaults filled in: a strategy parameter's ``request_defaults`` first,
    then its schema default. ``defaults`` override both for the type's fields and the
    strategy's parameters that declare them (the server's default list); ``timeout`` is
    capped at ``time_limit``.

    Raises ``RequestError`` naming the field, or ``LookupError`` for an unknown plugin.
    This checks the form; ``check_request`` then asks the puzzle type about the content.
    """
    check_plain(raw)
    type_name = _name(raw, "type", DEFAULT_TYPE)
    ptype = plugins.puzzle_type(type_name)
    if action not in ptype.actions:
        takes = " or ".join(a for a in ACTIONS if a in ptype.actions) or "nothing"
        code = "not_a_crossword" if action in SEARCHES else "not_a_logic_puzzle"
        raise RequestError("type", f"{type_name!r} takes {takes}, not {action}", code)
    strategy_name = _name(raw, "strategy", DEFAULT_STRATEGY if action in SEARCHES else None)
    if strategy_name is not None and action in ("rate", "generate"):
        raise RequestError("strategy", f"'strategy' applies to fill and solve, not {action}")
    strategy = None if strategy_name is None else plugins.strategy(strategy_name)

    options = raw.get("options")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RequestError("options", "'options' must be an object")
    fields = {k: v for k, v in raw.items() if k not in ENVELOPE}
    common, params, own = _split(options, strategy_name, strategy, ptype, action, defaults or {})
    type_request = _type_request(fields, own, type_name, ptype, action, defaults or {})
    common = checked(common, COMMON_OPTIONS, "options")
    timeout = common.get("timeout")
    if timeout is not None and time_limit is not None:
        timeout = min(float(timeout), time_limit)
    return JobRequest(
        action=action,
        type=type_name,
        type_request=type_request,
        strategy=strategy_name,
        params=params,
        timeout=None if timeout is None else float(timeout),
        seed=common.get("seed"),
    )


def check_request(request: JobRequest, plugins: Registry, words: WordSource) -> Problem | None:
    """Ask the puzzle type whether it can serve ``request`` (``InputError`` naming what
    is wrong, ``NotFound`` for an unknown word list). Returns the problem when the
    check built one, for this process to reuse."""
    ptype = plugins.puzzle_type(request.type)
    if request.action == "design":
        from crossforge.plugins.design.designer import check_design
        from crossforge.plugins.design.settings import DesignError

        try:
            check_design(request.type_request, words)
        except DesignError as exc:
            raise RequestError(exc.field, str(exc), "impossible_design") from None
        return None
    if request.action == "generate":  # declared by the type: a LogicPuzzleType
        cast("LogicPuzzleType", ptype).generation_options(request.type_request)
        return None
    return ptype.check(request.type_request, words)


def checked(values: Mapping[str, Any], schema: Mapping[str, Any], where: str) -> dict[str, Any]:
    """``values`` valid against the object ``schema``, with the schema's defaults filled
    in; ``RequestError`` naming the first offending field otherwise (prefixed ``where``)."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator(schema).iter_errors(dict(values)))
    if error is not None:
        path = ".".join(str(p) for p in error.absolute_path)
        name = ".".join(part for part in (where, path) if part) or "request"
        value = repr(error.instance)  # a long value is shown by its start, not echoed whole
        raise RequestError(name, f"{name}: {error.message.replace(value, shown(value, SHOWN))}")
    filled = dict(values)
    for name, spec in schema.get("properties", {}).items():
        if name not in filled and isinstance(spec, Mapping) and "default" in spec:
            filled[name] = copy.deepcopy(spec["default"])
    return filled


def resolve_parameters(
    name: str, schema: Mapping[str, Any], params: Mapping[str, Any]
) -> dict[str, Any]:
    """Strategy ``name``'s parameters checked against its ``schema`` (unknown ones
    refused), with its defaults filled in."""
    known = set(schema.get("properties", {}))
    unknown = sorted(set(params) - known)
    if unknown:
        raise RequestError(
            f"options.{unknown[0]}",
            f"unknown parameter(s) for {name}: {', '.join(unknown)}"
            f" (known: {', '.join(sorted(known)) or 'none'})",
        )
    return checked(params, schema, "options")


def _split(
    options: Mapping[str, Any],
    strategy_name: str | None,
    strategy: FillStrategy | None,
    ptype: PuzzleType,
    action: Action,
    defaults: Mapping[str, Any],
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(common options, strategy parameters, type options); unknown keys are refused,
    ``defaults`` fill the strategy parameters it declares and the request leaves out."""
    common_keys = set(COMMON_OPTIONS["properties"])
    strategy_keys = set() if strategy is None else set(strategy.parameters.get("properties", {}))
    type_keys = _own_keys(ptype, action) - {"puzzle"}
    common: dict[str, Any] = {}
    params: dict[str, Any] = {}
    own: dict[str, Any] = {}
    unknown = []
    for key, value in options.items():
        if key in common_keys:
            common[key] = value
        elif key in strategy_keys:
            params[key] = value
        elif key in type_keys:
            own[key] = value
        else:
            unknown.append(key)
    if unknown:
        known = ", ".join(sorted(common_keys | strategy_keys | type_keys))
        raise RequestError(
            f"options.{sorted(unknown)[0]}",
            f"unknown option(s) {', '.join(sorted(unknown))} (known: {known})",
            "invalid_options",
        )
    if strategy is not None and strategy_name is not None:
        given = {k: v for k, v in defaults.items() if k in strategy_keys} | params
        params = request_defaults(strategy.parameters) | given
        params = resolve_parameters(strategy_name, strategy.parameters, params)
    return common, params, own


def request_defaults(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The defaults a request gets where ``schema`` declares ``x-request-default`` (for
    ``backtrack``: ``quality`` best), each overridden by the setting ``CROSSFORGE_<NAME>``
    when set (JSON, or text when it does not parse); checked with the request."""
    found = {}
    for name, spec in schema.get("properties", {}).items():
        if isinstance(spec, Mapping) and REQUEST_DEFAULT in spec:
            found[name] = _setting(name, spec[REQUEST_DEFAULT])
    return found


def _setting(name: str, default: Any) -> Any:
    raw = os.environ.get(f"CROSSFORGE_{name.upper()}")
    if raw is None:
        return copy.deepcopy(default)
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def puzzle_request(ptype: PuzzleType, type_name: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """A fill request's puzzle-type part as ``problem`` expects it: unknown fields
    refused, checked against the type's schema, defaults filled in."""
    return _type_request(request, {}, type_name, ptype, "fill", {})


def _type_schema(ptype: PuzzleType, action: Action) -> Mapping[str, Any]:
    """The schema of the type's request for ``action``: a design's own fields take the
    place of the grid (``crossforge.plugins.design.settings``)."""
    if action != "design":
        return ptype.parameters
    from crossforge.plugins.design.settings import design_schema

    return design_schema(ptype.parameters)


def _own_keys(ptype: PuzzleType, action: Action) -> set[str]:
    """The type's fields a request of ``action`` may set: the puzzle alone to solve or
    rate, everything but a puzzle to generate, everything to fill, the design fields and
    the fill fields but the grid's to design."""
    properties = set(_type_schema(ptype, action).get("properties", {}))
    if action in ("solve", "rate"):
        return {"puzzle"}
    return properties - {"puzzle"} if action == "generate" else properties


def _type_request(
    fields: Mapping[str, Any],
    own: Mapping[str, Any],
    type_name: str,
    ptype: PuzzleType,
    action: Action,
    defaults: Mapping[str, Any],
) -> dict[str, Any]:
    """The type's request from the raw fields and the type's options: unknown fields
    refused, checked against the type's schema, defaults filled in."""
    clash = sorted(set(own) & set(fields))
    if clash:
        raise RequestError(clash[0], f"{clash[0]!r} is given both as a field and as an option")
    allowed = _own_keys(ptype, action)
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise RequestError(
            unknown[0],
            f"unknown field(s) for {type_name} {action}: {', '.join(unknown)}"
            f" (known: {', '.join(sorted(allowed)) or 'none'})",
            "invalid_field",
        )
    schema = _type_schema(ptype, action)
    properties = schema.get("properties", {})
    given = {**fields, **own}
    for name, value in defaults.items():
        if name in properties and name in allowed and name not in given:
            given[name] = value
    if action in ("solve", "rate"):
        if "puzzle" not in given:
            raise RequestError("puzzle", f"{action} needs a 'puzzle'", "missing_field")
        return checked(given, _PUZZLE_REQUEST, "")
    return checked(given, schema, "")


def request_schema(
    plugins: Registry, action: Action, type_name: str, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The JSON Schema of a raw request (a JSON body) of ``action`` on type ``type_name``,
    from the declarations ``parse_request`` checks with: the type's fields, and
    ``options`` holding the common options, the strategy's parameters and the type's
    options; one alternative per strategy where a strategy applies. ``extra`` names
    what the caller takes out before parsing (the server's ``wait``), as field or option."""
    ptype = plugins.puzzle_type(type_name)
    schema = _type_schema(ptype, action)
    declared = schema.get("properties", {})
    own = _own_keys(ptype, action)
    if action in ("solve", "rate"):
        fields, required = {"puzzle": {**declared.get("puzzle", {}), **PUZZLE_FIELD}}, ["puzzle"]
    else:
        fields = {name: spec for name, spec in declared.items() if name in own}
        required = [name for name in schema.get("required", []) if name in own]
    type_options = {k: v for k, v in fields.items() if k not in required and k != "puzzle"}
    strategies: list[str | None] = [None]
    if action in (*SEARCHES, "solve"):
        strategies = [*([] if action in SEARCHES else [None]), *plugins.strategies()]
    defaults = (DEFAULT_TYPE, DEFAULT_STRATEGY if action in SEARCHES else None)
    envelope = {"type": {"const": type_name}} if action in SEARCHES else {}
    variants = []
    for name in strategies:
        params = {} if name is None else plugins.strategy(name).parameters.get("properties", {})
        options = {**COMMON_OPTIONS["properties"], **params, **type_options, **(extra or {})}
        chosen = {} if name is None else {"strategy": {"const": name}}
        properties = {
            **envelope,
            **chosen,
            **fields,
            **(extra or {}),
            "options": {
                "type": "object",
                "properties": options,
                "additionalProperties": False,
            },
        }
        must = [k for k, v in {**envelope, **chosen}.items() if v["const"] not in defaults]
        variants.append(
            {
                "type": "object",
                "properties": properties,
                "required": [*required, *must],
                "additionalProperties": False,
            }
        )
    return variants[0] if len(variants) == 1 else {"oneOf": variants}


def _name(raw: Mapping[str, Any], key: str, default: str | None) -> Any:
    value = raw.get(key)
    if value is None or value == "":
        return default
    if not isinstance(value, str) or not value.strip():
        raise RequestError(key, f"{key!r} must be a non-empty string")
    return value.strip()


def check_plain(value: Any, where: str = "request", depth: int = 0) -> None:
    """Refuse what no request may hold, wherever it is: nesting deeper than
    ``MAX_DEPTH``, non-finite numbers, integers past a float's range (every number
    option is read as a float somewhere), NUL characters and lone UTF-16 surrogates
    (JSON's ``"\ud800"``: no text a database or file can hold), with ``RequestError``
    naming the place, ``where`` being the name of ``value`` itself."""
    if depth > MAX_DEPTH:
        raise RequestError(where, f"{where}: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, float) and not math.isfinite(value):
        raise RequestError(where, f"{where}: {value} is not a finite number")
    if isinstance(value, int) and abs(value) > sys.float_info.max:
        raise RequestError(
            where, f"{where}: a number of {len(str(abs(value)))} digits is too large"
        )
    if isinstance(value, str) and "\x00" in value:
        raise RequestError(where, f"{where}: text may not hold a NUL character")
    if isinstance(value, str) and (found := SURROGATE.search(value)):
        raise RequestError(where, f"{where}: {found.group()!r} is a lone surrogate, not text")
    if isinstance(value, Mapping):
        for key, item in value.items():
            name = f"{where}.{key}" if where != "request" else str(key)
            check_plain(str(key), name, depth + 1)
            check_plain(item, name, depth + 1)
    elif isinstance(value, Sequence) and not isinstance(value, str | bytes):
        for i, item in enumerate(value):
            check_plain(item, f"{where}[{i}]", depth + 1)


_VALIDATORS: dict[int, tuple[Mapping[str, Any], Any]] = {}
_VALIDATORS_LOCK = threading.Lock()


@functools.cache
def _validator_class() -> Any:
    """Draft 2020-12 whose ``integer`` is an int: the draft lets ``5.0`` and ``1e300``
    through, which the code behind the schema reads as ``range()`` bounds and counts."""
    from jsonschema import Draft202012Validator, validators

    def is_integer(checker: Any, instance: Any) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    return validators.extend(Draft202012Validator, type_checker=checker)


def _validator(schema: Mapping[str, Any]) -> Any:
    """A validator of ``schema`` (Draft 2020-12, integers strict), built once per schema
    object."""
    with _VALIDATORS_LOCK:
        found = _VALIDATORS.get(id(schema))
        if found is None or found[0] is not schema:
            validator = _validator_class()
            validator.check_schema(schema)
            found = (schema, validator(schema))
            _VALIDATORS[id(schema)] = found
        return found[1]
