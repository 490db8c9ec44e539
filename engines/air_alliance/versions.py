"""Every version of Air Alliance's rules a stored game may have been recorded under, oldest
first (docs/DESIGN.md, "Rules versions"): neither change needs an upcast."""

from __future__ import annotations

from engines.base import RulesVersion

# 2: the deck running out is the turn's in which its last card turns up (the Last Turn
# settled then, not at the reshuffle); a second Alliance in one PHASE 0; after a
# reshuffle only its discards turn up; strict_gain_timing and allow_null_marker; Trio
# Sets by the cards' names (AA-C38).  Folds and judgements of stored games change.
RULES_HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion("1", "The first reading of the rulebook"),
    RulesVersion("2", "An empty deck, the Last Turn, and a card's Trio Set read from its name (AA-C27, "
                      "AA-C38). \"Only flights after a card turns up carry its passenger\" and \"A marker with "
                      "nothing legal is placed with no action\" came in: games before them play both off"),
)
