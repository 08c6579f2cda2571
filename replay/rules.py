"""Rule switches and presets (docs/rules.md, the switches).

A record declares its rules in the ``Rules`` tag: a preset, then ``switch=value``
overrides.  :func:`parse_rules` resolves that text into a :class:`RuleSet` or raises a
:class:`RulesConfigError` that lists the valid choices.

>>> rules = parse_rules("thousand", "classic bid-step=10 barrel=900")
>>> rules["bid-step"], rules["barrel"], rules["round"]
('10', '900', '5')
>>> parse_rules("thousand", "classic bid-step=7")
Traceback (most recent call last):
...
notation.errors.RulesConfigError: <input>: error[bad-switch-value]: bid-step=7 is not a value ...
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from notation.errors import RulesConfigError, clip
from notation.parse import parse_number

__all__ = ["NUMBER", "PRESETS", "SWITCHES", "RuleSet", "Switch", "parse_rules", "random_rules"]

NUMBER = "N"
"""In a switch's values: any whole number."""


@dataclass(frozen=True, slots=True)
class Switch:
    """One rule switch: its values (the first is the default), clauses and description."""

    name: str
    values: tuple[str, ...]
    clauses: str
    help: str

    @property
    def default(self) -> str:
        return self.values[0]

    def accepts(self, value: str) -> bool:
        if value in self.values:
            return True
        number = parse_number(value)
        return NUMBER in self.values and value.isdigit() and number is not None and number > 0

    def choices(self) -> str:
        return ", ".join("a whole number" if v == NUMBER else v for v in self.values)


def _s(name: str, values: str, clauses: str, help: str) -> Switch:
    return Switch(name, tuple(values.split("|")), clauses, help)


SWITCHES: dict[str, tuple[Switch, ...]] = {
    "thousand": (
        _s("bid-step", "5|10", "T3.2 T4.3", "bids and raises are multiples of this"),
        _s(
            "opening",
            "forehand|dealer",
            "T3.1",
            "who holds the compulsory 100: the forehand opens with it, or the dealer has it",
        ),
        _s("raise-cap", "on|off", "T4.3", "off: the contract may be raised above the cap"),
        _s(
            "must-overtake",
            "off|on",
            "T5.3",
            "a follower must beat the trick's best card if he can",
        ),
        _s("marriage-first-trick", "off|on", "T6.3", "a marriage may be declared in trick 1"),
        _s(
            "trump-effect",
            "now|next-trick",
            "T6.5",
            "a declared suit is trump from this trick or the next",
        ),
        _s(
            "ace-marriage",
            "off|200",
            "T6.2",
            "the four aces, declared by leading an ace, score 200",
        ),
        _s("marriage-values", "ru|de", "T6.4", "ru: S40 C60 D80 H100; de: C100 S80 H60 D40"),
        _s("round", "5|10|none", "T7.3", "how opponents' hand points are rounded"),
        _s(
            "barrel",
            "880|900|800-lock|off",
            "T8",
            "the barrel threshold (900: winning contract 100)",
        ),
        _s("barrel-hands", "3|1|2|unlimited", "T8.4", "hands a player may stay on the barrel"),
        _s("barrel-penalty", "120|0|240", "T8.4", "what falling off the barrel costs"),
        _s(
            "barrel-fail",
            "lose|free",
            "T8.3",
            "free: a declarer who fails on the barrel loses nothing and stays on",
        ),
        _s(
            "barrel-win",
            "score|target",
            "T8.2",
            "target: a player who wins from the barrel ends on the target exactly",
        ),
        _s(
            "barrel-exit",
            "declarer|any",
            "T8.2",
            "any: a defender on the barrel who scores 120 or more wins too",
        ),
        _s(
            "barrel-jump",
            "on|off",
            "T8.5",
            "off: nobody jumps over the barrel; a total passing the target stops on it",
        ),
        _s(
            "barrel-collision",
            "coexist|knock-off",
            "T8.5",
            "a player getting on knocks off the others",
        ),
        _s("bolts", "off|3-total|3-in-row", "T7", "the third hand without a trick costs 120"),
        _s(
            "concede",
            "off|pagat|half|bomb",
            "T4",
            "the declarer may give the hand up after the talon",
        ),
        _s("dark", "off|on", "T3", "the forehand may open blind with 120; his score is doubled"),
        _s("golden-round", "off|on", "T3", "hands 1-3 without auction, 120 each, scores doubled"),
        _s("redeal-four-nines", "off|on", "T2", "a player dealt four nines may ask for a redeal"),
        _s("dump-555", "off|on", "T7.4", "a total of exactly 555 drops to 0"),
        _s("players", "3|4", "T1", "with 4 the dealer sits out each hand"),
        _s("max-hands", "200|N", "T9.2", "the game ends after this many hands"),
        _s(
            "limit-result",
            "higher|none",
            "T9.2",
            "at the hand limit: the higher total wins, or the session stops with no result",
        ),
        _s("target", "1000|N", "T9.1", "the total that wins"),
    ),
    "bura": (
        _s("deck", "36|32", "B1", "36 cards (6..A) or 32 (7..A)"),
        _s("hand", "3|4|5", "B2 B3", "hand size, also the largest lead"),
        _s("claim", "after-trick|own-turn", "B7.1", "when a player may claim (open)"),
        _s("bura", "win|off", "B8.1", "three trumps win the pot at once"),
        _s("molodka", "out-of-turn|off", "B8.2", "three cards of a suit give an out-of-turn lead"),
        _s(
            "moskva",
            "3-aces|3-aces-with-trump|off",
            "B8.3",
            "three aces give the out-of-turn right",
        ),
        _s(
            "small-moskva",
            "off|sixes|tens",
            "B8.3",
            "three sixes with the trump six (or tens) stop a lead",
        ),
        _s("two-buras", "playoff|higher-card", "B8.5", "how simultaneous buras are settled"),
        _s("dealt-combo", "play|redeal", "B8", "a combination in a fresh deal voids it"),
        _s("open", "off|on", "B11", "every card is played face up"),
        _s("fault", "lose|match-pot", "B10", "what a drawing fault costs"),
        _s("match", "pot|rubber-11|rubber-21|penalty-12", "B1", "how a match is scored"),
    ),
    "burkozel": (
        _s("first-lead", "left|lowest-trump", "K3", "who leads the first deal"),
        _s("bura", "win|lead", "K6", "four trumps win the deal, or only give the lead"),
        _s("moskva", "triple|off", "K6", "four aces win the deal with triple penalties"),
        _s("tie", "double-next|two-each", "K7", "what a tie for the top does"),
        _s("zero", "no-trick|zero-points", "K7", "what earns the 6-point penalty"),
        _s("limit", "12|N", "K8", "penalty points that lose the game"),
        _s("shokha", "off|on", "K4", "the 6 of spades is the highest card and joins any lead"),
    ),
}

PRESETS: dict[str, dict[str, dict[str, str]]] = {
    "thousand": {
        "classic": {},
        "polish": {
            "bid-step": "10",
            "must-overtake": "on",
            "marriage-first-trick": "on",
            "round": "10",
            "barrel": "800-lock",
            "concede": "bomb",
        },
        "pagat": {"bolts": "3-total", "concede": "pagat", "redeal-four-nines": "on"},
    },
    "bura": {"classic": {}},
    "burkozel": {"classic": {}},
}


@dataclass(frozen=True)
class RuleSet(Mapping[str, str]):
    """Resolved settings: every switch of the game with its value."""

    game: str
    preset: str
    settings: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: str) -> str:
        return self.settings[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.settings)

    def __len__(self) -> int:
        return len(self.settings)

    def overrides(self) -> dict[str, str]:
        """The switches whose value differs from the default."""
        return {
            s.name: self.settings[s.name]
            for s in SWITCHES[self.game]
            if self.settings[s.name] != s.default
        }

    def text(self) -> str:
        base = PRESETS[self.game][self.preset]
        extra = [
            f"{k}={v}" for k, v in self.settings.items() if base.get(k, _default(self.game, k)) != v
        ]
        return " ".join([self.preset, *extra])


def _default(game: str, name: str) -> str:
    return next(s.default for s in SWITCHES[game] if s.name == name)


def defaults(game: str) -> dict[str, str]:
    return {s.name: s.default for s in SWITCHES[game]}


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``; did you mean 'classic'?`` when a choice is close to ``word``, else nothing.

    >>> did_you_mean("clasic", ["classic", "polish"])
    "; did you mean 'classic'?"
    """
    import difflib

    by_fold = {c.casefold(): c for c in choices}
    close = difflib.get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=0.6)
    return f"; did you mean {by_fold[close[0]]!r}?" if close else ""


def parse_rules(game: str, text: str) -> RuleSet:
    """Resolve a Rules tag: ``"classic"``, ``"polish round=5"``, ``"bid-step=10"``
    (overrides alone start from ``classic``)."""
    switches = {s.name: s for s in SWITCHES[game]}
    presets = PRESETS[game]
    words = text.split()
    preset = "classic"
    if words and "=" not in words[0]:
        preset = words.pop(0).lower()
        if preset not in presets:
            raise RulesConfigError(
                f"unknown preset {clip(repr(preset))} for {game}; choose one of: "
                f"{', '.join(presets)}" + did_you_mean(preset, presets),
                code="unknown-preset",
            )
    values = defaults(game)
    values.update(presets[preset])
    given: set[str] = set()
    for word in words:
        name, eq, value = word.partition("=")
        name = name.lower()
        if not eq:
            raise RulesConfigError(
                f"{clip(repr(word))} is not switch=value (a preset comes first, once); presets: "
                f"{', '.join(presets)}",
                code="unknown-preset" if "=" not in word else "unknown-switch",
            )
        if name not in switches:
            raise RulesConfigError(
                f"unknown switch {clip(repr(name))} for {game}; the switches are: "
                f"{', '.join(switches)}" + did_you_mean(name, switches),
                code="unknown-switch",
            )
        if name in given:
            raise RulesConfigError(f"switch {name} is given twice", code="conflicting-switches")
        switch = switches[name]
        if not switch.accepts(value.lower()):
            raise RulesConfigError(
                f"{name}={clip(value)} is not a value of {name}; choose one of: {switch.choices()}"
                + did_you_mean(value, [v for v in switch.values if v != NUMBER]),
                code="bad-switch-value",
            )
        given.add(name)
        values[name] = value.lower()
    _check_conflicts(game, values, given)
    return RuleSet(game, preset, values)


def _conflict(message: str) -> None:
    raise RulesConfigError(message, code="conflicting-switches")


def _thousand_conflicts(v: dict[str, str], given: set[str]) -> None:
    barrel_detail = [
        k
        for k in (
            "barrel-hands",
            "barrel-penalty",
            "barrel-collision",
            "barrel-fail",
            "barrel-win",
            "barrel-exit",
            "barrel-jump",
        )
        if k in given
    ]
    if v["opening"] == "dealer" and v["players"] == "4":
        _conflict("opening=dealer contradicts players=4: the dealer sits out every hand")
    if v["barrel"] == "off" and barrel_detail:
        _conflict(f"barrel=off contradicts {', '.join(barrel_detail)}: there is no barrel")
    if v["barrel"] == "800-lock" and barrel_detail:
        _conflict(
            f"barrel=800-lock has no hand limit, fall or collision; it contradicts "
            f"{', '.join(barrel_detail)}"
        )
    if int(v["target"]) < 300:
        _conflict(
            f"target={v['target']} is too low: the barrel lies 120 below it (use 300 or more)"
        )


def _bura_conflicts(v: dict[str, str], given: set[str]) -> None:
    if v["small-moskva"] == "sixes" and v["deck"] == "32":
        _conflict("small-moskva=sixes needs the sixes: it contradicts deck=32")
    if v["two-buras"] != "playoff" and v["bura"] == "off" and "two-buras" in given:
        _conflict("two-buras settles buras, which bura=off turns off")


_CONFLICTS = {"thousand": _thousand_conflicts, "bura": _bura_conflicts}
"""Per game: the switch values that contradict each other."""


def _check_conflicts(game: str, v: dict[str, str], given: set[str]) -> None:
    check = _CONFLICTS.get(game)
    if check is not None:
        check(v, given)


def random_rules(game: str, rng: random.Random, share: float = 0.3) -> str:
    """A ``Rules`` text with a random mix of the game's switches that the rules accept
    (each switch changed with probability ``share``; the numeric ones left alone), for
    tests and benchmarks that play under many house rules."""
    while True:
        picks = [
            f"{s.name}={rng.choice([v for v in s.values if v != NUMBER])}"
            for s in SWITCHES[game]
            if rng.random() < share
            and any(v != NUMBER for v in s.values)
            and s.name not in ("target", "limit", "barrel-hands")
        ]
        text = " ".join(["classic", *picks])
        try:
            parse_rules(game, text)
        except RulesConfigError:
            continue
        return text
