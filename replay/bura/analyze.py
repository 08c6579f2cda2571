"""What Bura's analysis adds to the endings every game has (replay/endings.py): the claim
line.

After every trick, its taker's true count (the card points of all the tricks he took,
face-down cards included) against 31: a claim made below 31 is shown as false (it costs
the claimant the pot, B7.2; the solved ending values it so), and a trick after which a
player had 31 or more and did not claim as a missed claim.  A variant without claims
(``claim`` ``none`` in its settings):
nothing is added.
"""

from __future__ import annotations

from notation.bura.records import Claim
from notation.i18n import tr
from notation.records import Comment

from ..endings import Moves
from .engine import BuraEngine

__all__ = ["claim_line", "note_false_claims"]


def _count(table: BuraEngine, seat: int) -> int:
    """The card points of the tricks ``seat`` took, face-down cards included."""
    return table.pile_points(seat)[0]


def claim_line(moves: Moves) -> list[str]:
    """The claim line of one deal: after each trick its taker's true count; each claim with
    the claimant's count; a missed claim where a taker had 31 or more and did not claim.
    Nothing for a variant without claims."""
    out: list[str] = []
    tables = [(b, n, a) for b, n, a, _ in moves if isinstance(b, BuraEngine) and isinstance(a, BuraEngine)]
    if not tables or tables[0][0].settings.claim == "none":
        return out
    for k, (before, node, after) in enumerate(tables):
        d0, d1 = before.round, after.round
        if d0 is None:
            continue
        if isinstance(node, Claim):
            if node.seat in before.players:
                count = _count(before, before.players.index(node.seat))
                if count >= 31:
                    line = tr("claims: {player} claims with {count}: a true claim")
                else:
                    line = tr("claims: {player} claims with {count}: a false claim: under 31, it costs the pot")
                out.append("  " + line.format(player=node.seat, count=count))
            continue
        if d1 is None or d1.trick_no <= d0.trick_no or d1.last_taker is None:
            continue
        s = d1.last_taker
        count = _count(after, s)
        note = tr("claims: after trick {trick} {player} has {count}")
        if count >= 31:
            nxt = tables[k + 1][1] if k + 1 < len(tables) else None
            claimed = isinstance(nxt, Claim) and nxt.seat == after.name(s)
            if claimed:
                note = tr("claims: after trick {trick} {player} has {count}: a claim follows")
            else:
                note = tr(
                    "claims: after trick {trick} {player} has {count}: 31 or more and no claim (a "
                    "missed claim)"
                )
        out.append("  " + note.format(trick=d0.trick_no, player=after.name(s), count=count))
    return out


def note_false_claims(moves: Moves) -> None:
    """A comment on every false claim of one deal (``annotate --analysis``)."""
    for before, node, _, _ in moves:
        if not isinstance(node, Claim) or not isinstance(before, BuraEngine) or node.seat not in before.players:
            continue
        count = _count(before, before.players.index(node.seat))
        if count < 31:
            text = tr("a false claim: {count} of 31, it costs the pot").format(count=count)
            if not any(isinstance(n, Comment) and n.text == text for n in node.notes):
                node.notes.append(Comment(text=text))
