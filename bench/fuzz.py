"""A fuzzing campaign over every path hostile text can take.

Random and mutated records (hostile names, numbers, escapes, brackets, keyword prefixes,
control characters, raw bytes) go through:

- the splitter, both readers and the checker (as ``kozyr validate`` runs them): the only
  acceptable outcomes are a report or a located ``KgnError``;
- the fast reader against the Lark grammar: they must agree (the same record and positions,
  or the fast reader steps aside);
- the rewrites: ``fmt`` (write, read back: the same record) and ``annotate`` (the output
  validates, reads back, and changes no move);
- JSON: export, then import (the same record, or a located error; never a different one);
- one input in twenty, the views: the facts of query, stats and dedupe, the steps of
  ``replay --plain``, the score sheet, the HTML page.

Anything else is a failure, saved to bench/out/fail-N.kgn with its traceback.

    python bench/fuzz.py [--inputs N | --seconds S] [--seed 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.append(str(HERE.parent))  # the installed package (CI's compiled one) first, else the source
sys.path.insert(0, str(HERE.parent / "tests"))

PIECES = [
    "", " ", "\n", "{", "}", "(", ")", "[", "]", '"', ";", ",", "/", ":", "->", "??", "!", "$1",
    "10", "AS", "as", "7D", "10\u2660", "q\u2665", "t\u2662", "2S", "Ħ", "\x00", "\x1b[31m", "\ufeff", "\r\n", "hand 2\n", "deal 2\n",
    "marriage", "pass", "down", "open", "show", "bura", "talon", "contract 999", "1.", "99.",
    "[Game \"bura\"]", "[Game \"thousand\"]", "[Rules \"classic x=1\"]", "barrel", "-5", "+",
    "1" + "0" * 12, "\\u{202E}", "\\u{7D}", "\\", "\u202e", "\u200b", "\u009b", "ſtock", "Talon-Ivanov",
    "Stock's", "trump-x", "1abc", "A.B", "K\u212a", "(A 105 (A 110))", "[FirstHand \"²\"]",
    "[Totals \"880\" \"0\" \"0\"]", "[Barrel \"0\" \"-\" \"-\"]", "target=²", "\"An\\u{A}na\"",
    "talon Anna:", "Anna: ", ", {c} ", " / {c} ", "bid {c} ", "1. {c} ", "()", " (Boris pass)", "\n  points Anna 70, Boris 20, Vera 30\n",
    "\n  score Anna -100, Boris +20, Vera +30\n", "\n  totals Anna 0, Boris 0, Vera 0\n",
]  # fmt: skip
NAMES = ["Talon-Ivanov", "ſtock", "Zoe\u0308", "pass\u0301", "Stock's", "trump-x", "Аня", "K\u212a", "O'Neil", "a_b", "Zoë", "??", "1abc", "A.B", "->", "x\u200b"]


def seeds() -> list[str]:
    """Small complete records (one or two hands or deals each), valid and canonical."""
    from notation import write_game
    from replay.games import generate
    from replay.thousand import generate_thousand

    texts = [write_game(generate_thousand(seed=s, max_hands=1)) for s in range(6)]
    texts += [write_game(generate_thousand(seed=s, rules="polish", max_hands=1)) for s in range(2)]
    texts += [
        write_game(generate(g, seed=s, players=p, deals=1))
        for s in range(3)
        for p, g in ((2, "bura"), (3, "bura"), (3, "burkozel"))
    ]
    samples = sorted((HERE.parent / "samples").glob("*/0[1-3]*.kgn"))
    texts += [p.read_text(encoding="utf-8") for p in samples if p.stat().st_size < 4000]
    return texts


def mutate(rng: random.Random, text: str) -> str:
    choice = rng.random()
    if choice < 0.05:
        return "".join(chr(rng.randrange(0, 0x2FF)) for _ in range(rng.randrange(0, 200)))
    if choice < 0.12:  # splice two places of one input
        cut = rng.randrange(len(text) + 1)
        return text[:cut] + text[rng.randrange(len(text) + 1) :]
    if choice < 0.3:  # a hostile name, everywhere
        for old in ("Anna", "Boris", "Vera", "Oleg", "Mikhail", "Ilya"):
            if old in text:
                return text.replace(old, rng.choice(NAMES))
    if choice < 0.4:  # a comment or a variation somewhere
        i = text.find("\n", rng.randrange(len(text) + 1))
        if i > 0:
            note = rng.choice(["{x}", "{a\\u{7D}b}", "; c", "!?", "$12", "(B pass)", "{\u202e}",
                               "(Boris 9D -> Boris)", "(Anna 7H / Boris 8H)", "({(})"])  # fmt: skip
            if rng.random() < 0.2:  # many side by side (the nesting check counts them)
                note = " ".join([note] * rng.randint(40, 70))
            return text[:i] + " " + note + text[i:]
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randrange(0, 12))
        text = text[:i] + rng.choice(PIECES) + text[j:]
    return text


def _moves(game: Any) -> list[str] | None:
    """What was dealt and played, without comments, glyphs or stated facts: the moves the
    game's table replays, each as KGN (every game alike).  A claim's count and outcome are
    facts too (``annotate`` writes them where the record left them out, and the replay
    checks them): a claim is its player's."""
    import copy

    from replay.checking import replay_record

    _, table = replay_record(game)
    if table is None:
        return None
    out = []
    for move in table.moves:
        if hasattr(move, "outcome"):  # a claim
            move = copy.copy(move)
            move.count = move.outcome = None
        out.append(table.format_move(move))
    return out


def views(gtext: Any) -> None:
    """What query, stats, dedupe, replay --plain, sheet and html make of a game: facts, or
    located errors (an exception is a failure)."""
    from rich.console import Console

    import notation
    from notation.parse import parse_game
    from replay.corpus import examine
    from replay.page import html_page
    from replay.render import render_sheet, render_step
    from replay.steps import timeline

    examine(gtext, keys=True, detail=True)
    if gtext.encoding_error is not None:
        return
    try:
        record = parse_game(gtext)
    except notation.KgnError:
        return
    steps, report = timeline(record, file="fuzz.kgn", index=1)
    console = Console(file=io.StringIO(), width=100)
    for k, step in enumerate(steps[:200], 1):
        console.print(render_step(step, None, number=k))
    console.print(render_sheet(report))
    html_page(record, title="fuzz", seat=None, file="fuzz.kgn", index=1)


def one(data: bytes, rng: random.Random) -> str | None:
    """Run one input down every path; a description of the failure, or None."""
    from differential import positions

    import notation
    from notation.jsonio import iter_json_games, to_json
    from notation.kinds import KINDS
    from notation.larkread import _parser
    from notation.parse import GameText, parse_game, split_games
    from notation.records import count_items
    from replay.annotate import annotate
    from replay.checking import check
    from replay.parallel import check_game

    for gtext in split_games(io.BytesIO(data), "fuzz.kgn"):
        check_game(gtext)  # validate: a report or located errors
        if rng.random() < 0.05:  # the views cost as much as all the rest
            views(gtext)
        if gtext.encoding_error is not None:
            continue
        text = gtext.text
        try:
            slow = parse_game(GameText(text, gtext.first_line, 1, "fuzz.kgn"), fast=False)
        except notation.KgnError:
            slow = None
        if slow is not None:
            counted = _parser(KINDS[slow.kind]).builder  # what the grammar counted
            if count_items(slow) != (counted.rounds, counted.items):
                return "count_items and the grammar count a game's items differently"
        fast = None
        name = text[len('[Game "') : text.find('"]')] if text.startswith('[Game "') else ""
        if name in KINDS:  # the fast reader of the game the text starts by naming
            fast = KINDS[name].read(text, gtext.first_line)
        if fast is not None and slow is None:
            return "the fast reader accepts what the grammar refuses"
        if fast is not None and (fast != slow or positions(fast, []) != positions(slow, [])):
            return "the fast reader and the grammar read different records"
        if slow is None:
            continue
        written = notation.dumps(slow)
        if notation.loads(written) != slow:
            return "fmt: the written text reads back as another record"
        if rng.random() < 0.5:
            report = check(slow)
            if report.ok:
                out, _ = annotate(slow)
                again = notation.loads(notation.dumps(out))
                if again != out or not check(again).ok or _moves(again) != _moves(slow):
                    return "annotate: the output changes a move, or does not validate"
        else:
            back = list(iter_json_games(to_json(slow), file="fuzz.json"))
            if back != [slow]:
                return "JSON: export and import give another record"
    return None


def run(args: tuple[int, int, float, list[str]]) -> tuple[int, list[tuple[bytes, str]]]:
    seed, count, seconds, corpus = args
    rng = random.Random(seed)
    failures: list[tuple[bytes, str]] = []
    deadline = time.time() + seconds if seconds else None
    done = 0
    while (deadline is None and done < count) or (deadline is not None and time.time() < deadline):
        text = mutate(rng, rng.choice(corpus))
        data = text.encode("utf-8", errors="surrogatepass")
        if rng.random() < 0.03:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        done += 1
        try:
            why = one(data, rng)
        except Exception:
            why = traceback.format_exc()
        if why is not None:
            failures.append((data, why))
    return done, failures


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=0, help="how many inputs (or --seconds)")
    ap.add_argument("--seconds", type=float, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    if not args.inputs and not args.seconds:
        args.seconds = 60
    corpus = seeds()
    started = time.time()
    chunks = [
        (args.seed * 1000 + k, -(-args.inputs // args.jobs) if args.inputs else 0, args.seconds, corpus)
        for k in range(args.jobs)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run, chunks))
    tried = sum(n for n, _ in results)
    failures = [f for _, fs in results for f in fs]
    for k, (data, why) in enumerate(failures[:20], 1):
        out = HERE / "out" / f"fail-{k}.kgn"
        out.parent.mkdir(exist_ok=True)
        out.write_bytes(data)
        print(f"failure saved to {out}:\n{why}", file=sys.stderr)
    elapsed = time.time() - started
    print(f"fuzz: {tried} inputs in {elapsed:.0f} s ({tried / elapsed:.0f}/s on {args.jobs} processes), {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
