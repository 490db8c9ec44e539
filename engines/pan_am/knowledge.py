"""Declared facts: which facts an event declares, and folding them into the table.

The rules ask ``facts_of`` for the facts an event would declare and report each
contradiction (``declared/conflict``); the effects declare them (the first value wins)
and mirror regions and distances onto the state's ``cities`` and ``routes``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engines.base import State
from engines.declared import Fact, declare
from engines.pan_am.facts import (
    cost_fact,
    directive_facts,
    directive_key,
    distance_fact,
    distance_key,
    event_facts,
    member_fact,
    path_fact,
    plain_effects,
    region_fact,
    region_key,
)
from engines.pan_am.state import BIDDING_AREAS, route_key


def _cities(value: Any) -> list[str] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(c, str) for c in value):
        return [value[0], value[1]]
    return None


def _regions(regions: Any) -> list[Fact]:
    if not isinstance(regions, Mapping):
        return []
    return [region_fact(str(city), str(region)) for city, region in regions.items() if region is not None]


def _route(data: Mapping[str, Any]) -> list[Fact]:
    facts = _regions(data.get("regions"))
    cities = _cities(data.get("cities"))
    distance = data.get("distance")
    if cities is not None and isinstance(distance, int) and cities[0] != cities[1]:
        facts.append(distance_fact(route_key(cities), distance))
    return facts


def _card(card: Any) -> list[Fact]:
    if isinstance(card, Mapping) and isinstance(card.get("city"), str) and card.get("region") is not None:
        return [region_fact(card["city"], str(card["region"]))]
    return []


def effect_facts(effects: Any) -> list[Fact]:
    """Facts carried by card effects (a card gained, an Airport's region, a free route)."""
    facts: list[Fact] = []
    for effect in effects if isinstance(effects, list) else []:
        kind = effect.get("kind")
        if kind == "gain_destination":
            facts += _card(effect.get("card"))
        elif kind == "place_airport" and effect.get("region") is not None:
            facts.append(region_fact(str(effect.get("city")), str(effect["region"])))
        elif kind == "free_route":
            facts += _route(effect)
    return facts


def card_facts(state: State, event_type: str, data: Mapping[str, Any], who: str | None) -> list[Fact]:
    """The face of an Event or Directive card, declared only on a board with that card section
    (so that games without one keep the registry they always had)."""
    if event_type == "event_card_revealed" and state["board"].get("event_cards") is not None:
        name = data.get("name")
        return event_facts(name, data) if isinstance(name, str) else []
    if event_type == "directive_played" and state["board"].get("directive_cards") is not None:
        name = data.get("card")
        if not isinstance(name, str):
            return []
        # What a card does is declared only against a board that says it: a play may carry the
        # table's choices (an Airport's city) or one of the card's options, never the card itself.
        known = directive_key(name, "effects") in state["declared"]
        effects = plain_effects(data.get("effects"), who) if known else None
        return directive_facts(name, data.get("timing"), data.get("area"), effects)
    return []


def facts_of(state: State, event_type: str, data: Mapping[str, Any], who: str | None = None) -> list[Fact]:
    """Every fact the event declares, in the order it declares them (``who``: the event's player,
    whose name a Directive card's effects leave out)."""
    if event_type == "cards_dealt":
        hands = data.get("destinations") or {}
        cards = [card for hand in hands.values() for card in hand or []] + list(data.get("display") or [])
        return [fact for card in cards for fact in _card(card)]
    if event_type == "destination_display_refilled":
        return _card(data.get("card"))
    if event_type == "airport_placed" and data.get("region") is not None:
        return [region_fact(str(data.get("city")), str(data["region"]))]
    if event_type == "route_claimed":
        return _route(data)
    if event_type == "pan_am_expanded":
        facts = _route(data)
        cities = _cities(data.get("cities"))
        if cities is not None and data.get("path") is not None:
            origin, key = state["options"]["origin"], route_key(cities)
            if isinstance(data.get("position"), int):
                facts.append(path_fact(origin, str(data["path"]), data["position"], key))
            facts.append(member_fact(origin, str(data["path"]), key))
        return facts
    if event_type == "engineer_assigned":
        area, track, space, cost = data.get("area"), data.get("track"), data.get("space"), data.get("cost")
        if area in BIDDING_AREAS and isinstance(track, str) and isinstance(space, int) and isinstance(cost, int):
            return [cost_fact(str(area), track, space, cost)]
        return []
    if event_type in ("directive_played", "event_effect"):
        return effect_facts(data.get("effects")) + card_facts(state, event_type, data, who)
    if event_type == "event_card_revealed":
        return card_facts(state, event_type, data, who)
    return []


def learn(new: State, facts: Iterable[Fact]) -> None:
    """Declare the facts (known ones keep their first value) and mirror them onto the table."""
    facts = list(facts)
    if not facts:
        return
    new["declared"] = declare(new["declared"], facts, new["step"])
    for fact in facts:
        kind, _, rest = fact.key.partition(":")
        if kind == "city_region":
            learn_city(new, rest)
        elif kind == "route_distance":
            learn_route(new, rest.split("|"))


def learn_city(new: State, city: str) -> None:
    """The city joins the table's known cities, with its declared region."""
    entry = new["declared"].get(region_key(city))
    region = entry["value"] if entry else None
    known = new["cities"].get(city)
    if known is None:
        new["cities"][city] = {"region": region, "airport": None}
    elif known["region"] is None and region is not None:
        known["region"] = region


def learn_route(new: State, cities: Sequence[str]) -> dict[str, Any]:
    """The route joins the table's known routes (and its cities the known cities)."""
    key = route_key(cities)
    for city in cities:
        learn_city(new, city)
    entry = new["declared"].get(distance_key(key))
    route: dict[str, Any] | None = new["routes"].get(key)
    if route is None:
        route = {"cities": sorted(cities), "distance": None, "owner": None, "plane": None}
        new["routes"][key] = route
    if route["distance"] is None and entry is not None:
        route["distance"] = entry["value"]
    return route
