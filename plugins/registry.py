"""The plugin registry: fill strategies and puzzle types found through entry points.

Built-ins register in our own ``pyproject.toml`` exactly as a third-party plugin would.
Entry points are listed on first use and each plugin is imported when first asked for,
once; ``CROSSFORGE_PLUGINS=a,b`` limits what loads; a plugin that fails to load is
reported with its error, never fatal to the others.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from crossforge.errors import NotFound, NotReady
from crossforge.plugins.contract import FillStrategy, PuzzleType

STRATEGY_GROUP = "crossforge.fill_strategies"
PUZZLE_GROUP = "crossforge.puzzle_types"
GROUPS: dict[str, type[FillStrategy] | type[PuzzleType]] = {
    STRATEGY_GROUP: FillStrategy,
    PUZZLE_GROUP: PuzzleType,
}
KINDS = {STRATEGY_GROUP: "fill strategy", PUZZLE_GROUP: "puzzle type"}
UNREADABLE = "(unreadable)"
"""Name under which a group whose entry points cannot be read is listed as broken."""


class UnknownPlugin(NotFound):
    """No plugin of that kind and name is available."""


class BrokenPlugin(NotReady):
    """The plugin asked for is installed but failed to load."""


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
    entry_point: str | None = None
    """``module:attribute`` of the entry point; None for a plugin registered by hand."""

    @property
    def role(self) -> str:
        """ "strategy" or "puzzle_type"."""
        return "strategy" if self.group == STRATEGY_GROUP else "puzzle_type"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready description, as ``crossforge plugins`` and ``/v1/plugins`` show it."""
        return {
            "name": self.name,
            "kind": self.role,
            "version": self.version,
            "distribution": self.distribution,
            "description": self.description,
            "parameters": self.parameters,
            "entry_point": self.entry_point,
            "error": self.error,
        }


EntryPointSource = Callable[[str], list[EntryPoint]]
"""Lists the entry points of a group (``importlib.metadata`` by default; fakes in tests)."""


def _installed_entry_points(group: str) -> list[EntryPoint]:
    return list(entry_points(group=group))


@dataclass
class _Slot:
    """One named plugin of a group: its entry point, and the object once loaded."""

    info: PluginInfo
    entry_point: EntryPoint | None = None
    plugin: Any = None
    tried: bool = False


class Registry:
    """Lists plugins on first use, loads each one once, answers lookups by kind and name."""

    def __init__(
        self,
        source: EntryPointSource = _installed_entry_points,
        only: set[str] | None = None,
    ) -> None:
        self._source = source
        self._only = only
        self._slots: dict[str, dict[str, _Slot]] | None = None
        self._registered: dict[str, dict[str, _Slot]] = {group: {} for group in GROUPS}
        self._lock = threading.RLock()
        self.load_count = 0
        """How many entry points were imported (each at most once)."""

    def _discover(self) -> dict[str, dict[str, _Slot]]:
        with self._lock:
            if self._slots is None:
                self._slots = self._read_entry_points()
            return self._slots

    def _read_entry_points(self) -> dict[str, dict[str, _Slot]]:
        slots: dict[str, dict[str, _Slot]] = {group: {} for group in GROUPS}
        for group in GROUPS:
            try:
                points = sorted(self._source(group), key=_entry_point_key)
            except Exception as exc:  # unreadable metadata: report it, keep the other group
                error = f"reading the entry points failed: {type(exc).__name__}: {exc}"
                info = PluginInfo(UNREADABLE, group, None, None, error=error)
                slots[group][UNREADABLE] = _Slot(info, tried=True)
                continue
            for ep in points:
                if self._only is not None and ep.name not in self._only:
                    continue
                version, distribution = _distribution_of(ep)
                info = PluginInfo(ep.name, group, version, distribution, entry_point=ep.value)
                taken = slots[group].get(ep.name)
                if taken is not None:
                    if taken.info.distribution != distribution:
                        info.error = (
                            f"name {ep.name!r} is already taken by "
                            f"{taken.info.distribution or taken.info.entry_point}"
                        )
                        slots[group][f"{ep.name} ({distribution})"] = _Slot(info, tried=True)
                    continue
                slots[group][ep.name] = _Slot(info, ep)
        return slots

    def _ensure(self, slot: _Slot) -> _Slot:
        """Import and instantiate the slot's plugin unless already tried (once, even
        when threads ask at the same time)."""
        with self._lock:
            if not slot.tried and slot.entry_point is not None:
                slot.tried = True
                self.load_count += 1
                self._load(slot, slot.entry_point)
        return slot

    @staticmethod
    def _load(slot: _Slot, entry_point: EntryPoint) -> None:
        base = GROUPS[slot.info.group]
        try:
            obj = entry_point.load()
            plugin: Any = obj() if isinstance(obj, type) else obj
            if not isinstance(plugin, base):
                raise TypeError(f"{entry_point.value} is not a {base.__name__}")
            slot.info.description = _description_of(plugin)
            slot.info.parameters = dict(plugin.parameters)
        except Exception as exc:  # a broken plugin must not take the others down
            slot.info.error = f"{type(exc).__name__}: {exc}"
        else:
            slot.plugin = plugin

    def _slots_of(self, group: str) -> dict[str, _Slot]:
        """Entry-point slots overridden by plugins registered by hand."""
        return {**self._discover()[group], **self._registered[group]}

    def register(self, plugin: FillStrategy | PuzzleType, name: str) -> None:
        """Add a plugin object by hand (tests, embedding); it wins over an entry point."""
        if isinstance(plugin, FillStrategy):
            group = STRATEGY_GROUP
        elif isinstance(plugin, PuzzleType):
            group = PUZZLE_GROUP
        else:
            raise TypeError(f"{plugin!r} is neither a FillStrategy nor a PuzzleType")
        info = PluginInfo(name, group, None, None, _description_of(plugin), plugin.parameters)
        self._registered[group][name] = _Slot(info, plugin=plugin, tried=True)

    def unregister(self, name: str) -> None:
        """Remove a plugin added with ``register`` (an entry point it hid comes back)."""
        for group in self._registered.values():
            group.pop(name, None)

    def plugins(self) -> list[PluginInfo]:
        """Every plugin seen, loaded or broken (this loads them all)."""
        return [
            self._ensure(slot).info
            for group in GROUPS
            for _, slot in sorted(self._slots_of(group).items())
        ]

    def strategy(self, name: str) -> FillStrategy:
        """The fill strategy called ``name``."""
        plugin: FillStrategy = self._get(STRATEGY_GROUP, name)
        return plugin

    def puzzle_type(self, name: str) -> PuzzleType:
        """The puzzle type called ``name``."""
        plugin: PuzzleType = self._get(PUZZLE_GROUP, name)
        return plugin

    def strategies(self) -> Iterator[str]:
        """Names of the fill strategies that load."""
        return self._working(STRATEGY_GROUP)

    def puzzle_types(self) -> Iterator[str]:
        """Names of the puzzle types that load."""
        return self._working(PUZZLE_GROUP)

    def _working(self, group: str) -> Iterator[str]:
        slots = self._slots_of(group)
        return iter(sorted(n for n, s in slots.items() if self._ensure(s).plugin is not None))

    def _get(self, group: str, name: str) -> Any:
        slot = self._slots_of(group).get(name)
        if slot is None:
            known = ", ".join(sorted(self._discover()[group] | self._registered[group]))
            raise UnknownPlugin(f"unknown {KINDS[group]} {name!r} (known: {known or 'none'})")
        self._ensure(slot)
        if slot.plugin is None:
            raise BrokenPlugin(f"{KINDS[group]} {name!r} failed to load: {slot.info.error}")
        return slot.plugin


def _entry_point_key(ep: EntryPoint) -> tuple[str, str]:
    return ep.name, _distribution_of(ep)[1] or ""


def _distribution_of(ep: EntryPoint) -> tuple[str | None, str | None]:
    """(version, distribution name) of the package that declares ``ep``, if known."""
    dist = ep.dist
    if dist is None:
        return None, None
    return dist.version, dist.metadata["Name"]


def _description_of(plugin: Any) -> str:
    """The plugin's ``description``, or the first line of its class docstring."""
    if plugin.description:
        return str(plugin.description)
    doc = type(plugin).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def only_from_env() -> set[str] | None:
    """The plugin names ``CROSSFORGE_PLUGINS`` allows (None: no limit)."""
    value = os.environ.get("CROSSFORGE_PLUGINS", "").strip()
    return {n.strip() for n in value.split(",") if n.strip()} if value else None


_default: tuple[set[str] | None, Registry] | None = None


def registry() -> Registry:
    """The process-wide registry; rebuilt when ``CROSSFORGE_PLUGINS`` changes."""
    global _default
    only = only_from_env()
    if _default is None or _default[0] != only:
        _default = (only, Registry(only=only))
    return _default[1]
