"""What may be recorded now (``possible``, whose turn it is) and what the recording page
offers for it (``expected()["options"]``).

Two kinds of entries, for each event the player may record now:

- the choices of each field, by its path in the event (``"from.column"``,
  ``"target.ship"``), what the generic form fills its lists with: each list is what
  could be legal for that field alone;
- whole legal choices the engine has judged itself, so that the page never has to
  know a rule (``dice`` with what each die allows and its legal uses, ``loads`` with
  each container's legal targets, ``moves`` with the ships that may sail and the
  zones ahead of each, the icon of each crossing the board holds, what each canal zone
  holds for the pushes a full dashed rectangle asks, the free action's companies,
  supplies, ships and wagon dice, the end of the round's fees and dividends when their
  rates are declared).
  Each is found by asking the rules (``check``) about the event it would make; a
  declaration the table must add (a zone's kind, a flag space's icon) is named, not
  guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import value
from engines.panamax import (
    action_table,
    cargo,
    contracts,
    flags,
    free_actions,
    loading,
    movement,
    reveals,
    round_end,
    setup_contracts,
    setup_phase,
    turns,
)
from engines.panamax.clipboard import FREE_DIE_VALUE, RAIL_RAISE, next_slot
from engines.panamax.loading import LOADING_ZONES
from engines.panamax.turns import USES, current_player

Choices = dict[str, list[Any]]
Rules = Callable[[State, str | None, Mapping[str, Any]], list[Violation]]


def _legal(rules: Rules, state: State, data: Mapping[str, Any]) -> bool:
    return not any(v.blocks for v in rules(state, None, data))


def _sources(layout: Mapping[str, Any]) -> list[dict[str, int]]:
    return [{"column": c} for c in range(1, 7) if layout["columns"][c - 1]] + \
        [{"executive": v} for v in layout["executive"] if not layout["columns"][v - 1]]


def _allows(state: State, layout: action_table.Layout, source: Mapping[str, int]) -> dict[str, int]:
    """What the die of ``source`` allows once taken (as ``turns.apply_take`` reckons it)."""
    _, row = action_table.take(layout, source)
    return action_table.allowance(source, row, turns.printed_locks(state))


def _take(state: State) -> Choices:
    layout, moved = state["action_table"], state["turn"]["transferred_to"]
    sources = [{"column": moved}] if moved is not None else _sources(layout)
    dice: list[dict[str, Any]] = []
    for source in sources:
        uses = [use for use in USES if _legal(turns.check_take, state, {"from": source, "use": use})]
        if uses:
            dice.append({"from": source, "allows": _allows(state, layout, source), "uses": uses})
    return {"from.column": [d["from"]["column"] for d in dice if "column" in d["from"]],
            "from.executive": [d["from"]["executive"] for d in dice if "executive" in d["from"]],
            "use": [use for use in USES if any(use in d["uses"] for d in dice)], "dice": dice}


def _transfer(state: State) -> Choices:
    layout = state["action_table"]
    dice: list[dict[str, Any]] = []
    for source in _sources(layout):
        targets = [c for c in range(1, 7) if _legal(turns.check_transfer, state, {"from": source, "to_column": c})]
        if targets:
            dice.append({"from": source, "to_columns": targets})
    return {"from.column": [d["from"]["column"] for d in dice if "column" in d["from"]],
            "from.executive": [d["from"]["executive"] for d in dice if "executive" in d["from"]],
            "to_column": sorted({c for d in dice for c in d["to_columns"]}), "dice": dice,
            "cost": [turns.transfer_cost(state)]}


def _company(state: State) -> dict[str, Any]:
    company: dict[str, Any] = state["companies"][state["players"][current_player(state)]["company"]]
    return company


def _own_ships(state: State, status: str) -> list[str]:
    colour = state["players"][current_player(state)]["company"]
    return [ship for ship, info in state["ships"].items() if info["owner"] == colour and info["status"] == status]


def _loadable(state: State) -> list[str]:
    return [ship for ship, info in state["ships"].items()
            if info["status"] == "ON_BOARD" and info["zone"] in LOADING_ZONES and info["kind"] != "MILITARY"]


def _flag_icon(state: State, colour: str, held: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Whether loading this container completes a front (and earns a flag), and the icon
    under the space the flag would cover when the game knows it (else the table declares it)."""
    others = [box for i, box in enumerate(held["containers"]) if i != index]
    completes = held["side"] == "front" and all(box["loaded"] for box in others) \
        and state["flag_supply"].get(held["nation"], 0) > 0
    if not completes:
        return {"completes": False, "icon": None, "space": None}
    slot = next_slot(state["companies"][colour]["flags"], held["nation"])
    entry = state["declared"].get(f"clipboard:{held['nation']}:{slot}")
    return {"completes": True, "icon": entry["value"] if entry else None, "space": slot + 1}


def container_choices(state: State, colour: str, via: str) -> list[dict[str, Any]]:
    """Each unloaded container of the company's contracts, with the targets the rules
    allow for its die (``via``: ``action``, ``stevedore`` or ``free_action``)."""
    places: list[dict[str, Any]] = [{"rail": True}, *({"ship": ship} for ship in _loadable(state))]
    out = []
    for index, held in enumerate(state["companies"][colour]["contracts"]):
        for box_index, box in enumerate(held["containers"]):
            if box["loaded"]:
                continue
            flag = _flag_icon(state, colour, held, box_index)
            declared = {"free_action": flag["icon"] or flags.NO_ACTION} if flag["completes"] else {}
            targets, refused = [], []
            for place in places:
                blocking = [v for v in loading.container_problems(
                    state, colour, {"contract": index, "container": box_index, "target": place, **declared}, via)
                    if v.blocks]
                if blocking:
                    refused.append({"target": place, "code": blocking[0].code, "message": blocking[0].message})
                else:
                    targets.append(place)
            out.append({"contract": index, "container": box_index, "card": held["card"], "value": box["value"],
                        "rail": box["rail"], "targets": targets, "refused": refused, **flag})
    return out


def _load(state: State) -> Choices:
    turn = state["turn"]
    colour = state["players"][current_player(state)]["company"]
    loads = container_choices(state, colour, "stevedore" if turn.get("stevedore") else "action")
    return {"contract": sorted({c["contract"] for c in loads}), "container": sorted({c["container"] for c in loads}),
            "target.ship": _loadable(state), "target.rail": [True], "loads": loads,
            "loads_left": [max(0, loading.loads_allowed(state) - turn["loads_used"])]}


def _zones_ahead(state: State, ship: Mapping[str, Any]) -> list[str]:
    canal = state["canal"] if ship["bound"] == "PACIFIC" else state["canal"][::-1]
    here = canal.index(ship["zone"]) if ship["zone"] in canal else -1
    return list(canal[here + 1:])


def _icons(state: State, ship: Mapping[str, Any], ahead: list[str]) -> dict[str, str]:
    """The icon of each crossing from the ship's zone the game knows (the board's, or one
    crossed before), by the zone it leads to: the table need not say it again."""
    out = {}
    for goal in [*ahead, movement.OCEAN]:
        icon = value(state["declared"], f"crossing:{ship['bound']}:{ship['zone']}:{goal}")
        if icon is not None:
            out[goal] = icon
    return out


def _zone_entry(state: State, zone: str) -> dict[str, Any]:
    """A canal zone, its kind and, for the pushes ("Pushing ships"), the ships in it and the
    slots they fill (None when a size is unknown), and its capacity (a dashed rectangle's 4)."""
    kind = movement.zone_kind(state, zone)
    ships = [ship for ship, info in state["ships"].items() if info["status"] == "ON_BOARD" and info["zone"] == zone]
    slots = [movement.slots_of(state, ship) for ship in ships]
    return {"zone": zone, "kind": kind, "ships": [{"ship": ship, "slots": size} for ship, size in zip(ships, slots, strict=False)],
            "held": None if None in slots else sum(s for s in slots if s is not None),
            "capacity": movement.DASHED_SLOTS if kind == "DASHED" else None}


def _move(state: State) -> Choices:
    left = movement.remaining_moves(state["turn"])
    kinds = [kind for kind in ("lock", "waterway") if left[kind] > 0 or left["any"] > 0]
    view_ready = {ship: cargo.ready_to_sail(ship, info, state["declared"].get(f"ship_spec:{ship}", {}).get("value"))
                  for ship, info in state["ships"].items()}
    sailing = {ship: info for ship, info in state["ships"].items()
               if info["status"] == "ON_BOARD" and not info["zone"].startswith("WAITING ") and info.get("bound")}
    moves = []
    for ship, info in sailing.items():
        if view_ready[ship] is False:
            continue
        ahead = _zones_ahead(state, info)
        moves.append({"ship": ship, "zone": info["zone"], "bound": info["bound"], "ahead": ahead,
                      "icons": _icons(state, info, ahead), "ready": view_ready[ship], "slots": movement.slots_of(state, ship),
                      "exit": _exit(state, ship)})
    refused = [{"ship": ship, "zone": info["zone"], "reason": "does not carry enough to sail"}
               for ship, info in sailing.items() if view_ready[ship] is False]
    zones = [_zone_entry(state, zone) for zone in state["canal"]]
    return {"ships": [m["ship"] for m in moves], "kind": kinds, "to": [*state["canal"], movement.OCEAN],
            "via": ["action", "move3"] if left["any"] else ["action"], "moves": moves, "refused": refused,
            "zones": zones, "moves_left": [left], "tokens": list(state["passenger_tokens"])}


def _exit(state: State, ship_id: str) -> dict[str, Any]:
    """What leaving the canal asks of this ship's exit: the owner's bonus (the card of its
    size, whether one is left, or the money), the companies owed a Passenger token in the
    order they get them (the stack is ``tokens``), the Prospector's dice to double."""
    ship = state["ships"][ship_id]
    out: dict[str, Any] = {"bonus": None, "passengers": [], "doubles": {}}
    if ship["kind"] == "COMPANY":
        card, money = cargo.EXIT_BONUS[ship["slots"]]
        out["bonus"] = {"owner": ship["owner"], "card": card, "card_left": movement.card_left(state, card), "money": money}
    if ship["kind"] == "CRUISE":
        order = [state["players"][p]["company"] for p in state["turn_order"]]
        mover = state["players"][current_player(state)]["company"]
        out["passengers"] = [company for company, _ in cargo.passenger_payments(ship, [0] * len(ship["dice"]), mover, order)]
    if ship["kind"] == "PANAMAX":
        for die in ship["dice"]:
            out["doubles"].setdefault(die["company"], []).append(die["value"])
    return out


def _place(state: State, kind: str) -> Choices:
    if kind == "ship_to_loading_zone":
        ships = [ship for ship, info in state["ships"].items() if info["status"] == "ON_BOARD"
                 and info["zone"].startswith("WAITING ") and any(_legal(
                     lambda s, a, d: loading.check_place(s, a, d, "to_loading_zone"), state, {"ship": ship, "zone": zone})
                     for zone in LOADING_ZONES)]
    else:
        ships = _own_ships(state, "UNBUILT" if kind == "ship_built" else "BUILT")
    return {"ship": ships, "zone": list(LOADING_ZONES)}


def _bonus(state: State) -> Choices:
    player = state["players"][current_player(state)]
    return {"deck": [deck for deck in ("captain", "stevedore") if player[deck]],
            "card": sorted({card["card"] for deck in ("captain", "stevedore") for card in player[deck]})}


def free_action_options(state: State) -> Choices:
    """The choices of a flag's free action now due (``free_action_used``)."""
    pending = state["free_action"]
    due, colour = pending["queue"][0]["kind"], pending["company"]
    kinds = {"market": ["market", "defer"], flags.DEFERRED: [flags.DEFERRED, "decline"]}.get(due, [due, "impossible"])
    out: Choices = {"kind": kinds}
    if due in ("market", flags.DEFERRED):
        out["company"] = [c for c in state["companies"]
                          if _legal(free_actions.check_used, state, {"kind": due, "company": c})]
    company = state["companies"][colour]
    supplies = [supply for supply in free_actions.SUPPLIES if company[supply] > 0]
    if due == "load_die":
        out["supply"] = supplies
        out["ship"] = [ship for ship in _loadable(state) if not cargo.load_problems(
            ship, state["ships"][ship], FREE_DIE_VALUE, state["declared"].get(f"ship_spec:{ship}", {}).get("value"))]
        out["loads"] = container_choices(state, colour, "free_action")
    if due == "load_rail":
        wagon = state["rail"]["wagon1"]
        out["supply"] = supplies if len(wagon) < contracts.RAIL_WAGON_DICE else []
        out["raise"] = [i for i, die in enumerate(wagon) if die["company"] == colour and die["value"] + RAIL_RAISE <= 6]
    return out


# What each event type offers now, as ``events.py`` names it (``EventRule.offers``):
# ``TableEngine.expected`` asks the types ``possible`` lists, and leaves out an empty offer.


def take_offered(state: State, who: str) -> Choices:
    return _take(state)


def transfer_offered(state: State, who: str) -> Choices:
    return _transfer(state)


def share_offered(state: State, who: str) -> Choices:
    return {"company": [c for c in state["companies"] if _legal(turns.check_share, state, {"company": c})]}


def raise_offered(state: State, who: str) -> Choices:
    return {"company": [state["players"][current_player(state)]["company"]]}


def contract_offered(state: State, who: str) -> Choices:
    extra = ["inbound", "draw_top"] if "extra_contract_choice" in _company(state)["benefits"] else []
    return {"source": ["action_table", *extra], "side": ["front", "back"]}


def load_offered(state: State, who: str) -> Choices:
    return _load(state)


def built_offered(state: State, who: str) -> Choices:
    return _place(state, "ship_built")


def deployed_offered(state: State, who: str) -> Choices:
    return _place(state, "ship_deployed")


def to_loading_zone_offered(state: State, who: str) -> Choices:
    return _place(state, "ship_to_loading_zone")


def move_offered(state: State, who: str) -> Choices:
    return _move(state)


def military_offered(state: State, who: str) -> Choices:
    return {"ship": list(dict.fromkeys(state["turn"]["military_moved"]))}


def bonus_offered(state: State, who: str) -> Choices:
    return _bonus(state)


def card_revealed_offered(state: State, who: str) -> Choices:
    """The board's cards that may turn up now, to name instead of spelling out."""
    return reveals.reveal_offers(state, "contract_card_revealed")


def contracts_revealed_offered(state: State, who: str) -> Choices:
    """The board's cards, to name instead of spelling out."""
    return reveals.reveal_offers(state, "contracts_revealed")


def setup_drawn_offered(state: State, who: str) -> Choices:
    return reveals.reveal_offers(state, "setup_contracts_drawn")


def setup_chosen_offered(state: State, who: str) -> Choices:
    return {"card": list(state["setup_contracts"]["offered"])}


def advisor_kept_offered(state: State, who: str) -> Choices:
    kept = state["setup"]["advisors_kept"]
    return {"player": [p for p in state["seats"] if p not in kept]}


def free_action_offered(state: State, who: str) -> Choices:
    return free_action_options(state)


def rail_flag_offered(state: State, who: str) -> Choices:
    pickers = state["end_of_round"]["flag_pickers"]
    return rail_flag_options(state, pickers[0]) if pickers else {}


def fees_offered(state: State, who: str) -> Choices:
    due = state["end_of_round"]["fees_due"]
    return fees_options(state, due[0]) if due else {}


def dividends_offered(state: State, who: str) -> Choices:
    due = state["end_of_round"]["dividends_due"]
    return dividend_options(state, due[0]) if due else {}


def advisors_revealed_offered(state: State, who: str) -> Choices:
    return {"player": [name for name in state["seats"] if name not in state["revealed"]]}


def possible(state: State) -> list[str]:
    """The event types possible now (the game not over): a flag's free action due first,
    a rail flag's three free moves, then each phase's events."""
    pending = state.get("free_action")
    if pending and pending["queue"]:
        return ["free_action_used"]
    phase = state["phase"]
    if state.get("turn") and phase == "END_RAIL":
        return ["ship_moved", "movement_impossible"]
    if phase == "SETUP":
        return setup_phase.remaining(state)
    if phase == "SETUP_CONTRACTS":
        if not state["setup_contracts"]["offered"]:
            return ["setup_contracts_drawn"]
        if state["turn"] is None:
            return ["setup_contract_chosen"]
        return ["die_loaded", *turns.ANY_TIME, "ship_to_loading_zone", "turn_ended"]
    if phase == "TURNS":
        return turns.possible(state)
    return list(_PHASE_EVENTS.get(phase, ()))


_PHASE_EVENTS = {"END_RAIL": ("rail_flag_taken",), "END_FEES": ("cargo_fees",), "END_DIVIDENDS": ("dividends",),
                 "MAINTENANCE": ("action_table_rolled",), "GAME_OVER": ("financial_advisor_revealed",)}


def due_player(state: State) -> str | None:
    """The one player due to act (``TableEngine.current``), phase by phase as ``possible``:
    a flag's free action's player, the turn's, the next to choose a Setup Contract or a
    rail flag; None when it is anyone at the table (or nobody)."""
    pending = state.get("free_action")
    if pending and pending["queue"]:
        return str(pending["player"])
    phase, turn = state["phase"], state.get("turn")
    if turn and phase == "END_RAIL":
        return str(turn["player"])
    if phase == "SETUP_CONTRACTS":
        if not state["setup_contracts"]["offered"]:
            return None
        return next(iter(setup_contracts.pickers(state)), None) if turn is None else str(turn["player"])
    if phase == "TURNS":
        return current_player(state)
    if phase == "END_RAIL":
        return next(iter(state["end_of_round"]["flag_pickers"]), None)
    return None


def fees_options(state: State, company: str) -> Choices:
    """The company's dice in each zone (``fees``: the rate where the game knows it, else
    None for the table to declare); the whole ``zone_dice`` too when every rate is known."""
    rows = [{"zone": zone, "dice": dice, "rate": value(state["declared"], f"zone_fee:{zone}")}
            for zone, dice in sorted(round_end.canal_dice(state, company).items())]
    out: Choices = {"company": [company], "fees": rows}
    if all(row["rate"] is not None for row in rows):
        out["zone_dice"] = [rows]
    return out


def dividend_options(state: State, company: str) -> Choices:
    """The dividend a share pays at the company's price, when the game knows it."""
    per_share = value(state["declared"], f"dividend:{state['companies'][company]['price']}")
    return {"company": [company], **({"per_share": [per_share]} if per_share is not None else {})}


def rail_flag_options(state: State, player: str) -> Choices:
    """The flags left on the Rail table, for the player choosing next; the free action of
    each (under the space it would cover) when the game knows it."""
    colour = state["players"][player]["company"]
    nations = list(state["rail"]["flags"])
    icons = {nation: value(state["declared"], f"clipboard:{nation}:{next_slot(state['companies'][colour]['flags'], nation)}")
             for nation in nations}
    return {"player": [player], "nation": nations, "icons": [icons]}
