"""Double-dummy analysis of Thousand play (docs/analysis.md).

The solver is checked against an independent brute force that plays every legal move
through the rules engine itself (no pruning, no table, none of the solver's rule code) on
random endings of 1 to 4 tricks under random play switches, marriages included; on full
hands, a position's value is the best over its legal moves of the values after them, and
the line the solver calls best reaches its value.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import notation
from notation.records import Glyph
from notation.thousand.records import Play
from replay.checking import Visitor, check, replay_record
from replay.cli import app
from replay.thousand import PlayCard as PlayEvent
from replay.thousand import ThousandTable, generate_thousand
from replay.thousand.analyze import analyze_game, annotate_analysis, position_of
from replay.thousand.dd import Move, PlayRules, Solver, legal_moves, play

runner = CliRunner()


def run_kozyr(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    result.returncode = result.exit_code
    return result


PLAY_SWITCHES = [
    "must-overtake=on",
    "marriage-first-trick=on",
    "trump-effect=next-trick",
    "ace-marriage=200",
    "marriage-values=de",
]


def random_rules(rng: random.Random) -> str:
    return " ".join(["classic", *(s for s in PLAY_SWITCHES if rng.random() < 0.5)])


class _Positions(Visitor):
    """A replay observer that keeps copies of the table at chosen moments of play."""

    def __init__(self, rng: random.Random, keep: float, most_tricks: int) -> None:
        self.rng, self.keep, self.most = rng, keep, most_tricks
        self.tables: list[ThousandTable] = []

    def visit_move(self, table: Any, node: Any, checker: Any) -> None:
        hand = table.round
        if not isinstance(node, Play) or hand is None or hand.phase != "play":
            return
        left = 8 - hand.trick_no + 1
        if left <= self.most and self.rng.random() < self.keep:
            self.tables.append(table.clone())


def positions(seed: int, most_tricks: int, keep: float, hands: int = 6) -> list[ThousandTable]:
    rng = random.Random(seed)
    game = generate_thousand(seed=seed, rules=random_rules(rng), max_hands=hands)
    watcher = _Positions(rng, keep, most_tricks)
    replay_record(game, visitor=watcher)
    return watcher.tables


def brute_force(table: ThousandTable) -> int:
    """The declarer's hand points with best play, by trying every legal move in the engine."""
    hand = table.round
    if hand is None:
        res = table.results[-1]
        assert res.declarer is not None
        return res.points[res.declarer]
    values = []
    for move in table.legal_moves():
        assert isinstance(move, PlayEvent)
        after = table.clone()
        after.push(move)
        values.append(brute_force(after))
    return max(values) if hand.turn == hand.declarer else min(values)


def engine_moves(table: ThousandTable, order: list[int]) -> set[Move]:
    return {Move(m.card, m.marriage) for m in table.legal_moves() if isinstance(m, PlayEvent)}


@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_a_brute_force_through_the_engine_on_random_endings(seed: int) -> None:
    tables = positions(seed, most_tricks=3, keep=0.8, hands=20)
    rng = random.Random(seed)
    checked = 0
    for table in tables:
        if table.round is not None and 8 - table.round.trick_no + 1 == 3 and rng.random() < 0.3:
            continue  # fewer of the slow three-trick endings
        found = position_of(table)
        assert found is not None
        pos, _ = found
        solver = Solver(PlayRules.from_settings(table.settings))
        assert solver.total(pos) == brute_force(table)
        checked += 1
    assert checked >= 50


@pytest.mark.parametrize("seed", range(100, 103))
def test_solver_agrees_with_the_brute_force_on_four_trick_endings(seed: int) -> None:
    tables = [
        t
        for t in positions(seed, most_tricks=4, keep=0.5, hands=6)
        if t.round is not None and t.round.trick_no == 5
    ][:4]
    assert tables
    for table in tables:
        pos, _ = position_of(table) or (None, None)
        assert pos is not None
        assert Solver(PlayRules.from_settings(table.settings)).total(pos) == brute_force(table)


@pytest.mark.parametrize("seed", range(6))
def test_solver_lists_exactly_the_engines_legal_moves_in_every_position(seed: int) -> None:
    for table in positions(seed + 50, most_tricks=8, keep=1.0, hands=4):
        pos, order = position_of(table) or (None, [])
        assert pos is not None
        rules = PlayRules.from_settings(table.settings)
        assert set(legal_moves(pos, rules)) == engine_moves(table, order)


def test_a_value_is_the_best_of_the_values_after_each_legal_move() -> None:
    for seed in range(8):
        tables = positions(seed, most_tricks=8, keep=0.5, hands=1)
        assert tables
        for table in tables[:6]:
            pos, _ = position_of(table) or (None, None)
            assert pos is not None
            solver = Solver(PlayRules.from_settings(table.settings))
            values = solver.values(pos).values()
            best = max(values) if pos.turn == pos.declarer else min(values)
            assert solver.total(pos) == best


def test_the_solvers_best_line_from_the_first_lead_scores_its_value() -> None:
    for seed in range(4):
        tables = positions(seed + 200, most_tricks=8, keep=1.0, hands=1)
        first = next(t for t in tables if t.round is not None and t.round.trick_no == 1)
        pos, _ = position_of(first) or (None, None)
        assert pos is not None
        rules = PlayRules.from_settings(first.settings)
        solver = Solver(rules)
        value = solver.total(pos)
        end = pos
        for move in solver.best_line(pos):
            end = play(end, move, rules)
        assert end.finished and end.taken == value


def test_a_marriage_is_a_choice_the_solver_tries_both_ways() -> None:
    from notation.cards import parse_card as c

    def mask(*codes: str) -> int:
        return sum(1 << c(x) for x in codes)

    from replay.thousand.dd import Position

    # Anna holds KH QH. Declared, hearts are trump: 100, and both tricks (14 + 16: Boris
    # throws TS then AS).  Not declared (trick 1: not allowed), she still takes both: 30.
    pos = Position((mask("KH", "QH"), mask("AS", "TS"), mask("9S", "JS")), 0, 0, first_trick=False)
    rules = PlayRules()
    assert Move(c("KH"), True) in legal_moves(pos, rules)
    assert Solver(rules).total(pos) == 130
    first = Position(pos.hands, 0, 0, first_trick=True)
    assert Move(c("KH"), True) not in legal_moves(first, rules)
    assert Solver(rules).total(first) == 30
    assert Solver(PlayRules(marriage_first_trick=True)).total(first) == 130


def test_sample_hand_is_analysed_with_a_value_per_card() -> None:
    game = notation.loads(Path("samples/thousand/01-first-hand.kgn").read_text())
    (hand,) = analyze_game(game).hands
    assert hand.skipped is None and len(hand.cards) == 24
    assert hand.taken == 120 and hand.made
    # The values are consistent: each card starts where the last one ended.
    for a, b in zip(hand.cards, hand.cards[1:], strict=False):
        assert a.after == b.before
    # ...and the last one ends on what the declarer really took.
    assert hand.cards[-1].after == hand.taken
    for cv in hand.cards:
        assert cv.cost == (cv.before - cv.after if cv.side == "declarer" else cv.after - cv.before)
        assert cv.cost >= 0
        assert bool(cv.best) == bool(cv.cost)


def test_cli_analyze_prints_a_summary_per_hand_and_json_per_card(root: Path) -> None:
    sample = str(root / "samples/thousand/04-barrel-falls.kgn")
    out = run_kozyr("analyze", sample, "--summary")
    assert out.returncode == 0, out.stderr
    game = notation.loads(Path(sample).read_text())
    lines = out.stdout.splitlines()
    assert len(lines) == len(game.hands)
    assert all(line.startswith(f"hand {i}: ") for i, line in enumerate(lines, 1))
    js = run_kozyr("analyze", sample, "--format", "json", "--hand", "2")
    data = json.loads(js.stdout)
    (hand,) = data[0]["hands"]
    assert hand["number"] == 2 and len(hand["cards"]) == 24
    assert all(isinstance(c["line"], int) and c["before"] >= 0 for c in hand["cards"])


def test_cli_analyzes_sixtysix_and_reports_invalid_records(tmp_path: Path, root: Path) -> None:
    out = run_kozyr("analyze", "--summary", str(root / "samples/sixtysix/01-close-made-and-failed.kgn"))
    assert out.returncode == 0 and out.stdout.startswith("deal 1: out. From trick 7, with every card known: Ivan +2, Olga -2 game points.")
    bura = run_kozyr("analyze", "--summary", str(root / "samples/bura/02-two-players.kgn"))
    assert bura.returncode == 0 and bura.stdout.startswith("deal 1: claim-won.")
    bad = tmp_path / "bad.kgn"
    text = (root / "samples/thousand/01-first-hand.kgn").read_text()
    bad.write_text(text.replace("Boris 9S, Vera QS", "Boris 9S, Vera QC"))
    out = run_kozyr("analyze", str(bad))
    assert out.returncode == 1
    assert "must-follow" in out.stderr and "not analysed" in out.stdout


def test_annotate_analysis_marks_costly_cards_and_changes_no_move() -> None:
    game = generate_thousand(seed=3, max_hands=5)
    analysis = analyze_game(game)
    costly = [cv for h in analysis.hands for cv in h.cards if cv.cost]
    out = annotate_analysis(game)
    assert check(out).ok
    text = notation.dumps(out)
    assert annotate_analysis(notation.loads(text)) == notation.loads(text)  # idempotent

    def moves(g: Any) -> list[tuple[str, str, bool]]:
        return [(p.seat, p.card, p.marriage) for h in g.hands for t in h.tricks for p in t.plays]

    assert moves(out) == moves(game)
    glyphs = [
        n.text
        for h in out.hands
        for t in h.tricks
        for p in t.plays
        for n in p.notes
        if isinstance(n, Glyph)
    ]
    assert costly and sorted(glyphs) == sorted("??" if cv.decisive else "?" for cv in costly)


def test_replay_analyze_shows_the_value_and_marks_the_costly_card(root: Path) -> None:
    out = run_kozyr(
        "replay", "--plain", "--analyze", str(root / "samples/thousand/01-first-hand.kgn")
    )
    assert out.returncode == 0
    assert "double dummy: 205 (120 makeable)" in out.stdout
    assert "Anna plays 9C ?" in out.stdout
    assert "9C costs the declarer 85; TS or 9H or QH or TH or AH kept 205" in out.stdout


def test_analyze_on_two_processes_prints_the_same_as_on_one(root: Path) -> None:
    sample = str(root / "samples/thousand/03-two-reach-1000.kgn")
    one = run_kozyr("analyze", sample, "--jobs", "1", "--summary")
    two = run_kozyr("analyze", sample, "--jobs", "2", "--summary")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and one.stdout.count("\nhand ") + 1 >= 1


def test_give_analysis_solves_all_ninety_gives_and_names_the_best(root: Path) -> None:
    out = run_kozyr(
        "analyze",
        str(root / "samples/thousand/01-first-hand.kgn"),
        "--give",
        "--format",
        "json",
        "-j",
        "1",
    )
    (hand,) = json.loads(out.stdout)[0]["hands"]
    give = hand["give"]
    assert give["gives"] == 90 and give["played"] == ["Boris 9S", "Vera JS"]
    assert (
        give["value"] == hand["dd"] and give["best_value"] >= give["value"] and give["seconds"] >= 0
    )


def test_the_summary_reads_as_a_player_tells_the_hand(tmp_path: Path) -> None:
    path = tmp_path / "g.kgn"
    path.write_text(notation.dumps(generate_thousand(seed=1)))
    out = run_kozyr("analyze", str(path), "--summary", "--hand", "4")
    assert out.stdout.strip() == (
        "hand 4: Anna declared 150 and failed with 136 points. With best play on all sides "
        "Anna could take 150: the contract could be made. It was lost at trick 2 by Anna's "
        "QH marriage, which cost 23 (AC or TD kept 150)."
    )
    assert "DD" not in out.stdout and "makeable" not in out.stdout


def test_the_c_search_gives_the_python_searchs_value_in_every_position() -> None:
    """The double-dummy search in C (built with the package) against the Python search it
    follows, on every position of random hands under random play switches, with and without
    a lower bound (``above``)."""
    from replay.thousand import dd

    if dd._NativeSearch is None:
        import replay.table

        if replay.table.__file__.endswith(".so"):  # a compiled build must have the C search
            pytest.fail("the package is compiled but replay/thousand/ddsearch is not built")
        pytest.skip("the C search is built with the compiled package (CI's second run)")
    rng = random.Random(5)
    checked = 0
    for seed in range(8):
        for table in positions(seed + 200, most_tricks=6, keep=0.6, hands=4):
            pos, _ = position_of(table) or (None, None)
            assert pos is not None
            rules = PlayRules.from_settings(table.settings)
            fast, slow = Solver(rules), Solver(rules, native=False)
            assert fast.native is not None and slow.native is None
            assert fast.total(pos) == slow.total(pos)
            above = pos.taken + rng.randrange(0, 200)
            a, b = fast.total(pos, above), slow.total(pos, above)
            assert (a > above) == (b > above) and (a == b or a <= above)
            checked += 1
    assert checked > 300
