"""What the recording page offers now: who acts, the event types possible and each one's
concrete choices.  Right after a turn ended on an empty hand, the player whose turn it was
may still open (``late_opener``); a Risk's follow-up comes before anything else."""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.panic_in_the_air import cards
from engines.panic_in_the_air.rules_turn import target_violations
from engines.panic_in_the_air.state import in_air, late_opener, may_decline, pending_of


def expected(state: State) -> dict[str, Any]:
    """Who acts now, which event types are possible and their enumerable choices.

    Right after a turn ended on an empty hand, the player whose turn it was may
    still open: ``actors`` is then ``[current, late opener]`` and
    ``parachute_opened`` is among the event types."""
    if state["game_over"]:
        return {"actors": [], "event_types": [], "options": {}}
    exp = _current_choices(state)
    late = late_opener(state)
    if late is not None and state["players"][late]["hand_count"] == 0:
        exp["actors"].append(late)
        if "parachute_opened" in exp["event_types"]:
            exp["actors_of"] = {"parachute_opened": [state["current"], late]}
        else:
            exp["event_types"].append("parachute_opened")
            exp["actors_of"] = {"parachute_opened": [late]}
    return exp


def possible(state: State) -> list[str]:
    """The event types ``expected`` offers now."""
    return list(expected(state)["event_types"])


def _current_choices(state: State) -> dict[str, Any]:
    """What the current player may do now: a Risk follow-up owed, or the turn's choices."""
    current = state["current"]
    take = pending_of(state, "cards_taken")
    if take is not None:
        owed = {"event_types": ["cards_taken"], "options": {"cards_taken": {"from": [take["from"]], "count": [take["count"]]}}}
        return {"actors": [current], **_or_decline(state, owed)}
    if pending_of(state, "risk_draws") is not None:
        owed = {"event_types": ["card_drawn"], "options": {"card_drawn": _draws("risk")}}
        return {"actors": [current], **_or_decline(state, owed)}
    return {"actors": [current], **_turn_choices(state, current)}


def _or_decline(state: State, owed: dict[str, Any]) -> dict[str, Any]:
    """A Risk's follow-up, and declining it where the table allows (``risk_may_decline``):
    one tap of its own, shown after the take as the less usual choice."""
    if not may_decline(state):
        return owed
    return {**owed, "event_types": [*owed["event_types"], "risk_declined"], "minor": ["risk_declined"]}


def _turn_choices(state: State, current: str) -> dict[str, Any]:
    """The two actions (while any is left) and the parachute (with an empty hand)."""
    types: list[str] = []
    choices: dict[str, Any] = {}
    hand = state["players"][current]["hand_count"]
    remaining = state["deck_remaining"]
    if state["actions_done"] < 2:
        if remaining is None or remaining > 0:
            types.append("card_drawn")
            choices["card_drawn"] = _draws("action")
        if hand >= 1:
            types.append("card_played")
            targets, refused = _targets(state, current)
            choices["card_played"] = {
                "target": targets,
                # A Solo-protected player is not offered, but a table may rule otherwise.
                "refused_choices": {"target": refused},
                # Most cards go on the player's own character ("on his character or that
                # of another player"): the form starts there, one tap moves it.
                **({"suggested": {"target": current}} if current in targets else {}),
                "kind": list(cards.PLAYABLE_KINDS),
                "value": list(state["options"]["fall_values"]),
                "direction": list(cards.DIRECTIONS),
                # PN-C12: a Fall needs its value, a Wind its arrow; no other card has either.
                "shown_when": {
                    "card.value": {"card.kind": [cards.FALL]},
                    "card.direction": {"card.kind": [cards.WIND]},
                },
            }
    if hand == 0:
        types.append("parachute_opened")
    return {"event_types": types, "options": choices}


def _targets(state: State, current: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The characters a card may go on, and those Solo protects with the rule that says so."""
    offered: list[str] = []
    refused: list[dict[str, Any]] = []
    for name in in_air(state):
        violations = target_violations(state, current, name, None)
        if violations:
            refused.append({"choice": name, **violations[0].to_dict()})
        else:
            offered.append(name)
    return offered, refused


def _draws(via: str) -> dict[str, Any]:
    """A draw's choices, and the R.I.P. card as a draw of its own: it ends the game, so it is
    one tap, never a detail.  Offered at every draw: whether the deck is down to its bottom
    ten is what the players may not know during play (PN-C10 judges it)."""
    return {"via": [via], "presets": [{"label": "R.I.P. card drawn", "data": {"via": via, "face": {"kind": cards.RIP}}}]}
