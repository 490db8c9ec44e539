"""A Contract/Load Cargo action within a turn (§5 "Choose 1 Contract card and/or Load
Cargo", "Loading Cargo", "Build ships and place them on the board", "How to load
ships"): taking a card, revealing the next, building and placing ships, loading dice.

The Action die's loads (and a Setup Contract's, and a Stevedore card's) are counted here;
``container_problems`` and ``load_container`` are the one path every die from a
contract takes, a free action's too (``free_actions``).  A contract the company
completes earns its flag (``flags``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare, value
from engines.panamax import cargo, contracts, flags, reveals
from engines.panamax.clipboard import flag_problems
from engines.panamax.movement import owed, zone_words
from engines.panamax.state import OCEAN_OF, OTHER_OCEAN
from engines.panamax.turns import actor_problems

BUILD_RULE = "Build ships and place them on the board"
BUILD_COST = {1: 5, 3: 7}  # as printed; the 2-slot ship's is not (the note's PX-AMB-2): declared
LOADING_ZONES = {f"LOADING {nation}": nation for nation in OCEAN_OF}
LOADING_USES = ("contract_load", "setup_contract")  # a Contract/Load die, or a Setup Contract (§4 step 23)


def _turn_problems(state: State, actor: str | None) -> list[Violation]:
    return actor_problems(state, actor)


def _company(state: State) -> dict[str, Any]:
    company: dict[str, Any] = state["companies"][state["players"][state["turn"]["player"]]["company"]]
    return company


def _card(state: State, card_id: str) -> dict[str, Any]:
    card: dict[str, Any] = {"id": card_id, **value(state["declared"], f"contract:{card_id}")}
    return card


def card_at(state: State, source: str) -> str | None:
    """The id of the card a Contract action takes from ``source``."""
    table = state["contracts"]
    if source == "action_table":
        die = state["turn"]["die"] or {}
        taken: str | None = table["slots"].get(str(die.get("column", die.get("executive"))))
        return taken
    kept: str | None = table[source]
    return kept


def check_contract(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-C1 and PX-C2."""
    problems = _turn_problems(state, actor)
    if problems:
        return problems
    turn, company = state["turn"], _company(state)
    if turn["use"] != "contract_load" or turn["contract_taken"]:
        return [Violation("PX-C1", contracts.CONTRACT_RULE, "A Contract card is taken with this turn's Contract/Load "
                          "Cargo die, one card an action")]
    die = turn["die"]
    problems = contracts.source_problems(data["source"], die.get("column", die.get("executive")),
                                         "extra_contract_choice" in company["benefits"])
    card_id = card_at(state, data["source"])
    if card_id is None:
        problems.append(Violation("PX-C3", contracts.CONTRACT_RULE, f"No card lies on {data['source'].replace('_', ' ')}"))
        return problems
    if f"contract:{card_id}" not in state["declared"]:  # turned up by a name nobody showed (overridden)
        return problems + reveals.box_problems(state, [{"id": card_id}], reveals.CONTRACT_DECK)
    count = len(_card(state, card_id)[data["side"]]["containers"])
    if contracts.dice_for(count, company["warehouse"], company["pool"]) is None:
        problems.append(Violation("PX-C2", contracts.LOADING_RULE, f"Card {card_id} needs {count} dice; the company has "
                                  f"{company['warehouse']} in the Warehouse and {company['pool']} in the Pool"))
    return problems


def apply_contract(state: State, data: Mapping[str, Any]) -> None:
    company, table = _company(state), state["contracts"]
    card = _card(state, str(card_at(state, data["source"])))  # checked: a card lies there
    dice = contracts.dice_for(len(card[data["side"]]["containers"]), company["warehouse"], company["pool"])
    warehouse, pool = dice if dice is not None else (0, 0)  # an overridden event may lack the dice
    company["warehouse"] -= warehouse
    company["pool"] -= pool
    company["contracts"].append(contracts.held(card, data["side"]))
    if data["source"] == "action_table":
        die = state["turn"]["die"]
        table["slots"], table["inbound"] = contracts.refill(table["slots"], str(die.get("column", die.get("executive"))),
                                                            table["inbound"], table["draw_top"])
        table["draw_top"] = None
    elif data["source"] == "inbound":
        table["inbound"], table["draw_top"] = table["draw_top"], None
    else:
        table["draw_top"] = None
    state["turn"]["contract_taken"] = True


def check_revealed(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-C3: the Draw pile's new top card, face up, once the old one was moved on; on a
    board with cards, one that can be there (PX-B20 to PX-B22, ``reveals``)."""
    if state["contracts"] is None or state["contracts"]["draw_top"] is not None:
        return [Violation("PX-C3", contracts.CONTRACT_RULE, "The Draw pile's top card is already face up")]
    problems = reveals.box_problems(state, [data["card"]], reveals.CONTRACT_DECK)
    problems += reveals.drawn_problems(state, data["card"]["id"])
    card = reveals.face(state, data["card"], reveals.CONTRACT_DECK)
    if card is None:
        return problems
    return problems + contracts.card_problems(card) + conflicts(state["declared"], [contracts.card_fact(card)],
                                                                state["step"] + 1)


def apply_revealed(state: State, data: Mapping[str, Any]) -> None:
    card = reveals.face(state, data["card"], reveals.CONTRACT_DECK)
    if card is not None:  # a card nobody has shown declares nothing
        state["declared"] = declare(state["declared"], [contracts.card_fact(card)], state["step"])
    reveals.reshuffle(state, data["card"]["id"])
    state["contracts"]["draw_top"] = data["card"]["id"]


def check_place(state: State, actor: str | None, data: Mapping[str, Any], kind: str) -> list[Violation]:
    """PX-B1 (built: from the Clipboard, for the company's money), the pre-built 2-slot ship
    deployed, PX-C9 (a ship of the Waiting zone into a Loading zone of its ocean)."""
    problems = _turn_problems(state, actor)
    if problems:
        return problems
    ship, zone = state["ships"].get(data["ship"]), data["zone"]
    if ship is None:
        return [Violation("PX-B1", BUILD_RULE, f"No ship {data['ship']!r} in this game")]
    if zone not in LOADING_ZONES:
        return [Violation("PX-B1", BUILD_RULE, f"Ships are placed in a Loading zone, not {zone!r}")]
    company = state["players"][state["turn"]["player"]]["company"]
    if kind == "to_loading_zone":
        waiting = f"WAITING {OCEAN_OF[LOADING_ZONES[zone]]}"
        if ship["status"] != "ON_BOARD" or ship["zone"] != waiting:
            return [Violation("PX-C9", contracts.LOADING_RULE, f"{data['ship']} is not in {zone_words(waiting)}, "
                              f"whose ships may move to {zone_words(zone)}")]
        return _waiting_turn_problems(state, data["ship"], ship)
    if ship["owner"] != company:
        return [Violation("PX-B1", BUILD_RULE, f"{data['ship']} is not a {company} ship")]
    wanted = "UNBUILT" if kind == "built" else "BUILT"
    if ship["status"] != wanted:
        return [Violation("PX-B1", BUILD_RULE, f"{data['ship']} is {ship['status'].lower().replace('_', ' ')}, not "
                          f"{wanted.lower()}")]
    if kind == "built":
        cost = build_cost(state, ship["slots"], data.get("cost"))
        if cost is None:
            return [Violation("PX-B1", BUILD_RULE, "The rulebook prints no price for a 2-slot ship: declare it (cost)")]
        if state["companies"][company]["money"] < cost:
            return [Violation("PX-B1", BUILD_RULE, f"{data['ship']} costs the company ${cost}; it has "
                              f"${state['companies'][company]['money']}")]
        return conflicts(state["declared"], _cost_facts(ship["slots"], cost), state["step"] + 1)
    return []


def _waiting_turn_problems(state: State, ship_id: str, ship: Mapping[str, Any]) -> list[Violation]:
    """PX-C9: "Ships in the Waiting zone ... may be moved freely to the Loading zone and used
    immediately to continue loading Cargo": within a loading (a Contract/Load Cargo die, a
    Setup Contract).  A military ship, "ready for immediate re-use" (§10), comes back too
    while the turn owes movement."""
    turn = state["turn"]
    if state["phase"] == "SETUP_CONTRACTS" or turn["use"] == "contract_load":
        return []
    if ship["kind"] == "MILITARY" and owed(turn):
        return []
    when = "before the Action die is taken" if turn["die"] is None else f"with a die taken for {str(turn['use']).replace('_', ' ')}"
    return [Violation("PX-C9", contracts.LOADING_RULE, f"{ship_id} leaves the Waiting zone to be loaded: with a "
                      f"Contract/Load Cargo die, not {when}")]


def build_cost(state: State, slots: int, declared: int | None) -> int | None:
    printed = BUILD_COST.get(slots)
    if printed is not None:
        return printed
    return declared if declared is not None else value(state["declared"], f"build_cost:{slots}")


def _cost_facts(slots: int, cost: int) -> list[Fact]:
    return [] if slots in BUILD_COST else [Fact(f"build_cost:{slots}", cost, f"The price of a {slots}-slot ship")]


def apply_place(state: State, data: Mapping[str, Any], kind: str) -> None:
    ship = state["ships"][data["ship"]]
    if kind == "built":
        cost = build_cost(state, ship["slots"], data.get("cost"))
        if cost is not None:  # an overridden build of unknown price declares nothing and pays nothing
            state["declared"] = declare(state["declared"], _cost_facts(ship["slots"], cost), state["step"])
            state["companies"][ship["owner"]]["money"] -= cost
    ship["status"], ship["zone"] = "ON_BOARD", data["zone"]
    ship["bound"] = OTHER_OCEAN[OCEAN_OF[LOADING_ZONES[data["zone"]]]]


def check_load(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-C4 to PX-C13 for a die the Action die (or a Setup Contract) loads."""
    problems = _turn_problems(state, actor)
    if problems:
        return problems
    turn = state["turn"]
    allowed = loads_allowed(state)
    if turn["loads_used"] >= allowed:
        return [Violation("PX-C4", contracts.CONTRACT_RULE, f"This action loads {allowed} dice at most; "
                          f"{turn['loads_used']} are loaded")]
    colour = state["players"][turn["player"]]["company"]
    return container_problems(state, colour, data, "stevedore" if turn.get("stevedore") else "action")


def loads_allowed(state: State) -> int:
    """PX-C4: the dice this turn may load: the die's row (or 3), one more with the
    Passenger benefit ("the player can load ONE additional die"), and a Stevedore card's."""
    turn, company = state["turn"], _company(state)
    loading_die = turn["use"] in LOADING_USES
    allowed: int = loading_die * (turn["allowance"].get("loads", 0) + ("extra_load" in company["benefits"])) \
        + turn.get("card_loads", 0)
    return allowed


def _target(state: State, target: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | Violation:
    """The key of a load's target ("rail" or the ship) and what ``contracts.target_problems`` reads of it."""
    if target.get("rail"):
        return "rail", {"rail": True, "wagon_dice": len(state["rail"]["wagon1"])}
    ship = state["ships"].get(target["ship"])
    if ship is None or ship["status"] != "ON_BOARD":
        return Violation("PX-C9", contracts.LOADING_RULE, f"No ship {target['ship']!r} on the board")
    return target["ship"], {"zone_kind": "LOADING" if ship["zone"] in LOADING_ZONES else "OTHER",
                            "nation": LOADING_ZONES.get(ship["zone"])}


def ship_problems(state: State, key: str, die_value: int) -> list[Violation]:
    """What the ship itself allows (PX-C10 to PX-C13); the Rail table has no such limit."""
    if key == "rail":
        return []
    return cargo.load_problems(key, state["ships"][key], die_value, value(state["declared"], f"ship_spec:{key}"))


def container_problems(state: State, colour: str, data: Mapping[str, Any], via: str) -> list[Violation]:
    """PX-C5 to PX-C13 for the die of ``data["container"]`` of the company's contract
    ``data["contract"]`` going to ``data["target"]``; and, if it completes a front, the
    icon under the flag's space (PX-F1)."""
    company = state["companies"][colour]
    if not 0 <= data["contract"] < len(company["contracts"]):
        return [Violation("PX-C5", contracts.LOADING_RULE, f"The company holds no contract number {data['contract']}")]
    held = company["contracts"][data["contract"]]
    if not 0 <= data["container"] < len(held["containers"]):
        return [Violation("PX-C5", contracts.LOADING_RULE, f"Card {held['card']} has no container {data['container']}")]
    box = held["containers"][data["container"]]
    found = _target(state, data["target"])
    if isinstance(found, Violation):
        return [found]
    key, where = found
    problems = contracts.target_problems(held, box, where)
    problems += contracts.once_per_turn_problems(key, state["turn"]["loaded"] if state.get("turn") else [], via)
    if not problems:
        problems += ship_problems(state, key, box["value"])
    others = [c for i, c in enumerate(held["containers"]) if i != data["container"]]
    if not problems and held["side"] == "front" and all(c["loaded"] for c in others) \
            and not flag_problems(held["nation"], state["flag_supply"]):
        problems += flags.icon_problems(state, colour, held["nation"], data.get("free_action"))
    return problems


def place_die(state: State, die: dict[str, Any], key: str) -> None:
    if key == "rail":
        state["rail"]["wagon1"].append(die)
    else:
        state["ships"][key]["dice"].append(die)


def load_container(state: State, colour: str, data: Mapping[str, Any]) -> str | None:
    """Move the container's die to its target; a completed card is discarded (a Setup
    Contract goes back to the box) and a completed front earns its flag.  The target's
    key, or None when the event (an overridden one) names nothing the company holds."""
    company = state["companies"][colour]
    if not 0 <= data["contract"] < len(company["contracts"]):
        return None
    held = company["contracts"][data["contract"]]
    if not 0 <= data["container"] < len(held["containers"]):
        return None
    box = held["containers"][data["container"]]
    key = "rail" if data["target"].get("rail") else data["target"]["ship"]
    if key != "rail" and key not in state["ships"]:
        return None
    place_die(state, {"company": colour, "value": box["value"]}, key)
    box["loaded"] = True
    if contracts.is_complete(held):
        company["contracts"].remove(held)
        if not held.get("setup"):
            state["contracts"].setdefault("discards", []).append(held["card"])
        nation = contracts.earns_flag(held)
        if nation is not None and not flag_problems(nation, state["flag_supply"]):
            state["flag_supply"][nation] -= 1
            flags.gain(state, colour, nation, data.get("free_action"))
    return key


def apply_load(state: State, data: Mapping[str, Any]) -> None:
    turn = state["turn"]
    key = load_container(state, state["players"][turn["player"]]["company"], data)
    turn["loads_used"] += 1
    if key is not None:
        turn["loaded"].append(key)
