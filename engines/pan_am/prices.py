"""The Stock Price: how an Event card (or a card effect) moves it, and the track's ends.

*Stock Price Step*: "Move the Stock Price up by one.  Move the Stock Price down by one.
Set the Stock Price to the indicated number."  The track's range is not in the rulebook
(PA-V4): with a board file, a move past an end stops there; without, the price never
goes below $1 (at $0 Stock would be free).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State


def raw_price(state: State, op: Any, value: Any) -> int | None:
    """The price the adjustment asks for, before the track's ends (None: still unset).

    A first move up or down starts from the ``start_price`` option (PA-AMB-4).
    >>> raw_price({"stock_price": 5, "options": {"start_price": None}}, "down", None)
    4
    """
    if op == "set":
        return value if isinstance(value, int) else state["stock_price"]
    base: int | None = state["stock_price"]
    if base is None:
        base = state["options"].get("start_price")
    if base is None:
        return None
    return base + (1 if op == "up" else -1 if op == "down" else 0)


def price_range(state: State) -> tuple[int, int] | None:
    found = state["board"].get("price_range")
    return (int(found[0]), int(found[1])) if found else None


def on_track(state: State, price: int | None) -> int | None:
    """The price the marker can show: inside the board's range, or at least $1."""
    if price is None:
        return None
    ends = price_range(state)
    if ends is None:
        return max(1, price)
    return min(max(price, ends[0]), ends[1])


def adjust(state: State, adjustment: Mapping[str, Any]) -> int | None:
    """The price after an adjustment, kept on the track."""
    return on_track(state, raw_price(state, adjustment.get("op"), adjustment.get("value")))
