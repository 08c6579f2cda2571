"""Bura and Burkozel (docs/rules.md, B and K clauses) as the engine enforces them."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SAMPLES, diagnostics_of

import notation
import replay
from notation.cards import Suit, parse_card
from replay import bura as bu
from replay.bura import generate_bura
from replay.burkozel import BurkozelTable
from replay.games import generate

BURA_SAMPLES = sorted(SAMPLES.glob("bura/*.kgn")) + sorted(SAMPLES.glob("burkozel/*.kgn"))


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


@pytest.mark.parametrize("path", BURA_SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_samples_validate(path: Path) -> None:
    assert diagnostics_of(path) == []


def test_the_illustrative_game_of_seed_004() -> None:
    game = notation.loads((SAMPLES / "bura" / "01-illustrative-game.kgn").read_text())
    report = replay.check(game)
    assert report.ok
    deal = report.rounds[0]
    assert (deal.end, deal.claim_count, deal.pot) == ("claim-failed", 25, 30)
    assert report.totals == {"Oleg": -5, "Mikhail": -20, "Ilya": -5}


# ---- B5: beating ------------------------------------------------------------------------


def test_a_higher_card_of_the_suit_or_a_trump_beats() -> None:
    assert bu.beats(parse_card("KS"), parse_card("QS"), Suit.HEARTS)
    assert bu.beats(parse_card("6H"), parse_card("AS"), Suit.HEARTS)
    assert not bu.beats(parse_card("AS"), parse_card("6H"), Suit.HEARTS)
    assert not bu.beats(parse_card("AD"), parse_card("6S"), Suit.HEARTS)


def test_a_set_beats_a_set_under_any_pairing() -> None:
    # The seed's example: diamonds trump, QS 7S led; 9D JS beat them (9D on QS, JS on 7S).
    assert bu.beats_set(cards("9D JS"), cards("QS 7S"), Suit.DIAMONDS)
    assert bu.beats_set(cards("JS 9D"), cards("QS 7S"), Suit.DIAMONDS)
    assert not bu.beats_set(cards("8D 9S"), cards("QS 7S"), Suit.HEARTS)
    assert not bu.beats_set([parse_card("AS"), None], cards("QS 7S"), Suit.DIAMONDS)


def three_player_trick(lead: str, second: str, third: str) -> str:
    """Play one trick (trump clubs; Anna leads) and return who takes it."""
    table = bu.BuraTable(["Anna", "Boris", "Vera"], dealer=2)
    hands = {0: cards(lead), 1: cards(second), 2: cards(third)}
    for p in hands:
        hands[p] += cards({0: "6D 7D", 1: "8D 9D", 2: "TD JD"}[p])[: 3 - len(hands[p])]
    table.push(bu.DealCards(hands=hands, trump=parse_card("6C")))
    table.push(bu.Lay(0, cards(lead)))
    table.push(bu.Lay(1, cards(second)))
    table.push(bu.Lay(2, cards(third)))
    assert table.last_winner is not None
    return table.players[table.last_winner]


def test_third_beats_the_second_but_not_the_lead_the_lead_takes() -> None:
    # Boris does not beat the lead, so the lead is still winning; Vera beats Boris's
    # cards but not the lead's: the leader keeps the trick (B5.3).
    assert three_player_trick("KH", "7H", "9H") == "Anna"


def test_third_beats_the_winning_second_the_third_takes() -> None:
    # Boris beats the lead and is winning; Vera beats Boris's set: she takes it,
    # whether or not her cards would beat the lead's.
    assert three_player_trick("9H TH", "JH AH", "7C 8C") == "Vera"


def test_third_beats_the_lead_but_not_the_winning_second_the_second_takes() -> None:
    # Boris beats the lead with trumps; Vera's cards beat the lead's but not Boris's.
    assert three_player_trick("7H 8H", "7C 8C", "9H TH") == "Boris"


def test_third_beats_the_lead_when_the_second_did_not_the_third_takes() -> None:
    assert three_player_trick("7H", "6H", "8H") == "Vera"


def test_face_down_cards_never_beat() -> None:
    table = bu.BuraTable(["Anna", "Boris"], dealer=1)
    table.push(bu.DealCards(hands={0: cards("7H 6D 7D"), 1: cards("AH 8D 9D")}, trump=parse_card("6C")))
    table.push(bu.Lay(0, cards("7H")))
    table.push(bu.Lay(1, [], cards("AH")))
    assert table.last_winner == 0


# ---- B6 drawing, B7 claims, B9 void deals -------------------------------------------------


def test_draws_start_with_the_taker_and_only_full_rounds_are_drawn() -> None:
    # 5 players, 36 cards: 15 dealt, 21 in the stock; after a 3-card trick only 3 rounds
    # of 5 are drawn while 21 cards remain, and later the last card stays unused.
    table = bu.BuraTable(["A", "B", "C", "D", "E"], dealer=4)
    table.push(bu.DealCards(trump=parse_card("6C")))
    deal = table.round
    assert deal is not None and table._stock_left(deal) == 21


def test_a_claim_counts_face_down_cards_too() -> None:
    table = bu.BuraTable(["Anna", "Boris"], dealer=1)
    table.push(
        bu.DealCards(hands={0: cards("AH TH KH"), 1: cards("AS TS KD")}, trump=parse_card("6C"))
    )
    table.push(bu.Lay(0, cards("AH TH KH")))
    table.push(bu.Lay(1, [], cards("AS TS KD")))
    table.push(bu.OpenClaim(0))
    res = table.results[-1]
    assert (res.end, res.claim_count) == ("claim-won", 50)


def test_a_failed_claim_doubles_the_pot_and_the_claimant_deals() -> None:
    table = bu.BuraTable(["Anna", "Boris"], dealer=1, ante=5)
    table.push(bu.DealCards(hands={0: cards("6H 7H 8H"), 1: cards("6S 7S 8S")}, trump=parse_card("6C")))
    table.push(bu.Lay(0, cards("6H")))
    table.push(bu.Lay(1, [], cards("6S")))
    table.push(bu.OpenClaim(0))
    assert table.match.pot == 20 and table.match.chips == [-15, -5] and table.match.dealer == 0


def test_claiming_without_taking_the_trick_is_illegal() -> None:
    table = bu.BuraTable(["Anna", "Boris"], dealer=1)
    table.push(bu.DealCards(hands={0: cards("6H 7H 8H"), 1: cards("6S 7S 8S")}, trump=parse_card("6C")))
    table.push(bu.Lay(0, cards("6H")))
    table.push(bu.Lay(1, [], cards("6S")))
    with pytest.raises(notation.IllegalMoveError) as info:
        table.push(bu.OpenClaim(1))
    assert info.value.label == "B7.1 claim-timing"


def test_a_bura_wins_the_pot_at_once() -> None:
    table = bu.BuraTable(["Anna", "Boris"], dealer=1, ante=2)
    table.push(bu.DealCards(hands={0: cards("6C 7C 8C"), 1: cards("6S 7S 8S")}, trump=parse_card("AC")))
    table.push(bu.ShowCombo(0, "bura", cards("6C 7C 8C")))
    table.settle()
    assert table.results[-1].end == "bura" and table.match.chips == [2, -2]


# ---- Burkozel ---------------------------------------------------------------------------


def test_burkozel_penalties_2_4_6() -> None:
    # Generated games state every penalty; replaying them checks K7 on every deal.
    for players in (2, 3, 4):
        report = replay.check(generate("burkozel", seed=4, players=players))
        assert report.ok and report.result is not None
        for deal in report.rounds:
            assert set(deal.added.values()) <= {2, 4, 6, 8, 12, 16, 24}


def test_burkozel_first_lead_is_at_most_three_cards() -> None:
    table = BurkozelTable(["Anna", "Boris"], dealer=1)
    table.push(bu.DealCards(hands={0: cards("6H 7H 8H 9H"), 1: cards("6S 7S 8S 9S")}, trump=parse_card("6C")))
    with pytest.raises(notation.IllegalMoveError) as info:
        table.push(bu.Lay(0, cards("6H 7H 8H 9H")))
    assert info.value.label == "K4 lead-size"


# ---- generated games ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players"),
    [("bura", 2), ("bura", 3), ("bura", 4), ("bura", 6), ("burkozel", 2), ("burkozel", 3), ("burkozel", 4)],
)
def test_generated_games_validate_and_round_trip(game: str, players: int) -> None:
    for seed in range(3):
        record = generate(game, seed=seed, players=players)
        again = notation.loads(notation.dumps(record))
        assert again == record
        report = replay.check(again)
        assert report.ok, [d.format() for d in report.diagnostics[:3]]


def test_bura_generation_is_deterministic() -> None:
    assert notation.dumps(generate_bura(seed=9)) == notation.dumps(generate_bura(seed=9))


# ---- B8.4, B8.5: several combinations at once ---------------------------------------------

TWO = """[Game "bura"]
[Players "Anna" "Boris"]
[Dealer "Boris"]
[Rules "classic{switch}"]

deal 1
  hands Anna: 7H 8H 9H / Boris: AS AD AC / trump: 6H
{shows}
  1. Anna 9H 8H 7H / Boris AS AD AC -> Anna
  pot 0
  chips Anna +1, Boris -1
"""
BURA = "  show Anna bura 7H 8H 9H"
MOSKVA = "  show Boris moskva AS AD AC"


@pytest.mark.parametrize("shows", [[BURA, MOSKVA], [MOSKVA, BURA]], ids=["bura-first", "moskva-first"])
def test_a_bura_against_moskva_shown_together_is_played_off(shows: list[str]) -> None:
    text = TWO.format(switch="", shows="\n".join(shows))
    report = replay.check(notation.loads(text))
    assert report.diagnostics == []
    assert report.rounds[0].end == "bura" and report.totals == {"Anna": 1, "Boris": -1}


def test_nothing_shown_during_a_play_off_is_searched_though_the_engine_takes_it() -> None:
    """The engine takes a bura shown again during the play-off (what a record may say is
    unchanged); a search leaves such shows out (they may go round, back to where they
    were) and values the play-off as B8.5 plays it: the elder leads, the other answers, and
    the set not beaten wins the pot.  A brute force over the lead and the answer through
    the engine gives the solver's value."""
    from replay.bura.engine import DealCards, Lay, ShowCombo
    from replay.bura.table import BuraTable
    from replay.solve import Solver, child

    table = BuraTable(["Anna", "Boris"], dealer=1)
    hands = {0: cards("7H 8H 9H"), 1: cards("AS AD AC")}
    stock = [c for c in sorted(table.deck) if c not in {*hands[0], *hands[1], parse_card("6H")}]
    table.push(DealCards(hands=dict(hands), trump=parse_card("6H"), stock=stock))  # type: ignore[arg-type]
    table.push(ShowCombo(0, "bura", cards("7H 8H 9H")))
    table.push(ShowCombo(1, "moskva", cards("AS AD AC")))
    deal = table.round
    assert deal is not None and deal.playoff and deal.turn == 0
    again = [m for m in table.legal_moves() if isinstance(m, ShowCombo)]
    assert again and table.is_legal(again[0])  # the engine takes it ...
    assert not any(isinstance(m, ShowCombo) for m in table.distinct_moves(table.legal_moves()))  # ... no search tries it

    start = table.scores()

    def brute(t: BuraTable) -> float:
        if t.results:
            return t.deal_value(start, 0)
        lays = [m for m in t.legal_moves() if isinstance(m, Lay)]
        values = [brute(child(t, m)) for m in lays]  # type: ignore[arg-type]
        return max(values) if t.to_move == 0 else min(values)

    # Anna's trumps beat the plain aces: she wins the pot's chip, Boris loses his (1 - -1)
    assert Solver.at(table).value(table, 0) == brute(table) == 2


OVER_A_TRICK = """[Game "bura"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Boris"]
[Rules "classic hand=4"]

deal 1
  hands Anna: 6C 7C 8C 6S / Boris: 9C TC AC 7D / Vera: AD TD KD QD / trump: QC
  1. Vera AD
  show Anna bura 6C 7C 8C
  show Boris bura 9C TC AC
  1. Anna 6C 7C 8C / Boris 9C TC AC -> Boris
  pot 0
  chips Anna -1, Boris +2, Vera -1
"""


def test_two_buras_shown_over_a_laid_trick_set_it_aside_and_the_holders_play_off() -> None:
    """B8.5 with hands of four: Vera leads the ace of diamonds, Anna shows a bura at her turn
    to answer and Boris a second one.  Only the holders play the play-off: Vera's trick is
    set aside (the play-off is a trick of its own, led afresh), Anna, the elder from Vera's
    lead, leads her set, and Boris's higher trumps take the pot."""
    report = replay.check(notation.loads(OVER_A_TRICK))
    assert report.diagnostics == []
    assert report.rounds[0].end == "bura" and report.totals == {"Anna": -1, "Boris": 2, "Vera": -1}
    # the elder holder leads it: Boris leading is refused, at the play-off's lead
    wrong = OVER_A_TRICK.replace("1. Anna 6C 7C 8C / Boris 9C TC AC -> Boris", "1. Boris 9C TC AC / Anna 6C 7C 8C -> Boris")
    (diagnostic,) = replay.check(notation.loads(wrong)).diagnostics
    assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("wrong-leader", 11, 6), diagnostic.format()


def test_with_higher_card_the_trump_ace_outranks_a_plain_ace() -> None:
    # Anna's bura holds the trump ace, Boris's three aces are plain: Anna wins at once.
    text = TWO.replace("7H 8H 9H", "AH 8H 9H").replace("  1. Anna 9H 8H 7H / Boris AS AD AC -> Anna\n", "")
    text = text.format(switch=" two-buras=higher-card", shows=f"{BURA}\n{MOSKVA}".replace("7H", "AH"))
    report = replay.check(notation.loads(text))
    assert report.diagnostics == []
    assert report.totals == {"Anna": 1, "Boris": -1}


def test_a_small_moskva_takes_back_anothers_lead_not_the_showers_own() -> None:
    """B8.3, ``small-moskva``: three tens shown at another's lead take it back ("Stop!");
    over one's own lead they are refused (else a player could lead, take it back and lead
    again without end), and nobody is offered that show."""
    head = '[Game "bura"]\n[Players "Anna" "Boris"]\n[Dealer "Boris"]\n[Rules "classic hand=4 small-moskva=tens"]\n\ndeal 1\n'
    other = head + "  hands Anna: 7H 8H 9H 6D / Boris: TS TD TC 7D / trump: 7C\n  1. Anna 7H\n  show Boris small-moskva TS TD TC\n  1. Boris TS\n"
    assert replay.check(notation.loads(other)).diagnostics == []
    own = head + "  hands Anna: TS TD TC 9S / Boris: 7H 8H 9H 7D / trump: 7C\n  1. Anna 9S\n  show Anna small-moskva TS TD TC\n"
    (err,) = replay.check(notation.loads(own)).diagnostics
    assert (err.code, err.clause, err.line) == ("combo-timing", "B8.3", 9), err.format()
    assert "over his own lead" in err.message
    table = replay.new_table("bura", ["Anna", "Boris"], rules="classic hand=4 small-moskva=tens", dealer="Boris")
    table.push(table.parse_move("hands Anna: TS TD TC 9S / Boris: 7H 8H 9H 7D / trump: 7C"))
    assert any("small-moskva" in table.format_move(m) for m in table.legal_moves())  # before her lead: a lead right
    table.push(table.parse_move("Anna 9S"))
    assert not [m for m in table.legal_moves() if "small-moskva" in table.format_move(m)]


def test_two_molodka_holders_both_show_and_the_elder_leads() -> None:
    text = (SAMPLES.parent / "tests/data/invalid/bura/combo-priority.kgn").read_text()
    legal = text.replace("  1. Ilya 6C 7C 8C", "  1. Mikhail 6S 7S 8S / Ilya 6C 7C 8C / Oleg AH KD 9C -> Mikhail")
    assert replay.check(notation.loads(legal)).diagnostics == []
    (err,) = replay.check(notation.loads(text)).diagnostics
    assert (err.code, err.clause, err.line) == ("combo-priority", "B8.4", 11)


def test_bura_refusals_list_the_legal_alternatives_and_count_in_words() -> None:
    head = '[Game "bura"]\n[Players "Anna" "Boris"]\n[Dealer "Boris"]\n[Rules "classic"]\n\ndeal 1\n'
    lead = head + "  hands Anna: 6H 7S 8H / Boris: 9S TS JS / trump: QC\n  1. Anna 6H 7S\n"
    (d,) = replay.check(notation.loads(lead)).diagnostics
    assert d.code == "lead-suit" and d.legal == ["7S", "6H", "8H", "6H 8H"]
    answer = head + "  hands Anna: 6H 7S 8H / Boris: 9S TS JS / trump: QC\n  1. Anna 6H 8H / Boris 9S\n"
    (d,) = replay.check(notation.loads(answer)).diagnostics
    assert "answers with 1 card;" in d.message and "deal 1" in d.format()
    assert d.legal is not None and "9S TS" in d.legal and "down 9S TS" in d.legal


def test_the_leader_tag_is_burkozels_and_names_one_player() -> None:
    """Burkozel's rules name who leads a record's first deal (the Leader start tag); Bura
    has no such tag, and says so in its own name, at the tag, citing its setup clause."""
    head = '[Game "{game}"] [Players "Anna" "Boris"] [Dealer "Anna"] [Rules "classic"]\n{leader}'
    bura = replay.check(notation.loads(head.format(game="bura", leader='[Leader "Boris"]')))
    [d] = bura.diagnostics
    assert (d.code, d.clause, d.line) == ("setup", "B1", 2)
    assert d.message == "Bura takes no Leader tag (the first leader follows from its rules)"
    two = replay.check(notation.loads(head.format(game="burkozel", leader='[Leader "Anna" "Boris"]')))
    [d] = two.diagnostics
    assert (d.clause, d.line, d.message) == ("K1", 2, "the Leader tag names one player")
    one = replay.check(notation.loads(head.format(game="burkozel", leader='[Leader "Boris"]')))
    assert one.ok
