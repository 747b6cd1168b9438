"""The errors that are not bugs of ours: raised by any layer, shown to whoever asked.
Imports nothing, so ``wordbase`` and ``grids`` (below the plugin contract) raise the same
classes the contract re-exports, the server maps and the ``crossforge`` command prints.

``InputError`` is a 400 over HTTP and ``invalid_input`` in a job; ``NotFound`` a 404.
``OutOfTime`` (work that found no answer within the time it was given) is a 422 and
``timeout`` in a job. ``NotReady`` says the installation must be fixed first (a command
prints it as an error, the server answers 503).
Any other exception, a plain ``ValueError`` or ``LookupError`` included, is a bug of
ours: a 500 (or ``internal_error``, or the command's "internal error") with its
traceback shown or logged.
"""

from __future__ import annotations

SHOWN_LIMIT = 500
"""Characters of an error message shown to whoever asked (an HTTP body, a job's error,
the command's line): a parser that quotes the offending line may quote 900 KB."""


def shown(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text`` (a message, a refused value) as it is shown: whole up to ``limit``
    characters, else its start and how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


class InputError(ValueError):
    """Input that cannot be used as given (a bad grid, pattern, option, file…); the
    message names the problem for whoever sent it."""


class NotFound(LookupError):
    """Input that names something that does not exist (a word list, a plugin, a job…)."""


class OutOfTime(TimeoutError):
    """Work that found no answer within the time it was given (a generator's deadline).
    Any other ``TimeoutError`` (a socket's, say) is not the requester's: a bug or a
    service of ours."""


class NotReady(Exception):
    """The installation cannot do the work yet (a database to upgrade, a plugin that
    fails to load); the message says what to fix."""
