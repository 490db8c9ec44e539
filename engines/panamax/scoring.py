"""The standings (``engines.base.Engine``): net worth while playing, §8's fortunes at the end."""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.panamax import round_end


def standings(state: State) -> dict[str, Any]:
    """Net worth while playing (the note's B6.2): personal money, shares at their price, the
    Managing Director Awards, less $15 a Bailout; Financial Advisor cards are hidden goals
    until the end.  Once every player has revealed them, §8's fortune, and "In case of a
    tie, the final turn order breaks the tie"."""
    final = state["phase"] == "OVER"
    fortunes = round_end.final_fortunes(state) if final else None
    rows = []
    for name in state["seats"]:
        player = state["players"][name]
        if fortunes is not None:
            breakdown = dict(fortunes[name])
            total = breakdown.pop("total")
        else:
            shares = sum(count * (state["companies"][colour]["price"] or 0) for colour, count in player["shares"].items())
            awards, bailouts = sum(player["awards"]), 15 * player["bailouts"]
            total = player["money"] + shares + awards - bailouts
            breakdown = {"money": player["money"], "shares": shares, "awards": awards, "bailouts": -bailouts}
        company = state["companies"][player["company"]]
        breakdown["company_money"], breakdown["company_price"] = company["money"], company["price"]
        rows.append({"player": name, "total": total, "status": "managing", "rank": None, "breakdown": breakdown})
    order = state["turn_order"]
    ranked = sorted(rows, key=lambda row: (-row["total"], order.index(row["player"])))
    for row in rows:
        if final:
            row["rank"] = ranked.index(row) + 1
        else:
            row["rank"] = 1 + sum(1 for other in ranked if other["total"] > row["total"])
    winners = [ranked[0]["player"]] if final else []
    for row in rows:
        row["status"] = ("winner" if row["player"] in winners else "finished") if final else "managing"
    return {"final": final, "players": rows, "winners": winners}
