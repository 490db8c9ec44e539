"""The rules of a turn, PN-C02..PN-C14 (PN-C01 is judged at set-up, in ``rules_setup``).

``engines.table_engine.TableEngine`` runs the guards in its fixed order, and the first that
fails is the only answer (the codes these games were first judged with kept, through the
engine's ``guard_codes``):

1. unknown event type         -> ``event/unknown-type``
2. game over                  -> PN-C13
3. an actor not at the table  -> PN-C02
4. not this player's turn     -> PN-C02 (``turn_problems``: the late opener's
                                 ``parachute_opened`` passes -- the player whose turn has
                                 just ended on an empty hand, before any event of the next
                                 player, see ``late_opener``; an opened parachute is out)
5. no action left in the turn -> PN-C03 (plays and action draws only: ``actions_left``)

then the rules of that event type, which may report several violations at once.
Checks that need the deck size report ``unverified`` when ``deck_total`` is None,
and are warnings instead of errors when ``enforce_bottom10`` is off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import Severity, State, Violation
from engines.panic_in_the_air import cards
from engines.panic_in_the_air.state import IN_AIR, is_action, late_opener, may_decline, pending_of, source_of

TURNS = "Game Turns"
PARACHUTE = "Opening Your Parachute"
START = "Start of the Game"
END = "End of the Game"
SOLO_RULE = "Card Functions: Solo"
RISK_RULE = "Card Functions: Risk"


def turn_problems(state: State, event_type: str, who: str) -> list[Violation] | None:
    """Guard 4's own reading here, or None where the generic one stands: the late opener
    may still open, and a player whose parachute is open no longer acts."""
    # PN-C08: "the player can open his parachute at any time during his turn" -- including
    # right after the second action that emptied the hand, before the next player acts.
    if event_type == "parachute_opened" and who == late_opener(state):
        return []
    # PN-C02: "The players take turns playing clockwise"; players who are out no longer act.
    if state["players"][who]["status"] != IN_AIR:
        return [Violation("PN-C02", PARACHUTE, f"{who} has opened their parachute and no longer acts")]
    return None


def actions_left(state: State, event_type: str, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """Guard 5: a play or an action draw needs one of the turn's two actions."""
    # PN-C03: "each player must perform 2 actions" -- a third is one too many.
    if is_action(state, event_type, data) and state["actions_done"] >= 2:
        return [Violation("PN-C03", TURNS, f"{who} has already taken 2 actions this turn")]
    return []


def _deck_severity(state: State) -> Severity:
    return "error" if state["options"]["enforce_bottom10"] else "warning"


def _pending_first(state: State, who: str) -> list[Violation]:
    # PN-C09: the Risk just placed is resolved before anything else happens.
    declining = " or decline them" if may_decline(state) else ""
    take = pending_of(state, "cards_taken")
    if take is not None:
        return [
            Violation(
                "PN-C09",
                RISK_RULE,
                f"{who} must first take {take['count']} card(s) from {take['from']}'s hand (Risk){declining}",
            )
        ]
    draws = pending_of(state, "risk_draws")
    if draws is not None:
        return [Violation("PN-C09", RISK_RULE, f"{who} must first make {draws['remaining']} Risk draw(s){declining}")]
    return []


def check_drawn(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    via = data.get("via")
    if pending_of(state, "cards_taken") is not None or (pending_of(state, "risk_draws") and via == "action"):
        out += _pending_first(state, who)
    elif via == "risk" and pending_of(state, "risk_draws") is None:
        out.append(Violation("PN-C09", RISK_RULE, f"No Risk card on {who}'s own stack calls for a draw now"))
    face = data.get("face") or {}
    rip = face.get("kind") == cards.RIP
    remaining = state["deck_remaining"]
    # PN-C10: the R.I.P. card was mixed into the bottom ten cards of the deck.
    if rip:
        if remaining is None:
            out.append(_unknown_deck("PN-C10", "the R.I.P. card came from the bottom ten cards"))
        elif remaining > cards.BOTTOM_ZONE:
            out.append(
                Violation(
                    "PN-C10",
                    START,
                    f"{who} drew the R.I.P. card with {remaining} cards left; "
                    f"it lies among the bottom {cards.BOTTOM_ZONE}",
                    _deck_severity(state),
                )
            )
    # PN-C14: the deck never runs out before the R.I.P. card, which is somewhere in its bottom ten.
    if remaining is None:
        out.append(_unknown_deck("PN-C14", "the deck still holds a card"))
    elif remaining <= 0:
        out.append(Violation("PN-C14", START, f"{who} cannot draw: the deck is empty", _deck_severity(state)))
    elif remaining == 1 and not rip:
        out.append(
            Violation(
                "PN-C14",
                START,
                f"Only one card is left and it must be the R.I.P. card, but {who}'s draw does not show it",
                _deck_severity(state),
            )
        )
    return out


def _unknown_deck(code: str, what: str) -> Violation:
    return Violation(code, START, f"The deck size is unknown (no deck size was given at New game): cannot confirm {what}", "unverified")


def check_played(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out = _pending_first(state, who)
    players = state["players"]
    card = data.get("card") or {}
    kind = card.get("kind")
    target = data.get("target")
    # PN-C04: "Place 1 card" -- from the hand.
    if players[who]["hand_count"] < 1:
        out.append(Violation("PN-C04", TURNS, f"{who} has no card in hand to play"))
    out += target_violations(state, who, target, kind)
    # PN-C07: the R.I.P. card is never placed; drawing it ends the game.
    if kind == cards.RIP:
        message = f"{who} cannot play the R.I.P. card; drawing it ends the game"
        out.append(Violation("PN-C07", "Card Functions: RIP", message))
    out += _check_face(state, who, card)
    return out


def target_violations(state: State, who: str, target: Any, kind: Any) -> list[Violation]:
    """Why ``who`` may not place a card (of ``kind``, or any with None) on ``target``;
    also what the recording page shows beside a target it does not offer."""
    players = state["players"]
    if target not in players:
        return [Violation("PN-C05", TURNS, f"There is no player named {target!r} to place a card on")]
    out: list[Violation] = []
    # PN-C05: an opened parachute turns the stack face down: "he gets out of the game".
    if players[target]["status"] != IN_AIR:
        message = f"{target} is no longer in the air; no card may be placed on their character"
        out.append(Violation("PN-C05", PARACHUTE, message))
    # PN-C06: Solo "prevent[s] you during one turn from being affected by other players' cards".
    elif players[target]["protected_until"] is not None and target != who:
        message = f"{target} is protected by a Solo; {who} cannot place a card on them"
        out.append(Violation("PN-C06", SOLO_RULE, message))
    if kind == cards.SOLO and target != who and state["options"]["solo_target"] == "self":
        message = f"At this table a Solo goes on one's own character; {who} placed it on {target}"
        out.append(Violation("PN-C06", SOLO_RULE, message))
    return out


def _check_face(state: State, who: str, card: Mapping[str, Any]) -> list[Violation]:
    """PN-C12: a Fall shows a value from the allowed set, a Wind shows its arrow."""
    out: list[Violation] = []
    kind = card.get("kind")
    name = cards.card_name(card)
    if kind == cards.FALL:
        allowed = state["options"]["fall_values"]
        value = card.get("value")
        if value is None:
            out.append(Violation("PN-C12", "Card Functions: Fall", f"{who}'s Fall card needs its value"))
        elif value not in allowed:
            out.append(Violation("PN-C12", "Card Functions: Fall", f"{name} is not a Fall value here ({allowed})"))
        elif value == cards.FIVE_HUNDRED:
            out += _check_five_hundred(state, who)
    elif "value" in card:
        message = f"A {name} card has no value; {card['value']} is ignored"
        out.append(Violation("PN-C12", "Card Functions", message, "warning"))
    if kind == cards.WIND and card.get("direction") is None:
        out.append(Violation("PN-C12", "Card Functions: Wind", f"{who}'s Wind card needs its arrow (CW or CCW)"))
    elif kind != cards.WIND and "direction" in card:
        message = f"A {name} card has no arrow; {card['direction']} is ignored"
        out.append(Violation("PN-C12", "Card Functions", message, "warning"))
    return out


def _check_five_hundred(state: State, who: str) -> list[Violation]:
    # PN-C11: "the three 500 Fall cards" start in the bottom ten: no more than 3, and none
    # before enough cards have been drawn from the bottom ten.
    played = state["fives_played"]
    if played >= cards.FIVE_HUNDREDS_IN_BOX:
        message = f"All three 500 Fall cards are already on stacks; {who} cannot place a fourth"
        return [Violation("PN-C11", START, message)]
    if state["deck_remaining"] is None:
        return [_unknown_deck("PN-C11", "this 500 came from the bottom ten cards")]
    if played + 1 > state["bottom_draws"]:
        return [
            Violation(
                "PN-C11",
                START,
                f"Only {state['bottom_draws']} card(s) have come from the bottom ten, where the 500s lie; "
                f"{who}'s 500 would be number {played + 1}",
                _deck_severity(state),
            )
        ]
    return []


def check_taken(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PN-C09: Risk on an opponent takes min(2, their hand) from the player it was placed on.
    take = pending_of(state, "cards_taken")
    source = source_of(data)
    if take is None:
        return [Violation("PN-C09", RISK_RULE, f"No Risk card lets {who} take cards from {source} now")]
    out: list[Violation] = []
    if source != take["from"]:
        message = f"The Risk was placed on {take['from']}; {who} takes from them, not from {source}"
        out.append(Violation("PN-C09", RISK_RULE, message))
    count = data.get("count")
    if count is not None and count != take["count"]:
        out.append(
            Violation(
                "PN-C09",
                RISK_RULE,
                f"{who} takes {take['count']} card(s) from {take['from']}'s hand (2, or all they hold), not {count}",
            )
        )
    return out


def check_declined(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PN-C09: "The Risk cards allow you to take 2 cards" -- a permission the player may decline
    # (``risk_may_decline``), and only while their Risk still owes cards.
    if pending_of(state, "cards_taken") is None and pending_of(state, "risk_draws") is None:
        return [Violation("PN-C09", RISK_RULE, f"No Risk card gives {who} cards to decline now")]
    if not may_decline(state):
        message = f"At this table a Risk's cards are always taken: {who} cannot decline them"
        return [Violation("PN-C09", RISK_RULE, message)]
    return []


def check_opened(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # A pending Risk follow-up is the current player's; the late opener's turn is over.
    out = _pending_first(state, who) if who == state["current"] else []
    # PN-C08: "When a player no longer has a card in his hand, he can open his parachute".
    held = state["players"][who]["hand_count"]
    if held > 0:
        message = f"{who} still holds {held} card(s); the parachute opens only with an empty hand"
        out.append(Violation("PN-C08", PARACHUTE, message))
    return out
