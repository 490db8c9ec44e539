"""``expected(state)``: who acts now, which event types are possible and their concrete options.

The recording page turns these into buttons.  Where the options are a product of choices
(Engineer placements), candidates are generated and kept only when the rules accept them,
so that an offered button is never refused.  Table events are offered to everyone, the
first player first; the declarations any player may make at any time (``directive_played``,
``event_effect``) come last.
"""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.pan_am import flow, items, landing
from engines.pan_am.card_effects import ALL
from engines.pan_am.events import EVENT_RULES
from engines.pan_am.facts import path_key, track_label
from engines.pan_am.payment import pay
from engines.pan_am.rules_cards import EVERYONE_KINDS
from engines.pan_am.state import (
    BIDDING_AREAS,
    DISPLAY_SLOTS,
    PLANES,
    RANGE,
    REGIONS,
    SPACES,
    SYMBOLS,
)
from engines.pan_am.table import cost_of, due_entry, known_a_tracks, next_state, region_of, seats_from, still_to_deal


def expected_of(state: State) -> dict[str, Any]:
    """``{"actors", "event_types", "options"}`` for the state (see the package docstring)."""
    phase = state["phase"]
    if phase == "OVER":
        return {"actors": [], "event_types": [], "options": {}}
    everyone = seats_from(state, state["first_player"])
    if phase == "SETUP":
        known = [{"city": c, "region": v["region"]} for c, v in sorted(state["cities"].items()) if v["region"] is not None]
        due = still_to_deal(state)
        options: dict[str, Any] = {"players": [p for p in due if p != "display"], "display_due": [True] if "display" in due else [],
                   "region": list(REGIONS), "cities": known}
        _offer(options, "card.city", items.destination_choices(state))
        return {"actors": everyone, "event_types": ["cards_dealt"], "options": {"cards_dealt": options}}
    actors, types, options = _main(state, everyone)
    if any(p["directives"] > 0 for p in state["players"].values()):
        types.append("directive_played")
        options["directive_played"] = {}
        _offer(options["directive_played"], "card", items.directive_choices(state))
    if state["event_card"] is not None:
        types.append("event_effect")
        options["event_effect"] = event_effect_options(state)
    out: dict[str, Any] = {"actors": actors, "event_types": types, "options": options}
    # What happens seldom, shown small after the rest: a path that runs out is not the first
    # thing to tap at the start of the Pan Am phase.
    minor = [t for t in MINOR_TYPES if t in types]
    if minor:
        out["minor"] = minor
    return out


# Seldom, or the way out of the common action: shown small, after it, never the first
# button a thumb meets (setting an Engineer aside is the rulebook's "if you cannot, or
# choose not to, assign an Engineer").
MINOR_TYPES = ("engineer_set_aside", "pan_am_path_exhausted", "directive_played", "event_effect")

# What the face-up Event card's text may do, as an effect the recording page can build from
# chips and numbers (the rest of EFFECT_FIELDS names cards or routes: a Directive's business).
EVENT_EFFECT_KINDS = ("money", "income", "stock", "stock_price", "die_rolls", "draw_directive", "gain_plane", "text")


def event_effect_options(state: State) -> dict[str, list[Any]]:
    """``event_effect``: the kinds of effect, who they may name (``ALL`` for the kinds that say
    "every player", ``everyone``), the Stock Price moves (none in the Stock step, PA-K3) and
    the planes."""
    ops = [] if state["phase"] == "STOCK" else ["up", "down", "set"]
    kinds = [k for k in EVENT_EFFECT_KINDS if k != "stock_price" or ops]
    return {"kind": kinds, "player": [*state["seats"], ALL], "everyone": sorted(EVERYONE_KINDS), "op": ops,
            "plane": list(PLANES)}


Main = tuple[list[str], list[str], dict[str, dict[str, list[Any]]]]


def _offer(options: dict[str, Any], field: str, choices: list[str] | None) -> None:
    """The board's items for a field, when the board holds that kind (``items``)."""
    if choices is not None:
        options[field] = choices


def _main(state: State, everyone: list[str]) -> Main:
    phase = state["phase"]
    if phase == "EVENT":
        ops = ["up", "down", "set"] if state["stock_price"] is not None or state["options"]["start_price"] is not None else ["set"]
        revealed: dict[str, list[Any]] = {"round": [state["round"]], "stock_adjustment.op": ops}
        _offer(revealed, "name", items.event_choices(state))
        return everyone, ["event_card_revealed"], {"event_card_revealed": revealed}
    if phase in ("STOCK_PRICE", "PRIORITY", "ASSIGNMENT"):
        return _engineers(state)
    if phase == "RESOLUTION":
        return _resolution(state, everyone)
    if phase == "EXPANSION":
        return _expansion(state, everyone)
    if phase == "INCOME":
        return everyone, ["income_collected"], {"income_collected": {}}
    who = str(state["turn"])
    player = state["players"][who]
    price = state["stock_price"]
    most = player["money"] // price if price else 0
    return [who], ["stock_bought"], {"stock_bought": {"count": list(range(most + 1))}}


# -- the Engineer phase -------------------------------------------------------------------


def _engineers(state: State) -> Main:
    judged = state
    if state["phase"] == "STOCK_PRICE":
        judged = next_state(state)
        flow.enter_engineer_phase(judged)
    who = judged["turn"] if judged["phase"] == "ASSIGNMENT" else judged["priority_queue"][0]
    spaces = placement_options(state, str(who))
    areas = list(dict.fromkeys(s["area"] for s in spaces))
    held = 1 if judged["phase"] == "PRIORITY" else judged["players"][who]["available"]
    options = {
        "engineer_assigned": {"area": areas, "spaces": spaces},
        "engineer_set_aside": {"count": list(range(1, held + 1))},
    }
    return [str(who)], ["engineer_assigned", "engineer_set_aside"], options


def _a_tracks(state: State) -> list[str]:
    """The A tracks known, and without the board's list the next new one (PA-E11)."""
    known = known_a_tracks(state)
    if state["board"].get("tracks_a") is not None:
        return known
    numbers = [int(t) for t in known if t.isdigit()]
    return known + [str(max(numbers, default=0) + 1)]


def placement_options(state: State, who: str) -> list[dict[str, Any]]:
    """Every placement the rules accept for ``who`` now: ``{area, track, space, cost, label}``
    (``cost`` None when the table must declare it; work sites with track and space None)."""
    out: list[dict[str, Any]] = []
    tracks = {"A": _a_tracks(state), "B": list(DISPLAY_SLOTS), "C": list(PLANES)}
    for area in BIDDING_AREAS:
        for track in tracks[area]:
            for space in SPACES:
                cost = cost_of(state, area, track, space)
                data = {"area": area, "track": track, "space": space, "cost": cost if cost is not None else 0}
                if _accepted(state, who, data):
                    price = f"${cost}" if cost is not None else "cost?"
                    label = f"{track_label(area, track)} space {space} ({price})"
                    out.append({"area": area, "track": track, "space": space, "cost": cost, "label": label})
    for area in ("D", "E"):
        if _accepted(state, who, {"area": area}):
            out.append({"area": area, "track": None, "space": None, "cost": None, "label": area})
    return out


def _accepted(state: State, who: str, data: dict[str, Any]) -> bool:
    """Whether ``check`` accepts the placement: in the Engineer phase the guards before the
    rule refuse only an actor who is not a player, so the rest is ``engineer_assigned``'s check."""
    return who in state["players"] and not any(v.blocks for v in EVENT_RULES["engineer_assigned"].check(state, who, data))


# -- the Resolution phase -----------------------------------------------------------------


def _resolution(state: State, everyone: list[str]) -> Main:
    due = state["resolution"]["refill_due"]
    if due:
        refill: dict[str, list[Any]] = {"slot": list(due), "card.region": list(REGIONS)}
        _offer(refill, "card.city", items.destination_choices(state))
        return everyone, ["destination_display_refilled"], {"destination_display_refilled": refill}
    entry = due_entry(state)
    if entry is None:
        return everyone, [], {}
    who = str(entry["player"])
    area = entry["area"]
    if area in BIDDING_AREAS and not _can_pay(state, entry):
        return [who], ["bid_failed"], {"bid_failed": {}}
    if area == "A" and state["players"][who]["airports_supply"] <= 0:
        options: dict[str, dict[str, list[Any]]] = {"airport_placed": airport_options(state, who), "airport_kept": {}}
        return [who], ["airport_placed", "airport_kept"], options
    if area == "A":
        return [who], ["airport_placed"], {"airport_placed": airport_options(state, who)}
    if area == "B":
        return [who], ["destination_taken"], {"destination_taken": {"slot": [int(entry["track"])]}}
    if area == "C":
        return [who], ["plane_acquired"], {"plane_acquired": {"plane": [entry["track"]]}}
    if area == "D":
        claims: dict[str, dict[str, list[Any]]] = {"route_claimed": claim_options(state, who), "route_claim_wasted": {}}
        return [who], ["route_claimed", "route_claim_wasted"], claims
    return [who], ["directive_drawn"], {"directive_drawn": {}}


def _can_pay(state: State, entry: dict[str, Any]) -> bool:
    player = state["players"][entry["player"]]
    return pay(player["money"], player["stock"], state["stock_price"], entry["cost"], state["options"]["forced_sale_low_price"]).paid


def airport_options(state: State, who: str) -> dict[str, list[Any]]:
    """Known cities without an Airport; the player's Airports to move once the supply is empty."""
    player = state["players"][who]
    listed = state["board"].get("cities")
    cities = [c for c, v in sorted(state["cities"].items()) if v["airport"] is None and (listed is None or c in listed)]
    moved = list(player["airports"]) if player["airports_supply"] <= 0 else []
    return {"city": cities, "moved_from": moved, "region": list(REGIONS)}


def claim_options(state: State, who: str) -> dict[str, list[Any]]:
    """Known unclaimed routes the player can claim now, with the planes that reach and the ways
    to hold Landing Rights (fewest discards first)."""
    player = state["players"][who]
    fleet = [p for p in PLANES if player["fleet"][p] > 0]
    claims = []
    for key, route in sorted(state["routes"].items()):
        distance = route["distance"]
        listed = state["board"].get("routes")
        if route["owner"] is not None or distance is None or (listed is not None and key not in listed):
            continue
        planes = [p for p in fleet if RANGE[p] >= distance]
        if not planes:
            continue
        rights = landing.ways(player["destinations"], player["airports"], route["cities"], lambda c: region_of(state, c))
        if rights:
            claims.append({"cities": list(route["cities"]), "distance": distance, "planes": planes, "rights": rights})
    return {"plane": fleet, "claims": claims}


# -- the Pan Am phase ---------------------------------------------------------------------


def _expansion(state: State, everyone: list[str]) -> Main:
    exp = state["expansion"]
    if exp["paths_due"]:
        # One path at a time (the first due), so that a path and a route offered together belong
        # together; the path is offered as exhausted only when the board does not name a route.
        path = str(exp["paths_due"][0])
        following = next_on_path(state, path)
        if following is not None:
            return everyone, ["pan_am_expanded"], {"pan_am_expanded": {"path": [path], "cities": [following]}}
        paths: dict[str, dict[str, list[Any]]] = {"pan_am_expanded": {"path": [path]},
                                                  "pan_am_path_exhausted": {"path": [path]}}
        return everyone, ["pan_am_expanded", "pan_am_path_exhausted"], paths
    if exp["offers_due"]:
        who = str(exp["offers_due"][0])
        owned = [list(state["routes"][key]["cities"]) for key in sorted(state["players"][who]["routes"])]
        options: dict[str, dict[str, list[Any]]] = {"route_sold_to_pan_am": {"cities": owned},
                                                    "pan_am_offer_declined": {}}
        return [who], ["route_sold_to_pan_am", "pan_am_offer_declined"], options
    return everyone, ["die_rolled"], {"die_rolled": {"faces": list(SYMBOLS)}}


def next_on_path(state: State, path: str) -> list[str] | None:
    """The next route on the path not yet Pan Am's, when the board (or the declared positions) say."""
    origin = state["options"]["origin"]
    listed = ((state["board"].get("paths") or {}).get(origin) or {}).get(path)
    if listed is None:
        listed = []
        k = 1
        while path_key(origin, path, k) in state["declared"]:
            listed.append(state["declared"][path_key(origin, path, k)]["value"])
            k += 1
    for key in listed:
        if state["routes"].get(key, {}).get("owner") != "PAN_AM":
            return str(key).split("|")
    return None

