"""Each event in one line of the game log, from the state before it and the player acting
(the one named, else the player whose turn it is, else nobody: ``""``).  ``events.py``
gives each event type its words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State
from engines.panamax import action_table, loading, movement, setup_contracts, turns

Data = Mapping[str, Any]


def _die(source: Mapping[str, int]) -> str:
    return f"column {source['column']}" if "column" in source else f"Executive die {source['executive']}"


def rolled(state: State, who: str, data: Data) -> str:
    layout = action_table.layout_of(data)
    if layout is None:
        return "Action table rolled"
    blue, grey = sum(layout["columns"][:3]), sum(layout["columns"][3:])
    line = f"Action table rolled: {blue} movement and {grey} contract dice, Executive dice on {layout['executive']}"
    if action_table.standing_layout(len(state["seats"]), data) is None:  # the Mulligan Rule sends every die back
        return f"{line}: void by the Mulligan Rule (4 or fewer dice on a side; 3 with 2 or 3 players), all dice rolled again"
    return line


def contracts_revealed(state: State, who: str, data: Data) -> str:
    return "Contracts revealed: " + ", ".join(f"{slot}: {card['id']}" for slot, card in sorted(data["action_table"].items()))


def advisor_kept(state: State, who: str, data: Data) -> str:
    return f"{data['player']} keeps a secret Financial Advisor card"


def bids(state: State, who: str, data: Data) -> str:
    return "Blind bids opened: " + ", ".join(f"{player} ${bid}" for player, bid in data["bids"].items())


def transferred(state: State, who: str, data: Data) -> str:
    return f"{who} moves the die of {_die(data['from'])} to column {data['to_column']} (${turns.transfer_cost(state)})"


def die_taken(state: State, who: str, data: Data) -> str:
    return f"{who} takes the die of {_die(data['from'])} for {data['use'].replace('_', ' ')}"


def share_bought(state: State, who: str, data: Data) -> str:
    return f"{who} buys a {data['company']} share for ${state['companies'][data['company']]['price']}"


def stock_raised(state: State, who: str, data: Data) -> str:
    return f"{who} raises the {data['company']} stock by $2"


def turn_ended(state: State, who: str, data: Data) -> str:
    return f"{who} ends the turn"


def contract_taken(state: State, who: str, data: Data) -> str:
    return f"{who} takes Contract {loading.card_at(state, data['source'])} ({data['side']})"


def card_revealed(state: State, who: str, data: Data) -> str:
    return f"Contract {data['card']['id']} turns up on the Draw pile"


def built(state: State, who: str, data: Data) -> str:
    return f"{who} builds {data['ship']} in {movement.zone_words(data['zone'])}"


def deployed(state: State, who: str, data: Data) -> str:
    return f"{who} deploys {data['ship']} in {movement.zone_words(data['zone'])}"


def to_loading_zone(state: State, who: str, data: Data) -> str:
    return f"{who} brings {data['ship']} to {movement.zone_words(data['zone'])}"


def die_loaded(state: State, who: str, data: Data) -> str:
    return f"{who} loads a die on " + ("the Rail table" if data["target"].get("rail") else data["target"]["ship"])


def rail_flag(state: State, who: str, data: Data) -> str:
    return f"{data['player']} takes the {data['nation']} flag from the Rail table"


def fees(state: State, who: str, data: Data) -> str:
    return f"The {data['company']} company pays its Cargo Fees"


def dividends(state: State, who: str, data: Data) -> str:
    return f"The {data['company']} company owes ${data['per_share']} a share in dividends"


def setup_drawn(state: State, who: str, data: Data) -> str:
    return "Setup Contracts drawn: " + ", ".join(card["id"] for card in data["cards"])


def setup_chosen(state: State, who: str, data: Data) -> str:
    return (f"{setup_contracts.pickers(state)[0] if setup_contracts.pickers(state) else who} chooses Setup Contract "
            f"{data['card']}")


def moved(state: State, who: str, data: Data) -> str:
    return f"{who} moves {', '.join(data['ships'])} by a {data['kind']} " + (
        "out into the ocean" if data["to"] == movement.OCEAN else f"to {data['to']}") + (
        f", pushing {'; '.join(', '.join(push['ships']) for push in data['pushes'])}" if data.get("pushes") else "")


def free_action(state: State, who: str, data: Data) -> str:
    pending = state.get("free_action") or {}
    player, kind = pending.get("player", "The player"), data["kind"]
    detail = {"market": f"buys a {data.get('company')} share", "deferred_market": f"uses the deferred Market action "
              f"to buy a {data.get('company')} share", "defer": "defers the Market action",
              "decline": "lets the deferred Market action go", "move3": "takes three free moves",
              "load_die": f"loads a free die on {data.get('ship')}", "impossible": "cannot use the free action",
              "load_rail": "raises a die on the 1st wagon by 2" if "raise" in data else "loads a free 2 on the Rail table"}
    return f"{player} {detail[kind]}"


def bonus_card(state: State, who: str, data: Data) -> str:
    return f"{who} plays {data['deck'].title()} card {data['card']}"


def military_pay(state: State, who: str, data: Data) -> str:
    return f"{who} is paid ${movement.military_amount(state, who, data['ship'])} for moving {data['ship']}"


def movement_impossible(state: State, who: str, data: Data) -> str:
    return f"{who} cannot complete the movement: {data['reason']}"


def advisors_revealed(state: State, who: str, data: Data) -> str:
    return f"{data['player']} reveals {len(data['cards'])} Financial Advisor card(s)"
