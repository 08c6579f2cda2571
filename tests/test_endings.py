"""Bura and Burkozel endings solved exactly, and the claim line (replay/bura/analyze.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLES

import notation
import replay
from replay.bura.analyze import (
    EndingSolver,
    _Collector,
    analyze_game,
    brute_force,
    children,
    ending_ready,
)
from replay.checking import replay_record

KOZYR = [sys.executable, "-c", "from replay.cli import main; main()"]


def endings(game: str, players: int, seeds: range, most: int) -> list[object]:
    """Positions of generated games where the stock is gone and every hand is known, with
    at most ``most`` cards in a hand (the brute force stays small)."""
    out = []
    kind = replay.GAMES[game]
    for seed in seeds:
        record = kind.generate(seed, "classic", players, 4)
        collector = _Collector()
        replay_record(record, visitor=collector)
        for moves in collector.deals.values():
            for before, _, _ in moves:
                deal = before.deal  # type: ignore[attr-defined]
                if ending_ready(before) and max(len(deal.holdings.known[s]) for s in range(before.n)) <= most:  # type: ignore[arg-type,attr-defined]
                    out.append(before)
    return out


@pytest.mark.parametrize(("game", "players", "most"), [("bura", 3, 3), ("bura", 4, 2), ("burkozel", 2, 2), ("burkozel", 3, 2)])
def test_the_ending_solver_equals_a_brute_force_through_the_engine(game: str, players: int, most: int) -> None:
    """On random endings, every seat's value from the solver (positions remembered) equals
    the value of trying every move the engine lists, with nothing remembered."""
    positions = endings(game, players, range(40), most)
    assert len(positions) >= 10, len(positions)
    for table in positions[:8]:
        solver = EndingSolver()
        for seat in range(table.n):  # type: ignore[attr-defined]
            assert solver.value(table, seat) == brute_force(table, seat)  # type: ignore[arg-type]


def test_a_value_is_the_best_of_the_values_after_the_movers_choices() -> None:
    for table in endings("bura", 3, range(20), 3)[:8]:
        solver = EndingSolver()
        from replay.bura.analyze import outcome, owner

        mover = owner(table)  # type: ignore[arg-type]
        base = len(table.results)  # type: ignore[attr-defined]
        after = [
            outcome(a, a.results[base], mover) if len(a.results) > base else solver.value(a, mover)
            for _, a in children(table)  # type: ignore[arg-type]
        ]
        assert solver.value(table, mover) == max(after)  # type: ignore[arg-type]


def test_the_claim_line_shows_a_false_claim_and_a_claim_at_31() -> None:
    deals = analyze_game(notation.loads((SAMPLES / "bura" / "01-illustrative-game.kgn").read_text()))
    assert "Mikhail claims with 25: a false claim: under 31" in deals[0].claims
    deals = analyze_game(notation.loads((SAMPLES / "bura" / "02-two-players.kgn").read_text()))
    assert any(c.endswith(": a claim follows") for d in deals for c in d.claims)


def test_cli_analyzes_bura_and_burkozel_and_annotate_changes_no_move(tmp_path: Path) -> None:
    path = SAMPLES / "burkozel" / "01-two-players.kgn"
    out = subprocess.run([*KOZYR, "analyze", str(path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "deal 1: played-out. From trick 14, with every card known: Anna loss, Boris win." in out.stdout
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
