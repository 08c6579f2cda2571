"""``kozyr serve`` on a shared network: what a stranger without a key can do to it (nothing
lasting), how fast a kept-alive connection is answered, and what the server says when a
request goes wrong.  Every connection goes to 127.0.0.1 and every loop is bounded."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import httpx
import pytest
from serving import Client, Server, new_game


def answered(server: Server, timeout: float = 5.0) -> int:
    """The status of the folder's page, fetched on a new connection."""
    return httpx.get(f"{server.base}/?k={server.admin}", timeout=timeout).status_code


def test_a_kept_alive_connection_is_answered_without_nagles_delay(server: Server) -> None:
    # Without TCP_NODELAY on the server's side each answer on a kept-alive connection waits
    # for the client's delayed acknowledgement (~40 ms); with it, a small answer takes ~1 ms.
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as conn:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        times = []
        for _ in range(30):
            start = time.perf_counter()
            conn.sendall(b"GET /nothing HTTP/1.1\r\nHost: kozyr\r\n\r\n")
            data = b""
            while b"nothing here" not in data:
                chunk = conn.recv(65536)
                assert chunk, "the server closed a kept-alive connection"
                data += chunk
            times.append(time.perf_counter() - start)
    times.sort()
    assert times[len(times) // 2] < 0.02, times  # the median, in seconds


def test_a_connection_that_never_finishes_its_request_is_closed(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: kozyr\r\n")  # a head never finished
        start = time.monotonic()
        closed = False
        while not closed and time.monotonic() - start < 15:
            try:
                conn.sendall(b"X")  # a byte every half second: the head still never ends
            except OSError:
                closed = True
                break
            time.sleep(0.5)
            closed = _readable(conn) and _closed(conn, 0.1)
        took = time.monotonic() - start
    assert closed and took < 12, took


def _readable(conn: socket.socket) -> bool:
    import select

    return bool(select.select([conn], [], [], 0)[0])


def _closed(conn: socket.socket, within: float) -> bool:
    conn.settimeout(max(within, 0.1))
    try:
        return conn.recv(1024) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def test_a_flood_of_idle_connections_cannot_keep_a_phone_out(tmp_path: Path) -> None:
    """1,100 connections that send nothing, against a server that may hold only 256 files:
    the phones are still answered at once, and the log says it in a line, not megabytes."""
    folder = tmp_path / "games"
    folder.mkdir()
    server = Server(folder, files=256)
    try:
        key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
        flood = []
        for _ in range(1100):
            try:
                flood.append(socket.create_connection(("127.0.0.1", server.port), timeout=2))
            except OSError:
                break
        start = time.perf_counter()
        for _ in range(5):
            assert answered(server) == 200
        assert Client(server, "g.kgn", key).state()["prompt"].startswith("hand 1")
        assert time.perf_counter() - start < 5
        for conn in flood:
            conn.close()
        assert len(server.log()) < 5000, server.log()[-2000:]
        assert "Traceback" not in server.log()
    finally:
        server.kill()


def test_opened_games_do_not_use_up_the_servers_files(tmp_path: Path) -> None:
    """Each game opened holds its file's lock; with 256 descriptors allowed, 300 games are
    started and each is then entered into again, and the list of games still answers."""
    folder = tmp_path / "games"
    folder.mkdir()
    server = Server(folder, files=256)
    try:
        keys = {}
        for i in range(300):
            keys[i] = new_game(server, f"g{i}.kgn", "bura", "Oleg,Ilya", "Oleg", ante="1")
        for i in (0, 150, 299):
            c = Client(server, f"g{i}.kgn", keys[i])
            state = c.enter("Oleg: 6S 7D JC / Ilya: TH 6H 9C / trump: KH")
            assert "trick 1" in state["prompt"], state["prompt"]
        page = httpx.get(f"{server.base}/?k={server.admin}", timeout=10)
        assert page.status_code == 200 and page.text.count("<li>") == 300
        assert "Traceback" not in server.log()
    finally:
        server.kill()


def test_deeply_nested_json_is_refused_as_json_not_answered_with_a_500(server: Server) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    url = f"{server.base}/api/g.kgn/entry?k={key}"
    nested = "[" * 8000 + "]" * 8000  # deeper than the JSON reader recurses, within the size
    reply = httpx.post(url, content=nested.encode(), timeout=10)
    assert reply.status_code == 400 and reply.json() == {"error": "an entry is JSON"}
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert "content-security-policy" in reply.headers
    assert "Traceback" not in server.log()


def test_an_error_nothing_else_caught_is_a_plain_500_with_the_security_headers(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    import asyncio

    from replay.serve.app import create_app
    from replay.serve.keys import Keys

    keys, _ = Keys.of_folder(tmp_path)
    app = create_app(tmp_path, keys)

    def broken() -> list[dict[str, str]]:  # the folder cannot be listed (no descriptor left ...)
        raise OSError(24, "Too many open files", str(tmp_path / "secret"))

    app.state.games.listing = broken

    async def ask() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kozyr") as client:
            return await client.get(f"/?k={keys.token('admin')}")

    reply = asyncio.run(ask())
    assert reply.status_code == 500 and "nothing was changed" in reply.json()["error"]
    assert reply.headers["x-frame-options"] == "DENY" and "content-security-policy" in reply.headers
    assert "secret" not in reply.text and "secret" not in caplog.text
    assert "Traceback" not in caplog.text and "OSError" in caplog.text


@pytest.mark.parametrize("ante", ["²", "1" * 5000, "-3", "1e3"])
def test_an_ante_that_is_not_a_small_whole_number_is_refused(server: Server, ante: str) -> None:
    form = {"k": server.admin, "name": "pot", "game": "bura", "players": "Oleg,Ilya", "dealer": "Oleg", "rules": "classic", "ante": ante}
    reply = httpx.post(server.base + "/new", data=form, timeout=10)
    assert reply.status_code == 400 and "the ante is a whole number" in reply.text
    assert reply.headers["x-frame-options"] == "DENY"
    assert not (server.folder / "pot.kgn").exists()
    assert "Traceback" not in server.log()


def test_error_texts_name_the_file_and_never_the_servers_folder(server: Server) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    c = Client(server, "g.kgn", key)
    c.enter("")  # the deal, not seen
    (server.folder / "g.kgn").write_text((server.folder / "g.kgn").read_text() + "\n{changed by hand}\n")
    reply = c.post({"answer": "bid Boris 100"})
    assert reply.status_code == 200
    state = reply.json()["state"]
    text = json.dumps(state) + reply.text
    assert str(server.folder) not in text and "g.kgn" in " ".join(state["messages"])


def test_a_file_changed_by_another_program_is_said_plainly_and_saved_under_a_new_name(server: Server) -> None:
    key = new_game(server, "g.kgn", "thousand", "Anna,Boris,Vera", "Anna")
    c = Client(server, "g.kgn", key)
    c.enter("")
    path = server.folder / "g.kgn"
    theirs = path.read_text() + "\n{another program wrote this}\n"
    path.write_text(theirs)
    state = c.post({"answer": "bid Boris 100"}).json()["state"]
    assert state["changed"] is True and state["unsaved"] is True
    assert "changed by another program" in state["messages"][0]
    assert "save PATH" not in state["messages"][0]  # a phone cannot type a path
    # further entries are refused until the game is saved elsewhere: none is kept only in memory
    refused = c.post({"answer": "bid Vera pass"})
    assert refused.status_code == 409 and "new name" in refused.json()["error"]
    # saving under a name that exists is refused; a new name takes the game and its link
    assert c.post({"save_as": "g.kgn"}).status_code == 400
    saved = c.post({"save_as": "g-mine"})
    assert saved.status_code == 200, saved.text
    goto = saved.json()["goto"]
    assert goto.startswith("/play/g-mine.kgn?k=")
    assert path.read_text() == theirs  # the other program's text is left as it was
    mine = server.folder / "g-mine.kgn"
    assert "bid Boris 100" in mine.read_text()
    c2 = Client(server, "g-mine.kgn", goto.split("k=")[1])
    c2.enter("bid Vera pass")
    assert "bid Boris 100, Vera pass" in mine.read_text()
