"""Every diagnostic code kozyr reports, in one list (docs/rules.md says what each means and
which clause it cites): ``kozyr query --code`` takes only these, and a test holds the list
to the codes the source raises and to the docs."""

from __future__ import annotations

from typing import Final

__all__ = ["CODES"]

CODES: Final = frozenset(
    """
    answer-size auction-incomplete auction-over bad-combo bad-move bad-switch-value bid-cap
    bid-step bid-too-low card-not-held card-played-twice claim-not-allowed claim-timing
    claim-unknown close-invalid combo-not-allowed combo-priority combo-timing
    concede-not-allowed conflicting-switches dark-not-allowed deal-number deal-size dealer
    draw-mismatch draw-missing draw-order duplicate-card duplicate-tag encoding
    exchange-invalid face-down fault-not-allowed game-count game-over give hand-number header
    hidden-contradiction incomplete-deal incomplete-hand incomplete-trick json lead-size
    lead-suit marriage-first-trick marriage-invalid marriage-late missing-tag more-errors
    must-follow must-overtake must-trump not-in-deck opening-bid out-of-order out-of-turn
    out-timing players raise-cap raise-lower record-limit redeal-not-allowed setup showed-out
    syntax talon-mismatch trick-number trick-size trump-unknown unknown-card unknown-cards
    unknown-player unknown-preset unknown-switch wrong-barrel wrong-chips wrong-count
    wrong-leader wrong-outcome wrong-penalty wrong-points wrong-pot wrong-result wrong-score
    wrong-total wrong-winner wrong-wins
    """.split()
)
"""The diagnostic codes, as ``Diagnostic.code`` and ``--format json`` give them."""
