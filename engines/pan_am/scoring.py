"""Standings at any step: Stock, then Money (*End of the Game*).

"The player with the most Stock in Pan Am wins the game.  If there is a tie, the tied
player with the most Money wins.  If there is still a tie, the tied players share the
victory."  Stock can only leave a hand to cover a bid, so mid-game it is banked score;
``buying_power`` (Stock + money // price) is a forecast shown beside it.
"""

from __future__ import annotations

from typing import Any

from engines.base import State


def standings(state: State) -> dict[str, Any]:
    """``{"final", "players": [{"player", "total", "breakdown", "status", "rank"}], "winners"}`` in seat order."""
    final = state["phase"] == "OVER"
    rows = [_row(state, name) for name in state["seats"]]
    keys = sorted((rank_key(state, row["player"]) for row in rows), reverse=True)
    for row in rows:
        row["rank"] = keys.index(rank_key(state, row["player"])) + 1
    winners = [row["player"] for row in rows if row["rank"] == 1] if final else []
    for row in rows:
        row["status"] = ("winner" if row["player"] in winners else "finished") if final else "flying"
    return {"final": final, "players": rows, "winners": winners}


def rank_key(state: State, name: str) -> tuple[int, int]:
    """(Stock, Money): compared like the rulebook's tie-break."""
    player = state["players"][name]
    return (player["stock"], player["money"])


def _row(state: State, name: str) -> dict[str, Any]:
    player = state["players"][name]
    price = state["stock_price"]
    on_routes = sum(1 for key in player["routes"] if state["routes"].get(key, {}).get("plane"))
    breakdown = {
        "stock": player["stock"],
        "money": player["money"],
        "income": player["income"],
        "routes": len(player["routes"]),
        "airports": len(player["airports"]),
        "planes": sum(player["fleet"].values()) + on_routes,
        "buying_power": player["stock"] + (player["money"] // price if price else 0),
    }
    return {"player": name, "total": player["stock"], "breakdown": breakdown, "status": "", "rank": None}
