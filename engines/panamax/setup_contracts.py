"""The Setup Contracts (§4 steps 22-23): one card per player, chosen in reverse turn order,
its dice taken from the Warehouse and loaded at once.

"Draw 1 Contract per player plus one, face up" (``setup_contracts_drawn``, the cards
declared as the table reads them: Setup Contract cards are not in the rulebook).  Then
each player, last in turn order first, "Choose ONE Contract card" (``setup_contract_chosen``),
takes "dice of your color from the Warehouse equal to the number of containers ... and
set the value of each die as depicted", and "Immediately load your dice on the available
ships.  You can use your 2-slot ship and build additional ships": ``die_loaded``,
``ship_deployed``, ``ship_built`` and ``ship_to_loading_zone`` as in a turn, until
``turn_ended``.  A card not emptied stays with the company and counts among its two
incomplete contracts.

Decided (the note's PX-S11 leaves it open): the loading rules of a turn hold here too,
so one die per ship (and one on the Rail table) per player; the text's "build additional
ships (if desired)" reads as the way round that limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare
from engines.panamax import contracts, reveals, turns

STEP_RULE = "Advance Set-up"
USE = "setup_contract"  # a turn's ``use`` while its player loads a Setup Contract


def card_fact(card: Mapping[str, Any]) -> Fact:
    """A Setup Contract card's front, declared when it is drawn (or by the board)."""
    return Fact(f"setup_contract:{card['id']}", {"front": card["front"]}, f"Setup Contract card {card['id']}")


def pickers(state: State) -> list[str]:
    """Who still chooses, in the order they choose: reverse turn order."""
    done = state["setup_contracts"]["chosen"]
    return [player for player in reversed(state["turn_order"]) if player not in done]


def check_drawn(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-S11: n + 1 different cards, drawn once; a card named by its id has its front on
    the board or shown before (PX-B20), and is in the box when the board holds it whole (PX-B21)."""
    if state["phase"] != "SETUP_CONTRACTS" or state["setup_contracts"]["offered"]:
        return [Violation("PX-S11", STEP_RULE, "The Setup Contracts are drawn once, after the set-up's other steps")]
    cards, wanted = data["cards"], len(state["seats"]) + 1
    ids = [card["id"] for card in cards]
    problems = []
    if len(cards) != wanted or len(set(ids)) != len(ids):
        problems.append(Violation("PX-S11", STEP_RULE, f"Draw 1 Contract per player plus one: {wanted} different "
                                  f"cards, not {', '.join(ids) or 'none'}"))
    problems += reveals.box_problems(state, cards, reveals.SETUP_DECK)
    known = reveals.faces(state, cards, reveals.SETUP_DECK)
    return problems + conflicts(state["declared"], [card_fact(card) for card in known], state["step"] + 1)


def apply_drawn(state: State, data: Mapping[str, Any]) -> None:
    known = reveals.faces(state, data["cards"], reveals.SETUP_DECK)  # a card nobody has shown declares nothing
    state["declared"] = declare(state["declared"], [card_fact(card) for card in known], state["step"])
    state["setup_contracts"]["offered"] = [card["id"] for card in data["cards"]]


def check_chosen(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-S11: in reverse turn order, one card still on offer, with enough Warehouse dice."""
    offer = state["setup_contracts"]
    if state["phase"] != "SETUP_CONTRACTS" or not offer["offered"] or state["turn"] is not None:
        return [Violation("PX-S11", STEP_RULE, "A Setup Contract is chosen once the cards are drawn, one player at "
                          "a time")]
    due = pickers(state)[0]
    if actor is not None and actor != due:
        return [Violation("PX-S11", STEP_RULE, f"In reverse turn order, {due} chooses now, not {actor}")]
    if data["card"] not in offer["offered"]:
        return [Violation("PX-S11", STEP_RULE, f"{data['card']!r} is not among the Setup Contracts left: "
                          f"{', '.join(offer['offered'])}")]
    if f"setup_contract:{data['card']}" not in state["declared"]:  # drawn by a name nobody showed (overridden)
        return reveals.box_problems(state, [{"id": data["card"]}], reveals.SETUP_DECK)
    card = _card(state, data["card"])
    company = state["companies"][state["players"][due]["company"]]
    needed = len(card["front"]["containers"])
    if company["warehouse"] < needed:
        return [Violation("PX-S11", STEP_RULE, f"The card needs {needed} dice from the Warehouse; it holds "
                          f"{company['warehouse']}")]
    return []


def _card(state: State, card_id: str) -> dict[str, Any]:
    return {"id": card_id, "back": {"containers": []}, **state["declared"][f"setup_contract:{card_id}"]["value"]}


def apply_chosen(state: State, data: Mapping[str, Any]) -> None:
    player = pickers(state)[0]
    card = _card(state, data["card"])
    company = state["companies"][state["players"][player]["company"]]
    needed = len(card["front"]["containers"])
    company["warehouse"] -= min(needed, company["warehouse"])
    company["contracts"].append({**contracts.held(card, "front"), "setup": True})
    state["setup_contracts"]["offered"].remove(data["card"])
    state["setup_contracts"]["chosen"].append(player)
    state["turn"] = {**turns.new_turn(player), "use": USE, "allowance": {"loads": needed}}


def check_done(state: State, actor: str | None) -> list[Violation]:
    """A player's step 23 ends once the card is chosen; what is not loaded stays on it."""
    if state["turn"] is None:
        return [Violation("PX-S11", STEP_RULE, f"{pickers(state)[0] if pickers(state) else 'Nobody'} chooses a Setup "
                          "Contract first")]
    if actor is not None and actor != state["turn"]["player"]:
        return [Violation("PX-S11", STEP_RULE, f"{state['turn']['player']} is loading a Setup Contract, not {actor}")]
    return []


def apply_done(state: State) -> None:
    """The next player chooses; after the first player, the first round's turns begin
    (the unused cards go back to the box)."""
    state["turn"] = None
    if not pickers(state):
        state["setup_contracts"]["offered"] = []
        state["phase"], state["turn_index"] = "TURNS", 0
        state["turn"] = turns.new_turn(turns.current_player(state))
