"""Passenger Cards turning up (``card_revealed``, "Refilling the Baggage Claim Area"), spelled
out or named by id.

A reveal spells out the card's face, as it always could::

    {"card": {"id": "C07", "name": "...", "dep": "A1", "arr": "E2", "miles": 3000,
              "cls": "ECONOMY", "icons": [icon, icon, icon], "trio": null}}

or, when the face is already known (from the board the game is recorded on, or declared by
an earlier event: a card shuffled back into the deck), names the card and nothing else::

    {"card": {"id": "C07"}}

and the rest comes from the declared-data registry.  A reveal that gives only some of the
face's fields is a short form too: each field it gives must match the known face
(``declared/conflict``).  A face with every field (``name``, ``dep``, ``arr``, ``miles``,
``cls``, ``icons``) is today's form and means what it always meant: a missing ``trio`` is
"no trio".

Checks, in order: the row has an empty space (AA-C26) and the deck a card (AA-C27); the
card has not turned up already, unless the discards holding it were reshuffled (AA-C26:
a card in the Baggage Claim Area, reserved, off the board, gained or discarded has turned
up); on a board whose cards are complete (``"complete": ["cards"]``, the box's 60), a card
not on it is refused (AA-C35); a card named by id whose face nobody knows (not on the
board, never declared) must be spelled out (AA-C36); a face that contradicts the known one
is ``declared/conflict``.  The rulebook leaves no card out for a player count or a round
(no component of Air Alliance varies with either), so no check of that kind exists.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engines.air_alliance import baggage, scoring
from engines.air_alliance.turns import card, card_fact, deck_ran_out
from engines.base import State, Violation
from engines.declared import conflicts, declare

ORIGIN = "board"  # the origin of a board file's facts in the registry (``at``)
REFILL_RULE = "Refilling the Baggage Claim Area"
CARDS_RULE = "Passenger Cards"
FACE_FIELDS = ("name", "dep", "arr", "miles", "cls", "icons")
COMPLETE = "board_complete"  # state key: the board file's ``complete`` list, kept only when it has one


def face_of(state: State, given: Mapping[str, Any]) -> dict[str, Any] | None:
    """The face a reveal shows: as spelled out (every field given: today's form), or the
    known face with the fields given laid over it (so that a contradiction is a conflict);
    None when the event names a card whose face nobody knows.

    >>> face_of({"declared": {}}, {"id": "C1"}) is None
    True
    """
    if all(name in given for name in FACE_FIELDS):
        return dict(given)
    known = card(state, str(given["id"]))
    return None if known is None else {**known, **given}


def on_board(state: State, card_id: str) -> bool:
    """Whether the board the game is recorded on holds ``card_id``."""
    entry = state["declared"].get(f"card:{card_id}")
    return entry is not None and entry["at"] == ORIGIN


def cards_complete(state: State) -> bool:
    """Whether the board says it holds every Passenger Card of the box (its ``complete``)."""
    return "cards" in state.get(COMPLETE, [])


def check_reveal(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C26, AA-C27, AA-C35, AA-C36 and the face's consistency with what is known."""
    given = data["card"]
    card_id = given["id"]
    if None not in state["row"]:
        return [Violation("AA-C26", REFILL_RULE, "The Baggage Claim Area holds its 6 cards")]
    if state["deck"] < 1:
        return [Violation("AA-C27", "Last Turn", "The deck is empty: the discards are shuffled first")]
    # AA-C26: "the active player shuffles the discards to form a new deck" -- after that
    # the deck holds those discards and nothing else.
    if "reshuffled" in state and card_id not in state["reshuffled"]:
        return [Violation("AA-C26", "Last Turn", f"{card_id} is not one of the discards shuffled into the new deck")]
    if card_id in state["seen"] and "reshuffled" not in state:
        return [Violation("AA-C26", REFILL_RULE, f"{card_id} has been revealed already")]
    # AA-C35: "60 Passenger Cards" -- a board that holds all of them leaves no other card.
    if cards_complete(state) and not on_board(state, card_id):
        return [Violation("AA-C35", "Components", f"{card_id} is not one of the 60 Passenger Cards on the board")]
    face = face_of(state, given)
    # AA-C36: a card named by id needs a face someone knows: "Each card shows a departure
    # airport and an arrival airport ... Miles ... Flight icons ... Class".
    if face is None:
        return [Violation("AA-C36", CARDS_RULE, f"{card_id} is not on the board and its face was never declared: "
                          f"spell it out ({', '.join(FACE_FIELDS)})")]
    return trio_problems(face) + conflicts(state["declared"], [card_fact(face)], state["step"] + 1)


def trio_problems(face: Mapping[str, Any]) -> list[Violation]:
    """AA-C38: a declared Trio Set confirms the card's name on the Trio List ("Each trio's
    three cards show the following"): a name of one trio declared in another, or a trio
    declared for a name not among its cards, would complete or miss a set wrongly."""
    declared, named = face.get("trio"), scoring.trio_of(str(face.get("name", "")))
    if declared is None or declared == named:
        return []
    if named is not None:
        return [Violation("AA-C38", "Trio List", f"{face['id']} is {face['name']}, a card of the {named} Trio, not "
                          f"the {declared} Trio")]
    members = ", ".join(scoring.TRIOS.get(str(declared), ()))
    return [Violation("AA-C38", "Trio List", f"The {declared} Trio's cards are {members}: {face['name']} "
                      f"({face['id']}) is not one of them")]


def apply_reveal(state: State, who: str, data: Mapping[str, Any]) -> None:
    """The card fills the row's first empty space and leaves the deck; a face first seen is
    declared (a face named by id is already known)."""
    card_id = data["card"]["id"]
    face = face_of(state, data["card"])
    if face is not None and not conflicts(state["declared"], [card_fact(face)], state["step"]):
        state["declared"] = declare(state["declared"], [card_fact(face)], state["step"])
    if None in state["row"]:
        state["row"] = baggage.reveal(state["row"], card_id)
    if state["deck"] == 1:  # the deck's last card: the depletion is this turn's (``deck_ran_out``)
        state["deck"] = 0
        deck_ran_out(state)
    state["deck"] = max(0, state["deck"] - 1)
    state["seen"].append(card_id)
    if state.get("reshuffled") and card_id in state["reshuffled"]:
        state["reshuffled"].remove(card_id)
    turn = state.get("turn")
    if turn is not None:  # "a flight through the route ... designated on a Passenger Card in the Baggage Claim Area"
        turn.setdefault("shown_after", {})[card_id] = len(turn["flights"])
    if turn is not None and turn["phase"] == 2 and None not in state["row"]:
        turn["phase"] = 3


def revealable(state: State) -> list[str]:
    """The cards a reveal may name now (``expected()``'s offer, ``card.id``), while the row
    has a space and the deck a card: before any reshuffle, every card whose face is known
    (the board's) that has not turned up; after one, the deck is the discards shuffled, so
    those of them still in it.  The faces are in ``state["declared"]["card:<id>"]["value"]``."""
    if None not in state["row"] or state["deck"] < 1:
        return []
    if "reshuffled" in state:  # "the active player shuffles the discards to form a new deck"
        return sorted((card_id for card_id in state["reshuffled"] if card(state, card_id) is not None), key=natural)
    seen = set(state["seen"])
    ids = [key[5:] for key in state["declared"] if key.startswith("card:")]
    return sorted((card_id for card_id in ids if card_id not in seen), key=natural)


def natural(text: str) -> list[Any]:
    """A sort key that puts C2 before C10.

    >>> sorted(["C10", "C2", "B1"], key=natural)
    ['B1', 'C2', 'C10']
    """
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]
