"""Folding events into state, with every derived effect, and never judging them.

One fold per event type (``fold_<type>``, each an ``EventRule.apply`` in ``events``), run by
``fold_event`` on the copy the engine made (copy-on-write, ``table.next_state``): any event
whose data has the right shape folds into something sensible even when the rules forbid
it, because the table may have overridden a rule.  The choices it makes for
illegal events are listed in the package docstring ("Folding illegal events").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State
from engines.pan_am import flow, items
from engines.pan_am.card_effects import (
    apply_effects,
    claim_route,
    discard_card,
    put_airport,
    release_route,
)
from engines.pan_am.facts import cost_key
from engines.pan_am.knowledge import facts_of, learn, learn_city, learn_route
from engines.pan_am.landing import discarded
from engines.pan_am.payment import pay
from engines.pan_am.prices import adjust
from engines.pan_am.schemas import RESOLUTION_AREA
from engines.pan_am.state import (
    BIDDING_AREAS,
    DISPLAY_SLOTS,
    PLANES,
    ROUTE_BONUS,
    route_key,
)
from engines.pan_am.table import due_entry, next_state, still_to_deal, who_of

Handler = Callable[[State, str, Mapping[str, Any]], None]


def fold_event(new: State, event_type: str, actor: str | None, data: Mapping[str, Any], handler: Handler) -> None:
    """The event folded into ``new`` (a copy the engine owns) by its type's ``handler``, with
    what every event does: its step counted, the last payment forgotten, an Engineer event
    opening the Engineer phase, the facts it declares learnt, and the table moved on after
    it (``flow.settle``).  The player folded for is the named one, else the one due once the
    Engineer phase is open (``table.who_of``)."""
    new["step"] += 1
    new["payment"] = None
    if event_type in ("engineer_assigned", "engineer_set_aside"):
        flow.enter_engineer_phase(new)
    who = who_of(new, actor)
    data = items.fill(new, event_type, data)
    learn(new, facts_of(new, event_type, data, who))
    handler(new, who, data)
    flow.settle(new)


def fold_nothing(state: State) -> State:
    """The table after an event that changes nothing (a type Pan Am does not know, a fact after
    the end: "Facts recorded after the game ended do not change how it ended", PA-X3, or a
    refused event whose data no fold can read): a copy with its step counted."""
    new = next_state(state)
    new["step"] += 1
    new["payment"] = None
    return new


# -- set-up and the Event phase -------------------------------------------------------------


def fold_dealt(new: State, who: str, data: Mapping[str, Any]) -> None:
    """PA-S3/S4: each player's two face-up cards and the four in the display."""
    for name, hand in (data.get("destinations") or {}).items():
        if name in new["players"]:
            new["players"][name]["destinations"] += [_card(card) for card in hand or []]
    for space, card in zip(new["display"], data.get("display") or [], strict=False):
        space["card"], space["bonus"] = _card(card), 0
    for card in [c for hand in (data.get("destinations") or {}).values() for c in hand or []] + list(data.get("display") or []):
        learn_city(new, str(card.get("city")))
    if new["phase"] == "SETUP" and not still_to_deal(new):
        new["phase"] = "EVENT"


def _card(card: Mapping[str, Any]) -> dict[str, Any]:
    return {"city": card.get("city"), "region": card.get("region")}


def fold_revealed(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*Reveal Step* and *Stock Price Step*: the card is face up, the price moves at once, the
    Pan Am rolls are set; the Stock Price step lasts until the first Engineer event."""
    adjustment = data.get("stock_adjustment") or {}
    card = {
        "round": new["round"],
        "name": data.get("name"),
        "stock_adjustment": {"op": adjustment.get("op"), "value": adjustment.get("value")},
        "die_rolls": data.get("die_rolls"),
        "text": data.get("text"),
    }
    new["event_card"] = card
    new["event_cards"].append(card)
    new["stock_price"] = adjust(new, adjustment)
    rolls = data.get("die_rolls")
    new["expansion"] = {"rolls_expected": max(0, rolls if isinstance(rolls, int) else 0), "rolls": [], "paths_due": [], "offers_due": []}
    if new["phase"] in ("SETUP", "EVENT"):
        new["phase"] = "STOCK_PRICE"
        new["turn"] = None


def fold_event_effect(new: State, who: str, data: Mapping[str, Any]) -> None:
    apply_effects(new, who, data.get("effects"))


# -- the Engineer phase -----------------------------------------------------------------------


def fold_assigned(new: State, who: str, data: Mapping[str, Any]) -> None:
    """An Engineer onto a space: on a bidding track the Engineer there goes back to its owner's
    hand (PA-E7, PA-E15); on a work site it goes right of the last one (PA-E13)."""
    priority = _take_engineer(new, who)
    area = data.get("area")
    if area in BIDDING_AREAS:
        track = str(data.get("track"))
        given = data.get("space")
        space = given if isinstance(given, int) else 1
        cost = data.get("cost")
        if not isinstance(cost, int):
            entry = new["declared"].get(cost_key(area, track, space))
            cost = entry["value"] if entry else None
        tracks = new["tracks"][area]
        displaced = tracks.get(track)
        if displaced is not None and displaced["player"] in new["players"]:
            new["players"][displaced["player"]]["available"] += 1
        tracks[track] = {"player": who, "space": space, "cost": cost, "priority": priority, "resolved": False}
    elif area in ("D", "E"):
        new["sites"][area].append({"player": who, "priority": priority, "resolved": False})
    flow.after_engineer(new, who)


def _take_engineer(new: State, who: str) -> bool:
    """The Engineer placed: the leftmost waiting priority one in the Priority Access step, else
    one from the hand.  Returns whether it had Priority Access."""
    if new["phase"] == "PRIORITY" and who in new["priority_queue"]:
        new["priority_queue"].remove(who)
        return True
    player = new["players"][who]
    player["available"] = max(0, player["available"] - 1)
    return False


def fold_set_aside(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*Assigning Engineers*: "set it aside.  You take back that Engineer at the beginning of the next round"."""
    player = new["players"][who]
    if new["phase"] == "PRIORITY" and who in new["priority_queue"]:
        new["priority_queue"].remove(who)
        player["set_aside"] += 1
    else:
        count = data.get("count") if isinstance(data.get("count"), int) else 1
        count = max(0, min(count, player["available"]))
        player["available"] -= count
        player["set_aside"] += count
    flow.after_engineer(new, who)


# -- the Resolution phase -----------------------------------------------------------------------


def _resolving(new: State, event_type: str) -> dict[str, Any] | None:
    """The Engineer this event resolves: the one due, when it is in the event's area."""
    if new["phase"] != "RESOLUTION" or new["resolution"]["refill_due"]:
        return None
    entry = due_entry(new)
    if entry is None:
        return None
    area = RESOLUTION_AREA.get(event_type)
    if area is None:  # bid_failed
        return entry if entry["area"] in BIDDING_AREAS else None
    return entry if entry["area"] == area else None


def _pay_bid(new: State, entry: dict[str, Any] | None) -> bool:
    """*Bid Too Much?*: the engineer's owner pays, selling Stock if short.  Returns whether it was
    paid (an overridden benefit that could not be paid is still granted: the table said so)."""
    if entry is None or entry["area"] not in BIDDING_AREAS:
        return True
    name = entry["player"]
    player = new["players"][name]
    paid = pay(player["money"], player["stock"], new["stock_price"], entry["cost"], new["options"]["forced_sale_low_price"])
    player["money"], player["stock"] = paid.money, paid.stock
    new["payment"] = {"player": name, **paid._asdict()}
    return paid.paid


def _finish(new: State, entry: dict[str, Any] | None) -> None:
    if entry is not None:
        flow.mark_resolved(new, entry)


def _owner(entry: dict[str, Any] | None, who: str) -> str:
    return str(entry["player"]) if entry is not None else who


def fold_airport(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*A. Airports*: pay, place (or move) an Airport, income +1 (not when moved)."""
    entry = _resolving(new, "airport_placed")
    _pay_bid(new, entry)
    moved = data.get("moved_from")
    put_airport(new, _owner(entry, who), str(data.get("city")), str(moved) if moved is not None else None)
    _finish(new, entry)


def fold_airport_kept(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*A. Airports* with the supply empty: the bid is paid, no Airport moves, no income."""
    entry = _resolving(new, "airport_kept")
    _pay_bid(new, entry)
    _finish(new, entry)


def fold_destination(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*B. Destinations*: pay, take the card and its bonus money; the space is empty."""
    entry = _resolving(new, "destination_taken")
    _pay_bid(new, entry)
    slot = data.get("slot")
    if isinstance(slot, int) and 1 <= slot <= len(DISPLAY_SLOTS):
        space = new["display"][slot - 1]
        player = new["players"][_owner(entry, who)]
        if space["card"] is not None:
            player["destinations"].append(space["card"])
            player["money"] += space["bonus"]
        space["card"], space["bonus"] = None, 0
    _finish(new, entry)


def fold_refilled(new: State, who: str, data: Mapping[str, Any]) -> None:
    """A card from the deck into an empty display space, with no bonus."""
    slot = data.get("slot")
    card = data.get("card") or {}
    if isinstance(slot, int) and 1 <= slot <= len(DISPLAY_SLOTS):
        new["display"][slot - 1] = {"card": _card(card), "bonus": 0}
        due = new["resolution"]["refill_due"]
        if slot in due:
            due.remove(slot)
        new["destination_deck"] = max(0, new["destination_deck"] - 1)


def fold_plane(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*C. Planes*: pay, take the plane from the hangar; none left: "you gain nothing but still spend"."""
    entry = _resolving(new, "plane_acquired")
    _pay_bid(new, entry)
    plane = entry["track"] if entry is not None else data.get("plane")
    player = new["players"][_owner(entry, who)]
    if plane in PLANES and player["hangar"][plane] > 0:
        player["hangar"][plane] -= 1
        player["fleet"][plane] += 1
    _finish(new, entry)


def fold_bid_failed(new: State, who: str, data: Mapping[str, Any]) -> None:
    """PA-R3: every Stock sold (per ``forced_sale_low_price``), all money lost, no benefit."""
    entry = _resolving(new, "bid_failed")
    if entry is not None:
        player = new["players"][entry["player"]]
        paid = pay(player["money"], player["stock"], new["stock_price"], entry["cost"], new["options"]["forced_sale_low_price"])
        sold = paid.sold if not paid.paid else player["stock"]
        new["payment"] = {"player": entry["player"], **paid._replace(sold=sold, money=0, stock=player["stock"] - sold, paid=False)._asdict()}
        player["money"], player["stock"] = 0, player["stock"] - sold
    _finish(new, entry)


def fold_route_claimed(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*D. Routes*: discard the cards the Landing Rights need, plane onto the route, income + distance."""
    entry = _resolving(new, "route_claimed")
    name = _owner(entry, who)
    cities = [str(c) for c in data.get("cities") or []]
    rights = data.get("landing_rights") or {}
    for city in discarded(rights):
        discard_card(new, name, city)
    if len(cities) == 2:
        claim_route(new, name, cities, data.get("plane"))
    _finish(new, entry)


def fold_wasted(new: State, who: str, data: Mapping[str, Any]) -> None:
    _finish(new, _resolving(new, "route_claim_wasted"))


def fold_directive_drawn(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*E. Directives*: draw a card; the Engineer stays for Priority Access next round."""
    entry = _resolving(new, "directive_drawn")
    new["players"][_owner(entry, who)]["directives"] += 1
    new["directive_deck"] = max(0, new["directive_deck"] - 1)
    _finish(new, entry)


def fold_directive_played(new: State, who: str, data: Mapping[str, Any]) -> None:
    timing = data.get("timing") or {}
    if timing.get("phase") == "ENGINEER" and new["phase"] == "STOCK_PRICE":
        flow.enter_engineer_phase(new)  # an Engineer-phase card closes the Stock Price step
    player = new["players"][who]
    player["directives"] = max(0, player["directives"] - 1)
    apply_effects(new, who, data.get("effects"))


# -- the Pan Am phase ---------------------------------------------------------------------------


def fold_rolled(new: State, who: str, data: Mapping[str, Any]) -> None:
    faces = [str(f) for f in data.get("faces") or []]
    flow.after_roll(new, faces)
    new["expansion"]["rolls_expected"] = max(new["expansion"]["rolls_expected"], len(new["expansion"]["rolls"]))


def sell_to_pan_am(new: State, key: str) -> None:
    """*Selling Routes to Pan Am*: the owner earns the Route Bonus, takes the plane back, loses
    the route's income; a Pan Am marker goes on (an unclaimed route just gets the marker)."""
    route = new["routes"][key]
    owner = route["owner"]
    if owner == "PAN_AM":
        return
    if owner in new["players"]:
        new["players"][owner]["money"] += ROUTE_BONUS.get(route["distance"] or 0, 0)
        release_route(new, key)
    route["owner"], route["plane"] = "PAN_AM", None
    new["pan_am_markers"] += 1


def fold_expanded(new: State, who: str, data: Mapping[str, Any]) -> None:
    cities = [str(c) for c in data.get("cities") or []]
    if len(cities) == 2:
        learn_route(new, cities)
        sell_to_pan_am(new, route_key(cities))
    _drop_path(new, data.get("path"))


def _drop_path(new: State, path: Any) -> None:
    due = new["expansion"]["paths_due"]
    if path in due:
        due.remove(path)
    elif due:
        due.pop(0)


def fold_exhausted(new: State, who: str, data: Mapping[str, Any]) -> None:
    _drop_path(new, data.get("path"))


def fold_sold(new: State, who: str, data: Mapping[str, Any]) -> None:
    cities = [str(c) for c in data.get("cities") or []]
    if len(cities) == 2:
        key = route_key(cities)
        if new["routes"].get(key, {}).get("owner") == who:
            sell_to_pan_am(new, key)
    _answer_offer(new, who)


def fold_declined(new: State, who: str, data: Mapping[str, Any]) -> None:
    _answer_offer(new, who)


def _answer_offer(new: State, who: str) -> None:
    due = new["expansion"]["offers_due"]
    if who in due:
        due.remove(who)
    elif due:
        due.pop(0)


def fold_income(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*Income Step*: each player earns their tracker (the table's ``amounts`` when recorded)."""
    amounts = data.get("amounts") or {}
    for name, player in new["players"].items():
        earned = amounts.get(name, player["income"])
        player["money"] = max(0, player["money"] + (earned if isinstance(earned, int) else 0))
    if new["phase"] in ("INCOME", "EXPANSION"):
        flow.start_stock(new)


def fold_stock_bought(new: State, who: str, data: Mapping[str, Any]) -> None:
    """*Stock Step*: count × price paid (a negative count, overridden, sells at the price)."""
    count = data.get("count") if isinstance(data.get("count"), int) else 0
    player = new["players"][who]
    price = new["stock_price"] or 0
    count = max(count, -player["stock"])
    player["stock"] += count
    player["money"] = max(0, player["money"] - count * price)
    due = new["stock_due"]
    if who in due:
        due.remove(who)
    elif due:
        due.pop(0)

