"""Running the server: the socket, the address to give the phones, uvicorn.

Uvicorn (an ASGI server) runs the Starlette application: both are small, well kept and
pure Python, start in a fraction of a second, and stream server-sent events, which is all a
live board needs (docs/serve.md says why not more).
"""

from __future__ import annotations

import logging
import socket
import sys
import time
from pathlib import Path
from types import FrameType

from notation.errors import safe_text
from notation.i18n import tr

__all__ = ["ServeError", "lan_address", "run"]


class ServeError(Exception):
    """The server cannot start (a folder that is not one, a port in use)."""


def lan_address() -> str:
    """This machine's address on the local network (the one its default route leaves
    by; no packet is sent), else 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a request's head (its first line and headers), from
when it opens or its last answer was sent: a connection that never finishes one is closed."""
IDLE_TIMEOUT = 30.0
"""Seconds a kept-alive connection may stay idle between requests."""
MAX_CONNECTIONS = 512
"""The most connections served at once (the watchers' streams included): one more is closed
as it opens, so that nobody can use up the server's files by opening connections."""
FILES_KEPT = 96
"""Descriptors kept back from connections for the games' files, their locks and the rest."""
ACCEPT_BURST = 64
"""How many connections asyncio accepts in one turn (its backlog), before the server sees
them and closes those beyond the limit: as many descriptors are kept back for them."""


def connection_limit() -> int:
    """How many connections the server takes at once: ``MAX_CONNECTIONS``, or fewer where
    the process may hold fewer files (its soft limit is first raised as far as allowed)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return MAX_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = MAX_CONNECTIONS + FILES_KEPT + ACCEPT_BURST
    if soft != resource.RLIM_INFINITY and soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (OSError, ValueError):
            pass
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - FILES_KEPT - ACCEPT_BURST))


def guarded_protocol(limit: int) -> type:
    """Uvicorn's HTTP/1.1 protocol with the bounds a server on a shared network needs: a
    request's head must arrive within ``HEADER_TIMEOUT`` seconds, and at most ``limit``
    connections are open (uvicorn bounds neither).  A connection beyond the limit closes
    the oldest one still waiting for its request's head (so that idle connections cannot
    keep a phone out), else is closed itself."""
    import asyncio

    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Guarded(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None
        opened = 0.0

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self.opened = self.loop.time()
            if len(self.connections) > limit:
                waiting = [
                    c for c in self.connections
                    if isinstance(c, Guarded) and c is not self and c.head_timer is not None
                ]  # fmt: skip
                oldest = min(waiting, key=lambda c: c.opened, default=self)
                oldest.drop()
                if oldest is self:
                    return
            self._await_head()

        def drop(self) -> None:
            self._cancel_head()
            self.connections.discard(self)
            self.transport.abort()

        def _await_head(self) -> None:
            self._cancel_head()
            self.head_timer = self.loop.call_later(HEADER_TIMEOUT, self._head_too_slow)

        def _cancel_head(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_too_slow(self) -> None:
            self.head_timer = None
            if not self.transport.is_closing() and self.conn.their_state is not h11.SEND_BODY and (
                self.cycle is None or self.cycle.response_complete
            ):
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.cycle is not None and not self.cycle.response_complete:
                self._cancel_head()  # a request is being answered

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._await_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_head()
            super().connection_lost(exc)

    return Guarded


class QuietAccept(logging.Filter):
    """Asyncio logs every accept that finds no free descriptor, with a traceback: a flood of
    connections would fill the log.  One line a minute says it."""

    def __init__(self) -> None:
        super().__init__()
        self.last = -60.0
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("socket.accept() out of system resource"):
            return True
        now = time.monotonic()
        if now - self.last < 60.0:
            self.dropped += 1
            return False
        self.last = now
        record.msg = "kozyr serve: too many connections at once, some were refused (%d since the last note)"
        record.args = (self.dropped,)
        record.exc_info = None
        self.dropped = 0
        return True


def bind(host: str, port: int) -> socket.socket:
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say they are TCP,
    # and without it every answer on a kept-alive connection waits ~40 ms (Nagle's delay).
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        why = exc.strerror or str(exc)
        raise ServeError(tr("cannot listen on {host}:{port}: {x}").format(host=host, port=port, x=why)) from None
    sock.listen(ACCEPT_BURST)
    sock.set_inheritable(True)
    return sock


def run(folder: Path, *, port: int, lan: bool) -> None:
    """Serve the games of ``folder`` until interrupted."""
    if not folder.is_dir():
        why = tr("not a folder") if folder.exists() else tr("no such folder")
        raise ServeError(f"{folder}: {why}")
    import uvicorn

    from .app import create_app
    from .keys import Keys

    folder = folder.resolve()
    keys, note = Keys.of_folder(folder)
    host = "0.0.0.0" if lan else "127.0.0.1"
    sock = bind(host, port)
    port = sock.getsockname()[1]
    app = create_app(folder, keys)
    shown = lan_address() if lan else "127.0.0.1"
    url = f"http://{shown}:{port}/?k={keys.token('admin')}"
    out = sys.stdout
    if note:
        print(f"kozyr serve: {note}", file=out)
    print(f"kozyr serve: the games of {safe_text(str(folder))}", file=out)
    print(f"open {url}", file=out)
    if lan:
        import segno

        print("or scan it with a phone on this network:", file=out)
        segno.make(url, error="m").terminal(out=out, compact=True)
    else:
        print("(this machine only; --lan serves the phones of the local network)", file=out)
    print("Ctrl-C stops the server; every game is saved after each event.", file=out, flush=True)
    logging.getLogger("asyncio").addFilter(QuietAccept())
    config = uvicorn.Config(
        app,
        http=guarded_protocol(connection_limit()),
        timeout_keep_alive=int(IDLE_TIMEOUT),
        backlog=ACCEPT_BURST,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=1,
        server_header=False,
    )
    games = app.state.games

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # Ctrl-C: the watchers' streams end first, so that the server stops at once
            # (uvicorn waits for open connections)
            if games.loop is not None:
                games.loop.call_soon_threadsafe(games.stop_streams)
            super().handle_exit(sig, frame)

    Server(config).run(sockets=[sock])
