"""A real HTTP server on 127.0.0.1 for the download tests: fixed routes, every request counted."""

from __future__ import annotations

import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Route:
    body: bytes
    status: int = 200
    #: Content-Length to announce; more than ``len(body)`` makes a transfer cut off mid-way, and
    #: -1 announces none (the body ends when the connection closes).
    length: int | None = None
    #: Seconds between bytes: a server that drips its body one byte at a time.
    drip: float = 0.0
    #: Seconds between bytes of the status line and headers: a server that drips its headers.
    header_drip: float = 0.0
    #: Extra response headers, e.g. ``{"Content-Encoding": "gzip"}``.
    headers: dict[str, str] = field(default_factory=dict)
    #: The body is sent this many times over (an endless body, for a client that stops early).
    repeat: int = 1
    #: Reset the connection (TCP RST) instead of answering.
    reset: bool = False


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
                if route.reset:  # linger 0: closing sends RST, not FIN
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                               struct.pack("ii", 1, 0))
                    self.connection.close()
                    return
                length = len(route.body) * route.repeat if route.length is None else route.length
                head = [f"HTTP/1.0 {route.status} {self.responses[route.status][0]}",
                        *([f"Content-Length: {length}"] if length >= 0 else []),
                        *(f"{name}: {value}" for name, value in route.headers.items()), "", ""]
                try:
                    self._send_head("\r\n".join(head).encode("latin-1"), route.header_drip)
                    if route.drip:  # one byte at a time; ends when the client hangs up
                        for i in range(len(route.body)):
                            self.wfile.write(route.body[i:i + 1])
                            self.wfile.flush()
                            time.sleep(route.drip)
                    else:
                        for _ in range(route.repeat):
                            self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True

            def _send_head(self, head: bytes, drip: float) -> None:
                """Send the status line and headers, one byte every ``drip`` seconds if set."""
                if not drip:
                    self.wfile.write(head)
                    return
                for i in range(len(head)):
                    self.wfile.write(head[i:i + 1])
                    self.wfile.flush()
                    time.sleep(drip)

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

