"""One solver for every game (replay/solve.py) and the endings it solves (replay/endings.py):
Bura and Burkozel once the stock is gone, Sixty-six's strict phase once the stock is gone."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SAMPLES
from hypothesis import given
from hypothesis import strategies as st

import notation
import replay
from notation.cards import equal_cards, parse_card, suit_no
from replay.bura import DealSearch
from replay.bura.engine import DealCards, Lay
from replay.burkozel.table import BurkozelTable
from replay.checker import Progress, Visitor
from replay.checking import replay_record
from replay.endings import analyze_game
from replay.solve import SETTLE, Solver, brute_force, child, options, searched
from replay.table import AnyTable

KOZYR = [sys.executable, "-c", "from replay.cli import main; main()"]


class _Positions(Visitor):
    """Every position of a replay's main line."""

    def __init__(self) -> None:
        self.tables: list[AnyTable] = []

    def visit_move(self, table: AnyTable, node: notation.records.Node, where: Progress) -> None:
        if not self.depth:
            self.tables.append(table.clone())


def endings(game: str, players: int, seeds: range, most: int, rules: str = "classic") -> list[AnyTable]:
    """Positions of generated games (under ``rules``) where every card is known to every
    player, with at most ``most`` cards in a hand (the brute force stays small)."""
    out = []
    kind = replay.GAMES[game]
    for seed in seeds:
        record = kind.generate(seed, rules, players, 4)
        seen = _Positions()
        replay_record(record, visitor=seen)
        for table in seen.tables:
            while (auto := table.automatic_move()) is not None:
                table.push(auto)
            if table.open_cards() and 0 < max(table.hand_sizes()) <= most:
                out.append(table)
    return out


@pytest.mark.parametrize(
    ("game", "players", "most", "rules"),
    [
        ("bura", 3, 2, "classic"), ("bura", 4, 2, "classic"), ("burkozel", 2, 3, "classic"),
        ("burkozel", 3, 2, "classic"), ("burkozel", 4, 2, "classic"), ("sixtysix", 2, 4, "classic"),
        ("burkozel", 2, 3, "classic shokha=on"),
    ],
)  # fmt: skip
def test_the_solver_equals_a_brute_force_through_the_engine(game: str, players: int, most: int, rules: str) -> None:
    """On random endings of every game, every seat's value from the solver (alpha-beta,
    positions remembered, equal cards searched once) equals the value of trying every
    choice the engine lists, with nothing remembered; under ``shokha`` too, where the six of
    spades beats every card and so is like no other card."""
    positions = endings(game, players, range(60), most, rules)
    assert len(positions) >= 8, len(positions)
    for table in positions[:: max(1, len(positions) // 8)][:8]:
        solver = Solver.at(table)
        for seat in range(len(table.players)):
            assert solver.value(table, seat) == brute_force(table, seat), (game, table.moves[-3:])


def test_under_shokha_the_six_of_spades_is_like_no_other_card() -> None:
    """Burkozel's ``shokha`` (K4): the six of spades beats every card, so it is not the
    seven's equal though both are worth nothing and lie next to each other.  In endings of
    two-player deals where one hand holds both, leading the seven is searched apart from
    the six, and the solver's values equal the brute force's (before, it searched the six
    alone and was wrong in 2 of 30 such endings)."""
    rng = random.Random(4)
    six, seven = parse_card("6S"), parse_card("7S")
    rules = BurkozelTable.RULEBOOK.parse("classic shokha=on")
    found: list[BurkozelTable] = []
    while len(found) < 30:
        table = BurkozelTable(["Anna", "Boris"], rules=rules, dealer=1)
        rest = [c for c in sorted(table.deck) if c not in (six, seven)]
        rng.shuffle(rest)
        trump = rest.pop()
        table.push(DealCards(hands={0: [six, seven, rest.pop(), rest.pop()], 1: [rest.pop() for _ in range(4)]}, trump=trump, stock=rest))
        # random play, Anna keeping both sixes and sevens, to the stock's end
        while (deal := table.round) is not None and not table.results and (deal.holdings.size(-2) or max(table.hand_sizes()) > 3):
            keeps = len(deal.holdings.known[0]) > 2
            moves = [m for m in options(table) if not (keeps and isinstance(m, Lay) and m.seat == 0 and {six, seven} & set(m.up))]
            table = child(table, rng.choice(moves))  # type: ignore[assignment]
        if (deal := table.round) is not None and not table.results and {six, seven} <= deal.holdings.known[0]:
            found.append(table)
    leads = 0
    for table in found:
        deal = table.round
        assert deal is not None
        if table.to_move == 0 and not deal.trick:
            tried = searched(table)
            assert Lay(0, [six]) in tried and Lay(0, [seven]) in tried, tried
            leads += 1
        solver = Solver.at(table)
        for seat in (0, 1):
            assert solver.value(table, seat) == brute_force(table, seat), table.moves
    assert leads >= 5, leads


def test_the_solver_equals_a_brute_force_before_the_stock_is_gone() -> None:
    """Where cards are still to be drawn (layouts, as the dark decisions search them: the
    stock's order known), the solver's values, with its positions remembered by a key that
    names how far the stock has gone and its equal cards counted with the stock, equal the
    brute force's: two-player Bura with two cards left in the stock."""
    kind = replay.GAMES["bura"]
    found: list[AnyTable] = []
    for seed in range(60):
        seen = _Positions()
        replay_record(kind.generate(seed, "classic", 2, 4), visitor=seen)
        for table in seen.tables:
            while (auto := table.automatic_move()) is not None:
                table.push(auto)
            deal = getattr(table, "round", None)
            if deal is not None and not table.results and table.cards_placed() and table.to_move is not None:
                if deal.holdings.size(-2) == 2 and max(table.hand_sizes()) <= 3:
                    found.append(table)
                    break
        if len(found) == 2:
            break
    assert len(found) == 2
    for table in found:
        solver = Solver.at(table, 10**6)
        for seat in (0, 1):
            assert solver.value(table, seat) == brute_force(table, seat), table.moves[-3:]


def test_the_solver_equals_thousands_own_double_dummy_search() -> None:
    """Thousand keeps its own search (replay/thousand/dd.py, in C where built): valued by
    the declarer's card points, the game-free solver agrees with it on the last tricks of
    generated hands."""
    from replay.thousand.analyze import position_of
    from replay.thousand.dd import PlayRules
    from replay.thousand.dd import Solver as DD

    checked = 0
    for seed in range(6):
        record = replay.GAMES["thousand"].generate(seed, "classic", 3, 2)
        seen = _Positions()
        replay_record(record, visitor=seen)
        for table in seen.tables:
            hand = table.round  # type: ignore[attr-defined]
            if hand is None or hand.phase != "play" or not 0 < max(table.hand_sizes()) <= 3:
                continue
            found = position_of(table)  # type: ignore[arg-type]
            if found is None:
                continue
            pos, _ = found
            decl = hand.declarer

            def declarer_points(t: AnyTable, seat: int, decl: int = decl) -> float:
                return float(t.results[-1].points[decl])  # type: ignore[attr-defined]

            ours = Solver(table.scores(), len(table.results), leaf=declarer_points).value(table, decl)
            theirs = DD(PlayRules.from_settings(table.settings)).value(pos) + pos.taken  # type: ignore[attr-defined]
            assert ours == theirs, (seed, table.moves[-2:])
            checked += 1
    assert checked >= 5, checked


def test_a_value_is_the_best_of_the_values_after_the_movers_choices() -> None:
    for table in endings("bura", 3, range(20), 3)[:8]:
        solver = Solver.at(table)
        mover = table.to_move
        assert mover is not None
        after = [solver.value(child(table, m), mover) for m in options(table)]
        assert solver.value(table, mover) == max(after)


def test_equal_cards_are_a_run_of_one_hand_with_equal_points() -> None:
    c = parse_card
    same = equal_cards([[c("6S"), c("7S"), c("9S"), c("KS")], [c("8S"), c("QS")], [c("AS")]])
    assert same[c("7S")] == c("6S")  # 6S and 7S: same hand, both worth 0, nothing between
    assert same[c("9S")] == c("9S")  # 8S of another hand lies between 7S and 9S
    assert same[c("KS")] == c("KS")  # K is worth 4, Q of another hand lies between
    assert same[c("8S")] == c("8S")


def test_a_card_still_in_the_stock_keeps_two_cards_of_a_hand_apart() -> None:
    """Anna holds 6S and 8S, worth nothing each.  While the 7S is still to be drawn they
    are two choices: whoever draws the 7S and leads it is beaten by the 8S, not by the 6S.
    With the 7S in Anna's own hand the three are one run, and she has one single spade lead
    to search.  While cards of the stock or of a hand are not known, no two cards count as
    the same (the unknown card might lie between them)."""
    from replay.bura.engine import DealCards, Lay
    from replay.bura.table import BuraTable

    c = parse_card

    def single_spade_leads(hand: list[str], stock_known: bool = True, boris_known: bool = True) -> list[str]:
        table = BuraTable(["Anna", "Boris"], dealer=1)
        rest = [x for x in sorted(table.deck) if x not in {c(h) for h in [*hand, "JD", "QD", "KD", "9H"]}]
        stock: list[int | None] = list(rest) if stock_known else [None] * len(rest)
        boris: list[int | None] = [c("JD"), c("QD"), c("KD")] if boris_known else [None] * 3
        table.push(DealCards(hands={0: [c(h) for h in hand], 1: boris}, trump=c("9H"), stock=stock))
        leads = table.distinct_moves(table.legal_moves())
        return sorted(notation.cards.card_code(m.up[0]) for m in leads if isinstance(m, Lay) and len(m.up) == 1 and suit_no(m.up[0]) == suit_no(c("AS")))

    assert single_spade_leads(["6S", "8S", "AC"]) == ["6S", "8S"]  # the 7S is in the stock
    assert single_spade_leads(["6S", "7S", "8S"]) == ["6S"]
    assert single_spade_leads(["6S", "7S", "AC"], stock_known=False) == ["6S", "7S"]
    assert single_spade_leads(["6S", "7S", "AC"], boris_known=False) == ["6S", "7S"]

def test_a_position_key_tells_how_far_the_stock_has_gone() -> None:
    """Two lines of one Burkozel deal reach the same hands, counts, tricks and trick number,
    but along the second its leads of two cards drew two cards more: the stock holds 12 cards
    in the first and 10 in the second, the rests of the deal differ, and so do the keys the solver
    remembers values by."""
    from replay.burkozel.table import BurkozelTable

    deal = (
        "hands Anna: AS JC AD 7D / Boris: 6C AH 9H 7H / trump: TC / stock: 7C 6H 9D QC 8S JS QD KS 6S TH "
        "6D TD AC 9C JH KC 8C 9S QS QH 8D TS KD 8H 7S KH JD"
    )
    one = (
        "Anna 7D AD, Boris down 7H 9H, Anna 7C, Boris down 6C, Anna JC, Boris down QC, Anna AS, Boris down JS, "
        "Anna 9D QD, Boris KS TH, Anna 8S, Boris down TD, Anna AC, Boris 6H"
    )
    other = (
        "Anna AD, Boris down 9H, Anna 7C, Boris 6H, Anna 7D 9D, Boris down 6C QC, Anna 8S AS, Boris JS 7H, "
        "Anna QD, Boris down KS, Anna JC AC, Boris TD TH, Anna 8C, Boris down 9S"
    )

    def play(line: str) -> AnyTable:
        table: AnyTable = BurkozelTable(["Anna", "Boris"], dealer=1)
        table.push(table.parse_move(deal))
        for move in line.split(", "):
            while (auto := table.automatic_move()) is not None:
                table.push(auto)
            table.push(table.parse_move(move))
        return table

    a, b = play(one), play(other)
    assert a.round is not None and b.round is not None
    assert [sorted(a.round.holdings.known[s]) for s in (0, 1)] == [sorted(b.round.holdings.known[s]) for s in (0, 1)]
    assert a.round.trick_no == b.round.trick_no and a.pile_points(0) == b.pile_points(0)
    assert (a.round.holdings.size(-2), b.round.holdings.size(-2)) == (12, 10)
    assert a.position_key() != b.position_key()


def test_the_turning_play_of_burkozel_deal_6_is_annas_7c_at_trick_14() -> None:
    """The ending starts at the first position without a stock (the draws the stock gives
    by themselves are made first), so the turning play is seen where it happened."""
    deals = analyze_game(notation.loads((SAMPLES / "burkozel" / "01-two-players.kgn").read_text()))
    six = deals[5]
    assert six.start == 14
    assert six.turning is not None
    assert (six.turning.trick, six.turning.seat, six.turning.play) == (14, "Anna", "7C")
    assert set(six.turning.best) == {"AS", "7C 9C TC"}
    assert "It turned at trick 14: Anna's 7C cost Anna 4" in six.summary()


def test_a_false_claim_costs_the_pot_and_a_true_one_wins_it() -> None:
    """B7.2: a claim under 31 loses the claimant the pot; values are chips (the seat's gain
    less the other's), so a false claim is worth minus the pot, a true one the pot."""
    for seed in range(40):
        record = replay.GAMES["bura"].generate(seed, "classic", 2, 3)
        seen = _Positions()
        replay_record(record, visitor=seen)
        for table in seen.tables:
            claims = [m for m in table.legal_moves() if type(m).__name__ == "OpenClaim"]
            if not claims or table.pile_points(claims[0].seat)[1]:  # type: ignore[attr-defined]
                continue  # (a face-down card nobody saw: the count is not known)
            seat = claims[0].seat
            count = table.pile_points(seat)[0]  # type: ignore[attr-defined]
            pot = table.match.pot  # type: ignore[attr-defined]
            solver = Solver.at(table)
            value = solver.value(child(table, claims[0]), seat)
            assert value == (pot if count >= 31 else -pot), (count, pot)
            if count < 31:
                return
    pytest.fail("no false claim found among the generated deals")


def test_the_choice_not_to_move_at_the_end_is_searched() -> None:
    """At the end of the cards, not claiming (Bura) or not going out (Sixty-six) is a
    choice: the solver lists it as SETTLE, and it ends the deal."""
    for table in endings("sixtysix", 2, range(30), 1):
        play = child(table, options(table)[0])
        while len(play.results) == len(table.results) and not play.settles:
            play = child(play, options(play)[0])
        if play.settles:
            assert SETTLE in options(play)
            assert len(child(play, SETTLE).results) == len(table.results) + 1
            return
    pytest.fail("no deal played to its end")


def test_cli_analyzes_every_game_with_cards_in_view_and_annotate_changes_no_move(tmp_path: Path) -> None:
    path = SAMPLES / "burkozel" / "01-two-players.kgn"
    out = subprocess.run([*KOZYR, "analyze", str(path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "deal 1: played-out. From trick 13, with every card known: Anna -4, Boris +4 penalty points." in out.stdout
    assert "claims:" not in out.stdout  # Burkozel has no claims (K5)
    ann = subprocess.run([*KOZYR, "annotate", "--analysis", str(path)], capture_output=True, text=True, timeout=300)
    assert ann.returncode == 0 and "ending solved:" in ann.stdout
    before, after = notation.loads(path.read_text()), notation.loads(ann.stdout)
    moves = lambda g: [[(a.seat, a.cards, a.down) for a in e.answers] for d in g.deals for e in d.events if e.kind == "trick"]  # noqa: E731
    assert moves(before) == moves(after)
    again = tmp_path / "a.kgn"
    again.write_text(ann.stdout)
    twice = subprocess.run([*KOZYR, "annotate", "--analysis", str(again)], capture_output=True, text=True, timeout=300)
    assert twice.stdout == ann.stdout
    six = subprocess.run([*KOZYR, "analyze", "--summary", str(SAMPLES / "sixtysix" / "03-a-false-out.kgn")], capture_output=True, text=True, timeout=300)
    assert six.returncode == 0, six.stderr
    assert "deal 3: false-out. From trick 7, with every card known: Nina -2, Semyon +2 game points." in six.stdout
    assert "It turned at trick 8: Semyon's out cost Semyon 4 (+2 to -2; TS or AS or 9D or AH kept +2)" in six.stdout


def test_the_claim_line_shows_a_false_claim_and_a_claim_at_31() -> None:
    from replay.bura.analyze import claim_line

    deals = analyze_game(notation.loads((SAMPLES / "bura" / "01-illustrative-game.kgn").read_text()), extra=claim_line)
    assert "  claims: Mikhail claims with 25: a false claim: under 31, it costs the pot" in deals[0].extra
    deals = analyze_game(notation.loads((SAMPLES / "bura" / "02-two-players.kgn").read_text()), extra=claim_line)
    assert any(c.endswith(": a claim follows") for d in deals for c in d.extra)


def test_a_large_ending_is_said_before_the_work_and_solved_from_later(monkeypatch: pytest.MonkeyPatch) -> None:
    """A six-player Bura deal searched by the game-free solver, as in a build without a
    compiler (such a deal once took 40 s and 481 MB, then was left unsolved): its ending is
    searched back from its end; one move more than it may search is said before any work on
    it, and the ending is solved from the move it reached, in a second or two."""
    monkeypatch.setattr(DealSearch, "searches", classmethod(lambda cls, table: False))
    record = replay.GAMES["bura"].generate(1, "classic claim=own-turn", 6, 1)
    start = time.process_time()
    (deal,) = analyze_game(record)[:1]
    spent = time.process_time() - start
    assert deal.later is not None and "positions one ending may search" in deal.later, deal.summary()
    assert "solved from Boris's move at trick 4 instead" in deal.later, deal.summary()
    assert deal.start == 4 and deal.values
    assert spent < 30, spent


@pytest.mark.skipif(not DealSearch.built(), reason="the package was installed without its C searches")
def test_a_six_player_ending_is_solved_from_its_start_by_the_c_search() -> None:
    """The same deal under the classic rules, which Bura's C search follows for any number
    of players: its ending is solved from its first position without a stock."""
    record = replay.GAMES["bura"].generate(1, "classic", 6, 1)
    (deal,) = analyze_game(record)[:1]
    assert deal.later is None and deal.unsolved is None and deal.start == 4, deal.summary()
    assert deal.values["Egor"] == 6 and deal.values["Anna"] == pytest.approx(-1.2), deal.summary()


@pytest.mark.skipif(not DealSearch.built(), reason="the package was installed without its C searches")
def test_an_ending_the_c_search_does_not_follow_is_solved_by_the_game_free_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where Bura's C search meets a position it does not follow (two buras to be played
    off while a trick lies on the table: it raises ValueError), the ending is solved by the
    game-free solver, with the same values: no error reaches the user."""
    record = notation.loads((SAMPLES / "burkozel" / "02-three-players.kgn").read_text())
    by_c = analyze_game(record)[2]

    def refuses(self: DealSearch, table: AnyTable, seat: int) -> float:
        raise ValueError("a position the search does not follow")

    monkeypatch.setattr(DealSearch, "value", refuses)
    free = analyze_game(record)[2]
    assert free.unsolved is None and free.start == by_c.start == 9, free.summary()
    assert free.values == pytest.approx(by_c.values), (free.summary(), by_c.summary())


# ---- in the dark: the layout sampler (replay/sample.py) ------------------------------------


class _Steps(Visitor):
    """Every position of a replay's main line with the node of the move that led to it."""

    def __init__(self) -> None:
        self.steps: list[tuple[AnyTable, notation.records.Node]] = []

    def visit_move(self, table: AnyTable, node: notation.records.Node, where: Progress) -> None:
        if not self.depth:
            self.steps.append((table.clone(), node))


@pytest.mark.parametrize(("game", "players"), [("bura", 3), ("burkozel", 2), ("burkozel", 4), ("sixtysix", 2)])
def test_a_layout_shows_the_seat_the_same_table_and_replays_legally(game: str, players: int) -> None:
    """Every layout keeps each card the seat saw where it saw it (the seat's own view of
    every position so far is the same), moves only the cards hidden from it, and replays
    every move of the round through the engine."""
    import random

    from replay.sample import Sampler, cards_seen

    checked = 0
    for seed in range(4):
        record = replay.GAMES[game].generate(seed, "classic", players, 1)
        seen = _Steps()
        replay_record(record, visitor=seen)
        steps = seen.steps
        for k in range(3, len(steps), 5):
            table = steps[k][0]
            if table.to_move is None or not table.moves or type(table.moves[-1]) is table.CHANCE:
                continue
            seat = table.players[table.to_move]
            saw = cards_seen(steps[: k + 1], seat)
            sampler = Sampler(table, saw, random.Random(seed))
            assert saw <= sampler.dealt
            for _ in range(5):
                layout = sampler.layout()
                assert layout is not None
                assert layout.move_count == table.move_count
                assert layout.view().seen_by(seat) == table.view().seen_by(seat)
                deal = layout.moves[sampler.start]
                assert sorted(layout.format_move(deal).split()) != [] and sampler.dealt == {
                    c for c in layout.format_move(deal).replace("/", " ").split() if c in sampler.dealt
                }
            checked += 1
    assert checked >= 8, checked


def test_with_nothing_hidden_the_simulation_equals_the_exact_value() -> None:
    """A seat that saw every card: each layout is the position itself, and every choice's
    value over the layouts is its exact value."""
    import random

    from replay.endings import choice_text, dark_values
    from replay.sample import Sampler

    for table in endings("sixtysix", 2, range(10), 3)[:4]:
        mover = table.to_move
        assert mover is not None
        everything = Sampler(table, set(), random.Random(1)).dealt
        values, _ = dark_values(table, mover, everything, 3, random.Random(1))
        assert values is not None
        solver = Solver.at(table)
        exact = {choice_text(table, m): solver.value(child(table, m), mover) for m in options(table)}
        assert values == {text: [value] * 3 for text, value in exact.items()}


@given(
    st.lists(st.floats(min_value=0.01, max_value=5_000), max_size=12),
    st.floats(min_value=0, max_value=200_000),
    st.integers(min_value=1, max_value=100),
)
def test_the_budget_gives_every_decision_as_many_layouts_as_it_can_and_the_rest_to_the_cheapest(
    costs: list[float], budget: float, most: int
) -> None:
    """How the budget is shared among the decisions taken on (each layout of one costing
    what its first did): never past the budget nor ``most`` layouts; each gets at least as
    many as an even share buys (the budget over the cost of one layout of each); and what
    is left buys no decision one more layout."""
    from replay.endings import _shares

    shares = _shares(costs, budget, most)
    spent = sum(c * n for c, n in zip(costs, shares, strict=True))
    assert spent <= budget + 1e-6 and all(0 <= n <= most for n in shares)
    if costs:
        even = min(most, int(budget / sum(costs)))
        assert min(shares) >= even, (shares, even)
    assert all(n == most or budget - spent < c for c, n in zip(costs, shares, strict=True))


def test_a_decision_the_budget_gives_fewer_layouts_is_judged_over_the_first_of_its_own_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the budget does not hold every layout asked for, each decision is judged over
    as many as its share buys, never fewer than the fewest: the first layouts of its own
    draw, the same values as with budget to spare, whatever the other decisions took.  The
    budget is kept.  Deals of Sixty-six from generated games, judged over 12 layouts (the
    fewest 3) with a large budget, then with a third of what they took: each decision's
    values are the same as far as both runs went (a decision may go further in the second,
    where the first spent more on the searches of decisions too large to judge)."""
    from replay import endings
    from replay.native import NativeSearch

    found: dict[tuple[object, ...], dict[str, list[float]]] = {}
    made: list[endings._Dark] = []

    def judged(values: dict[str, list[float]], chosen: str, trick: int | None, player: str, pos: object) -> object:
        found[(trick, player, chosen, pos)] = {t: v[:] for t, v in values.items()}
        return real(values, chosen, trick, player, pos)  # type: ignore[arg-type]

    class Dark(endings._Dark):
        def __init__(self, *args: object) -> None:
            super().__init__(*args)  # type: ignore[arg-type]
            made.append(self)

    real = endings._judged
    monkeypatch.setattr(endings, "_judged", judged)
    monkeypatch.setattr(endings, "_Dark", Dark)
    monkeypatch.setattr(endings, "FEWEST_LAYOUTS", 3)

    def judge(moves: endings.Moves, budget: int, seed: int) -> dict[tuple[object, ...], dict[str, list[float]]]:
        monkeypatch.setattr(endings, "DARK_NODES", budget)
        found.clear()
        made.clear()
        NativeSearch.forget()  # each run afresh: a C search keeps the positions it searched last
        endings.judge_dark(moves, 12, seed)
        assert sum(d.spent for d in made) <= budget * (1 + 1e-9)  # (sums of fractions of positions)
        return dict(found)

    fewer = compared = 0
    for seed, number in ((3, 2), (5, 3), (6, 4)):  # deals with decisions the game-free solver judges
        _, rounds, _ = endings.replayed(replay.GAMES["sixtysix"].generate(seed, "classic", 2, 1), None)
        moves = rounds[number]
        full = judge(moves, 200_000, seed)
        assert any(len(v) == 12 for values in full.values() for v in values.values())
        for key, values in judge(moves, max(1, int(sum(d.spent for d in made) / 3)), seed).items():
            n = len(values[str(key[2])])
            assert 3 <= n <= 12, key
            fewer += n < 12
            if key in full:  # the same layouts, as far as both runs went
                m = min(n, len(full[key][str(key[2])]))
                assert {t: v[:m] for t, v in values.items()} == {t: v[:m] for t, v in full[key].items()}, key
                compared += m
    assert fewer >= 2 and compared >= 30, (fewer, compared)


def test_a_deal_whose_stock_is_not_written_is_not_judged_in_the_dark() -> None:
    """samples/bura/01-illustrative-game.kgn writes the draws as they came, not the stock's
    order: no layout of its deal can be played out (a search over cards nobody placed
    would value nothing), and ``--simulate`` says so instead of judging."""
    out = subprocess.run(
        [*KOZYR, "analyze", "--hand", "1", "--simulate", "20", str(SAMPLES / "bura" / "01-illustrative-game.kgn")],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "In the dark: not judged (the record does not write the stock's order)." in out.stdout
    assert "in the dark (" not in out.stdout and "inf" not in out.stdout


def test_cli_judges_a_lead_in_the_dark() -> None:
    """``--simulate N``: deal 4 of samples/sixtysix/01-close-made-and-failed.kgn, trick 4,
    stock still there: Olga's TH is judged over layouts of what she had not seen (Ivan's
    hand and the stock's order), and AC does better beyond the interval."""
    out = subprocess.run(
        [*KOZYR, "analyze", "--hand", "4", "--simulate", "50", str(SAMPLES / "sixtysix" / "01-close-made-and-failed.kgn")],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    judged = re.search(r"In the dark: (\d+) decisions judged, (\d+) with a better choice", out.stdout)
    assert judged is not None
    # the game-free solver judges the last 4; Sixty-six's own search (where the package was
    # compiled) reaches further back, to trick 2
    assert int(judged[1]) >= 4 and int(judged[2]) >= 1, judged[0]
    line = next(x for x in out.stdout.splitlines() if "Olga TH in the dark (50 layouts)" in x)
    assert "; AC expects +2" in line
    ann = subprocess.run(
        [*KOZYR, "annotate", "--analysis", "--simulate", "50", str(SAMPLES / "sixtysix" / "01-close-made-and-failed.kgn")],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert ann.returncode == 0 and "TH ? {simulation, 50 layouts: AC expects +2" in ann.stdout
