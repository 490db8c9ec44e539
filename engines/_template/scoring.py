"""The standings: each player's total; at the end, the highest wins and ties share."""

from __future__ import annotations

from typing import Any

from engines.base import State

from .state import tally


def standings(state: State) -> dict[str, Any]:
    tallied = tally(state)
    scores = tallied["scores"]
    ranked = sorted(scores.values(), reverse=True)
    final = tallied["over"]
    rows = [{"player": p, "total": scores[p], "breakdown": {"points": scores[p]}, "status": "finished" if final
             else "playing", "rank": ranked.index(scores[p]) + 1 if final else None} for p in tallied["players"]]
    winners = [p for p in tallied["players"] if final and scores[p] == ranked[0]]
    return {"final": final, "players": rows, "winners": winners}
