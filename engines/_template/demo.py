"""A demo game: two players race to 10."""

from __future__ import annotations

from typing import Any


def demo_game() -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``."""
    rolls = [("Ana", 4), ("Ben", 6), ("Ana", 5), ("Ben", 3), ("Ana", 2)]
    events: list[dict[str, Any]] = []
    for player, points in rolls:
        events.append({"type": "points_scored", "actor": player, "data": {"points": points}})
        events.append({"type": "turn_ended", "actor": player, "data": {}})
    return {"title": "Tally: the template's demo", "players": ["Ana", "Ben"], "options": {"target": 10},
            "events": events}
