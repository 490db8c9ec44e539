"""Words for the pages (the view of a game): what changed between two consecutive states, and where a state sits.

``changes_between(before, after, event)`` diffs the two states (the display and the
pile, the island, Explorers, reserves, tracks, Wondrous Lakes, beasts, the largest
Domain Groups, the turn, the end) and uses the event only to explain a difference.
It is pure and total: any pair of states the engine folds, overridden illegal events
included, gives a list of strings and never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import Event, State
from engines.isle_of_pan import hexes
from engines.isle_of_pan.scoring import standings
from engines.isle_of_pan.state import largest_groups
from engines.isle_of_pan.tiles import DOMAINS, KINDS, count_kind, gains_text, kind_name, terrain_name, tile_label

_EMPTY: dict[str, Any] = {}


def position_of(state: State) -> dict[str, Any]:
    """``{"round", "turn", "label"}``: each player's n-th turn is round n ("Round 3 · Ana");
    ``turn`` counts every player's turns from 1.  "Set-up" before the first turn, "Game over"
    at the end (both without round and turn)."""
    if state.get("game_over"):
        return {"round": None, "turn": None, "label": "Game over"}
    if state.get("start") is None or _int(state.get("reveals")) < 3:
        return {"round": None, "turn": None, "label": "Set-up"}
    done = _int(state.get("turns_done"))
    seats = state.get("seats")
    count = max(1, len(seats) if isinstance(seats, list) else 0)
    round_no = done // count + 1
    return {"round": round_no, "turn": done + 1, "label": f"Round {round_no} · {state.get('current')}"}


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def changes_between(before: State, after: State, event: Event) -> list[str]:
    """What changed from ``before`` to ``after`` (consecutive states), in words."""
    try:
        return _lines(before, after, event)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # A hand-edited or foreign state: say nothing rather than break the page.
        return []


def _lines(before: State, after: State, event: Event) -> list[str]:
    seats = [str(name) for name in after.get("seats") or []]
    lines: list[str] = []
    lines += _start_lines(before, after)
    lines += _take_lines(before, after, event, seats)
    lines += _display_lines(before, after)
    lines += _placed_lines(before, after)
    lines += _explorer_lines(before, after, event, seats)
    lines += _animal_lines(before, after)
    lines += _track_lines(before, after, seats)
    lines += _lake_lines(before, after, seats)
    lines += _beast_lines(before, after)
    lines += _group_lines(before, after)
    lines += _turn_lines(before, after)
    lines += _end_lines(before, after, seats)
    return lines


def _player(state: State, name: str) -> Mapping[str, Any]:
    players = state.get("players")
    player = players.get(name) if isinstance(players, dict) else None
    return player if isinstance(player, dict) else _EMPTY


def _start_lines(before: State, after: State) -> list[str]:
    if before.get("start") is not None or after.get("start") is None:
        return []
    central = after["start"]["central"]
    count = sum(1 for space in after["island"].values() if space.get("tile") == "S")
    return [f"The Starting Tile is on the table ({count} spaces); every Explorer stands at {hexes.label(tuple(central))}"]


def _take_lines(before: State, after: State, event: Event, seats: list[str]) -> list[str]:
    taken = after.get("taken")
    if getattr(event, "type", None) != "tile_taken" or not isinstance(taken, dict):
        return []
    who = taken.get("by")
    gained = {
        kind: _player(after, str(who))["reserve"][kind] - _player(before, str(who)).get("reserve", {}).get(kind, 0)
        for kind in KINDS
    }
    gained = {kind: n for kind, n in gained.items() if n}
    label = tile_label(taken["terrains"]) or "nothing (no tile was face up there)"
    return [f"{who} took the tile {label} from {taken['display_id']} ({gains_text(gained)})"]


def _display_lines(before: State, after: State) -> list[str]:
    lines = []
    old = {slot["id"]: slot["tile"] for slot in before.get("display") or []}
    for slot in after.get("display") or []:
        tile = slot["tile"]
        if tile is not None and old.get(slot["id"]) is None:
            lines.append(f"{slot['id']} now shows {tile_label(tile['terrains'])}")
    if before.get("pile_remaining") != after.get("pile_remaining"):
        left = after.get("pile_remaining")
        lines.append(f"Pile: {before.get('pile_remaining')} → {left} tile{'s' if left != 1 else ''}")
    return lines


def _placed_lines(before: State, after: State) -> list[str]:
    new = after.get("placed") or []
    if len(new) <= len(before.get("placed") or []):
        return []
    record = new[-1]
    where = ",".join(hexes.label((q, r)) for q, r, _ in record["cells"])
    sides = record["shared_sides"]
    return [f"Tile placed at {where}: {sides} shared side{'s' if sides != 1 else ''}"]


def _explorer_lines(before: State, after: State, event: Event, seats: list[str]) -> list[str]:
    lines = []
    move = after.get("last_move")
    for name in seats:
        old, new = _player(before, name).get("explorer"), _player(after, name).get("explorer")
        if old is None or new is None:
            continue
        if old != new:
            steps = move.get("steps") if isinstance(move, dict) and move.get("player") == name else None
            count = f" ({steps} step{'s' if steps != 1 else ''})" if isinstance(steps, int) else ""
            lines.append(f"{name}'s explorer moved {hexes.label(tuple(old))} → {hexes.label(tuple(new))}{count}")
        elif getattr(event, "type", None) == "explorer_moved" and isinstance(move, dict) and move.get("player") == name:
            lines.append(f"{name}'s explorer stayed at {hexes.label(tuple(new))}")
    return lines


def _animal_lines(before: State, after: State) -> list[str]:
    lines = []
    for at, space in (after.get("island") or {}).items():
        old = (before.get("island") or {}).get(at)
        if old is None or old.get("animals") == space.get("animals"):
            continue
        for kind in KINDS:
            added = space["animals"].get(kind, 0) - old["animals"].get(kind, 0)
            if added > 0:
                lines.append(f"{count_kind(added, kind)} placed at {hexes.label(hexes.parse(at))}")
    return lines


def _track_lines(before: State, after: State, seats: list[str]) -> list[str]:
    lines = []
    sets = after.get("score_sets") or []
    fresh = sets[-1] if len(sets) > len(before.get("score_sets") or []) else None
    for name in seats:
        old, new = _player(before, name).get("track") or {}, _player(after, name).get("track") or {}
        for kind in KINDS:
            if old.get(kind) == new.get(kind):
                continue
            line = f"{name}'s {kind_name(kind)} track: {old.get(kind)} → {new.get(kind)}"
            if fresh and fresh["player"] == name and fresh["kind"] == kind:
                line += f" (set by the table; the engine counted {fresh['derived']})"
            lines.append(line)
    return lines


def _lake_lines(before: State, after: State, seats: list[str]) -> list[str]:
    lines = []
    largest = largest_groups(before)
    for name in seats:
        old, new = _player(before, name).get("wl_on_board") or [], _player(after, name).get("wl_on_board") or []
        for domain in DOMAINS:
            if domain in old and domain not in new:
                lines.append(
                    f"{name}'s {terrain_name(domain)} Wondrous Lake tile left the board "
                    f"(it would have scored {largest.get(domain, 0)} on the island as it is)"
                )
    return lines


def _beast_lines(before: State, after: State) -> list[str]:
    new = after.get("beasts") or []
    if len(new) <= len(before.get("beasts") or []):
        return []
    beast = new[-1]
    at = beast.get("at")
    return [f"{beast.get('beast')} appeared at {hexes.label(tuple(at)) if at else '?'}"]


def _group_lines(before: State, after: State) -> list[str]:
    if before.get("island") == after.get("island"):
        return []
    old, new = largest_groups(before), largest_groups(after)
    lines = []
    for domain in DOMAINS:
        if new[domain] > old[domain]:
            lines.append(f"The largest {terrain_name(domain)} group grew to {new[domain]}")
        elif new[domain] < old[domain]:
            lines.append(f"The largest {terrain_name(domain)} group shrank to {new[domain]}")
    return lines


def _turn_lines(before: State, after: State) -> list[str]:
    if after.get("game_over") or before.get("turns_done") == after.get("turns_done"):
        return []
    return [f"Turn passes to {after.get('current')} ({position_of(after)['label']})"]


def _end_lines(before: State, after: State, seats: list[str]) -> list[str]:
    if not after.get("game_over") or before.get("game_over"):
        return []
    result = standings(after)
    lines = ["Every player has played 9 turns: the game is over"]
    end = after.get("end") or {}
    if end.get("face_up") != 2 or end.get("pile") != 0:
        lines.append(f"The display holds {end.get('face_up')} tiles and the pile {end.get('pile')} (expected 2 and 0)")
    best = [row for row in result["players"] if row["player"] in result["winners"]]
    if best:
        names = " and ".join(row["player"] for row in best)
        verb = "wins" if len(best) == 1 else "share the win"
        lines.append(f"{names} {verb} with {best[0]['total']} points")
    return lines
