"""The event-rule table: each event type declared once (``engines.base.EventRule``)."""

from __future__ import annotations

from engines.table_engine import EventRule

from . import rules_turn, words
from .offers import points_offered
from .schemas import PointsScored, TurnEnded

EVENT_RULES: dict[str, EventRule] = {
    "points_scored": EventRule(PointsScored, rules_turn.check_scored, rules_turn.apply_scored, words.scored_words,
                               points_offered),
    "turn_ended": EventRule(TurnEnded, rules_turn.check_ended, rules_turn.apply_ended, words.ended_words),
}
