"""A requests session that gives up on a response whose headers do not all arrive in time.

A socket timeout bounds each read, and restarts with every byte: a server that sends its status
line and headers one byte every 20 s would hold a download for ever. Here each connection
arms a timer while it reads the response headers; when it fires, the socket is shut down and
the request fails with a read timeout (``requests.ReadTimeout``), which callers report as a
stalled mirror, not as an offline machine: also when the cut falls inside the headers, where
the part read would otherwise pass for a whole response with an empty body. A connect timeout
stays with ``requests``.
"""

from __future__ import annotations

__all__ = ["NO_HEADERS", "session"]

import contextlib
import socket
import threading

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ReadTimeoutError

#: The text of the read timeout raised when the headers ran past their deadline.
NO_HEADERS = "no response headers within {seconds:g} s"


def _connection_class(base: type[HTTPConnection], seconds: float) -> type[HTTPConnection]:
    """Return a subclass of ``base`` whose ``getresponse`` ends after ``seconds`` at most."""

    class DeadlineConnection(base):  # type: ignore[valid-type, misc]
        """A connection whose response headers must arrive within ``seconds``."""

        def getresponse(self):  # noqa: ANN202 - urllib3's signature
            """Read the status line and headers, shutting the socket down at the deadline."""
            expired = threading.Event()

            def give_up() -> None:
                expired.set()
                with contextlib.suppress(OSError, AttributeError):
                    self.sock.shutdown(socket.SHUT_RDWR)

            timer = threading.Timer(seconds, give_up)
            timer.daemon = True
            timer.start()
            try:
                response = super().getresponse()
            except Exception:
                if expired.is_set():
                    raise ReadTimeoutError(None, self.host,
                                           NO_HEADERS.format(seconds=seconds)) from None
                raise
            finally:
                timer.cancel()
            if expired.is_set():  # cut off inside the headers: what came is not a response
                response.close()
                raise ReadTimeoutError(None, self.host, NO_HEADERS.format(seconds=seconds))
            return response

    return DeadlineConnection


def session(seconds: float) -> requests.Session:
    """Return a requests session whose responses must deliver their headers within
    ``seconds`` of the request being sent (proxied requests included)."""
    pools = {
        "http": type("Pool", (HTTPConnectionPool,),
                     {"ConnectionCls": _connection_class(HTTPConnection, seconds)}),
        "https": type("Pool", (HTTPSConnectionPool,),
                      {"ConnectionCls": _connection_class(HTTPSConnection, seconds)}),
    }

    class DeadlineAdapter(HTTPAdapter):
        """An adapter whose pools open DeadlineConnections."""

        def init_poolmanager(self, *args, **kwargs) -> None:
            """Make the pool manager open connections with the header deadline."""
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = pools

        def proxy_manager_for(self, proxy: str, **kwargs):  # noqa: ANN202 - requests'
            """Make HTTP proxies' managers open connections with the header deadline too (a
            SOCKS proxy's pools keep their own connection class)."""
            manager = super().proxy_manager_for(proxy, **kwargs)
            if not proxy.lower().startswith("socks"):
                manager.pool_classes_by_scheme = pools
            return manager

    result = requests.Session()
    for prefix in ("http://", "https://"):
        result.mount(prefix, DeadlineAdapter())
    return result
