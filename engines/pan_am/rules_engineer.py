"""Checks for the Engineer phase: PA-E1..E17 (PA-E2, E8, E15 hold by the flow; see the
package docstring).  Judged on the state with the Engineer phase opened (the Stock Price
step closes at the first Engineer event)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from engines.base import State, Violation
from engines.pan_am.facts import track_label
from engines.pan_am.state import BIDDING_AREAS, DISPLAY_SLOTS, PLANES, SPACES
from engines.pan_am.table import cost_of

PHASE = "2. Engineer Phase"
PRIORITY = "2. Engineer Phase: Priority Access Step"
ASSIGNMENT = "2. Engineer Phase: Assignment Step"
TRACKS = "Bidding Tracks (A, B, C)"
SITES = "Work Sites (D, E)"
PLANES_RULE = "C. Planes"
CLOSED_WORDS = {"CRUISER": "Cruiser", "JET": "Jet"}


def guard(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """PA-E1 (the phase), PA-E3 (Priority Access order), PA-E5 (whose turn), PA-E6 (an Engineer in hand)."""
    phase = state["phase"]
    if phase not in ("PRIORITY", "ASSIGNMENT"):
        # PA-E1: Engineers are assigned in the Engineer phase only.
        when = "the Event card is not revealed yet" if phase == "EVENT" else "the Engineer phase is over"
        return [Violation("PA-E1", PHASE, f"{who} cannot assign or set aside an Engineer now: {when}")]
    if phase == "PRIORITY":
        first = state["priority_queue"][0]
        # PA-E3: "Starting with the leftmost Engineer on the Directives (E) Work Site".
        if who != first:
            return [Violation("PA-E3", PRIORITY, f"Priority Access: {first}'s Engineer, leftmost on E, is placed next, not {who}'s")]
        return []
    # PA-E5: "players take turns in clockwise order assigning one Engineer at a time".
    if who != state["turn"]:
        return [Violation("PA-E5", ASSIGNMENT, f"It is {state['turn']}'s turn to assign an Engineer, not {who}'s")]
    # PA-E6: the player has an Engineer to assign.
    if state["players"][who]["available"] <= 0:
        return [Violation("PA-E6", ASSIGNMENT, f"{who} has no Engineer left to assign")]
    return []


def check_assigned(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    area = data.get("area")
    out: list[Violation] = []
    # PA-E4: "assign each Engineer to any space in areas (A-D)".
    if state["phase"] == "PRIORITY" and area == "E":
        out.append(Violation("PA-E4", PRIORITY, f"{who}'s Priority Access Engineer goes to areas A-D, not E"))
    if area in BIDDING_AREAS:
        return out + _bid_problems(state, who, str(area), data)
    return out + _site_problems(state, who, str(area), data)


def _bid_problems(state: State, who: str, area: str, data: Mapping[str, Any]) -> list[Violation]:
    track, space = data.get("track"), data.get("space")
    # PA-E7: a bidding track has four spaces.
    if not isinstance(track, str) or not isinstance(space, int):
        return [Violation("PA-E7", TRACKS, f"{who} must name the track and the space (1-4) on {area}")]
    where = f"{track_label(area, track)} space {space}"
    if space not in SPACES:
        return [Violation("PA-E7", TRACKS, f"{who} cannot bid at {where}: a track has spaces 1 to 4")]
    out = _track_problems(state, who, area, track)
    if any(v.blocks for v in out):
        return out
    held = state["tracks"][area].get(track)
    if held is not None:
        # PA-E7: "your Engineer must be placed on a higher spot".
        if space <= held["space"]:
            message = f"{who} cannot bid at {where}: {held['player']}'s Engineer is on space {held['space']}; place higher"
            out.append(Violation("PA-E7", TRACKS, message))
        elif held["player"] == who:
            out += _self_overbid(state, who, where)
    return out + _cost_problems(state, who, area, track, space, data.get("cost"))


def _track_problems(state: State, who: str, area: str, track: str) -> list[Violation]:
    if area == "A":
        listed = state["board"].get("tracks_a")
        # PA-E11: the Airport tracks that exist (how many is not in the rulebook).
        if listed is not None:
            if track not in listed:
                return [Violation("PA-E11", TRACKS, f"The board has Airport tracks {', '.join(listed)}, not A{track}")]
            return []
        if not (track.isdigit() and int(track) >= 1):
            return [Violation("PA-E11", TRACKS, f"Airport tracks are numbered 1, 2, ...: not {track!r}")]
        used = track in state["tracks"]["A"] or any(k.startswith(f"track_cost:A:{track}:") for k in state["declared"])
        if not used:
            return [Violation("PA-E11", TRACKS, f"The number of Airport tracks is not in the rulebook: cannot confirm A{track} exists", "unverified")]
        return []
    if area == "B":
        # PA-E9: one Destination track per display space, with a card on it.
        if track not in DISPLAY_SLOTS:
            return [Violation("PA-E9", "B. Destinations", f"The Destination tracks are B1 to B4, not B{track}")]
        if state["display"][DISPLAY_SLOTS.index(track)]["card"] is None:
            return [Violation("PA-E9", "B. Destinations", f"Display space {track} holds no Destination card to bid on")]
        return []
    # PA-E10: "Jets and Cruisers aren't available to bid on until" their tile lifts (PA-AMB-1).
    if track not in PLANES:
        return [Violation("PA-E10", PLANES_RULE, f"The Plane tracks are {', '.join(PLANES)}, not {track!r}")]
    if state["tiles"].get(track):
        opens = state["options"]["cruiser_open_round" if track == "CRUISER" else "jet_open_round"]
        message = f"The {CLOSED_WORDS[track]} track is covered by its tile until round {opens}"
        return [Violation("PA-E10", PLANES_RULE, message)]
    return []


def _self_overbid(state: State, who: str, where: str) -> list[Violation]:
    # PA-E17 (PA-AMB-3): overbidding one's own Engineer is not addressed by the rulebook.
    rule = state["options"]["self_overbid"]
    if rule == "allowed":
        return []
    severity: Literal["error", "warning"] = "error" if rule == "forbidden" else "warning"
    return [Violation("PA-E17", TRACKS, f"{who} overbids their own Engineer at {where}", severity)]


def _cost_problems(state: State, who: str, area: str, track: str, space: int, cost: Any) -> list[Violation]:
    known = cost_of(state, area, track, space)
    where = f"{track_label(area, track)} space {space}"
    # PA-E12: each space has a printed cost; declared on its first use, fixed after.
    if known is None and not isinstance(cost, int):
        return [Violation("PA-E12", TRACKS, f"The cost printed on {where} is not known yet: declare it (cost)")]
    value = known if known is not None else int(cost)
    out: list[Violation] = []
    for other in SPACES:
        theirs = cost_of(state, area, track, other)
        if theirs is None or other == space:
            continue
        if (other < space and theirs > value) or (other > space and theirs < value):
            message = f"{where} costs ${value} but space {other} costs ${theirs}: a higher space should not cost less"
            out.append(Violation("PA-E12", TRACKS, message, "warning"))
    return out


def _site_problems(state: State, who: str, area: str, data: Mapping[str, Any]) -> list[Violation]:
    sites = state["sites"][area]
    out: list[Violation] = []
    space = data.get("space")
    # PA-E13: "Work Sites are filled from left to right."
    if isinstance(space, int) and space != len(sites) + 1:
        out.append(Violation("PA-E13", SITES, f"The {area} Work Site fills from left to right: the next space is {len(sites) + 1}, not {space}"))
    capacity = (state["board"].get("sites") or {}).get(area)
    if capacity is None:
        message = f"The capacity of the {area} Work Site is not in the rulebook: cannot confirm space {len(sites) + 1} exists"
        out.append(Violation("PA-E13", SITES, message, "unverified"))
    elif len(sites) >= capacity:
        out.append(Violation("PA-E13", SITES, f"The {area} Work Site is full ({capacity} spaces)"))
    return out


def check_set_aside(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    count = data.get("count", 1)
    if state["phase"] == "PRIORITY":
        # PA-E3: Priority Access Engineers are placed (or set aside) one at a time.
        if count != 1:
            return [Violation("PA-E3", PRIORITY, f"Priority Access Engineers are set aside one at a time, not {count}")]
        return []
    held = state["players"][who]["available"]
    # PA-E6: only Engineers in hand can be set aside.
    if not isinstance(count, int) or not 1 <= count <= held:
        return [Violation("PA-E6", ASSIGNMENT, f"{who} can set aside 1 to {held} Engineers, not {count}")]
    return []
