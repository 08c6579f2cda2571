"""What a table of Bura or a variant shows (the view of a position, moves in words, the score
sheet; a variant's table brings its own scores and limit), and what ``kozyr record`` asks at
such a table and how an answer becomes a KGN event.  At any prompt ``open NAME ...``,
``show NAME COMBO CARDS`` and ``fault NAME KIND`` are events of their own.
"""

from __future__ import annotations

from typing import Final

from notation.bura.records import (
    Answer,
    BuraGame,
    Claim,
    Deal,
    Fault,
    Pot,
    Round,
    Show,
    Stated,
    Trick,
)
from notation.cards import card_code, card_points
from notation.i18n import N_, NP_, ptr, tr
from notation.records import Entry, GiveCard, Node, Winner
from notation.write import seat_text

from ..checker import Report, round_results, running, with_results
from ..model import Annotations, Progression, Question
from ..stockview import deal_question, deal_said, deal_view, draw_question, draw_said
from ..table import POOL, cards_text
from ..view import Pile, Said, Sheet, SheetRow, View, add_comment, cards_said, entries
from .engine import BuraEngine, BuraMove, Lay, OpenClaim, RoundResult, RoundState, ShowCombo


def view(t: BuraEngine) -> View:
    """What a table of Bura or a variant shows of its deal (:meth:`replay.table.Table.view`
    adds the rest), and the pot."""
    view = _between_deals(t) if t.round is None else _in_deal(t, t.round)
    if t.HAS_POT:
        view.lines.append(("pot", str(t.match.pot)))
    return view


def _between_deals(t: BuraEngine) -> View:
    """The view between two deals: the last deal's notes and card points."""
    last = t.results[-1] if t.results else None
    view = deal_view(t)
    if last is not None:
        for note in last.notes:
            view.lines.append(("note", note))
        if last.points:
            view.points = {t.side_name(x): v for x, v in last.points.items()}
    return view


def _in_deal(t: BuraEngine, deal: RoundState) -> View:
    """The view during a deal: hands, trump and stock, the trick, the points taken."""
    names = t.players
    view = deal_view(t, *([ptr("phase", "draw")] if deal.phase == "draw" else []))  # NP_ in sixtysix
    view.piles = [Pile("trump", [card_code(deal.trump_card)]), Pile("stock", count=deal.holdings.size(POOL))]
    for p in range(t.n):
        known = sum(card_points(c) for c in deal.won[p] if c is not None)
        hidden = sum(1 for c in deal.won[p] if c is None)
        view.points[names[p]] = known
        view.tricks[names[p]] = deal.tricks_taken.get(p, 0)
        if hidden:
            view.marks[names[p]] = f"+{hidden} unseen"
    if deal.laid_down:  # a seat counts of a face-down card only what it laid itself
        for v in range(t.n):
            counted: dict[str, tuple[int, int]] = {}
            for p in range(t.n):
                down = deal.laid_down.get(p, [])
                unseen = [c for layer, c in down if layer != v or c is None]
                lost = sum(card_points(c) for c in unseen if c is not None)
                counted[names[p]] = (view.points[names[p]] - lost, len(unseen))
            view.seen_points[names[v]] = counted
    return view


def describe(table: BuraEngine, node: Node) -> Said | None:
    """What a move did, in words (None for a node that is not a move of the game)."""
    if isinstance(node, Deal | Round):
        return deal_said(table)
    if isinstance(node, Answer):
        parts: list[str] = [tr("{player} plays").format(player=node.seat) + " "]
        if node.cards:
            parts += cards_said(node.cards)
        if node.down:
            down = tr("{n} face down").format(n=len(node.down))
            parts.append((" " + tr("and") + " " if node.cards else "") + down)
        return Said("play", parts)
    if isinstance(node, GiveCard):  # a draw: the drawer's own, but the trump turned up
        deal = table.round
        return draw_said(node.seat, node.card, deal is not None and node.card == card_code(deal.trump_card))
    if isinstance(node, Show):
        return Said("call", [tr("{player} shows {combo}:").format(player=node.seat, combo=node.combo) + " ", *cards_said(node.cards)])
    if isinstance(node, Claim):
        res = table.results[-1] if table.results else None
        if res is not None and res.end in ("claim-won", "claim-failed"):
            how = tr("{player} opens with {count}: wins the pot") if res.end == "claim-won" else tr("{player} opens with {count}: fails and matches the pot")
            return Said("call", [how.format(player=node.seat, count=res.claim_count)])
        return Said("call", [tr("{player} opens").format(player=node.seat)])
    if isinstance(node, Fault):
        return Said("call", [tr("{player}: fault ({fault})").format(player=node.seat, fault=node.fault)])
    return None


END_WORDS: Final = (
    NP_("end", "bura"),
    NP_("end", "moskva"),
    NP_("end", "small-moskva"),
    NP_("end", "molodka"),
    NP_("end", "foreheads"),
    NP_("end", "claim-won"),
    NP_("end", "claim-failed"),
    NP_("end", "fault"),
    NP_("end", "redeal"),
    NP_("end", "void"),
    NP_("end", "played-out"),
)
"""How a deal of Bura or a variant ended, as its code (``claim-failed``): the score sheet
shows it as it is in English and in the players' words elsewhere (``ptr("end", code)``)."""


def sheet(report: Report) -> Sheet:
    """Per deal how it ended, the pot, and each player's net chips."""
    names = report.players
    out = Sheet(tr("Bura"), [ptr("sheet", "deal"), ptr("sheet", "how it ended"), ptr("sheet", "pot"), *names])
    for res in round_results(report, RoundResult):
        who = names[res.winner] if res.winner is not None else ""
        how = ptr("end", res.end) + (f" {who}" if who else "")
        if res.claim_count is not None:
            how += f" ({res.claim_count})"
        row: SheetRow = [(str(res.number), ""), (how, ""), (str(res.pot), "")]
        row += [(str(res.chips.get(p, "")), "total") for p in range(len(names))]
        out.rows.append(row)
    out.footer = tr("totals: net chips")
    return out


def progression(report: Report, table: BuraEngine | None) -> Progression:
    """Each player's net chips after each deal, and what is counted."""
    return Progression(running(report, RoundResult, lambda res: res.chips), [], "chips")


def move_note(table: BuraEngine, node: Node) -> str | None:
    """Nothing a move of Bura does needs a comment of ``kozyr annotate`` (its claims and
    shows say what they are)."""
    return None


def annotate(game: BuraGame, report: Report, found: Annotations, pot: bool = True) -> None:
    """Write into a replayed record what its replay found: trick takers, claims, and
    every deal's pot and scores (``kozyr annotate``); a variant without a pot (``pot``
    False) gets its card points and penalty points."""
    for deal, res in with_results(game.deals, report, RoundResult):
        _fill_events(deal, res, found)  # in a deal the record does not finish too
        if res is None:
            continue  # not finished: no facts yet
        last_fact = _state_facts(deal, res, game.players, pot)
        for note in res.notes:
            add_comment(last_fact.notes, note)


def _fill_events(deal: Round, res: RoundResult | None, found: Annotations) -> None:
    """Writes the trick takers the replay found, and a finished claim's count and outcome."""
    for ev in deal.events:
        if isinstance(ev, Trick) and ev.winner is None and ev.answers:
            last = ev.answers[-1]
            if id(last) in found.takers:
                ev.winner = Winner(seat=found.takers[id(last)])
        if isinstance(ev, Claim) and res is not None and res.claim_count is not None:
            if ev.count is None:
                ev.count = res.claim_count
            if ev.outcome is None:
                ev.outcome = "win" if res.end == "claim-won" else "fail"


def _state_facts(deal: Round, res: RoundResult, names: list[str], pot: bool) -> Pot | Stated:
    """Adds the facts a finished deal does not state yet (the pot and chips; without a pot,
    the card points and penalty points) and returns its last fact."""
    kinds = {ev.kind for ev in deal.events if isinstance(ev, Pot | Stated)}
    if not pot:
        if res.points and "points" not in kinds:
            deal.events.append(
                Stated(kind="points", entries=[Entry(seat=names[x], value=v) for x, v in res.points.items()])
            )
        if "penalty" not in kinds:
            deal.events.append(Stated(kind="penalty", entries=entries(names, res.penalty)))
        return next(ev for ev in reversed(deal.events) if isinstance(ev, Stated))
    if not any(isinstance(ev, Pot) for ev in deal.events[-2:]):
        deal.events.append(Pot(value=res.pot))
    if "chips" not in kinds:
        deal.events.append(Stated(kind="chips", entries=entries(names, res.chips)))
    return next(ev for ev in reversed(deal.events) if isinstance(ev, Stated | Pot))


HELP = N_("""Type the event the prompt asks for, in KGN:
  a deal        Anna: TH 6H 9C / Boris: ... / trump: KH [/ stock: ...]
  a lead        TH 6H
  an answer     the cards, face up or face down: TH 6H, down 6S 7D
  a draw        the card, or Enter if unseen
  ??            a card you did not see
The whole event is taken too: hands Anna: ..., Oleg 7H, draw Oleg 7H.
Events at any prompt:
  open NAME [N] [win|fail] a claim (31 in the tricks taken)
  show NAME COMBO CARDS    a combination (bura, molodka, moskva, ...)
  fault NAME KIND          a fault (out-of-turn, double-draw)""")
"""What the recorder's ``help`` says of the events of Bura and its variants."""

_EVENTS = ("open", "show", "fault")


def question(table: BuraEngine, declined: bool = False) -> Question:
    """The prompt for the next event, the KGN event an answer stands for (None: nobody
    claims, no second bura), the legal choices.  ``declined``: that was said already."""
    deal = table.round
    moves = table.legal_moves() if deal is not None else []
    events = _events(table, moves)

    if deal is None or (declined and deal.phase in ("end", "bura")):
        return deal_question(table, table.deck, (*_EVENTS, "hands"))
    if deal.phase == "draw":
        names = table.players
        claim = "" if deal.claim_window is None else tr("; or open {player} to claim").format(player=names[deal.claim_window])
        return draw_question(table, _EVENTS, events, [], claim)
    if deal.phase == "end":
        return Question(
            tr("claim? (open NAME, or Enter: nobody claims)> "),
            lambda a: a or None,
            [],
            (),
            tuple(events),
        )
    if deal.phase == "bura":
        return Question(
            tr("a second bura? (show NAME bura CARDS, or Enter)> "),
            lambda a: a or None,
            [],
            (),
            tuple(events),
        )
    return _lay_question(table, deal, moves, events)


def _lay_question(table: BuraEngine, deal: RoundState, moves: list[BuraMove], events: list[str]) -> Question:
    """A lead (the legal ones listed) or an answer, face up or face down."""
    seat = deal.right[0] if deal.right and not deal.trick else deal.turn
    player = table.players[seat]
    prompt = tr("trick {number}: {player} leads> ") if not deal.trick else tr("trick {number}: {player} answers> ")
    lays = [m for m in moves if isinstance(m, Lay) and m.seat == seat]
    legal = [" ".join(card_code(c) for c in m.up) for m in lays if not m.down][:10]
    cards = cards_text(deal.holdings.known[seat]).split()
    down = ["down"] if any(m.down for m in lays) else []
    return Question(
        prompt.format(number=deal.trick_no, player=player),
        lambda a: f"{seat_text(player)} {a}",
        legal if not deal.trick else [],
        (*_EVENTS, seat_text(player)),
        (*cards, *down, *events),
    )


def _events(table: BuraEngine, moves: list[BuraMove]) -> list[str]:
    """The events of their own that may be typed now (a claim, a combination), as the
    words that start them: ``open Anna``, ``show Boris``."""
    names = table.players
    out = [f"open {seat_text(names[m.seat])}" for m in moves if isinstance(m, OpenClaim)]
    out += [f"show {seat_text(names[m.seat])}" for m in moves if isinstance(m, ShowCombo)]
    return list(dict.fromkeys(out))

