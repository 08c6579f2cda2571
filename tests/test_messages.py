"""Diagnostics say what happened in the words of the game: the player, where a card is,
the clause that was broken and the moves the rules allowed there."""

from __future__ import annotations

import notation
import replay

HEAD = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "{rules}"]
{tags}
hand 1
  deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS
"""
HAND_ONE = """  bid Anna 100, Boris 110, Vera pass, Anna 115, Boris pass
  talon TH 9C JS
  give Boris 9S, Vera JS
  contract 120
  1. Anna AS, Boris 9S, Vera QS -> Anna
  2. Anna KH marriage, Boris 9D, Vera JH -> Anna
  3. Anna 9C, Boris AC, Vera JC -> Boris
  4. Boris QD marriage, Vera JD, Anna 9H -> Boris
  5. Boris AD, Vera KS, Anna TS -> Boris
  6. Boris TD, Vera JS, Anna QH -> Boris
  7. Boris KD, Vera KC, Anna TH -> Boris
  8. Boris TC, Vera QC, Anna AH -> Boris
"""


def diagnostics(text: str) -> list[notation.KgnError]:
    return replay.check(notation.loads(text)).diagnostics


def thousand(body: str, rules: str = "classic", tags: str = "") -> str:
    return HEAD.format(rules=rules, tags=tags) + body


# ---- the end of a game --------------------------------------------------------------------


def test_a_hand_after_a_session_stopped_without_result_says_so_with_its_clause() -> None:
    text = thousand(HAND_ONE + "\nhand 2\n  bid Boris 100\n", "classic max-hands=1 limit-result=none")
    [d] = diagnostics(text)
    assert d.code == "game-over" and d.clause == "T9.2"
    assert "None" not in d.message
    assert "the hand limit stopped the session with no result" in d.message


def test_a_result_named_for_a_session_the_hand_limit_stopped_without_one_cites_t92() -> None:
    text = thousand(HAND_ONE, "classic max-hands=1 limit-result=none", tags='[Result "Boris"]\n')
    [d] = diagnostics(text)
    assert (d.code, d.clause) == ("wrong-result", "T9.2")
    assert "ended with no result" in d.message and "before the game does" not in d.message
    assert not diagnostics(text.replace('"Boris"]', '"*"]'))


# ---- Bura: after a deal ended -------------------------------------------------------------

BURA = """[Game "bura"]
[Players "Anna" "Boris"]
[Dealer "Boris"]
[Rules "classic"]

deal 1
  hands Anna: 7H 8H 9H / Boris: 6S 7S 8S / trump: 6C
  1. Anna 9H / Boris 6S -> Anna
  open Anna 0 fail
"""


def test_a_draw_after_a_failed_claim_cites_the_claim_as_a_trick_there_does() -> None:
    [draw] = diagnostics(BURA + "  draw Anna 7D, Boris 8D\n")
    [trick] = diagnostics(BURA + "  2. Anna 7H / Boris 7S\n")
    assert (draw.code, draw.clause) == (trick.code, trick.clause) == ("out-of-order", "B7.2")
    assert "a claim failed" in draw.message and "dealt" not in draw.message


# ---- legal alternatives and where a card is ---------------------------------------------------

AUCTION = "  bid Anna 100, Boris 110, Vera pass, Anna 115, Boris pass\n"


def first(text: str) -> notation.KgnError:
    return diagnostics(text)[0]


def test_a_bid_off_the_step_lists_the_calls_the_bidder_had() -> None:
    d = first(thousand("  bid Anna 100, Boris 103\n"))
    assert (d.clause, d.code) == ("T3.2", "bid-step")
    assert d.legal is not None and d.legal[:3] == ["pass", "105", "110"]
    assert "legal: pass, 105, 110" in d.format()


def test_a_bid_over_the_cap_lists_the_calls_within_it() -> None:
    # Vera holds spades and clubs marriages: her cap is 120 + 40 + 60 = 220
    d = first(thousand("  bid Anna 100, Boris 105, Vera 225\n"))
    assert (d.clause, d.code) == ("T3.3", "bid-cap")
    assert d.legal is not None and d.legal[0] == "pass" and d.legal[-1] == "220"


def test_a_call_out_of_turn_lists_the_calls_of_the_player_whose_turn_it_is() -> None:
    d = first(thousand("  bid Anna 100, Vera 105\n"))
    assert (d.clause, d.code) == ("T3.2", "out-of-turn")
    assert d.legal is not None and d.legal[:2] == ["Boris pass", "Boris 105"]


def test_a_contract_below_the_bid_lists_the_contracts_allowed() -> None:
    d = first(thousand(AUCTION + "  talon TH 9C JS\n  give Boris 9S, Vera JS\n  contract 110\n"))
    assert (d.clause, d.code) == ("T4.3", "raise-lower")
    assert d.legal is not None and d.legal[0] == "115"


def test_a_card_held_by_another_player_names_both_and_the_legal_cards() -> None:
    text = thousand(
        AUCTION
        + "  talon TH 9C JS\n  give Boris 9S, Vera JS\n  contract 120\n"
        + "  1. Anna AS, Boris 9S, Vera QS -> Anna\n  2. Anna TC\n"
    )
    d = first(text)
    assert (d.clause, d.code) == ("T2", "card-not-held")
    assert d.message == "TC is not among Anna's cards; it is known to be in Boris's hand"
    assert d.legal == ["TS", "9C", "9H", "QH", "KH", "TH", "AH"]


def test_a_bura_card_held_by_another_player_is_told_the_same_way() -> None:
    d = first(BURA.split("  1.")[0] + "  1. Anna 6S\n")
    assert d.message == "6S is not among Anna's cards; it is known to be in Boris's hand"
    assert d.legal is not None and "7H 8H 9H" in d.legal
