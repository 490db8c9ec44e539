"""Folding what an Event or Directive card does (``Effect``), one effect at a time.

Total like the rest of ``apply``: an effect naming nobody, a plane not in the fleet or a
city that already has an Airport folds to the nearest sensible table (nothing placed,
nothing moved), and money, Stock and income never go below 0 (PA-M1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State
from engines.pan_am.knowledge import effect_facts, learn, learn_city, learn_route
from engines.pan_am.prices import adjust
from engines.pan_am.state import PLANES, route_key

ALL = "ALL"
Handler = Callable[[State, list[str], Mapping[str, Any]], None]


def targets(state: State, who: str, effect: Mapping[str, Any]) -> list[str]:
    """The players an effect is for: its ``player`` ("ALL" = everyone), else the card's player."""
    named = effect.get("player", who)
    if named == ALL:
        return list(state["seats"])
    return [str(named)] if named in state["players"] else []


def apply_effects(new: State, who: str, effects: Any) -> None:
    """Fold every effect in order (their declared facts first)."""
    effects = [e for e in effects if isinstance(e, Mapping)] if isinstance(effects, list) else []
    learn(new, effect_facts(effects))
    for effect in effects:
        apply_effect(new, who, effect)


def apply_effect(new: State, who: str, effect: Mapping[str, Any]) -> None:
    handler = _HANDLERS.get(str(effect.get("kind")))
    if handler is not None:
        handler(new, targets(new, who, effect), effect)


def _amount(effect: Mapping[str, Any]) -> int:
    amount = effect.get("amount")
    return amount if isinstance(amount, int) else 0


def _money(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    for name in names:
        player = new["players"][name]
        player["money"] = max(0, player["money"] + _amount(effect))


def _income(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    for name in names:
        player = new["players"][name]
        player["income"] = max(0, player["income"] + _amount(effect))


def _stock(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    for name in names:
        player = new["players"][name]
        player["stock"] = max(0, player["stock"] + _amount(effect))


def _stock_price(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    new["stock_price"] = adjust(new, effect)


def _die_rolls(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    exp = new["expansion"]
    exp["rolls_expected"] = max(len(exp["rolls"]), exp["rolls_expected"] + _amount(effect))


def _draw_directive(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    count = effect.get("count") if isinstance(effect.get("count"), int) else 1
    for name in names:
        new["players"][name]["directives"] += count
        new["directive_deck"] = max(0, new["directive_deck"] - count)


def _gain_destination(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    card = effect.get("card")
    if not isinstance(card, Mapping):
        return
    for name in names:
        new["players"][name]["destinations"].append({"city": card.get("city"), "region": card.get("region")})
        new["destination_deck"] = max(0, new["destination_deck"] - 1)
        learn_city(new, str(card.get("city")))


def _discard_destination(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    for name in names:
        discard_card(new, name, str(effect.get("city")))


def discard_card(new: State, name: str, city: str) -> None:
    """The player's first card of that city goes to the discards (nothing when none is held)."""
    hand = new["players"][name]["destinations"]
    for i, card in enumerate(hand):
        if card["city"] == city:
            new["destination_discards"].append(hand.pop(i))
            return


def _gain_plane(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    plane = effect.get("plane")
    for name in names:
        player = new["players"][name]
        if plane in PLANES and player["hangar"][plane] > 0:
            player["hangar"][plane] -= 1
            player["fleet"][plane] += 1


def _upgrade_plane(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    """*Upgrade*: the plane goes back to the hangar, one of range exactly one higher comes out."""
    plane = effect.get("plane")
    if plane not in PLANES or plane == PLANES[-1]:
        return
    better = PLANES[PLANES.index(plane) + 1]
    for name in names:
        player = new["players"][name]
        if player["fleet"][plane] > 0 and player["hangar"][better] > 0:
            player["fleet"][plane] -= 1
            player["hangar"][plane] += 1
            player["hangar"][better] -= 1
            player["fleet"][better] += 1


def _place_airport(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    city = str(effect.get("city"))
    cost = effect.get("cost") if isinstance(effect.get("cost"), int) else 0
    for name in names:
        player = new["players"][name]
        player["money"] = max(0, player["money"] - cost)
        put_airport(new, name, city, None)


def put_airport(new: State, name: str, city: str, moved_from: str | None) -> None:
    """An Airport onto an empty city: from the supply (income +1), or moved (no income);
    nothing when the city already has one or there is nothing to place."""
    learn_city(new, city)
    player = new["players"][name]
    if new["cities"][city]["airport"] is not None:
        return
    if moved_from is not None and moved_from in player["airports"]:
        player["airports"].remove(moved_from)
        new["cities"][moved_from]["airport"] = None
    elif player["airports_supply"] > 0:
        player["airports_supply"] -= 1
        player["income"] += 1
    else:
        return
    player["airports"].append(city)
    new["cities"][city]["airport"] = name


def _free_route(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    cities = effect.get("cities")
    if not isinstance(cities, list) or len(cities) != 2:
        return
    for name in names[:1]:
        claim_route(new, name, [str(c) for c in cities], effect.get("plane"))


def claim_route(new: State, name: str, cities: list[str], plane: Any) -> None:
    """The player's plane onto the route, income + distance.  A route someone else held (an
    overridden claim) is taken over: their plane goes home and their income drops."""
    route = learn_route(new, cities)
    key = route_key(cities)
    distance = route["distance"] or 0
    owner = route["owner"]
    if owner == "PAN_AM":
        new["pan_am_markers"] = max(0, new["pan_am_markers"] - 1)
    elif owner in new["players"]:
        release_route(new, key)
    player = new["players"][name]
    if plane in PLANES and player["fleet"][plane] > 0:
        player["fleet"][plane] -= 1
    route["owner"] = name
    route["plane"] = plane if plane in PLANES else None
    player["income"] += distance
    if key not in player["routes"]:
        player["routes"].append(key)


def release_route(new: State, key: str) -> None:
    """The owner loses the route: the plane back to the fleet, income − distance."""
    route = new["routes"][key]
    owner = route["owner"]
    if owner not in new["players"]:
        return
    player = new["players"][owner]
    if route["plane"] in PLANES:
        player["fleet"][route["plane"]] += 1
    player["income"] = max(0, player["income"] - (route["distance"] or 0))
    if key in player["routes"]:
        player["routes"].remove(key)
    route["owner"], route["plane"] = None, None


def _nothing(new: State, names: list[str], effect: Mapping[str, Any]) -> None:
    """``peek`` (private) and ``text`` (the log) change nothing on the table."""


_HANDLERS: dict[str, Handler] = {
    "money": _money,
    "income": _income,
    "stock": _stock,
    "stock_price": _stock_price,
    "die_rolls": _die_rolls,
    "draw_directive": _draw_directive,
    "gain_destination": _gain_destination,
    "discard_destination": _discard_destination,
    "gain_plane": _gain_plane,
    "upgrade_plane": _upgrade_plane,
    "place_airport": _place_airport,
    "free_route": _free_route,
    "peek": _nothing,
    "text": _nothing,
}
