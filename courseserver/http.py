"""uvicorn, run with its h11 protocol (strict HTTP/1.1 framing: a malformed or doubled
Content-Length, or a Content-Length beside Transfer-Encoding, is answered 400 by h11 itself) and
two guards of its own around each connection:

- a **deadline**: a connection that has not finished its request (headers and body) and had its
  reply within the deadline is closed, so a client that sends headers byte by byte (slowloris)
  holds nothing for long;
- a **bound**: past MAX connections open at once, a new one is closed as it comes.
"""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from hogkit.errors import HogkitError

HEADER_BYTES = 16 * 1024  # the most h11 buffers for a request's headers
KEEP_ALIVE = 5  # seconds an idle kept-alive connection stays open


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request and a bound on connections."""

    deadline: float = 60.0
    most: int = 256

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline_timer: asyncio.TimerHandle | None = None
        if len(self.connections) > self.most:
            transport.abort()
            return
        self._arm()

    def _arm(self) -> None:
        if getattr(self, "_deadline_timer", None) is not None:
            self._deadline_timer.cancel()
        self._deadline_timer = self.loop.call_later(self.deadline, self._expire)

    def _expire(self) -> None:
        if not self.transport.is_closing():
            self.transport.abort()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()  # the next request on this connection gets a deadline of its own

    def connection_lost(self, exc: Exception | None) -> None:
        timer = getattr(self, "_deadline_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)


def guarded_protocol(*, deadline: float, most: int) -> type[GuardedH11]:
    """GuardedH11 with this DEADLINE (seconds) and bound (MOST connections)."""
    return type("CourseH11", (GuardedH11,), {"deadline": deadline, "most": most})


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to HOST:PORT (0: any free port), ready for the server."""
    if not 0 <= port <= 65535:
        raise HogkitError(f"--port {port} is not a port", "give a number from 1 to 65535 (0: any free port)")
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        raise HogkitError(f"cannot listen on {host}:{port} ({exc.strerror or exc})",
                          "choose another --port, or a --host of this machine") from None
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def http_server(app, *, deadline: float, most: int) -> uvicorn.Server:
    """A uvicorn server for APP with the guards above (its socket is given to ``serve``)."""
    config = uvicorn.Config(app, http=guarded_protocol(deadline=deadline, most=most), lifespan="off",
                            limit_concurrency=most + 1, timeout_keep_alive=KEEP_ALIVE, access_log=False,
                            log_level="warning", h11_max_incomplete_event_size=HEADER_BYTES, server_header=False,
                            timeout_graceful_shutdown=5)
    return uvicorn.Server(config)
