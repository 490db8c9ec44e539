"""The Kobe Rules (3) and (4): reserved cards off the board, and waiting for a cancellation
("Optional Rules: Kobe Rules", 1. Marker Actions added or modified).

(3) "When you reserve a passenger, move the Passenger Card off the board along with the
marker on it ... the Baggage Claim Area must always have six Passenger Cards without any
markers on them.  If you didn't gain the reserved Passenger Card in your next turn, it
remains off the board without any marker on it.  Unless another player reserves it
through waiting for cancellation ..., it is discarded at PHASE 2 along with the leftmost
non-reserved Passenger Card."  ``state["offboard"]`` is ``{card: holder or None}``: None
once the holder took the marker back at their PHASE 1 (the card may still be gained in
that turn).

(4) "You may place one marker on the "Air Alliance" logo ... When any other player
finishes PHASE 1, you may place the marker on a Passenger Card without any marker on it
in the Baggage Claim Area or off the board ... If two or more players want to reserve the
same passenger, precedence is taken by the farthest player among them in turn order
starting from the current player."

Decisions (the text is silent; written in the package's docs): the waiting players'
claims after one PHASE 1 are recorded together in one ``cancellations_claimed`` event,
since they are made at once and settled by precedence; it is due whenever someone waits
and may reserve (an empty ``claims`` records that nobody claims).  The Lost Baggage waits
for it, so a claim can save the card it would discard.  A player who loses a card to
precedence keeps the marker on the logo.  A claim is a reservation: none is made during
anyone's First Turn (Kobe Rules 2) or the Last Turn, and under (3) a claimed card of the
row moves off the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.air_alliance import baggage, first_turn
from engines.base import State, Violation

KOBE_RULE = "Optional Rules: Kobe Rules (1. Marker Actions added or modified)"


def offboard_on(state: State) -> bool:
    return bool(state["options"].get("kobe_reserve_offboard"))


def unmarked(state: State) -> list[str]:
    """The cards a claim may take: the row's without a marker, and the ones off the board
    whose holder took the marker back."""
    row = [card for card in state["row"] if card is not None and card not in state["reserved"]]
    return row + [card for card, holder in state["offboard"].items() if holder is None]


def reserve(state: State, player: str, card: str) -> None:
    """A marker on ``card`` for ``player`` (a reservation or a claim); under (3) the card
    leaves the row, which waits for a refill."""
    if offboard_on(state) and card in state["row"]:
        state["row"] = baggage.take(state["row"], card)
        state["offboard"][card] = player
    elif card in state["offboard"]:
        state["offboard"][card] = player
    else:
        state["reserved"][card] = player
    state["players"][player]["reservation"] = card


def retrieve(state: State, player: str) -> str | None:
    """"retrieve all your markers at the beginning of your PHASE 1, including your
    waiting-for-cancellation marker": the card the marker held, if it is off the board
    (it may still be gained this turn)."""
    info = state["players"][player]
    info["waiting"] = False
    held, info["reservation"] = info["reservation"], None
    if held is None:
        return None
    state["reserved"].pop(held, None)
    if held in state["offboard"]:
        state["offboard"][held] = None
        return str(held)
    return None


def gain_holder(state: State, card: str) -> tuple[bool, str | None]:
    """Whether ``card`` is on the table to gain (the row, or off the board), and who holds
    a marker on it."""
    if card in state["row"]:
        return True, state["reserved"].get(card)
    if card in state["offboard"]:
        return True, state["offboard"][card]
    return False, None


def take(state: State, card: str) -> None:
    """A card gained leaves the row (which shifts left) or the off-board cards."""
    if card in state["offboard"]:
        del state["offboard"][card]
    else:
        state["row"] = baggage.take(state["row"], card)
        state["reserved"].pop(card, None)


def lost_baggage(state: State) -> None:
    """PHASE 2: the leftmost card without a marker is discarded, and under (3) every card
    off the board without one "along with" it."""
    lost = baggage.lost_baggage(state["row"], state["reserved"])
    if lost is not None:
        state["row"] = baggage.take(state["row"], lost)
        state["discards"].append(lost)
    for card in [card for card, holder in state["offboard"].items() if holder is None]:
        del state["offboard"][card]
        state["discards"].append(card)


# -- (4) waiting for a cancellation -----------------------------------------------


def wait_problems(state: State, reserved_this_turn: bool, waited_this_turn: bool) -> list[Violation]:
    """AA-C21 and AA-C32 for a marker on the logo."""
    if not state["options"].get("kobe_wait_cancellation"):
        return [Violation("AA-C32", KOBE_RULE, "Waiting for a cancellation is the Kobe Rules' (4), not in play")]
    if reserved_this_turn or waited_this_turn:
        return [Violation("AA-C21", KOBE_RULE, "In your turn, you may only either reserve or wait for cancellation "
                          "once")]
    return []


def claimants(state: State, current: str, reserving_barred: bool) -> list[str]:
    """The players who may claim when ``current`` finishes PHASE 1: every other player
    waiting, unless no one may reserve now."""
    if reserving_barred or first_turn.first_turns_running(state):
        return []
    return [name for name in state["seats"] if name != current and state["players"][name].get("waiting")]


def claim_problems(state: State, claims: Mapping[str, str]) -> list[Violation]:
    """AA-C32: claims only in the window after another player's PHASE 1, by players waiting,
    on cards without a marker."""
    turn = state.get("turn")
    window = turn.get("claims") if turn else None
    if window is None:
        return [Violation("AA-C32", KOBE_RULE, "Cancellations are claimed when a player finishes PHASE 1 and someone "
                          "waits for one")]
    free = unmarked(state)
    for player, card in claims.items():
        if player not in window:
            return [Violation("AA-C32", KOBE_RULE, f"{player} has no marker waiting for a cancellation")]
        if card not in free:
            return [Violation("AA-C32", KOBE_RULE, f"{card} is not a Passenger Card without a marker, in the Baggage "
                              "Claim Area or off the board")]
    return []


def winners(seats: Sequence[str], current: str, claims: Mapping[str, str]) -> dict[str, str]:
    """Each claimed card's taker: "precedence is taken by the farthest player among them in
    turn order starting from the current player".

    >>> winners(["Ann", "Ben", "Cy", "Dee"], "Ann", {"Ben": "c7", "Dee": "c7", "Cy": "c2"})
    {'c7': 'Dee', 'c2': 'Cy'}
    """
    start = seats.index(current)
    distance = {name: (seats.index(name) - start) % len(seats) for name in claims if name in seats}
    taken: dict[str, str] = {}
    for player in sorted(distance, key=lambda name: -distance[name]):  # a name not at the table takes nothing
        taken.setdefault(claims[player], player)
    return taken


def settle(state: State, claims: Mapping[str, str]) -> None:
    """The claims settled: each winner's marker moves from the logo onto the card."""
    current = state["turn"]["player"]
    for card, player in winners(state["seats"], current, claims).items():
        state["players"][player]["waiting"] = False
        reserve(state, player, card)


def claim_offers(state: State) -> dict[str, Any]:
    """``{"claims": [{"player", "cards"}]}`` for the page while the window is open: each
    waiting player, in seat order, with the cards a claim may take."""
    window = state["turn"].get("claims") or []
    return {"claims": [{"player": player, "cards": unmarked(state)} for player in window]}
