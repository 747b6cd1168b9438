"""The plugin registry: fill strategies and puzzle types found through entry points.

Built-ins register in our own ``pyproject.toml`` exactly as a third-party plugin would.
Entry points are read lazily and each plugin is loaded once; ``CROSSFORGE_PLUGINS=a,b``
limits what loads; a plugin that fails to load is reported, never fatal to the others.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from plugins.contract import FillStrategy, PuzzleType

STRATEGY_GROUP = "crossforge.fill_strategies"
PUZZLE_GROUP = "crossforge.puzzle_types"
GROUPS: dict[str, type] = {STRATEGY_GROUP: FillStrategy, PUZZLE_GROUP: PuzzleType}


class UnknownPlugin(LookupError):
    """No plugin of that kind and name is loaded."""


@dataclass
class PluginInfo:
    """What the registry knows of one plugin, loaded or broken."""

    name: str
    group: str
    version: str | None
    distribution: str | None
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    @property
    def kind(self) -> str:
        """"strategy" or "puzzle_type"."""
        return "strategy" if self.group == STRATEGY_GROUP else "puzzle_type"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready description, as ``crossforge plugins`` and ``/v1/plugins`` show it."""
        return {
            "name": self.name,
            "kind": self.kind,
            "version": self.version,
            "distribution": self.distribution,
            "description": self.description,
            "parameters": self.parameters,
            "error": self.error,
        }


EntryPointSource = Callable[[str], list[EntryPoint]]


def _installed_entry_points(group: str) -> list[EntryPoint]:
    return list(entry_points(group=group))


class Registry:
    """Loads plugins on first use, once, and answers lookups by kind and name."""

    def __init__(
        self,
        source: EntryPointSource = _installed_entry_points,
        only: set[str] | None = None,
    ) -> None:
        self._source = source
        self._only = only
        self._loaded: dict[str, dict[str, Any]] | None = None
        self._infos: list[PluginInfo] = []
        self.load_count = 0
        self._extra: list[tuple[str, str, Any]] = []

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._loaded is not None:
            return self._loaded
        self.load_count += 1
        loaded: dict[str, dict[str, Any]] = {group: {} for group in GROUPS}
        infos: list[PluginInfo] = []
        for group, base in GROUPS.items():
            for ep in sorted(self._source(group), key=lambda e: e.name):
                if self._only is not None and ep.name not in self._only:
                    continue
                dist = ep.dist
                info = PluginInfo(
                    name=ep.name,
                    group=group,
                    version=dist.version if dist else None,
                    distribution=dist.metadata["Name"] if dist else None,
                )
                try:
                    obj = ep.load()
                    plugin = obj() if isinstance(obj, type) else obj
                    if not isinstance(plugin, base):
                        raise TypeError(f"{ep.value} is not a {base.__name__}")
                except Exception as exc:  # a broken plugin must not take the others down
                    info.error = f"{type(exc).__name__}: {exc}"
                else:
                    loaded[group][ep.name] = plugin
                    info.description = plugin.description
                    info.parameters = plugin.parameters
                infos.append(info)
        for group, name, plugin in self._extra:
            loaded[group][name] = plugin
            infos.append(_describe(name, group, plugin))
        self._loaded, self._infos = loaded, infos
        return loaded

    def register(self, plugin: FillStrategy | PuzzleType, name: str) -> None:
        """Add a plugin object by hand (tests, embedding); it wins over an entry point."""
        group = STRATEGY_GROUP if isinstance(plugin, FillStrategy) else PUZZLE_GROUP
        self._extra.append((group, name, plugin))
        if self._loaded is not None:
            self._loaded[group][name] = plugin
            self._infos.append(_describe(name, group, plugin))

    def unregister(self, name: str) -> None:
        """Remove a plugin added with ``register``."""
        self._extra = [e for e in self._extra if e[1] != name]
        if self._loaded is not None:
            for group in self._loaded.values():
                group.pop(name, None)
            self._infos = [i for i in self._infos if i.name != name]

    def plugins(self) -> list[PluginInfo]:
        """Every plugin seen, loaded or broken."""
        self._load()
        return list(self._infos)

    def strategy(self, name: str) -> FillStrategy:
        """The fill strategy called ``name``."""
        return self._get(STRATEGY_GROUP, name, "fill strategy")

    def puzzle_type(self, name: str) -> PuzzleType:
        """The puzzle type called ``name``."""
        return self._get(PUZZLE_GROUP, name, "puzzle type")

    def strategies(self) -> Iterator[str]:
        """Names of the loaded fill strategies."""
        return iter(sorted(self._load()[STRATEGY_GROUP]))

    def puzzle_types(self) -> Iterator[str]:
        """Names of the loaded puzzle types."""
        return iter(sorted(self._load()[PUZZLE_GROUP]))

    def _get(self, group: str, name: str, what: str) -> Any:
        found = self._load()[group].get(name)
        if found is None:
            known = ", ".join(sorted(self._load()[group])) or "none"
            raise UnknownPlugin(f"unknown {what} {name!r} (known: {known})")
        return found


def _describe(name: str, group: str, plugin: Any) -> PluginInfo:
    return PluginInfo(
        name=name,
        group=group,
        version=None,
        distribution=None,
        description=plugin.description,
        parameters=plugin.parameters,
    )


def _only_from_env() -> set[str] | None:
    value = os.environ.get("CROSSFORGE_PLUGINS", "").strip()
    return {n.strip() for n in value.split(",") if n.strip()} if value else None


_default: Registry | None = None


def registry() -> Registry:
    """The process-wide registry (honours ``CROSSFORGE_PLUGINS``)."""
    global _default
    if _default is None:
        _default = Registry(only=_only_from_env())
    return _default
