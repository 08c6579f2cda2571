"""``kozyr analyze --simulate N``: decisions judged over layouts of the cards their makers
had not seen (replay/thousand/simulate.py)."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import SAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

import notation
from replay.thousand.analyze import collect_hands, solve_hand
from replay.thousand.dd import PlayRules, Position, Solver
from replay.thousand.simulate import (
    _DECK24,
    Auction,
    HandSetup,
    chunk_seed,
    deal_unseen,
    merge,
    simulate_chunk,
    simulate_hand,
)

KOZYR = [sys.executable, "-c", "from replay.cli import main; main()"]


@pytest.fixture
def c_search() -> None:
    """The simulations below solve thousands of layouts: they run on the C search (built
    with the compiled package: CI's second run, where it must be there)."""
    from replay.thousand import dd

    if dd._NativeSearch is None:
        import replay.table

        if replay.table.__file__.endswith(".so"):
            pytest.fail("the package is compiled but replay/thousand/ddsearch is not built")
        pytest.skip("the simulation runs on the C search, built with the compiled package")
FIRST = SAMPLES / "thousand" / "01-first-hand.kgn"


@settings(max_examples=3000, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 23), min_size=0, max_size=24, unique=True), st.integers(0, 3))
def test_a_layout_deals_only_unseen_cards_each_place_its_number(seed: int, seen: list[int], cut: int) -> None:
    """Whatever a seat has seen stays where it saw it: a layout deals exactly the unseen
    cards, each once, each place its size."""
    deck = [c for c in range(36) if _DECK24 >> c & 1]
    known = sum(1 << deck[i] for i in seen)
    unseen = _DECK24 & ~known
    n = unseen.bit_count()
    sizes = [n // 3, n // 3, n - 2 * (n // 3)] if cut else [n]
    out = deal_unseen(random.Random(seed), unseen, sizes)
    assert [m.bit_count() for m in out] == sizes
    union = 0
    for m in out:
        assert m & known == 0  # no layout gives anyone a card the seat knows is elsewhere
        assert union & m == 0
        union |= m
    assert union == unseen


class _Recorder:
    """A stand-in for the solver that keeps every position the simulation asks about (and
    answers at random, so a call's ladder climbs)."""

    made: ClassVar[list[_Recorder]] = []

    def __init__(self, rules: PlayRules) -> None:
        self.rules = rules
        self.asked: list[tuple[str, Position]] = []
        self.rng = random.Random(len(_Recorder.made))
        _Recorder.made.append(self)

    def exceeds(self, pos: Position, points: int) -> bool:
        self.asked.append(("exceeds", pos))
        return self.rng.random() < 0.5

    def total(self, pos: Position, above: int | None = None) -> int:
        self.asked.append(("total", pos))
        return self.rng.randrange(0, 200)

    def best_line(self, pos: Position) -> list[object]:
        self.asked.append(("line", pos))
        return []


def test_every_position_of_every_decision_keeps_what_its_maker_knew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the decisions of many generated hands, every position the simulation solves
    deals the 24 cards once each, 8 a seat, and keeps what the seat deciding had seen: a
    caller's seven cards stay his (but the two he gives, when his call makes him the
    declarer), the declarer's ten cards stay his (but one given to each opponent), and at
    the contract his eight cards are his and the two he gave are where he gave them."""
    from replay.thousand import generate_thousand
    from replay.thousand import simulate as sim

    monkeypatch.setattr(sim, "Solver", _Recorder)
    positions = hands = defending = 0
    for game_seed in range(12):
        plays, _, _ = collect_hands(generate_thousand(seed=game_seed, max_hands=4))
        for hp in plays:
            if hp.skipped is not None or hp.given is None or hp.start is None or hp.auction is None:
                continue
            hands += 1
            g1, g2 = hp.given
            ten = hp.start[0] | 1 << g1 | 1 << g2
            a = hp.auction
            _Recorder.made = []
            sim.simulate_chunk(HandSetup(hp.players, hp.contract, hp.rules, ten, (g1, g2), a), 4, game_seed)
            # one set of layouts per caller and what he knew of the others' cards (their bids
            # over 120) when he called
            known = {(c.seat, tuple(sorted((s, b) for s, b in c.shown.items() if b > 120))): c.seat for _, c in sim._calls(a)}
            callers = list(known.values())
            *bidding, playing = _Recorder.made
            assert len(bidding) == len(callers)
            for solver, seat in [*zip(bidding, callers, strict=True), (playing, hp.players[0])]:
                own = a.dealt[seat] if solver is not playing else ten
                for method, pos in solver.asked:
                    h0, h1, h2 = pos.hands
                    assert h0 | h1 | h2 == _DECK24 and not (h0 & h1 or h0 & h2 or h1 & h2)
                    assert [h.bit_count() for h in pos.hands] == [8, 8, 8] and not pos.trick
                    if (own & ~h0).bit_count() <= 2:  # he declares: his cards but two he gave
                        assert (own & h1).bit_count() <= 1 and (own & h2).bit_count() <= 1
                    else:  # another declares: every card of his is in his own hand
                        assert solver is not playing and (own & ~h1 == 0 or own & ~h2 == 0)
                        defending += 1
                    if solver is playing:
                        assert h0 & ~ten == 0  # the declarer holds only his ten cards
                        if method == "total":  # the contract: the give is known
                            assert h0 == ten & ~(1 << g1) & ~(1 << g2) and h1 >> g1 & 1 and h2 >> g2 & 1
                    positions += 1
            layouts = {pos.hands[1] & ~ten for method, pos in playing.asked if method == "total"}
            assert len(layouts) > 1  # the unseen cards are dealt afresh for each layout
    assert hands >= 20 and positions >= 10_000 and defending >= 1_000


def test_the_layouts_of_a_seed_are_the_same_and_of_another_seed_not() -> None:
    unseen = _DECK24 & ~((1 << 10) - 1)
    a = [deal_unseen(random.Random(chunk_seed(1, 3, k)), unseen, [9, 9]) for k in range(4)]
    b = [deal_unseen(random.Random(chunk_seed(1, 3, k)), unseen, [9, 9]) for k in range(4)]
    c = [deal_unseen(random.Random(chunk_seed(2, 3, k)), unseen, [9, 9]) for k in range(4)]
    assert a == b and a != c


def first_hand() -> tuple[object, ...]:
    plays, report, _ = collect_hands(notation.loads(FIRST.read_text()))
    hp = plays[0]
    assert report.ok and hp.start is not None and hp.given is not None and hp.auction is not None
    return hp, hp.start, hp.given


def test_the_auction_is_collected_with_the_calls_open_at_each_call() -> None:
    hp, _start, _gv = first_hand()
    a = hp.auction  # type: ignore[attr-defined]
    assert isinstance(a, Auction)
    assert [(s, b) for s, b, _ in a.calls] == [("Anna", 100), ("Boris", 110), ("Vera", None), ("Anna", 115), ("Boris", None)]
    assert a.calls[0][2][0] == 100 and None not in a.calls[0][2]  # the first caller may not pass
    assert a.calls[1][2][:3] == [None, 105, 110]
    assert a.contracts[0] == 115 and 120 in a.contracts
    assert set(a.dealt) == {"Anna", "Boris", "Vera"} and all(m.bit_count() == 7 for m in a.dealt.values())
    assert a.concede is None  # classic: conceding is not allowed


def test_with_nothing_hidden_the_simulation_is_the_double_dummy_value(c_search: None) -> None:
    """With every card known (the seat's own view is the whole deal), every layout is the
    deal itself: the contract's candidates make it exactly when the double-dummy value
    reaches them."""
    hp, start, (g1, g2) = first_hand()
    rules = hp.rules  # type: ignore[attr-defined]
    ten = start[0] | 1 << g1 | 1 << g2  # type: ignore[index]
    value = Solver(rules).total(Position((start[0], start[1], start[2]), 0, 0))  # type: ignore[index]
    # the defenders' cards as the only layout there is: deal_unseen of nothing hidden
    assert deal_unseen(random.Random(0), 0, [0, 0]) == [0, 0]
    setup = HandSetup(["Anna", "Boris", "Vera"], 120, rules, ten, (g1, g2))
    out = simulate_chunk(setup, 3, 1)
    kind, _seat, chosen, _scores, _made, _ = out.decisions[-1]
    assert kind == "contract" and chosen == "120"
    # over random layouts the played deal is one of many; here the played deal alone:
    from replay.thousand import simulate as sim

    real = [start[1] & ~(1 << g1), start[2] & ~(1 << g2)]  # type: ignore[index]
    original = sim.deal_unseen
    sim.deal_unseen = lambda rng, unseen, sizes: list(real) if sizes == [7, 7] else original(rng, unseen, sizes)  # type: ignore[assignment]
    try:
        decisions = simulate_hand(setup, 10, 1)
    finally:
        sim.deal_unseen = original
    contract = next(d for d in decisions if d.kind == "contract")
    for c in contract.candidates:
        assert c.made == (1.0 if value >= int(c.choice) else 0.0)
        assert c.score == (int(c.choice) if value >= int(c.choice) else -int(c.choice))
        assert c.low == c.high == c.score  # nothing hidden: no spread
    give = next(d for d in decisions if d.kind == "give")
    for c in give.candidates:
        a_, b_ = (notation.cards.parse_card(x.split()[1].rstrip(",")) for x in c.choice.split(", "))
        pos = Position((ten & ~(1 << a_) & ~(1 << b_), real[0] | 1 << a_, real[1] | 1 << b_), 0, 0)
        assert c.made == (1.0 if Solver(rules).total(pos) >= 120 else 0.0)


def test_merging_chunks_is_the_same_as_one_run_and_the_best_is_the_highest_expectation(c_search: None) -> None:
    hp, start, (g1, g2) = first_hand()
    setup = HandSetup(["Anna", "Boris", "Vera"], 120, hp.rules, start[0] | 1 << g1 | 1 << g2, (g1, g2), hp.auction)  # type: ignore[attr-defined,index]
    whole = simulate_hand(setup, 30, 7, 1)
    parts = [simulate_chunk(setup, size, chunk_seed(7, 1, k)) for k, size in enumerate([25, 5])]
    again = merge(parts)
    assert [(d.kind, d.best, [c.score for c in d.candidates]) for d in whole] == [
        (d.kind, d.best, [c.score for c in d.candidates]) for d in again
    ]
    for d in whole:
        assert d.layouts == 30
        assert max(c.score for c in d.candidates) == next(c.score for c in d.candidates if c.choice == d.best)
        chosen = next(c for c in d.candidates if c.choice == d.chosen)
        best = next(c for c in d.candidates if c.choice == d.best)
        assert abs(d.margin - (best.score - chosen.score)) < 1e-9
        assert d.margin_low <= d.margin <= d.margin_high


def test_cli_simulate_text_json_seed_and_jobs(tmp_path: Path, c_search: None) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*KOZYR, "analyze", str(FIRST), "--simulate", "10", *args], capture_output=True, text=True, timeout=300)

    text = run()
    assert text.returncode == 0, text.stderr
    assert "decisions, over the cards their makers had not seen (10 layouts each):" in text.stdout
    assert "give of Anna: Boris 9S, Vera JS" in text.stdout and "<- played" in text.stdout
    one, two, other = run("--format", "json", "--seed", "3"), run("--format", "json", "--seed", "3", "--jobs", "2"), run("--format", "json", "--seed", "4")

    def numbers(out: str) -> list[object]:
        hands = json.loads(out)[0]["hands"]
        return [[(d["kind"], d["best"], [c["score"] for c in d["candidates"]]) for d in h["decisions"]] for h in hands]

    assert numbers(one.stdout) == numbers(two.stdout)  # the same seed, on one process or two
    assert numbers(one.stdout) != numbers(other.stdout)
    d = json.loads(one.stdout)[0]["hands"][0]["decisions"][0]
    assert set(d) >= {"kind", "seat", "chosen", "candidates", "best", "margin", "margin_low", "margin_high", "layouts"}
    assert set(d["candidates"][0]) == {"choice", "made", "score", "low", "high"}
    bad = subprocess.run([*KOZYR, "analyze", str(FIRST), "--simulate", "0"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_a_plain_python_search_gives_the_same_decisions(c_search: None) -> None:
    """The simulation through the Python search and through the C search (where built)."""
    hp, start, (g1, g2) = first_hand()
    from replay.thousand import dd

    setup = HandSetup(["Anna", "Boris", "Vera"], 120, hp.rules, start[0] | 1 << g1 | 1 << g2, (g1, g2))  # type: ignore[attr-defined,index]
    fast = simulate_chunk(setup, 1, 5)
    native = dd._NativeSearch
    dd._NativeSearch = None
    try:
        slow = simulate_chunk(setup, 1, 5)
    finally:
        dd._NativeSearch = native
    assert [x[3] for x in fast.decisions] == [x[3] for x in slow.decisions]
    _ = PlayRules  # the rules come from the record


def test_annotate_simulate_comments_the_decisions_with_better_choices_and_changes_no_move(tmp_path: Path, c_search: None) -> None:
    once = subprocess.run([*KOZYR, "annotate", "--analysis", "--simulate", "10", str(FIRST)], capture_output=True, text=True, timeout=300)
    assert once.returncode == 0, once.stderr
    again_file = tmp_path / "once.kgn"
    again_file.write_text(once.stdout)
    twice = subprocess.run([*KOZYR, "annotate", "--analysis", "--simulate", "10", str(again_file)], capture_output=True, text=True, timeout=300)
    assert twice.stdout == once.stdout  # run twice: the same text
    before, after = notation.loads(FIRST.read_text()), notation.loads(once.stdout)
    hb, ha = before.hands[0], after.hands[0]
    assert [(c.seat, c.bid) for c in hb.auction] == [(c.seat, c.bid) for c in ha.auction]
    assert [[(p.seat, p.card) for p in t.plays] for t in hb.tricks] == [[(p.seat, p.card) for p in t.plays] for t in ha.tricks]
    assert "simulation, 10 layouts:" in once.stdout
    # a comment only where the best beat the choice by more than the interval
    from replay.thousand.analyze import analyze_game  # noqa: F401

    usage = subprocess.run([*KOZYR, "annotate", "--simulate", "25", str(FIRST)], capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2 and "--simulate goes with --analysis" in usage.stderr


CONCEDED = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "classic concede=pagat"]
[Result "*"]

hand 1
  deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS
  bid Anna 100, Boris 110, Vera pass, Anna 115, Boris pass
  talon TH 9C JS
  concede
  score Anna 0, Boris +60, Vera +60
  totals Anna 0, Boris 60, Vera 60
"""


def test_conceding_is_judged_with_the_gives_where_the_rules_allow_it(c_search: None) -> None:
    """concede=half in the sample: giving up scores minus the bid (the golden round's
    doubling aside); it is one more candidate of the gives, and a hand its declarer gave
    up is judged too, against his bid, with no contract to set."""
    plays, report, _ = collect_hands(notation.loads((SAMPLES / "thousand" / "09-house-rules.kgn").read_text()))
    assert report.ok
    by = {hp.number: hp for hp in plays}
    golden, played, given_up = by[1], by[4], by[8]
    assert golden.skipped == given_up.skipped == "conceded" and played.skipped is None
    assert golden.auction is not None and golden.auction.concede == -120  # -240 on the sheet: doubled
    assert given_up.auction is not None and given_up.auction.concede == -100
    assert played.auction is not None and played.auction.concede == -100
    out = solve_hand(given_up, simulate=10)
    assert out.declarer == "Anna" and out.contract == 100
    assert out.summary() == "hand 8: Anna conceded 100 after taking the talon (no card was played)."
    assert [d.kind for d in out.decisions] == ["bid", "bid", "bid", "give"]
    give = out.decisions[-1]
    assert give.chosen == "concede" and len(give.candidates) == 91
    concede = next(c for c in give.candidates if c.choice == "concede")
    assert concede.score == -100 and concede.made == 0 and concede.low == concede.high == -100
    assert all(c.score >= -100 for c in give.candidates)  # a give loses the bid at worst
    g4 = next(d for d in solve_hand(played, simulate=10).decisions if d.kind == "give")
    assert g4.chosen == "Anna 9C, Boris 9H" and "concede" in {c.choice for c in g4.candidates}


def test_a_concession_that_threw_a_made_contract_away_is_commented(tmp_path: Path, c_search: None) -> None:
    """pagat: conceding scores 0; Anna's ten cards make 115 in every layout."""
    src = tmp_path / "conceded.kgn"
    src.write_text(CONCEDED)
    out = subprocess.run([*KOZYR, "annotate", "--analysis", "--simulate", "10", str(src)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.strip().startswith("concede"))
    assert line.startswith("  concede {simulation, 10 layouts: ") and "concede +0 (made 0%)" in line
    assert "expects +115 (made 100%)" in line
    text = subprocess.run([*KOZYR, "analyze", str(src), "--simulate", "10"], capture_output=True, text=True, timeout=300)
    assert text.returncode == 0, text.stderr
    assert "hand 1: Anna conceded 115 after taking the talon" in text.stdout
    assert "give of Anna: concede; best " in text.stdout and "by +115.0 points" in text.stdout


def test_a_forced_pass_is_no_decision(c_search: None) -> None:
    """A caller with nothing open to him but a pass (no bid within his cap) made no choice:
    the simulation leaves that call out, and judges the others."""
    import dataclasses

    hp, start, (g1, g2) = first_hand()
    a = hp.auction  # type: ignore[attr-defined]
    forced = dataclasses.replace(a, calls=[(s, b, [None] if s == "Vera" else legal) for s, b, legal in a.calls])
    setup = HandSetup(["Anna", "Boris", "Vera"], 120, hp.rules, start[0] | 1 << g1 | 1 << g2, (g1, g2), a)  # type: ignore[attr-defined,index]
    free = [(d.kind, d.seat) for d in simulate_hand(setup, 5, 1)]
    without = [(d.kind, d.seat) for d in simulate_hand(dataclasses.replace(setup, auction=forced), 5, 1)]
    assert ("bid", "Vera") in free and ("bid", "Vera") not in without
    assert [x for x in free if x != ("bid", "Vera")] == without


# -- the auction as it is played (docs/analysis.md) ------------------------------------------


def _auction_where(calls: list[tuple[str, int | None]]) -> Auction:
    """The first sample hand's cards with another auction: ``calls`` (caller, bid or None),
    each with the calls open to it as the rules give them (a pass always, but the first)."""
    hp, _start, _gv = first_hand()
    real = hp.auction  # type: ignore[attr-defined]
    out = Auction(real.order, real.dealt, real.talon)
    high = 0
    for k, (seat, bid) in enumerate(calls):
        legal: list[int | None] = ([] if k == 0 else [None]) + list(range(max(100, high + 5), 125, 5))
        out.calls.append((seat, bid, legal))
        high = max(high, bid or 0)
    return out


def test_t7_3_rounds_an_opponents_points_to_five() -> None:
    assert [sim_hand_score(p) for p in (0, 17, 18, 20, 41, 43, 120)] == [0, 15, 20, 20, 40, 45, 120]


def sim_hand_score(points: int) -> int:
    from replay.thousand.simulate import hand_score

    return hand_score(points)


def test_a_line_of_best_play_gives_the_declarer_his_double_dummy_total(c_search: None) -> None:
    """Along the line the defenders' share is read from, the declarer takes exactly his
    double-dummy total, and the three seats together hold the 120 card points and every
    marriage declared on the way."""
    from replay.thousand.dd import legal_moves, marriage_value, play
    from replay.thousand.simulate import line_points

    rng = random.Random(5)
    rules = PlayRules()
    solver = Solver(rules)
    for _ in range(25):
        hands = deal_unseen(rng, _DECK24, [8, 8, 8])
        pos = Position((hands[0], hands[1], hands[2]), 0, 0)
        points = line_points(solver, pos)
        assert points[0] == solver.total(pos)
        declared, at = 0, pos
        for move in solver.best_line(pos):
            assert move in legal_moves(at, rules)
            if move.marriage:
                declared += marriage_value(rules, at.hands[at.turn], move.card, at.first_trick)
            at = play(at, move, rules)
        assert sum(points) == 120 + declared


def test_a_jump_bid_never_beats_the_lower_bid_that_wins_the_same_auction(c_search: None) -> None:
    """When the others pass at once, every bid of the opener (Vera, whose cards make 100 in
    some layouts only) wins the auction: in every
    layout a lower bid is worth at least as much as a higher one (he sets the best
    contract his cards reach either way, and the higher only risks more)."""
    from replay.thousand.simulate import Outcomes, _bids

    hp, _start, _gv = first_hand()
    auction = _auction_where([("Vera", 100), ("Anna", None), ("Boris", None)])
    out = Outcomes([], [])
    _bids(auction, hp.rules, 40, random.Random(3), out)  # type: ignore[attr-defined]
    kind, seat, chosen, scores, _made, at = out.decisions[0]
    assert (kind, seat, chosen, at) == ("bid", "Vera", "100", 0)
    bids = sorted(int(c) for c in scores)
    assert bids == [100, 105, 110, 115, 120]
    for low, high in itertools.pairwise(bids):
        assert all(a >= b for a, b in zip(scores[str(low)], scores[str(high)], strict=True))
    assert any(a > b for a, b in zip(scores["100"], scores["120"], strict=True))  # it can cost


def test_a_pass_is_the_passers_score_as_an_opponent_in_each_layout(c_search: None) -> None:
    """A pass is worth what the passer then scores as an opponent (T7.3), layout by layout:
    here Boris, who passes over Anna's 100 when Vera passes too, defends against Anna; a
    bid of his below the 110 Vera goes to is overcalled and worth the same as the pass."""
    from replay.thousand import simulate as sim

    hp, _start, _gv = first_hand()
    rules = hp.rules  # type: ignore[attr-defined]
    auction = _auction_where([("Anna", 100), ("Boris", None), ("Vera", None)])
    out = sim.Outcomes([], [])
    sim._bids(auction, rules, 30, random.Random(11), out)
    _, seat, _, scores, _, at = out.decisions[1]
    assert (seat, at) == ("Boris", 1)
    # the same layouts again, and the passer's score in each, computed on its own
    rng = random.Random(11)
    for _ in range(30):  # Anna's layouts come first from the same generator
        sim._layout(rng, sim._calls(auction)[0][1], auction.dealt["Anna"], auction.order, rules)
    call = sim._calls(auction)[1][1]
    solver = Solver(rules)
    expected = []
    for _ in range(30):
        talon, hands = sim._layout(rng, call, auction.dealt["Boris"], auction.order, rules)
        expected.append(float(sim.defender_points(solver, "Anna", "Boris", hands, talon, auction.order)))
    assert scores["pass"] == expected
    assert all(v % 5 == 0 and 0 <= v <= 220 for v in expected) and len(set(expected)) > 1
    decision = sim.merge([out])[1]
    mean = next(c.score for c in decision.candidates if c.choice == "pass")
    assert abs(mean - sum(expected) / len(expected)) < 1e-9
    # Vera goes on to 110 over Anna's 100: Boris's 105 is overcalled (he defends against
    # Vera, as after his pass); his 110 is not (Vera stops at 110), and wins him the talon
    auction = _auction_where([("Anna", 100), ("Boris", None), ("Vera", 110), ("Anna", None)])
    out = sim.Outcomes([], [])
    sim._bids(auction, rules, 10, random.Random(2), out)
    _, seat, _, scores, made, _ = out.decisions[1]
    assert seat == "Boris" and scores["105"] == scores["pass"] != scores["110"]
    assert not any(made["105"]) and all(v == (110 if m else -110) or (m and v > 110) for v, m in zip(scores["110"], made["110"], strict=True))


def test_the_layouts_hold_the_marriages_a_bid_over_120_proves() -> None:
    """T3.3: Vera's 140 before Anna's call shows a marriage in Vera's seven cards; every
    layout behind Anna's call gives her one (unconstrained, many layouts would not)."""
    from replay.thousand import simulate as sim

    hp, _start, _gv = first_hand()
    rules = hp.rules  # type: ignore[attr-defined]
    auction = _auction_where([("Anna", 100), ("Boris", None), ("Vera", 140)])
    auction.calls.append(("Anna", None, [None, 145]))
    call = next(c for at, c in sim._calls(auction) if at == 3)
    assert call.shown == {"Vera": 140}
    rng = random.Random(1)
    for _ in range(300):
        _talon, hands = sim._layout(rng, call, auction.dealt["Anna"], auction.order, rules)
        assert sim.marriages_held(hands["Vera"], rules) >= 20
    free = [deal_unseen(rng, _DECK24 & ~auction.dealt["Anna"], [3, 7, 7]) for _ in range(300)]
    assert sum(sim.marriages_held(h, rules) == 0 for _, h, _ in free) > 100


def test_the_auction_played_on_from_each_call_made_ends_as_the_record_does() -> None:
    """Each player going on as far as he did in the record, one step at a time: from every
    call actually made, the auction ends with the record's declarer (the one who bid the
    highest), at a bid no higher than his; Boris's 100 in hand 4 of ``generate thousand
    --seed 1`` (Vera goes to 120, Anna to 135 with her hearts marriage, Boris to 130) is
    won by Anna at 135."""
    from replay.thousand import generate_thousand
    from replay.thousand import simulate as sim

    checked = 0
    for game_seed in range(8):
        plays, _, _ = collect_hands(generate_thousand(seed=game_seed, max_hands=4))
        for hp in plays:
            a = hp.auction
            if a is None or hp.skipped is not None or len(a.order) != 3:
                continue
            final = max(b or 0 for _, b, _ in a.calls)
            for at, call in sim._calls(a):
                reach = {s: call.limits.get(s, 0) for s in call.active}
                declarer, bid = sim._outcome(call, reach, a.order, a.calls[at][1], 5)
                assert declarer == hp.players[0] and bid <= final, (game_seed, hp.number, at)
                checked += 1
    assert checked >= 40
    plays, _, _ = collect_hands(generate_thousand(seed=1))
    hp = next(h for h in plays if h.number == 4)
    assert hp.auction is not None
    at, call = sim._calls(hp.auction)[0]
    assert (at, call.seat, call.own_limit) == (0, "Boris", 130)
    assert sim._outcome(call, {"Vera": 120, "Anna": 135}, hp.auction.order, 100, 5) == ("Anna", 135)
    # without her marriage in a layout, Anna stops at 120 and Boris takes it at 125
    assert sim._outcome(call, {"Vera": 120, "Anna": 120}, hp.auction.order, 100, 5) == ("Boris", 125)
    # one step of 5 more, and the steps fall so that Boris is the one to reach 120 first
    assert sim._outcome(call, {"Vera": 120, "Anna": 120}, hp.auction.order, 105, 5) == ("Boris", 120)


# -- the play in the dark (single dummy) -------------------------------------------------------


def _played_hands(seed_range: range) -> list[object]:
    from replay.thousand import generate_thousand

    out = []
    for game_seed in seed_range:
        plays, _, _ = collect_hands(generate_thousand(seed=game_seed, max_hands=3))
        out += [hp for hp in plays if hp.skipped is None and hp.start is not None and hp.given is not None and len(hp.plays) == 24]
    return out


def test_the_layouts_of_a_card_keep_what_the_table_showed(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every card judged in the dark, every layout deals the other two players exactly
    the cards the player could not see, each his number of them; no card of a suit he
    failed to follow (worked out here from the record, trick by trick); the declarer's two
    given cards where he gave them (in the declarer's layouts); and, once a marriage is
    declared, its other card with the one who declared it until he plays it."""
    from replay.thousand import simulate as sim
    from replay.thousand.analyze import _setup

    real = sim._deal_rest
    expect: list[tuple[list[set[int]], list[int], dict[int, int]]] = []
    checked = 0

    def watched(rng, pos, seat, seen, fixed, talon):  # type: ignore[no-untyped-def]
        nonlocal checked
        got = real(rng, pos, seat, seen, fixed, talon)
        assert got is not None
        k = 24 - sum(h.bit_count() for h in pos.hands)  # the cards played so far
        voids, holds, gives = expect[k]
        others = [o for o in range(3) if o != seat]
        assert got[seat] == pos.hands[seat]
        assert got[others[0]] | got[others[1]] == pos.hands[others[0]] | pos.hands[others[1]]
        assert not got[others[0]] & got[others[1]]
        for o in others:
            assert got[o].bit_count() == pos.hands[o].bit_count()
            for suit in voids[o]:
                assert not got[o] >> (9 * suit) & 0x1FF, (k, o, suit)
            assert got[o] & holds[o] == holds[o]
            if seat == 0:
                assert got[o] & gives.get(o, 0) == gives.get(o, 0)
        checked += 1
        return got

    monkeypatch.setattr(sim, "_deal_rest", watched)
    monkeypatch.setattr(sim, "Solver", _Recorder)
    hands = 0
    for hp in _played_hands(range(4)):
        hands += 1
        voids: list[set[int]] = [set(), set(), set()]
        holds = [0, 0, 0]
        expect.clear()
        g1, g2 = hp.given
        played = 0
        for k, (seat, card, marriage, _, _) in enumerate(hp.plays):
            gives = {o: g for o, g in ((1, g1), (2, g2)) if not played >> g & 1}
            expect.append(([set(v) for v in voids], list(holds), {o: 1 << g for o, g in gives.items()}))
            led = hp.plays[k - k % 3][1] // 9
            if k % 3 and card // 9 != led:
                voids[seat].add(led)
            if marriage and card % 9 in (5, 6):  # a queen or a king declared: the other is held
                holds[seat] |= 1 << (card + 1 if card % 9 == 5 else card - 1)
            holds[seat] &= ~(1 << card)
            played |= 1 << card
        sim._cards(_setup(hp), 3, random.Random(hp.number), sim.Outcomes([], []))
    assert hands >= 5 and checked >= 500


def test_with_nothing_hidden_a_card_is_worth_its_double_dummy_value(monkeypatch: pytest.MonkeyPatch, c_search: None) -> None:
    """Dealt as the cards really lay, every layout is the deal itself: each legal card is
    worth +contract to the declarer exactly when the double-dummy total after it reaches
    the contract (and the opposite to a defender), in every layout alike."""
    from replay.thousand import simulate as sim
    from replay.thousand.analyze import _setup
    from replay.thousand.dd import Move, legal_moves, play

    monkeypatch.setattr(sim, "_deal_rest", lambda rng, pos, seat, seen, fixed, talon: pos.hands)
    hp = _played_hands(range(2))[0]
    setup = _setup(hp)
    out = sim.Outcomes([], [])
    sim._cards(setup, 2, random.Random(0), out)
    solver = Solver(setup.rules)
    pos = Position(setup.start, 0, 0)
    judged = {at: (seat, chosen, scores) for _, seat, chosen, scores, _, at in out.decisions}
    assert len(judged) >= 8
    for k, (seat, card, marriage) in enumerate(setup.plays):
        if k in judged:
            name, chosen, scores = judged[k]
            assert name == setup.players[seat] and chosen == str(Move(card, marriage))
            for m in legal_moves(pos, setup.rules):
                makes = solver.total(play(pos, m, setup.rules)) >= setup.contract
                value = setup.contract if makes else -setup.contract
                assert scores[str(m)] == [float(value if seat == 0 else -value)] * 2
        pos = play(pos, Move(card, marriage), setup.rules)


def test_a_call_or_card_is_marked_for_ten_points_with_the_layouts_disagreeing() -> None:
    """The marks of the worked hands: Anna's AH (+35, 95%: +22.9 to +47.1) and Vera's JH
    (+10, 95%: +3.2 to +16.8) are mistakes; Anna's 9C (+5, 95%: +0.1 to +9.9) is not (one
    layout in a hundred), nor a call whose margin is the same in every layout."""
    from replay.thousand.simulate import Decision

    def decision(kind: str, margin: float, low: float, high: float) -> Decision:
        return Decision(kind, "Anna", "a", [], "b", margin, low, high, 200)

    assert decision("card", 35.0, 22.9, 47.1).mistaken
    assert decision("card", 10.0, 3.2, 16.8).mistaken
    assert not decision("card", 5.0, 0.1, 9.9).mistaken
    assert not decision("bid", 10.0, 10.0, 10.0).mistaken  # the same in every layout
    assert not decision("bid", 5.4, 0.6, 10.1).mistaken
    assert decision("bid", 45.5, 24.2, 66.8).mistaken
    assert decision("give", 5.0, 1.0, 9.0).mistaken  # a give or a contract: the interval alone
    assert not decision("card", 35.0, -1.0, 71.0).mistaken


def test_analyze_simulate_judges_the_cards_of_the_play_unless_told_not_to(c_search: None) -> None:
    sample = str(SAMPLES / "thousand" / "04-barrel-falls.kgn")
    base = [*KOZYR, "analyze", sample, "--hand", "6", "--simulate", "4", "--jobs", "1"]
    with_play = subprocess.run(base, capture_output=True, text=True, check=True).stdout
    assert "card of Anna at trick 3: AH" in with_play and "contract of Boris" in with_play
    without = subprocess.run([*base, "--no-play"], capture_output=True, text=True, check=True).stdout
    assert "card of" not in without and "contract of Boris" in without and "bid of Boris" in without
    alone = subprocess.run([*KOZYR, "analyze", sample, "--no-play"], capture_output=True, text=True)
    assert alone.returncode == 2 and "--no-play goes with --simulate" in alone.stderr


def test_the_declarers_layouts_are_those_of_the_game_free_sampler() -> None:
    """Thousand's own sampler (bitmasks, for speed) against the one every game has
    (replay/sample.py: the hidden cards exchanged and the hand replayed through the
    engine), from the declarer's seat in the middle of the play: over 1,500 layouts each,
    every hidden card lies with each defender as often in one as in the other (within 4.5
    standard errors of the difference), and each sampler keeps the defenders' voids."""
    import replay
    from notation.cards import card_code
    from replay.sample import Sampler
    from replay.thousand import generate_thousand
    from replay.thousand import simulate as sim
    from replay.thousand.dd import Move, play
    from replay.thousand.engine import PlayCard

    record = generate_thousand(seed=2, max_hands=3)
    plays, _, _ = collect_hands(record)
    hp = next(h for h in plays if h.skipped is None and h.start is not None and h.given is not None and len(h.plays) == 24)
    g1, g2 = hp.given
    # the declarer to play, with a defender void in a suit already shown
    pos, seen = Position(hp.start, 0, 0), sim._Seen()
    at = None
    for k, (seat, card, marriage, _, _) in enumerate(hp.plays):
        if k >= 9 and seat == 0 and any(seen.voids[o] for o in (1, 2)):
            at = k
            break
        seen.note(pos, seat, Move(card, marriage))
        pos = play(pos, Move(card, marriage), hp.rules)
    assert at is not None, "the hand has a void shown before a card of the declarer's"
    # the same position at the table: the record replayed to that card of that hand
    table = replay.table_of(record)

    def cards_played() -> int:
        moves = table.moves
        start = max(i for i, m in enumerate(moves) if type(m) is table.CHANCE)
        return sum(isinstance(m, PlayCard) for m in moves[start:])

    while not (table.round is not None and table.round.number == hp.number and cards_played() == at):
        table.pop()
    names = hp.players
    seat_of = {n: table.players.index(n) for n in names}
    played = sum(1 << c for _, c, _, _, _ in hp.plays[:at])
    saw = {card_code(c) for c in range(36) if (hp.start[0] | 1 << g1 | 1 << g2 | played) >> c & 1}
    hidden = sorted(c for c in range(36) if (pos.hands[1] | pos.hands[2]) >> c & 1 and not (1 << c) & (1 << g1 | 1 << g2))
    assert len(hidden) >= 6
    n = 1_500
    own = {c: 0 for c in hidden}
    rng = random.Random(7)
    fixed = {1: pos.hands[1] & 1 << g1, 2: pos.hands[2] & 1 << g2}
    for _ in range(n):
        hands = sim._deal_rest(rng, pos, 0, seen, fixed, 0)
        assert hands is not None
        for c in hidden:
            own[c] += hands[1] >> c & 1
    free = {c: 0 for c in hidden}
    sampler = Sampler(table, saw, random.Random(8))
    kept = 0
    while kept < n:
        layout = sampler.layout()
        assert layout is not None and layout.round is not None
        first = layout.round.holdings.known[seat_of[names[1]]]
        for c in hidden:
            free[c] += c in first
        kept += 1
    for c in hidden:
        p, q = own[c] / n, free[c] / n
        se = max(((p * (1 - p) + q * (1 - q)) / n) ** 0.5, 1 / n)
        assert abs(p - q) <= 4.5 * se, (card_code(c), p, q)
    for o in (1, 2):  # a suit a defender showed out of: none of it in the defender's layouts
        for c in hidden:
            if seen.voids[o] >> (c // 9) & 1:
                assert (own[c], free[c]) == ((0, 0) if o == 1 else (n, n)), card_code(c)
