"""Throughput of kozyr against python-chess, on corpora of the same size, in one run.

    python bench/bench.py [--mb 10] [--big]

Prints MB/s, games/s and peak memory for: kozyr parse only and parse + validate through
the library, `kozyr validate --jobs 1` (one process, CPU time), `kozyr validate` (all cores,
wall time), and python-chess's `chess.pgn.read_game` loop (one process, CPU time) on a PGN
corpus of the same size (each one-process figure the best of three runs, kozyr's and
python-chess's alike); then the ratios, one process against one process (and all cores
apart); then the same one-process figure for a Bura and Burkozel corpus and a Sixty-six one.  For each game,
``--jobs 2`` against ``--jobs 1`` by the wall clock (the target is 1.8x on two free cores).
`--big` also checks a 100 MB file and reports the peak RSS of every process (the main one and
each worker).
Needs the dev-only dependency `chess` (pip install chess).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def generated_corpus(name: str, mb: float, texts: Callable[[int], list[str]]) -> Path:
    """``OUT/name``: the games ``texts(seed)`` writes for seeds 0, 1, ... until the corpus
    holds ``mb`` megabytes (made once, then reused)."""
    path = OUT / name
    if path.exists():
        return path
    OUT.mkdir(exist_ok=True)
    size, seed, parts = 0, 0, []
    while size < mb * 1e6:
        for text in texts(seed):
            parts.append(text)
            size += len(text.encode())
        seed += 1
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def thousand_corpus(mb: float) -> Path:
    from notation import write_game
    from replay.thousand import generate_thousand

    return generated_corpus(
        f"thousand-{mb:g}mb.kgn", mb, lambda seed: [write_game(generate_thousand(seed=seed))]
    )


def commented_corpus(kgn: Path) -> Path:
    """A corpus with a comment after every trick's taker (as a player annotates)."""
    path = OUT / (kgn.stem + "-comments.kgn")
    if path.exists():
        return path
    import re

    text = kgn.read_text(encoding="utf-8")
    text = re.sub(r"( -> [^\n]+)\n", r"\1 {a good trick, well taken}\n", text)
    path.write_text(text, encoding="utf-8")
    return path


def big_corpus(mb: float, game: str = "thousand") -> Path:
    """The 10 MB corpus of ``game`` (thousand, or bura: Bura and Burkozel) repeated to
    ``mb`` MB (itself at 10 MB or less)."""
    base = thousand_corpus(10) if game == "thousand" else bura_corpus(10)
    if mb <= 10:
        return base
    path = OUT / f"{game}-{mb:g}mb.kgn"
    if not path.exists():
        data = base.read_text(encoding="utf-8")
        with open(path, "w", encoding="utf-8") as handle:
            while handle.tell() < mb * 1e6:
                handle.write(data)
                handle.write("\n")
    return path


def pgn_corpus(mb: float) -> Path:
    path = OUT / f"chess-{mb:g}mb.pgn"
    if path.exists():
        return path
    import chess
    import chess.pgn

    OUT.mkdir(exist_ok=True)
    rng = random.Random(1)
    size, parts = 0, []
    while size < mb * 1e6:
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = "kozyr bench"
        node = game
        for _ in range(rng.randint(40, 140)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        game.headers["Result"] = board.result(claim_draw=True)
        text = str(game) + "\n\n"
        parts.append(text)
        size += len(text.encode())
    path.write_text("".join(parts), encoding="utf-8")
    return path


def bura_corpus(mb: float) -> Path:
    from notation import write_game
    from replay import generate

    return generated_corpus(
        f"bura-{mb:g}mb.kgn",
        mb,
        lambda seed: [
            write_game(generate(game, seed=seed, players=3, deals=40))
            for game in ("bura", "burkozel")
        ],
    )


def sixtysix_corpus(mb: float) -> Path:
    from notation import write_game
    from replay import generate

    return generated_corpus(
        f"sixtysix-{mb:g}mb.kgn", mb, lambda seed: [write_game(generate("sixtysix", seed=seed))]
    )


def cli_cost(path: Path, jobs: str | None, source: Path = HERE.parent) -> tuple[float, float, float]:
    """``kozyr validate`` of ``path`` in a child process: CPU seconds (of it and its
    workers), wall seconds, and the peak RSS so far of any child (MB).  ``source``: the
    source folder whose kozyr runs (its compiled modules built in place, where built)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    command = [sys.executable, "-c", "from replay.cli import main; main()", "validate", "-q"]
    quiet = subprocess.DEVNULL if source != HERE.parent else None  # another build: its verdict only
    proc = subprocess.run(
        [*command, *(["-j", jobs] if jobs else []), str(path.resolve())], cwd=source, stderr=quiet, stdout=quiet
    )
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert proc.returncode == 0, f"the generated corpus {path.name} must validate"
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return cpu, wall, after.ru_maxrss / 1024


ROUNDS = 3
"""Runs of each one-process measure, kozyr's and python-chess's alike: the best counts
(a single run on a shared machine varies by 10%)."""


def cli_line(name: str, path: Path, mb: float, games: int, jobs: str | None) -> float:
    """``kozyr validate`` in a child process: one job timed by its CPU time (the best of
    :data:`ROUNDS` runs), all cores by the wall clock."""
    if jobs != "1":
        _, wall, peak = cli_cost(path, jobs)
        return line(name, mb, games, wall, peak)
    runs = [cli_cost(path, jobs) for _ in range(ROUNDS)]
    return line(name, mb, games, min(cpu for cpu, _, _ in runs), max(p for _, _, p in runs))


def scaling(path: Path, rounds: int = ROUNDS) -> None:
    """``--jobs 2`` against ``--jobs 1`` by the wall clock, runs interleaved, the best of
    each (meaningful only when two cores are free)."""
    walls: dict[str, list[float]] = {"1": [], "2": []}
    for _ in range(rounds):
        for jobs in walls:
            walls[jobs].append(cli_cost(path, jobs)[1])
    one, two = min(walls["1"]), min(walls["2"])
    print(f"{path.name}: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s wall (best of {rounds}): "
          f"--jobs 2 is {one / two:.2f}x --jobs 1 (target 1.8x on two free cores)")


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def line(name: str, mb: float, games: int, seconds: float, peak: float) -> float:
    rate = mb / seconds
    print(f"{name:<38} {rate:7.2f} MB/s {games / seconds:9.0f} games/s  peak {peak:6.0f} MB")
    return rate


CHESS_LOOP = (
    "import sys, chess.pgn\n"
    "with open(sys.argv[1], encoding='utf-8') as h:\n"
    "    while chess.pgn.read_game(h) is not None: pass\n"
)
"""python-chess's ``read_game`` loop, as a child process of its own."""


def chess_cost(pgn: Path) -> float:
    """CPU seconds of python-chess reading ``pgn`` in a child process (its start-up too, as
    kozyr's child processes count theirs)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", CHESS_LOOP, str(pgn)], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def against(other: Path, pgn: Path, corpora: list[tuple[str, Path]]) -> None:
    """This build's ``validate --jobs 1``, another build's and python-chess's ``read_game``
    loop, side by side: each a child process, run interleaved (this, other, chess, this ...)
    so that a busy or throttled machine weighs on all three alike; the best CPU time of each,
    as MB/s and as times python-chess."""
    import compileall

    # bytecode for the plain-Python modules of both builds: without it (PYTHONDONTWRITEBYTECODE,
    # a fresh clone) each run compiles them again, a cost no installed copy pays
    for build in (HERE.parent, other):
        for package in ("notation", "replay"):
            compileall.compile_dir(build / package, quiet=1)
    pgn_mb = pgn.stat().st_size / 1e6
    rounds = ROUNDS + 2
    for name, path in corpora:
        mb = path.stat().st_size / 1e6
        ours, theirs, chess = [], [], []
        known = True
        for _ in range(rounds):
            ours.append(cli_cost(path, "1")[0])
            if known:
                try:
                    theirs.append(cli_cost(path, "1", other)[0])
                except AssertionError:
                    known = False
            chess.append(chess_cost(pgn))
        chess_rate = pgn_mb / min(chess)
        a = mb / min(ours) / chess_rate
        line = f"{name}: validate --jobs 1 / python-chess (both interleaved, best of {rounds}): this build {a:.2f}x"
        if known:
            b = mb / min(theirs) / chess_rate
            line += f", {other} {b:.2f}x (this build at {a / b:.3f} of its speed)"
        else:
            line += f"; {other} does not validate this corpus (a game it does not know)"
        print(line + f"; python-chess {chess_rate:.2f} MB/s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=float, default=10)
    ap.add_argument("--big", action="store_true", help="also a 100 MB file for memory")
    ap.add_argument(
        "--against",
        type=Path,
        metavar="DIR",
        help="another build's source folder (e.g. a checkout of an older commit, built with "
        "`python setup.py build_ext --inplace`): its `validate --jobs 1` on the same corpora, "
        "runs interleaved with this build's, both against python-chess",
    )
    args = ap.parse_args()
    from timing import as_installed

    as_installed()
    import notation  # noqa: F401
    import replay
    from notation.parse import parse_game, split_games

    kgn = thousand_corpus(args.mb)
    pgn = pgn_corpus(args.mb)
    kgn_mb = kgn.stat().st_size / 1e6
    pgn_mb = pgn.stat().st_size / 1e6
    print(f"corpora: {kgn.name} {kgn_mb:.1f} MB, {pgn.name} {pgn_mb:.1f} MB")

    t = time.process_time()
    n = 0
    with open(kgn, "rb") as handle:
        for gtext in split_games(handle):
            parse_game(gtext)
            n += 1
    line("kozyr parse only (library, CPU)", kgn_mb, n, time.process_time() - t, rss_mb())

    t = time.process_time()
    with open(kgn, "rb") as handle:
        for gtext in split_games(handle):
            replay.check(parse_game(gtext))
    single = line("kozyr parse + validate (library, CPU)", kgn_mb, n, time.process_time() - t, rss_mb())

    one = cli_line("kozyr validate --jobs 1 (CLI, 1 process)", kgn, kgn_mb, n, "1")
    multi = cli_line("kozyr validate (all cores, CLI)", kgn, kgn_mb, n, None)
    scaling(kgn)

    import chess.pgn

    best = float("inf")
    for _ in range(ROUNDS):
        t = time.process_time()
        games = 0
        with open(pgn, encoding="utf-8") as handle:
            while chess.pgn.read_game(handle) is not None:
                games += 1
        best = min(best, time.process_time() - t)
    chess_rate = line("python-chess read_game (CPU)", pgn_mb, games, best, rss_mb())

    print(f"Thousand: kozyr validate --jobs 1 / python-chess, one process each, CPU time: "
          f"{one / chess_rate:.2f}x (library path: {single / chess_rate:.2f}x; all cores, "
          f"wall: {multi / chess_rate:.2f}x)")

    noted = commented_corpus(kgn)
    noted_mb = noted.stat().st_size / 1e6
    c_one = cli_line("Thousand, a comment on every trick: -j 1", noted, noted_mb, n, "1")
    print(f"Thousand with a comment on every trick: kozyr validate --jobs 1 / python-chess: "
          f"{c_one / chess_rate:.2f}x")

    bura = bura_corpus(args.mb)
    bura_mb = bura.stat().st_size / 1e6
    bura_games = sum(1 for _ in open(bura, encoding="utf-8") if _.startswith("[Game "))
    b_one = cli_line("Bura/Burkozel: kozyr validate --jobs 1", bura, bura_mb, bura_games, "1")
    print(f"Bura: kozyr validate --jobs 1 / python-chess, one process each, CPU time: "
          f"{b_one / chess_rate:.2f}x")
    scaling(bura)
    b_noted = commented_corpus(bura)
    bn_one = cli_line("Bura, a comment on every trick: -j 1", b_noted, b_noted.stat().st_size / 1e6, bura_games, "1")
    print(f"Bura with a comment on every trick: kozyr validate --jobs 1 / python-chess: "
          f"{bn_one / chess_rate:.2f}x")

    six = sixtysix_corpus(args.mb)
    six_mb = six.stat().st_size / 1e6
    six_games = sum(1 for _ in open(six, encoding="utf-8") if _.startswith("[Game "))
    s_one = cli_line("Sixty-six: kozyr validate --jobs 1", six, six_mb, six_games, "1")
    print(f"Sixty-six: kozyr validate --jobs 1 / python-chess, one process each, CPU time: "
          f"{s_one / chess_rate:.2f}x")
    scaling(six)

    if args.against is not None:
        against(args.against, pgn, [("Thousand", kgn), ("Bura/Burkozel", bura), ("Sixty-six", six)])

    if args.big:
        big = big_corpus(100)
        for jobs in ("1", "2"):
            t = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-c", "from replay.cli import main; main()", "validate", "-q", "-j", jobs, str(big)],
                cwd=HERE.parent,
            )
            elapsed = time.perf_counter() - t
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            size = big.stat().st_size / 1e6
            print(
                f"100 MB file, --jobs {jobs}: {size / elapsed:.2f} MB/s, peak RSS of the largest "
                f"process so far {peak:.0f} MB (exit {proc.returncode})"
            )

if __name__ == "__main__":
    main()
