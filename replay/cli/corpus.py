"""``kozyr query``, ``stats``, ``dedupe``, ``split``: many games at once (docs/data.md)."""

# No ``from __future__ import annotations``: Typer reads the annotations (see common.py).
import itertools
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final

import typer

from notation import write_game
from notation.errors import safe_text
from notation.i18n import N_, ntr, tr

from ..sources import InputError

if TYPE_CHECKING:
    from rich.table import Table
from .common import (
    EXIT_INVALID,
    EXIT_OK,
    Errors,
    File,
    Files,
    FilterCommand,
    Jobs,
    KindsCommand,
    Output,
    Sink,
    app,
    complete_game,
    examined,
    fail_usage,
    filter_examples,
    round_filters,
    say,
    write_out,
)


def _pairs(values: list[str], option: str) -> list[tuple[str, str]]:
    out = []
    for v in values:
        name, eq, value = v.partition("=")
        if not eq or not name:
            fail_usage(tr("{option} takes NAME=VALUE, not {v!r}").format(option=option, v=v))
        out.append((name, value))
    return out


@app.command(
    cls=FilterCommand,
    help=N_(
        "Find games (or hands) that match every filter given; write them as canonical KGN or\n"
        "JSON Lines, or count them.  Facts come from the engine (docs/data.md)."
    ),
)
def query(
    ctx: typer.Context,
    files: Files,
    player: Annotated[
        str | None, typer.Option("--player", metavar="NAME", help=N_("A player of the game."))
    ] = None,
    tag: Annotated[
        list[str] | None,
        typer.Option("--tag", metavar="NAME=VALUE", help=N_("A tag equals (repeatable).")),
    ] = None,
    tag_contains: Annotated[
        list[str] | None,
        typer.Option("--tag-contains", metavar="NAME=TEXT", help=N_("A tag contains, ignoring case.")),
    ] = None,
    game_kind: Annotated[
        str | None,
        typer.Option("--game", metavar="KIND", autocompletion=complete_game, help=N_("{games}.")),
    ] = None,
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", metavar="SWITCH=VALUE", help=N_("A house rule's value (repeatable).")),
    ] = None,
    result: Annotated[
        str | None,
        typer.Option("--result", "--winner", metavar="NAME", help=N_("The winner (or draw).")),
    ] = None,
    valid: Annotated[
        bool | None, typer.Option("--valid/--invalid", help=N_("Only valid (invalid) games."))
    ] = None,
    code: Annotated[
        str | None, typer.Option("--code", metavar="CODE", help=N_("Games with this diagnostic code."))
    ] = None,
    hands: Annotated[
        bool,
        typer.Option("--hands", help=N_("Write only the matching hands, each a record of its own.")),
    ] = False,
    count: Annotated[
        bool, typer.Option("--count", help=N_("Print the number of matches only."))
    ] = False,
    format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help=N_("kgn (default) or jsonl."))
    ] = "kgn",
    output: Output = None,
    jobs: Jobs = None,
) -> None:
    from ..corpus import Filters

    if format not in ("kgn", "jsonl"):
        fail_usage(tr("unknown format {format!r}; expected kgn or jsonl").format(format=format))
    if code is not None:
        _check_code(code)
    filters = Filters(
        player=player, tags=_pairs(tag or [], "--tag"),
        tags_contain=_pairs(tag_contains or [], "--tag-contains"), kind=game_kind,
        switches=_pairs(rule or [], "--rule"), result=result, valid=valid, code=code,
        rounds=round_filters(ctx.params),
    )  # fmt: skip
    if hands and not filters.on_rounds:
        fail_usage(
            tr(
                "--hands cuts out the hands a hand filter matches; give one ({filter_examples})"
            ).format(
                filter_examples=filter_examples()
            )
        )
    matched = unreadable = 0
    with Sink(None if count else output) as out:
        first = True
        what = "count" if count else format
        for found in examined(files, jobs, filters=filters, output=what, cut=hands):
            if found.facts is None:
                unreadable += 1
                say(found.error or "")
                continue
            matched += len(found.texts)
            if not count:
                for text in found.texts:
                    out.write(text if format == "jsonl" or first else "\n" + text)
                    first = False
    if count:
        sys.stdout.write(f"{matched}\n")
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Count what happened in a corpus: games, hands, wins, and what each game counts of\n"
        "its own (contracts by bid level, combinations, penalties, chips ...: docs/data.md).\n"
        "The numbers come from the engine, so wrong stated facts in a file do not change them."
    ),
)
def stats(
    files: Files,
    by: Annotated[
        str,
        typer.Option("--by", metavar="GROUP", help=N_("{groupings}.")),
    ] = "summary",
    format: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help=N_("table (default), csv or json."))
    ] = "table",
    jobs: Jobs = None,
) -> None:
    from ..corpus import Statistics, groupings

    kinds = groupings()
    if by not in kinds:
        fail_usage(tr("unknown --by {by!r}; expected {list} or {kinds}").format(
            by=by, list=', '.join(kinds[:-1]), kinds=kinds[-1]
        ))
    if format not in ("table", "csv", "json"):
        fail_usage(tr("unknown format {format!r}; expected table, csv or json").format(format=format))
    acc = Statistics()
    unreadable = 0
    for found in examined(files, jobs):
        if found.facts is None:
            unreadable += 1
            say(found.error or "")
        else:
            acc.add(found.facts)
    if by == "summary":
        rows: list[dict[str, object]] = [{"statistic": k, "value": v} for k, v in acc.summary()]
    else:
        rows = acc.groups()[by]
    if format == "json":
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2) + "\n")
    elif format == "csv":
        import csv

        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]) if rows else ["statistic"])
        writer.writeheader()
        writer.writerows(rows)
    else:
        _print_stats(rows, by)
    if acc.wrong_facts:
        say(
            ntr(  # English keeps "game(s)" for both; the catalogue has each form
                "note: {n} game(s) state facts the engine computes otherwise; these statistics "
                "use the engine's values",
                "note: {n} game(s) state facts the engine computes otherwise; these statistics "
                "use the engine's values",
                acc.wrong_facts,
            ).format(n=acc.wrong_facts)
        )
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


def _check_code(code: str) -> None:
    """Stops with a usage error if no diagnostic has the code ``--code`` gives."""
    from ..codes import CODES
    from ..rules import did_you_mean

    if code not in CODES:
        fail_usage(
            tr("--code: no diagnostic has the code {code!r}").format(code=code)
            + did_you_mean(code, CODES)
            + tr(" (docs/rules.md lists them)")
        )


def _print_stats(rows: list[dict[str, object]], by: str) -> None:
    """The statistics as tables for people: one per game (with the columns it has)."""
    from rich.console import Console

    from ..render import print_whole

    console = Console(highlight=False, markup=False, emoji=False)
    groups: dict[str, list[dict[str, object]]] = {}
    for row in rows:  # players: a table per game, with the columns it has
        groups.setdefault(str(row.pop("game", "")), []).append(row)
    for game, group in groups.items() or [("", [])]:
        title = f"kozyr stats ({by})" + (f": {game}" if game else "")
        for row in group:  # the words of a table for people: the data's keys stay
            if "statistic" in row:
                row["statistic"] = tr(str(row["statistic"]))
        print_whole(console, _stats_table(title, group))


def _stats_table(title: str, group: list[dict[str, object]]) -> "Table":
    """One table of statistics: the columns some row has a value in; a header wraps
    between its words and no value is cut."""
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD)
    cols = [
        c
        for c in (group[0] if group else ["statistic"])
        if any(r[c] is not None for r in group)
    ]
    for col in cols or ["statistic"]:
        head = tr(col.replace("_", " "))
        widths = [len(w) for w in head.split()] + [len(str(r[col])) for r in group]
        table.add_column(
            head,
            justify="left" if col in ("statistic", "player", "rules") else "right",
            min_width=min(max(widths), 24),
            overflow="fold",
        )
    for row in group:
        table.add_row(*(safe_text(_cell(c, row[c])) for c in cols))
    return table


def _cell(column: str, value: object) -> str:
    """A statistic as the table shows it: rates as percentages with one decimal, other
    fractions with two, a value the row has not as a dash."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{100 * value:.1f}%" if column.endswith("rate") else f"{value:.2f}"
    return str(value)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Write each game once: a game whose deals and moves repeat an earlier one (whatever\n"
        "its other tags, comments or layout) is dropped.  Says how many were dropped."
    ),
)
def dedupe(
    files: Files,
    output: Output = None,
    jobs: Jobs = None,
) -> None:
    seen: set[str] = set()
    kept = dropped = unreadable = 0
    with Sink(output) as out:
        for found in examined(files, jobs, keys=True):
            if found.facts is None or found.key is None:
                unreadable += 1
                say(found.error or "")
                continue
            if found.key in seen:
                dropped += 1
                continue
            seen.add(found.key)
            kept += 1
            out.write(("" if kept == 1 else "\n") + found.texts[0])
    kept_text = ntr("{n} game(s) kept", "{n} game(s) kept", kept).format(n=kept)
    dropped_text = ntr("{n} duplicate(s) dropped", "{n} duplicate(s) dropped", dropped).format(n=dropped)
    say(f"{kept_text}, {dropped_text}")
    raise typer.Exit(EXIT_INVALID if unreadable else EXIT_OK)


@app.command(
    cls=KindsCommand,
    help=N_(
        "Write each game of a file to a file of its own, named from its tags\n"
        "(``0001-thousand-Anna-Boris-Vera-2026.11.24.kgn``); ``cat`` joins them again."
    ),
)
def split(
    file: File,
    folder: Annotated[
        Path, typer.Option("-o", "--output", metavar="DIR", help=N_("The folder for the files."))
    ] = Path("."),
) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail_usage(tr("cannot write {folder}: {x}").format(folder=folder, x=exc.strerror or exc))
    written = kept = renamed = 0
    errors = Errors()
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
                write_out(text, target)
                written += 1
    except InputError as exc:
        fail_usage(str(exc))
    said = ntr(
        "{written} file(s) written to {folder}", "{written} file(s) written to {folder}", written
    ).format(written=written, folder=folder)
    if kept:
        said += tr("; {kept} already there with the same game").format(kept=kept)
    if renamed:
        said += (
            tr(
                "; {renamed} named with a number added (-2, -3 ...), as a file of its name "
                "holds another game"
            ).format(
                renamed=renamed
            )
        )
    say(said)
    raise typer.Exit(EXIT_INVALID if errors.count else EXIT_OK)


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file at ``path`` holds exactly ``data``."""
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


STATS_WORDS: Final = (
    # the statistics of `kozyr stats` (the summary's rows), as each game names them
    N_("games"), N_("hands/deals"), N_("average game length (hands/deals)"), N_("invalid games"),
    N_("thousand games"), N_("bura games"), N_("burkozel games"), N_("sixtysix games"),
    N_("contracts played"), N_("contracts made"),
    N_("spades marriages per hand"), N_("clubs marriages per hand"),
    N_("diamonds marriages per hand"), N_("hearts marriages per hand"),
    N_("aces marriages per hand"),
    N_("claims made"), N_("claims failed"), N_("penalty points given"),
    N_("bura shown"), N_("molodka shown"), N_("moskva shown"), N_("small-moskva shown"),
    N_("foreheads shown"),
    N_("deals ended: out"), N_("deals ended: false-out"), N_("deals ended: played-out"),
    N_("deals ended: tie"), N_("deals ended: closed-failed"),
    N_("closes made"), N_("closes failed"), N_("schwarz deals (no trick for the loser)"),
    # the columns of its tables (a key's words: ``win_rate`` is shown ``win rate``)
    N_("statistic"), N_("value"), N_("player"), N_("wins"), N_("win rate"),
    N_("average final total"), N_("declared"), N_("made"), N_("barrel visits"),
    N_("barrel falls"), N_("deals won"), N_("game points"), N_("chips"), N_("claims"),
    N_("claims won"), N_("penalty points"), N_("contract"), N_("played"), N_("make rate"),
    N_("rules"), N_("hands"),
)  # fmt: skip
"""What the text table of ``kozyr stats`` shows in words, marked for the catalogue (its
CSV and JSON keep the keys: they are data)."""
