"""The HTTP server ``crossforge serve`` runs: Werkzeug's threaded server, answering the
errors it meets before the app sees a request (414, 431, 400) in the API's JSON form,
and closing connections whose client stalls."""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from flask import Flask
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server


class JsonErrorHandler(WSGIRequestHandler):
    """Werkzeug's request handler with JSON error pages and a socket timeout."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Answer ``{"error": {"code", "message"}}`` and close the connection."""
        status = HTTPStatus(code)
        body = json.dumps(
            {
                "error": {
                    "code": status.phrase.lower().replace(" ", "_").replace("-", "_"),
                    "message": message or explain or status.description or status.phrase,
                }
            }
        ).encode()
        self.close_connection = True
        self.send_response(code, message)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and code not in (204, 304):
            self.wfile.write(body)


def make_api_server(app: Flask, host: str, port: int, client_timeout: float) -> BaseWSGIServer:
    """A threaded server for ``app`` whose connections close after ``client_timeout``
    seconds without progress."""
    handler: Any = type("Handler", (JsonErrorHandler,), {"timeout": client_timeout})
    return make_server(host, port, app, threaded=True, request_handler=handler)
