"""Data files that installed distributions ship: where a package's folder is."""

from __future__ import annotations

import importlib.util
from pathlib import Path

__all__ = ["package_folder"]


def package_folder(package: str) -> Path | None:
    """The folder of the installed ``package`` (its data files beside its code), None
    when it is not installed. The package's code is never imported."""
    spec = importlib.util.find_spec(package)
    places = list(spec.submodule_search_locations or []) if spec else []
    return Path(places[0]) if places else None
