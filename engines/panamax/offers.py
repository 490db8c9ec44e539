"""What the recording page offers during a turn (``expected()["options"]``): for each
event the player may record now, the choices of each field that the rules leave open,
by the field's path in the event (``"from.column"``, ``"target.ship"``).

Each list is what could be legal for that field alone; the rules still judge the whole
event (a die of column 2 cannot be used for a contract, whatever the lists allow).
"""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.panamax import action_table, movement
from engines.panamax.loading import LOADING_ZONES
from engines.panamax.turns import MARKET_USES, USES, current_player

Choices = dict[str, list[Any]]


def _dice(layout: dict[str, Any]) -> Choices:
    columns = [c for c in range(1, 7) if layout["columns"][c - 1]]
    executive = [v for v in layout["executive"] if not layout["columns"][v - 1]]
    return {"from.column": columns, "from.executive": executive}


def _take(state: State) -> Choices:
    turn, layout = state["turn"], state["action_table"]
    if turn["transferred_to"] is not None:
        column = turn["transferred_to"]
        uses = ["movement" if action_table.side_of(column) == "movement" else "contract_load", "pass"]
        return {"from.column": [column], "from.executive": [], "use": uses}
    dice = _dice(layout)
    uses = [use for use in USES if use not in MARKET_USES or dice["from.executive"]]
    return {**dice, "use": uses}


def _transfer(state: State) -> Choices:
    layout = state["action_table"]
    return {**_dice(layout), "to_column": [c for c in range(1, 7) if layout["columns"][c - 1] < action_table.ROWS]}


def _company(state: State) -> dict[str, Any]:
    return state["companies"][state["players"][current_player(state)]["company"]]


def _own_ships(state: State, status: str) -> list[str]:
    colour = state["players"][current_player(state)]["company"]
    return [ship for ship, info in state["ships"].items() if info["owner"] == colour and info["status"] == status]


def _loadable(state: State) -> list[str]:
    return [ship for ship, info in state["ships"].items()
            if info["status"] == "ON_BOARD" and info["zone"] in LOADING_ZONES and info["kind"] != "MILITARY"]


def _load(state: State) -> Choices:
    held = _company(state)["contracts"]
    containers = sorted({i for contract in held for i, box in enumerate(contract["containers"]) if not box["loaded"]})
    return {"contract": list(range(len(held))), "container": containers, "target.ship": _loadable(state),
            "target.rail": [True]}


def _movable(state: State) -> list[str]:
    return [ship for ship, info in state["ships"].items()
            if info["status"] == "ON_BOARD" and not info["zone"].startswith("WAITING ") and info.get("bound")]


def _move(state: State) -> Choices:
    left = movement.remaining_moves(state["turn"])
    kinds = [kind for kind in ("lock", "waterway") if left[kind] > 0 or left["any"] > 0]
    return {"ships": _movable(state), "kind": kinds, "to": [*state["canal"], movement.OCEAN],
            "via": ["action", "move3"] if left["any"] else ["action"]}


def _place(state: State, kind: str) -> Choices:
    if kind == "ship_to_loading_zone":
        ships = [ship for ship, info in state["ships"].items()
                 if info["status"] == "ON_BOARD" and info["zone"].startswith("WAITING ")]
    else:
        ships = _own_ships(state, "UNBUILT" if kind == "ship_built" else "BUILT")
    return {"ship": ships, "zone": list(LOADING_ZONES)}


def _bonus(state: State) -> Choices:
    player = state["players"][current_player(state)]
    return {"deck": [deck for deck in ("captain", "stevedore") if player[deck]],
            "card": sorted({card["card"] for deck in ("captain", "stevedore") for card in player[deck]})}


def turn_options(state: State, event_types: list[str]) -> dict[str, Choices]:
    """The choices for each of ``event_types`` that has fields to choose."""
    makers = {
        "action_die_taken": _take,
        "die_transferred": _transfer,
        "share_bought": lambda s: {"company": [c for c, info in s["companies"].items() if info["treasury"] > 0]},
        "stock_raised": lambda s: {"company": [s["players"][current_player(s)]["company"]]},
        "contract_taken": lambda s: {"source": ["action_table", *(["inbound", "draw_top"] if "extra_contract_choice"
                                                                 in _company(s)["benefits"] else [])],
                                     "side": ["front", "back"]},
        "die_loaded": _load,
        "ship_built": lambda s: _place(s, "ship_built"),
        "ship_deployed": lambda s: _place(s, "ship_deployed"),
        "ship_to_loading_zone": lambda s: _place(s, "ship_to_loading_zone"),
        "ship_moved": _move,
        "military_pay_claimed": lambda s: {"ship": list(dict.fromkeys(s["turn"]["military_moved"]))},
        "bonus_card_played": _bonus,
    }
    return {kind: makers[kind](state) for kind in event_types if kind in makers}
