"""Running the server: the socket, the address to give the phones, uvicorn.

Uvicorn (an ASGI server) runs the Starlette application: both are small, well kept and
pure Python, start in a fraction of a second, and stream server-sent events, which is all a
live board needs (docs/serve.md says why not more).
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from types import FrameType

from notation.errors import safe_text

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


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def run(folder: Path, *, port: int, lan: bool) -> None:
    """Serve the games of ``folder`` until interrupted."""
    if not folder.is_dir():
        raise ServeError(f"{folder}: {'not a folder' if folder.exists() else 'no such folder'}")
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
    config = uvicorn.Config(
        app,
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
