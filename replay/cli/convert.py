"""``kozyr export``, ``import``, ``schema``: KGN to JSON and Parquet, and back."""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
import json
import sys
from pathlib import Path
from typing import Annotated

import typer

import notation
from notation import KgnError, write_game
from notation.errors import clip
from notation.i18n import N_, ntr, tr
from notation.records import GameRecord

from ..sources import InputError, cannot_read, open_input
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    Errors,
    FilesOrStdin,
    KindsCommand,
    Output,
    Sink,
    app,
    examined,
    fail_usage,
    say,
)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Convert KGN files to JSON (an array of game objects, or JSON Lines), to canonical\n"
        "KGN, or to tidy Parquet tables (the games, and each game's own tables of its hands or\n"
        "deals, results, tricks and cards played; see docs/data.md).  Games are converted one at\n"
        "a time (memory stays flat on large files)."
    ),
)
def export(
    files: FilesOrStdin,
    to: Annotated[
        str, typer.Option("--to", metavar="FORMAT", help=N_("json (default), kgn or parquet."))
    ] = "json",
    jsonl: Annotated[bool, typer.Option("--jsonl", help=N_("JSON Lines: one game a line."))] = False,
    indent: Annotated[
        int | None,
        typer.Option(
            "--indent",
            metavar="N",
            min=0,
            help=N_("json: indent by N spaces, for people (default: compact)."),
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", metavar="OUT", help=N_("Output file (parquet: a folder).")),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", metavar="N", min=1, help=N_("parquet: processes (default: all).")),
    ] = None,
) -> None:
    if to not in ("json", "kgn", "parquet"):
        fail_usage(tr("unknown format {to!r}; expected json, kgn or parquet").format(to=to))
    if indent is not None and (to != "json" or jsonl):
        fail_usage(tr("--indent is for --to json (JSON Lines are one game a line)"))
    if to == "parquet":
        _export_parquet(files, output, jobs)
        return
    errors = Errors()
    with Sink(output) as out:
        first = True
        if to == "json" and not jsonl:
            out.write("[")
        for file in files:
            try:
                for _, item in errors.games(file):
                    out.write(_exported(item, to, jsonl, indent, first))
                    first = False
            except InputError as exc:
                out.abandon()
                fail_usage(str(exc))
        if to == "json" and not jsonl:
            out.write("\n]\n" if not first else "]\n")
        if errors.count:
            out.abandon()
    if errors.count:
        raise typer.Exit(EXIT_INVALID)


def _exported(item: GameRecord, to: str, jsonl: bool, indent: int | None, first: bool) -> str:
    """One game as ``export`` writes it: KGN, a JSON line, or an item of the JSON array
    (compact: a game a line; else indented by ``indent``), with what separates it from
    the game before (none before the ``first``)."""
    if to == "kgn":
        return ("" if first else "\n") + write_game(item)
    from notation.jsonio import json_safe, to_json  # pydantic loads only for JSON

    if jsonl:
        return json_safe(to_json(item)) + "\n"
    if indent is None:  # compact: a game a line, in the array
        return ("\n" if first else ",\n") + json_safe(to_json(item))
    pad = "\n" + " " * indent
    body = json_safe(to_json(item, indent=indent)).replace("\n", pad)
    return (pad if first else "," + pad) + body


def _export_parquet(files: list[str], output: Path | None, jobs: int | None) -> None:
    from ..corpus import ParquetTables

    if output is None:
        fail_usage(tr("--to parquet writes a folder of tables: give it with -o DIR"))
    try:
        output.mkdir(parents=True, exist_ok=True)
        tables = ParquetTables(output)
    except ImportError:
        fail_usage(
            tr(
                "--to parquet needs pyarrow: pip install pyarrow (or, in kozyr's source "
                "folder, pip install '.[data]')"
            )
        )
    except OSError as exc:
        fail_usage(tr("cannot write {output}: {x}").format(output=output, x=exc.strerror or exc))
    unreadable = 0
    try:
        for found in examined(files, jobs, detail=True):
            if found.facts is None:
                unreadable += 1
                say(found.error or "")
            else:
                tables.add(found.facts)
    finally:
        tables.close()
    written = ", ".join(path.removesuffix(".parquet") for path in tables.written())
    said = ntr(  # English keeps "game(s)" for both; the catalogue has each form
        "{games} game(s) written to {output} ({written})",
        "{games} game(s) written to {output} ({written})",
        tables.games,
    )
    say(said.format(games=tables.games, output=output, written=written))
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


@app.command(
    "import",
    cls=KindsCommand,
    help=N_(
        "Convert JSON game records (as `kozyr export` writes them) back to canonical KGN.\n"
        "Every game must be one that KGN can hold: its text is read back and must give the same\n"
        "record (a tag name that is not a name, a negative trick number ... are errors)."
    ),
)
def import_(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help=N_("A JSON file: a game, an array, or JSON Lines."))
    ],
    output: Output = None,
) -> None:
    from notation.jsonio import iter_json_games  # pydantic loads only here

    try:
        with open_input(file) as source, Sink(output, spool=True) as out:
            try:
                for n, game in enumerate(iter_json_games(source, file=file), 1):
                    kgn = write_game(game)
                    try:
                        again = notation.loads(kgn)
                    except KgnError as exc:
                        again, why = None, exc.message
                    if again != game:
                        why = why if again is None else tr("its KGN text reads back differently")
                        raise KgnError(
                            tr("game {n} cannot be written as KGN: {clip}").format(
                                n=n, clip=clip(why, 200)
                            ),
                            code="json",
                            file=file,
                            game=n,
                        )
                    out.write(("" if n == 1 else "\n") + kgn)
            except KgnError as exc:
                out.abandon()
                say(exc.format())
                raise typer.Exit(EXIT_INVALID) from None
            except OSError as exc:
                out.abandon()
                fail_usage(cannot_read(file, exc))
    except InputError as exc:
        fail_usage(str(exc))


@app.command(
    cls=KindsCommand,
    help=N_(
        "Print the JSON Schema of a game record."
    ),
)
def schema() -> None:
    from notation.jsonio import json_schema

    sys.stdout.write(json.dumps(json_schema(), indent=2) + "\n")
