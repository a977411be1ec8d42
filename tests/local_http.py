"""A real HTTP server on 127.0.0.1 for the download tests: fixed routes, every request counted."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Route:
    body: bytes
    status: int = 200
    #: Content-Length to announce; more than ``len(body)`` makes a transfer cut off mid-way.
    length: int | None = None
    #: Seconds between bytes: a server that drips its body one byte at a time.
    drip: float = 0.0


class LocalServer:
    """Serve ``routes`` (path -> Route) on an ephemeral port; ``requests`` lists paths asked for."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # one request a connection; closing ends the body

            def do_GET(self) -> None:
                server.requests.append(self.path)
                route = server.routes.get(self.path)
                if route is None:
                    self.send_error(404)
                    return
                self.send_response(route.status)
                length = len(route.body) if route.length is None else route.length
                self.send_header("Content-Length", str(length))
                self.end_headers()
                try:
                    if route.drip:  # one byte at a time; ends when the client hangs up
                        for i in range(len(route.body)):
                            self.wfile.write(route.body[i:i + 1])
                            self.wfile.flush()
                            time.sleep(route.drip)
                    else:
                        self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever,
                                       kwargs={"poll_interval": 0.05}, daemon=True)

    def add(self, name: str, body: bytes, **options: object) -> str:
        """Serve ``body`` at ``/name``; return its URL."""
        self.routes[f"/{name}"] = Route(body, **options)
        return self.url(name)

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_port}/{name}"

    def __enter__(self) -> LocalServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def closed_port_url(name: str = "file") -> str:
    """Return a URL on 127.0.0.1 where nothing listens: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/{name}"

