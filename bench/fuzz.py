"""A longer fuzzing campaign than the test suite's: random and mutated inputs through the
reader and the validator.  The only acceptable outcomes are a report or a located KgnError;
anything else is a crash, saved to bench/out/crash-N.kgn.

    python bench/fuzz.py [--seconds 60] [--seed 0]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

PIECES = [
    "", " ", "\n", "{", "}", "(", ")", "[", "]", '"', ";", ",", "/", ":", "->", "??", "!", "$1",
    "10", "AS", "as", "7D", "Ħ", "\x00", "\x1b[31m", "\ufeff", "\r\n", "hand 2\n", "deal 2\n",
    "marriage", "pass", "down", "open", "show", "bura", "talon", "contract 999", "1.", "99.",
    "[Game \"bura\"]", "[Game \"thousand\"]", "[Rules \"classic x=1\"]", "barrel", "-5", "+",
]  # fmt: skip


def seeds() -> list[str]:
    from notation import write_game
    from replay.generate import generate_thousand
    from replay.generate_bura import generate_bura

    texts = [p.read_text(encoding="utf-8") for p in sorted((HERE.parent / "samples").glob("*/*.kgn"))]
    texts += [write_game(generate_thousand(seed=s, max_hands=4)) for s in range(3)]
    texts += [write_game(generate_bura(seed=s, players=3, game=g, deals=2)) for s in range(2) for g in ("bura", "burkozel")]
    return texts


def mutate(rng: random.Random, text: str) -> str:
    choice = rng.random()
    if choice < 0.1:
        return "".join(chr(rng.randrange(0, 0x2FF)) for _ in range(rng.randrange(0, 200)))
    if choice < 0.2:  # splice two inputs
        cut = rng.randrange(len(text) + 1)
        return text[:cut] + text[rng.randrange(len(text) + 1) :]
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randrange(0, 12))
        text = text[:i] + rng.choice(PIECES) + text[j:]
    return text


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    from notation.parse import split_games
    from replay.parallel import check_job, job

    rng = random.Random(args.seed)
    corpus = seeds()
    tried = crashes = diagnostics = 0
    deadline = time.time() + args.seconds
    while time.time() < deadline:
        text = mutate(rng, rng.choice(corpus))
        data = text.encode("utf-8", errors="surrogatepass")
        if rng.random() < 0.05:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        tried += 1
        try:
            for gtext in split_games(io.BytesIO(data), "fuzz.kgn"):
                result = check_job(job(gtext))
                diagnostics += len(result.diagnostics)
        except Exception:
            crashes += 1
            out = HERE / "out" / f"crash-{crashes}.kgn"
            out.parent.mkdir(exist_ok=True)
            out.write_bytes(data)
            print(f"crash saved to {out}:\n{traceback.format_exc()}", file=sys.stderr)
    print(f"fuzz: {tried} inputs in {args.seconds:.0f} s, {diagnostics} diagnostics, {crashes} crashes")
    sys.exit(1 if crashes else 0)


if __name__ == "__main__":
    main()
