"""What a Sixty-six table shows (the view of a position, moves in words, the score sheet), and
what ``kozyr record`` asks at a Sixty-six table and how an answer becomes a KGN event.  At
any prompt ``exchange``, ``close`` and ``out`` (with or without the player's name) are
events of their own.
"""

from __future__ import annotations

from typing import Final

from notation.cards import card_code
from notation.i18n import N_, NP_, ptr, tr
from notation.records import GiveCard, Node
from notation.sixtysix import records
from notation.sixtysix.records import Deal, Out, Play, Round, SixtySixGame, Stated, Trick
from notation.write import seat_text

from ..checker import Report, round_results, running, with_results
from ..model import Annotations, Progression, Question
from ..stockview import deal_question, deal_said, deal_view, draw_question, draw_said
from ..table import POOL, cards_text
from ..view import CardCode, Pile, Said, Sheet, SheetRow, View, add_comment, fill_trick
from .engine import (
    DECK,
    Close,
    Exchange,
    GoOut,
    PlayCard,
    RoundResult,
    RoundState,
    SixtySixEngine,
    ended,
)
from .table import facts

END_WORDS: Final = (NP_("end", "out"), NP_("end", "false-out"), NP_("end", "tie"), NP_("end", "closed-failed"))
"""How a deal of Sixty-six ended, as its code (``closed-failed``), in the players' words
(``ptr("end", code)``; ``played-out`` is Bura's word too)."""

PHASE_WORDS: Final = {"draw": NP_("phase", "draw"), "end": NP_("phase", "played out")}
"""The title's word for a deal's phase (the others show the trick alone)."""


def view(t: SixtySixEngine) -> View:
    """What a Sixty-six table shows of its deal (:meth:`replay.table.Table.view` adds the
    rest): both hands, the trick, the stock and the turned trump card (a closed stock face
    down), each player's count and tricks, and the game points a tie left."""
    view = _between_deals(t) if t.round is None else _in_deal(t, t.round)
    if t.match.bonus:
        view.lines.append(("bonus", f"+{t.match.bonus} for the next deal's winner (a tie)"))
    return view


def _between_deals(t: SixtySixEngine) -> View:
    """The view between two deals: how the last one ended, its points and tricks."""
    names = t.players
    last = t.results[-1] if t.results else None
    view = deal_view(t)
    if last is not None:
        view.dealer = names[last.dealer]
        view.points = {names[p]: v for p, v in last.points.items()}
        view.tricks = {names[p]: v for p, v in last.tricks.items()}
        view.lines.append(("deal", ended(last, names)))
        for note in last.notes[1:]:
            view.lines.append(("note", note))
    return view


def _in_deal(t: SixtySixEngine, deal: RoundState) -> View:
    """The view during a deal: both hands, the stock (or its closing) and the trump, the
    trick, the counts, tricks and marriages."""
    names = t.players
    phase = [ptr("phase", PHASE_WORDS[deal.phase])] if deal.phase in PHASE_WORDS else []
    view = deal_view(t, *phase)
    left = deal.holdings.size(POOL)
    if deal.closed_by is not None:
        view.piles = [Pile("stock closed", count=left)]
        view.trump = deal.trump.symbol
        view.lines.append(("closed by", names[deal.closed_by]))
    elif left:
        view.piles = [Pile("trump", [card_code(deal.trump_card)]), Pile("stock", count=left)]
    else:
        view.trump = deal.trump.symbol
    for p in (0, 1):
        view.points[names[p]] = t.count(p)
        view.tricks[names[p]] = deal.tricks_taken[p]
    for seat, value, suit in deal.marriages:
        counted = "" if deal.tricks_taken[seat] else f" (counts once {names[seat]} takes a trick)"
        view.lines.append(("marriage", f"{names[seat]} {suit.noun} {value}{counted}"))
    return view


def describe(table: SixtySixEngine, node: Node) -> Said | None:
    """What a move did, in words (None for a node that is not a move of the game)."""
    names = table.players
    if isinstance(node, Deal | Round):
        return deal_said(table)
    if isinstance(node, Play):
        parts: list[str] = [tr("{player} plays").format(player=node.seat) + " ", CardCode(node.card)]
        if node.marriage:
            deal = table.round
            value = deal.marriages[-1][1] if deal is not None and deal.marriages else 20
            parts.append(" " + tr("and shows the marriage ({value})").format(value=value))
        return Said("play", parts)
    if isinstance(node, GiveCard):  # a draw: the drawer's own, but the turned trump card
        deal = table.round
        return draw_said(node.seat, node.card, deal is None or (deal.exhausted and deal.holdings.size(POOL) == 0))
    if isinstance(node, records.Exchange):
        return Said("call", [tr("{player} exchanges the trump nine for the turned card").format(player=node.seat)])
    if isinstance(node, records.Close):
        return Said("call", [tr("{player} closes the stock").format(player=node.seat)])
    if isinstance(node, Out):
        res = table.results[-1] if table.results and table.round is None else None
        if res is not None:
            return Said("call", [tr("{player} goes out: {how}").format(player=node.seat, how=ended(res, names))])
        return Said("call", [tr("{player} goes out").format(player=node.seat)])
    return None


def sheet(report: Report) -> Sheet:
    """Per deal how it ended, each player's count, and the game points it scored."""
    names = report.players
    out = Sheet(tr("Sixty-six"), [ptr("sheet", "deal"), ptr("sheet", "how it ended"), *names])
    for res in round_results(report, RoundResult):
        row: SheetRow = [(str(res.number), ""), (ended(res, names), "")]
        for p in range(len(names)):
            score = res.scores.get(p, 0)
            cell = (f"+{score} " if score else "") + str(res.totals.get(p, ""))
            row.append((f"{cell} ({res.points.get(p, 0)})", "total"))
        out.rows.append(row)
    out.footer = tr("game points: +won this deal, total (the deal's count)")
    return out


def progression(report: Report, table: SixtySixEngine | None) -> Progression:
    """Each player's game points after each deal, the target, and what is counted."""
    lines = [("target", table.settings.target)] if table is not None else []
    return Progression(running(report, RoundResult, lambda res: res.totals, lambda res: res.scores), lines, "game points")


def move_note(table: SixtySixEngine, node: Node) -> str | None:
    """What ``kozyr annotate`` says of a move: a marriage shown (and whether it counts yet),
    an exchange, a close."""
    deal = table.round
    if isinstance(node, Play) and node.marriage and deal is not None and deal.marriages:
        seat, value, suit = deal.marriages[-1]
        who = table.players[seat]
        counts = "" if deal.tricks_taken[seat] else f"; it counts once {who} takes a trick"
        return f"{suit.noun} marriage: {table.players[seat]} +{value}{counts}"
    if isinstance(node, records.Close) and deal is not None:
        return f"{node.seat} closes with {table.count(deal.closed_by or 0)}; strict play from here"
    return None


def _fill_events(deal: Round, found: Annotations) -> None:
    """Writes the trick takers the replay found and its notes on marriages and closes."""
    for ev in deal.events:
        if isinstance(ev, Trick):
            fill_trick(ev, found.takers, found.notes)
        elif isinstance(ev, records.Close) and id(ev) in found.notes:
            add_comment(ev.notes, found.notes[id(ev)])


def annotate(game: SixtySixGame, report: Report, found: Annotations) -> None:
    """Write into a replayed record what its replay found: trick takers, notes on
    marriages and closes, and every deal's points, game points and totals."""
    names = game.players
    for deal, res in with_results(game.deals, report, RoundResult):
        _fill_events(deal, found)  # in a deal the record does not finish too
        if res is None:
            continue  # not finished: no facts yet
        kinds = {ev.kind for ev in deal.events if isinstance(ev, Stated)}
        deal.events.extend(st for st in facts(res, names) if st.kind not in kinds)
        score = next(ev for ev in deal.events if isinstance(ev, Stated) and ev.kind == "score")
        for note in res.notes:
            add_comment(score.notes, note)


HELP = N_("""Type the event the prompt asks for, in KGN:
  a deal        Anna: AS TS KH QH 9C JD / Boris: ... / trump: 9H [/ stock: ...]
  a card        KH, or KH marriage (a marriage shown with the lead)
  a draw        the card, or Enter if unseen
  ??            a card you did not see
The whole event is taken too: hands Anna: ..., Anna AS, draw Boris QD.
Events at any prompt:
  exchange [NAME]          the trump nine for the turned card, before a lead
  close [NAME]             close the stock, before a lead
  out [NAME]               66 declared, after taking a trick or showing a marriage
Without NAME: the player who may (for exchange and close, the player on lead).""")
"""What the recorder's ``help`` says of Sixty-six's events."""

_EVENTS = ("exchange", "close", "out")
_WORDS: dict[type, str] = {Exchange: "exchange", Close: "close", GoOut: "out"}
"""The word of each event of its own that may be typed at any prompt: alone, it stands for
the player who may make that move, else the player to move (whom the engine then tells why
not)."""


def question(table: SixtySixEngine, declined: bool = False) -> Question:
    """The prompt for the next event, the KGN event an answer stands for (None: nobody
    goes out after the last trick), the legal choices.  ``declined``: that was said
    already."""
    deal = table.round
    names = table.players
    moves = table.legal_moves()
    # a false out (legal, but it loses the deal) comes last
    kept = sorted((m for m in moves if isinstance(m, Exchange | Close | GoOut)), key=lambda m: table.move_warning(m) is not None)
    events = [f"{_WORDS[type(m)]} {seat_text(names[m.seat])}" for m in kept]
    if deal is None or (declined and deal.phase == "end"):
        return deal_question(table, DECK, ("hands", *_EVENTS))
    if deal.phase == "end":
        return Question(
            tr("every card is played: out NAME, or Enter for the count> "),
            lambda a: a or None,
            events,
            _EVENTS,
            tuple(events),
            alone=_EVENTS,
        )
    if deal.phase == "draw":
        return draw_question(table, _EVENTS, events, events, alone=_EVENTS)
    seat = deal.turn
    player = names[seat]
    prompt = tr("trick {number}: {player} leads> ") if deal.phase == "lead" else tr("trick {number}: {player} answers> ")
    plays = [m for m in moves if isinstance(m, PlayCard)]
    legal = list(dict.fromkeys(card_code(m.card) + (" marriage" if m.marriage else "") for m in plays))
    return Question(
        prompt.format(number=deal.trick_no, player=player),
        lambda a: f"{seat_text(player)} {a}",
        [*legal, *events],
        (*_EVENTS, seat_text(player)),
        (*cards_text(deal.holdings.known[seat]).split(), "marriage", *events),
        alone=_EVENTS,
        player=seat_text(player),
    )
