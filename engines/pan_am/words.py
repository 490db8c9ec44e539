"""One line per event for the game log, read from the state *before* the event: ``<type>_words``,
each an ``EventRule.words`` (through ``line``) in ``events``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State
from engines.pan_am.facts import track_label
from engines.pan_am.items import fill
from engines.pan_am.state import ROUTE_BONUS, route_key, route_label
from engines.pan_am.table import due_entry, due_player, engineer_first

PATH_WORDS = {"SA": "South American", "EU": "European", "AP": "Asian-Pacific"}
FACE_WORDS = {**PATH_WORDS, "PAN_AM": "Pan Am"}
Line = Callable[[State, str, Mapping[str, Any]], str]


def speaker(state: State, event_type: str, actor: str | None) -> str:
    """Who a line names: the actor, else the player due (the first placer for an Engineer
    event before the Engineer phase opens), else "The table"."""
    return str(actor if actor is not None else (due_player(state) or _engineer_due(state, event_type) or "The table"))


def unnamed(who: str, event_type: str) -> str:
    """The line of an event no words can read (or of a type Pan Am does not know)."""
    return f"{who}: {event_type.replace('_', ' ')}"


def line(event_type: str, words: Line) -> Line:
    """An event type's ``EventRule.words``: ``words`` of the event completed from the board
    (``items.fill``); never raises (``unnamed`` where the data cannot be read)."""

    def described(state: State, who: str, data: Mapping[str, Any]) -> str:
        try:
            text = words(state, who, fill(state, event_type, data))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            text = ""
        return text or unnamed(who, event_type)

    return described


def _engineer_due(state: State, event_type: str) -> str | None:
    return engineer_first(state) if event_type.startswith("engineer_") and state["phase"] in ("EVENT", "STOCK_PRICE") else None


def _plane(name: Any) -> str:
    return str(name).title()


def _cities(data: Mapping[str, Any]) -> str:
    return route_label(route_key([str(c) for c in data.get("cities") or []]))


def dealt_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    hands = data.get("destinations") or {}
    shown = ", ".join(str(card.get("city")) for card in data.get("display") or [])
    if len(hands) == len(state["seats"]) and shown:
        return f"Starting Destination cards dealt; the display shows {shown}"
    parts = [f"{name} is dealt {' and '.join(str(c.get('city')) for c in hand or [])}" for name, hand in hands.items()]
    if shown:
        parts.append(f"the display shows {shown}")
    text = "; ".join(parts) or "Nothing dealt"
    return text[0].upper() + text[1:]


def revealed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    adj = data.get("stock_adjustment") or {}
    words = {"up": "Stock Price up 1", "down": "Stock Price down 1", "None": "Stock Price change not given"}
    move = words.get(str(adj.get("op")), f"Stock Price set to ${adj.get('value')}")
    rolls = data.get("die_rolls")
    return f"Round {state['round']} Event: {data.get('name')} ({move}; Pan Am rolls {rolls})"


def effects_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    kinds = ", ".join(str(e.get("kind")).replace("_", " ") for e in data.get("effects") or []) or "nothing"
    card = (state.get("event_card") or {}).get("name") or "The Event card"
    return f"{card} takes effect: {kinds}"


def assigned_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    area = data.get("area")
    if area in ("D", "E"):
        return f"{who} assigned an Engineer to {area}"
    cost = data.get("cost")
    price = f" (${cost})" if isinstance(cost, int) else ""
    held = state["tracks"].get(area, {}).get(data.get("track"))
    over = f", overbidding {held['player']}" if held else ""
    return f"{who} bid at {track_label(str(area), str(data.get('track')))} space {data.get('space')}{price}{over}"


def set_aside_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    count = data.get("count", 1)
    return f"{who} set aside {count} Engineer{'s' if count != 1 else ''}"


def airport_kept_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} paid the Airport bid and left their Airports where they are"


def airport_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    moved = data.get("moved_from")
    if moved:
        return f"{who} moved an Airport from {moved} to {data.get('city')}"
    return f"{who} placed an Airport in {data.get('city')}"


def taken_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    slot = int(data.get("slot") or 0)
    space: Mapping[str, Any] = state["display"][slot - 1] if 1 <= slot <= 4 else {"card": None, "bonus": 0}
    card = space["card"]
    bonus = f" and ${space['bonus']}" if space["bonus"] else ""
    return f"{who} took the {card['city'] if card else '(empty)'} Destination card from space {slot}{bonus}"


def refilled_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    card = data.get("card") or {}
    return f"Display space {data.get('slot')} refilled: {card.get('city')} ({str(card.get('region')).replace('_', ' ').title()})"


def plane_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    entry = due_entry(state) or {}
    return f"{who} acquired a {_plane(entry.get('track') or data.get('plane'))}"


def bid_failed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    entry = due_entry(state) or {}
    where = track_label(str(entry.get("area")), str(entry.get("track"))) if entry else "their bid"
    return f"{who} could not pay the bid at {where}: all money lost, no benefit"


def claimed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} claimed {_cities(data)} with a {_plane(data.get('plane'))}"


def wasted_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    reason = data.get("reason")
    return f"{who}'s Route Engineer claimed nothing" + (f": {reason}" if reason else "")


def drawn_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} drew a Directive card (the Engineer stays for Priority Access)"


def rolled_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    faces = " + ".join(FACE_WORDS.get(str(f), str(f)) for f in data.get("faces") or [])
    n = len(state["expansion"]["rolls"]) + 1
    return f"Pan Am roll {n} of {state['expansion']['rolls_expected']}: {faces}"


def expanded_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    key = route_key([str(c) for c in data.get("cities") or []])
    route = state["routes"].get(key) or {}
    owner = route.get("owner")
    path = PATH_WORDS.get(str(data.get("path")), data.get("path"))
    if owner in state["players"]:
        bonus = ROUTE_BONUS.get(route.get("distance") or 0, 0)
        return f"Pan Am expanded along the {path} path: bought {route_label(key)} from {owner} for ${bonus}"
    return f"Pan Am expanded along the {path} path: {route_label(key)}"


def exhausted_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"Every route on the {PATH_WORDS.get(str(data.get('path')))} path is Pan Am's"


def sold_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    key = route_key([str(c) for c in data.get("cities") or []])
    distance = (state["routes"].get(key) or {}).get("distance") or 0
    return f"{who} sold {route_label(key)} to Pan Am for ${ROUTE_BONUS.get(distance, 0)}"


def declined_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} kept their routes"


def income_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    parts = ", ".join(f"{name} ${p['income']}" for name, p in state["players"].items())
    return f"Income collected: {parts}"


def stock_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    count = data.get("count")
    if count == 0:
        return f"{who} bought no Stock"
    return f"{who} bought {count} Stock at ${state['stock_price']}"


def played_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    card = data.get("card") or "a Directive card"
    return f"{who} played {card}"

