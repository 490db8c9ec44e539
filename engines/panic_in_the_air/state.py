"""The state of a game (plain JSON data): its shape, how to build it, copy it and ask it
simple questions.

The TypedDicts say the shape, for the type checker and for the reader: the folds still
take a ``State``, and ``typed`` reads one as ``PanicState``.  Hands are hidden at this
table, so a state counts a hand's cards and never names them; the deck is a count too.
(What the pages show while a game is played is another shape: ``table_view``.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from engines.base import State, Violation, json_copy

IN_AIR: Final = "in_air"
PARACHUTE_OPEN: Final = "parachute_open"
CRASHED: Final = "crashed"

Status = Literal["in_air", "parachute_open", "crashed"]


# -- the state's shape ----------------------------------------------------------------


class StackCard(TypedDict):
    """A card as it lies on a character's stack (``cards.stored_card``): its kind, and
    only what matters of it (G7)."""

    kind: str  # one of cards.KINDS
    value: NotRequired[int]  # a Fall card's, when declared
    direction: NotRequired[str]  # a Wind card's arrow, "CW" | "CCW", when declared


class PlayerRecord(TypedDict):
    """One character, under ``players[name]``."""

    status: Status
    hand_count: int  # hands are hidden: counts only
    stack: list[StackCard]  # bottom -> top, as placed
    protected_until: str | None  # under a Solo: protected until this player's turn begins (``solo_duration``); None: not
    crash_reason: Literal["in_air", "odd_click_clack"] | None  # set when the game ends, for the crashed


class RiskDraws(TypedDict):
    """A Risk on oneself: draws still owed."""

    type: Literal["risk_draws"]
    player: str
    remaining: int  # 1 or 2


# "from" is a keyword: the functional form.
CardsTaken = TypedDict("CardsTaken", {
    "type": Literal["cards_taken"],  # a Risk on an opponent: cards still to take from their hand
    "player": str,
    "from": str,
    "count": int,  # 1 or 2: min(2, their hand) when the Risk was played
})


class PanicState(TypedDict):
    """The whole table."""

    seats: list[str]  # clockwise seat order
    players: dict[str, PlayerRecord]
    options: dict[str, Any]  # the resolved rules profile
    deal: int  # the cards dealt each player: 6, or 3 at 7 players or more (``deal_size``)
    current: str  # the player whose turn it is
    turn_no: int  # from 1, counting every player's turn
    actions_done: int  # 0 to 2, this turn's
    # The turn just ended on this player's empty hand: they may still open until the next
    # event is folded.  Read with a default: a state saved before the key has none.
    may_still_open: NotRequired[str | None]
    pending: RiskDraws | CardsTaken | None  # a Risk's follow-up still owed
    deck_remaining: int | None  # None when the deck's size (the ``deck_total`` option) is unknown
    draws: int  # draws after the deal
    bottom_draws: int  # those from the bottom ten cards (where the R.I.P. card is)
    fives_played: int  # 500 Fall cards placed so far
    game_over: bool
    end_reason: Literal["RIP", "ALL_OPENED"] | None
    rip_drawn_by: str | None  # who drew (or placed) the R.I.P. card; None unless it ended the game
    step: int  # events folded so far
    setup_flags: list[dict[str, str]]  # the set-up's warnings, each ``Violation.to_dict()``


def typed(state: State) -> PanicState:
    """The state, as its TypedDict (the same object)."""
    return cast(PanicState, state)


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
    start: PanicState = {
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
    return cast(State, start)


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
