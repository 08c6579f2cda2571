"""What a Thousand table shows (the view of a position, moves in words, the score sheet), and
what ``kozyr record`` asks at a Thousand table and how an answer becomes a KGN event.
"""

from __future__ import annotations

from typing import Final

from notation.cards import card_code, card_points
from notation.i18n import N_, NP_, ptr, tr
from notation.records import Node
from notation.thousand.records import (
    Call,
    Concede,
    Contract,
    Deal,
    Give,
    Play,
    Redeal,
    Round,
    Stated,
    Talon,
    ThousandGame,
)
from notation.write import seat_text

from ..checker import Report, round_results, running, with_results
from ..model import Annotations, Progression, Question, starts_with
from ..table import POOL, cards_text
from ..view import (
    CardCode,
    Pile,
    Said,
    Sheet,
    SheetRow,
    View,
    add_comment,
    cards_said,
    fill_trick,
    round_title,
    sorted_codes,
    trick_title,
)
from .engine import (
    DECK,
    Bid,
    ClaimRedeal,
    ConcedeHand,
    GiveCards,
    PlayCard,
    RoundResult,
    RoundState,
    SetContract,
    TakeTalon,
    ThousandEngine,
    ThousandMove,
)
from .table import stated_facts

PHASES: Final = (NP_("phase", "auction"), NP_("phase", "talon"), NP_("phase", "give"))
"""The title's word for a hand's phase before the play (the play shows the trick)."""


def view(t: ThousandEngine) -> View:
    """What a Thousand table shows of its hand (:meth:`replay.table.Table.view` adds the
    rest), and each player's marks (barrel, bolts)."""
    names = t.players
    view = _between_hands(t) if t.round is None else _in_hand(t, t.round)
    for p in range(len(names)):
        marks = _marks(t, p)
        if marks:
            view.marks[names[p]] = ", ".join(marks)
    return view


def _between_hands(t: ThousandEngine) -> View:
    """The table between hands: the last hand's points, tricks, contract and notes."""
    names = t.players
    last = t.results[-1] if t.results else None
    title = round_title("hand", last.number, after=True) if last else round_title("hand", t.match.number)
    view = View("thousand", title)
    if last is None:
        return view
    view.dealer = names[last.dealer]
    view.points = {names[p]: v for p, v in last.points.items()}
    view.tricks = {names[p]: v for p, v in last.tricks.items()}
    if last.declarer is not None:
        outcome = (
            ptr("contract", "conceded")
            if last.conceded
            else ptr("contract", "made") if last.made else ptr("contract", "failed")
        )
        view.lines.append(("contract", f"{names[last.declarer]} {last.contract}: {outcome}"))
    for note in last.notes:
        view.lines.append(("note", note))
    return view


def _in_hand(t: ThousandEngine, hand: RoundState) -> View:
    """The table during a hand: the hands, the talon, the contract or the high bid, the
    trump, the trick, each player's points and tricks."""
    names = t.players
    shown = hand.trick_no - 1 if t.last_trick else hand.trick_no  # a trick just taken
    playing = hand.phase in ("play", "contract")
    title = round_title("hand", hand.number, trick_title(shown) if playing else ptr("phase", hand.phase))
    view = View("thousand", title)
    view.dealer = names[hand.dealer]
    h = hand.holdings
    for p in hand.active:
        view.hands.append((names[p], sorted_codes(h.known[p]), h.unknown[p]))
    if h.size(POOL):
        talon = sorted_codes(h.known[POOL]) + ["??"] * h.unknown[POOL]
        view.piles.append(Pile("talon", talon, face_down=True))
    if hand.declarer is not None:
        view.lines.append(("contract", f"{names[hand.declarer]} {hand.contract}"))
    elif hand.high:
        view.lines.append(("bid", f"{names[hand.high_seat or 0]} {hand.high}"))
    view.trump = "none" if hand.trump is None else hand.trump.symbol
    view.trick = t.trick_shown(hand.plays)
    view.points = {
        names[p]: sum(card_points(c) for c in hand.won.get(p, [])) + hand.marriage_points.get(p, 0)
        for p in hand.active
    }
    view.tricks = {names[p]: hand.tricks_taken.get(p, 0) for p in hand.active}
    return view


def _marks(t: ThousandEngine, seat: int) -> list[str]:
    """What stands beside a player's total: the barrel (T8) and the bolts."""
    g = t.match
    s = t.settings
    marks = []
    if g.barrel[seat] is not None:
        marks.append(f"on the barrel ({g.barrel[seat]} of {s.barrel_hands or '∞'})")
    elif s.lock and s.threshold <= g.totals[seat] < s.target:
        marks.append("on the barrel")
    if g.bolts[seat]:
        marks.append(f"bolts {g.bolts[seat]}")
    return marks


def describe(table: ThousandEngine, node: Node) -> Said | None:
    """What a move did, in words, from its record node and the table after it (None for a
    node that is not a Thousand move)."""
    if isinstance(node, Deal | Round):
        hand = table.round
        number = hand.number if hand else (table.results[-1].number if table.results else "")
        if hand is None:
            return Said("deal", [tr("hand {number}").format(number=number)])
        return Said("deal", [tr("hand {number}: {dealer} deals").format(number=number, dealer=table.players[hand.dealer])])
    if isinstance(node, Redeal):
        return Said("call", [tr("{player} shows four nines: a redeal").format(player=node.seat)])
    last = table.moves[-1] if table.move_count else None
    if isinstance(last, TakeTalon) and not isinstance(node, Talon):  # replayed, not written
        return Said("call", [tr("the declarer takes the talon (not recorded)")])
    if isinstance(last, GiveCards) and not isinstance(node, Give):
        return Said("call", [tr("the declarer gives a card to each opponent (not recorded)")])
    if isinstance(node, Call):
        if node.bid is None:
            return Said("call", [tr("{player} passes").format(player=node.seat)])
        bids = tr("{player} bids dark {bid}") if node.dark else tr("{player} bids {bid}")
        return Said("call", [bids.format(player=node.seat, bid=node.bid)])
    return _described_after_auction(table, node)


def _described_after_auction(table: ThousandEngine, node: Node) -> Said | None:
    """:func:`describe` of the talon, the gives, the contract, a card or a stated score."""
    hand = table.round
    declarer = None if hand is None or hand.declarer is None else table.players[hand.declarer]
    if isinstance(node, Talon):
        # shown to everybody (T4.1); in a dark game it stays the declarer's
        to = (declarer,) if hand is not None and hand.dark and declarer else None
        return Said("call", [tr("the declarer takes the talon:") + " ", *cards_said(node.cards, to)])
    if isinstance(node, Concede):
        return Said("call", [tr("the declarer concedes")])
    if isinstance(node, Give):
        parts: list[str] = [tr("the declarer gives") + " "]
        for i, g in enumerate(node.cards):  # face down: seen by the declarer and its taker
            seen = (declarer, g.seat) if declarer else (g.seat,)
            parts += [", " if i else "", f"{g.seat} ", CardCode(g.card, seen)]
        return Said("call", parts)
    if isinstance(node, Contract):
        return Said("call", [tr("the contract is {value}").format(value=node.value)])
    if isinstance(node, Play):
        parts = [tr("{player} plays").format(player=node.seat) + " ", CardCode(node.card)]
        if node.marriage:
            parts.append(" " + tr("and declares a marriage"))
        return Said("play", parts)
    if isinstance(node, Stated):  # a hand kept as a score sheet: no cards, its result
        values = ", ".join(f"{e.seat} {e.value}" for e in node.entries)
        return Said("call", [tr("the hand is scored as the sheet says ({entries})").format(entries=f"{node.kind} {values}")])
    return None


def sheet(report: Report) -> Sheet:
    """The paper score sheet: per hand the contract, then each player's score and total."""
    names = report.players
    out = Sheet(tr("Thousand"), [ptr("sheet", "hand"), ptr("sheet", "contract"), *names])
    for res in round_results(report, RoundResult):
        if res.redeal:
            out.rows.append([(str(res.number), ""), (tr("redeal"), "dim"), *[("", "")] * len(names)])
            continue
        who = names[res.declarer] if res.declarer is not None else "?"
        if res.conceded:
            what = (tr("{who} {contract} conceded").format(who=who, contract=res.contract), "yellow")
        else:
            made = tr("{who} {contract} made") if res.made else tr("{who} {contract} failed")
            what = (made.format(who=who, contract=res.contract), "green" if res.made else "red")
        row: SheetRow = [(str(res.number), ""), what]
        for p in range(len(names)):
            score = res.scores.get(p)
            marks = ""
            if p in res.barrel:
                marks += " " + ptr("sheet", "B")
            if any(n.startswith(names[p]) and "falls off" in n for n in res.notes):
                marks += " ↓"
            if res.tricks and res.tricks.get(p, 0) == 0 and p in res.points:
                marks += " /"
            cell = (f"{score:+d} " if score is not None else "") + str(res.totals.get(p, ""))
            row.append((cell + marks, "total"))
        out.rows.append(row)
    out.footer = "   ".join((tr("B on the barrel"), tr("↓ fell off"), tr("/ no trick (bolt)")))
    return out


def progression(report: Report, table: ThousandEngine | None) -> Progression:
    """Each player's running total after each hand (from the start), the barrel and target
    lines, and what is counted."""
    series = running(report, RoundResult, lambda res: res.totals, lambda res: res.scores)
    lines: list[tuple[str, int]] = []
    if table is not None:
        s = table.settings
        if s.barrel_on:
            lines.append(("barrel", s.threshold))
        lines.append(("target", s.target))
    return Progression(series, lines, "running total")


def move_note(table: ThousandEngine, node: Node) -> str | None:
    """What ``kozyr annotate`` says of a move: a marriage declared, what it scored and the
    trump it makes (from the table after it)."""
    if not isinstance(node, Play) or not node.marriage:
        return None
    hand = table.round
    source = hand.marriages if hand is not None else table.results[-1].marriages
    seat, value, suit = source[-1]
    what = "the four aces" if suit is None else f"{suit.noun} marriage"
    trump = "" if suit is None else f"; {suit.noun} are trump"
    return f"{what}: {table.players[seat]} +{value}{trump}"


def _fill_tricks(hand: Round, found: Annotations) -> None:
    """Writes the trick takers the replay found and its notes on the cards (marriages)."""
    for trick in hand.tricks:
        fill_trick(trick, found.takers, found.notes)


def _contract_said(res: RoundResult, names: list[str]) -> str | None:
    """What ``annotate`` comments on a hand's score: the contract made or failed, by how
    much, or conceded."""
    if res.declarer is not None and res.made is not None:
        who = names[res.declarer]
        text = f"{who} {'makes' if res.made else 'fails'} {res.contract}"
        if res.declarer in res.points:  # not a score sheet's hand: by how much
            diff = res.points[res.declarer] - (res.contract or 0)
            if not res.made:
                text += f" by {-diff}"
            else:
                text += f" with {diff} to spare" if diff else " exactly"
        return text
    if res.conceded and res.declarer is not None:
        return f"{names[res.declarer]} concedes"
    return None


def annotate(game: ThousandGame, report: Report, found: Annotations) -> None:
    """Write into a replayed record what its replay found: trick takers, marriages, and
    every hand's points, scores and totals (``kozyr annotate``)."""
    names = game.players
    for hand, res in with_results(game.hands, report, RoundResult):
        _fill_tricks(hand, found)  # in a hand the record does not finish too
        if res is None or res.redeal:
            continue  # not finished (no facts yet), or dealt again
        kinds = {st.kind for st in hand.stated}
        if len(kinds) < 3:  # points, score and totals: one at least is not written yet
            hand.events.extend(st for st in stated_facts(res, names) if st.kind not in kinds)
        score = next(st for st in hand.stated if st.kind == "score")
        said = _contract_said(res, names)
        if said is not None:
            add_comment(score.notes, said)
        totals = next(st for st in hand.stated if st.kind == "totals")
        for note in res.notes:
            add_comment(totals.notes, note)


HELP = N_("""Type the event the prompt asks for, in KGN:
  a deal        Anna: AS TS KH ... / Boris: ... / talon: TH 9C JS   (Enter if unknown)
  a call        100, 105 ... or pass
  the talon     Enter for the cards as dealt, or the three cards
  the gives     Boris 9S, Vera JS    (Enter if unseen; or concede, where the rules allow it)
  the contract  Enter for the bid, or a higher value
  a card        KH, or KH marriage
  no cards      points Anna 70, Boris 20, Vera 30 (or score ...): the hand as a score
                sheet keeps it, ended by its points or scores
  ??            a card you did not see
The whole event is taken too: deal Anna: ..., bid Boris 110, Anna AS.""")
"""What the recorder's ``help`` says of Thousand's events (``tr(HELP)`` where it is shown)."""

_SHEET = ("points", "score")
"""A hand kept as a score sheet: its points or scores, typed instead of its cards, end it."""
_DECK = tuple(cards_text(DECK).split())


def question(table: ThousandEngine, declined: bool = False) -> Question:
    """The prompt for the next event, the KGN event an answer stands for, the legal
    choices (``declined`` plays no part in Thousand)."""
    hand = table.round
    if hand is None:
        return _deal(table)
    moves = table.legal_moves()  # the one source of what may be played
    if hand.phase == "auction":
        return _call(table, hand, moves)
    if hand.phase == "talon":
        return _talon(table, hand)
    if hand.phase == "give":
        return _give(table, hand, moves)
    if hand.phase == "contract":
        return _contract(table, hand, moves)
    return _play(table, hand, moves)


def _tally(table: ThousandEngine, hand: RoundState) -> tuple[str, tuple[str, ...]]:
    """A score sheet's points, one per player of the hand."""
    return ("points", tuple(table.players[p] for p in hand.active))


def _deal(table: ThousandEngine) -> Question:
    seats = [f"{seat_text(table.players[p])}:" for p in table.active_seats()]
    return Question(
        tr("hand {number} deal (KGN deal, or Enter if unknown)> ").format(number=table.match.number),
        lambda a: f"deal {a}" if a else "deal talon: ?? ?? ??",
        [],
        ("deal", "redeal"),
        (*seats, "talon:", *_DECK, "??"),
    )


def _call(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    names = table.players
    seat = seat_text(names[hand.turn])
    redeal = [f"redeal {seat_text(names[m.seat])}" for m in moves if isinstance(m, ClaimRedeal)]
    bids = [m for m in moves if isinstance(m, Bid) and not m.dark]
    legal = ["pass" if m.bid is None else str(m.bid) for m in bids]
    dark = ["dark"] if any(isinstance(m, Bid) and m.dark for m in moves) else []
    return Question(
        tr("{player} bids> ").format(player=names[hand.turn]),
        lambda a: f"bid {a}" if starts_with(a, seat) else f"bid {seat} {a}",
        legal,
        ("bid", "bids", "redeal"),
        (*legal, *dark, *redeal),
    )


def _talon(table: ThousandEngine, hand: RoundState) -> Question:
    h = hand.holdings
    shown = " ".join([*cards_text(h.known[POOL]).split(), *["??"] * h.unknown[POOL]])
    return Question(
        tr("talon (the 3 cards; Enter: {shown})> ").format(shown=shown),
        lambda a: f"talon {a or shown}",
        [],
        ("talon", "redeal", *_SHEET),
        (*shown.split(), *_SHEET),
        _tally(table, hand),
    )


def _give(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    names = table.players
    declarer = hand.declarer
    assert declarer is not None
    opp = [names[p] for p in hand.active if p != declarer]
    given = {c for m in moves if isinstance(m, GiveCards) for _, c in m.cards if c is not None}
    legal = cards_text(given).split()
    concede = ["concede"] if any(isinstance(m, ConcedeHand) for m in moves) else []
    unseen = ", ".join(f"{seat_text(o)} ??" for o in opp)
    return Question(
        tr("{declarer} gives ({first} CARD, {second} CARD, Enter if unseen, or concede)> ").format(
            declarer=names[declarer], first=opp[0], second=opp[1]
        ),
        lambda a: f"give {a or unseen}",
        legal,
        ("give", "concede", *_SHEET),
        (*[seat_text(o) for o in opp], *legal, "??", *concede, *_SHEET),
        _tally(table, hand),
    )


def _contract(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    values = [str(m.value) for m in moves if isinstance(m, SetContract)]
    return Question(
        tr("contract (Enter for {bid})> ").format(bid=hand.bid),
        lambda a: f"contract {a or hand.bid}",
        [],
        ("contract", *_SHEET),
        (*values, *_SHEET),
        _tally(table, hand),
    )


def _play(table: ThousandEngine, hand: RoundState, moves: list[ThousandMove]) -> Question:
    seat = table.players[hand.turn]
    plays = [m for m in moves if isinstance(m, PlayCard)]
    legal = list(dict.fromkeys(card_code(m.card) for m in plays))
    marriage = ["marriage"] if any(m.marriage for m in plays) else []
    prompt = tr("trick {number}: {player} leads> ") if not hand.plays else tr("trick {number}: {player} plays> ")
    sheet = _SHEET if hand.trick_no == 1 and not hand.plays else ()
    return Question(
        prompt.format(number=hand.trick_no, player=seat),
        lambda a: f"{seat_text(seat)} {a}",
        legal,
        (seat_text(seat), *sheet),
        (*legal, *marriage, *sheet),
        _tally(table, hand) if sheet else None,
    )
