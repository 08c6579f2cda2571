"""Speed and correctness of the double-dummy solver (docs/analysis.md), one process.

    python bench/dd.py [--hands 100] [--endings 0] [--give 0] [--stock-games]

Analyses ``--hands`` generated hands (the value before each of the 24 cards, as
``kozyr analyze`` computes it) and prints the CPU time per hand: median, 95th percentile
and maximum, and the search's nodes.  ``--endings N`` also compares the solver with the
brute force through the rules engine (tests/test_analysis.py) on N random endings of 1 to 4
tricks under random play switches, and ``--give N`` times the ``--give`` analysis on N hands.
``--stock-games`` measures the games with a stock against docs/analysis.md's targets:
``kozyr analyze --jobs 1`` of every Bura, Burkozel and Sixty-six sample file, and
``--simulate 100`` of every deal of them, each one process (CPU seconds and peak memory).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))


def hands(count: int) -> list:
    from replay.thousand import generate_thousand
    from replay.thousand.analyze import collect_hands

    out: list = []
    seed = 0
    while len(out) < count:
        plays, _, _ = collect_hands(generate_thousand(seed=seed, max_hands=10))
        out.extend(hp for hp in plays if hp.skipped is None)
        seed += 1
    return out[:count]


def child_cost(args: list[str]) -> tuple[float, float]:
    """``kozyr ARGS`` in a child process: its CPU seconds and its peak memory in MB."""
    command = [sys.executable, "-c", "from replay.cli import main; main()", *args]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=HERE.parent)
    _, status, usage = os.wait4(proc.pid, 0)
    assert proc.stderr is not None
    error = proc.stderr.read().decode()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"kozyr {' '.join(args)} failed: {error}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def stock_games() -> None:
    """docs/analysis.md's targets for the games with a stock: ``analyze`` of every sample
    file at most 10 s and 200 MB; ``--simulate 100`` of one deal at most 10 s."""
    import notation

    for game in ("bura", "burkozel", "sixtysix"):
        files = sorted((HERE.parent / "samples" / game).glob("*.kgn"))
        whole = [child_cost(["analyze", "--jobs", "1", str(f)]) for f in files]
        deals: list[tuple[float, float]] = []
        for f in files:
            record = notation.loads(f.read_text(encoding="utf-8"))
            count = len(getattr(record, record.ROUNDS))
            for number in range(1, count + 1):
                deals.append(child_cost(["analyze", "--jobs", "1", "--simulate", "100", "--hand", str(number), str(f)]))
        secs = sorted(c for c, _ in deals)
        print(
            f"{game}: analyze of each of {len(files)} sample files: CPU s max {max(c for c, _ in whole):.2f}, "
            f"peak MB max {max(m for _, m in whole):.0f}; --simulate 100 of each of {len(deals)} deals: CPU s "
            f"median {statistics.median(secs):.2f}, max {secs[-1]:.2f}, peak MB max {max(m for _, m in deals):.0f}",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--endings", type=int, default=0)
    ap.add_argument("--give", type=int, default=0)
    ap.add_argument("--simulate", type=int, default=0, metavar="N", help="layouts per decision")
    ap.add_argument("--sim-hands", type=int, default=10, metavar="K")
    ap.add_argument("--stock-games", action="store_true", help="Bura, Burkozel, Sixty-six: analyze and --simulate 100")
    args = ap.parse_args()
    if args.stock_games:
        stock_games()
        return
    from replay.thousand.analyze import solve_hand
    from replay.thousand.dd import Position, Solver

    played = hands(args.hands)
    # One solve of the whole hand from the first lead (issue #36: at most 20 ms median).
    whole = []
    for hp in played:
        solver = Solver(hp.rules)
        t = time.process_time()
        solver.total(Position((hp.start[0], hp.start[1], hp.start[2]), 0, 0))
        whole.append(time.process_time() - t)
    whole.sort()
    print(
        f"search: {'C (ddsearch)' if Solver().native is not None else 'Python'}; a whole hand from "
        f"its first lead, CPU ms: median {statistics.median(whole) * 1000:.1f}, "
        f"p95 {whole[max(0, round(0.95 * len(whole)) - 1)] * 1000:.1f}, max {whole[-1] * 1000:.1f}"
    )
    times, nodes = [], []
    for hp in played:
        t = time.process_time()
        result = solve_hand(hp)
        times.append(time.process_time() - t)
        nodes.append(result.nodes)
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    print(
        f"{len(times)} hands, CPU s per hand: median {statistics.median(times):.3f}, "
        f"p95 {p95:.3f}, max {times[-1]:.3f}; nodes median {int(statistics.median(nodes))}"
    )
    if args.give:
        gtimes = []
        for hp in hands(args.give):
            t = time.process_time()
            solve_hand(hp, give=True)
            gtimes.append(time.process_time() - t)
        gtimes.sort()
        print(
            f"--give on {len(gtimes)} hands, CPU s per hand: median "
            f"{statistics.median(gtimes):.2f}, max {gtimes[-1]:.2f}"
        )
    if args.simulate:
        # Every decision of a hand (its calls, the gives, the contract, its cards) over N
        # layouts, in one process (issue #41: --simulate 200 of one hand in at most 15 s
        # median, 30 s max).
        from replay.thousand import generate_thousand
        from replay.thousand.analyze import _setup, collect_hands
        from replay.thousand.simulate import simulate_hand

        per_hand, kinds = [], {}
        seed = 0
        left = args.sim_hands
        while left:
            plays, _, _ = collect_hands(generate_thousand(seed=seed, max_hands=3))
            seed += 1
            for hp in plays:
                if not left or hp.skipped is not None or hp.given is None or hp.start is None:
                    continue
                t = time.process_time()
                setup = _setup(hp)  # every decision: the calls, the gives, the contract, the cards
                decisions = simulate_hand(setup, args.simulate, 1, hp.number)
                per_hand.append(time.process_time() - t)
                for d in decisions:
                    kinds.setdefault(d.kind, []).append(d.seconds)
                left -= 1
        per_hand.sort()
        print(
            f"--simulate {args.simulate} on {len(per_hand)} hands (every decision), CPU s per hand: "
            f"median {statistics.median(per_hand):.2f}, max {per_hand[-1]:.2f}; per decision, median: "
            + ", ".join(f"{k} {statistics.median(v):.2f}" for k, v in kinds.items())
        )
    if args.endings:
        from test_analysis import brute_force, positions

        from replay.thousand.analyze import position_of
        from replay.thousand.dd import PlayRules, Solver

        done, bad, seed, by_len = 0, 0, 1000, {1: 0, 2: 0, 3: 0, 4: 0}
        rng = random.Random(0)
        t = time.process_time()
        while done < args.endings:
            for table in positions(seed, most_tricks=4, keep=0.5, hands=20):
                assert table.round is not None
                left = 9 - table.round.trick_no
                if left == 4 and rng.random() < 0.85:
                    continue
                found = position_of(table)
                assert found is not None
                solver = Solver(PlayRules.from_settings(table.settings))
                if solver.total(found[0]) != brute_force(table):
                    bad += 1
                    print("DISAGREE", seed, found[0])
                done += 1
                by_len[left] += 1
            seed += 1
        print(
            f"{done} endings (by tricks left: {by_len}) against the engine's brute force: "
            f"{bad} disagreements, {time.process_time() - t:.0f} CPU s"
        )


if __name__ == "__main__":
    main()
