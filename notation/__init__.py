"""KGN, the Kozyr Game Notation: cards, records, reader, writer and JSON.

>>> import notation
>>> text = '''[Game "thousand"]
... [Players "Anna" "Boris" "Vera"]
... [Dealer "Vera"]
... [Rules "classic"]
...
... hand 1
...   bid anna 100, Boris pass, Vera pass
... '''
>>> game = notation.loads(text)
>>> game.hands[0].auction[0].seat
'Anna'
>>> print(notation.dumps(game), end="")
[Game "thousand"]
[Players "Anna" "Boris" "Vera"]
[Dealer "Vera"]
[Rules "classic"]
<BLANKLINE>
hand 1
  bid Anna 100, Boris pass, Vera pass
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .cards import Card, Rank, Suit, canonical_card, card_code, card_points, parse_card
from .errors import IllegalMoveError, KgnError, KgnSyntaxError, RulesConfigError, WrongFactError
from .lazy import lazy_attributes

if TYPE_CHECKING:
    from .api import dump, dumps, load, load_all, loads, loads_all, write_game
    from .kinds import KINDS, NotationKind
    from .parse import GameReader, iter_games, parse_game, read_game, split_games
    from .records import GameRecord

__all__ = [
    "KINDS",
    "Card",
    "GameReader",
    "GameRecord",
    "IllegalMoveError",
    "KgnError",
    "KgnSyntaxError",
    "NotationKind",
    "Rank",
    "RulesConfigError",
    "Suit",
    "WrongFactError",
    "canonical_card",
    "card_code",
    "card_points",
    "dump",
    "dumps",
    "iter_games",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_card",
    "parse_game",
    "read_game",
    "split_games",
    "write_game",
]

__version__ = "0.1.0"

# The reader (Lark), the records and the writer load when first used (notation.lazy).
_LAZY = {
    **dict.fromkeys(("dump", "dumps", "load", "load_all", "loads", "loads_all"), ".api"),
    **dict.fromkeys(("GameReader", "iter_games", "parse_game", "read_game", "split_games"), ".parse"),
    **dict.fromkeys(("KINDS", "NotationKind"), ".kinds"),
    "GameRecord": ".records",
    "write_game": ".api",
}


__getattr__ = lazy_attributes(__name__, _LAZY, globals())

if "IPython" in sys.modules:  # a notebook: records show themselves (notation.jupyter)
    from .jupyter import register

    register()
