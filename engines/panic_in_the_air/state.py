"""The state of a game (plain JSON data), how to build it, copy it and ask it simple questions.

State::

    {"seats": [name, ...],                      # clockwise seat order
     "players": {name: {"status": "in_air" | "parachute_open" | "crashed",
                        "hand_count": int,       # hands are hidden: counts only
                        "stack": [card, ...],    # bottom -> top, as placed
                        "protected_until": name | None,   # Solo: ends when this player's turn begins
                        "crash_reason": None | "in_air" | "odd_click_clack"}},
     "options": {...resolved rules profile...},
     "deal": 6 | 3,
     "current": name, "turn_no": int, "actions_done": 0..2,
     "may_still_open": name | None,              # the turn just ended on this player's empty hand:
                                                 # they may still open until the next event is folded
     "pending": None | {"type": "risk_draws", "player": name, "remaining": 1..2}
                     | {"type": "cards_taken", "player": name, "from": name, "count": 1..2},
     "deck_remaining": int | None,               # None when deck_total is unknown
     "draws": int, "bottom_draws": int,          # draws after the deal; those from the bottom ten
     "fives_played": int,                        # 500 Fall cards placed so far
     "game_over": bool, "end_reason": None | "RIP" | "ALL_OPENED", "rip_drawn_by": name | None,
     "step": int,                                # events folded so far
     "setup_flags": [violation dict, ...]}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import State, Violation, json_copy

IN_AIR = "in_air"
PARACHUTE_OPEN = "parachute_open"
CRASHED = "crashed"


def next_state(state: State) -> State:
    """A copy of ``state`` that ``apply`` may change, sharing what it never changes.

    Cards, once placed, are never edited (they move between stacks whole), and
    the options and set-up flags are fixed at set-up, so those are shared; the
    dicts and lists that hold them are copied.  Copying every card instead made
    each fold step cost as much as the whole table (see bench/run.py).
    """
    new = dict(state)
    new["players"] = {
        name: {**player, "stack": list(player["stack"])} for name, player in state["players"].items()
    }
    if state["pending"] is not None:
        new["pending"] = dict(state["pending"])
    return new


def new_state(
    players: Sequence[str], opts: Mapping[str, Any], deal: int, flags: Sequence[Violation]
) -> State:
    """The table after the deal: every character in the air with an empty stack."""
    total = opts["deck_total"]
    return {
        "seats": list(players),
        "players": {
            name: {
                "status": IN_AIR,
                "hand_count": deal,
                "stack": [],
                "protected_until": None,
                "crash_reason": None,
            }
            for name in players
        },
        "options": json_copy(dict(opts)),
        "deal": deal,
        "current": opts["first_player"] if opts["first_player"] is not None else players[0],
        "turn_no": 1,
        "actions_done": 0,
        "may_still_open": None,
        "pending": None,
        "deck_remaining": None if total is None else total - deal * len(players),
        "draws": 0,
        "bottom_draws": 0,
        "fives_played": 0,
        "game_over": False,
        "end_reason": None,
        "rip_drawn_by": None,
        "step": 0,
        "setup_flags": [flag.to_dict() for flag in flags],
    }


def in_air(state: State) -> list[str]:
    """The players still falling, in seat order."""
    return [name for name in state["seats"] if state["players"][name]["status"] == IN_AIR]


def next_in_air(state: State, after: str) -> str | None:
    """The next player clockwise after ``after`` who is still in the air; ``after``
    itself when it is the last one left (the lone player plays on), None when nobody is."""
    seats: list[str] = state["seats"]
    start = seats.index(after) if after in seats else -1
    for offset in range(1, len(seats) + 1):
        name = seats[(start + offset) % len(seats)]
        if state["players"][name]["status"] == IN_AIR:
            return name
    return None


def late_opener(state: State) -> str | None:
    """The player whose turn has just ended on an empty hand and who may still open their
    parachute (the rulebook: "at any time during his turn"), while no event of the next
    player has been folded; None outside that moment.  A state saved before the field
    existed has no such moment."""
    name = state.get("may_still_open")
    if name is None or state["game_over"] or name == state["current"]:
        return None
    player = state["players"].get(name)
    if player is None or player["status"] != IN_AIR:
        return None
    return str(name)


def actor_of(state: State, actor: str | None) -> str:
    """Who acts: the named player, or the current one when the event names nobody."""
    return actor if actor is not None else state["current"]


def pending_of(state: State, kind: str) -> dict[str, Any] | None:
    """The pending Risk follow-up of that ``kind`` ("risk_draws" or "cards_taken"), if any."""
    pending = state.get("pending")
    if isinstance(pending, dict) and pending.get("type") == kind:
        return pending
    return None


def may_decline(state: State) -> bool:
    """Whether this table lets a Risk's cards be declined (``risk_may_decline``); a state
    saved before the option existed reads the default, the rulebook's "allow"."""
    return bool(state["options"].get("risk_may_decline", True))


def is_action(state: State, event_type: str, data: Mapping[str, Any]) -> bool:
    """Whether the event uses one of the turn's two actions.

    A play always does; a draw does unless it is a Risk draw: ``via`` says so,
    and without ``via`` a draw is a Risk draw exactly while Risk draws are owed."""
    if event_type == "card_played":
        return True
    if event_type == "card_drawn":
        via = data.get("via")
        if via is None:
            return pending_of(state, "risk_draws") is None
        return bool(via == "action")
    return False


def source_of(data: Mapping[str, Any]) -> Any:
    """The player a ``cards_taken`` takes from: the JSON key is ``"from"``; a dict already
    loaded through ``CardsTakenSchema`` names it ``"from_"`` (a Python keyword otherwise)."""
    return data.get("from", data.get("from_"))
