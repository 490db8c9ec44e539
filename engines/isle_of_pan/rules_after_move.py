"""After the move (the published game's step 5): animals observed, a Wondrous Lake, the turn's end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import Severity, State, Violation
from engines.isle_of_pan import hexes
from engines.isle_of_pan.rules_turn import blocker
from engines.isle_of_pan.sections import ENDGAME, STEP2, STEP5, TRACK, WL_PLACEMENT
from engines.isle_of_pan.state import (
    blocked,
    closing_ends_game,
    coord_of,
    explorer,
    face_up,
    space_at,
)
from engines.isle_of_pan.tiles import (
    KIND_OF,
    KINDS,
    LAKE,
    PORTAL,
    TURNS_EACH,
    kind_name,
    terrain_name,
)


def _post_severity(state: State) -> Severity:
    return "error" if state["options"]["observation"] == "pub_v1" else "warning"


def _one_post_action(state: State, who: str) -> list[Violation]:
    # IP-C23 [PUB]: after moving, *either* place animals *or* create a Wondrous Lake.
    done = state["post_action"]
    if done is None:
        return []
    what = "placed animals" if done == "observe" else "played a Wondrous Lake tile"
    message = f"{who} already {what} this turn: one action after the move, animals or a Wondrous Lake"
    return [Violation("IP-C23", STEP5, message, _post_severity(state))]


def check_observed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    if state["options"]["observation"] == "off":
        message = "This table plays without the observation step (option observation: off)"
        return [Violation("IP-C23", STEP5, message)]
    severity = _post_severity(state)
    out = _one_post_action(state, who)
    kind, count = data.get("kind"), data.get("count")
    spot = explorer(state, who)
    space = space_at(state, spot) if spot is not None else None
    # IP-C20 [PUB]: animals match the domain they are placed on ("des herbivores sur une prairie").
    if space is None or spot is None:
        out.append(Violation("IP-C20", STEP5, f"The Explorer of {who} stands on no space of the island"))
    elif space["t"] == PORTAL:
        message = f"{who}'s Explorer stands on a Magical Portal at {hexes.label(spot)}: which animals it takes is not confirmed"
        out.append(Violation("IP-C20", STEP5, message, "unverified"))
    elif space["t"] not in KIND_OF or blocked(space):
        out.append(Violation("IP-C20", STEP5, f"No animal can be placed on the {blocker(space)} at {hexes.label(spot)}", severity))
    elif KIND_OF[space["t"]] != kind:
        wanted = KIND_OF[space["t"]]
        message = (
            f"{who}'s Explorer stands on a {terrain_name(space['t'])} at {hexes.label(spot)}: "
            f"only {kind_name(wanted, 2)} go there, not {kind_name(kind, 2)}"
        )
        out.append(Violation("IP-C20", STEP5, message, severity))
    # IP-C21 [PUB]: "de 1 à 3 animaux".  Fewer than one is no observation at all, whatever
    # the profile: it would move animals back into the reserve.
    if not isinstance(count, int) or count < 1:
        out.append(Violation("IP-C21", STEP5, f"1 to 3 animals are placed at a time, not {count}"))
    elif count > 3:
        out.append(Violation("IP-C21", STEP5, f"1 to 3 animals are placed at a time, not {count}", severity))
    # IP-C22: the animals come from the player's own reserve (checked for any count, even one
    # the profile lets past IP-C21).
    if isinstance(count, int) and count > 0 and kind in KINDS:
        held = state["players"][who]["reserve"][kind]
        if held < count:
            message = f"{who} has {held} {kind_name(kind, held)} in reserve, not {count}"
            out.append(Violation("IP-C22", STEP2, message))
    if isinstance(count, int) and count > 0 and kind in KINDS:
        position = state["players"][who]["track"][kind] + count * state["options"]["points_per_animal"]
        out += track_check(state, who, kind, position)
    return out


def track_check(state: State, who: str, kind: Any, position: int) -> list[Violation]:
    """IP-C28: the token stays on the printed track, when the table declared it
    (``track_values``); the rulebook gives neither its length nor its values."""
    values = state["options"].get("track_values")
    if values is None:
        message = (f"The score track's length is not in the rulebook: cannot confirm {who}'s "
                   f"{kind_name(kind)} token fits at {position}")
        return [Violation("IP-C28", TRACK, message, "unverified")]
    if position >= len(values):
        message = f"{who}'s {kind_name(kind)} token would pass the end of the track ({len(values)} spaces) at {position}"
        return [Violation("IP-C28", TRACK, message)]
    return []


def check_wondrous_lake(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out = _one_post_action(state, who)
    domain = data.get("domain")
    # IP-C24: "Wondrous Lake tiles still on your score board".
    if domain not in state["players"][who]["wl_on_board"]:
        name = terrain_name(domain)
        out.append(Violation("IP-C24", ENDGAME, f"{who}'s {name} Wondrous Lake tile is no longer on the score board"))
    spots = [coord_of(v) for v in data.get("at") or []]
    # IP-C25 [GAP]: where a Wondrous Lake tile goes.
    if not spots or any(c is None for c in spots):
        out.append(Violation("IP-C25", WL_PLACEMENT, "Name the space(s) the Wondrous Lake tile covers"))
        return out
    coords = [c for c in spots if c is not None]
    if state["options"]["wondrous_lake"] == "declared_only":
        message = "The Wondrous Lake's position is declared, not judged (option wondrous_lake: declared_only)"
        return [*out, Violation("IP-C25", WL_PLACEMENT, message, "unverified")]
    problems = _lake_problems(state, coords)
    out += [Violation("IP-C25", WL_PLACEMENT, message) for message in problems]
    if not problems:
        message = "The rulebook gives no placement rule for Wondrous Lake tiles: an uncovered Lake, as the published game is described"
        out.append(Violation("IP-C25", WL_PLACEMENT, message, "unverified"))
    return out


def _lake_problems(state: State, coords: list[hexes.Coord]) -> list[str]:
    out: list[str] = []
    twice = sorted({c for c in coords if coords.count(c) > 1})
    if twice:
        out.append(f"{', '.join(map(hexes.label, twice))} is named twice")
    island = {hexes.parse(k) for k in state["island"]}
    for c in dict.fromkeys(coords):
        space = space_at(state, c)
        if space is None:
            if not (state["options"]["wl_adds_hexes"] and any(n in island for n in hexes.neighbours(c))):
                out.append(f"{hexes.label(c)} is not a space of the island")
        elif space.get("wl") is not None:
            owner = space["wl"]
            out.append(f"{hexes.label(c)} is already covered by {owner.get('player')}'s Wondrous Lake")
        elif space["t"] != LAKE:
            out.append(f"{hexes.label(c)} is a {terrain_name(space['t'])}, not a Lake")
    return out


def check_end_turn(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # IP-C27: "... and when there are only 2 tiles left face up."
    if not closing_ends_game(state):
        return []
    up, pile = len(face_up(state)), state["pile_remaining"]
    if up == 2 and pile == 0:
        return []
    message = (
        f"The game ends after {TURNS_EACH} turns each, but {up} tile{'s' if up != 1 else ''} "
        f"{'are' if up != 1 else 'is'} face up and {pile} left in the pile (the rulebook: only 2 face up)"
    )
    return [Violation("IP-C27", ENDGAME, message, "warning")]
