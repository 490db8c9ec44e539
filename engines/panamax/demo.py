"""Panamax's demo game, and the made-up table data it (and the random games of the test
suite) plays with.

**The cards, the canal's zones, the Clipboard icons, the fee rate, the dividends, the
bonus cards' effects and the two unique ships' tiles of ``BOARD`` here are illustrative.**  The rulebook prints none of them (the
note's G1 to G7) and no public source lists them: every one is made up for the demo and
declared by its events as the table would, never presented as the game's.  Only what the
rulebook states is the game's: the set-up, the unique ships, the rules.

``candidates(engine, state)`` makes the events ``expected()`` offers concrete with that
data.  The demo (``demo_game``) is three players' whole game: at each step a fixed rule
(``_liking``, through ``engines.weighted_play``) picks among the legal candidates, with a seeded die for ties, so the game
is the same every time, and every event is legal when it is made.
"""

from __future__ import annotations

import functools
from typing import Any

from engines import weighted_play
from engines.base import Engine, Event, State
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.cargo import passenger_payments
from engines.panamax.clipboard import BENEFITS
from engines.panamax.round_end import canal_dice

NATIONS_CYCLE = ("EU", "US_EAST", "CHINA", "US_WEST")
ICONS = ("none", "load_die", "market", "load_rail", "move3", "none")
# Rolls by player count, one per round (the Mulligan's re-roll shows at the set-up).
ROLLS = {
    2: [([1, 2, 2, 4, 5, 6, 1, 3, 5, 6], [3, 4]), ([2, 2, 3, 4, 4, 6, 1, 3, 5, 5], [1, 6]),
        ([1, 3, 3, 4, 5, 5, 6, 2, 6, 4], [2, 4])],
    3: [([1, 2, 3, 4, 5, 6, 1, 5, 6], [2, 4, 5]), ([2, 2, 3, 4, 4, 6, 1, 3, 5], [1, 5, 6]),
        ([1, 3, 3, 4, 5, 5, 6, 2, 6], [3, 4, 6])],
    4: [([1, 2, 3, 4, 5, 6, 1, 2, 5, 6, 3, 4], [1, 3, 4, 6]), ([2, 2, 3, 4, 4, 6, 1, 3, 5, 5, 6, 1], [2, 3, 5, 6]),
        ([1, 3, 3, 4, 5, 5, 6, 2, 6, 4, 1, 2], [1, 2, 4, 5])],
}
MULLIGAN = {2: ([1, 1, 2, 2, 3, 3, 1, 2, 3, 4], [1, 2]), 3: ([1, 1, 2, 2, 3, 3, 4, 5, 6], [1, 2, 3]),
            4: ([1, 1, 2, 2, 3, 3, 1, 2, 3, 4, 5, 6], [1, 2, 3, 4])}


def card(number: int) -> dict[str, Any]:
    nation = NATIONS_CYCLE[number % 4]
    values = [(number % 5) + 1, ((number + 2) % 6) + 1][: 1 + number % 2]
    return {"id": f"T{number}", "front": {"nation": nation, "containers": [{"value": v, "rail": number % 7 == 0 and i == 0}
                                                                          for i, v in enumerate(values)]},
            "back": {"containers": [{"value": 3, "rail": False}]}}


def _rolled(state: State, mulligan: bool) -> Event:
    count = len(state["seats"])
    action, executive = MULLIGAN[count] if mulligan else ROLLS[count][state["round"] - 1]
    return Event("action_table_rolled", {"action_rolls": action, "executive_rolls": executive,
                                         "layout": layout_from_rolls(action, executive)}, None)


def icon(state: State, colour: str, nation: str) -> str:
    slot = sum(1 for flag in state["companies"][colour]["flags"] if flag == nation)
    return ICONS[(slot + NATIONS_CYCLE.index(nation)) % len(ICONS)]


def _seen(state: State) -> int:
    return sum(1 for key in state["declared"] if key.startswith("contract:"))


def _moves(state: State, offered: dict[str, Any], actor: str | None) -> list[Event]:
    """One move for each ship the page offers, into the next zone of the canal
    in its direction, or out into its ocean from the last one.  The canal is the four
    places the rulebook names; the two between the lakes are taken as dashed rectangles,
    a unique ship's size as 2 slots (made up)."""
    out: list[Event] = []
    canal = list(state["canal"])
    # Loaded company ships first: they are the ones worth sailing.
    ranked = sorted(offered["ships"], key=lambda s: (state["ships"][s]["kind"] != "COMPANY", -len(state["ships"][s]["dice"])))
    for ship in ranked:
        info = state["ships"][ship]
        sizes = {} if info["slots"] is not None or ship in ("Dice Fest Line", "Lucky Me Cruises") else {"sizes": {ship: 2}}
        ahead = canal if info["bound"] == "PACIFIC" else canal[::-1]
        here = ahead.index(info["zone"]) if info["zone"] in ahead else -1
        goals = ahead[here + 1:here + 2] or ["OCEAN"]
        for kind in offered["kind"]:
            for via in offered["via"]:
                for goal in goals:
                    extra: dict[str, Any] = {}
                    if goal == "OCEAN" and info["kind"] == "COMPANY":
                        extra["bonus"] = {ship: "card" if info["slots"] == 1 else "money"}
                    if goal != "OCEAN" and f"zone_kind:{goal}" not in state["declared"] and goal not in (
                            "Gatun Lake", "Miraflores Lake"):
                        extra["to_kind"] = "DASHED"
                    if goal == "OCEAN" and info["kind"] == "CRUISE":
                        extra["spots"] = _spots(state, ship, actor)
                    out.append(Event("ship_moved", {"ships": [ship], "kind": kind, "to": goal, "via": via,
                                                    **sizes, **extra}, actor))
    return out


def _spots(state: State, ship: str, actor: str | None) -> list[str | None]:
    """A free benefit spot for each Passenger token, in the order they are handed out."""
    order = [state["players"][p]["company"] for p in state["turn_order"]]
    mover = state["players"][actor]["company"] if actor in state["players"] else order[0]
    taken = {colour: list(company["benefits"]) for colour, company in state["companies"].items()}
    spots: list[str | None] = []
    for company, token in passenger_payments(state["ships"][ship], state["passenger_tokens"], mover, order):
        if token is None:
            continue
        spot = next((b for b in BENEFITS if b not in taken[company]), None)
        taken[company].append(spot)
        spots.append(spot)
    return spots


def _free(state: State, kinds: list[str], actor: str | None) -> list[Event]:
    out: list[Event] = []
    loadable = [ship for ship, info in state["ships"].items()
                if info["status"] == "ON_BOARD" and info["zone"].startswith("LOADING ")][:4]
    for kind in kinds:
        if kind in ("market", "deferred_market"):
            out += [Event("free_action_used", {"kind": kind, "company": c}, actor) for c in state["companies"]]
        elif kind == "load_die":
            out += [Event("free_action_used", {"kind": kind, "supply": s, "ship": ship}, actor)
                    for s in ("warehouse", "pool") for ship in loadable]
        elif kind == "load_rail":
            out += [Event("free_action_used", {"kind": kind, "supply": "pool"}, actor),
                    Event("free_action_used", {"kind": kind, "raise": 0}, actor)]
        else:
            out.append(Event("free_action_used", {"kind": kind}, actor))
    return out


def candidates(engine: Engine, state: State) -> list[Event]:
    """The events ``expected()`` offers, made concrete with the made-up data above."""
    exp = engine.expected(state)
    actor = exp["actors"][0] if exp["actors"] else None
    options = exp["options"]
    colour = state["players"][actor]["company"] if actor in state["players"] else None
    out: list[Event] = []
    for kind in exp["event_types"]:
        offered = options.get(kind, {})
        if kind == "action_table_rolled":
            out += [_rolled(state, False), _rolled(state, True)]
        elif kind == "advanced_bids":
            out += [Event(kind, {"bids": {p: bid for p in state["seats"]}}, None) for bid in (15, 24)]
        elif kind == "contracts_revealed":
            cards = [card(n) for n in range(1, 6)]
            out.append(Event(kind, {"action_table": {"4": cards[0], "5": cards[1], "6": cards[2]},
                                    "inbound": cards[3], "draw_top": cards[4]}, None))
        elif kind == "financial_advisor_kept":
            out += [Event(kind, {"player": p}, None) for p in offered["player"]]
        elif kind == "setup_contracts_drawn":
            cards = [{"id": f"S{n}", "front": card(n + 40)["front"]} for n in range(len(state["seats"]) + 1)]
            out.append(Event(kind, {"cards": cards}, None))
        elif kind == "setup_contract_chosen":
            out += [Event(kind, {"card": card}, actor) for card in offered["card"]]
        elif kind == "contract_card_revealed":
            out.append(Event(kind, {"card": card(_seen(state) + 1)}, None))
        elif kind in ("action_die_taken", "die_transferred"):
            dice = [{"column": c} for c in offered["from.column"]] + [{"executive": v} for v in offered["from.executive"]]
            if kind == "action_die_taken":
                out += [Event(kind, {"from": die, "use": use}, actor) for die in dice for use in offered["use"]]
            else:
                out += [Event(kind, {"from": die, "to_column": c}, actor) for die in dice[:3] for c in offered["to_column"]]
        elif kind in ("share_bought", "stock_raised"):
            out += [Event(kind, {"company": c}, actor) for c in offered["company"]]
        elif kind == "contract_taken":
            out += [Event(kind, {"source": s, "side": side}, actor) for s in offered["source"] for side in offered["side"]]
        elif kind == "die_loaded":
            company = state["companies"][colour]
            for index, contract in enumerate(company["contracts"]):
                nation = contract["nation"]
                shown = icon(state, str(colour), nation) if nation else "none"
                zone = f"LOADING {contract['nation']}" if contract["nation"] else None
                ships = [s for s in offered["target.ship"] if zone is None or state["ships"][s]["zone"] == zone]
                for box, container in enumerate(contract["containers"]):
                    if container["loaded"]:
                        continue
                    for target in [{"rail": True}, *({"ship": s} for s in ships)]:
                        out.append(Event(kind, {"contract": index, "container": box, "target": target,
                                                "free_action": shown}, actor))
        elif kind in ("ship_built", "ship_deployed", "ship_to_loading_zone"):
            out += [Event(kind, {"ship": ship, "zone": zone, **({"cost": 6} if kind == "ship_built" else {})}, actor)
                    for ship in offered["ship"][:2] for zone in offered["zone"]]
        elif kind == "ship_moved":
            out += _moves(state, offered, actor)
        elif kind == "movement_impossible":
            out.append(Event(kind, {"reason": "no ship can move"}, actor))
        elif kind == "military_pay_claimed":
            out += [Event(kind, {"ship": ship}, actor) for ship in offered["ship"]]
        elif kind == "bonus_card_played":
            out += [Event(kind, {"deck": d, "card": c, "effects": {"waterways": 1}}, actor)
                    for d in offered["deck"] for c in offered["card"]]
        elif kind == "free_action_used":
            out += _free(state, offered["kind"], actor)
        elif kind == "rail_flag_taken":
            out += [Event(kind, {"player": actor, "nation": n, "free_action": icon(state, str(colour), n)}, None)
                    for n in offered["nation"]]
        elif kind == "cargo_fees":
            for company in offered["company"]:
                rows = [{"zone": z, "dice": d, "rate": 2} for z, d in sorted(canal_dice(state, company).items())]
                out.append(Event(kind, {"company": company, "zone_dice": rows}, None))
        elif kind == "dividends":
            out += [Event(kind, {"company": c, "per_share": max(0, state["companies"][c]["price"] // 3)}, None)
                    for c in offered["company"]]
        elif kind == "financial_advisor_revealed":
            for player in offered["player"]:
                held = state["players"][player]["advisors"]
                cards = [{"value": 4 + i, "secret": i == 0} for i in range(held)]
                out.append(Event(kind, {"player": player, "cards": cards}, None))
        else:
            out.append(Event(kind, {}, actor))
    return out




PLAYERS = ["Amelia", "Bruno", "Chen"]
TITLE = "Demo: Amelia, Bruno and Chen run Panamax (illustrative cards and canal)"
SEED = 17
# The table starts from a board file (the ``board`` option) holding what the rulebook states
# and two unique ships' tiles, which no event can declare: the San Juan Prospector's slots and
# range and how many dice Spiel of the Seas holds.  **Both tiles are made up**, like every
# card and zone of the demo; with them a board made from the demo game (``board.from_game``)
# answers every check of those ships.
BOARD: dict[str, Any] = {
    "zones": {"Gatun Lake": "LAKE", "Miraflores Lake": "LAKE"},
    "ships": {"Dice Fest Line": {"slots": 3, "max_dice": 3}, "Lucky Me Cruises": {"slots": 3, "max_dice": 3},
              "San Juan Prospector": {"slots": 2, "min": 4, "max": 11}, "Spiel of the Seas": {"slots": 2, "max_dice": 2}},
}
OPTIONS: dict[str, Any] = {"board": BOARD}
# How much the fixed rule likes each kind of event (a weight for the seeded draw).
_LIKES = {
    "contract_card_revealed": 50, "military_pay_claimed": 50, "die_loaded": 8, "free_action_used": 6,
    "contract_taken": 5, "ship_moved": 4, "ship_deployed": 3, "share_bought": 3, "stock_raised": 2,
    "ship_to_loading_zone": 2, "bonus_card_played": 2, "ship_built": 1, "die_transferred": 0.3,
    "turn_ended": 1, "movement_impossible": 0.01,
}
_USES = {"contract_load": 8, "movement": 4, "market_buy": 2, "market_raise": 1, "pass": 0.02}


def _liking(engine: Engine, state: State, event: Event) -> float:
    """The fixed rule: load and deliver, take cards, sail ships out, and show a mulligan once."""
    data = event.data
    if event.type == "action_table_rolled":
        mulligan = data["action_rolls"] == MULLIGAN[len(state["seats"])][0]
        return (100.0 if state["setup"]["mulligans"] == 0 and state["phase"] == "SETUP" else 0.0) if mulligan else 1.0
    if event.type == "action_die_taken":
        return _USES[data["use"]]
    if event.type == "ship_moved":
        ship = state["ships"][data["ships"][0]]
        return 30.0 if data["to"] == "OCEAN" else 3.0 + 3 * len(ship["dice"]) if ship["kind"] == "COMPANY" else 1.0
    if event.type == "contract_taken":
        held = state["companies"][state["players"][state["turn"]["player"]]["company"]]["contracts"]
        return 0.0 if len(held) >= 2 else 5.0 if data["side"] == "front" else 0.5
    if event.type == "free_action_used":
        return 0.1 if data["kind"] in ("impossible", "decline") else 5.0
    if event.type == "ship_built":
        return 1.0 if state["companies"][state["players"][state["turn"]["player"]]["company"]]["money"] >= 20 else 0.1
    return float(_LIKES.get(event.type, 1))


@functools.lru_cache(maxsize=1)
def _play() -> tuple[Event, ...]:
    import engines
    return weighted_play.play_out(engines.find("panamax"), PLAYERS, OPTIONS, candidates, _liking, SEED)


def demo_game() -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``."""
    return weighted_play.demo_record(TITLE, PLAYERS, OPTIONS, _play())
