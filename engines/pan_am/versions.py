"""Every version of the rules a stored game may have been recorded under, oldest first
(docs/DESIGN.md, "Rules versions").  No event's shape has changed, so no version upcasts."""

from __future__ import annotations

from engines.base import RulesVersion

RULES_HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion("1", "The first reading of the rulebook"),
    RulesVersion("2", "Every rule a claim breaks is reported, not only the first (PA-B22, PA-LR-5, PA-D2, "
                      "PA-D3, PA-P1)"),
)
