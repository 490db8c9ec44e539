"""Every version of the rules a stored game may have been recorded under, oldest first
(docs/DESIGN.md, "Rules versions").  No event's shape has changed, so no version upcasts."""

from __future__ import annotations

from engines.base import RulesVersion

# "2": a hand emptied by the turn's second action may still open (state "may_still_open");
# snapshots cached under "1" lack that field, so the recorder must not reuse them.
# Still "2" with ``risk_declined`` (issue 21): a new event type and option; every stored
# event folds and is judged as before, and a state without the option reads it as on.
RULES_HISTORY: tuple[RulesVersion, ...] = (
    RulesVersion("1", "The first reading of the rulebook"),
    RulesVersion("2", "A player may open their parachute right after their turn's last action (PN-C02, "
                      "PN-C08). \"A player may decline the cards of their Risk\" came in later: games before it "
                      "take the cards"),
)
