"""Standings at any step: the score tracks plus the Wondrous Lake bonus (projected mid-game).

[RB] Endgame: "1. Add the values of the 3 score tokens on the score track. 2. Add the
points from the Wondrous Lake tiles still on your score board. Each Wondrous Lake tile
still on the score board is worth one point per space composing the largest
corresponding Domain Group in play."  Several players holding the same tile each earn
the full value (the rulebook's example: 6 points to each).  No tie-break: tied players
share the place.
"""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.isle_of_pan.state import largest_groups
from engines.isle_of_pan.tiles import BIRD_OF_PREY, DOMAINS, HERBIVORE, REPTILE


def standings(state: State) -> dict[str, Any]:
    """``{"final", "players": [{"player", "total", "breakdown", "status", "rank"}], "winners"}`` in seat order.

    ``breakdown = {herbivore, bird_of_prey, reptile, wondrous_lakes: {domain: value},
    banked, projected_bonus}``; ``total = banked + projected_bonus`` (the bonus on the
    island as it is now; final once the game is over)."""
    final = bool(state["game_over"])
    largest = largest_groups(state)
    rows = [_row(state, name, largest) for name in state["seats"]]
    _rank(rows)
    winners = [row["player"] for row in rows if row["rank"] == 1] if final else []
    for row in rows:
        row["status"] = ("winner" if row["player"] in winners else "finished") if final else "exploring"
    return {"final": final, "players": rows, "winners": winners}


def _row(state: State, name: str, largest: dict[str, int]) -> dict[str, Any]:
    player = state["players"][name]
    track = player["track"]
    banked = sum(track_points(state, position) for position in track.values())
    lakes = {domain: largest[domain] for domain in DOMAINS if domain in player["wl_on_board"]}
    bonus = sum(lakes.values())
    breakdown = {
        "herbivore": track_points(state, track[HERBIVORE]),
        "bird_of_prey": track_points(state, track[BIRD_OF_PREY]),
        "reptile": track_points(state, track[REPTILE]),
        "wondrous_lakes": lakes,
        "banked": banked,
        "projected_bonus": bonus,
    }
    return {"player": name, "total": banked + bonus, "breakdown": breakdown, "status": "", "rank": None}


def track_points(state: State, position: int) -> int:
    """[RB] "Add the values of the 3 score tokens": the printed value where the table
    declared the track (``track_values``), else the position itself."""
    values = state["options"].get("track_values")
    if values is None or not 0 <= position < len(values):
        return position
    return int(values[position])


def _rank(rows: list[dict[str, Any]]) -> None:
    """Competition ranking by total, highest first, ties sharing a place (1, 1, 3)."""
    totals = sorted((row["total"] for row in rows), reverse=True)
    for row in rows:
        row["rank"] = totals.index(row["total"]) + 1
