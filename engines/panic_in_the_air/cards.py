"""The card vocabulary of Panic in the Air and small questions about stacks.

Only the kinds of card are known from the rulebook; how many of each kind the
box holds is not (gap G1), so nothing here counts cards except the facts the
rulebook states: one R.I.P. card and three 500 Fall cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Card = dict[str, Any]

FALL = "FALL"
CLICK_CLACK = "CLICK_CLACK"
SOLO = "SOLO"
WIND = "WIND"
RISK = "RISK"
RIP = "RIP"

KINDS: tuple[str, ...] = (FALL, CLICK_CLACK, SOLO, WIND, RISK, RIP)
# Every kind but R.I.P. can be placed on a character (PN-C07).
PLAYABLE_KINDS: tuple[str, ...] = (FALL, CLICK_CLACK, SOLO, WIND, RISK)

CW = "CW"
CCW = "CCW"
DIRECTIONS: tuple[str, ...] = (CW, CCW)

# [RB] "the three 500 Fall cards" and "the RIP card".
FIVE_HUNDRED = 500
FIVE_HUNDREDS_IN_BOX = 3
# [RB] the R.I.P. card is mixed into the bottom ten cards of the deck.
BOTTOM_ZONE = 10

_NAMES = {
    FALL: "Fall",
    CLICK_CLACK: "Click-Clack",
    SOLO: "Solo",
    WIND: "Wind",
    RISK: "Risk",
    RIP: "R.I.P.",
}


def card_name(card: Mapping[str, Any]) -> str:
    """How a person calls the card: ``Fall 300``, ``Wind (CW)``, ``Solo``.

    >>> card_name({"kind": "FALL", "value": 300})
    'Fall 300'
    >>> card_name({"kind": "WIND", "direction": "CCW"})
    'Wind (CCW)'
    """
    kind = card.get("kind")
    name = _NAMES.get(str(kind), str(kind))
    if kind == FALL and "value" in card:
        return f"{name} {card['value']}"
    if kind == WIND and "direction" in card:
        return f"{name} ({card['direction']})"
    return name


def stored_card(card: Mapping[str, Any]) -> Card:
    """The card as it lies on a stack: its kind, plus the value of a Fall and
    the arrow of a Wind; anything else declared with it carries no meaning (G7)."""
    out: Card = {"kind": card.get("kind")}
    if card.get("kind") == FALL and "value" in card:
        out["value"] = card["value"]
    if card.get("kind") == WIND and "direction" in card:
        out["direction"] = card["direction"]
    return out


def distance(stack: Sequence[Mapping[str, Any]]) -> int:
    """The fall distance of a stack: the sum of its Fall values (other cards carry none, G7).

    >>> distance([{"kind": "FALL", "value": 200}, {"kind": "SOLO"}, {"kind": "FALL", "value": 500}])
    700
    """
    total = 0
    for card in stack:
        value = card.get("value")
        if card.get("kind") == FALL and isinstance(value, int):
            total += value
    return total


def click_clacks(stack: Sequence[Mapping[str, Any]]) -> int:
    """How many Click-Clack cards a stack holds; an odd number means a loose harness."""
    return sum(1 for card in stack if card.get("kind") == CLICK_CLACK)


def is_five_hundred(card: Mapping[str, Any]) -> bool:
    """Whether the card is one of the three 500 Fall cards from the bottom of the deck."""
    return card.get("kind") == FALL and card.get("value") == FIVE_HUNDRED
