"""Thousand rules (docs/rules.md, T clauses) as the engine enforces them."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES, diagnostics_of

import notation
import replay
from notation.cards import parse_card
from notation.thousand.records import Call, Concede, Contract, Stated
from replay import thousand as th
from replay.games import parse_rules
from replay.thousand import generate_thousand


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("thousand/*.kgn")), ids=lambda p: p.name)
def test_samples_validate(path: Path) -> None:
    assert diagnostics_of(path) == []


# ---- T7.3 rounding, T8 barrel, T9 end ------------------------------------------------------


@pytest.mark.parametrize(("points", "rounded"), [(17, 15), (18, 20), (0, 0), (22, 20), (23, 25), (120, 120)])
def test_opponents_points_round_to_nearest_five(points: int, rounded: int) -> None:
    assert th.ThousandSettings().rounded(points) == rounded


def test_round_switch_10_rounds_five_up() -> None:
    s = th.ThousandSettings.from_rules(parse_rules("thousand", "classic round=10"))
    assert [s.rounded(p) for p in (14, 15, 24, 25)] == [10, 20, 20, 30]


def sample(name: str) -> replay.Report:
    game = notation.loads((SAMPLES / "thousand" / name).read_text())
    return replay.check(game)


def test_barrel_fall_after_three_hands_costs_120() -> None:
    report = sample("04-barrel-falls.kgn")
    falls = [h for h in report.rounds if any("after 3 hands" in n for n in h.notes)]
    assert falls
    hand = falls[0]
    index = report.rounds.index(hand)
    seat = next(p for p in range(3) if report.rounds[index - 3].totals[p] == 880 and p in report.rounds[index - 1].barrel)
    assert hand.totals[seat] == 760


def test_two_players_reach_1000_and_the_declarer_wins() -> None:
    report = sample("03-two-reach-1000.kgn")
    assert report.result == "Anna"
    assert report.totals == {"Anna": 1000, "Boris": 1050, "Vera": 400}


def test_partial_deal_is_reconstructed_from_play() -> None:
    report = sample("02-partial-deal.kgn")
    assert report.ok
    assert report.rounds[0].scores == {0: 120, 1: 180, 2: 0}


def test_swapping_two_cards_between_tricks_is_caught() -> None:
    path = SAMPLES / "thousand" / "01-first-hand.kgn"
    text = path.read_text()
    text = text.replace("1. Anna AS,", "1. Anna @@,").replace("5. Boris AD,", "5. Boris AS,").replace("@@", "AD")
    game = notation.loads(text)
    diags = replay.check(game).diagnostics
    assert diags and diags[0].code == "card-not-held"
    line = next(i for i, ln in enumerate(text.split("\n"), 1) if "1. Anna AD" in ln)
    assert (diags[0].line, diags[0].column) == (line, text.split("\n")[line - 1].index("Anna") + 1)


def test_a_bid_of_103_is_caught() -> None:
    text = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text().replace("Boris 110", "Boris 103")
    diags = replay.check(notation.loads(text, file="x.kgn")).diagnostics
    assert diags[0].label == "T3.2 bid-step" and diags[0].line == 13


def known_deal() -> th.DealCards:
    """A recorded deal: A holds the spades marriage, B the hearts one, C the clubs one."""
    c = parse_card
    return th.DealCards(
        hands={
            0: [c(x) for x in "AS TS KS QS AD TD KD".split()],
            1: [c(x) for x in "9S JS KH QH 9H AC TC".split()],
            2: [c(x) for x in "AH TH JH QC KC JC 9C".split()],
        },
        talon=[c(x) for x in "QD JD 9D".split()],
    )


def test_must_trump_names_the_trumps_and_the_legal_cards() -> None:
    table = th.ThousandTable(["A", "B", "C"], dealer=2)
    c = parse_card
    table.push(known_deal())
    for call in (th.Bid(0, 100), th.Bid(1, 120), th.Bid(2, None), th.Bid(0, None)):
        table.push(call)
    table.push(th.TakeTalon([c("QD"), c("JD"), c("9D")]))
    table.push(th.GiveCards([(0, c("9D")), (2, c("JD"))]))
    table.push(th.SetContract(120))
    table.push(th.PlayCard(1, c("AC")))
    table.push(th.PlayCard(2, c("QC")))
    table.push(th.PlayCard(0, c("9D")))  # A is void in clubs, no trump in force: any card
    table.push(th.PlayCard(1, c("KH"), marriage=True))  # B took trick 1: hearts are trump
    with pytest.raises(notation.IllegalMoveError) as info:
        table.push(th.PlayCard(2, c("9C")))
    assert info.value.label == "T5.1 must-follow"
    assert info.value.legal == ["JH", "TH", "AH"]


def test_pop_steps_back() -> None:
    table = th.ThousandTable(["A", "B", "C"], dealer=2)
    table.push(th.DealCards())
    table.push(th.Bid(0, 100))
    assert table.pop() == th.Bid(0, 100)
    assert table.round is not None and table.round.high == 0 and table.round.turn == 0


@pytest.mark.parametrize("seed", range(6))
def test_generated_games_validate_and_round_trip(seed: int) -> None:
    game = generate_thousand(seed=seed)
    text = notation.dumps(game)
    again = notation.loads(text)
    assert again == game
    report = replay.check(again)
    assert report.ok, [d.format() for d in report.diagnostics]
    assert report.result is not None and game.tag("Result") == report.result


def test_generation_is_deterministic() -> None:
    assert notation.dumps(generate_thousand(seed=11)) == notation.dumps(generate_thousand(seed=11))


def test_legal_moves_follow_the_rules() -> None:
    c = parse_card
    table = th.ThousandTable(["A", "B", "C"], dealer=2)
    assert table.legal_moves() == [] and table.to_move is None  # the deal is a chance move
    table.push(known_deal())
    first = table.legal_moves()
    assert all(isinstance(m, th.Bid) and m.bid is not None for m in first)  # no pass first
    assert max(m.bid for m in first if isinstance(m, th.Bid) and m.bid) == 160  # spades 40
    for call in (th.Bid(0, 100), th.Bid(1, None), th.Bid(2, None)):
        table.push(call)
    table.push(th.TakeTalon([c("QD"), c("JD"), c("9D")]))
    table.push(th.GiveCards([(1, c("9D")), (2, c("JD"))]))
    plays = [m for m in table.legal_moves() if isinstance(m, th.PlayCard)]
    assert len({m.card for m in plays}) == 8
    assert not any(m.marriage for m in plays)  # no marriage in trick 1 (T6.3)


def test_a_bid_over_the_cap_of_an_unrecorded_hand_is_caught_once_play_reveals_it() -> None:
    # Vera recorded only her own cards; Anna bids 225, but the play shows she held only the
    # hearts marriage (cap 220): the error is reported at the bid, with the hand it inferred.
    text = (SAMPLES / "thousand" / "02-partial-deal.kgn").read_text()
    text = text.replace("Anna 115, Boris pass", "Anna 225, Boris pass").replace("contract 120", "contract 225")
    text = text.replace("give Boris ??, Vera JS", "give Boris 9S, Vera JS")
    text = text.replace("  score Anna +120, Boris +180, Vera 0\n", "")
    diags = replay.check(notation.loads(text)).diagnostics
    bid_line = next(i for i, ln in enumerate(text.split("\n"), 1) if "Anna 225" in ln)
    assert [(d.code, d.line) for d in diags][:1] == [("bid-cap", bid_line)]
    assert diags[0].hint is not None and "AS TS 9S AH KH QH 9H" in diags[0].hint


def test_a_player_who_wins_from_the_barrel_is_off_it() -> None:
    path = SAMPLES / "thousand" / "08-pagat.kgn"
    text = path.read_text()
    report = replay.check(notation.loads(text))
    last = report.rounds[-1]
    assert report.result == "Boris" and last.totals[1] == 1030 and 1 not in last.barrel
    marked = replay.check(notation.loads(text.replace("Boris 1030, ", "Boris 1030 barrel, ")))
    assert [d.code for d in marked.diagnostics] == ["wrong-barrel"]


# ---- a score sheet: calls and the score, no cards ----------------------------------------

SHEET = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "classic"]

hand 1
  bid Anna 100, Boris pass, Vera pass
  contract 120
  score Anna +120, Boris 15, Vera 20
  totals Anna 120, Boris 15, Vera 20

hand 2
  bid Boris 100, Vera 110, Anna pass, Boris pass
  points Anna 32, Boris 38, Vera 50
  totals Anna 150, Boris 55, Vera -90
"""


def test_a_score_sheet_without_cards_is_a_valid_record_and_its_totals_are_checked() -> None:
    report = replay.check(notation.loads(SHEET))
    assert report.ok, [d.format() for d in report.diagnostics]
    assert report.totals == {"Anna": 150, "Boris": 55, "Vera": -90}
    assert [h.from_sheet for h in report.rounds] == [True, True]
    wrong = replay.check(notation.loads(SHEET.replace("Vera -90", "Vera -80"))).diagnostics
    assert [(d.code, d.clause, d.line) for d in wrong] == [("wrong-total", "T8", 15)]


@pytest.mark.parametrize(
    ("old", "new", "code", "clause"),
    [
        ("score Anna +120", "score Anna +125", "wrong-score", "T7.2"),  # the declarer: +-contract
        ("Boris 15, Vera 20\n  totals", "Boris 17, Vera 20\n  totals", "wrong-score", "T7.3"),
        ("points Anna 32, Boris 38, Vera 50", "points Anna 32, Boris 38, Vera 55", "wrong-points", "T7.1"),
        ("points Anna 32, Boris 38, Vera 50", "points Anna 32, Boris 38", "incomplete-hand", "T7"),
    ],
)
def test_a_score_sheet_that_cannot_be_a_hand_is_refused(old: str, new: str, code: str, clause: str) -> None:
    (d, *_) = replay.check(notation.loads(SHEET.replace(old, new))).diagnostics
    assert (d.code, d.clause) == (code, clause), d.format()


def sheet_of(game: notation.ThousandGame, points: bool) -> notation.ThousandGame:
    """The game as a score sheet keeps it: each hand's calls, contract (or concession) and
    stated facts (without the points: only scores and totals); no cards."""
    import copy

    out = copy.deepcopy(game)
    for hand in out.hands:
        if hand.tricks:
            hand.deal = None
            hand.events = [
                e for e in hand.events
                if isinstance(e, Call | Contract | Concede) or (isinstance(e, Stated) and (points or e.kind != "points"))
            ]  # fmt: skip
    return out


@pytest.mark.parametrize(
    "rules",
    ["classic", "polish", "classic barrel=900 dump-555=on", "classic dark=on golden-round=on", "classic players=4", "classic round=none barrel-collision=knock-off"],
)
def test_every_generated_game_kept_as_a_score_sheet_gives_the_same_totals(rules: str) -> None:
    for seed in range(3):
        game = generate_thousand(seed=seed, rules=rules, max_hands=40)
        played = replay.check(game)
        for points in (True, False):
            sheet = sheet_of(game, points)
            assert not any(h.tricks for h in sheet.hands)
            report = replay.check(notation.loads(notation.dumps(sheet)))
            assert report.ok, [d.format() for d in report.diagnostics[:3]]
            assert report.totals == played.totals and report.result == played.result


ONE_SHEET_HAND = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Anna"]
[Rules "classic"]

hand 1
  bid Boris 100, Vera 110, Anna pass, Boris pass
  talon ?? ?? ??
  give Boris ??, Anna ??
  contract 120
  points Boris {}, Vera {}, Anna {}
"""


@pytest.mark.parametrize(
    ("points", "ok"),
    [
        ((10, 95, 15), True),  # 120: the cards alone
        ((10, 195, 15), True),  # 220: the cards and hearts (100)
        ((50, 315, 35), True),  # 400: the cards and every marriage
        ((10, 800, 15), False),  # 80 typed as 800
        ((1000, 1000, 1000), False),
        ((10, 105, 15), False),  # 130: no marriage is worth 10
        ((10, 415, 15), False),  # 440: more than every marriage
    ],
)
def test_a_score_sheet_hands_points_are_the_cards_120_and_marriages_at_most(points: tuple[int, int, int], ok: bool) -> None:
    # T7.1: a hand's points add up to 120 (its cards) plus the marriages declared: at most
    # 100 + 80 + 60 + 40 more, and only in sums of those.
    report = replay.check(notation.loads(ONE_SHEET_HAND.format(*points)))
    codes = [d.code for d in report.diagnostics if d.severity == "error"]
    assert codes == ([] if ok else ["wrong-points"]), codes


@pytest.mark.parametrize(
    ("old", "new", "card", "nth"),
    [
        ("AH 9H 9S / Boris: KD", "AH 9H KD / Boris: KD", "KD", 1),  # dealt twice: its second place
        ("AH 9H 9S / Boris: KD", "AH 9H 8S / Boris: KD", "8S", 0),  # not in the deck
        ("give Boris 9S, Vera JS", "give Boris 9S, Vera 9S", "9S", 1),  # the give that cannot be
    ],
)
def test_a_deal_or_give_error_points_at_its_card_and_keeps_it_on_screen(old: str, new: str, card: str, nth: int, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from replay.cli import app

    text = (SAMPLES / "thousand" / "01-first-hand.kgn").read_text()
    assert old in text
    path = tmp_path / "g.kgn"
    path.write_text(text.replace(old, new))
    done = CliRunner().invoke(app, ["validate", str(path)])
    headline, shown, caret = (done.stdout + done.stderr).splitlines()[:3]
    line_no, column = (int(x) for x in headline.split(":")[1:3])
    line = path.read_text().splitlines()[line_no - 1]
    at = -1
    for _ in range(nth + 1):
        at = line.find(card, at + 1)
    assert column == at + 1, done.stdout + done.stderr
    assert shown[caret.index("^") : caret.index("^") + 2] == card  # on screen, under the caret
