"""The event-rule table: each Pan Am event type declared once (``engines.table_engine.EventRule``):
its schema (``schemas``), its check (its guard and its rules, in ``rules_event``,
``rules_engineer``, ``rules_resolution``, ``rules_pan_am`` and ``rules_cards``, judged by
``rules.judge``), its fold (``effects``, run by ``effects.fold_event``) and its words
(``words``, through ``words.line``).

No rule lists offers: ``expected`` (``offers``) answers by phase, not by type.  ``by`` says
who records the event (the package docstring's "(table)" and "(player)"); whose turn it is
is each type's guard, under its own PA code, so ``by`` is never judged (``PanAm.turn_guard``)."""

from __future__ import annotations

from typing import Literal

from marshmallow import Schema

from engines.pan_am import effects, rules_cards, rules_engineer, rules_event, rules_pan_am, rules_resolution, words
from engines.pan_am.rules import Check, event_effect_rules, judge, no_rules, resolution_guard
from engines.pan_am.schemas import (
    AirportPlacedSchema,
    CardsDealtSchema,
    DestinationTakenSchema,
    DieRolledSchema,
    DirectivePlayedSchema,
    DisplayRefilledSchema,
    EffectsSchema,
    EmptySchema,
    EngineerAssignedSchema,
    EngineerSetAsideSchema,
    EventCardRevealedSchema,
    IncomeCollectedSchema,
    PanAmExpandedSchema,
    PathExhaustedSchema,
    PlaneAcquiredSchema,
    RouteClaimedSchema,
    RouteClaimWastedSchema,
    RouteSoldSchema,
    StockBoughtSchema,
)
from engines.table_engine import EventRule


def _rule(event_type: str, schema: type[Schema], guard: Check, rules: Check, fold: effects.Handler,
          line: words.Line, by: Literal["turn", "table"] = "turn") -> tuple[str, EventRule]:
    return event_type, EventRule(schema, judge(event_type, guard, rules), fold, words.line(event_type, line), by=by)


EVENT_RULES: dict[str, EventRule] = dict([
    # -- set-up and the Event phase
    _rule("cards_dealt", CardsDealtSchema, rules_event.guard_dealt, rules_event.check_dealt,
          effects.fold_dealt, words.dealt_words, by="table"),
    _rule("event_card_revealed", EventCardRevealedSchema, rules_event.guard_revealed, rules_event.check_revealed,
          effects.fold_revealed, words.revealed_words, by="table"),
    _rule("event_effect", EffectsSchema, rules_event.guard_event_effect, event_effect_rules,
          effects.fold_event_effect, words.effects_words, by="table"),
    # -- the Engineer phase
    _rule("engineer_assigned", EngineerAssignedSchema, rules_engineer.guard, rules_engineer.check_assigned,
          effects.fold_assigned, words.assigned_words),
    _rule("engineer_set_aside", EngineerSetAsideSchema, rules_engineer.guard, rules_engineer.check_set_aside,
          effects.fold_set_aside, words.set_aside_words),
    # -- the Resolution phase
    _rule("airport_placed", AirportPlacedSchema, resolution_guard("airport_placed"), rules_resolution.check_airport,
          effects.fold_airport, words.airport_words),
    _rule("airport_kept", EmptySchema, resolution_guard("airport_kept"), rules_resolution.check_airport_kept,
          effects.fold_airport_kept, words.airport_kept_words),
    _rule("destination_taken", DestinationTakenSchema, resolution_guard("destination_taken"),
          rules_resolution.check_destination, effects.fold_destination, words.taken_words),
    _rule("destination_display_refilled", DisplayRefilledSchema, rules_resolution.guard_refill,
          rules_resolution.check_refill, effects.fold_refilled, words.refilled_words, by="table"),
    _rule("plane_acquired", PlaneAcquiredSchema, resolution_guard("plane_acquired"), rules_resolution.check_plane,
          effects.fold_plane, words.plane_words),
    _rule("bid_failed", EmptySchema, resolution_guard("bid_failed"), rules_resolution.check_bid_failed,
          effects.fold_bid_failed, words.bid_failed_words),
    _rule("route_claimed", RouteClaimedSchema, resolution_guard("route_claimed"), rules_resolution.check_route,
          effects.fold_route_claimed, words.claimed_words),
    _rule("route_claim_wasted", RouteClaimWastedSchema, resolution_guard("route_claim_wasted"),
          rules_resolution.check_nothing, effects.fold_wasted, words.wasted_words),
    _rule("directive_drawn", EmptySchema, resolution_guard("directive_drawn"), rules_resolution.check_nothing,
          effects.fold_directive_drawn, words.drawn_words),
    # -- the Pan Am phase
    _rule("die_rolled", DieRolledSchema, rules_pan_am.guard_roll, rules_pan_am.check_roll,
          effects.fold_rolled, words.rolled_words, by="table"),
    _rule("pan_am_expanded", PanAmExpandedSchema, rules_pan_am.guard_path, rules_pan_am.check_expanded,
          effects.fold_expanded, words.expanded_words, by="table"),
    _rule("pan_am_path_exhausted", PathExhaustedSchema, rules_pan_am.guard_path, rules_pan_am.check_exhausted,
          effects.fold_exhausted, words.exhausted_words, by="table"),
    _rule("route_sold_to_pan_am", RouteSoldSchema, rules_pan_am.guard_offer, rules_pan_am.check_sold,
          effects.fold_sold, words.sold_words),
    _rule("pan_am_offer_declined", EmptySchema, rules_pan_am.guard_offer, no_rules,
          effects.fold_declined, words.declined_words),
    _rule("income_collected", IncomeCollectedSchema, rules_pan_am.guard_income, rules_pan_am.check_income,
          effects.fold_income, words.income_words, by="table"),
    _rule("stock_bought", StockBoughtSchema, rules_pan_am.guard_stock, rules_pan_am.check_stock,
          effects.fold_stock_bought, words.stock_words),
    # -- any time, by the player who holds the card
    _rule("directive_played", DirectivePlayedSchema, rules_cards.guard_directive, rules_cards.check_directive,
          effects.fold_directive_played, words.played_words, by="table"),
])
