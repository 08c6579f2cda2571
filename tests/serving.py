"""``kozyr serve`` as a child process, for the tests and the benchmark: started on a free
port of 127.0.0.1, its links read from what it prints, killed at the end."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KOZYR = [sys.executable, "-c", "from replay.cli import main; main()"]


class Server:
    """A running ``kozyr serve DIR``: ``base`` (http://127.0.0.1:PORT), ``admin`` (the key
    of the list of games), ``folder``; ``kill()`` ends it with SIGKILL."""

    def __init__(self, folder: Path, *args: str, cwd: Path = ROOT, files: int | None = None) -> None:
        self.folder = folder
        self.started = time.perf_counter()

        def limit() -> None:  # ``files``: the most descriptors the server may ever hold
            if files is not None:
                import resource

                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        self.proc = subprocess.Popen(
            [*KOZYR, "serve", str(folder), "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            preexec_fn=limit,
        )
        self.output = self._read_until(b"Ctrl-C stops the server")
        found = re.search(r"open http://([\d.]+):(\d+)/\?k=([\w-]+)", self.output)
        assert found, self.output
        self.port = int(found.group(2))
        self.base = f"http://127.0.0.1:{self.port}"
        self.admin = found.group(3)

    def _read_until(self, marker: bytes, timeout: float = 20.0) -> str:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        data = b""
        end = time.monotonic() + timeout
        while marker not in data:
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
            if not ready:
                raise TimeoutError(data.decode(errors="replace"))
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError("the server stopped: " + data.decode(errors="replace"))
            data += chunk
        return data.decode("utf-8", "replace")

    def keys(self) -> Any:
        from replay.serve.keys import Keys

        return Keys.of_folder(self.folder)[0]

    def link(self, role: str, name: str, seat: str = "") -> str:
        return self.keys().token(role, name, seat)

    def log(self) -> str:
        """What the server printed since it started (read without waiting)."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        data = b""
        while select.select([fd], [], [], 0.05)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
        self.output += data.decode("utf-8", "replace")
        return self.output

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def rss_kb(self) -> int:
        """The server's resident memory (kB) now."""
        for row in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if row.startswith("VmRSS:"):
                return int(row.split()[1])
        return 0


def new_game(server: Server, name: str, game: str, players: str, dealer: str, rules: str = "classic", ante: str = "") -> str:
    """Start a game through the folder's form; the key of its recording link."""
    import httpx

    form = {"k": server.admin, "name": name, "game": game, "players": players, "dealer": dealer, "rules": rules, "ante": ante}
    reply = httpx.post(server.base + "/new", data=form, timeout=10)
    assert reply.status_code == 303, reply.text
    from urllib.parse import parse_qs, urlsplit

    key: str = parse_qs(urlsplit(reply.headers["location"]).query)["k"][0]
    return key


class Client:
    """One phone's side of the JSON API of a game."""

    def __init__(self, server: Server, name: str, key: str) -> None:
        import httpx

        self.http = httpx.Client(base_url=server.base, timeout=10)
        self.name = name
        self.key = key

    def state(self) -> dict[str, Any]:
        reply = self.http.get(f"/api/{self.name}/state", params={"k": self.key})
        assert reply.status_code == 200, reply.text
        result: dict[str, Any] = reply.json()
        return result

    def post(self, entry: dict[str, Any], version: str | None = None) -> Any:
        body = {"version": version or self.state()["version"], **entry}
        return self.http.post(f"/api/{self.name}/entry", params={"k": self.key}, json=body)

    def enter(self, answer: str) -> dict[str, Any]:
        reply = self.post({"answer": answer})
        assert reply.status_code == 200, reply.text
        state: dict[str, Any] = reply.json()["state"]
        return state


# ---- watchers under load ---------------------------------------------------------------------


def _watchers(base: str, name: str, key: str, count: int, conn: Any) -> None:
    """``count`` watchers in one process of their own (as phones are): each follows the
    game's news and fetches the board's data on each; what each saw, and when
    (``time.perf_counter``, the system's monotonic clock), goes back through ``conn``."""
    import asyncio

    import httpx

    async def main() -> None:
        seen: list[tuple[str, float]] = []
        last: list[str | None] = [None]
        listening = [0]

        async def one() -> None:
            async with httpx.AsyncClient(base_url=base, timeout=60) as http:
                async with http.stream("GET", f"/api/{name}/events", params={"k": key}) as news:
                    listening[0] += 1
                    async for line in news.aiter_lines():
                        if not line.startswith("data: "):
                            continue
                        body = (await http.get(f"/api/{name}/data", params={"k": key})).content
                        at = body.rfind(b'"version":"') + 11
                        version = body[at : body.index(b'"', at)].decode()
                        seen.append((version, time.perf_counter()))
                        if version == last[0]:
                            return

        tasks = [asyncio.create_task(one()) for _ in range(count)]
        while listening[0] < count:
            await asyncio.sleep(0.01)
        conn.send("ready")
        loop = asyncio.get_running_loop()
        last[0] = await loop.run_in_executor(None, conn.recv)
        done, pending = await asyncio.wait(tasks, timeout=60)
        for task in pending:
            task.cancel()
        conn.send((seen, len(done)))

    asyncio.run(main())


class Watchers:
    """Watchers of a game in a child process: ``start()``, then ``finish(last_version)``
    returns when and which versions each saw."""

    def __init__(self, server: Server, name: str, key: str, count: int) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.proc = context.Process(target=_watchers, args=(server.base, name, key, count, child), daemon=True)
        self.proc.start()
        if not self.conn.poll(60) or self.conn.recv() != "ready":
            raise TimeoutError("the watchers did not start")

    def finish(self, last: str) -> tuple[list[tuple[str, float]], int]:
        """(version, time seen) of every view, and how many watchers saw ``last``."""
        self.conn.send(last)
        if not self.conn.poll(90):
            raise TimeoutError("the watchers did not finish")
        seen, finished = self.conn.recv()
        self.proc.join(10)
        return seen, finished
