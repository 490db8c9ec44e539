"""Every version of The Isle of Pan's rules a stored game may have been recorded under,
oldest first (docs/DESIGN.md, "Rules versions").  One so far: the rule that came in later
is an option whose absent value replays older games as they were played."""

from __future__ import annotations

from engines.base import RulesVersion

RULES_HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion("1", "The first reading of the rulebook. \"An Explorer that stays put must stand on an "
                      "empty space\" came in later: games before it play it off"),
)
