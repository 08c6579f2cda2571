"""``kozyr serve``: start-up, the server's time per accepted event, and watchers under load.

    python bench/serve.py [--events 500] [--watchers 20] [--pace 0.05] [--rounds 5]

- **start-up**: from starting ``kozyr serve DIR --port 0`` to the first answered request
  (the list of games), median of ``--rounds`` (target: under 1 s);
- **per event**: ``Room.enter`` of the first ``--events`` events of a random Thousand game
  in this process: reading and checking the entry, the table's move, the record written
  and saved atomically (fsync) (target: under 50 ms); CPU time, and wall time;
- **watchers**: ``--watchers`` watchers (a process of their own) follow a game while the
  events are entered, one every ``--pace`` seconds, then back to back; each watcher gets
  the news of an event and fetches the board's data: the time from an entry's answer to
  each watcher having the new board (target: p95 under 200 ms), and the server's RSS.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE.parent))

from serving import Client, Server, Watchers, new_game  # noqa: E402

import replay  # noqa: E402

PLAYERS = ["Anna", "Boris", "Vera"]


def events(count: int, seed: int = 7) -> list[str]:
    import random

    rng = random.Random(seed)
    table = replay.GAMES["thousand"].new_table(PLAYERS, dealer=0)
    out = []
    while len(out) < count:
        move = table.random_move(rng)
        out.append(table.format_move(move))
        table.push(move)
    return out


def startup(rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            server = Server(Path(tmp))
            try:
                reply = httpx.get(f"{server.base}/", params={"k": server.admin})
                assert reply.status_code == 200
                times.append(time.perf_counter() - start)
            finally:
                server.kill()
    return times


def per_event(evs: list[str]) -> tuple[list[float], list[float]]:
    from replay.serve.rooms import Games

    cpu, wall = [], []
    with tempfile.TemporaryDirectory() as tmp:

        async def main() -> None:
            games = Games(Path(tmp), "bench")
            room = await games.create("g.kgn", "thousand", ",".join(PLAYERS), "Anna", "classic", None)
            for e in evs:
                c0, w0 = time.process_time(), time.perf_counter()
                room.enter(room.version, {"event": e})
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
            games.close()

        asyncio.run(main())
    return cpu, wall


def load(evs: list[str], watchers: int, pace: float) -> tuple[list[float], int, int]:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            key = new_game(server, "load.kgn", "thousand", ",".join(PLAYERS), "Anna")
            crowd = Watchers(server, "load.kgn", server.link("watch", "load.kgn"), watchers)
            c = Client(server, "load.kgn", key)
            version = c.state()["version"]
            accepted = {}
            for e in evs:
                if pace:
                    time.sleep(pace)
                reply = c.post({"event": e}, version=version)
                assert reply.status_code == 200, reply.text
                version = reply.json()["state"]["version"]
                accepted[version] = time.perf_counter()
            views, finished = crowd.finish(version)
            rss = server.rss_kb()
        finally:
            server.kill()
    return sorted(t - accepted[v] for v, t in views if v in accepted), finished, rss


def ms(xs: list[float], q: float) -> float:
    return 1000 * sorted(xs)[int(q * (len(xs) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--pace", type=float, default=0.05)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import replay.table as t

    print(f"modules: {'compiled' if t.__file__.endswith('.so') else 'plain Python'}")
    up = startup(args.rounds)
    print(f"start-up to the first answer: median {statistics.median(up) * 1000:.0f} ms (max {max(up) * 1000:.0f}) over {len(up)} starts")
    evs = events(args.events)
    cpu, wall = per_event(evs)
    print(
        f"per accepted event ({len(evs)} events): CPU median {ms(cpu, 0.5):.1f} ms, p95 {ms(cpu, 0.95):.1f}, "
        f"max {max(cpu) * 1000:.1f}; wall median {ms(wall, 0.5):.1f} ms, p95 {ms(wall, 0.95):.1f}"
    )
    for pace in (args.pace, 0.0):
        lags, finished, rss = load(evs, args.watchers, pace)
        how = f"one every {pace * 1000:.0f} ms" if pace else "back to back"
        print(
            f"{args.watchers} watchers, {len(evs)} events {how}: {len(lags)} boards fetched, "
            f"median {ms(lags, 0.5):.0f} ms, p95 {ms(lags, 0.95):.0f} ms, max {max(lags) * 1000:.0f} ms "
            f"from an entry's answer to a watcher's new board; {finished}/{args.watchers} saw the last; "
            f"server RSS {rss // 1024} MB"
        )


if __name__ == "__main__":
    main()
