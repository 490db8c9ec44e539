"""Words for the pages: what changed between two consecutive states, and where a state sits.

``changes_between(before, after, event)`` diffs the two states (payments and forced
sales, money, Stock, income, routes and Pan Am's buyouts, Airports, cards, the display,
the Stock Price, the phase and the round) and uses the event only for context.  It is
pure and total: any pair of states the engine folds gives a list of strings.
"""

from __future__ import annotations

from typing import Any

from engines.base import Event, State
from engines.pan_am.facts import track_label
from engines.pan_am.state import ROUTE_BONUS, route_label

PHASE_WORDS = {
    "SETUP": "Set-up",
    "EVENT": "Event phase",
    "STOCK_PRICE": "Event phase · Stock Price",
    "PRIORITY": "Engineer phase · Priority Access",
    "ASSIGNMENT": "Engineer phase",
    "RESOLUTION": "Resolution phase",
    "EXPANSION": "Pan Am phase · Expansion",
    "INCOME": "Pan Am phase · Income",
    "STOCK": "Pan Am phase · Stock",
    "OVER": "Game over",
}


def position_of(state: State) -> dict[str, Any]:
    """``{"round", "turn": None, "label": "Round 3 · Engineer phase"}``; "Set-up" and "Game over"
    carry no numbers."""
    phase = state.get("phase")
    if phase in ("SETUP", "OVER"):
        return {"round": None, "turn": None, "label": PHASE_WORDS[str(phase)]}
    round_no = state.get("round") if isinstance(state.get("round"), int) else None
    return {"round": round_no, "turn": None, "label": f"Round {round_no} · {PHASE_WORDS.get(str(phase), str(phase))}"}


def changes_between(before: State, after: State, event: Event) -> list[str]:
    """What changed from ``before`` to ``after`` (consecutive states), in words."""
    try:
        lines: list[str] = []
        for part in (_engineers, _payment, _price, _routes, _airports, _players, _cards, _display, _phase):
            lines += part(before, after)
        return [line for line in lines if line.strip()]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return []


def _engineers(before: State, after: State) -> list[str]:
    """Engineers placed, outbid and set aside in the Engineer phase (the round's end clears
    the board: that is said by ``_phase``, not here)."""
    if after["round"] != before["round"]:
        return []
    lines = []
    for area, tracks in after["tracks"].items():
        for track, placed in tracks.items():
            old = before["tracks"].get(area, {}).get(track)
            if placed is None or placed == old or (old is not None and old["player"] == placed["player"]
                                                   and old["space"] == placed["space"]):
                continue
            lines.append(f"{placed['player']}'s Engineer bids ${placed['cost']} on {track_label(area, track)}, "
                         f"space {placed['space']}")
            if old is not None:
                lines.append(f"{old['player']}'s Engineer on {track_label(area, track)} is outbid and goes back "
                             f"to {old['player']}")
    for area, sites in after["sites"].items():
        for site in sites[len(before["sites"].get(area, [])):]:
            lines.append(f"{site['player']}'s Engineer takes place {len(sites)} of work site {area}")
    for name, player in after["players"].items():
        more = player["set_aside"] - before["players"][name]["set_aside"]
        if more > 0:
            lines.append(f"{name} sets aside {more} Engineer{'s' if more > 1 else ''} until next round")
    return lines


def _payment(before: State, after: State) -> list[str]:
    paid = after.get("payment")
    if not paid:
        return []
    name = paid["player"]
    lines = []
    if paid["sold"]:
        lines.append(f"{name} sold {paid['sold']} Stock at ${paid['each']} to pay their bid")
    if paid["paid"]:
        lines.append(f"{name} paid ${paid['cost']} for their bid")
    else:
        lines.append(f"{name} could not pay the ${paid['cost']} bid: all money lost, no benefit")
    return lines


def _price(before: State, after: State) -> list[str]:
    old, new = before.get("stock_price"), after.get("stock_price")
    if old == new:
        return []
    if old is None:
        return [f"The Stock Price is set at ${new}"]
    return [f"Stock Price ${old} → ${new}"]


def _routes(before: State, after: State) -> list[str]:
    lines = []
    players = after["players"]
    for key, route in after["routes"].items():
        was = (before["routes"].get(key) or {}).get("owner")
        now = route["owner"]
        if was == now:
            continue
        label = route_label(key)
        if now == "PAN_AM" and was in players:
            lines.append(f"Pan Am bought {label} from {was}: +${ROUTE_BONUS.get(route['distance'] or 0, 0)}")
        elif now == "PAN_AM":
            lines.append(f"A Pan Am marker goes on {label}")
        elif now in players:
            plane = str(route.get("plane") or "plane").title()
            lines.append(f"{now}'s {plane} flies {label} (distance {route['distance']})")
    return lines


def _airports(before: State, after: State) -> list[str]:
    lines = []
    for city, info in after["cities"].items():
        was = (before["cities"].get(city) or {}).get("airport")
        if info["airport"] is not None and was != info["airport"]:
            lines.append(f"{info['airport']}'s Airport now stands in {city}")
    return lines


def _players(before: State, after: State) -> list[str]:
    lines = []
    for name in after["seats"]:
        old, new = before["players"][name], after["players"][name]
        for field, words in (("money", "money"), ("stock", "Stock"), ("income", "income")):
            if old[field] != new[field]:
                unit = "$" if field == "money" else ""
                lines.append(f"{name}'s {words} {unit}{old[field]} → {unit}{new[field]}")
        if old["directives"] != new["directives"]:
            lines.append(f"{name} holds {new['directives']} Directive card{'s' if new['directives'] != 1 else ''}")
        gained = sum(new["fleet"].values()) - sum(old["fleet"].values())
        if gained and new["hangar"] != old["hangar"]:
            lines.append(f"{name}'s fleet: {', '.join(f'{n} {p.title()}' for p, n in new['fleet'].items() if n)}")
    return lines


def _cards(before: State, after: State) -> list[str]:
    lines = []
    for name in after["seats"]:
        old = [c["city"] for c in before["players"][name]["destinations"]]
        new = [c["city"] for c in after["players"][name]["destinations"]]
        added = [c for c in new if c not in old or new.count(c) > old.count(c)]
        gone = [c for c in old if c not in new or old.count(c) > new.count(c)]
        if added:
            lines.append(f"{name} gains {', '.join(dict.fromkeys(added))}")
        if gone:
            lines.append(f"{name} discards {', '.join(dict.fromkeys(gone))}")
    return lines


def _display(before: State, after: State) -> list[str]:
    lines = []
    for i, (old, new) in enumerate(zip(before["display"], after["display"], strict=False), start=1):
        if new["card"] is not None and old["card"] != new["card"]:
            lines.append(f"Display space {i} now shows {new['card']['city']}")
    if after["resolution"].get("b_closed") and not before["resolution"].get("b_closed"):
        lines.append("Every Destination card left in the display gains $1")
    return lines


def _phase(before: State, after: State) -> list[str]:
    lines = []
    if after["round"] != before["round"]:
        lines.append(f"Round {after['round']} begins: {after['first_player']} holds the First Player Marker")
        for plane, covered in after["tiles"].items():
            if before["tiles"].get(plane) and not covered:
                lines.append(f"The {plane.title()} track opens")
    if after["phase"] == before["phase"]:
        return lines
    if after["phase"] == "OVER":
        winners = sorted(((p["stock"], p["money"]), n) for n, p in after["players"].items())
        best = winners[-1][0]
        names = [n for key, n in winners if key == best]
        lines.append(f"Game over: {' and '.join(names)} win{'s' if len(names) == 1 else ''} with {best[0]} Stock")
        return lines
    lines.append(f"Now: {PHASE_WORDS.get(after['phase'], after['phase'])}")
    if after["phase"] == "RESOLUTION":
        queue = after["resolution"]["queue"]
        order = ", ".join(_entry(e) for e in queue) or "nobody"
        lines.append(f"Resolution order: {order}")
    return lines


def _entry(entry: dict[str, Any]) -> str:
    if entry.get("track") is not None:
        return f"{track_label(entry['area'], str(entry['track']))} {entry['player']}"
    return f"{entry['area']} {entry['player']}"
