"""The ``kozyr`` command line: a thin layer over :mod:`notation` and :mod:`replay`.

Exit codes: 0 all records valid, 1 an invalid record, 2 a usage or I/O error.
Messages go to stderr; results to stdout.
"""

# No ``from __future__ import annotations`` here: Typer reads every command's annotations on
# every start, and annotations kept as strings would be compiled and evaluated each time
# (10 ms of a 0.11 s start).
import contextlib
import gc
import io
import itertools
import json
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Annotated, Any, NoReturn, Self

import typer

import notation
from notation import KgnError, write_game
from notation.errors import clip, safe_text
from notation.parse import GameText, split_games
from notation.records import fold_name

from .rules import did_you_mean
from .sources import InputError, open_input, texts_of, with_folders

app = typer.Typer(
    name="kozyr",
    help="Record, validate, replay and annotate games of Thousand, Bura and Burkozel (KGN).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
EXIT_CLOSED = 141
"""The reader of the output went away (``kozyr export ... | head``): 128 + SIGPIPE, the
status of ``cat`` or ``grep`` there, not a verdict on the records."""


# ---- shell completion (kozyr --install-completion) ------------------------------------------


def _complete_game(incomplete: str) -> list[str]:
    from .games import GAMES

    return [g for g in GAMES if g.startswith(incomplete.lower())]


def _complete_preset(ctx: typer.Context, incomplete: str) -> list[str]:
    from .rules import PRESETS

    game = ctx.params.get("game") or "thousand"
    return [p for p in PRESETS.get(game, {}) if p.startswith(incomplete.lower())]


def _complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    """The players of the file named on the command line."""
    import os

    words = os.environ.get("COMP_WORDS", "").split()
    path = ctx.params.get("file") or next((w for w in words if w.endswith(".kgn")), None)
    if not path:
        return []
    try:
        for _, item in texts_of(str(path)):
            if not isinstance(item, KgnError):
                # The shell keeps what was typed: complete "bo" to "boris" (names match
                # ignoring case), "Bo" to "Boris".
                n = len(incomplete)
                return [
                    incomplete + p[n:]
                    for p in item.players
                    if p.casefold().startswith(incomplete.casefold())
                ]
    except (InputError, OSError):
        pass
    return []


def _say(text: str) -> None:
    sys.stderr.write(safe_text(text) + "\n")


def _fail_usage(message: str) -> NoReturn:
    _say(f"kozyr: {message}")
    raise typer.Exit(EXIT_USAGE)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kozyr {notation.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """kozyr: the KGN toolchain."""


class _Errors:
    """Reads games, reporting each syntax error as it comes; ``count`` says how many."""

    def __init__(self) -> None:
        self.count = 0

    def games(
        self, path: str, only: int | None = None, source: IO[bytes] | None = None
    ) -> Iterator[tuple[GameText, notation.AnyGame]]:
        for gtext, item in texts_of(path, only=only, source=source):
            if isinstance(item, KgnError):
                _say(item.format())
                self.count += 1
                continue
            yield gtext, item


def _reads_back(text: str, record: notation.AnyGame, gtext: GameText) -> bool:
    """Whether ``text``, written of ``record`` to replace a file, reads back as that very
    record (a rewrite must never turn a valid file into an invalid or a different one);
    says so where it does not."""
    try:
        again = notation.loads(text)
    except KgnError as exc:
        why = exc.message
    else:
        if again == record:
            return True
        why = "it reads back as a different game"
    _say(
        f"kozyr: {gtext.file} game {gtext.index}: the text written for it does not read back "
        f"({clip(why, 160)}); nothing is rewritten (a kozyr bug: please report it)"
    )
    return False


def _write_out(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail_usage(f"cannot write {output}: {exc.strerror or exc}")


# ---- fmt ------------------------------------------------------------------------------


@app.command()
def fmt(
    files: Annotated[
        list[str], typer.Argument(metavar="FILE...", help="KGN files or folders ('-' for standard input).", callback=with_folders)
    ],
    check: Annotated[
        bool, typer.Option("--check", help="Only check that the files are canonical.")
    ] = False,
    write: Annotated[
        bool,
        typer.Option("--write", help="Rewrite the files in place (standard input is printed)."),
    ] = False,
) -> None:
    """Print the canonical text of KGN files (or check / rewrite them).

    A file with a syntax error is reported and never rewritten.
    """
    if check and write:
        _fail_usage("--check and --write do not go together")
    status = EXIT_OK
    for path in files:
        bad = lost = False
        rewritten = False
        original = None
        source = None
        with contextlib.ExitStack() as stack:
            compared = path if path != "-" else None  # what the canonical text is checked against
            if check and path == "-":  # standard input is read twice: kept aside on disk
                import tempfile

                kept = stack.enter_context(tempfile.NamedTemporaryFile(prefix="kozyr-stdin-"))
                shutil.copyfileobj(sys.stdin.buffer, kept)
                kept.flush()
                compared = kept.name
                source = stack.enter_context(open(kept.name, "rb"))
            if (check or write) and compared is not None:
                try:
                    original = stack.enter_context(open(compared, "rb"))
                except OSError as exc:
                    _fail_usage(f"cannot read {path}: {exc.strerror or exc}")
            same = original is not None
            sink = None
            if not check:  # standard input has no file to rewrite: --write - prints
                target = Path(path) if write and path != "-" else None
                sink = stack.enter_context(_Sink(target, spool=True))
            first = True
            errors = _Errors()
            try:
                for gtext, item in errors.games(path, source=source):
                    if errors.count:
                        continue  # the errors are all reported; nothing is written
                    text = write_game(item)
                    if write and path != "-" and not _reads_back(text, item, gtext):
                        bad = lost = True
                        continue
                    piece = ("" if first else "\n") + text
                    first = False
                    if original is not None and same:
                        data = piece.encode("utf-8")
                        same = original.read(len(data)) == data
                    if sink is not None:
                        sink.write(piece)
            except InputError as exc:
                _fail_usage(str(exc))
            bad = bad or errors.count > 0
            if original is not None:
                same = same and not original.read(1)
            if sink is not None and (bad or (write and same)):
                sink.abandon()
            rewritten = write and not bad and not same and path != "-"
        if lost:
            _say(f"{path}: left as it was")
        if bad:
            status = EXIT_INVALID
        elif check and not same:
            fix = "kozyr fmt - prints the canonical text" if path == "-" else f"kozyr fmt --write {path}"
            _say(f"{path}: not in canonical form ({fix})")
            status = EXIT_INVALID
        elif rewritten:
            _say(f"{path}: rewritten")
    raise typer.Exit(status)


# ---- validate -------------------------------------------------------------------------


@app.command()
def validate(
    files: Annotated[
        list[str], typer.Argument(metavar="FILE...", help="KGN files or folders ('-' for standard input).", callback=with_folders)
    ],
    first: Annotated[bool, typer.Option("--first", help="Stop at the first error.")] = False,
    format: Annotated[
        str,
        typer.Option(
            "--format", metavar="FORMAT", help="text (default) or json (one record per line)."
        ),
    ] = "text",
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes (default: all cores)."),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help="Check on a Dask cluster: --dask for a local one, --dask ADDRESS for yours.",
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("-q", "--quiet", help="No progress and no summary.")
    ] = False,
    show_stats: Annotated[
        bool, typer.Option("--stats", help="Add the speed (MB/s) to the summary.")
    ] = False,
) -> None:
    """Replay every game against its rules; report each illegal move and wrong fact.

    Exit 0 when every record is valid, 1 when any is not.
    """
    import time

    from .parallel import check_all, check_dask

    if format not in ("text", "json"):
        _fail_usage(f"unknown format {format!r}; expected text or json")
    if dask is not None and dask != "local" and (Path(dask).is_file() or dask.endswith(".kgn")):
        files = [dask, *files]  # `--dask FILE ...`: the file is not an address
        dask = "local"
    unreadable: list[str] = []
    total_bytes = sum(Path(p).stat().st_size for p in files if p != "-" and Path(p).is_file())
    started = time.perf_counter()
    stats = {"games": 0, "hands": 0, "errors": 0, "bytes": 0}

    progress = None
    task = None
    if not quiet and sys.stderr.isatty() and total_bytes > 2_000_000:
        from rich.progress import BarColumn, Progress, TimeRemainingColumn, TransferSpeedColumn

        progress = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            TransferSpeedColumn(),
            TimeRemainingColumn(),
            console=__import__("rich.console").console.Console(stderr=True),
        )
        progress.start()
        task = progress.add_task("checking", total=total_bytes)

    def advance(size: int) -> None:
        stats["bytes"] += size
        if progress is not None and task is not None:
            progress.update(task, advance=size)

    # An unreadable file is reported and the others are still checked (exit 2).
    chunks = _chunks(files, unreadable)
    if dask is not None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            _fail_usage(
                "--dask needs Dask: pip install 'dask[distributed]' (or, in kozyr's source "
                "folder, pip install '.[dask]')"
            )
    results = check_dask(chunks, dask) if dask is not None else check_all(chunks, jobs, advance)
    try:
        for result in results:
            stats["games"] += 1
            stats["hands"] += result.hands
            stats["errors"] += result.suppressed
            for d in result.errors():
                stats["errors"] += d.severity == "error"
                if progress is not None:
                    progress.stop()
                    progress = None
                if format == "json":
                    sys.stdout.write(json.dumps(d.to_dict(), ensure_ascii=False) + "\n")
                else:
                    _say(d.format())
                if first:
                    raise typer.Exit(EXIT_INVALID)
    finally:
        if progress is not None:
            progress.stop()
    if not quiet and format == "text":
        elapsed = max(time.perf_counter() - started, 1e-9)
        size = total_bytes or stats["bytes"]
        line = f"{stats['games']} game(s), {stats['hands']} hand(s)/deal(s) checked, {stats['errors']} error(s)"
        if show_stats or size > 2_000_000:
            line += f"; {size / 1e6 / elapsed:.2f} MB/s"
        _say(line)
    for message in unreadable:
        _say(f"kozyr: {message}")
    if unreadable:
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_INVALID if stats["errors"] else EXIT_OK)


# ---- generate -------------------------------------------------------------------------


@app.command()
def generate(
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME", autocompletion=_complete_game, help="thousand, bura or burkozel"
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", min=1, help="How many games.")
    ] = 1,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Seed of the first game.")] = 0,
    rules: Annotated[
        str, typer.Option("--rules", metavar="RULES", help="A Rules tag: preset and switches.")
    ] = "classic",
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", help="Bura 2-6, Burkozel 2-4 (default 3)."),
    ] = None,
    deals: Annotated[
        int,
        typer.Option("--deals", metavar="N", min=1, help="Bura with match=pot: deals per session."),
    ] = 8,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Output file.")
    ] = None,
) -> None:
    """Write complete, valid games played by simple bots (the same seed, the same games)."""
    from .games import GAMES
    from .rules import parse_rules

    kind = GAMES.get(game)
    if kind is None:
        _fail_usage(f"unknown game {game!r}; choose {', '.join(GAMES)}")
    try:
        parse_rules(game, rules)
    except KgnError as exc:
        _fail_usage(f"--rules: {exc.message}")
    if kind.checker.players_by_rules and players is not None:
        _fail_usage(f"{kind.title}'s players are set by the rules (players=3|4), not --players")
    n = players or 3
    counts = kind.player_counts(parse_rules(game, rules))
    if not kind.checker.players_by_rules and n not in counts:
        _fail_usage(f"{game} is played by {counts.start} to {counts.stop - 1} players")

    def make(k: int) -> notation.AnyGame:
        return kind.generate(seed=seed + k, rules=rules, players=n, deals=deals)

    try:
        handle = sys.stdout if output is None else open(output, "w", encoding="utf-8")
    except OSError as exc:
        _fail_usage(f"cannot write {output}: {exc.strerror or exc}")
    try:
        for k in range(games):
            if k:
                handle.write("\n")
            handle.write(write_game(make(k)))
    finally:
        if handle is not sys.stdout:
            handle.close()


# ---- rules --------------------------------------------------------------------------------


@app.command()
def rules(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            autocompletion=_complete_game,
            help="thousand, bura or burkozel (all when left out).",
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            metavar="NAME",
            autocompletion=_complete_preset,
            help="Show the settings a preset resolves to.",
        ),
    ] = None,
    declared: Annotated[
        str | None,
        typer.Option(
            "--rules",
            metavar="RULES",
            help="Resolve a whole Rules tag, e.g. 'classic bid-step=10'.",
        ),
    ] = None,
) -> None:
    """List the presets and rule switches (docs/rules.md), or resolve a preset."""
    from .rules import PRESETS, SWITCHES, parse_rules

    games = [game] if game else list(SWITCHES)
    for g in games:
        if g not in SWITCHES:
            _fail_usage(f"unknown game {g!r}; choose thousand, bura or burkozel")
    if preset is not None or declared is not None:
        if game is None:
            given = f"--rules {declared!r}" if declared is not None else f"--preset {preset}"
            _fail_usage(f"name the game: kozyr rules GAME {given}")
        text = declared if declared is not None else preset
        try:
            resolved = parse_rules(game, text or "")
        except KgnError as exc:
            _say(f"kozyr: {exc.message}")
            raise typer.Exit(EXIT_USAGE) from None
        typer.echo(f"{game} rules {text!r} (preset {resolved.preset}):")
        for sw in SWITCHES[game]:
            value = resolved[sw.name]
            mark = "" if value == sw.default else "   (not the default)"
            typer.echo(f"  {sw.name:<22} {value:<12}{mark}")
        return
    for g in games:
        typer.echo(f"{g}")
        typer.echo("  presets:")
        for name, over in PRESETS[g].items():
            detail = " ".join(f"{k}={v}" for k, v in over.items()) or "all defaults"
            typer.echo(f"    {name:<10} {detail}")
        typer.echo("  switches (first value is the default):")
        for sw in SWITCHES[g]:
            values = "|".join(sw.values)
            typer.echo(f"    {sw.name:<22} {values:<34} {sw.clauses:<8} {sw.help}")
        typer.echo("")


# ---- replay, sheet, annotate ---------------------------------------------------------------


def _player(players: list[str], name: str, what: str) -> str:
    """The player a name means, ignoring case (a usage error names the players and the
    nearest one)."""
    for p in players:
        if fold_name(p) == fold_name(name):
            return p
    _fail_usage(
        f"{what} {name!r} is not one of the players ({', '.join(players)})"
        + did_you_mean(name, players)
    )


def _one_game(path: str, number: int) -> tuple[notation.AnyGame, str]:
    """Game ``number`` of a file (syntax errors are fatal here: exit 1)."""
    try:
        for _, item in texts_of(path, only=number):
            if isinstance(item, KgnError):
                _say(item.format())
                raise typer.Exit(EXIT_INVALID)
            name = "standard input" if path == "-" else Path(path).name
            return item, name if number == 1 else f"{name} game {number}"
    except InputError as exc:
        _fail_usage(str(exc))
    _fail_usage(f"{path} has no game {number}")


@app.command()
def replay(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A KGN file.")],
    game: Annotated[
        int, typer.Option("--game", metavar="N", min=1, help="Which game of the file.")
    ] = 1,
    at: Annotated[
        str | None,
        typer.Option("--at", metavar="HAND[.TRICK]", help="Start at HAND or HAND.TRICK."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            autocompletion=_complete_player,
            help="Show only what this player saw.",
        ),
    ] = None,
    plain_mode: Annotated[
        bool, typer.Option("--plain", help="Print every step (no interaction).")
    ] = False,
    width: Annotated[
        int, typer.Option("--width", metavar="N", min=20, help="Width of --plain output.")
    ] = 100,
    analyze: Annotated[
        bool,
        typer.Option(
            "--analyze", help="Thousand: show the double-dummy value and mark costly cards."
        ),
    ] = False,
    ascii_cards: Annotated[
        bool,
        typer.Option("--ascii", help="Cards as letters (AS, TH), not suit symbols."),
    ] = False,
    spoilers: Annotated[
        bool,
        typer.Option(
            "--spoilers",
            help="Show the calls, tricks and score sheet still to come (f switches it).",
        ),
    ] = False,
) -> None:
    """Watch a game step by step at a card table on a terminal (? lists the keys); every
    step printed with --plain or when the output is not a terminal.  The panes show what
    has happened by the step on screen (--spoilers: the whole game)."""
    from rich.console import Console

    from .games import GAMES
    from .render import render_step
    from .steps import opening_step, timeline

    record, title = _one_game(file, game)
    if seat is not None:
        seat = _player(record.players, seat, "--seat")
    steps, report = timeline(record, file=file, index=game)
    solve = GAMES[record.kind].analyze
    if analyze and solve is not None:
        from .thousand.analyze import add_analysis

        add_analysis(steps, solve(record).hands)
    start = None
    if at is not None:
        hand_text, _, trick_text = at.partition(".")
        try:
            hand_no = int(hand_text)
            trick_no = int(trick_text) if trick_text else None
        except ValueError:
            _fail_usage(f"--at {at!r}: use HAND or HAND.TRICK, e.g. 3.5")
        found = [
            i
            for i, st in enumerate(steps)
            if st.hand == hand_no and (trick_no is None or st.trick == trick_no)
        ]
        if not found:
            _fail_usage(f"--at {at}: the record has no such hand or trick")
        start = found[0]
    terminal = sys.stdout.isatty()
    symbols = not ascii_cards and terminal and "utf" in (sys.stdout.encoding or "").lower()
    if plain_mode or not terminal:
        first = start or 0
        console = Console(width=width, highlight=False, markup=False, emoji=False)
        for i, step in enumerate(steps[first:], first + 1):
            console.print(render_step(step, seat, number=i, symbols=symbols))
            console.print()
        raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)
    from .viewer import Viewer

    Viewer(
        steps,
        title=title,
        seat=seat,
        start=opening_step(steps) if start is None else start,
        sheet=GAMES[record.kind].sheet(report),
        symbols=symbols,
        spoilers=spoilers,
    ).run()
    raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)


@app.command()
def html(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="KGN files or folders.", callback=with_folders)],
    out: Annotated[
        Path,
        typer.Option(
            "-o",
            "--output",
            metavar="OUT",
            help="The page (one game) or a folder of pages (several games or files).",
        ),
    ],
    game: Annotated[
        int | None,
        typer.Option("--game", metavar="N", min=1, help="Only game N of each file."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            help="One player's view: the others' hidden cards are left out of the page.",
        ),
    ] = None,
    spoilers: Annotated[
        bool,
        typer.Option(
            "--spoilers",
            help="Open with the rest of the game shown (the page's spoilers button switches it).",
        ),
    ] = False,
) -> None:
    """Write a record as one self-contained HTML page (the replay viewer in a browser, no
    network): the card table, calls, tricks, comments, score sheet and a chart."""
    from .page import html_page, page_title

    # First the games are only counted (no game is read into records), so that a file of
    # many games costs no more than one page at a time, and "give -o a folder" comes first.
    pages: list[tuple[str, str, int, Any]] = []  # path, stem, game number, None
    kept: dict[str, bytes] = {}  # standard input, read once
    for path in files:
        before = len(pages)
        try:
            with open_input(path) as handle:
                if path == "-":
                    kept[path] = handle.read()
                    handle = io.BytesIO(kept[path])
                for gtext in split_games(handle, path):
                    if game is None or gtext.index == game:
                        pages.append((path, Path(path).stem if path != "-" else "stdin", gtext.index, None))
        except InputError as exc:
            _fail_usage(str(exc))
        except OSError as exc:
            _fail_usage(f"cannot read {path}: {exc.strerror or exc}")
        if len(pages) == before:
            _fail_usage(f"{path} has no game {game}" if game else f"{path} has no game")
    several = len(pages) > 1 or len(files) > 1
    if several and out.suffix.lower() in (".html", ".htm"):
        _fail_usage(
            f"{len(pages)} games make {len(pages)} pages: give -o a folder, "
            "or pick one game with --game N"
        )
    if several:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail_usage(f"cannot make the folder {out}: {exc.strerror or exc}")
    names = dict(zip(((p, i) for p, _, i, _ in pages), _page_names(pages, game), strict=True))
    per_file: dict[str, int] = {}
    for path, _, _, _ in pages:
        per_file[path] = per_file.get(path, 0) + 1
    errors = _Errors()
    invalid = False
    for path in dict.fromkeys(files):
        source = io.BytesIO(kept[path]) if path in kept else None
        try:
            for gtext, record in errors.games(path, only=game, source=source):
                who = seat
                if who is not None:
                    who = _player(record.players, who, "--seat")
                numbered = gtext.index if per_file[path] > 1 or game else None
                title = page_title(record, path, numbered)
                page, report = html_page(
                    record,
                    title=title,
                    seat=who,
                    file=Path(path).name,
                    index=gtext.index,
                    spoilers=spoilers,
                )
                for d in report.diagnostics:
                    d.file = path  # the page names the file; the terminal, the path given
                    _say(d.format())
                invalid = invalid or not report.ok
                target = out / names[(path, gtext.index)] if several else out
                try:
                    target.write_text(page, encoding="utf-8")
                except OSError as exc:
                    _fail_usage(f"cannot write {target}: {exc.strerror or exc}")
                _say(f"wrote {target} ({len(page.encode()) / 1024:.0f} KB)")
        except InputError as exc:
            _fail_usage(str(exc))
    raise typer.Exit(EXIT_INVALID if invalid or errors.count else EXIT_OK)


def _page_names(pages: list[tuple[str, str, int, Any]], game: int | None) -> list[str]:
    """A file name for each page, every one different: the file's stem, with the game's
    number when the file gives several pages; two files of one stem (``a/x.kgn``,
    ``b/x.kgn``) are told apart by their folders, and a file named twice by a count."""
    folders: dict[str, set[str]] = {}
    for path, stem, _, _ in pages:
        folders.setdefault(stem, set()).add(path)
    per_path: dict[str, int] = {}
    for path, _, _, _ in pages:
        per_path[path] = per_path.get(path, 0) + 1
    names: list[str] = []
    for path, stem, index, _ in pages:
        base = stem
        if len(folders[stem]) > 1:  # the same stem from several files: say where each is
            base = re.sub(r"[^\w.-]+", "_", str(Path(path).with_suffix(""))).strip("._") or stem
        name = f"{base}-{index}" if per_path[path] > 1 or (game and game > 1) else base
        k, unique = 1, name
        while unique + ".html" in names:
            k += 1
            unique = f"{name}-{k}"
        names.append(unique + ".html")
    return names


@app.command()
def sheet(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A KGN file.")],
    game: Annotated[
        int, typer.Option("--game", metavar="N", min=1, help="Which game of the file.")
    ] = 1,
    width: Annotated[
        int | None, typer.Option("--width", metavar="N", min=20, help="Output width.")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            metavar="OUT.svg|png",
            help="Also draw every player's running total across the hands (PNG needs matplotlib).",
        ),
    ] = None,
) -> None:
    """Print the score sheet of a session: a column per player, a row per hand or deal."""
    from rich.console import Console

    from .checking import replay_record
    from .render import print_whole, render_sheet

    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        _fail_usage("--plot writes OUT.svg or OUT.png")
    record, title = _one_game(file, game)
    report, table = replay_record(record, file=file, index=game)
    console = Console(width=width, highlight=False, markup=False, emoji=False)
    if width is None:  # the terminal's width: no name or score is cut to fit it
        print_whole(console, render_sheet(report))
    else:
        console.print(render_sheet(report))
    if plot is not None:
        from .plot import write_plot

        try:
            write_plot(plot, report, table, title)
        except ImportError:
            _fail_usage(
                "a PNG plot needs matplotlib (pip install matplotlib); OUT.svg needs nothing"
            )
        except OSError as exc:
            _fail_usage(f"cannot write {plot}: {exc.strerror or exc}")
    for d in report.diagnostics:
        _say(d.format())
    raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)


@app.command()
def annotate(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A KGN file.")],
    write: Annotated[bool, typer.Option("--write", help="Rewrite the file in place.")] = False,
    analysis: Annotated[
        bool,
        typer.Option(
            "--analysis",
            help="Thousand: mark the cards that cost points double dummy (? and ??) with "
            "a comment naming the best card (docs/analysis.md).",
        ),
    ] = False,
) -> None:
    """Fill in the facts the engine computes (winners, points, scores, totals, pot,
    result) and comment notable events.  Moves are never changed; run twice, same text."""
    from .annotate import annotate as annotate_game
    from .games import GAMES

    bad = lost = False
    with _Sink(Path(file) if write and file != "-" else None, spool=True) as out:
        first = True
        errors = _Errors()
        try:
            for gtext, item in errors.games(file):
                annotated, report = annotate_game(item, in_place=True)
                if not report.ok:
                    for d in report.diagnostics:
                        d.file, d.game = gtext.file, gtext.index
                        d.source = gtext.source_line(d.line) if d.line else None
                        _say(d.format())
                    bad = True
                    continue
                if bad or errors.count:
                    continue  # the errors are all reported; nothing is written
                annotate_dd = GAMES[annotated.kind].annotate_analysis
                if analysis and annotate_dd is not None:
                    annotated = annotate_dd(annotated)
                text = write_game(annotated)
                if write and file != "-" and not _reads_back(text, annotated, gtext):
                    bad = lost = True
                    continue
                out.write(("" if first else "\n") + text)
                first = False
        except InputError as exc:
            out.abandon()
            _fail_usage(str(exc))
        bad = bad or errors.count > 0
        if bad:
            out.abandon()
    if bad:
        _say("kozyr: nothing written" if lost else "kozyr: annotate needs valid records; nothing written")
        raise typer.Exit(EXIT_INVALID)


# ---- analyze -----------------------------------------------------------------------------------


@app.command()
def analyze(
    files: Annotated[
        list[str], typer.Argument(metavar="FILE...", help="KGN files or folders of Thousand games.", callback=with_folders)
    ],
    format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="text (default) or json.")
    ] = "text",
    hand: Annotated[
        int | None, typer.Option("--hand", metavar="N", min=1, help="Only this hand of each game.")
    ] = None,
    game: Annotated[
        int | None, typer.Option("--game", metavar="N", min=1, help="Only this game of each file.")
    ] = None,
    give: Annotated[
        bool, typer.Option("--give", help="Also solve every give after the talon (slower).")
    ] = False,
    summary: Annotated[
        bool, typer.Option("--summary", help="Text: only the summary line of each hand.")
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes (default: all cores)."),
    ] = None,
) -> None:
    """Double-dummy analysis of Thousand play: for every complete hand, the value before
    the first lead, whether the contract was makeable, what each card cost, and the card
    after which the contract could no longer be made (or beaten).  See docs/analysis.md."""
    from .games import GAMES
    from .thousand.analyze import analyze_all, card_lines

    if format not in ("text", "json"):
        _fail_usage(f"unknown format {format!r}; expected text or json")
    errors = _Errors()

    def games() -> Iterator[tuple[tuple[str, int], Any]]:
        for path in files:
            try:
                for gtext, item in errors.games(path, only=game):
                    if GAMES[item.kind].analyze is None:
                        _say(
                            f"{gtext.file}: game {gtext.index} is {item.kind}; "
                            "double-dummy analysis is for Thousand"
                        )
                    else:
                        yield (gtext.file or path, gtext.index), item
            except InputError as exc:
                _fail_usage(str(exc))

    first = True
    bad = False
    if format == "json":
        sys.stdout.write("[")
    for (path, index), record, report, hands in analyze_all(
        games(), hand=hand, give=give, jobs=jobs
    ):
        for d in report.diagnostics:
            bad = bad or d.severity == "error"
            _say(d.format())
        if format == "json":
            data = {
                "file": path,
                "game": index,
                "players": list(record.players),
                "valid": report.ok,
                "hands": [h.as_dict() for h in hands],
            }
            sys.stdout.write(("\n" if first else ",\n") + json.dumps(data, ensure_ascii=False))
        else:
            if len(files) > 1 or index > 1 or not first:
                sys.stdout.write(f"{safe_text(path)} game {index}\n")
            for h in hands:
                sys.stdout.write(safe_text(h.summary()) + "\n")
                if not summary and h.skipped is None:
                    sys.stdout.write("".join(safe_text(x) + "\n" for x in card_lines(h)))
        first = False
    if format == "json":
        sys.stdout.write("\n]\n")
    bad = bad or errors.count > 0
    raise typer.Exit(EXIT_INVALID if bad else EXIT_OK)


# ---- corpora: query, stats, dedupe, split ----------------------------------------------------


def _chunks(paths: list[str], unreadable: list[str] | None = None) -> Iterator[Any]:
    """The files, in order, cut into chunks for the workers (:func:`replay.pool.imap_games`).
    A path that cannot be read is a usage error, or with ``unreadable`` a message kept there
    while the other files go on."""
    from notation.parse import read_chunks

    for number, path in enumerate(paths):
        try:
            with open_input(path) as handle:
                yield from read_chunks(handle, "<stdin>" if path == "-" else path, number)
        except (InputError, OSError) as exc:
            if unreadable is None:
                _fail_usage(str(exc))
            unreadable.append(str(exc))


def _examined(files: list[str], jobs: int | None, **options: Any) -> Iterator[Any]:
    """Every game of the files, examined (:func:`replay.corpus.examine`) on ``jobs``
    processes, in input order, in flat memory.  An unreadable file is a usage error."""
    from functools import partial

    from .corpus import examine
    from .games import load_kind
    from .pool import imap_games

    for _, found in imap_games(partial(examine, **options), _chunks(files), jobs, warm=load_kind):
        yield from found


def _pairs(values: list[str], option: str) -> list[tuple[str, str]]:
    out = []
    for v in values:
        name, eq, value = v.partition("=")
        if not eq or not name:
            _fail_usage(f"{option} takes NAME=VALUE, not {v!r}")
        out.append((name, value))
    return out


@app.command()
def query(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="KGN files or folders.", callback=with_folders)],
    player: Annotated[
        str | None, typer.Option("--player", metavar="NAME", help="A player of the game.")
    ] = None,
    tag: Annotated[
        list[str] | None,
        typer.Option("--tag", metavar="NAME=VALUE", help="A tag equals (repeatable)."),
    ] = None,
    tag_contains: Annotated[
        list[str] | None,
        typer.Option("--tag-contains", metavar="NAME=TEXT", help="A tag contains, ignoring case."),
    ] = None,
    game_kind: Annotated[
        str | None,
        typer.Option(
            "--game",
            metavar="KIND",
            autocompletion=_complete_game,
            help="thousand, bura or burkozel.",
        ),
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", metavar="SWITCH=VALUE", help="A house rule's value (repeatable)."),
    ] = None,
    result: Annotated[
        str | None,
        typer.Option("--result", "--winner", metavar="NAME", help="The winner (or draw)."),
    ] = None,
    valid: Annotated[
        bool | None, typer.Option("--valid/--invalid", help="Only valid (invalid) games.")
    ] = None,
    code: Annotated[
        str | None, typer.Option("--code", metavar="CODE", help="Games with this diagnostic code.")
    ] = None,
    declarer: Annotated[
        str | None,
        typer.Option("--declarer", metavar="NAME", help="Thousand: hands this player declared."),
    ] = None,
    contract_min: Annotated[
        int | None,
        typer.Option("--contract-min", metavar="N", help="Thousand: contract at least N."),
    ] = None,
    contract_max: Annotated[
        int | None,
        typer.Option("--contract-max", metavar="N", help="Thousand: contract at most N."),
    ] = None,
    made: Annotated[
        bool | None, typer.Option("--made/--failed", help="Thousand: contracts made (failed).")
    ] = None,
    marriage: Annotated[
        str | None,
        typer.Option(
            "--marriage", metavar="SUIT", help="Thousand: a marriage declared (a suit, or any)."
        ),
    ] = None,
    barrel: Annotated[
        bool, typer.Option("--barrel", help="Thousand: somebody on the barrel.")
    ] = False,
    redeal: Annotated[bool, typer.Option("--redeal", help="Thousand: redealt hands.")] = False,
    claim: Annotated[
        str | None,
        typer.Option("--claim", metavar="made|failed", help="Bura: a claim made or failed."),
    ] = None,
    combo: Annotated[
        str | None,
        typer.Option("--combo", metavar="NAME", help="Bura, Burkozel: a combination shown."),
    ] = None,
    penalty: Annotated[
        bool, typer.Option("--penalty", help="Burkozel: penalty points received.")
    ] = False,
    hands: Annotated[
        bool,
        typer.Option("--hands", help="Write only the matching hands, each a record of its own."),
    ] = False,
    count: Annotated[
        bool, typer.Option("--count", help="Print the number of matches only.")
    ] = False,
    format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="kgn (default) or jsonl.")
    ] = "kgn",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Output file.")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes (default: all cores)."),
    ] = None,
) -> None:
    """Find games (or hands) that match every filter given; write them as canonical KGN or
    JSON Lines, or count them.  Facts come from the engine (docs/data.md)."""
    from .corpus import Filters

    if format not in ("kgn", "jsonl"):
        _fail_usage(f"unknown format {format!r}; expected kgn or jsonl")
    if claim not in (None, "made", "failed"):
        _fail_usage("--claim takes made or failed")
    filters = Filters(
        player=player, tags=_pairs(tag or [], "--tag"),
        tags_contain=_pairs(tag_contains or [], "--tag-contains"), kind=game_kind,
        switches=_pairs(rule or [], "--rule"), result=result, valid=valid, code=code,
        declarer=declarer, contract_min=contract_min, contract_max=contract_max, made=made,
        marriage=marriage.lower() if marriage else None, barrel=barrel, redeal=redeal,
        claim=claim, combo=combo, penalty=penalty,
    )  # fmt: skip
    if hands and not filters.on_hands:
        _fail_usage(
            "--hands cuts out the hands a hand filter matches; give one (--declarer, --made, ...)"
        )
    matched = unreadable = 0
    with _Sink(None if count else output) as out:
        first = True
        what = "count" if count else format
        for found in _examined(files, jobs, filters=filters, output=what, hands=hands):
            if found.facts is None:
                unreadable += 1
                _say(found.error or "")
                continue
            matched += len(found.texts)
            if not count:
                for text in found.texts:
                    out.write(text if format == "jsonl" or first else "\n" + text)
                    first = False
    if count:
        sys.stdout.write(f"{matched}\n")
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


@app.command()
def stats(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="KGN files or folders.", callback=with_folders)],
    by: Annotated[
        str,
        typer.Option("--by", metavar="GROUP", help="summary (default), player, contract or rules."),
    ] = "summary",
    format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="table (default), csv or json.")
    ] = "table",
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes (default: all cores)."),
    ] = None,
) -> None:
    """Count what happened in a corpus: games, hands, wins, contracts made by bid level,
    marriages, the barrel, claims, combinations, penalties, chips.  The numbers come from
    the engine, so wrong stated facts in a file do not change them (docs/data.md)."""
    from .corpus import Stats

    if by not in ("summary", "player", "contract", "rules"):
        _fail_usage(f"unknown --by {by!r}; expected summary, player, contract or rules")
    if format not in ("table", "csv", "json"):
        _fail_usage(f"unknown format {format!r}; expected table, csv or json")
    acc = Stats()
    unreadable = 0
    for found in _examined(files, jobs):
        if found.facts is None:
            unreadable += 1
            _say(found.error or "")
        else:
            acc.add(found.facts)
    if by == "summary":
        rows: list[dict[str, Any]] = [{"statistic": k, "value": v} for k, v in acc.summary()]
    else:
        rows = {"player": acc.by_player, "contract": acc.by_contract, "rules": acc.by_rules}[by]()
    if format == "json":
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
    elif format == "csv":
        import csv

        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else ["statistic"])
        writer.writeheader()
        writer.writerows(rows)
    else:
        from rich import box
        from rich.console import Console
        from rich.table import Table

        from .render import print_whole

        console = Console(highlight=False, markup=False, emoji=False)
        groups: dict[str, list[dict[str, Any]]] = {}
        for row in rows:  # players: a table per game, with the columns it has
            groups.setdefault(row.pop("game", ""), []).append(row)
        for game, group in groups.items() or [("", [])]:
            title = f"kozyr stats ({by})" + (f": {game}" if game else "")
            table = Table(title=title, box=box.SIMPLE_HEAD)
            cols = [c for c in (group[0] if group else ["statistic"]) if any(r[c] is not None for r in group)]
            for col in cols or ["statistic"]:
                head = col.replace("_", " ")
                widths = [len(w) for w in head.split()] + [len(str(r[col])) for r in group]
                table.add_column(  # a header wraps between its words; no value is cut
                    head,
                    justify="left" if col in ("statistic", "player", "rules") else "right",
                    min_width=min(max(widths), 24),
                    overflow="fold",
                )
            for row in group:
                table.add_row(*(safe_text(_cell(c, row[c])) for c in cols))
            print_whole(console, table)
    if acc.wrong_facts:
        _say(
            f"note: {acc.wrong_facts} game(s) state facts the engine computes otherwise; "
            "these statistics use the engine's values"
        )
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


def _cell(column: str, value: Any) -> str:
    """A statistic as the table shows it: rates as percentages with one decimal, other
    fractions with two, a value the row has not as a dash."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{100 * value:.1f}%" if column.endswith("rate") else f"{value:.2f}"
    return str(value)


@app.command()
def dedupe(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="KGN files or folders.", callback=with_folders)],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Output file.")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help="Processes (default: all cores)."),
    ] = None,
) -> None:
    """Write each game once: a game whose deals and moves repeat an earlier one (whatever
    its other tags, comments or layout) is dropped.  Says how many were dropped."""
    seen: set[str] = set()
    kept = dropped = unreadable = 0
    with _Sink(output) as out:
        for found in _examined(files, jobs, keys=True):
            if found.facts is None or found.key is None:
                unreadable += 1
                _say(found.error or "")
                continue
            if found.key in seen:
                dropped += 1
                continue
            seen.add(found.key)
            kept += 1
            out.write(("" if kept == 1 else "\n") + found.texts[0])
    _say(f"{kept} game(s) kept, {dropped} duplicate(s) dropped")
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


@app.command()
def split(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A KGN file.")],
    folder: Annotated[
        Path, typer.Option("-o", "--output", metavar="DIR", help="The folder for the files.")
    ] = Path("."),
) -> None:
    """Write each game of a file to a file of its own, named from its tags
    (``0001-thousand-Anna-Boris-Vera-2026.11.24.kgn``); ``cat`` joins them again."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail_usage(f"cannot write {folder}: {exc.strerror or exc}")
    written = kept = renamed = 0
    errors = _Errors()
    try:
        for gtext, item in errors.games(file):
            parts = [f"{gtext.index:04d}", item.kind, *item.players]
            date = item.tag("Date")
            if date:
                parts.append(date)
            stem = re.sub(r"[^\w.-]+", "_", "-".join(parts))[:120]
            text = write_game(item)
            data = text.encode("utf-8")
            for k in itertools.count(1):  # a file of the name that holds another game stays
                target = folder / (stem + (f"-{k}" if k > 1 else "") + ".kgn")
                if not target.exists() or _holds(target, data):
                    break
            renamed += k > 1
            if target.exists():
                kept += 1  # this very game, from an earlier split
            else:
                _write_out(text, target)
                written += 1
    except InputError as exc:
        _fail_usage(str(exc))
    said = f"{written} file(s) written to {folder}"
    if kept:
        said += f"; {kept} already there with the same game"
    if renamed:
        said += (
            f"; {renamed} named with a number added (-2, -3 ...), as a file of its name holds "
            "another game"
        )
    _say(said)
    raise typer.Exit(EXIT_INVALID if errors.count else EXIT_OK)


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file at ``path`` holds exactly ``data``."""
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


# ---- record -----------------------------------------------------------------------------------


@app.command()
def record(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            autocompletion=_complete_game,
            help="thousand, bura or burkozel (not with --resume).",
        ),
    ] = None,
    players: Annotated[
        str | None, typer.Option("--players", metavar="A,B,C", help="Names in seat order: A,B,C.")
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", metavar="NAME", help="Who deals first.")
    ] = None,
    rules: Annotated[
        str, typer.Option("--rules", metavar="RULES", help="A Rules tag: preset and switches.")
    ] = "classic",
    ante: Annotated[
        int | None, typer.Option("--ante", metavar="N", help="Bura: chips each player puts in.")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="The file to record into.")
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help="Go on with an unfinished record."),
    ] = None,
) -> None:
    """Record a game at the table: each event is checked and saved at once."""
    from .record import SessionError, open_recording

    try:
        recorder, notes = open_recording(
            game=game,
            players=players,
            dealer=dealer,
            rules=rules,
            ante=ante,
            output=output,
            resume=resume,
        )
    except SessionError as exc:
        _say(exc.text)
        raise typer.Exit(exc.code) from None
    for note in notes:
        _say(f"kozyr: {note}")
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            import readline

            def complete(text: str, state: int) -> str | None:
                words = recorder.current_words
                matches = [w for w in words if w.lower().startswith(text.lower())]
                return matches[state] if state < len(matches) else None

            readline.set_completer(complete)
            readline.set_completer_delims(" \t,/")
            readline.parse_and_bind("tab: complete")
        except ImportError:  # pragma: no cover - no readline on this platform
            pass

    def read(prompt: str) -> str | None:
        prompt = safe_text(prompt)  # names from the file never drive the terminal
        if interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return None
        line = line.rstrip("\n")
        sys.stdout.write(safe_text(line) + "\n")  # the echo of piped input is escaped too
        return line

    path = recorder.path
    try:
        code = recorder.run(read)
    except KeyboardInterrupt:
        _say(f"\ninterrupted; everything accepted is in {path} (kozyr record --resume {path})")
        code = EXIT_OK
    finally:
        recorder.file.release()
    raise typer.Exit(code)


# ---- export / import / schema -----------------------------------------------------------


@app.command()
def export(
    files: Annotated[
        list[str], typer.Argument(metavar="FILE...", help="KGN files or folders ('-' for standard input).", callback=with_folders)
    ],
    to: Annotated[
        str, typer.Option("--to", metavar="FORMAT", help="json (default), kgn or parquet.")
    ] = "json",
    jsonl: Annotated[bool, typer.Option("--jsonl", help="JSON Lines: one game a line.")] = False,
    indent: Annotated[
        int | None,
        typer.Option(
            "--indent", metavar="N", min=0, help="json: indent by N spaces, for people (default: compact)."
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", metavar="OUT", help="Output file (parquet: a folder)."),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help="parquet: processes (default: all)."),
    ] = None,
) -> None:
    """Convert KGN files to JSON (an array of game objects, or JSON Lines), to canonical
    KGN, or to tidy Parquet tables (games, hands, results, calls, tricks, plays; see
    docs/data.md).  Games are converted one at a time (memory stays flat on large files)."""
    if to not in ("json", "kgn", "parquet"):
        _fail_usage(f"unknown format {to!r}; expected json, kgn or parquet")
    if indent is not None and (to != "json" or jsonl):
        _fail_usage("--indent is for --to json (JSON Lines are one game a line)")
    if to == "parquet":
        _export_parquet(files, output, jobs)
        return
    from notation.jsonio import json_safe, to_json  # pydantic loads only for JSON

    errors = _Errors()
    with _Sink(output) as out:
        first = True
        if to == "json" and not jsonl:
            out.write("[")
        for file in files:
            try:
                for _, item in errors.games(file):
                    if to == "kgn":
                        out.write(("" if first else "\n") + write_game(item))
                    elif jsonl:
                        out.write(json_safe(to_json(item)) + "\n")
                    elif indent is None:  # compact: a game a line, in the array
                        out.write(("\n" if first else ",\n") + json_safe(to_json(item)))
                    else:
                        pad = "\n" + " " * indent
                        body = json_safe(to_json(item, indent=indent)).replace("\n", pad)
                        out.write((pad if first else "," + pad) + body)
                    first = False
            except InputError as exc:
                out.abandon()
                _fail_usage(str(exc))
        if to == "json" and not jsonl:
            out.write("\n]\n" if not first else "]\n")
        if errors.count:
            out.abandon()
    if errors.count:
        raise typer.Exit(EXIT_INVALID)


def _export_parquet(files: list[str], output: Path | None, jobs: int | None) -> None:
    from .corpus import ParquetTables

    if output is None:
        _fail_usage("--to parquet writes a folder of tables: give it with -o DIR")
    try:
        output.mkdir(parents=True, exist_ok=True)
        tables = ParquetTables(output)
    except ImportError:
        _fail_usage(
            "--to parquet needs pyarrow: pip install pyarrow (or, in kozyr's source folder, "
            "pip install '.[data]')"
        )
    except OSError as exc:
        _fail_usage(f"cannot write {output}: {exc.strerror or exc}")
    unreadable = 0
    try:
        for found in _examined(files, jobs, detail=True):
            if found.facts is None:
                unreadable += 1
                _say(found.error or "")
            else:
                tables.add(found.facts)
    finally:
        tables.close()
    _say(
        f"{tables.games} game(s) written to {output} (games, hands, results, calls, tricks, plays)"
    )
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


class _Sink:
    """Where a converting command writes: standard output as it goes, or a file written
    whole (a temporary file beside it, renamed at the end; left alone on failure; a
    symbolic link keeps pointing at its file, which gets the new text).  With ``spool``,
    standard output too is written to a temporary file first and copied out at the end,
    so that a command that finds an error half-way prints nothing and keeps nothing in
    memory."""

    def __init__(self, path: Path | None, *, spool: bool = False) -> None:
        self.path = path.resolve() if path is not None else None
        self.spool = spool and path is None
        self.handle: Any = None
        self.failed = False

    def __enter__(self) -> Self:
        import tempfile

        if self.path is not None:
            try:
                fd, name = tempfile.mkstemp(
                    prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent or "."
                )
            except OSError as exc:
                _fail_usage(f"cannot write {self.path}: {exc.strerror or exc}")
            self.tmp = Path(name)
            from .record import file_mode

            os.fchmod(fd, file_mode(self.path))
            self.handle = open(fd, "w", encoding="utf-8", newline="")
        elif self.spool:
            self.handle = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
        return self

    def write(self, text: str) -> None:
        if self.handle is None:
            sys.stdout.write(text)
        else:
            self.handle.write(text)

    def abandon(self) -> None:
        self.failed = True

    def __exit__(self, *exc: object) -> None:
        if self.handle is None:
            return
        if self.path is None:  # a spool for standard output
            if not self.failed and exc[0] is None:
                self.handle.seek(0)
                while chunk := self.handle.read(1 << 20):
                    sys.stdout.write(chunk)
            self.handle.close()
            return
        self.handle.close()
        if self.failed or exc[0] is not None:
            self.tmp.unlink(missing_ok=True)
            return
        try:
            self.tmp.replace(self.path)
        except OSError as err:
            self.tmp.unlink(missing_ok=True)
            _fail_usage(f"cannot write {self.path}: {err.strerror or err}")


@app.command("import")
def import_(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A JSON file: a game, an array, or JSON Lines.")
    ],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help="Output file.")
    ] = None,
) -> None:
    """Convert JSON game records (as `kozyr export` writes them) back to canonical KGN.
    Every game must be one that KGN can hold: its text is read back and must give the same
    record (a tag name that is not a name, a negative trick number ... are errors)."""
    from notation.jsonio import iter_json_games  # pydantic loads only here

    try:
        with open_input(file) as source, _Sink(output, spool=True) as out:
            try:
                for n, game in enumerate(iter_json_games(source, file=file), 1):
                    kgn = write_game(game)
                    try:
                        again = notation.loads(kgn)
                    except KgnError as exc:
                        again, why = None, exc.message
                    if again != game:
                        why = why if again is None else "its KGN text reads back differently"
                        raise KgnError(
                            f"game {n} cannot be written as KGN: {clip(why, 200)}",
                            code="json",
                            file=file,
                            game=n,
                        )
                    out.write(("" if n == 1 else "\n") + kgn)
            except KgnError as exc:
                out.abandon()
                _say(exc.format())
                raise typer.Exit(EXIT_INVALID) from None
            except OSError as exc:
                out.abandon()
                _fail_usage(f"cannot read {file}: {exc.strerror or exc}")
    except InputError as exc:
        _fail_usage(str(exc))


@app.command()
def schema() -> None:
    """Print the JSON Schema of a game record."""
    from notation.jsonio import json_schema

    sys.stdout.write(json.dumps(json_schema(), indent=2) + "\n")


def normalize_args(args: list[str]) -> list[str]:
    """``--dask`` takes an optional address: without one (end of line, another option, or
    a file next) it means a local cluster."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--dask":
            nxt = args[i + 1] if i + 1 < len(args) else None
            address = nxt is not None and (
                "://" in nxt or re.fullmatch(r"[\w.-]+:\d+", nxt) is not None
            )
            if not address:
                out[-1] = "--dask=local"
    return out


def batch_gc() -> None:
    """Garbage-collector settings for batch work in the command line (not in the library):
    what was imported is frozen out of the collections, and the young generation is
    collected every 20,000 allocations instead of 700.  Records and tables are mostly
    acyclic, so the defaults spend their time scanning live objects (about 15% of a
    ``validate`` run); memory stays flat because reference counting frees them."""
    gc.freeze()
    gc.set_threshold(20_000, 50, 1_000)


def app_for(args: list[str]) -> typer.Typer:
    """The app with only the command being run: Typer turns each registered command into a
    Click command on every run (4 ms for all of them, against 1 ms for one), and only the
    one named first is needed.  Anything else (no command, an option first, a name that
    is not a command) gets the whole app, so that help and suggestions list them all."""
    from copy import copy

    from typer.main import get_command_name

    def name(command: Any) -> str:
        return str(command.name or get_command_name(command.callback.__name__))

    chosen = [c for c in app.registered_commands if args and name(c) == args[0]]
    if not chosen:
        return app
    one = copy(app)
    one.registered_commands = chosen
    return one


def main() -> None:
    """Entry point of the ``kozyr`` console script."""
    batch_gc()
    try:
        args = normalize_args(sys.argv[1:])
        app_for(args)(args=args)
    except KeyboardInterrupt:
        _say("kozyr: interrupted")
        sys.exit(130)
    except BrokenPipeError:
        _output_closed()
    except RuntimeError as exc:
        from .pool import WorkerLost  # here: start-up does not load the pool

        if not isinstance(exc, WorkerLost):
            raise
        _say(f"kozyr: {exc}")
        sys.exit(EXIT_USAGE)
    except SystemExit as exc:
        # Click (in typer) and rich turn a broken pipe into exit 1, which for kozyr says
        # a record is invalid: the exit they raise is raised while handling the pipe's error.
        if isinstance(exc.__context__, BrokenPipeError):
            _output_closed()
        raise


def _output_closed() -> NoReturn:
    """Stop quietly: nothing more can be written, and the exit status says so."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no error again when Python flushes at exit
    sys.exit(EXIT_CLOSED)


if __name__ == "__main__":
    main()
