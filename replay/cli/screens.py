"""``kozyr replay``, ``html``, ``sheet``, ``annotate``, ``analyze``: a game on a screen, and what a replay finds in it."""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from notation import write_game
from notation.errors import safe_text
from notation.i18n import N_, tr
from notation.parse import GameText, split_games
from notation.records import GameRecord

from ..sources import InputError, cannot_read, open_input, with_folders

if TYPE_CHECKING:
    from ..view import Step
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    Errors,
    File,
    Files,
    GameNumber,
    Jobs,
    KindsCommand,
    Seed,
    Sink,
    app,
    complete_player,
    fail_usage,
    fill,
    layouts_option,
    one_game,
    player,
    reads_back,
    say,
)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Watch a game step by step at a card table on a terminal (? lists the keys); every\n"
        "step printed with --plain or when the output is not a terminal.  The panes show what\n"
        "has happened by the step on screen (--spoilers: the whole game)."
    ),
)
def replay(
    file: File,
    game: GameNumber = 1,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            metavar="HAND[.TRICK]",
            help=N_("Start at HAND (its first event) or at HAND.TRICK complete, its last card "
            "played (as the page's #hHANDtTRICK)."),
        ),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            autocompletion=complete_player,
            help=N_("Show only what this player saw."),
        ),
    ] = None,
    plain_mode: Annotated[
        bool, typer.Option("--plain", help=N_("Print every step (no interaction)."))
    ] = False,
    width: Annotated[
        int, typer.Option("--width", metavar="N", min=20, help=N_("Width of --plain output."))
    ] = 100,
    analyze: Annotated[
        bool,
        typer.Option(
            "--analyze", help=N_("{solved}: show the double-dummy value and mark costly cards.")
        ),
    ] = False,
    ascii_cards: Annotated[
        bool,
        typer.Option("--ascii", help=N_("Cards as letters (AS, TH), not suit symbols.")),
    ] = False,
    spoilers: Annotated[
        bool,
        typer.Option(
            "--spoilers",
            help=N_("Show the calls, tricks and score sheet still to come (f switches it)."),
        ),
    ] = False,
) -> None:
    from rich.console import Console

    from ..games import GAMES
    from ..render import render_step
    from ..steps import opening_step, timeline

    record, title = one_game(file, game)
    if seat is not None:
        seat = player(record.players, seat, "--seat")
    steps, report = timeline(record, file=file, index=game)
    solver = GAMES[record.kind].analysis
    if analyze and solver is not None:
        solver.show(steps, record)
    start = None if at is None else _step_at(steps, at)
    terminal = sys.stdout.isatty()
    symbols = not ascii_cards and terminal and "utf" in (sys.stdout.encoding or "").lower()
    if plain_mode or not terminal:
        first = start or 0
        console = Console(width=width, highlight=False, markup=False, emoji=False)
        for i, step in enumerate(steps[first:], first + 1):
            console.print(render_step(step, seat, number=i, symbols=symbols))
            console.print()
        raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)
    from ..viewer import Viewer

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


def _step_at(steps: "list[Step]", at: str) -> int:
    """The step ``--at HAND[.TRICK]`` names: a hand opens at its first event; a trick
    complete, at the card that closes it."""
    hand_text, _, trick_text = at.partition(".")
    try:
        hand_no = int(hand_text)
        trick_no = int(trick_text) if trick_text else None
    except ValueError:
        fail_usage(tr("--at {at!r}: use HAND or HAND.TRICK, e.g. 3.5").format(at=at))
    found = [
        i
        for i, st in enumerate(steps)
        if st.round == hand_no and (trick_no is None or st.trick == trick_no)
    ]
    if not found:
        fail_usage(tr("--at {at}: the record has no such hand or trick").format(at=at))
    closing = [i for i in found if steps[i].said.kind == "play" and steps[i].view.taker is not None]
    closing = closing if trick_no is not None else []
    return closing[-1] if closing else found[0]


@app.command(
    cls=KindsCommand,
    help=N_(
        "Write a record as one self-contained HTML page (the replay viewer in a browser, no\n"
        "network): the card table, calls, tricks, comments, score sheet and a chart."
    ),
)
def html(
    files: Files,
    out: Annotated[
        Path,
        typer.Option(
            "-o",
            "--output",
            metavar="OUT",
            help=N_("The page (one game) or a folder of pages (several games or files)."),
        ),
    ],
    game: Annotated[
        int | None,
        typer.Option("--game", metavar="N", min=1, help=N_("Only game N of each file.")),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            help=N_("One player's view: the others' hidden cards are left out of the page."),
        ),
    ] = None,
    spoilers: Annotated[
        bool,
        typer.Option(
            "--spoilers",
            help=N_("Open with the rest of the game shown (the page's spoilers button switches it)."),
        ),
    ] = False,
) -> None:
    # First the games are only counted (no game is read into records), so that a file of
    # many games costs no more than one page at a time, and "give -o a folder" comes first.
    kept: dict[str, bytes] = {}  # standard input, read once
    pages = _pages_of(files, game, kept)
    several = len(pages) > 1 or len(files) > 1
    if several and out.suffix.lower() in (".html", ".htm"):
        fail_usage(
            tr(
                "{n} games make {n} pages: give -o a folder, or pick one game with --game N"
            ).format(
                n=len(pages)
            )
        )
    if several:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail_usage(tr("cannot make the folder {out}: {x}").format(out=out, x=exc.strerror or exc))
    names = dict(zip(((p, i) for p, _, i in pages), _page_names(pages, game), strict=True))
    per_file: dict[str, int] = {}
    for path, _, _ in pages:
        per_file[path] = per_file.get(path, 0) + 1
    errors = Errors()
    invalid = False
    for path in dict.fromkeys(files):
        source = io.BytesIO(kept[path]) if path in kept else None
        try:
            for gtext, record in errors.games(path, only=game, source=source):
                numbered = gtext.index if per_file[path] > 1 or game else None
                target = out / names[(path, gtext.index)] if several else out
                ok = _write_page(record, path, gtext.index, numbered, seat, spoilers, target)
                invalid = invalid or not ok
        except InputError as exc:
            fail_usage(str(exc))
    raise typer.Exit(EXIT_INVALID if invalid or errors.count else EXIT_OK)


def _pages_of(files: list[str], game: int | None, kept: dict[str, bytes]) -> list[tuple[str, str, int]]:
    """The pages ``kozyr html`` makes: each game's file, the file's stem and the game's
    number (only game ``game`` of each file, if given); standard input is kept in ``kept``."""
    pages: list[tuple[str, str, int]] = []  # path, stem, game number
    for path in files:
        before = len(pages)
        try:
            with open_input(path) as handle:
                if path == "-":
                    kept[path] = handle.read()
                    handle = io.BytesIO(kept[path])
                for gtext in split_games(handle, path):
                    if game is None or gtext.index == game:
                        pages.append(
                            (path, Path(path).stem if path != "-" else "stdin", gtext.index)
                        )
        except InputError as exc:
            fail_usage(str(exc))
        except OSError as exc:
            fail_usage(cannot_read(path, exc))
        if len(pages) == before:
            fail_usage(tr("{path} has no game {game}").format(path=path, game=game) if game else tr("{path} has no game").format(path=path))
    return pages


def _write_page(
    record: GameRecord,
    path: str,
    index: int,
    numbered: int | None,
    seat: str | None,
    spoilers: bool,
    target: Path,
) -> bool:
    """Writes the page of one game (game ``index`` of ``path``) to ``target``, saying what
    its replay found; whether the record is valid."""
    from ..page import html_page, page_title

    who = player(record.players, seat, "--seat") if seat is not None else None
    page, report = html_page(
        record,
        title=page_title(record, path, numbered),
        seat=who,
        file=Path(path).name,
        index=index,
        spoilers=spoilers,
    )
    for d in report.diagnostics:
        d.file = path  # the page names the file; the terminal, the path given
        say(d.format())
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as exc:
        fail_usage(tr("cannot write {target}: {x}").format(target=target, x=exc.strerror or exc))
    say(tr("wrote {target} ({x:.0f} KB)").format(
        target=target, x=len(page.encode()) / 1024
    ))
    return report.ok


def _page_names(pages: list[tuple[str, str, int]], game: int | None) -> list[str]:
    """A file name for each page, every one different: the file's stem, with the game's
    number when the file gives several pages; two files of one stem (``a/x.kgn``,
    ``b/x.kgn``) are told apart by their folders, and a file named twice by a count."""
    folders: dict[str, set[str]] = {}
    for path, stem, _ in pages:
        folders.setdefault(stem, set()).add(path)
    per_path: dict[str, int] = {}
    for path, _, _ in pages:
        per_path[path] = per_path.get(path, 0) + 1
    names: list[str] = []
    for path, stem, index in pages:
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


@app.command(
    cls=KindsCommand,
    help=N_(
        "Print the score sheet of a session: a column per player, a row per hand or deal."
    ),
)
def sheet(
    file: File,
    game: GameNumber = 1,
    width: Annotated[
        int | None, typer.Option("--width", metavar="N", min=20, help=N_("Output width."))
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            metavar="OUT.svg|png",
            help=N_("Also draw every player's running total across the hands (PNG needs matplotlib)."),
        ),
    ] = None,
) -> None:
    from rich.console import Console

    from ..checking import replay_record
    from ..render import print_whole, render_sheet

    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        fail_usage(tr("--plot writes OUT.svg or OUT.png"))
    record, title = one_game(file, game)
    report, table = replay_record(record, file=file, index=game)
    console = Console(width=width, highlight=False, markup=False, emoji=False)
    # no name, word or score is cut to fit the width: a sheet wider than it is printed at
    # the narrowest width that keeps them whole
    print_whole(console, render_sheet(report))
    if plot is not None:
        from ..plot import write_plot

        try:
            write_plot(plot, report, table, title)
        except ImportError:
            fail_usage(
                tr("a PNG plot needs matplotlib (pip install matplotlib); OUT.svg needs nothing")
            )
        except OSError as exc:
            fail_usage(tr("cannot write {plot}: {x}").format(plot=plot, x=exc.strerror or exc))
    for d in report.diagnostics:
        say(d.format())
    raise typer.Exit(EXIT_OK if report.ok else EXIT_INVALID)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Fill in the facts the engine computes (winners, points, scores, totals, pot,\n"
        "result) and comment notable events.  Moves are never changed; run twice, same text."
    ),
)
def annotate(
    file: File,
    write: Annotated[bool, typer.Option("--write", help=N_("Rewrite the file in place."))] = False,
    analysis: Annotated[
        bool,
        typer.Option(
            "--analysis",
            help=N_("{solved}: mark the cards that cost points double dummy (? and ??) with "
            "a comment naming the best card (docs/analysis.md)."),
        ),
    ] = False,
    simulate: Annotated[
        int | None,
        layouts_option(
            N_(
                "With --analysis: also comment each decision made in the dark (a call, the "
                "gives, the contract; a lead or answer before the stock is gone) whose best "
                "choice beat the one made by more than its 95% interval over N layouts of the "
                "hidden cards."
            )
        ),
    ] = None,
    seed: Seed = 1,
    comments: Annotated[
        str | None,
        typer.Option(
            "--comments",
            metavar="LANG",
            help=N_(
                "The language of the comments written into the record: en, ru, it, pl "
                "(default: the language of kozyr's messages; --comments en keeps a record "
                "shared abroad in English)."
            ),
        ),
    ] = None,
) -> None:
    from notation.i18n import choose, current

    if simulate is not None and not analysis:
        fail_usage(tr("--simulate goes with --analysis"))
    try:
        written_in = current() if comments is None else choose(comments)
    except ValueError as exc:
        fail_usage(f"--comments: {exc}")
    with Sink(Path(file) if write and file != "-" else None, spool=True) as out:
        bad, lost = _annotate_into(out, file, write, written_in, (simulate, seed) if analysis else None)
        if bad:
            out.abandon()
    if bad:
        say(
            tr("kozyr: nothing written")
            if lost
            else tr("kozyr: annotate needs valid records; nothing written")
        )
        raise typer.Exit(EXIT_INVALID)


def _annotate_into(
    out: Sink, file: str, write: bool, written_in: str, analysis: tuple[int | None, int] | None
) -> tuple[bool, bool]:
    """Writes the annotated games of ``file`` to ``out`` (with ``analysis``, their
    analysis: ``(simulate, seed)``); whether a game was bad, and whether one would have
    been lost."""
    bad = lost = False
    first = True
    errors = Errors()
    try:
        for gtext, item in errors.games(file):
            annotated = _annotated(item, gtext, written_in)
            if annotated is None:
                bad = True
                continue
            if bad or errors.count:
                continue  # the errors are all reported; nothing is written
            if analysis is not None:
                annotated = _analysed(annotated, *analysis, written_in)
            text = write_game(annotated)
            if write and file != "-" and not reads_back(text, annotated, gtext):
                bad = lost = True
                continue
            out.write(("" if first else "\n") + text)
            first = False
    except InputError as exc:
        out.abandon()
        fail_usage(str(exc))
    return bad or errors.count > 0, lost


def _analysed(record: GameRecord, simulate: int | None, seed: int, written_in: str) -> GameRecord:
    """The record with its game's analysis written in (``annotate --analysis``), its
    comments in ``written_in``; a game without a solver as it is."""
    from notation.i18n import speaking

    from ..games import GAMES

    solver = GAMES[record.kind].analysis
    if solver is None:
        return record
    with speaking(written_in):
        return solver.annotate(record, simulate, seed)


def _analyze_options(format: str, no_play: bool, summary: bool, simulate: int | None) -> None:
    """Stops with a usage error where ``analyze``'s options do not go together."""
    if format not in ("text", "json"):
        fail_usage(tr("unknown format {format!r}; expected text or json").format(format=format))
    if no_play and not simulate:
        fail_usage(tr(
            "--no-play goes with --simulate N (it leaves the cards of the play out of the "
            "simulation)"
        ))
    if summary and simulate:
        fail_usage(
            tr(
                "--summary prints only each hand's summary line, not the decisions the "
                "simulation judges: leave out --simulate, or --summary to see them"
            )
        )


def _annotated(item: GameRecord, gtext: GameText, written_in: str) -> GameRecord | None:
    """The record annotated by its replay, its comments in ``written_in``; None (its
    errors said, in the language of the messages) when it is not valid."""
    from notation.i18n import current, speaking

    from ..annotate import annotate as annotate_game

    with speaking(written_in):
        annotated, report = annotate_game(item, in_place=True)
    if report.ok:
        return annotated
    if written_in != current():  # the errors in the language of the messages
        from ..checking import check

        report = check(item)
    for d in report.diagnostics:
        d.file, d.game = gtext.file, gtext.index
        d.source = gtext.source_line(d.line) if d.line else None
        say(d.format())
    return None


@app.command(
    cls=KindsCommand,
    help=N_(
        "Analysis of the play with every card known, in the games that have a solver\n"
        "({solved}): the value before and after each play, what a play cost, and the play after\n"
        "which the round was lost; each game's own lines (a contract's makeability, a claim\n"
        "line).  See docs/analysis.md."
    ),
)
def analyze(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE...", help=N_("KGN files or folders of {solved} games."), callback=with_folders
        ),
    ],
    format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help=N_("text (default) or json."))
    ] = "text",
    hand: Annotated[
        int | None, typer.Option("--hand", metavar="N", min=1, help=N_("Only this hand of each game."))
    ] = None,
    game: Annotated[
        int | None, typer.Option("--game", metavar="N", min=1, help=N_("Only this game of each file."))
    ] = None,
    give: Annotated[
        bool, typer.Option("--give", help=N_("Also solve every give of the declarer (slower)."))
    ] = False,
    summary: Annotated[
        bool, typer.Option("--summary", help=N_("Text: only the summary line of each hand."))
    ] = False,
    simulate: Annotated[
        int | None,
        layouts_option(
            N_(
                "Also judge the decisions made in the dark (each call, the gives, the "
                "contract, each card of the play; a lead or answer before the stock is gone or "
                "after a close) over N random layouts of the cards their makers had not seen."
            )
        ),
    ] = None,
    no_play: Annotated[
        bool,
        typer.Option(
            "--no-play",
            help=N_("With --simulate: judge the calls, the gives and the contract, not each card of the play."),
        ),
    ] = False,
    seed: Seed = 1,
    jobs: Jobs = None,
) -> None:
    import itertools

    from ..checker import Report
    from ..games import GAMES
    from ..model import RoundAnalysis

    _analyze_options(format, no_play, summary, simulate)
    errors = Errors()
    solved = fill("{solved}")

    def games() -> Iterator[tuple[tuple[str, int], GameRecord]]:
        for path in files:
            try:
                for gtext, item in errors.games(path, only=game):
                    if GAMES[item.kind].analysis is None:
                        say(
                            tr(
                                "{file}: game {index} is {kind}; double-dummy analysis is for "
                                "{solved}"
                            ).format(
                                file=gtext.file, index=gtext.index, kind=item.kind, solved=solved
                            )
                        )
                    else:
                        yield (gtext.file or path, gtext.index), item
            except InputError as exc:
                fail_usage(str(exc))

    def analysed() -> Iterator[tuple[tuple[str, int], GameRecord, Report, list[RoundAnalysis]]]:
        """Each game analysed by its kind's solver (a run of games of one kind at a time,
        spread over the processes), in order."""
        for kind, run in itertools.groupby(games(), key=lambda pair: pair[1].kind):
            solver = GAMES[kind].analysis
            assert solver is not None
            yield from solver.analyze_all(run, hand, give, jobs, simulate, seed, not no_play)

    first = True
    bad = False
    if format == "json":
        sys.stdout.write("[")
    for (path, index), record, report, hands in analysed():
        for d in report.diagnostics:
            bad = bad or d.severity == "error"
            say(d.format())
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
                sys.stdout.write(tr("{path} game {index}").format(path=safe_text(path), index=index) + "\n")
            for h in hands:
                sys.stdout.write(safe_text(h.summary()) + "\n")
                if not summary:
                    sys.stdout.write("".join(safe_text(x) + "\n" for x in h.lines()))
        first = False
    if format == "json":
        sys.stdout.write("\n]\n")
    bad = bad or errors.count > 0
    raise typer.Exit(EXIT_INVALID if bad else EXIT_OK)
