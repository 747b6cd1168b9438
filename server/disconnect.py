"""Whether the client of the request being answered has gone away (a browser aborting a
request closes its connection), so that work nobody waits for can stop.

The request's socket is the server's: Werkzeug's (``werkzeug.socket``, as ``crossforge
serve`` runs it) or gunicorn's (``gunicorn.socket``). A closed connection reads as end of
file without blocking; bytes a client sends ahead (its next request on the same
connection) are only peeked at, never consumed.
"""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Callable, Mapping
from typing import Any

CHECK_EVERY = 0.02
"""Seconds between two looks at the socket (a look costs a system call)."""


def client_gone(environ: Mapping[str, Any]) -> Callable[[], bool]:
    """A check that turns true once the client of the request ``environ`` describes has
    closed its connection; always false when the server gives no socket."""
    sock = environ.get("werkzeug.socket") or environ.get("gunicorn.socket")
    if not isinstance(sock, socket.socket):
        return lambda: False
    state = {"next": 0.0, "gone": False}

    def gone() -> bool:
        now = time.monotonic()
        if state["gone"] or now < state["next"]:
            return bool(state["gone"])
        state["next"] = now + CHECK_EVERY
        state["gone"] = _closed(sock)
        return bool(state["gone"])

    return gone


def _closed(sock: socket.socket) -> bool:
    """True when the peer closed ``sock`` (or it broke)."""
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except (OSError, ValueError):
        return True
