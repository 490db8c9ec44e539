"""The event-rule table: each event type declared once (``engines.table_engine.EventRule``).

Who may record which event, and its concrete choices, are in ``offers`` (a Risk's
follow-up and the late opener change them mid-turn), so no rule here lists offers."""

from __future__ import annotations

from engines.table_engine import EventRule

from . import effects, rules_turn, words
from .schemas import CardDrawnSchema, CardPlayedSchema, CardsTakenSchema, ParachuteOpenedSchema, RiskDeclinedSchema

EVENT_RULES: dict[str, EventRule] = {
    "card_drawn": EventRule(CardDrawnSchema, rules_turn.check_drawn, effects.fold_drawn, words.drawn_words),
    "card_played": EventRule(CardPlayedSchema, rules_turn.check_played, effects.fold_played, words.played_words),
    "cards_taken": EventRule(CardsTakenSchema, rules_turn.check_taken, effects.fold_taken, words.taken_words),
    "parachute_opened": EventRule(ParachuteOpenedSchema, rules_turn.check_opened, effects.fold_opened,
                                  words.opened_words),
    "risk_declined": EventRule(RiskDeclinedSchema, rules_turn.check_declined, effects.fold_declined,
                               words.declined_words),
}
