"""Serve a built site over HTTP on loopback, with the right content types.

Used by ``make serve``, the browser tests and the benchmark. Like
``python3 -m http.server`` but with explicit types for ``.wasm``
(``application/wasm``: with a wrong type Pyodide hangs instead of failing),
``.mjs`` and ``.webmanifest`` that do not depend on the machine's
``/etc/mime.types``, and a record of every request it answered.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".zip": "application/zip",
}


class Handler(SimpleHTTPRequestHandler):
    """Static files with fixed content types; logs (method, path, status)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
    quiet = True

    def log_request(self, code="-", size="-"):
        status = code.value if hasattr(code, "value") else code
        self.server.log.append((self.command, self.path, int(status) if str(status).isdigit() else status))
        if not self.quiet:
            super().log_request(code, size)

    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        if not self.quiet:
            super().log_message(format, *args)

    def end_headers(self):
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, handler):
        super().__init__(address, handler)
        self.log: list[tuple[str, str, int]] = []

    def handle_error(self, request, client_address):
        """A browser that closes a connection mid-transfer is not an error."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def make_server(directory: str | Path, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = True) -> Server:
    """A server for ``directory`` (port 0 picks a free port); not started yet."""
    handler = functools.partial(type("H", (Handler,), {"quiet": quiet}), directory=str(directory))
    return Server((host, port), handler)


def start_in_thread(server: Server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve a built Mischia site.")
    parser.add_argument("directory", nargs="?", default="_site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    if not (Path(args.directory) / "index.html").exists():
        print(f"{args.directory}/index.html not found: run `make site` first", file=sys.stderr)
        return 1
    server = make_server(args.directory, args.port, args.host, quiet=False)
    print(f"Mischia at {server.url} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
