"""A player's turn (§5 "Playing the Game"): the Action die, a transfer before it, the
Market actions of an Executive die, and the turn's end.

In turn order each player takes ONE Action die (PX-T1, PX-T2).  Before it the player
may transfer a die to the other side of the table, once, for the company's money; the
die transferred is then the one taken (PX-T7, PX-T8).  What the die allows is kept in
``state["turn"]`` for the events that spend it (``loading``, ``movement``).  The round
ends when the table is empty (PX-E1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import value
from engines.panamax import action_table, contracts, market
from engines.panamax.clipboard import first_column_complete
from engines.panamax.contracts import incomplete_problems
from engines.panamax.movement import MOVE_RULE, owed, remaining_moves

TURN_RULE = "Playing the Game"
USES = ("movement", "contract_load", "market_buy", "market_raise", "pass")
MARKET_USES = ("market_buy", "market_raise")


def current_player(state: State) -> str:
    """The player whose turn it is (or who loads a Setup Contract)."""
    if state.get("turn"):
        return str(state["turn"]["player"])
    order = state["turn_order"]
    return str(order[state["turn_index"] % len(order)])


def new_turn(player: str) -> dict[str, Any]:
    """What a turn has done so far: the events that spend the Action die read it."""
    return {"player": player, "transferred_to": None, "die": None, "use": None, "allowance": {}, "market_done": False,
            "contract_taken": False, "loads_used": 0, "loaded": [], "moves": {}, "free_moves": 0,
            "movement_waived": False, "military_moved": [], "military_paid": False}


def actor_problems(state: State, actor: str | None) -> list[Violation]:
    """PX-T1: the next player in turn order acts."""
    # Outside the turns: a Setup Contract's loading, a rail flag's free moves at the round's end.
    if state["phase"] != "TURNS" and not (state["phase"] in ("SETUP_CONTRACTS", "END_RAIL") and state.get("turn")):
        return [Violation("PX-E1", TURN_RULE, f"No turn is being played now ({state['phase']})")]
    if actor is not None and actor != current_player(state):
        return [Violation("PX-T1", TURN_RULE, f"It is {current_player(state)}'s turn, not {actor}'s")]
    return []


def _company(state: State) -> dict[str, Any]:
    company: dict[str, Any] = state["companies"][state["players"][current_player(state)]["company"]]
    return company


def transfer_cost(state: State) -> int:
    company = _company(state)
    return action_table.transfer_cost("transfer_2" in company["benefits"], first_column_complete(company["flags"]))


# "At any point during his turn a player can build and place ships" (not an Action).
ANY_TIME = ("ship_built", "ship_deployed")


def possible(state: State) -> list[str]:
    """The turn events the current player may record now."""
    player = state["players"][current_player(state)]
    cards = ["bonus_card_played"] if player["captain"] or player["stevedore"] else []
    return [*_possible(state), *cards]


def _possible(state: State) -> list[str]:
    turn = state["turn"]
    if turn["die"] is None:
        first = ["action_die_taken"] if turn["transferred_to"] is not None else ["die_transferred", "action_die_taken"]
        return [*first, *ANY_TIME]
    if turn["use"] in MARKET_USES and not turn["market_done"]:
        return ["share_bought" if turn["use"] == "market_buy" else "stock_raised", *ANY_TIME]
    kinds: list[str] = []
    if turn["use"] == "contract_load":
        reveal = ["contract_card_revealed"] if state["contracts"]["draw_top"] is None else []
        kinds += [*(["contract_taken"] if not turn["contract_taken"] else []), *reveal, "die_loaded",
                  "ship_to_loading_zone"]
    moving = ["ship_moved", "movement_impossible"] if owed(turn) else ["turn_ended"]
    if owed(turn) and turn["use"] != "contract_load" and _military_waiting(state):
        moving.append("ship_to_loading_zone")  # §10: "ready for immediate re-use"
    paid = ["military_pay_claimed"] if turn["military_moved"] and not turn["military_paid"] else []
    return [*kinds, *moving, *paid, *ANY_TIME]


def _military_waiting(state: State) -> bool:
    return any(ship["kind"] == "MILITARY" and ship["status"] == "ON_BOARD" and ship["zone"].startswith("WAITING ")
               for ship in state["ships"].values())


def check_transfer(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-T7: before the Action die, once a turn, to the other side, paid by the company."""
    problems = actor_problems(state, actor)
    if problems:
        return problems
    turn = state["turn"]
    if turn["die"] is not None or turn["transferred_to"] is not None:
        return [Violation("PX-T7", action_table.TRANSFER_RULE, "A die is transferred before the Action die is taken, "
                          "once a turn")]
    return action_table.transfer_problems(state["action_table"], data["from"], data["to_column"],
                                          _company(state)["money"], transfer_cost(state))


def apply_transfer(state: State, data: Mapping[str, Any]) -> None:
    _company(state)["money"] -= transfer_cost(state)
    state["action_table"] = action_table.transfer(state["action_table"], data["from"], data["to_column"])
    state["turn"]["transferred_to"] = data["to_column"]


def check_take(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-T2 to PX-T6, PX-T8."""
    problems = actor_problems(state, actor)
    if problems:
        return problems
    turn, source, use = state["turn"], data["from"], data["use"]
    if turn["die"] is not None:
        return [Violation("PX-T2", TURN_RULE, "One Action die a turn: this turn's is taken")]
    moved_to = turn["transferred_to"]
    if moved_to is not None and source != {"column": moved_to}:
        return [Violation("PX-T8", action_table.TRANSFER_RULE, f"The die transferred to column {moved_to} must be used "
                          "at once")]
    problems = action_table.take_problems(state["action_table"], source)
    if problems:
        return problems
    pips = source.get("column", source.get("executive"))
    if use in MARKET_USES and "executive" not in source:
        return [Violation("PX-T6", market.MARKET_RULE, "A Market action needs an Executive Action die")]
    if use == "market_buy" and not _affordable(state):
        return [Violation("PX-K3", market.MARKET_RULE, f"{current_player(state)} cannot pay for a share of any company "
                          "that has one left")]
    side = action_table.side_of(pips)
    if use in ("movement", "contract_load") and side != ("movement" if use == "movement" else "contract"):
        return [Violation("PX-T5", TURN_RULE, f"A die of {pips} is on the {side} side: it cannot be used for "
                          f"{use.replace('_', ' ')}")]
    return []


def _affordable(state: State) -> list[str]:
    money = state["players"][current_player(state)]["money"]
    return [c for c, company in state["companies"].items() if company["treasury"] and company["price"] <= money]


def apply_take(state: State, data: Mapping[str, Any]) -> None:
    layout, row = action_table.take(state["action_table"], data["from"])
    state["action_table"] = layout
    turn = state["turn"]
    turn["die"], turn["use"] = dict(data["from"]), data["use"]
    if data["use"] in ("movement", "contract_load"):
        given = action_table.allowance(data["from"], row, printed_locks(state))
        # A card played before the die keeps what it added.
        turn["allowance"] = {kind: given.get(kind, 0) + turn["allowance"].get(kind, 0)
                             for kind in {*given, *turn["allowance"]}}


def printed_locks(state: State) -> dict[int, int]:
    """The locks printed at the base of each movement column, where the board file gives
    them (``column_locks``); ``action_table.allowance`` reads a column's own value otherwise."""
    found = {column: value(state["declared"], f"column_locks:{column}") for column in action_table.MOVEMENT_SIDE}
    return {column: int(locks) for column, locks in found.items() if locks is not None}


def _market_turn_problems(state: State, actor: str | None, use: str, code: str) -> list[Violation]:
    """The turn's own Executive die was taken for this Market action, and not yet spent."""
    problems = actor_problems(state, actor)
    if problems:
        return problems
    turn = state["turn"]
    if turn["use"] != use or turn["market_done"]:
        return [Violation(code, market.MARKET_RULE, f"A {use.replace('_', ' ')} needs an Executive die taken for it "
                          "this turn, and is done once")]
    return []


def check_share(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-K1 to PX-K3 (the Executive die's purchase; free-action purchases come with flags)."""
    problems = _market_turn_problems(state, actor, "market_buy", "PX-K1")
    if problems:
        return problems
    player = current_player(state)
    company = state["companies"][data["company"]] if data["company"] in state["companies"] else None
    if company is None:
        return [Violation("PX-K2", market.MARKET_RULE, f"No {data['company']} company plays in this game")]
    return market.buy_problems(player, state["players"][player]["money"], data["company"], company["treasury"],
                               company["price"]) + market.range_problems(data["company"], company["price"] + market.BUY_RAISES,
                                                                         state.get("market_prices"))


def apply_share(state: State, data: Mapping[str, Any]) -> None:
    if data["company"] in state["companies"]:
        buy_share(state, current_player(state), data["company"])
    state["turn"]["market_done"] = True


def buy_share(state: State, name: str, colour: str) -> None:
    """PX-K3: "paid with the PLAYER'S money to the Company who owns the Share", price +1."""
    player, company = state["players"][name], state["companies"][colour]
    player["money"] -= company["price"]
    company["money"] += company["price"]
    company["treasury"] -= 1
    company["price"] += market.BUY_RAISES
    player["shares"][colour] = player["shares"].get(colour, 0) + 1


def check_raise(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-K4."""
    problems = _market_turn_problems(state, actor, "market_raise", "PX-K4")
    if problems:
        return problems
    player = current_player(state)
    price = state["companies"][data["company"]]["price"] if data["company"] in state["companies"] else 0
    return market.raise_problems(player, state["players"][player]["company"], data["company"]) + market.range_problems(
        data["company"], price + market.RAISE, state.get("market_prices"))


def apply_raise(state: State, data: Mapping[str, Any]) -> None:
    state["companies"][data["company"]]["price"] += market.RAISE
    state["turn"]["market_done"] = True


def check_end(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-T2: a turn ends once its Action die is taken (and, with a Market use, spent)."""
    problems = actor_problems(state, actor)
    if problems:
        return problems
    turn = state["turn"]
    if turn["die"] is None:
        return [Violation("PX-T2", TURN_RULE, "Each turn takes ONE Action die: none is taken yet")]
    if turn["use"] in MARKET_USES and not turn["market_done"]:
        return [Violation("PX-T2", TURN_RULE, f"The Executive die was taken for {turn['use'].replace('_', ' ')}; "
                          "record it before the turn ends")]
    if owed(turn):
        left = remaining_moves(turn)
        return [Violation("PX-M2", MOVE_RULE, "Players MUST complete the total amount of movement: "
                          + ", ".join(f"{count} {kind}" for kind, count in left.items() if count) + " move(s) are left")]
    if state.get("contracts") and state["contracts"]["draw_top"] is None:
        return [Violation("PX-C3", contracts.CONTRACT_RULE, "\"The top card from the Draw pile will be placed on the "
                          "Inbound Cargo space\": turn up the Draw pile's next card (contract_card_revealed) before the "
                          "turn ends")]
    return incomplete_problems(state["companies"][state["players"][turn["player"]]["company"]]["contracts"])


def apply_end(state: State) -> None:
    state["turn_index"] += 1
    state["turn"] = None
    if action_table.is_empty(state["action_table"]):
        state["phase"] = "END_RAIL"  # PX-E1
    else:
        state["turn"] = new_turn(current_player(state))
