"""The Isle of Pan's own guards, which ``IsleOfPan`` runs among ``TableEngine``'s generic
ones (IP-C01 and IP-C04 are judged at set-up, in ``profile``; a board file's own problems
IP-B01..IP-B10 in ``board``; each event type's rules in ``rules_setup``, ``rules_turn``,
``rules_after_move`` and ``rules_table``, the sections they cite in ``sections``).

The guards run in a fixed order and the first that fails is the only answer:

1. unknown event type                          -> ``event/unknown-type``
2. game over                                   -> IP-C26
3. an actor who is not a player                -> IP-C05
4. table events (``by="table"`` in ``events``: ``starting_tile_declared``,
   ``tile_revealed``, ``score_token_set``, ``fantastic_beast_appeared``): anyone at the
   table may record them; the set-up order (IP-C02, ``table_order``) comes first
5. player actions before the set-up is complete -> IP-C02 (``setup_incomplete``)
6. not this player's turn                      -> IP-C05 (``other_player``: the next seat's
   ``tile_taken`` after the current player's move passes, and is judged on the state with
   that turn closed, ``check_take``; it is IP-C26 when that turn is the game's last)
7. step order                                  -> IP-C06, IP-C08 (a second tile), IP-C19 (a
   second move, or ending the turn without one) (``turn_order``)

then the rules of that event type, which may report several violations at once.
``IsleOfPan`` maps them onto ``TableEngine``'s hooks: 1 to 3 are the base's guards
(``guard_codes``, ``over_message``), 5 and 6 in ``turn_guard`` (the set-up comes before whose turn it is), 4 and 7 in
``table_guards``.  Checks that need data the rulebook lacks report ``unverified`` on the
accepted event.  A reveal on a board is judged on the face the board fills in
(``board.revealed_face``), its board checks (IP-C30, IP-C29, ``declared/conflict``) after
the reveal's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.isle_of_pan.effects import closed_preview
from engines.isle_of_pan.rules_turn import check_taken
from engines.isle_of_pan.sections import ENDGAME, PLAY, SHUFFLE_RULE, START_RULE, STEP1, STEP4
from engines.isle_of_pan.state import (
    MOVE,
    PLACE,
    POST,
    TAKE,
    closing_ends_game,
    setup_complete,
    take_closes_turn,
)
from engines.isle_of_pan.tiles import (
    SLOTS,
    TURNS_EACH,
)


def setup_incomplete(state: State, event_type: str) -> Violation:
    if state["start"] is None:
        missing = "the Starting Tile is not declared yet"
    else:
        missing = f"{state['reveals']} of the first {len(SLOTS)} tiles are face up"
    return Violation("IP-C02", SHUFFLE_RULE, f"The set-up is not complete ({missing}); no {event_type} yet")


def table_order(state: State, event_type: str) -> list[Violation]:
    # IP-C02: the table declares the Starting Tile first, then turns up 3 tiles, then plays.
    if event_type != "starting_tile_declared" and state["start"] is None:
        return [Violation("IP-C02", START_RULE, f"Declare the Starting Tile before any {event_type}")]
    if event_type in ("score_token_set", "fantastic_beast_appeared") and not setup_complete(state):
        return [setup_incomplete(state, event_type)]
    return []


def other_player(state: State, event_type: str, who: str) -> list[Violation]:
    """A player acting in someone else's turn: only the next seat's tile, once the current
    player has moved, which closes that turn (``check_take`` judges it on the closed state)."""
    current = state["current"]
    if event_type == "tile_taken" and take_closes_turn(state, who):
        # IP-C26: the last turn ends the game; nobody takes a tile after it.
        if closing_ends_game(state):
            message = f"{current}'s turn is the game's last ({TURNS_EACH} turns each): no tile is taken after it"
            return [Violation("IP-C26", ENDGAME, message)]
        return []
    # IP-C05: "The youngest player starts and the others take turns, going clockwise."
    step = state["turn_step"]
    return [Violation("IP-C05", PLAY, f"It is {current}'s turn (next: {_NEXT[step]}), not {who}'s")]


def check_take(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """``tile_taken``'s rules (``rules_turn.check_taken``); the next seat's take after the
    current player's move closes that turn, and is judged on the state with it closed."""
    return check_taken(closed_preview(state) if take_closes_turn(state, who) else state, who, data)


_NEXT = {
    TAKE: "take a tile",
    PLACE: "place the tile",
    MOVE: "move the Explorer",
    POST: "place animals or end the turn",
}


def turn_order(state: State, event_type: str, who: str) -> list[Violation]:
    """IP-C06 "in this order", IP-C08 one tile, IP-C19 one move (0 allowed)."""
    step = state["turn_step"]
    if event_type == "tile_taken" and step != TAKE:
        taken = state["taken"]
        where = f" (from {taken['display_id']})" if taken else ""
        # IP-C08: "Pick a Landscape tile" -- one per turn.
        return [Violation("IP-C08", STEP1, f"{who} already took a tile this turn{where}")]
    if event_type == "tile_placed" and step != PLACE:
        if step == TAKE:
            return [Violation("IP-C06", PLAY, f"{who} must take a tile (step 1) before placing one (step 3)")]
        return [Violation("IP-C06", PLAY, f"{who}'s tile is already placed this turn; next: {_NEXT[step]}")]
    if event_type == "explorer_moved" and step != MOVE:
        if step == POST:
            # IP-C19: step 4 is one move of 0 to 3 spaces.
            return [Violation("IP-C19", STEP4, f"{who}'s Explorer has already moved this turn")]
        return [Violation("IP-C06", PLAY, f"{who} must {_NEXT[step]} before moving the Explorer (step 4)")]
    if event_type in ("animals_observed", "wondrous_lake_placed") and step != POST:
        return [Violation("IP-C06", PLAY, f"{who} must {_NEXT[step]} first; this comes after the Explorer's move")]
    if event_type == "end_turn" and step != POST:
        if step == MOVE:
            message = f"{who}'s Explorer has not moved yet: record its move (0 spaces if it stays)"
            return [Violation("IP-C19", STEP4, message)]
        return [Violation("IP-C06", PLAY, f"{who}'s turn is not finished: {_NEXT[step]} first")]
    return []

