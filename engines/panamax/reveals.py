"""Cards revealed by name, and what the board rules out of a reveal.

A reveal (``contracts_revealed``, ``contract_card_revealed``, ``setup_contracts_drawn``)
spells a card out (``{"id", "front", "back"}``, a Setup Contract without ``back``) or,
when the game knows its faces, only names it: ``{"id": "C7"}``.  The faces are then the
declared ones: the board's (its facts are declared before the first event) or those an
earlier event showed.  A spelled-out card must match them (``declared/conflict``).

In a game whose board file holds cards or marks a list complete (``state["board"]``,
see ``board.table_of``), a reveal is also checked against the box:

- PX-B20: a named card whose faces nobody has shown (no board needed for this one: it is
  what makes the short form an error instead of a crash);
- PX-B21: a card not in the box, when the board lists the whole deck (``complete``);
- PX-B22: a Contract card that is on the Action table, Inbound or held by a company, or
  in the discards while the Draw pile still holds cards: "If the draw pile for Contract
  cards is exhausted, gather up the discards and reshuffle them".  Without the whole deck
  the engine cannot tell the pile is exhausted: a discarded card is then ``unverified``,
  and revealing it counts as the reshuffle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import State, Violation
from engines.declared import value

REVEAL_RULE = "Contract cards"
BOX_RULE = "Components"
RESHUFFLE_RULE = "Loading Cargo"
# deck -> (the registry's key prefix, what people call its cards)
CONTRACT_DECK, SETUP_DECK = "contracts", "setup_contracts"  # as the board file names the decks
DECKS = {CONTRACT_DECK: ("contract", "Contract"), SETUP_DECK: ("setup_contract", "Setup Contract")}


def is_named(card: Mapping[str, Any]) -> bool:
    """Whether a reveal only names the card (its faces come from the board)."""
    return "front" not in card


def face(state: State, card: Mapping[str, Any], deck: str) -> dict[str, Any] | None:
    """The card with its faces: as spelled out, or as declared for a named card (None
    when nobody has shown them)."""
    if not is_named(card):
        return dict(card)
    known = value(state["declared"], f"{DECKS[deck][0]}:{card['id']}")
    return None if known is None else {"id": card["id"], **known}


def faces(state: State, cards: Sequence[Mapping[str, Any]], deck: str) -> list[dict[str, Any]]:
    """The cards whose faces are known, spelled out (the others declare nothing)."""
    return [card for card in (face(state, given, deck) for given in cards) if card is not None]


def box_problems(state: State, cards: Sequence[Mapping[str, Any]], deck: str) -> list[Violation]:
    """PX-B20, PX-B21 for each card of a reveal."""
    board, (_, name) = state.get("board"), DECKS[deck]
    problems = []
    for card in cards:
        if board is not None and deck in board["complete"] and card["id"] not in board[deck]:
            problems.append(Violation("PX-B21", BOX_RULE, f"The box's {name} cards are all on the board, and {card['id']} "
                                      "is not one of them"))
        elif is_named(card) and face(state, card, deck) is None:
            problems.append(Violation("PX-B20", REVEAL_RULE, f"{name} card {card['id']} is on no board of this game and "
                                      "was never shown: spell out its faces"))
    return problems


def in_play(state: State) -> dict[str, str]:
    """Every Contract card out of the Draw pile and not discarded, with where it is."""
    table = state.get("contracts") or {}
    where = {card: f"the Action table's column {slot}" for slot, card in (table.get("slots") or {}).items() if card}
    where.update({table[spot]: spot.replace("_", " ") for spot in ("inbound", "draw_top") if table.get(spot)})
    for colour, company in state["companies"].items():
        where.update({held["card"]: f"the {colour} company's hand" for held in company["contracts"] if not held.get("setup")})
    return where


def _pile_exhausted(state: State) -> bool | None:
    """Whether every Contract card of the box is out of the Draw pile (None when the board
    does not list the whole deck)."""
    board = state["board"]
    if "contracts" not in board["complete"]:
        return None
    out = {*in_play(state), *state["contracts"].get("discards", [])}
    return all(card in out for card in board["contracts"])


def drawn_problems(state: State, card_id: str) -> list[Violation]:
    """PX-B22: the Draw pile's new top card is a card that can be there: never one face up
    or held (with or without a board); a discarded one, on a board, only from an
    exhausted pile."""
    if state.get("contracts") is None:
        return []
    where = in_play(state)
    if card_id in where:
        return [Violation("PX-B22", REVEAL_RULE, f"Contract card {card_id} is on {where[card_id]}: one card, one place")]
    if state.get("board") is None:  # the discards' return is not tracked without a board (``reshuffle``)
        return []
    if card_id in state["contracts"].get("discards", []):
        exhausted = _pile_exhausted(state)
        if exhausted is None:
            return [Violation("PX-B22", RESHUFFLE_RULE, f"Contract card {card_id} was discarded; it comes back once the "
                              "Draw pile is exhausted and the discards reshuffled, which the board cannot tell without "
                              "the whole deck", "unverified")]
        if not exhausted:
            return [Violation("PX-B22", RESHUFFLE_RULE, f"Contract card {card_id} was discarded, and the Draw pile still "
                              "holds cards: the discards are reshuffled only when it is exhausted")]
    return []


def reshuffle(state: State, card_id: str) -> None:
    """A discarded card turns up again: the discards were gathered and reshuffled into the
    Draw pile (in a game on a board with cards only; others keep today's record)."""
    table = state["contracts"]
    if state.get("board") is not None and card_id in table.get("discards", []):
        table["discards"] = []


def drawable(state: State) -> list[str]:
    """The board's Contract cards that may turn up on the Draw pile now, in the board's
    order (a discarded one only once the pile is known to be exhausted)."""
    board = state.get("board")
    if not board or not board["contracts"]:
        return []
    where, discards = in_play(state), set((state.get("contracts") or {}).get("discards", []))
    back = bool(discards) and _pile_exhausted(state) is True
    return [card for card in board["contracts"] if card not in where and (card not in discards or back)]


def reveal_offers(state: State, event_type: str) -> dict[str, list[Any]]:
    """``expected()["options"][event_type]`` for a reveal in a game on a board with cards:
    the ids a picker offers, for each card field of the event (empty without them)."""
    board = state.get("board")
    if not board:
        return {}
    if event_type == "contract_card_revealed":
        ids = drawable(state)
        return {"card.id": ids} if ids else {}
    if event_type == "contracts_revealed" and board["contracts"]:
        ids = list(board["contracts"])
        return {**{f"action_table.{slot}.id": ids for slot in ("4", "5", "6")}, "inbound.id": ids, "draw_top.id": ids}
    if event_type == "setup_contracts_drawn" and board["setup_contracts"]:
        return {"cards.id": list(board["setup_contracts"])}
    return {}
