"""Questions about a table (read-only) and the copy ``apply`` may change.

Shared by the rules, the effects, the offers and the words, so that each judges the
same facts the same way: whose turn it is, which Engineer resolves next, what the
registry knows about a city, a route or a track space.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, json_copy
from engines.pan_am.facts import cost_key, distance_key, region_key, track_label
from engines.pan_am.state import DISPLAY_SLOTS, PLANES

# Parts of the state that ``apply`` replaces instead of editing in place (copy-on-write).
_SHARED = frozenset({"options", "board", "declared", "setup_flags"})

PHASE_STEP = {
    "EVENT": ("EVENT", "REVEAL"),
    "STOCK_PRICE": ("EVENT", "STOCK_PRICE"),
    "PRIORITY": ("ENGINEER", "PRIORITY_ACCESS"),
    "ASSIGNMENT": ("ENGINEER", "ASSIGNMENT"),
    "EXPANSION": ("PAN_AM", "EXPANSION"),
    "INCOME": ("PAN_AM", "INCOME"),
    "STOCK": ("PAN_AM", "STOCK"),
}

# Where the table is, in the rulebook's words (for messages).
PHASE_WORDS = {
    "SETUP": "set-up",
    "EVENT": "the Event phase (Reveal step)",
    "STOCK_PRICE": "the Event phase (Stock Price step)",
    "PRIORITY": "the Engineer phase (Priority Access step)",
    "ASSIGNMENT": "the Engineer phase (Assignment step)",
    "RESOLUTION": "the Resolution phase",
    "EXPANSION": "the Pan Am phase (Expansion step)",
    "INCOME": "the Pan Am phase (Income step)",
    "STOCK": "the Pan Am phase (Stock step)",
    "OVER": "the end of the game",
}


def phase_words(state: Mapping[str, Any]) -> str:
    """ "the Event phase (Stock Price step)"."""
    return PHASE_WORDS.get(str(state.get("phase")), str(state.get("phase")))


def next_state(state: State) -> State:
    """A copy of ``state`` that ``apply`` may change; the registry, options and board summary
    are shared because they are only ever replaced, never edited."""
    copied = json_copy({key: value for key, value in state.items() if key not in _SHARED})  # one pass
    return {key: (value if key in _SHARED else copied[key]) for key, value in state.items()}


def seats_from(state: State, first: str) -> list[str]:
    """Every seat clockwise, starting with ``first`` (the first seat when ``first`` is unknown)."""
    seats: list[str] = state["seats"]
    start = seats.index(first) if first in seats else 0
    return [seats[(start + i) % len(seats)] for i in range(len(seats))]


def next_seat(state: State, name: str) -> str:
    return seats_from(state, name)[1 % len(state["seats"])]


def who_of(state: State, actor: str | None) -> str:
    """The player an event is about: the named actor, else the one due, else the first player."""
    if actor in state["players"]:
        return str(actor)
    due = due_player(state)
    return due if due is not None else str(state["first_player"])


def due_player(state: State) -> str | None:
    """The player who must act now, when one must (None for table events)."""
    phase = state["phase"]
    if phase in ("PRIORITY", "ASSIGNMENT", "STOCK"):
        turn: str | None = state["turn"]
        return turn
    if phase == "STOCK_PRICE":
        return engineer_first(state)
    if phase == "RESOLUTION":
        entry = due_entry(state)
        return None if entry is None or state["resolution"]["refill_due"] else entry["player"]
    if phase == "EXPANSION":
        exp = state["expansion"]
        return exp["offers_due"][0] if exp["offers_due"] and not exp["paths_due"] else None
    return None


def engineer_first(state: State) -> str | None:
    """Who places first when the Engineer phase opens: the leftmost waiting E Engineer's owner
    (Priority Access), else the first player or the next seat with an Engineer in hand."""
    if state["priority_queue"]:
        return str(state["priority_queue"][0])
    return next_with_engineer(state, state["first_player"], include_first=True)


def next_with_engineer(state: State, after: str, include_first: bool = False) -> str | None:
    """The next seat clockwise (from ``after``) holding an Engineer; ``after`` itself last."""
    order = seats_from(state, after)
    order = order if include_first else order[1:] + order[:1]
    return next((name for name in order if state["players"][name]["available"] > 0), None)


def due_entry(state: State) -> dict[str, Any] | None:
    """The Engineer to resolve next, or None when every one is resolved."""
    res = state["resolution"]
    queue = res["queue"]
    return queue[res["next"]] if res["next"] < len(queue) else None


def entry_label(entry: Mapping[str, Any]) -> str:
    """ "Ann's Engineer at B2", "Bob's Engineer on D (2nd)"."""
    area = entry["area"]
    if entry.get("track") is not None:
        return f"{entry['player']}'s Engineer at {track_label(area, str(entry['track']))}"
    return f"{entry['player']}'s Engineer on {area} ({ordinal(int(entry.get('index') or 0) + 1)})"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def region_of(state: State, city: str, declared: Mapping[str, Any] | None = None) -> str | None:
    """A city's region: the registry's, else the one this event declares."""
    entry = state["declared"].get(region_key(city))
    if entry is not None:
        return str(entry["value"])
    value = (declared or {}).get(city)
    return str(value) if value is not None else None


def distance_of(state: State, key: str, declared: int | None = None) -> int | None:
    """A route's distance: the registry's, else the one this event declares."""
    entry = state["declared"].get(distance_key(key))
    if entry is not None:
        return int(entry["value"])
    return declared


def cost_of(state: State, area: str, track: str, space: int) -> int | None:
    entry = state["declared"].get(cost_key(area, track, space))
    return int(entry["value"]) if entry is not None else None


def placements(state: State, area: str) -> list[dict[str, Any]]:
    """The Engineers placed this round in an area (tracks in order, or the site left to right)."""
    if area in ("D", "E"):
        return list(state["sites"][area])
    tracks = state["tracks"][area]
    return [p for _, p in sorted(tracks.items(), key=lambda kv: track_order(area, kv[0])) if p is not None]


def track_order(area: str, track: str) -> tuple[int, str]:
    """Resolution order within A, B, C: A and B numerically, C Trimotor to Jet."""
    if area == "C":
        return (PLANES.index(track) if track in PLANES else len(PLANES), track)
    if area == "B":
        return (DISPLAY_SLOTS.index(track) if track in DISPLAY_SLOTS else len(DISPLAY_SLOTS), track)
    return (int(track), track) if track.isdigit() else (10**6, track)


def income_formula(state: State, name: str) -> int | None:
    """*Income Step*: Airports on the board plus the distances of the player's routes (None
    when a distance is unknown)."""
    player = state["players"][name]
    total = len(player["airports"])
    for key in player["routes"]:
        distance = state["routes"].get(key, {}).get("distance")
        if distance is None:
            return None
        total += int(distance)
    return total


def known_a_tracks(state: Mapping[str, Any]) -> list[str]:
    """The Airport (A) tracks known so far, in number order: the board's list, else every
    track used or with a declared cost (the rulebook does not say how many there are)."""
    listed = state["board"].get("tracks_a")
    if listed is not None:
        return [str(t) for t in listed]
    used = {str(t) for t in state["tracks"]["A"]}
    used |= {key.split(":")[2] for key in state["declared"] if key.startswith("track_cost:A:")}
    return sorted(used, key=lambda t: (0, int(t), "") if t.isdigit() else (1, 0, t))


def still_to_deal(state: State) -> list[str]:
    """Who is still to be dealt their two face-up cards, then ``"display"`` when its four are
    still to come (a deal may be recorded a hand at a time)."""
    due = [name for name in state["seats"] if not state["players"][name]["destinations"]]
    return due + (["display"] if all(space["card"] is None for space in state["display"]) else [])
