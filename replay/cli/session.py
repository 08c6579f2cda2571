"""``kozyr record``: a game entered at the table (the session itself is :mod:`replay.record`)."""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
import sys
from pathlib import Path
from typing import Annotated

import typer

from notation.errors import safe_text
from notation.i18n import N_, tr

from .common import (
    EXIT_OK,
    EXIT_USAGE,
    KindsCommand,
    RulesText,
    app,
    complete_game,
    fail_usage,
    say,
)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Record a game at the table: each event is checked and saved at once."
    ),
)
def record(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            autocompletion=complete_game,
            help=N_("{games} (not with --resume)."),
        ),
    ] = None,
    players: Annotated[
        str | None, typer.Option("--players", metavar="A,B,C", help=N_("Names in seat order: A,B,C."))
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", metavar="NAME", help=N_("Who deals first."))
    ] = None,
    rules: RulesText = "classic",
    ante: Annotated[
        int | None, typer.Option("--ante", metavar="N", help=N_("{pot}: chips each player puts in."))
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", metavar="OUT", help=N_("The file to record into."))
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help=N_("Go on with an unfinished record.")),
    ] = None,
) -> None:
    from ..record import SessionError, open_recording

    if resume is not None and (game is not None or players is not None or output is not None):
        fail_usage(tr("--resume FILE takes everything from the file"))
    if resume is None and (game is None or not players or not dealer or output is None):
        fail_usage(tr("kozyr record GAME --players A,B,C --dealer A -o FILE (or --resume FILE)"))
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
        text = exc.text
        if exc.exists is not None:
            text = tr("{path} exists; continue it with --resume {path}").format(path=exc.exists)
        say(text if exc.code == 1 else f"kozyr: {text}")  # 1: the file's diagnostics
        raise typer.Exit(exc.code) from None
    for note in notes:
        say(f"kozyr: {note}")
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
        say(tr(
            "\ninterrupted; everything accepted is in {path} (kozyr record --resume {path})"
        ).format(
            path=path
        ))
        code = EXIT_OK
    finally:
        recorder.file.release()
    raise typer.Exit(code)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Record and watch games from the phones at the table: a local web server for DIR.\n"
        "\n"
        "Prints the address of the list of games with its key (nothing is served without a\n"
        "link's key).  Each game has a link to record it, one to watch it with every card and\n"
        "one per seat that shows only what that seat may see.  See docs/serve.md."
    ),
)
def serve(
    folder: Annotated[
        Path,
        typer.Argument(metavar="DIR", help=N_("The folder of the games (.kgn files); default: this one.")),
    ] = Path("."),
    port: Annotated[
        int,
        typer.Option("--port", metavar="N", min=0, max=65535, help=N_("The port (0: any free one).")),
    ] = 8000,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help=N_("Serve the phones of the local network too (binds 0.0.0.0; without it only "
            "this machine, 127.0.0.1); prints the address with its key as a QR code."),
        ),
    ] = False,
) -> None:
    from ..serve.run import ServeError, run

    try:
        run(folder, port=port, lan=lan)
    except ServeError as exc:
        say(f"kozyr serve: {exc}")
        raise typer.Exit(EXIT_USAGE) from None
    except KeyboardInterrupt:
        pass
    raise typer.Exit(EXIT_OK)
