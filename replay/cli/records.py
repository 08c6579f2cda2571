"""``kozyr fmt``, ``validate``, ``generate``, ``rules``: the records themselves."""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
import contextlib
import shutil
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated

import typer

from notation import KgnError, write_game
from notation.i18n import N_, tr
from notation.records import GameRecord

from ..sources import InputError, cannot_read

if TYPE_CHECKING:
    from ..games import Kind
    from ..rules import RuleSet
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    Errors,
    FilesOrStdin,
    Jobs,
    KindsCommand,
    Output,
    RulesText,
    Sink,
    app,
    complete_game,
    complete_preset,
    fail_usage,
    reads_back,
    say,
)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Print the canonical text of KGN files (or check / rewrite them).\n"
        "\n"
        "A file with a syntax error is reported and never rewritten."
    ),
)
def fmt(
    files: FilesOrStdin,
    check: Annotated[
        bool, typer.Option("--check", help=N_("Only check that the files are canonical."))
    ] = False,
    write: Annotated[
        bool,
        typer.Option("--write", help=N_("Rewrite the files in place (standard input is printed).")),
    ] = False,
) -> None:
    if check and write:
        fail_usage(tr("--check and --write do not go together"))
    status = EXIT_OK
    for path in files:
        status = max(status, _fmt_file(path, check, write))
    raise typer.Exit(status)


def _fmt_file(path: str, check: bool, write: bool) -> int:
    """``kozyr fmt`` of one file (``-``: standard input): prints, checks or rewrites its
    canonical text, says what it did, and returns the exit status."""
    with contextlib.ExitStack() as stack:
        source, original = _fmt_inputs(stack, path, check, write)
        sink = None
        if not check:  # standard input has no file to rewrite: --write - prints
            target = Path(path) if write and path != "-" else None
            sink = stack.enter_context(Sink(target, spool=True))
        bad, lost, same = _fmt_games(path, source, original, sink, write)
        if sink is not None and (bad or (write and same)):
            sink.abandon()
        rewritten = write and not bad and not same and path != "-"
    if lost:
        say(tr("{path}: left as it was").format(path=path))
    if bad:
        return EXIT_INVALID
    if check and not same:
        fix = (
            "kozyr fmt - prints the canonical text"
            if path == "-"
            else f"kozyr fmt --write {path}"
        )
        say(tr("{path}: not in canonical form ({fix})").format(path=path, fix=fix))
        return EXIT_INVALID
    if rewritten:
        say(tr("{path}: rewritten").format(path=path))
    return EXIT_OK


def _fmt_inputs(
    stack: contextlib.ExitStack[bool | None], path: str, check: bool, write: bool
) -> tuple[IO[bytes] | None, IO[bytes] | None]:
    """What ``fmt`` reads of one file: the source to read the games from (None: the path
    itself), and the original text the canonical one is compared with (None: no
    comparison)."""
    compared = path if path != "-" else None  # what the canonical text is checked against
    source = None
    if check and path == "-":  # standard input is read twice: kept aside on disk
        import tempfile

        kept = stack.enter_context(tempfile.NamedTemporaryFile(prefix="kozyr-stdin-"))
        shutil.copyfileobj(sys.stdin.buffer, kept)
        kept.flush()
        compared = kept.name
        source = stack.enter_context(open(kept.name, "rb"))
    original = None
    if (check or write) and compared is not None:
        try:
            original = stack.enter_context(open(compared, "rb"))
        except OSError as exc:
            fail_usage(cannot_read(path, exc))
    return source, original


def _fmt_games(
    path: str, source: IO[bytes] | None, original: IO[bytes] | None, sink: Sink | None, write: bool
) -> tuple[bool, bool, bool]:
    """Writes the canonical text of one file's games to ``sink`` (if any) while comparing it
    with ``original`` (if any): whether the file is bad (an error, or a game that would not
    read back), whether a game would have been lost, and whether the text is the same."""
    bad = lost = False
    same = original is not None
    first = True
    errors = Errors()
    try:
        for gtext, item in errors.games(path, source=source):
            if errors.count:
                continue  # the errors are all reported; nothing is written
            text = write_game(item)
            if write and path != "-" and not reads_back(text, item, gtext):
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
        fail_usage(str(exc))
    bad = bad or errors.count > 0
    if original is not None:
        same = same and not original.read(1)
    return bad, lost, same


@app.command(
    cls=KindsCommand,
    help=N_(
        "Replay every game against its rules; report each illegal move and wrong fact.\n"
        "\n"
        "Exit 0 when every record is valid, 1 when any is not."
    ),
)
def validate(
    files: FilesOrStdin,
    first: Annotated[bool, typer.Option("--first", help=N_("Stop at the first error."))] = False,
    format: Annotated[
        str,
        typer.Option(
            "--format", metavar="FORMAT", help=N_("text (default) or json (one record per line).")
        ),
    ] = "text",
    jobs: Jobs = None,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help=N_("Check on a Dask cluster: --dask for a local one, --dask ADDRESS for yours."),
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("-q", "--quiet", help=N_("No progress and no summary."))
    ] = False,
    show_stats: Annotated[
        bool, typer.Option("--stats", help=N_("Add the speed (MB/s) to the summary."))
    ] = False,
) -> None:
    from .check import validate_files

    raise typer.Exit(validate_files(files, first, format, jobs, dask, quiet, show_stats))


@app.command(
    cls=KindsCommand,
    help=N_(
        "Write complete, valid games played by simple bots (the same seed, the same games)."
    ),
)
def generate(
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", autocompletion=complete_game, help=N_("{games}")),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", min=1, help=N_("How many games."))
    ] = 1,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help=N_("Seed of the first game."))] = 0,
    rules: RulesText = "classic",
    players: Annotated[
        int | None,
        typer.Option("--players", metavar="N", help=N_("{seated} (default 3, where it may).")),
    ] = None,
    deals: Annotated[
        int,
        typer.Option(
            "--deals",
            metavar="N",
            min=1,
            help=N_("Deals per session, each played to its end, where the rules set no end ({pot}: match=pot)."),
        ),
    ] = 8,
    names: Annotated[
        str | None,
        typer.Option("--names", metavar="A,B,C", help=N_("The players' names, in seat order (default Anna, Boris, ...).")),
    ] = None,
    output: Output = None,
) -> None:
    from ..games import GAMES

    kind = GAMES.get(game)
    if kind is None:
        fail_usage(tr("unknown game {game!r}; choose {list}").format(game=game, list=', '.join(GAMES)))
    try:
        ruleset = kind.rulebook.parse(rules)
    except KgnError as exc:
        fail_usage(tr("--rules: {message}").format(message=exc.message))
    n = _how_many_play(kind, ruleset, players)

    seats = None if names is None else [x.strip() for x in names.split(",")]
    if seats is not None and len(seats) != n:
        fail_usage(tr("--names: {n} names, one for each player, not {n2}").format(n=n, n2=len(seats)))

    def make(k: int) -> GameRecord:
        made = kind.generate(seed + k, rules, n, deals)
        return made if seats is None else seated(made, seats)

    try:
        handle = sys.stdout if output is None else open(output, "w", encoding="utf-8")
    except OSError as exc:
        fail_usage(tr("cannot write {output}: {x}").format(output=output, x=exc.strerror or exc))
    try:
        for k in range(games):
            if k:
                handle.write("\n")
            handle.write(write_game(make(k)))
    finally:
        if handle is not sys.stdout:
            handle.close()


def _how_many_play(kind: "Kind", ruleset: "RuleSet", players: int | None) -> int:
    """How many players the generated games have: ``--players``, or three where the game
    takes three, else the fewest it takes; where the rules set it, the rules'."""
    if kind.players_by_rules and players is not None:
        choices = "|".join(kind.rulebook.switch("players").values)
        fail_usage(
            tr("{title}'s players are set by the rules (players={choices}), not --players").format(
                title=kind.title, choices=choices
            )
        )
    counts = kind.player_counts(ruleset)
    n = players if players is not None else 3 if 3 in counts else counts.start
    if not kind.players_by_rules and n not in counts:
        want = f"{counts.start}" if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"
        fail_usage(tr("{title} is played by {want} players, not {n}").format(title=kind.title, want=want, n=n))
    return n


def seated(game: GameRecord, names: list[str]) -> GameRecord:
    """``game`` played again, move for move, by players of these names (in seat order); its
    other tags kept.  A name the game cannot take is a usage error."""
    import replay

    from ..checking import replay_record

    _, table = replay_record(game)
    assert table is not None, "a generated game replays"
    dealer = names[list(game.players).index(game.tag("Dealer") or game.players[0])]
    ante = game.tag("Ante")
    try:
        again = replay.new_table(
            game.kind, names, dealer=dealer, rules=game.tag("Rules") or "classic",
            **({"ante": int(ante)} if ante and ante.isdigit() else {}),
        )  # fmt: skip
    except (KgnError, ValueError) as exc:
        fail_usage(tr("--names: {message}").format(message=getattr(exc, "message", exc)))
    for move in table.moves:
        again.push(move)
    record = again.record()
    made = {t.name: t for t in record.tags}
    record.tags = [made.get(t.name, t) for t in game.tags]
    return record


@app.command(
    cls=KindsCommand,
    help=N_(
        "List the presets and rule switches (docs/rules.md), or resolve a preset."
    ),
)
def rules(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            autocompletion=complete_game,
            help=N_("{games} (all when left out)."),
        ),
    ] = None,
    preset: Annotated[
        str | None,
        typer.Option(
            "--preset",
            metavar="NAME",
            autocompletion=complete_preset,
            help=N_("Show the settings a preset resolves to."),
        ),
    ] = None,
    declared: Annotated[
        str | None,
        typer.Option(
            "--rules",
            metavar="RULES",
            help=N_("Resolve a whole Rules tag, e.g. 'classic bid-step=10'."),
        ),
    ] = None,
) -> None:
    from ..games import GAMES

    games = [game] if game else list(GAMES)
    for g in games:
        if g not in GAMES:
            fail_usage(tr("unknown game {g!r}; choose {list}").format(g=g, list=', '.join(GAMES)))
    if preset is not None or declared is not None:
        if game is None:
            given = f"--rules {declared!r}" if declared is not None else f"--preset {preset}"
            fail_usage(tr("name the game: kozyr rules GAME {given}").format(given=given))
        text = declared if declared is not None else preset
        try:
            resolved = GAMES[game].rulebook.parse(text or "")
        except KgnError as exc:
            say(f"kozyr: {exc.message}")
            raise typer.Exit(EXIT_USAGE) from None
        typer.echo(
            tr("{game} rules {text!r} (preset {preset}):").format(
                game=game, text=text, preset=resolved.preset
            )
        )
        for sw in GAMES[game].rulebook.switches:
            value = resolved[sw.name]
            mark = "" if value == sw.default else "   " + tr("(not the default)")
            typer.echo(f"  {sw.name:<22} {value:<12}{mark}")
        return
    for g in games:
        typer.echo(f"{g}")
        typer.echo("  " + tr("presets:"))
        for name, over in GAMES[g].rulebook.presets.items():
            detail = " ".join(f"{k}={v}" for k, v in over.items()) or tr("all defaults")
            typer.echo(f"    {name:<10} {detail}")
        typer.echo("  " + tr("switches (first value is the default):"))
        for sw in GAMES[g].rulebook.switches:
            values = "|".join(sw.values)
            typer.echo(f"    {sw.name:<22} {values:<34} {sw.clauses:<8} {tr(sw.help)}")
        typer.echo("")
