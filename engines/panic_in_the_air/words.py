"""One line per event for the game log, read from the state *before* the event, in words
a person at the table would use.  None raises for an event the rules refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State
from engines.panic_in_the_air import cards
from engines.panic_in_the_air.state import in_air, is_action, late_opener, pending_of, source_of

_WAYS = {cards.CW: "clockwise", cards.CCW: "counter-clockwise"}


def taken_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    count = data.get("count")
    if count is None:
        take = pending_of(state, "cards_taken")
        count = take["count"] if take else 2
    noun = "card" if count == 1 else "cards"
    return f"{who} took {count} {noun} from {source_of(data)}'s hand (Risk)"


def _hand(state: State, who: str) -> int:
    player = state["players"].get(who)
    return int(player["hand_count"]) if player else 0


def drawn_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    face = data.get("face") or {}
    if face.get("kind") == cards.RIP:
        return f"{who} drew the R.I.P. card: the game ends"
    what = cards.card_name(face) if face else "a card"
    risk = "" if is_action(state, "card_drawn", data) else " for the Risk"
    return f"{who} drew {what}{risk} ({_hand(state, who) + 1} in hand)"


def played_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    card = data.get("card") or {}
    target = data.get("target")
    on = "their own character" if target == who else str(target)
    line = f"{who} played {cards.card_name(card)} on {on}"
    kind = card.get("kind")
    if kind == cards.WIND:
        way = _WAYS.get(str(card.get("direction")))
        return f"{line}; the top cards moved {way}" if way else f"{line}; with no arrow given nothing moved"
    if kind == cards.RISK:
        if target == who:
            return f"{line}: they draw 2 cards from the deck"
        held = _hand(state, str(target))
        count = min(2, held)
        return f"{line}: {who} takes {count} card{'s' if count != 1 else ''} from {target}'s hand"
    if kind == cards.SOLO:
        mode = state["options"]["solo_duration"]
        until = target if mode == "until_protected_players_next_turn" else who
        return f"{line}: {target} is safe from other players' cards until {until}'s next turn"
    if kind == cards.RIP:
        return f"{line}: the game ends"
    return line


def declined_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    """What the Risk still allowed and the player left: cards of an opponent's hand, or draws."""
    take = pending_of(state, "cards_taken")
    if take is not None:
        return f"{who} did not take the {_cards(take['count'])} of the Risk (from {take['from']}'s hand)"
    draws = pending_of(state, "risk_draws")
    if draws is not None:
        left = draws["remaining"]
        what = "2 cards" if left == 2 else ("last card" if left == 1 else f"{left} cards")
        return f"{who} did not take the {what} of the Risk (from the deck)"
    return f"{who} declined a Risk that owed nothing"


def _cards(count: int) -> str:
    return "card" if count == 1 else f"{count} cards"


def opened_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    left = [name for name in in_air(state) if name != who]
    opened = f"{who} opened their parachute"
    if who == late_opener(state):
        opened += " at the end of their turn"
    if not left:
        return f"{opened}: everyone is out, the game ends"
    if len(left) == 1:
        return f"{opened}; {left[0]} falls on alone"
    return opened
