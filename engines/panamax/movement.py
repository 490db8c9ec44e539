"""Ship movement ("Ship Movement", "Grouping ships", "Pushing ships", "When a ship
arrives at the end of the Canal"; §10 "Unique ships").

The canal's map is not in the rulebook (the note's G1): which zones exist, which are
dashed rectangles, which icon lies between two of them.  So a move names the zone it
goes to and the icon it crosses; the table declares a new zone's kind the first time
a ship enters it, and every crossing is kept in the declared-data registry, so the
same crossing can never later be recorded with the other icon.  A zone first entered
is placed in ``state["canal"]`` (Atlantic to Pacific) just beyond the zone the ship
came from, so that "Ships must follow the direction of the arrows and cannot change
direction" is checked against every zone the record has seen.

Checked here: the die's allowance of lock and waterway moves (PX-M1, PX-M2), the
direction (PX-M4), ready ships only (PX-M5), groups of up to 4 slots from one place
and kept together outside the lakes (PX-M7), dashed rectangles of 4 slots (PX-M8),
pushes only out of a full dashed rectangle, never out of the canal (PX-M9), and what
leaving the canal pays (PX-M10 to PX-M14), the military ship's pay (PX-M15).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare, value
from engines.panamax import cargo
from engines.panamax.clipboard import benefit_problems
from engines.panamax.state import BOARD_ORIGIN, LAKES, OCEAN_OF, UNIQUE_SHIPS

MOVE_RULE = "Ship Movement"
GROUP_RULE = "Grouping ships"
PUSH_RULE = "Pushing ships"
EXIT_RULE = cargo.EXIT_RULE
MILITARY_RULE = "Military ships"
OCEAN = "OCEAN"  # a move's ``to`` when a lock move takes the ships out of the canal
DASHED_SLOTS = 4  # "Dashed rectangles - up to 4 slots capacity"
GROUP_SLOTS = 4  # "Ships can be grouped in any combination up to 4 slots"
ZONE_KINDS = ("DASHED", "LAKE")  # what a canal zone may be declared; Loading and Waiting zones are named
# §9: "Place one of the 3-slot Cruise ships in each Waiting zone".
KNOWN_SLOTS = {"Dice Fest Line": 3, "Lucky Me Cruises": 3}


def zone_kind(state: State, zone: str) -> str | None:
    """LOADING, WAITING, LAKE, DASHED, or None while the table has not declared it."""
    if zone.startswith("LOADING "):
        return "LOADING"
    if zone.startswith("WAITING "):
        return "WAITING"
    if zone in LAKES:
        return "LAKE"
    found: str | None = value(state["declared"], f"zone_kind:{zone}")
    return found


def zone_words(zone: str) -> str:
    """A zone as people say it: "the US East Loading zone", "the Atlantic Waiting zone", a
    canal zone by its name.

    >>> zone_words("LOADING US_EAST"), zone_words("WAITING ATLANTIC"), zone_words("Culebra Cut")
    ('the US East Loading zone', 'the Atlantic Waiting zone', 'Culebra Cut')
    """
    for prefix, kind in (("LOADING ", "Loading"), ("WAITING ", "Waiting")):
        if zone.startswith(prefix):
            place = zone[len(prefix):]
            name = {"EU": "EU", "US_EAST": "US East", "US_WEST": "US West"}.get(place, place.title())
            return f"the {name} {kind} zone"
    return zone


def next_zone(state: State, zone: str, bound: str) -> str | None:
    """The zone a ship in ``zone`` bound for ``bound`` enters next along the canal the game
    knows (the board's, or as the events declared it), ``OCEAN`` past its far end; None for
    a zone off it.  "Ships must follow the direction of the arrows": one icon, one zone on."""
    canal = state["canal"] if bound == "PACIFIC" else state["canal"][::-1]
    if zone.startswith("LOADING "):
        return canal[0] if canal else OCEAN
    if zone not in canal:
        return None
    here = canal.index(zone)
    return canal[here + 1] if here + 1 < len(canal) else OCEAN


def slots_of(state: State, ship_id: str, sizes: Mapping[str, int] | None = None) -> int | None:
    """A ship's size in slots: a company ship's tile, the 3-slot cruise ships, else as declared."""
    ship = state["ships"][ship_id]
    if ship["slots"] is not None:
        return int(ship["slots"])
    if ship_id in KNOWN_SLOTS:
        return KNOWN_SLOTS[ship_id]
    declared = (sizes or {}).get(ship_id, value(state["declared"], f"ship_slots:{ship_id}"))
    return None if declared is None else int(declared)


def remaining_moves(turn: Mapping[str, Any]) -> dict[str, int]:
    """Moves the turn still owes: the die's (and a Captain card's) locks and waterways, and
    moves of any kind (a free Move 3, a card)."""
    allowance, used = turn.get("allowance", {}), turn.get("moves", {})
    left = {kind: allowance.get(kind, 0) - used.get(kind, 0) for kind in ("lock", "waterway")}
    left["any"] = turn.get("free_moves", 0)
    return left


def owed(turn: Mapping[str, Any]) -> int:
    """PX-M2: moves still to make before the turn may end (none once declared impossible)."""
    return 0 if turn.get("movement_waived") else sum(remaining_moves(turn).values())


def _position(state: State, zone: str) -> int | None:
    """Where ``zone`` lies from the Atlantic (-1) to the Pacific (len(canal)); None if unplaced."""
    if zone.startswith(("LOADING ", "WAITING ")):
        nation = zone.split(" ", 1)[1]
        ocean = OCEAN_OF.get(nation, nation)
        return -1 if ocean == "ATLANTIC" else len(state["canal"])
    return state["canal"].index(zone) if zone in state["canal"] else None


def _ahead(state: State, start: str, goal: str, bound: str) -> bool | None:
    here, there = _position(state, start), _position(state, goal)
    if here is None or there is None:
        return None
    return there > here if bound == "PACIFIC" else there < here


def _move_facts(state: State, data: Mapping[str, Any], origins: Sequence[str], bound: str) -> list[Fact]:
    """What a move declares: each crossing's icon, a new zone's kind, a unique ship's size."""
    facts = [Fact(f"crossing:{bound}:{origin}:{data['to']}", data["kind"],
                  f"The icon from {origin} to {data['to']} (bound for the {bound.title()})") for origin in origins]
    for step in [data, *data.get("pushes", [])]:
        if step.get("to_kind") and step["to"] != OCEAN:
            facts.append(Fact(f"zone_kind:{step['to']}", step["to_kind"], f"The kind of zone {step['to']}"))
    facts += [Fact(f"ship_slots:{ship}", size, f"The slots of {ship}") for ship, size in data.get("sizes", {}).items()
              if state["ships"].get(ship, {}).get("slots") is None and ship not in KNOWN_SLOTS]
    return facts


def check_move(state: State, data: Mapping[str, Any], mover: str) -> list[Violation]:
    """PX-M1, M3 to M9, and the exit's choices (M10 to M14), for the turn of ``mover``."""
    turn, ids = state["turn"], list(data["ships"])
    left = remaining_moves(turn)
    via = data.get("via", "action")
    if (left["any"] if via == "move3" else left[data["kind"]]) < 1:
        what = "moves of any kind (Move 3, a card)" if via == "move3" else f"{data['kind']} moves"
        return [Violation("PX-M1", MOVE_RULE, f"No {what} are left this turn")]
    problems = _ships_problems(state, ids)
    if any(p.blocks for p in problems):
        return problems
    ships = [state["ships"][ship] for ship in ids]
    bound, origins = ships[0]["bound"], sorted({ship["zone"] for ship in ships})
    problems += _group_problems(state, ids, origins, data.get("sizes", {}))
    problems += _destination_problems(state, data, origins, bound)
    problems += _board_problems(state, data, origins, bound)
    if any(p.blocks for p in problems):
        return problems
    problems += conflicts(state["declared"], _move_facts(state, data, origins, bound), state["step"] + 1)
    if data["to"] == OCEAN:
        if data.get("pushes"):
            problems.append(Violation("PX-M9", PUSH_RULE, "The ocean has no limit: a ship leaving the canal pushes "
                                      "nobody"))
        problems += _exit_problems(state, ids, data, mover)
    else:
        problems += _room_problems(state, ids, data, bound)
    return problems


def _ships_problems(state: State, ids: Sequence[str]) -> list[Violation]:
    """Ships on the board, in the canal or a Loading zone, one heading, ready to sail."""
    if len(set(ids)) != len(ids):
        return [Violation("PX-M7", GROUP_RULE, f"A ship is named twice in {', '.join(ids)}")]
    problems = []
    for ship_id in ids:
        ship = state["ships"].get(ship_id)
        if ship is None or ship["status"] != "ON_BOARD":
            return [Violation("PX-M3", MOVE_RULE, f"No ship {ship_id!r} is on the board")]
        if ship["zone"].startswith("WAITING "):
            problems.append(Violation("PX-C9", MOVE_RULE, f"{ship_id} waits in {zone_words(ship['zone'])}: it is "
                                      "brought to a Loading zone before it sails"))
        ready = cargo.ready_to_sail(ship_id, ship, value(state["declared"], f"ship_spec:{ship_id}"))
        if ready is None:
            problems.append(Violation("PX-M5", cargo.UNIQUE_RULE, f"What {ship_id} needs to sail is not in the "
                                      "rulebook; declare its spec to check it", "unverified"))
        elif not ready:
            problems.append(Violation("PX-M5", cargo.LOAD_RULE, f"{ship_id} does not carry enough to sail"))
    if len({state["ships"][ship]["bound"] for ship in ids}) > 1:
        problems.append(Violation("PX-M4", MOVE_RULE, "Ships heading for different oceans cannot move as one group"))
    return problems


def _group_problems(state: State, ids: Sequence[str], origins: Sequence[str], sizes: Mapping[str, int]) -> list[Violation]:
    """PX-M7: one place (the same zone, or the Loading zones of one ocean), 4 slots at most,
    and a group that came out of a lake or Loading zone together stays together elsewhere."""
    problems = []
    if len(origins) > 1:
        oceans = {OCEAN_OF.get(zone.split(" ", 1)[1]) if zone.startswith("LOADING ") else None for zone in origins}
        if None in oceans or len(oceans) > 1:
            problems.append(Violation("PX-M7", GROUP_RULE, "A group forms in one zone, or in the Loading zones of one "
                                      f"ocean; these ships are in {', '.join(origins)}"))
    slots = [slots_of(state, ship, sizes) for ship in ids]
    if None in slots:
        unsized = [ship for ship, size in zip(ids, slots, strict=False) if size is None]
        problems.append(Violation("PX-M7", GROUP_RULE, f"The size of {', '.join(unsized)} is not in the rulebook; "
                                  "declare it (sizes) to check the group", "unverified"))
    elif sum(s for s in slots if s is not None) > GROUP_SLOTS:
        problems.append(Violation("PX-M7", GROUP_RULE, f"A group holds {GROUP_SLOTS} slots at most; these take "
                                  f"{sum(s for s in slots if s is not None)}"))
    forming = len(ids) > 1 and len(origins) == 1 and zone_kind(state, origins[0]) not in ("LOADING", "LAKE")
    if forming and any(not set(ids) <= set(state["ships"][ship].get("group") or []) for ship in ids):
        problems.append(Violation("PX-M7", GROUP_RULE, "Groups are formed in the Loading zones or a lake: ships that "
                                  f"came into {origins[0]} apart move apart"))
    for ship_id in ids:
        ship = state["ships"][ship_id]
        mates = [mate for mate in ship.get("group") or [] if mate not in ids
                 and state["ships"][mate]["zone"] == ship["zone"] and state["ships"][mate]["status"] == "ON_BOARD"]
        if mates and zone_kind(state, ship["zone"]) != "LAKE":
            problems.append(Violation("PX-M7", GROUP_RULE, f"{ship_id} moves in a group with {', '.join(mates)}: a "
                                      "group splits only in Miraflores or Gatun Lake"))
    return problems


def _destination_problems(state: State, data: Mapping[str, Any], origins: Sequence[str], bound: str) -> list[Violation]:
    """PX-M3, M4, M10: into a canal zone ahead, or out into the ocean by a lock."""
    goal = data["to"]
    if goal == OCEAN:
        if data["kind"] != "lock":
            return [Violation("PX-M10", EXIT_RULE, "A ship leaves the canal by a lock move, not a waterway")]
        if any(origin.startswith("LOADING ") for origin in origins):
            return [Violation("PX-M3", MOVE_RULE, "A ship in a Loading zone has the whole canal ahead of it")]
        return _end_problems(state, origins, bound)
    if goal.startswith(("LOADING ", "WAITING ")):
        return [Violation("PX-M3", MOVE_RULE, f"Ships sail through the canal into the ocean, not into {zone_words(goal)}")]
    if goal in origins:
        return [Violation("PX-M3", MOVE_RULE, f"A move crosses an icon into another zone; the ships are in {goal}")]
    if zone_kind(state, goal) is None and not data.get("to_kind"):
        return [Violation("PX-M8", MOVE_RULE, f"{goal} is new to this game: declare its kind (dashed rectangle or lake)")]
    if any(_ahead(state, origin, goal, bound) is False for origin in origins):
        return [Violation("PX-M4", MOVE_RULE, f"{goal} lies behind ships bound for the {bound.title()}: ships cannot "
                          "change direction")]
    return _skip_problems(state, origins, goal, bound)


def _skip_problems(state: State, origins: Sequence[str], goal: str, bound: str) -> list[Violation]:
    """PX-M3: a move crosses one icon into the next zone of the canal the game knows; a zone
    new to the game is placed next to the one the ships left (on a board with the whole
    canal none is new: PX-B23)."""
    if goal not in state["canal"]:
        return []
    return [Violation("PX-M3", MOVE_RULE, f"From {origin} the next zone towards the {bound.title()} is "
                      f"{zone_words(str(ahead)) if ahead != OCEAN else 'the ocean'}, not {goal}: \"Ships must follow the "
                      "direction of the arrows\", one icon a move")
            for origin in origins if (ahead := next_zone(state, origin, bound)) not in (None, goal)]


def _end_problems(state: State, origins: Sequence[str], bound: str) -> list[Violation]:
    """PX-M10: a ship "arrives at the end of the Canal when it uses a lock movement, exits
    the Canal": only from the canal's last zone towards its ocean."""
    return [Violation("PX-M10", EXIT_RULE, f"{origin} is not the end of the Canal towards the {bound.title()}: "
                      f"{ahead} lies ahead of it")
            for origin in origins if (ahead := next_zone(state, origin, bound)) not in (None, OCEAN)]


def _board_problems(state: State, data: Mapping[str, Any], origins: Sequence[str], bound: str) -> list[Violation]:
    """On a board that holds the whole canal, a ship goes only into its zones (PX-B23); on
    one that holds every crossing, only across them (PX-B24): "Ships must follow the
    direction of the arrows" of the board, pushed ships too."""
    complete = (state.get("board") or {}).get("complete", [])
    pushes = data.get("pushes", [])
    problems = []
    if "canal" in complete:
        problems += [Violation("PX-B23", MOVE_RULE, f"{goal} is not on the canal, which this game's board holds whole")
                     for goal in dict.fromkeys([data["to"], *(push["to"] for push in pushes)])
                     if goal != OCEAN and goal not in state["canal"]]
    if "crossings" in complete:
        steps = [(origin, data["to"]) for origin in origins]
        steps += [(state["ships"][push["ships"][0]]["zone"], push["to"]) for push in pushes
                  if push["ships"][0] in state["ships"]]
        problems += [Violation("PX-B24", MOVE_RULE, f"No crossing leads from {start} to {goal} for ships bound for the "
                               f"{bound.title()} on this game's board, which lists every crossing")
                     for start, goal in steps if not _on_board(state, f"crossing:{bound}:{start}:{goal}")]
    return problems


def _on_board(state: State, key: str) -> bool:
    entry = state["declared"].get(key)
    return entry is not None and entry["at"] == BOARD_ORIGIN


def _room_problems(state: State, ids: Sequence[str], data: Mapping[str, Any], bound: str) -> list[Violation]:
    """PX-M8, PX-M9: what the dashed rectangles hold once the move and its pushes are done."""
    where = {ship: info["zone"] for ship, info in state["ships"].items() if info["status"] == "ON_BOARD"}
    kinds = {step["to"]: step["to_kind"] for step in [data, *data.get("pushes", [])] if step.get("to_kind")}
    sizes = data.get("sizes", {})

    def kind(zone: str) -> str | None:
        return zone_kind(state, zone) or kinds.get(zone)

    def load(zone: str) -> int | None:
        slots = [slots_of(state, ship, sizes) for ship, at in where.items() if at == zone]
        return None if None in slots else sum(s for s in slots if s is not None)

    for ship in ids:
        where[ship] = data["to"]
    touched = [data["to"]]
    for push in data.get("pushes", []):
        pushed = list(push["ships"])
        zones = {where.get(ship) for ship in pushed}
        if len(zones) != 1 or zones.pop() not in touched or any(ship in ids for ship in pushed):
            return [Violation("PX-M9", PUSH_RULE, f"Only ships in a zone the move fills are pushed, not {', '.join(pushed)}")]
        zone = where[pushed[0]]
        if kind(zone) != "DASHED":
            return [Violation("PX-M9", PUSH_RULE, f"Ships in lakes or Ocean zones CANNOT be pushed ({zone})")]
        full = load(zone)
        if full is not None and full <= DASHED_SLOTS:
            return [Violation("PX-M9", PUSH_RULE, f"{zone} has room: ships are pushed only to free up space")]
        if push["to"] == OCEAN or push["to"].startswith(("LOADING ", "WAITING ")):
            return [Violation("PX-M9", PUSH_RULE, "A pushed ship stays in the canal: it leaves only by its own "
                              "lock move (the note's PX-AMB-10)")]
        if kind(push["to"]) is None:
            return [Violation("PX-M8", MOVE_RULE, f"{push['to']} is new to this game: declare its kind")]
        if _ahead(state, zone, push["to"], bound) is False:
            return [Violation("PX-M9", PUSH_RULE, f"Pushed ships go forward, and {push['to']} lies behind {zone}")]
        if push["to"] in state["canal"] and next_zone(state, zone, bound) not in (None, push["to"]):
            return [Violation("PX-M9", PUSH_RULE, f"Pushed ships go forward into the next zone, "
                              f"{next_zone(state, zone, bound)}, not {push['to']}")]
        turned = [ship for ship in pushed if state["ships"][ship].get("bound") not in (None, bound)]
        if turned:
            return [Violation("PX-M4", PUSH_RULE, f"{', '.join(turned)} head(s) for the "
                              f"{str(state['ships'][turned[0]]['bound']).title()}: pushed forward towards the "
                              f"{bound.title()} they would turn back, and ships \"cannot change direction\"")]
        for ship in pushed:
            where[ship] = push["to"]
        touched.append(push["to"])
    problems = []
    for zone in dict.fromkeys(touched):
        if kind(zone) != "DASHED":
            continue
        held = load(zone)
        if held is None:
            problems.append(Violation("PX-M8", MOVE_RULE, f"A ship in {zone} has no known size; declare it (sizes) to "
                                      "check the rectangle's 4 slots", "unverified"))
        elif held > DASHED_SLOTS:
            problems.append(Violation("PX-M8", MOVE_RULE, f"{zone} is a dashed rectangle of {DASHED_SLOTS} slots; it "
                                      f"would hold {held}: push the ships in it forward"))
    return problems


def _exit_problems(state: State, ids: Sequence[str], data: Mapping[str, Any], mover: str) -> list[Violation]:
    """PX-M10 to PX-M14: the owners' bonus choices, the Prospector's doubled dice, the
    Passenger tokens' spots."""
    problems = []
    bonus, doubled = data.get("bonus", {}), data.get("doubled", {})
    taken: dict[str, int] = {}  # "players choose Bonus cards respecting their exit order": the ships' order
    for ship_id in ids:
        ship = state["ships"][ship_id]
        if ship["kind"] == "COMPANY":
            choice = bonus.get(ship_id)
            card, _money = cargo.EXIT_BONUS[ship["slots"]]
            if choice is None:
                problems.append(Violation("PX-M10", EXIT_RULE, f"The owner of {ship_id} takes a {card} card or the money: "
                                          "record the choice (bonus)"))
            elif choice == "card" and _stack(state, card) - taken.get(card, 0) < 1:
                problems.append(Violation("PX-M12", EXIT_RULE, f"No {card} card is left for {ship_id}"
                                          + (" once the ships before it in the group took theirs" if taken.get(card) else "")
                                          + ": its owner takes the money"))
            elif choice == "card":
                taken[card] = taken.get(card, 0) + 1
        if ship["kind"] == "PANAMAX":
            problems += cargo.doubled_problems(ship, doubled)
    unowned = [ship for ship in bonus if ship not in ids or state["ships"][ship]["kind"] != "COMPANY"]
    if unowned:
        problems.append(Violation("PX-M11", EXIT_RULE, f"A bonus goes to the owner of each company ship leaving the "
                                  f"canal: not to {', '.join(unowned)}"))
    if doubled and not any(state["ships"][ship]["kind"] == "PANAMAX" for ship in ids):
        problems.append(Violation("PX-M14", cargo.UNIQUE_RULE, "Only the San Juan Prospector's dice are doubled"))
    problems += _spot_problems(state, ids, data.get("spots", []), mover)
    return problems


def card_left(state: State, card: str) -> bool:
    """PX-M12: whether a bonus card of this kind is left to take."""
    return _stack(state, card) > 0


def _stack(state: State, card: str) -> int:
    return int(state["advisor_pile"]) if card == "advisor" else len(state[f"{card}_stack"])


def _passengers(state: State, ids: Sequence[str], mover: str) -> list[tuple[str, int | None]]:
    """Each cruise die's company and token, in the order the tokens are handed out."""
    order = [state["players"][player]["company"] for player in state["turn_order"]]
    tokens, paid = list(state["passenger_tokens"]), []
    for ship_id in ids:
        ship = state["ships"][ship_id]
        if ship["kind"] == "CRUISE":
            handed = cargo.passenger_payments(ship, tokens, state["players"][mover]["company"], order)
            tokens = tokens[sum(1 for _, token in handed if token is not None):]
            paid += handed
    return paid


def _spot_problems(state: State, ids: Sequence[str], spots: Sequence[str | None], mover: str) -> list[Violation]:
    """PX-M13, PX-F6: one spot named for each token handed out, in order."""
    tokens = [(company, token) for company, token in _passengers(state, ids, mover) if token is not None]
    if len(spots) != len(tokens):
        return [Violation("PX-M13", cargo.UNIQUE_RULE, f"{len(tokens)} Passenger token(s) are handed out "
                          f"({', '.join(company for company, _ in tokens) or 'none'}): name a spot for each (spots)")]
    taken = {colour: list(company["benefits"]) for colour, company in state["companies"].items()}
    problems = []
    for (company, _token), spot in zip(tokens, spots, strict=False):
        problems += benefit_problems(taken[company], spot)
        taken[company].append(spot)
    return problems


def apply_move(state: State, data: Mapping[str, Any], mover: str) -> None:
    """Fold a move: the allowance spent, the facts declared, ships (and pushed ships) moved,
    the exit paid."""
    turn, ids = state["turn"], list(data["ships"])
    if data.get("via", "action") == "move3":
        turn["free_moves"] = max(0, turn.get("free_moves", 0) - 1)
    else:
        turn.setdefault("moves", {}).setdefault(data["kind"], 0)
        turn["moves"][data["kind"]] += 1
    ships = [state["ships"][ship] for ship in ids if ship in state["ships"]]
    if not ships:
        return
    bound, origins = ships[0]["bound"] or "PACIFIC", sorted({ship["zone"] for ship in ships})
    state["declared"] = declare(state["declared"], _move_facts(state, data, origins, bound), state["step"])
    turn.setdefault("military_moved", [])
    turn["military_moved"] += [ship for ship in ids if state["ships"][ship]["kind"] == "MILITARY"]
    if data["to"] == OCEAN:
        _exit(state, ids, data, mover, bound)
        return
    _place(state, ids, origins[0], data["to"], bound)
    for push in data.get("pushes", []):
        pushed = [ship for ship in push["ships"] if ship in state["ships"]]
        if pushed:
            _place(state, pushed, state["ships"][pushed[0]]["zone"], push["to"], bound)


def _place(state: State, ids: Sequence[str], origin: str, goal: str, bound: str) -> None:
    """Ships arrive in ``goal``; a zone first seen goes into the canal beyond ``origin``."""
    canal = state["canal"]
    if goal not in canal:
        here = _position(state, origin)
        here = len(canal) - 1 if here is None else here
        canal.insert(max(0, min(len(canal), here + 1 if bound == "PACIFIC" else here)), goal)
    group = sorted(ids) if len(ids) > 1 and zone_kind(state, goal) != "LAKE" else None
    for ship in ids:
        state["ships"][ship]["zone"], state["ships"][ship]["group"] = goal, group


def _exit(state: State, ids: Sequence[str], data: Mapping[str, Any], mover: str, bound: str) -> None:
    """PX-M10 to PX-M14: pay the pips (the Prospector's doubled die), the owners' bonuses and
    the Passenger tokens; the dice go to their Pools; the ships wait in the ocean entered."""
    for (company, token), spot in zip([pair for pair in _passengers(state, ids, mover) if pair[1] is not None],
                                      data.get("spots", []), strict=False):
        state["passenger_tokens"].pop(0)
        state["companies"][company]["money"] += token
        state["companies"][company]["passengers"].append(token)
        if spot is not None and spot not in state["companies"][company]["benefits"]:
            state["companies"][company]["benefits"].append(spot)
    for ship_id in ids:
        ship = state["ships"][ship_id]
        if ship["kind"] != "CRUISE":
            for company, amount in cargo.exit_payments(ship, data.get("doubled")).items():
                state["companies"][company]["money"] += amount
        if ship["kind"] == "COMPANY":
            _bonus(state, ship, data.get("bonus", {}).get(ship_id, "money"))
        for die in ship["dice"]:
            state["companies"][die["company"]]["pool"] += 1
        ship.update({"zone": f"WAITING {bound}", "bound": None, "dice": [], "group": None})


def _bonus(state: State, ship: dict[str, Any], choice: str) -> None:
    player = state["players"][state["companies"][ship["owner"]]["manager"]]
    card, money = cargo.EXIT_BONUS[ship["slots"]]
    if choice == "card" and _stack(state, card):
        if card == "advisor":
            state["advisor_pile"] -= 1
            player["advisors"] += 1
        else:
            number = state[f"{card}_stack"].pop(0)
            player[card].append({"card": number, "round": state["round"], "turn": state["turn_index"]})
    else:
        player["money"] += money


def military_problems(state: State, data: Mapping[str, Any]) -> list[Violation]:
    """PX-M15: one military ship the player moved this turn (not pushed), paid once a turn."""
    turn, ship = state["turn"], data["ship"]
    if turn.get("military_paid"):
        return [Violation("PX-M15", MILITARY_RULE, "A player is paid for ONE military ship a turn")]
    if ship not in turn.get("military_moved", []):
        return [Violation("PX-M15", MILITARY_RULE, f"{ship} is not a military ship moved this turn")]
    return []


def military_amount(state: State, player: str, ship: str) -> int:
    nation = UNIQUE_SHIPS.get(ship, ("", ""))[1]
    flags = state["companies"][state["players"][player]["company"]]["flags"]
    return cargo.military_pay(sum(1 for flag in flags if flag == nation))


def apply_military(state: State, data: Mapping[str, Any], player: str) -> None:
    if data["ship"] in UNIQUE_SHIPS:
        state["players"][player]["money"] += military_amount(state, player, data["ship"])
    state["turn"]["military_paid"] = True


def impossible_problems(state: State) -> list[Violation]:
    """PX-M2: "if it is impossible for movement to be expended the player's turn ends.
    Check carefully that the Movement action cannot be completed."  A ship that can cross
    a crossing the game knows (the board's, or one crossed before), by a move still owed,
    disproves the claim.  With every crossing on the board and no move left in doubt (a
    size, a push, a ship waiting) the claim is proven; else it is recorded unverified."""
    turn = state["turn"]
    if owed(turn) == 0:
        return [Violation("PX-M2", MOVE_RULE, "No movement is owed this turn")]
    witness, doubtful = _movement_left(state)
    if witness is not None:
        return [Violation("PX-M2", MOVE_RULE, f"The movement can still be completed: {', '.join(witness['ships'])} can "
                          f"take the {witness['kind']} from {state['ships'][witness['ships'][0]]['zone']} to "
                          f"{'the ocean' if witness['to'] == OCEAN else witness['to']}")]
    if not doubtful and "crossings" in (state.get("board") or {}).get("complete", []):
        return []
    return [Violation("PX-M2", MOVE_RULE, "Whether no ship can move is not proven: a move is left in doubt (a crossing, "
                      "a size or a push nobody has declared) (\"Check carefully that the Movement action cannot be "
                      "completed\")", "unverified")]


def _movement_left(state: State) -> tuple[dict[str, Any] | None, bool]:
    """A move the rules accept now across a known crossing (None when there is none), and
    whether some other move is left in doubt."""
    doubtful = False
    for ship_id, ship in state["ships"].items():
        if ship["status"] != "ON_BOARD" or not ship.get("bound"):
            doubtful |= ship["status"] == "ON_BOARD" and ship["kind"] == "MILITARY"  # "ready for immediate re-use"
            continue
        for data in _candidate_moves(state, ship_id, ship):
            if data is None:
                doubtful = True
                continue
            judged = check_move(state, data, turn_player(state))
            unsure = [v for v in judged if v.severity == "unverified" or v.code in ("PX-M8", "PX-M9")]
            if not unsure and not any(v.blocks for v in judged):
                return data, doubtful
            doubtful |= bool(unsure)
    return None, doubtful


def turn_player(state: State) -> str:
    return str(state["turn"]["player"])


def _candidate_moves(state: State, ship_id: str, ship: Mapping[str, Any]) -> list[dict[str, Any] | None]:
    """The moves out of ``ship``'s zone across each crossing the game knows, with the kinds
    still owed (None for a move that cannot be judged: an unknown crossing, a cruise ship's
    or the Prospector's way out, whose choices nobody has made)."""
    bound, zone = ship["bound"], ship["zone"]
    prefix = f"crossing:{bound}:{zone}:"
    known = {key[len(prefix):]: entry["value"] for key, entry in state["declared"].items() if key.startswith(prefix)}
    complete = "crossings" in (state.get("board") or {}).get("complete", [])
    out: list[dict[str, Any] | None] = [] if known or complete else [None]
    left = remaining_moves(state["turn"])
    mates = [mate for mate in ship.get("group") or [] if state["ships"][mate]["zone"] == zone]
    ids = sorted({ship_id, *mates}) if zone_kind(state, zone) not in ("LOADING", "LAKE") else [ship_id]
    for goal, icon in known.items():
        vias = [via for via, count in (("action", left.get(icon, 0)), ("move3", left["any"])) if count > 0]
        if goal == OCEAN and any(state["ships"][mate]["kind"] in ("CRUISE", "PANAMAX") for mate in ids):
            out += [None] if vias else []
            continue
        bonus = {mate: "money" for mate in ids if state["ships"][mate]["kind"] == "COMPANY"} if goal == OCEAN else {}
        out += [{"ships": ids, "kind": icon, "to": goal, "via": via, **({"bonus": bonus} if bonus else {})}
                for via in vias]
    return out
