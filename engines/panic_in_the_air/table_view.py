"""What the table sees while the game is played: the hook ``table_view`` (docs/WEB.md).

[RB] "The cards that the players will pile up in front of them, face up, will represent
their parachute jump. They will not be able to look into their own falling deck or the one
of another player's during the game."  "It is forbidden to count cards remaining in the card
deck."  A player opens "by turning the stack of his character face down".

So, during play, the table sees each character's top card (while the stack is face up),
each hand's size (cards held in a hand are counted at a glance; the engine keeps only
counts anyway), who is in the air and who has opened, the Solo protections, the Risk
follow-up and the turn.  It does not see:

* the deck's count (nor the draws made, from which it follows, nor whether the bottom ten
  has been reached);
* what lies under a top card, hence no distance and no Click-Clack count (the harness's
  parity is the whole point of remembering);
* how many cards a stack holds: counting them means looking through the pile, which the
  rulebook forbids, and a pile's height is not a number a table reads;
* the top card of a stack turned face down (a parachute opened).

At the end of the game every stack is counted aloud ("Survivors add up the values on their
falling cards"), so a state that is over is its own view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State
from engines.panic_in_the_air.state import IN_AIR

# What the view keeps of the state, as it is: the turn, the Risk follow-up, the late
# opening, the rules profile and the set-up's warnings are all in sight of the table.
_PUBLIC = ("seats", "options", "deal", "current", "turn_no", "actions_done", "may_still_open", "pending",
           "game_over", "end_reason", "rip_drawn_by", "step", "setup_flags")


def table_view(state: State, standings: Mapping[str, Any]) -> tuple[State, dict[str, Any]]:
    """The state and standings as the table sees them while the game is played.

    The view state has the state's keys, but ``"table_view": True``, no deck count
    (``deck_remaining``, ``draws``, ``bottom_draws`` and ``fives_played`` None) and, for each
    player, ``top_card`` (None when the stack is empty or face down) and ``face_down``
    instead of ``stack``.  Standings keep each status and hand; totals and ranks are None.

    >>> from engines.panic_in_the_air.engine import PanicInTheAir
    >>> engine = PanicInTheAir()
    >>> state = engine.setup(["Ana", "Ben"], {})
    >>> state["players"]["Ana"]["stack"] = [{"kind": "FALL", "value": 300}, {"kind": "CLICK_CLACK"}]
    >>> view, rows = table_view(state, engine.standings(state))
    >>> view["players"]["Ana"]["top_card"], view["deck_remaining"]
    ({'kind': 'CLICK_CLACK'}, None)
    >>> rows["players"][0]
    {'player': 'Ana', 'total': None, 'breakdown': {'hand_count': 6}, 'status': 'in_air', 'rank': None}
    """
    if state["game_over"]:
        return state, dict(standings)
    view: State = {key: state[key] for key in _PUBLIC if key in state}
    view.update({"table_view": True, "deck_remaining": None, "draws": None, "bottom_draws": None,
                 "fives_played": None})
    view["players"] = {name: _seen_player(player) for name, player in state["players"].items()}
    return view, _seen_standings(standings)


def _seen_player(player: Mapping[str, Any]) -> dict[str, Any]:
    """A character as the table sees it: its status, hand size, Solo and top card."""
    stack = player["stack"]
    face_down = player["status"] != IN_AIR and bool(stack)
    return {
        "status": player["status"],
        "hand_count": player["hand_count"],
        "protected_until": player["protected_until"],
        "crash_reason": player["crash_reason"],
        "top_card": dict(stack[-1]) if stack and not face_down else None,
        "face_down": face_down,
    }


def _seen_standings(standings: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's status ("in_air" | "parachute_open") and hand; nothing of the stacks."""
    rows = [{
        "player": row["player"],
        "total": None,
        "breakdown": {"hand_count": (row.get("breakdown") or {}).get("hand_count")},
        "status": row.get("status"),
        "rank": None,
    } for row in standings.get("players", [])]
    return {"final": False, "players": rows, "winners": []}
