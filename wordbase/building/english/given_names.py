"""Given names of the 1990 US Census, read from the ``names`` distribution's data files.

``names`` 0.3.0 on the package index (MIT) ships the Census Bureau's frequency lists of
female and male first names (public domain: ``dist.female.first``, ``dist.male.first``,
one name a line with its share of the population). Only the files are read, never the
package's code. The default English list counts a short name in them as a name a
dictionary would know (``ELLA``, ``EVA``, ``ELI``: ``crossforge.wordbase.building.scoring``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from crossforge.wordbase.building.package_data import package_folder

__all__ = ["COMMON_SHARE", "NAMES_PACKAGE", "given_names", "names_folder"]

NAMES_PACKAGE = "names"
_FILES = ("dist.female.first", "dist.male.first")
COMMON_SHARE = 0.005
"""The share of the population, in per cent, from which a first name is common: 1 in
20,000 (``ELLA`` 0.101, ``ELI`` 0.016, ``ETTA`` 0.024, ``ABE`` 0.006)."""


def names_folder() -> Path:
    """The folder of the Census name files in the installed ``names`` distribution;
    FileNotFoundError saying how to get them."""
    folder = package_folder(NAMES_PACKAGE) or Path(NAMES_PACKAGE)
    if not all((folder / name).is_file() for name in _FILES):
        raise FileNotFoundError(
            f"no Census first-name files in {folder}: install the project's dependencies "
            "(pip install -e .; the 'names==0.3.0' distribution ships them)"
        )
    return folder


@cache
def given_names(share: float = COMMON_SHARE) -> frozenset[str]:
    """The first names of the Census lists borne by at least ``share`` per cent of the
    women or of the men, in upper case (``MARY``, ``ELLA``; not ``HYUN``, rare as a first
    name in the 1990 United States, though frequent in text as a surname)."""
    folder = names_folder()
    found: set[str] = set()
    for name in _FILES:
        for line in (folder / name).read_text("ascii").splitlines():
            fields = line.split()
            if len(fields) == 4 and float(fields[1]) >= share:
                found.add(fields[0].upper())
    return frozenset(found)
