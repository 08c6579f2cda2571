"""House rules (docs/rules.md, the switches): every switch value changes what the engine accepts.

Each case is a record that is legal under the switch and illegal under the default, or the
reverse, checked both ways.  Many records are games the bots play under one rule set (all
their facts stated), replayed under the other; the rest are written out below, the scoring
ones with their exact numbers.
"""

from __future__ import annotations

import copy

import pytest

import notation
import replay
from notation.records import GameRecord
from replay.games import GAMES, generate
from replay.thousand import generate_thousand

# (game, switch=value, which record is played, seed, players)
#   "switch": played under the switch, must fail under the default;
#   "default": played under the default, must fail under the switch.
GENERATED = [
    ("thousand", "bid-step=10", "default", 0, 3),
    ("thousand", "marriage-first-trick=on", "switch", 0, 3),
    ("thousand", "trump-effect=next-trick", "switch", 0, 3),
    ("thousand", "ace-marriage=200", "switch", 2, 3),
    ("thousand", "marriage-values=de", "switch", 0, 3),
    ("thousand", "round=10", "switch", 0, 3),
    ("thousand", "round=none", "switch", 0, 3),
    ("thousand", "barrel=900", "switch", 0, 3),
    ("thousand", "barrel=800-lock", "switch", 0, 3),
    ("thousand", "barrel=off", "switch", 0, 3),
    ("thousand", "barrel-hands=1", "switch", 0, 3),
    ("thousand", "barrel-hands=2", "switch", 0, 3),
    ("thousand", "barrel-hands=unlimited", "switch", 0, 3),
    ("thousand", "barrel-penalty=0", "switch", 0, 3),
    ("thousand", "barrel-penalty=240", "switch", 0, 3),
    ("thousand", "barrel-collision=knock-off", "switch", 2, 3),
    ("thousand", "bolts=3-total", "switch", 0, 3),
    ("thousand", "bolts=3-in-row", "switch", 31, 3),
    ("thousand", "concede=pagat", "switch", 0, 3),
    ("thousand", "concede=half", "switch", 0, 3),
    ("thousand", "concede=bomb", "switch", 0, 3),
    ("thousand", "dark=on", "switch", 0, 3),
    ("thousand", "golden-round=on", "switch", 0, 3),
    ("thousand", "redeal-four-nines=on", "switch", 1, 3),
    ("thousand", "dump-555=on", "switch", 2, 3),
    ("thousand", "players=4", "switch", 0, 4),
    ("thousand", "max-hands=30", "switch", 0, 3),
    ("thousand", "target=500", "switch", 0, 3),
    ("bura", "deck=32", "switch", 0, 3),
    ("bura", "hand=4", "switch", 0, 3),
    ("bura", "hand=5", "switch", 0, 3),
    ("bura", "bura=off", "default", 0, 3),
    ("bura", "molodka=off", "default", 0, 3),
    ("bura", "moskva=off", "default", 19, 3),
    ("bura", "dealt-combo=redeal", "default", 0, 3),
    ("bura", "open=on", "default", 0, 3),
    ("bura", "match=rubber-11", "switch", 0, 3),
    ("bura", "match=rubber-21", "switch", 0, 3),
    ("bura", "match=penalty-12", "switch", 0, 3),
    ("burkozel", "first-lead=lowest-trump", "switch", 0, 3),
    ("burkozel", "bura=lead", "switch", 7, 3),
    ("burkozel", "moskva=off", "default", 58, 3),
    ("burkozel", "tie=two-each", "switch", 1, 2),
    ("burkozel", "zero=zero-points", "switch", 20, 3),
    ("burkozel", "limit=20", "switch", 0, 3),
    ("burkozel", "shokha=on", "switch", 0, 3),
    ("sixtysix", "target=11", "switch", 0, 2),
    ("sixtysix", "next-dealer=loser", "switch", 0, 2),
    ("sixtysix", "last-trick=0", "switch", 2, 2),
    ("sixtysix", "nine-exchange=off", "default", 0, 2),
    ("sixtysix", "closing=off", "default", 0, 2),
    ("sixtysix", "marriage-late=off", "default", 0, 2),
]


def play(game: str, rules: str, seed: int, players: int) -> GameRecord:
    if game == "thousand":
        return generate_thousand(seed=seed, rules=rules, max_hands=60)
    return generate(game, seed=seed, players=players, rules=rules, deals=6)


def under(record: GameRecord, rules: str) -> replay.Report:
    again = copy.deepcopy(record)
    for tag in again.tags:
        if tag.name == "Rules":
            tag.values = [rules]
    return replay.check(again)


@pytest.mark.parametrize(("game", "switch", "played", "seed", "players"), GENERATED, ids=lambda x: str(x))
def test_generated_record_tells_the_switch_from_the_default(
    game: str, switch: str, played: str, seed: int, players: int
) -> None:
    rules = f"classic {switch}"
    record = play(game, rules if played == "switch" else "classic", seed, players)
    assert replay.check(record).ok, "the bots play legally under their own rules"
    other = "classic" if played == "switch" else rules
    report = under(record, other)
    assert not report.ok, f"{switch} must make a difference here"


# ---- written records --------------------------------------------------------------------

HAND = """[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "{rules}"]
{tags}
hand {number}
  deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS
  {auction}
  talon TH 9C JS
{middle}"""
PLAY = """  give Boris 9S, Vera JS
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
AUCTION = "bid Anna 100, Boris 110, Vera pass, Anna 115, Boris pass"


def thousand(switch: str, facts: str, *, tags: str = "", auction: str = AUCTION, middle: str = PLAY, number: int = 1) -> str:
    return HAND.format(rules="{rules}", tags=tags, number=number, auction=auction, middle=middle + facts)


WRITTEN = [
    # (game, switch, text with {rules}, code under the default, code under the switch)
    ("thousand", "must-overtake=on",
     thousand("", "").replace("1. Anna AS, Boris 9S, Vera QS", "1. Anna AS, Boris 9S, Vera QS").replace(
         "deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH",
         "deal Anna: KS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: AS QS KC QC JC JD JH",
     ).split("  2. ")[0].replace("1. Anna AS, Boris 9S, Vera QS -> Anna", "1. Anna KS, Boris 9S, Vera QS -> Anna"),
     None, "must-overtake"),
    ("thousand", "marriage-values=de",
     thousand("", "  points Anna 80, Boris 140, Vera 0\n  score Anna -120, Boris +140, Vera 0\n"),
     "wrong-points", None),
    ("thousand", "barrel-penalty=240",
     thousand("", "  totals Anna 120, Boris 640, Vera 0\n", tags='[Totals "0" "880" "0"]\n[Barrel "-" "2" "-"]\n'),
     "wrong-total", None),
    ("thousand", "barrel-hands=1",
     thousand("", "  totals Anna 120, Boris 760, Vera 0\n", tags='[Totals "0" "880" "0"]\n[Barrel "-" "0" "-"]\n'),
     "wrong-total", None),
    ("thousand", "barrel-hands=unlimited",
     thousand("", "  totals Anna 120, Boris 880 barrel, Vera 0\n", tags='[Totals "0" "880" "0"]\n[Barrel "-" "2" "-"]\n'),
     "wrong-total", None),
    ("thousand", "barrel-collision=knock-off",
     thousand("", "  totals Anna 880 barrel, Boris 760, Vera 0\n", tags='[Totals "760" "880" "0"]\n[Barrel "-" "0" "-"]\n'),
     "wrong-total", None),
    ("thousand", "barrel=900",
     thousand("", "  totals Anna 900 barrel, Boris 180, Vera 0\n", tags='[Totals "780" "0" "0"]\n'),
     "wrong-total", None),
    ("thousand", "barrel=800-lock",
     thousand("", "  totals Anna 120, Boris 800 barrel, Vera 0\n", tags='[Totals "0" "800" "0"]\n'),
     "wrong-total", None),
    ("thousand", "barrel=off",
     thousand("", "  totals Anna 120, Boris 980, Vera 0\n", tags='[Totals "0" "800" "0"]\n'),
     "wrong-total", None),
    ("thousand", "dump-555=on",
     thousand("", "  totals Anna 0, Boris 180, Vera 0\n", tags='[Totals "435" "0" "0"]\n'),
     "wrong-total", None),
    ("thousand", "bolts=3-total",
     thousand("", "  totals Anna 120, Boris 180, Vera -120\n", tags='[Bolts "0" "0" "2"]\n'),
     "wrong-total", None),
    ("thousand", "dark=on",
     thousand("", "  score Anna +240, Boris +180, Vera 0\n", auction="bid Anna dark 120, Boris pass, Vera pass"),
     "dark-not-allowed", None),
    ("thousand", "golden-round=on",
     thousand("", "  score Anna +240, Boris +360, Vera 0\n", auction=""),
     "wrong-score", None),
    ("thousand", "concede=pagat",
     thousand("", "  score Anna 0, Boris +60, Vera +60\n", middle="  concede\n"),
     "concede-not-allowed", None),
    ("thousand", "concede=half",
     thousand("", "  score Anna -115, Boris +55, Vera +55\n", middle="  concede\n"),
     "concede-not-allowed", None),
    ("thousand", "concede=bomb",
     thousand("", "  score Anna 0, Boris 0, Vera 0\n", middle="  concede\n"),
     "concede-not-allowed", None),
    ("thousand", "opening=dealer",
     thousand("", "", auction="bid Anna pass, Boris pass", middle=""),
     "opening-bid", None),
    ("thousand", "raise-cap=off",
     thousand("", "  score Anna -240, Boris +180, Vera 0\n", middle=PLAY.replace("contract 120", "contract 240")),
     "raise-cap", None),
    ("thousand", "barrel-fail=free",
     thousand("", "  totals Anna 880 barrel, Boris 180, Vera 0\n", middle=PLAY.replace("contract 120", "contract 125"),
              tags='[Totals "880" "0" "0"]\n[Barrel "0" "-" "-"]\n'),
     "wrong-total", None),
    ("thousand", "barrel-win=target",
     thousand("", "  totals Anna 1000, Boris 180, Vera 0\n", tags='[Totals "900" "0" "0"]\n[Barrel "0" "-" "-"]\n')
     .replace('[Rules "{rules}"]', '[Rules "{rules} barrel=900"]'),
     "wrong-total", None),
    # Boris sits on the barrel and takes 180 as a defender: with barrel-exit=any he wins.
    ("thousand", "barrel-exit=any",
     thousand("", "  totals Anna 120, Boris 1060, Vera 0\n", tags='[Totals "0" "880" "0"]\n[Barrel "-" "0" "-"]\n'),
     "wrong-total", None),
    # Boris at 850 takes 180: by default he jumps over the barrel to 1030; off, he stops on it.
    ("thousand", "barrel-jump=off",
     thousand("", "  totals Anna 120, Boris 880 barrel, Vera 0\n", tags='[Totals "0" "850" "0"]\n'),
     "wrong-total", None),
    ("thousand", "limit-result=none",
     thousand("", "  totals Anna 120, Boris 180, Vera 0\n", tags='[Result "*"]\n')
     .replace('[Rules "{rules}"]', '[Rules "{rules} max-hands=1"]'),
     "wrong-result", None),
    ("thousand", "redeal-four-nines=on",
     thousand("", "").replace("deal Anna: AS TS KH QH AH 9H 9S / Boris: KD QD AD TD AC TC 9D / Vera: KS QS KC QC JC JD JH / talon: TH 9C JS",
                              "deal Anna: 9S 9C 9D 9H AS TS KS / Boris: KD QD AD TD AC TC JD / Vera: QS JS KC QC JC KH QH / talon: TH AH JH\n  redeal Anna").split("  bid")[0],
     "redeal-not-allowed", None),
]


def test_every_switch_value_is_covered() -> None:
    covered = {(g, s) for g, s, *_ in GENERATED} | {(g, s) for g, s, *_ in WRITTEN}
    covered |= {(g, s) for g, s, *_ in BURA_WRITTEN}
    missing = []
    for game in GAMES:
        for sw in GAMES[game].rulebook.switches:
            values = [v for v in sw.values[1:] if v != "N"] or ["N"]
            for value in values:
                names = {s for g, s in covered if g == game and s.split("=")[0] == sw.name}
                if value == "N" and names:
                    continue
                if f"{sw.name}={value}" not in names:
                    missing.append(f"{game} {sw.name}={value}")
    assert not missing, missing


# ---- Bura records ------------------------------------------------------------------------

BURA_HEAD = """[Game "bura"]
[Players "Anna" "Boris"]
[Dealer "Boris"]
[Rules "{rules}"]

deal 1
"""

BURA_WRITTEN = [
    # Anna claims at her own turn to lead, not right after taking the trick (after the draw).
    ("bura", "claim=own-turn",
     BURA_HEAD + "  hands Anna: AH TH KH / Boris: AS TS KS / trump: 6C\n"
     "  1. Anna AH TH KH / Boris down AS TS KS -> Anna\n"
     "  draw Anna 7D, Boris 8D, Anna 9D, Boris JD, Anna QD, Boris KD\n"
     "  open Anna 50 win\n",
     "claim-timing", None),
    ("bura", "moskva=3-aces-with-trump",
     BURA_HEAD + "  hands Anna: 7H 8H 9H / Boris: AS AD AH / trump: 6C\n  show Boris moskva AS AD AH\n",
     None, "bad-combo"),
    ("bura", "small-moskva=sixes",
     BURA_HEAD + "  hands Anna: 7H 8H 9H / Boris: 6S 6D 6C / trump: 7C\n  1. Anna 7H\n  show Boris small-moskva 6S 6D 6C\n  1. Boris 6S\n",
     "combo-not-allowed", None),
    ("bura", "small-moskva=tens",
     BURA_HEAD + "  hands Anna: 7H 8H 9H / Boris: TS TD TC / trump: 7C\n  1. Anna 7H\n  show Boris small-moskva TS TD TC\n  1. Boris TS\n",
     "combo-not-allowed", None),
    ("bura", "two-buras=higher-card",
     BURA_HEAD + "  hands Anna: 6H 7H 8H / Boris: 9H TH JH / trump: QH\n"
     "  show Anna bura 6H 7H 8H\n  show Boris bura 9H TH JH\n  chips Anna -1, Boris +1\n",
     "wrong-chips", None),
    ("bura", "fault=match-pot",
     BURA_HEAD + "  hands Anna: 6H 7H 8H / Boris: 9S TS JS / trump: QC\n"
     "  fault Boris double-draw\n  pot 4\n  1. Anna 6H / Boris down 9S -> Anna\n",
     "out-of-order", None),
]


def written_cases() -> list[tuple[str, str, str, str | None, str | None]]:
    return WRITTEN + BURA_WRITTEN


@pytest.mark.parametrize(("game", "switch", "text", "default_code", "switch_code"), written_cases(), ids=lambda x: str(x)[:40])
def test_written_record_tells_the_switch_from_the_default(
    game: str, switch: str, text: str, default_code: str | None, switch_code: str | None
) -> None:
    def first_code(rules: str) -> str | None:
        report = replay.check(notation.loads(text.replace("{rules}", rules)))
        return report.diagnostics[0].code if report.diagnostics else None

    assert first_code("classic") == default_code
    assert first_code(f"classic {switch}") == switch_code
    assert default_code != switch_code
