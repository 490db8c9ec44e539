"""Using a flag's free action ("Free Actions"): ``free_action_used``, the event that
must follow a flag whose space shows one (PX-F1 to PX-F4), or that takes back a
deferred Market action (PX-F2).

``kind`` is the action used:

- ``market``: buy ONE share of any company ("market" spaces; ``company``), or ``defer``
  to flip the flag to its Market side for later;
- ``deferred_market``: the Market action deferred for this nation, back with another of
  its flags in a later turn (``company``), or ``decline`` to let it go;
- ``load_die``: one die onto any ship in a Loading zone, even one loaded this turn, from
  a container of an incomplete contract (``contract``, ``container``) or a 2 from the
  Warehouse or Pool (``supply``); ``ship``;
- ``load_rail``: a 2 from the Warehouse or Pool into the 1st wagon (``supply``), or +2
  on one of the company's dice there (``raise``: its place in the wagon);
- ``move3``: "the player must make 3 moves (any mix of locks and waterways)"; the moves
  follow as ``ship_moved`` with ``via: "move3"``;
- ``impossible``: the action cannot be used (no die, no ship): recorded, unverified.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.panamax import clipboard, contracts, flags, loading, market, turns
from engines.panamax.clipboard import FREE_RULE
from engines.panamax.movement import owed

KINDS = ("market", "defer", "deferred_market", "decline", "load_die", "load_rail", "move3", "impossible")
SUPPLIES = ("warehouse", "pool")


def _pending(state: State) -> Mapping[str, Any] | None:
    pending = state.get("free_action")
    return pending if pending and pending["queue"] else None


def check_used(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-F1 to PX-F4: the action the flag uncovered, used as the rulebook allows."""
    pending = _pending(state)
    if pending is None:
        return [Violation("PX-F1", FREE_RULE, f"No flag's free action is waiting to be used ({data['kind']} given)")]
    if actor is not None and actor != pending["player"]:
        return [Violation("PX-F1", FREE_RULE, f"The free action is {pending['player']}'s, not {actor}'s")]
    due, kind = pending["queue"][0]["kind"], data["kind"]
    if due == flags.DEFERRED:
        if kind not in (flags.DEFERRED, "decline"):
            return [Violation("PX-F2", FREE_RULE, f"The deferred Market action returns now: use it or decline it, "
                              f"not {kind}")]
    elif kind == "impossible" and due != "market":  # a Market action that cannot be used is deferred
        return [Violation("PX-F1", FREE_RULE, f"Whether the {due} action cannot be used is not checked",
                          "unverified")]
    else:
        problems = clipboard.free_action_problems({"kind": due, "nation": pending["queue"][0]["nation"]}, kind)
        if problems:
            return problems
    player, colour = pending["player"], pending["company"]
    if kind in ("market", flags.DEFERRED):
        if data.get("company") not in state["companies"]:
            return [Violation("PX-K2", market.MARKET_RULE, f"Name the company whose share is bought, one of "
                              f"{', '.join(state['companies'])}")]
        company = state["companies"][data["company"]]
        return market.buy_problems(player, state["players"][player]["money"], data["company"], company["treasury"],
                                   company["price"]) + market.range_problems(
            data["company"], company["price"] + market.BUY_RAISES, state.get("market_prices"))
    if kind == "load_die":
        return _load_problems(state, colour, data)
    if kind == "load_rail":
        return _rail_problems(state, colour, data)
    return []


def _supply_problems(state: State, colour: str, supply: str | None) -> list[Violation]:
    if supply not in SUPPLIES:
        return [Violation("PX-F3", FREE_RULE, "Name where the die comes from: a contract's container, the warehouse "
                          "or the pool")]
    if state["companies"][colour][supply] < 1:
        return [Violation("PX-F3", FREE_RULE, f"The {colour} company has no die in its {supply.title()}")]
    return []


def _load_problems(state: State, colour: str, data: Mapping[str, Any]) -> list[Violation]:
    """PX-F3: a container's die (to its nation's Loading zone, as any load) or a 2 from the
    supply, onto any ship in a Loading zone, the one-die-a-ship limit lifted."""
    ship = data.get("ship")
    if ship is None:
        return [Violation("PX-F3", FREE_RULE, "Name the ship the die is loaded onto")]
    if "contract" in data:
        move = {"contract": data["contract"], "container": data.get("container", -1), "target": {"ship": ship},
                **({"free_action": data["free_action"]} if "free_action" in data else {})}
        return loading.container_problems(state, colour, move, "free_action")
    problems = _supply_problems(state, colour, data.get("supply"))
    info = state["ships"].get(ship)
    if info is None or info["status"] != "ON_BOARD" or info["zone"] not in loading.LOADING_ZONES:
        problems.append(Violation("PX-C9", contracts.LOADING_RULE, f"{ship} is not in a Loading zone"))
    return problems or loading.ship_problems(state, ship, clipboard.FREE_DIE_VALUE)


def _rail_problems(state: State, colour: str, data: Mapping[str, Any]) -> list[Violation]:
    """PX-F4: a 2 into the 1st wagon (4 dice at most), or +2 on one of the company's dice there."""
    wagon = state["rail"]["wagon1"]
    if "raise" in data:
        if not 0 <= data["raise"] < len(wagon):
            return [Violation("PX-F4", FREE_RULE, f"The 1st wagon has no die at place {data['raise']}")]
        die = wagon[data["raise"]]
        return clipboard.rail_raise_problems(die["value"], die["company"] == colour)
    problems = _supply_problems(state, colour, data.get("supply"))
    if len(wagon) >= contracts.RAIL_WAGON_DICE:
        problems.append(Violation("PX-C7", contracts.LOADING_RULE, f"The 1st wagon already holds "
                                  f"{contracts.RAIL_WAGON_DICE} dice"))
    return problems


def apply_used(state: State, data: Mapping[str, Any]) -> None:
    pending = _pending(state)
    if pending is None:
        return
    entry = pending["queue"].pop(0)
    colour, kind = pending["company"], data["kind"]
    company = state["companies"][colour]
    if kind in ("market", flags.DEFERRED) and data.get("company") in state["companies"]:
        turns.buy_share(state, pending["player"], data["company"])
    if kind == "defer":
        company["deferred"].append({"nation": entry["nation"], "at": flags.moment(state)})
    if entry["kind"] == flags.DEFERRED:  # used or not, "the flag is turned back to its front"
        forget_deferred(company, entry["nation"])
    if kind == "load_die":
        _load(state, colour, data)
    elif kind == "load_rail":
        _rail(state, colour, data)
    elif kind == "move3":
        if state.get("turn") is None:  # a rail flag's moves, at the round's end
            state["turn"] = turns.new_turn(pending["player"])
        state["turn"]["free_moves"] += clipboard.MOVE3
    settle(state)


def forget_deferred(company: dict[str, Any], nation: str) -> None:
    company["deferred"] = [entry for entry in company["deferred"] if entry["nation"] != nation]


def _take_supply(company: dict[str, Any], supply: str | None) -> bool:
    if supply in SUPPLIES and company[supply] > 0:
        company[supply] -= 1
        return True
    return False


def _load(state: State, colour: str, data: Mapping[str, Any]) -> None:
    ship = data.get("ship")
    if not isinstance(ship, str) or ship not in state["ships"]:
        return
    if "contract" in data:
        loading.load_container(state, colour, {"contract": data["contract"], "container": data.get("container", -1),
                                               "target": {"ship": ship}, "free_action": data.get("free_action")})
    elif _take_supply(state["companies"][colour], data.get("supply")):
        loading.place_die(state, {"company": colour, "value": clipboard.FREE_DIE_VALUE}, ship)


def _rail(state: State, colour: str, data: Mapping[str, Any]) -> None:
    wagon = state["rail"]["wagon1"]
    if "raise" in data:
        if 0 <= data["raise"] < len(wagon):
            wagon[data["raise"]]["value"] = min(6, wagon[data["raise"]]["value"] + clipboard.RAIL_RAISE)
    elif _take_supply(state["companies"][colour], data.get("supply")):
        loading.place_die(state, {"company": colour, "value": clipboard.FREE_DIE_VALUE}, "rail")


def settle(state: State) -> None:
    """Clear an emptied queue; at the round's end, a pick's free moves done, move on."""
    pending = state.get("free_action")
    if pending is not None and not pending["queue"]:
        state["free_action"] = None
    turn = state.get("turn")
    if state["phase"] == "END_RAIL" and turn is not None and not owed(turn):
        state["turn"] = None


def forfeit_deferred(state: State) -> None:
    """PX-F2: "if the player does not use the deferred action immediately it is lost"."""
    pending = _pending(state)
    if pending is not None and pending["queue"][0]["kind"] == flags.DEFERRED:
        entry = pending["queue"].pop(0)
        forget_deferred(state["companies"][pending["company"]], entry["nation"])
        settle(state)
