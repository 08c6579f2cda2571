"""The game model from outside: random complete games of every kind through the public API.

    python bench/model.py [--games 200] [--seed 1] [--game sixtysix ...]

For each game kind it plays ``--games`` games from ``new_table`` to ``outcome()`` with
``random_move`` under random house-rule mixes (a Bura session played for a pot has no end:
it stops after 12 deals), checks that every pushed move was listed by ``legal_moves()`` (or
was a chance move), pops every game back to the start and forward again, and writes every
``record()`` to one file per kind, which ``kozyr validate`` then checks.  It uses nothing but
``replay.GAMES``, ``new_table``, ``legal_moves``, ``random_move``, ``push``, ``pop``,
``outcome`` and ``record``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import notation  # noqa: E402
import replay  # noqa: E402
from replay.games import parse_rules, random_rules  # noqa: E402

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"]


def play(game: str, rng: random.Random) -> tuple[str, int, int]:
    """One game: its canonical text, the moves, the legal moves listed along the way."""
    kind = replay.GAMES[game]
    rules = random_rules(game, rng)
    counts = kind.player_counts(parse_rules(game, rules))
    n = rng.choice(list(counts))
    if "hand=4" in rules:
        n = min(n, 5)
    table = replay.new_table(game, NAMES[:n], dealer=rng.randrange(n), rules=rules)
    listed = 0
    while table.outcome() is None and len(table.results) < 12 + 500 * (game != "bura"):
        legal = table.legal_moves()
        listed += len(legal)
        move = table.random_move(rng)
        assert move in legal or table.chance_move(random.Random(0)) is not None, move
        table.push(move)
    text = notation.dumps(table.record())
    moves = list(table.moves)
    while table.moves:
        table.pop()
    assert table.results == []
    for move in moves:
        table.push(move)
    assert notation.dumps(table.record()) == text, "pop and push again change the record"
    return text, len(moves), listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=list(replay.GAMES), help="only these kinds")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp(prefix="kozyr-model-"))
    failed = False
    for game in args.game or replay.GAMES:
        rng = random.Random(f"{args.seed}-{game}")
        start = time.process_time()
        texts, moves, listed = [], 0, 0
        for _ in range(args.games):
            text, count, legal = play(game, rng)
            texts.append(text)
            moves += count
            listed += legal
        cpu = time.process_time() - start
        path = out / f"{game}.kgn"
        path.write_text("\n".join(texts), encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "-c", "from replay.cli import main; main()", "validate", "-q", str(path)],
            capture_output=True,
            text=True,
        )
        failed |= run.returncode != 0
        print(
            f"{game:9} {args.games} games, {moves} moves ({moves / cpu:,.0f} moves/s with "
            f"legal_moves, pop back and forward, record), {listed} legal moves listed; "
            f"kozyr validate: exit {run.returncode} {run.stdout.strip()[-80:]}"
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
