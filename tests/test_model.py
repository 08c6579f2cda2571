"""The game model: one table interface for every game (docs/api.md).

A table is started with ``replay.new_table``, lists ``legal_moves()``, takes ``push`` and
``pop``, deals by ``random_move`` / ``chance_move``, and writes the game so far with
``record()``.  These tests play random games of every kind under random house rules and
hold the table to that contract.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import notation
import replay
from notation.errors import IllegalMoveError, KgnError
from replay import GAMES
from replay.bura import DealCards as BuraDeal
from replay.bura import DrawCard, Lay, OpenClaim, ShowCombo
from replay.checking import replay_record
from replay.games import parse_rules, random_rules
from replay.stock import StockEngine
from replay.table import POOL
from replay.thousand import Bid, GiveCards, PlayCard, SetContract, TakeTalon

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"]


def new_random_table(game: str, rng: random.Random) -> Any:
    rules = random_rules(game, rng)
    kind = GAMES[game]
    counts = kind.player_counts(parse_rules(game, rules))
    n = rng.choice(list(counts))
    if game == "bura" and "hand=4" in rules:
        n = min(n, 5)
    return replay.new_table(game, NAMES[:n], dealer=rng.randrange(n), rules=rules)


def play_out(table: Any, rng: random.Random, limit: int = 3000, deals: int = 20) -> None:
    """Random moves to the end of the game; a long one is cut after ``limit`` moves or
    ``deals`` hands or deals (to keep the tests quick: a Bura session for a pot has no end),
    or where the table says its record is full.  What was played must be a valid record."""
    for _ in range(limit):
        if table.outcome() is not None or len(table.results) >= deals:
            return
        try:
            move = table.random_move(rng)
        except IllegalMoveError as exc:
            assert exc.code == "record-limit", exc
            return
        table.push(move)


def played_tables(label: str, game: str, count: int) -> Iterator[Any]:
    """``count`` random tables of ``game``, each played out (seeded by ``label``)."""
    rng = random.Random(f"{label}-{game}")
    for _ in range(count):
        table = new_random_table(game, rng)
        play_out(table, rng)
        yield table


@pytest.mark.parametrize("game", list(GAMES))
def test_random_games_of_every_kind_validate_and_pop_back_to_the_start(game: str) -> None:
    for table in played_tables("model", game, 25):
        record = table.record()
        text = notation.dumps(record)
        report = replay.check(notation.loads(text))
        assert report.ok, (table.rules.text(), [d.format() for d in report.diagnostics][:3], text)
        moves = list(table.moves)
        final = text
        while table.moves:
            last = table.moves[-1]
            assert table.pop() is last  # the table hands back the very move pushed
        assert table.results == [] and table.phase == "deal"
        for move in moves:
            table.push(move)
        assert notation.dumps(table.record()) == final


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_that_saves_no_state_per_deal_pops_and_refuses_moves_alike(game: str) -> None:
    # The batch checker turns snapshots off (no copy of the state per deal); popping and an
    # illegal move's undoing then replay from the start, and must give the same tables.
    rng = random.Random(f"snapshots-{game}")
    for _ in range(8):
        seed = rng.random()
        saving, plain = (new_random_table(game, random.Random(seed)) for _ in range(2))
        plain.snapshots = False
        play_out(saving, random.Random(seed))
        for move in saving.moves:
            plain.push(move)
        steps = rng.randrange(1, max(2, len(saving.moves)))
        for _ in range(steps):
            assert saving.pop() == plain.pop()
        assert notation.dumps(saving.record()) == notation.dumps(plain.record())
        for _ in range(3):  # an illegal move leaves both tables as they were
            legal = saving.legal_moves()
            if not legal:
                break
            wrong = next((m for m in candidates(saving, rng) if not saving.is_legal(m)), None)
            if wrong is not None:
                with pytest.raises(IllegalMoveError):
                    plain.push(wrong)
            saving.push(legal[0])
            plain.push(legal[0])
        assert notation.dumps(saving.record()) == notation.dumps(plain.record())


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replayed_table_handed_out_without_its_final_state_saved_pops_alike(game: str) -> None:
    # replay_record(undo=False), for callers that only read the table (check, annotate,
    # the corpus tools), saves no copy of the state at the end; pop then replays more.
    rng = random.Random("undo")
    for table in played_tables("undo", game, 6):
        record = notation.loads(notation.dumps(table.record()))
        (_, saving), (_, plain) = (replay_record(record, undo=u) for u in (True, False))
        assert saving is not None and plain is not None
        assert len(saving.moves) == len(plain.moves) > 0
        for _ in range(rng.randrange(1, len(saving.moves) + 1)):
            assert saving.pop() == plain.pop()
        assert notation.dumps(saving.record()) == notation.dumps(plain.record())


@pytest.mark.parametrize("game", list(GAMES))
def test_tables_and_their_moves_copy_and_pickle(game: str) -> None:
    # Compiled (setup.py), a class whose __init__ is written out cannot be made without it;
    # copying and pickling must still give the same moves and table.  An independent copy
    # (not copy.copy, which shares the state) pops back alike and leaves the table whole.
    rng = random.Random(f"copy-{game}")
    copies = (copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x)))
    independent = (*copies[1:], lambda x: x.clone())
    for table in played_tables("copy", game, 4):
        moves = list(table.moves)
        text = notation.dumps(table.record())
        for made in copies:
            assert [made(m) for m in moves] == moves
        for made in (copy.copy, *independent):
            other = made(table)
            assert list(other.moves) == moves
            assert notation.dumps(other.record()) == text
        for made in independent:
            other = made(table)
            for k in range(rng.randrange(1, len(moves) + 1)):
                assert other.pop() == moves[-1 - k]
        assert list(table.moves) == moves and notation.dumps(table.record()) == text


@pytest.mark.parametrize("game", list(GAMES))
def test_every_listed_move_is_accepted_and_unlisted_ones_are_refused(game: str) -> None:
    rng = random.Random(f"legal-{game}")
    positions = tables = 0
    while tables < 12 or positions <= 1200:  # a short game (random play ends one soon) plays more
        tables += 1
        table = new_random_table(game, rng)
        for _ in range(400):
            if table.outcome() is not None:
                break
            moves = table.legal_moves()
            for move in moves:
                assert table.is_legal(move), (table.format_move(move), table.phase)
            for move in candidates(table, rng):
                if move not in moves:
                    assert not table.is_legal(move), (table.format_move(move), table.phase)
            positions += 1
            table.push(table.random_move(rng))
    assert positions > 1200


def candidates(table: Any, rng: random.Random) -> list[Any]:
    """Moves of the right shape for the position, legal or not, sampled."""
    seat = table.to_move
    n = len(table.players)
    cards = rng.sample(range(36), 6)
    out: list[Any] = []
    if table.game == "thousand":
        if seat is None:
            return []
        out += [Bid(seat, rng.choice([None, 100, 105, 120, 125, 300]))]
        out += [PlayCard(seat, c) for c in cards] + [PlayCard(seat, c, True) for c in cards[:2]]
        out += [PlayCard((seat + 1) % n, cards[0]), SetContract(rng.choice([100, 120, 125, 400]))]
        out += [GiveCards([((seat + 1) % n, cards[0]), ((seat + 2) % n, cards[1])])]
        return out
    if seat is None:
        return []
    if table.game == "sixtysix":
        from replay import sixtysix as ss

        out += [ss.PlayCard(seat, c) for c in cards] + [ss.PlayCard(seat, c, True) for c in cards[:2]]
        out += [ss.PlayCard(1 - seat, cards[0]), ss.Exchange(seat), ss.Close(seat), ss.Close(1 - seat)]
        out += [ss.GoOut(seat), ss.GoOut(1 - seat), ss.DrawCard(1 - seat, None), ss.DrawCard(seat, cards[0])]
        return out
    out += [Lay(seat, cards[:k]) for k in (1, 2, 3)] + [Lay(seat, [], cards[:2])]
    out += [Lay((seat + 1) % n, cards[:1]), OpenClaim((seat + 1) % n), OpenClaim(seat)]
    out += [ShowCombo(seat, "bura", cards[:3]), ShowCombo(seat, "molodka", cards[:4])]
    if table.phase == "draw":
        out += [DrawCard((seat + 1) % n, None), DrawCard(seat, cards[0])]
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_format_and_parse_move_are_inverse(game: str) -> None:
    rng = random.Random(f"kgn-{game}")
    for _ in range(6):
        table = new_random_table(game, rng)
        for _ in range(300):
            if table.outcome() is not None:
                break
            move = table.random_move(rng)
            text = table.format_move(move)
            assert table.parse_move(text) == move, text
            table.push(move)


def test_a_script_plays_thousand_with_the_public_names() -> None:
    table = replay.new_table("thousand", ["Anna", "Boris", "Vera"], dealer="Vera")
    assert table.to_move is None and table.legal_moves() == []  # the deal is due
    table.push(
        table.parse_move(
            "deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D"
            " / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS"
        )
    )
    assert table.to_move == 0 and table.format_move(table.legal_moves()[0]) == "bid Anna 100"
    for text in (
        "bid Anna 100",
        "bid Boris 110",
        "bid Vera pass",
        "bid Anna 115",
        "bid Boris pass",
    ):
        table.push(table.parse_move(text))
    assert table.phase == "talon" and table.to_move == 0
    assert table.legal_moves() == [TakeTalon([notation.parse_card(c) for c in ("9C", "JS", "TH")])]
    with pytest.raises(IllegalMoveError) as info:
        table.push(table.parse_move("Anna AS"))
    assert info.value.clause == "T4.1" and table.phase == "talon"  # refused, nothing changed
    assert replay.check(table.record()).ok


def test_bura_messages_cite_bura_clauses_and_burkozel_its_own() -> None:
    for game, prefix in (("bura", "B"), ("burkozel", "K")):
        table = replay.new_table(game, ["Oleg", "Ilya"])
        table.push(table.random_move(random.Random(3)))
        leader = table.to_move
        other = 1 - leader
        with pytest.raises(IllegalMoveError) as info:
            table.push(Lay(other, sorted(table.round.holdings.known[other])[:1]))
        assert info.value.clause is not None and info.value.clause.startswith(("B3", prefix))
        card = sorted(table.round.holdings.known[leader])[0]
        table.push(Lay(leader, [card]))
        with pytest.raises(IllegalMoveError) as info:
            table.push(Lay(other, [card]))
        assert info.value.clause == f"{prefix}4" and "deal" not in info.value.message.replace(
            "dealt", ""
        )


def test_parse_move_refuses_what_is_not_one_move() -> None:
    table = replay.new_table("thousand", ["Anna", "Boris", "Vera"])
    for text in (
        "",
        "bid Anna 100, Boris 105",
        "Gleb AS",
        "1. Anna AS -> Anna",
        "totals Anna 5",
        "bid Anna 100\nbid Boris 105",
    ):
        with pytest.raises(KgnError) as info:
            table.parse_move(text)
        assert info.value.code == "bad-move"


def test_parse_move_takes_a_card_with_its_trick_number_and_quotes_what_was_written() -> None:
    table = replay.new_table("thousand", ["Anna", "Boris", "Vera"])
    assert table.parse_move("3. Anna AS") == table.parse_move("Anna AS")
    with pytest.raises(KgnError) as info:
        table.parse_move("Anna XS")
    assert info.value.message.startswith("not a move: 'Anna XS' (")
    with pytest.raises(KgnError) as info:
        table.parse_move("   ")
    assert info.value.message == "not a move: the text is empty"


def test_table_of_a_record_is_the_table_at_its_end() -> None:
    text = open("samples/thousand/01-first-hand.kgn", encoding="utf-8").read()
    table = replay.table_of(notation.loads(text))
    assert table.results[-1].totals == {0: 120, 1: 180, 2: 0}
    table.pop()  # the last card of the hand back: the hand is open again
    assert table.round is not None and table.round.trick_no == 8
    bad = text.replace("give Boris 9S, Vera JS", "give Boris 9S, Vera QD")
    with pytest.raises(IllegalMoveError) as info:
        replay.table_of(notation.loads(bad))
    assert info.value.clause == "T4.2" and info.value.line == 15


def test_bura_deals_are_chance_moves_with_the_stock_and_the_trump() -> None:
    rng = random.Random(5)
    table = replay.new_table("bura", ["Oleg", "Mikhail", "Ilya"], rules="classic")
    deal = table.random_move(rng)
    assert isinstance(deal, BuraDeal) and deal.trump is not None and deal.stock is not None
    assert len(deal.stock) == 36 - 9 - 1 and table.legal_moves() == []
    table.push(deal)
    assert table.to_move == 1 and all(
        isinstance(m, Lay | OpenClaim | ShowCombo) for m in table.legal_moves()
    )


def test_bura_and_burkozel_diagnostics_cite_only_their_clauses_and_say_deal() -> None:
    from pathlib import Path

    root = Path(__file__).parent / "data" / "invalid"
    seen = 0
    for path in sorted(root.glob("bura/*.kgn")) + sorted(root.glob("burkozel/*.kgn")):
        try:
            games = notation.loads_all(path.read_text(encoding="utf-8"), file=str(path))
        except KgnError:
            continue  # a syntax error: no rules involved
        for game in games:
            for d in replay.check(game).diagnostics:
                if d.clause is not None:
                    assert d.clause[0] in "BK", (path.name, d.format())
                    seen += 1
                if d.round is not None:
                    assert d.round_word == "deal" and ": deal " in d.format(), d.format()
    assert seen > 40


# ---- what a table writes, KGN reads back ---------------------------------------------------


def reads_back(table: Any) -> None:
    text = notation.dumps(table.record())
    report = replay.check(notation.loads(text))
    assert report.ok, [d.format() for d in report.diagnostics][:3]


def test_a_claim_that_would_double_the_pot_past_nine_digits_is_refused_and_not_listed() -> None:
    table = replay.new_table("bura", ["Anna", "Boris"], dealer=1, pot=600_000_000)
    table.push(BuraDeal({0: [8, 16, 24], 1: [0, 1, 2]}, trump=9, stock=None))
    table.push(Lay(0, [8]))  # AS
    table.push(Lay(1, [0]))  # 6S: Anna takes it, 11 points, a claim would fail
    assert not any(isinstance(m, OpenClaim) for m in table.legal_moves())
    with pytest.raises(IllegalMoveError) as refused:
        table.push(OpenClaim(0))
    assert refused.value.code == "record-limit" and "1,200,000,000" in refused.value.message
    reads_back(table)


@pytest.mark.parametrize(
    ("game", "start"),
    [
        ("bura", {"pot": 999_999_000, "ante": 100}),
        ("bura", {"chips": [999_999_990, -999_999_990], "first_deal": 999_999_995}),
        ("burkozel", {"penalty": [0, 0], "factor": 500_000_000}),
        ("thousand", {"first_hand": 999_999_998}),
    ],
    ids=["pot", "chips-and-deal-number", "penalty-factor", "hand-number"],
)
def test_random_play_from_the_edge_of_what_kgn_writes_gives_records_that_read_back(
    game: str, start: dict[str, Any]
) -> None:
    rng = random.Random(f"edge-{game}")
    for _ in range(6):
        players = ["Anna", "Boris", "Vera"] if game == "thousand" else ["Anna", "Boris"]
        table = replay.new_table(game, players, dealer=0, **start)
        play_out(table, rng, limit=2000, deals=60)
        reads_back(table)


def test_a_session_that_never_ends_stops_where_its_record_is_full() -> None:
    # Bura for a pot has no end: random play goes on until no deal fits the record any more
    # (it would pass KGN's 40,000 items): the game ends there; what it wrote reads back.
    table = replay.new_table("bura", ["Anna", "Boris"], dealer=0)
    rng = random.Random(3)
    with pytest.raises(IllegalMoveError) as full:
        while True:
            table.push(table.random_move(rng))
    assert full.value.code == "game-over" and table.outcome() is not None
    with pytest.raises(IllegalMoveError) as refused:  # a deal pushed all the same is refused
        table.push(replay.new_table("bura", ["A", "B"], dealer=0).chance_move(rng))  # a deal made elsewhere
    assert refused.value.code in ("record-limit", "game-over")
    reads_back(table)


# ---- the API as a python-chess user meets it ---------------------------------------------------


def test_moves_show_their_cards_as_cards() -> None:
    from replay.bura import Lay as BuraLay
    from replay.cards import KH, NINE_SPADES, TH

    assert repr(PlayCard(0, KH)) == "PlayCard(seat=0, card=KH, marriage=False)"
    assert repr(BuraLay(1, [TH], [None])) == "Lay(seat=1, up=[TH], down=[??])"
    assert repr(GiveCards([(1, NINE_SPADES), (2, None)])) == "GiveCards(cards=[(1, 9S), (2, ??)])"
    table = replay.new_table("thousand", ["Anna", "Boris", "Vera"], dealer="Vera")
    deal = repr(table.random_move(random.Random(1)))
    assert deal.startswith("DealCards(hands={0: [") and "talon=[" in deal
    import re

    assert re.findall(r"[\[ ]([0-9]+)[,\]]", deal) == []  # no card shown as a number


def test_every_card_has_a_name_and_the_face_cards_a_code() -> None:
    import replay.cards as cards

    assert cards.card_name(cards.KING_HEARTS) == "king of hearts" and cards.KH == cards.KING_HEARTS
    names = [n for n in cards.__all__ if n.endswith(("_SPADES", "_CLUBS", "_DIAMONDS", "_HEARTS"))]
    assert len(names) == 36 and sorted(getattr(cards, n) for n in names) == list(range(36))
    assert all(cards.card_code(getattr(cards, code)) == code for code in ("AS", "TC", "KD", "QH", "JS"))


def test_the_recorders_answers_become_events_by_its_question_not_by_parse_move() -> None:
    """``parse_move`` reads KGN events only; what the recorder takes at a position (``100``
    for the player to bid, ``KH marriage`` for the player to lead) is turned into the
    event by the game's question, which the recorder and the phones ask."""
    table = replay.new_table("thousand", ["Anna", "Boris", "Vera"], dealer="Vera")
    kind = replay.GAMES["thousand"]

    def answered(text: str) -> object:
        event = kind.question(table).event_for(text)
        assert event is not None, text
        return table.parse_move(event)

    table.push(table.parse_move(
        "deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS"
    ))
    assert answered("100") == answered("Anna 100") == table.parse_move("bid Anna 100") == Bid(0, 100)
    with pytest.raises(KgnError) as caught:
        table.parse_move("100")
    assert caught.value.code == "bad-move"
    for text in ("100", "Boris 110", "pass", "115", "pass"):
        table.push(answered(text))
    for text in ("", "Boris 9S, Vera JS", "120"):  # the talon as dealt, the gives, the contract
        table.push(answered(text) if text else table.legal_moves()[0])
    for text in ("AS", "9S", "QS"):
        table.push(answered(text))
    from replay.cards import KH

    assert answered("KH marriage") == PlayCard(0, KH, True)
    with pytest.raises(KgnError) as bad:
        table.parse_move("KZ")
    assert bad.value.code == "bad-move"


def test_illegal_move_error_comes_from_replay_as_from_notation() -> None:
    assert replay.IllegalMoveError is IllegalMoveError and issubclass(replay.IllegalMoveError, replay.KgnError)


def test_a_table_whose_record_is_full_offers_no_move_and_says_the_game_ended() -> None:
    # Two-player Bura played at random fills a record (40,000 items) after about 680 deals:
    # then nothing is offered that push would refuse, and outcome() says the game ended.
    import random

    table = replay.new_table("bura", ["A", "B"], dealer="A")
    rng = random.Random(1)
    while table.outcome() is None:
        table.push(table.random_move(rng))  # every move offered is taken
    outcome = table.outcome()
    assert outcome is not None and outcome.result is None and len(table.results) > 600
    assert table.legal_moves() == []
    with pytest.raises(IllegalMoveError) as exc:
        table.random_move(rng)
    assert exc.value.code == "game-over"
    assert replay.check(notation.loads(notation.dumps(table.record()))).ok


def shared_containers(original: object, copied: object, path: str = "") -> list[str]:
    """The lists, sets and dicts a state object's copy shares with the original (following
    the state objects it holds, and the containers inside a dict's or list's items; a
    value such as a move is not state)."""
    import dataclasses

    if original is None or isinstance(original, int | str | tuple | bool | float):
        return []
    if isinstance(original, list | dict | set):
        found = [path] if original and original is copied else []
        if isinstance(original, dict) and isinstance(copied, dict):
            for key, value in original.items():
                found += shared_containers(value, copied.get(key), f"{path}[{key!r}]")
        elif isinstance(original, list) and isinstance(copied, list):
            for k, (a, b) in enumerate(zip(original, copied, strict=False)):
                found += shared_containers(a, b, f"{path}[{k}]")
        return found
    if not callable(getattr(original, "copy", None)):
        return []  # a value (a move, a result): nothing changes it once made
    names = [f.name for f in dataclasses.fields(original)] if dataclasses.is_dataclass(original) else [
        n for n in getattr(type(original), "__slots__", ()) if hasattr(original, n)
    ]
    found = []
    for name in names:
        if name in getattr(original, "SHARED_ON_COPY", ()):
            continue  # shared by design: set once, never changed
        found += shared_containers(getattr(original, name), getattr(copied, name, None), f"{path}.{name}")
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_the_state_pop_goes_back_to_shares_nothing_with_the_table(game: str) -> None:
    """``pop`` goes back to a copy of the state: a field a state's ``copy()`` forgot would
    share a list with the snapshot, and a later move would change the past.  Checked on
    every state object of tables stopped at random points of random games."""
    from replay.table import _copy

    rng = random.Random(f"copies-{game}")
    checked = 0
    for _ in range(6):
        table = new_random_table(game, rng)
        for _ in range(rng.randrange(5, 400)):
            if table.outcome() is not None:
                break
            table.push(table.random_move(rng))
            if rng.random() < 0.1:
                for name in table.STATE:
                    value = getattr(table, name)
                    assert shared_containers(value, _copy(value), name) == []
                    checked += 1
    assert checked > 20


STOCK_GAMES = [name for name in GAMES if issubclass(GAMES[name].table, StockEngine)]


@pytest.mark.parametrize("game", STOCK_GAMES)
def test_in_every_game_with_a_stock_the_turned_trump_card_is_drawn_last(game: str) -> None:
    """B6, S4, written once (replay.stock.StockEngine), for a record that names the cards
    drawn but not the stock's order: the turned trump card may not be drawn while the stock
    holds others, the last draw can be nothing else, and a last draw nobody saw takes it;
    the game's own draw clause is cited."""
    assert {"bura", "burkozel", "sixtysix"} <= set(STOCK_GAMES) and "thousand" not in STOCK_GAMES
    rng = random.Random(f"drawn-last-{game}")
    checked = 0
    for _ in range(20):
        table = replay.new_table(game, NAMES[:2], rules="classic")
        deal = table.chance_move(rng)
        order, deal.stock = list(deal.stock), None  # the record does not say the order
        table.push(deal)
        clause = table.CLAUSE["draw"]
        while table.round is not None and table.round.holdings.size(POOL) > 1 and table.legal_moves():
            if table.next_draw() is None:
                table.push(rng.choice(table.legal_moves()))
                continue
            seat, card = table.next_draw()
            assert card is None  # the order is not known
            with pytest.raises(IllegalMoveError) as early:
                table.push(DrawCard(seat, deal.trump))
            assert (early.value.code, early.value.clause) == ("draw-mismatch", clause)
            assert "drawn last" in early.value.message
            table.push(DrawCard(seat, order.pop(0)))
        while table.round is not None and table.next_draw() is None and table.legal_moves():
            table.push(rng.choice(table.legal_moves()))
        if table.next_draw() is None:
            continue  # the deal ended before its stock did (a claim, a bura, going out)
        seat, card = table.next_draw()
        assert card == deal.trump and not table.round.exhausted  # known: it is the last
        wrong = next(iter(table.round.holdings.known[seat]))
        with pytest.raises(IllegalMoveError) as last:
            table.push(DrawCard(seat, wrong))
        assert (last.value.code, last.value.clause) == ("draw-mismatch", clause)
        assert "is the turned trump card" in last.value.message
        table.push(DrawCard(seat, None))  # nobody saw it: it is the trump card
        assert deal.trump in table.round.holdings.known[seat] and table.round.exhausted
        checked += 1
    assert checked >= 5


START = {  # per game: its header, its first round's tag, a per-seat tag, and the setup clause
    "thousand": ('[Game "thousand"] [Players "A" "B" "C"] [Dealer "C"] [Rules "classic"]', "FirstHand", "Totals", "T1"),
    "bura": ('[Game "bura"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]', "FirstDeal", "Chips", "B1"),
    "burkozel": ('[Game "burkozel"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]', "FirstDeal", "Penalty", "K1"),
    "sixtysix": ('[Game "sixtysix"] [Players "A" "B"] [Dealer "B"] [Rules "classic"]', "FirstDeal", "Totals", "S1"),
}


def _setup_error(text: str) -> str:
    report = replay.check(notation.loads(text))
    (diag,) = report.diagnostics
    assert diag.code == "setup" and diag.line == 1
    return f"{diag.clause} {diag.message}"


@pytest.mark.parametrize("game", sorted(START))
def test_every_game_reads_its_start_tags_alike_and_says_what_is_wrong_with_them(game: str) -> None:
    """A start tag holds one number, or one per player in seat order; the first round's
    number is 1 or more; anything else is a setup error of the game's clause that says
    what the tag holds."""
    header, first, per_seat, clause = START[game]
    round_word = "hand" if game == "thousand" else "deal"
    assert _setup_error(f'{header} [{first} "0"]\n{round_word} 1\n') == (
        f"{clause} the {first} tag holds ['0'], less than 1"
    )
    assert _setup_error(f'{header} [{first} "one"]\n{round_word} 1\n') == (
        f"{clause} the {first} tag holds ['one'], not whole numbers"
    )
    assert _setup_error(f'{header} [{first} "2" "3"]\n{round_word} 1\n') == f"{clause} the {first} tag takes one number"
    players = 3 if game == "thousand" else 2
    assert _setup_error(f'{header} [{per_seat} "5"]\n{round_word} 1\n') == (
        f"{clause} the {per_seat} tag takes one value per player ({players}), in seat order"
    )
    # well formed, they set where the record starts
    numbers = " ".join(['"4"'] * players)
    table = GAMES[game].checker(notation.loads(f'{header} [{first} "7"] [{per_seat} {numbers}]\n')).header()
    assert table is not None and table.next_number() == 7 and table.start[per_seat.lower()] == [4] * players
