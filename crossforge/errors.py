"""The errors that mean bad input: raised by any layer, answered as the requester's
mistake. Imports nothing, so ``wordbase`` and ``grids`` (below the plugin contract) raise
the same classes the contract re-exports and the server maps.

``InputError`` is a 400 over HTTP and ``invalid_input`` in a job; ``NotFound`` a 404.
Any other exception, a plain ``ValueError`` or ``LookupError`` included, is a bug of
ours: a 500 (or ``internal_error``) with its traceback logged.
"""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be used as given (a bad grid, pattern, option, file…); the
    message names the problem for whoever sent it."""


class NotFound(LookupError):
    """Input that names something that does not exist (a word list, a plugin, a job…)."""
