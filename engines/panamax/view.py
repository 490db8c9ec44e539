"""What the pages need beyond the state itself: the board's derived facts
(``engine.board_view(state)``, which the template should not compute again), each
seat's colour and each step's place in the game (the optional page hooks of
docs/WEB.md).  ``board_view``:

- ``oceans``: each ocean's Loading zones and Waiting zone, Atlantic first;
- ``zones``: each canal zone's kind (the lakes by the rulebook's name, others as
  declared, None while unknown), the slots its ships take (None when a ship's size is
  unknown) and its capacity (4 for a dashed rectangle, None when unlimited or unknown);
- ``ready``: for each ship on the board, whether it may sail (None when the rulebook
  does not say, as for the San Juan Prospector without its declared tile).
"""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.declared import value
from engines.panamax import action_table, cargo
from engines.panamax.movement import DASHED_SLOTS, slots_of, zone_kind
from engines.panamax.state import OCEAN_OF


def board_view(state: State) -> dict[str, Any]:
    oceans = {ocean: [f"LOADING {nation}" for nation, side in OCEAN_OF.items() if side == ocean] + [f"WAITING {ocean}"]
              for ocean in ("ATLANTIC", "PACIFIC")}
    on_board = {ship: info for ship, info in state["ships"].items() if info["status"] == "ON_BOARD"}
    zones = {}
    for zone in state["canal"]:
        kind = zone_kind(state, zone)
        sizes = [slots_of(state, ship) for ship, info in on_board.items() if info["zone"] == zone]
        zones[zone] = {"kind": kind, "slots_used": None if None in sizes else sum(s for s in sizes if s is not None),
                       "capacity": DASHED_SLOTS if kind == "DASHED" else None}
    ready = {ship: cargo.ready_to_sail(ship, info, value(state["declared"], f"ship_spec:{ship}"))
             for ship, info in on_board.items()}
    return {"oceans": oceans, "zones": zones, "ready": ready}


# The companies' colours on the pages (the Clipboards' colours, §2).
COMPANY_COLOURS = {"red": "#c0392b", "green": "#2e8b57", "yellow": "#d4a017", "black": "#2b2b2b"}


def seat_colours(state: State) -> list[str | None]:
    """Each seat's company colour, for the standings, the chart and the seat dots."""
    return [COMPANY_COLOURS.get(state["players"][name]["company"]) for name in state["seats"]]


def position(state: State) -> dict[str, Any]:
    """``{"round", "turn", "label"}``: the set-up (Setup Contracts included), each turn of
    a round ("Round 2 · Bruno"; ``turn`` counts every turn of the game from 1), each
    round's end, and the game's."""
    phase, round_no = state["phase"], state["round"]
    if phase in ("SETUP", "SETUP_CONTRACTS"):
        return {"round": None, "turn": None, "label": "Set-up"}
    if phase in ("GAME_OVER", "OVER"):
        return {"round": None, "turn": None, "label": "Game over"}
    if phase == "TURNS" and state.get("turn"):
        action, executive = action_table.DICE_BY_PLAYERS[len(state["seats"])]
        turn = (round_no - 1) * (action + executive) + state["turn_index"] + 1
        return {"round": round_no, "turn": turn, "label": f"Round {round_no} · {state['turn']['player']}"}
    return {"round": round_no, "turn": None, "label": f"Round {round_no} · End of the round"}
