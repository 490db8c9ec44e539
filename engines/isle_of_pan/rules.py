"""Legality checks IP-C02..IP-C30 (IP-C01 and IP-C04 are judged at set-up, in ``profile``;
a board file's own problems IP-B01..IP-B10 in ``board``).

Guards run in a fixed order and the first that fails is the only answer:

1. unknown event type                          -> ``event/unknown-type``
2. game over                                   -> IP-C26
3. an actor who is not a player                -> IP-C05
4. table events (``starting_tile_declared``, ``tile_revealed``, ``score_token_set``,
   ``fantastic_beast_appeared``): anyone at the table may record them; their own rules
   follow (set-up order IP-C02 first)
5. player actions before the set-up is complete -> IP-C02
6. not this player's turn                      -> IP-C05 (the next seat's ``tile_taken`` after
   the current player's move is judged on the state with that turn closed; it is
   IP-C26 when that turn is the game's last)
7. step order                                  -> IP-C06, IP-C08 (a second tile), IP-C19 (a
   second move, or ending the turn without one)

then the rules of that event type, which may report several violations at once: one
module per part of the game (``rules_setup``, ``rules_turn``, ``rules_after_move``,
``rules_table``), the sections they cite in ``sections``.
Checks that need data the rulebook lacks report ``unverified`` on the accepted event.
A reveal on a board is judged on the face the board fills in (``board.revealed_face``),
its board checks (IP-C30, IP-C29, ``declared/conflict``) after the reveal's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.isle_of_pan.effects import closed_preview
from engines.isle_of_pan.rules_after_move import check_end_turn, check_observed, check_wondrous_lake
from engines.isle_of_pan.rules_setup import check_revealed, check_start
from engines.isle_of_pan.rules_table import check_beast, check_score_set
from engines.isle_of_pan.rules_turn import check_moved, check_placed, check_taken
from engines.isle_of_pan.schemas import EVENT_SCHEMAS
from engines.isle_of_pan.sections import ENDGAME, PLAY, SHUFFLE_RULE, START_RULE, STEP1, STEP4, Check
from engines.isle_of_pan.state import (
    MOVE,
    PLACE,
    POST,
    TAKE,
    actor_of,
    closing_ends_game,
    next_seat,
    setup_complete,
)
from engines.isle_of_pan.tiles import (
    SLOTS,
    TURNS_EACH,
)

TABLE_EVENTS = frozenset({"starting_tile_declared", "tile_revealed", "score_token_set", "fantastic_beast_appeared"})


def check_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """Every violation of the event against the rules, in the documented guard order."""
    specific = _SPECIFIC.get(event_type)
    if specific is None:
        return [Violation("event/unknown-type", PLAY, f"The Isle of Pan has no event type {event_type!r}")]
    # IP-C26: "The game ends when each player has played 9 turns".
    if state["game_over"]:
        return [Violation("IP-C26", ENDGAME, f"The game is over ({TURNS_EACH} turns each); no {event_type} can follow")]
    # IP-C05: only the players at the table act.
    if actor is not None and actor not in state["players"]:
        return [Violation("IP-C05", PLAY, f"{actor!r} is not a player in this game")]
    who = actor_of(state, actor)
    if event_type in TABLE_EVENTS:
        early = _table_order(state, event_type)
        return early or specific(state, who, data)
    # IP-C02: the Starting Tile and the first 3 face-up tiles come before any turn.
    if not setup_complete(state):
        return [_setup_incomplete(state, event_type)]
    judged = state
    if who != state["current"]:
        guard, judged = _other_player(state, event_type, who)
    else:
        guard = _order(state, event_type, who)
    return guard or specific(judged, who, data)


def _setup_incomplete(state: State, event_type: str) -> Violation:
    if state["start"] is None:
        missing = "the Starting Tile is not declared yet"
    else:
        missing = f"{state['reveals']} of the first {len(SLOTS)} tiles are face up"
    return Violation("IP-C02", SHUFFLE_RULE, f"The set-up is not complete ({missing}); no {event_type} yet")


def _table_order(state: State, event_type: str) -> list[Violation]:
    # IP-C02: the table declares the Starting Tile first, then turns up 3 tiles, then plays.
    if event_type != "starting_tile_declared" and state["start"] is None:
        return [Violation("IP-C02", START_RULE, f"Declare the Starting Tile before any {event_type}")]
    if event_type in ("score_token_set", "fantastic_beast_appeared") and not setup_complete(state):
        return [_setup_incomplete(state, event_type)]
    return []


def _other_player(state: State, event_type: str, who: str) -> tuple[list[Violation], State]:
    """A player acting in someone else's turn: only the next seat's tile, once the current
    player has moved, which closes that turn (judged on the closed state)."""
    current = state["current"]
    if event_type == "tile_taken" and state["turn_step"] == POST and who == next_seat(state, current):
        # IP-C26: the last turn ends the game; nobody takes a tile after it.
        if closing_ends_game(state):
            message = f"{current}'s turn is the game's last ({TURNS_EACH} turns each): no tile is taken after it"
            return [Violation("IP-C26", ENDGAME, message)], state
        return [], closed_preview(state)
    # IP-C05: "The youngest player starts and the others take turns, going clockwise."
    step = state["turn_step"]
    return [Violation("IP-C05", PLAY, f"It is {current}'s turn (next: {_NEXT[step]}), not {who}'s")], state


_NEXT = {
    TAKE: "take a tile",
    PLACE: "place the tile",
    MOVE: "move the Explorer",
    POST: "place animals or end the turn",
}


def _order(state: State, event_type: str, who: str) -> list[Violation]:
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


_SPECIFIC: dict[str, Check] = {
    "starting_tile_declared": check_start,
    "tile_revealed": check_revealed,
    "tile_taken": check_taken,
    "tile_placed": check_placed,
    "explorer_moved": check_moved,
    "animals_observed": check_observed,
    "wondrous_lake_placed": check_wondrous_lake,
    "fantastic_beast_appeared": check_beast,
    "score_token_set": check_score_set,
    "end_turn": check_end_turn,
}
assert set(_SPECIFIC) == set(EVENT_SCHEMAS)
