"""Every version of Panamax's rules a stored game may have been recorded under, oldest
first (docs/DESIGN.md, "Rules versions"): neither change needs an upcast (version 2's
new option reads as absent, no floor, for games before it)."""

from __future__ import annotations

from engines.base import RulesVersion

RULES_HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion("1", "The first reading of the rulebook"),
    RulesVersion("2", "The canal's order and ends, pushes, exits and reveals are checked (PX-M2, M3, M4, M9, "
                      "M10, M12, C3, C9, B22). \"Lowest share price without a Market table\" came in: games "
                      "before it have no floor (0)"),
)
