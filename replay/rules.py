"""Rule switches and presets (docs/rules.md, the switches): what every game's rulebook is.

A record declares its rules in the ``Rules`` tag: a preset, then ``switch=value``
overrides.  Each game brings its :class:`Rulebook` (its switches, presets and the values
that contradict each other: ``RULEBOOK`` in ``replay/<game>/engine.py``), which resolves a ``Rules`` text
into a :class:`RuleSet`, or raises a :class:`RulesConfigError` that lists the valid choices
(:func:`replay.parse_rules` asks the game's rulebook by the game's name).

>>> book = Rulebook("x", (switch("step", "5|10", "X1", "a step"), switch("cap", "on|off", "X2", "a cap")))
>>> rules = book.parse("classic step=10")
>>> rules["step"], rules["cap"], rules.text()
('10', 'on', 'classic step=10')
>>> book.parse("classic step=7")
Traceback (most recent call last):
...
notation.errors.RulesConfigError: <input>: error[bad-switch-value]: step=7 is not a value ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from notation.errors import RulesConfigError, clip
from notation.i18n import tr
from notation.parse import parse_number

__all__ = [
    "NUMBER",
    "RuleSet",
    "Rulebook",
    "Switch",
    "conflict",
    "did_you_mean",
    "switch",
]

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
        return ", ".join(tr("a whole number") if v == NUMBER else v for v in self.values)


def switch(name: str, values: str, clauses: str, help: str) -> Switch:
    """A switch from its values written ``a|b|c`` (the first the default)."""
    return Switch(name, tuple(values.split("|")), clauses, help)


def conflict(message: str) -> None:
    """Two switch values contradict each other (what a rulebook's ``conflicts`` raises)."""
    raise RulesConfigError(message, code="conflicting-switches")


@dataclass(frozen=True)
class Rulebook:
    """One game's house rules: its switches (with their defaults, the rules of
    docs/rules.md), its presets, and the values that contradict each other."""

    game: str
    switches: tuple[Switch, ...]
    presets: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: {"classic": {}})
    conflicts: Callable[[dict[str, str], set[str]], None] | None = None
    """Raises :func:`conflict` for a contradictory set of values (given: the switches
    the text named)."""
    steady: tuple[str, ...] = ()
    """Switches :func:`random_rules` leaves alone (numbers a random mix should not move)."""

    def switch(self, name: str) -> Switch:
        return next(s for s in self.switches if s.name == name)

    def defaults(self) -> dict[str, str]:
        return {s.name: s.default for s in self.switches}

    def parse(self, text: str) -> RuleSet:
        """Resolve a Rules tag: ``"classic"``, ``"polish round=5"``, ``"bid-step=10"``
        (overrides alone start from ``classic``)."""
        switches = {s.name: s for s in self.switches}
        presets = self.presets
        words = text.split()
        preset = "classic"
        if words and "=" not in words[0]:
            preset = words.pop(0).lower()
            if preset not in presets:
                raise RulesConfigError(
                    tr("unknown preset {preset} for {game}; choose one of: {presets}").format(
                        preset=clip(repr(preset)), game=self.game, presets=", ".join(presets)
                    )
                    + did_you_mean(preset, presets),
                    code="unknown-preset",
                )
        values = self.defaults()
        values.update(presets[preset])
        given: set[str] = set()
        for word in words:
            name, eq, value = word.partition("=")
            name = name.lower()
            if not eq:
                raise RulesConfigError(
                    tr(
                        "{clip} is not switch=value (a preset comes first, once); presets: "
                        "{list}"
                    ).format(
                        clip=clip(repr(word)), list=', '.join(presets)
                    ),
                    code="unknown-preset" if "=" not in word else "unknown-switch",
                )
            if name not in switches:
                raise RulesConfigError(
                    tr("unknown switch {switch} for {game}; the switches are: {switches}").format(
                        switch=clip(repr(name)), game=self.game, switches=", ".join(switches)
                    )
                    + did_you_mean(name, switches),
                    code="unknown-switch",
                )
            if name in given:
                raise RulesConfigError(tr("switch {name} is given twice").format(name=name), code="conflicting-switches")
            sw = switches[name]
            if not sw.accepts(value.lower()):
                raise RulesConfigError(
                    tr("{name}={value} is not a value of {name}; choose one of: {choices}").format(
                        name=name, value=clip(value), choices=sw.choices()
                    )
                    + did_you_mean(value, [v for v in sw.values if v != NUMBER]),
                    code="bad-switch-value",
                )
            given.add(name)
            values[name] = value.lower()
        if self.conflicts is not None:
            self.conflicts(values, given)
        return RuleSet(self, preset, values)

    def random(self, rng: random.Random, share: float = 0.3) -> str:
        """A ``Rules`` text with a random mix of the switches that the rules accept (each
        switch changed with probability ``share``; the numeric and steady ones left
        alone), for tests and benchmarks that play under many house rules."""
        while True:
            picks = [
                f"{s.name}={rng.choice([v for v in s.values if v != NUMBER])}"
                for s in self.switches
                if rng.random() < share
                and any(v != NUMBER for v in s.values)
                and s.name not in self.steady
            ]
            text = " ".join(["classic", *picks])
            try:
                self.parse(text)
            except RulesConfigError:
                continue
            return text


@dataclass(frozen=True)
class RuleSet(Mapping[str, str]):
    """Resolved settings: every switch of the game with its value."""

    rulebook: Rulebook
    preset: str
    settings: dict[str, str] = field(default_factory=dict)

    @property
    def game(self) -> str:
        return self.rulebook.game

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
            for s in self.rulebook.switches
            if self.settings[s.name] != s.default
        }

    def text(self) -> str:
        base = self.rulebook.presets[self.preset]
        defaults = self.rulebook.defaults()
        extra = [f"{k}={v}" for k, v in self.settings.items() if base.get(k, defaults[k]) != v]
        return " ".join([self.preset, *extra])


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``; did you mean 'classic'?`` when a choice is close to ``word``, else nothing.

    >>> did_you_mean("clasic", ["classic", "polish"])
    "; did you mean 'classic'?"
    """
    import difflib

    by_fold = {c.casefold(): c for c in choices}
    close = difflib.get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=0.6)
    return tr("; did you mean {choice!r}?").format(choice=by_fold[close[0]]) if close else ""
