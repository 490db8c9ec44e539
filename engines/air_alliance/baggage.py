"""The Baggage Claim Area: six Passenger Cards in a row, the oldest on the left ("[B]
Reserve a Passenger Card", "Refilling the Baggage Claim Area", "PHASE 2: Lost Baggage").

The row is a list of card ids (``None`` for a space waiting for its refill); reservations
are ``{card: player}``.  Cards come face up as events (a reveal is a fact of the table);
this module says where they go and which one the Lost Baggage takes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.base import Violation

SPACES = 6
RESERVE_RULE = "[B] Reserve a Passenger Card in the Baggage Claim Area"
LOST_RULE = "PHASE 2: Lost Baggage"


def reserve_problems(row: Sequence[str | None], reserved: Mapping[str, str], card: str, reserved_this_turn: bool,
                     last_turn: bool) -> list[Violation]:
    """AA-C20 to AA-C22."""
    if last_turn:
        return [Violation("AA-C22", "Special rules for the Last Turn", "Placing markers to reserve passengers is no "
                          "longer allowed")]
    if reserved_this_turn:
        return [Violation("AA-C21", RESERVE_RULE, "Each player can only reserve 1 card per turn")]
    if card not in row:
        return [Violation("AA-C20", RESERVE_RULE, f"{card} is not in the Baggage Claim Area")]
    if card in reserved:
        return [Violation("AA-C20", RESERVE_RULE, f"{card} is already reserved by {reserved[card]}")]
    return []


def take(row: Sequence[str | None], card: str) -> list[str | None]:
    """A card gained leaves its space; the cards to its right shift left and the rightmost
    space waits for the refill ("shift the Passenger Cards to the left, and draw another
    card and place it in the rightmost space").

    >>> take(["a", "b", "c", "d", "e", "f"], "b")
    ['a', 'c', 'd', 'e', 'f', None]
    """
    kept = [c for c in row if c is not None and c != card]
    return [*kept, *[None] * (SPACES - len(kept))]


def reveal(row: Sequence[str | None], card: str) -> list[str | None]:
    """A card revealed fills the first empty space (the row is kept packed to the left)."""
    filled = list(row)
    filled[filled.index(None)] = card
    return filled


def lost_baggage(row: Sequence[str | None], reserved: Mapping[str, str]) -> str | None:
    """AA-C28: "The leftmost card that has no marker on it will be a discard".

    >>> lost_baggage(["a", "b", "c"], {"a": "Ann"})
    'b'
    """
    return next((card for card in row if card is not None and card not in reserved), None)
