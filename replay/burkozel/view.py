"""What a Burkozel table shows: Bura's view, with what differs: the score sheet of
penalty points, its chart, and the facts an annotation writes (the recorder asks what it
asks at Bura's table)."""

from __future__ import annotations

from notation.bura.records import BuraGame
from notation.i18n import ptr, tr

from ..bura import view as bura_view
from ..bura.engine import BuraEngine, RoundResult
from ..checker import Report, round_results, running
from ..model import Annotations, Progression
from ..view import Sheet, SheetRow

describe = bura_view.describe
move_note = bura_view.move_note
question = bura_view.question
view = bura_view.view
HELP = bura_view.HELP


def annotate(game: BuraGame, report: Report, found: Annotations) -> None:
    """Bura's annotation, with card points and penalty points where Bura writes the pot."""
    bura_view.annotate(game, report, found, pot=False)


def sheet(report: Report) -> Sheet:
    """Per deal how it ended and the card points, then each player's penalty points."""
    names = report.players
    out = Sheet(tr("Burkozel"), [ptr("sheet", "deal"), ptr("sheet", "how it ended"), *names])
    for res in round_results(report, RoundResult):
        how = ptr("end", res.end)
        if res.points:
            how += ": " + " ".join(f"{names[x]} {v}" for x, v in res.points.items())
        row: SheetRow = [(str(res.number), ""), (how, "")]
        for p in range(len(names)):
            side = p % 2 if len(names) == 4 else p
            added = res.added.get(side, 0)
            row.append(((f"+{added} " if added else "") + str(res.penalty.get(p, "")), "total"))
        out.rows.append(row)
    out.footer = tr("totals: penalty points")
    return out


def progression(report: Report, table: BuraEngine | None) -> Progression:
    """Each player's penalty points after each deal, the limit, and what is counted."""
    lines = [("limit", int(table.rules["limit"]))] if table is not None else []
    return Progression(running(report, RoundResult, lambda res: res.penalty), lines, "penalty points")
