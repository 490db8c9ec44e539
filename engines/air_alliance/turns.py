"""A player's turn: PHASE 0 to PHASE 3 ("Flow Chart of Player Turn"), as events.

- ``alliance_formed`` (PHASE 0, before any marker);
- ``marker_placed``: on a Flight icon of a slot's visible face (a flight of one's own plane,
  of an NPA, or Priority Takeoff's switch), or on a card of the row to reserve it;
- ``passenger_gained``: a card of the row whose route this turn's flights carry;
- ``card_revealed``: the deck's next card fills the row's empty space (a fact; ``reveals``);
- ``phase1_ended``: the markers are placed; the Lost Baggage follows (derived: the
  leftmost unreserved card is discarded, and a reveal refills the row);
- ``boarding_pass_updated``: PHASE 3, the cards gained placed on the slots; the next turn
  is derived (the same player's extra turn after 3 or 4 cards, once).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.air_alliance import airports, alliances, baggage, boarding_pass, first_turn, icons, reservations, routes
from engines.air_alliance.last_turn import last_turn_order
from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare, value

TURN_RULE = "Flow Chart of Player Turn"
MAX_GAINS = 4  # "If you manage to get 3 or 4 Passenger Cards"; Flight Control places 4 at most (the note's G8)
EXTRA_TURN_GAINS = 3
EXTRA_PHASE = 4  # the Kobe Rules (6): after PHASE 3, one extra marker, then its cards placed
EXTRA_MARKERS = 1
EXTRA_RULE = "Optional Rules: Kobe Rules (1. (6) Extra marker instead of extra turn)"


def new_turn(player: str, extra: bool) -> dict[str, Any]:
    return {"player": player, "extra": extra, "phase": 1, "markers": 0, "slots_used": [], "reserved": False,
            "waited": False, "flights": [], "gained": [], "placed": 0}


def current(state: State) -> str:
    return str(state["seats"][state["current"]])


def card(state: State, card_id: str) -> dict[str, Any] | None:
    face: dict[str, Any] | None = value(state["declared"], f"card:{card_id}")
    return face


def face_icons(state: State, player: str, slot: int) -> list[dict[str, Any]] | None:
    """The icons a slot shows: its top card's, or the bare pass's (declared; None if not yet)."""
    stack = state["players"][player]["slots"][slot]
    if stack:
        top = card(state, stack[-1])
        return None if top is None else list(top["icons"])
    colour = state["players"][player]["colour"]
    bare: list[dict[str, Any]] | None = value(state["declared"], f"pass:{colour}:{slot}")
    return bare


def turn_problems(state: State, actor: str | None, *phases: int) -> list[Violation]:
    """AA-C03: the current player acts, in the phase's order (PHASE 4: the Kobe Rules (6)
    extra marker, after PHASE 3)."""
    if state["phase"] != "TURNS" or state["turn"] is None:
        return [Violation("AA-C03", TURN_RULE, f"No turn is being played ({state['phase']})")]
    if actor is not None and actor != current(state):
        return [Violation("AA-C03", TURN_RULE, f"It is {current(state)}'s turn, not {actor}'s")]
    if state["turn"]["phase"] not in phases:
        wanted = " or ".join(f"PHASE {phase}" for phase in phases)
        return [Violation("AA-C03", TURN_RULE, f"The turn is in PHASE {state['turn']['phase']}, not {wanted}")]
    return []


# -- PHASE 0 ----------------------------------------------------------------------


def _faces(state: State, player: str) -> list[list[dict[str, Any]]]:
    return [face_icons(state, player, slot) or [] for slot in range(boarding_pass.SLOTS)]


def check_alliance(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C04 to AA-C06."""
    problems = turn_problems(state, actor, 1)
    if problems:
        return problems
    if state["turn"]["markers"]:
        return [Violation("AA-C04", "PHASE 0: Alliance", "An Alliance is formed before the first marker of the turn")]
    player = current(state)
    return alliances.formation_problems(_faces(state, player), state["alliances"], state["players"][player]["colour"],
                                        data["npa"], data["area"], state["turn"].get("alliance_open"))


def apply_alliance(state: State, who: str, data: Mapping[str, Any]) -> None:
    """The Alliance stands at once; "remove all Passenger Cards from your Boarding Pass" (they still score).
    The colours the cleared pass showed on all three faces stay open to this PHASE 0
    (``alliance_open``): "with either of two NPA colours, or with both"."""
    player, turn = state["players"][current(state)], state["turn"]
    shown = turn.get("alliance_open")
    shown = alliances.eligible(_faces(state, current(state))) if shown is None else set(shown)
    turn["alliance_open"] = sorted(shown - {data["npa"]})
    state["alliances"] = alliances.form(state["alliances"], player["colour"], data["npa"], data["area"])
    for stack in player["slots"]:
        player["set_aside"] += stack
    player["slots"] = [[], [], []]


# -- PHASE 1: markers --------------------------------------------------------------


def _icon_fact(colour: str, slot: int, icons_declared: list[dict[str, Any]]) -> Fact:
    return Fact(f"pass:{colour}:{slot}", icons_declared, f"The {colour} Boarding Pass's slot {slot + 1}")


def check_marker(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C07 to AA-C22 (and the Kobe Rules' AA-C32, C34) for one marker."""
    problems = turn_problems(state, actor, 1, EXTRA_PHASE)
    if problems:
        return problems
    turn, player = state["turn"], current(state)
    short = _markers_short(state, 2 if data.get("double") else 1)
    if short:
        return short
    if data.get("flush"):
        return _flush_problems(state)
    if data.get("double") and not state["options"]["kobe_double_codeshare"]:
        return [Violation("AA-C18", icons.ICON_RULE, "Two markers on one icon are the Kobe Rules' (1), not in play")]
    if data.get("wait"):
        return reservations.wait_problems(state, turn["reserved"], turn["waited"])
    if "reserve" in data:
        if first_turn.first_turns_running(state):
            return [Violation("AA-C22", first_turn.FIRST_RULE, "During any player's First Turn, no player may reserve "
                              "a Passenger Card")]
        if turn["waited"]:
            return [Violation("AA-C21", reservations.KOBE_RULE, "In your turn, you may only either reserve or wait "
                              "for cancellation once")]
        return baggage.reserve_problems(state["row"], state["reserved"], data["reserve"], turn["reserved"],
                                        in_last_turn(state))
    slot, index = data["slot"], data["icon"]
    shown = face_icons(state, player, slot) if 0 <= slot < boarding_pass.SLOTS else []
    colour = state["players"][player]["colour"]
    problems = []
    if shown is None:  # a bare slot not declared yet: the event declares its icons
        if not data.get("pass_icons"):
            return [Violation("AA-C09", boarding_pass.MARKER_RULE, f"Slot {slot + 1} of the {colour} Boarding Pass is "
                              "bare and its icons are not in the rulebook: declare them (pass_icons)")]
        shown = list(data["pass_icons"])
    elif data.get("pass_icons") and not state["players"][player]["slots"][slot]:
        problems += conflicts(state["declared"], [_icon_fact(colour, slot, list(data["pass_icons"]))], state["step"] + 1)
    # the markers left were counted above (``_markers_short``: PHASE 1's three, or the extra one)
    problems += boarding_pass.marker_problems(slot, index, turn["slots_used"], 0, len(shown))
    if any(p.blocks for p in problems):
        return problems
    return problems + _action_problems(state, player, shown[index], data)


def _markers_short(state: State, needed: int) -> list[Violation]:
    """AA-C07: three markers a turn; AA-C34: after PHASE 3, the Kobe Rules (6) one extra."""
    turn = state["turn"]
    if turn["phase"] == EXTRA_PHASE:
        if turn["extra_markers"] + needed > EXTRA_MARKERS:
            return [Violation("AA-C34", EXTRA_RULE, "One extra marker is spent after placing the Passenger Cards")]
        return []
    if turn["markers"] + needed > boarding_pass.MARKERS:
        return [Violation("AA-C07", boarding_pass.MARKER_RULE, "All 3 markers are placed this turn" if needed == 1
                          else "Two markers are needed; fewer are left this turn")]
    return []


def _flush_problems(state: State) -> list[Violation]:
    """Kobe Rules (2): "By spending one of your markers, you may remove all Passenger Cards
    from your Boarding Pass"."""
    if not state["options"]["kobe_flush"]:
        return [Violation("AA-C07", boarding_pass.MARKER_RULE, "Flushing the Boarding Pass is the Kobe Rules' (2), not "
                          "in play")]
    return []


def _action_problems(state: State, player: str, icon: Mapping[str, Any], data: Mapping[str, Any]) -> list[Violation]:
    """AA-C10 to AA-C19: the action matches the icon."""
    kind, colour = icon["type"], state["players"][player]["colour"]
    if "fly" not in data and "swap" not in data and not data.get("double"):
        return _null_marker_problems(state)
    if kind == "PRIORITY":
        swap = data.get("swap")
        if swap is None:
            return [Violation("AA-C10", icons.ICON_RULE, "Priority Takeoff switches two planes: name the airport and "
                              "their places (swap)")]
        if swap["airport"] not in state["airports"]:
            return [Violation("AA-C19", icons.ICON_RULE, f"{swap['airport']} is not an airport")]
        first, second = swap["places"]
        return airports.swap_problems(swap["airport"], state["airports"][swap["airport"]], first, second)
    fly = data.get("fly")
    if fly is None:
        return [Violation("AA-C10", icons.ICON_RULE, f"A {kind} icon flies a plane: name it (fly)")]
    if fly["from"] not in state["airports"] or fly["to"] not in state["airports"]:
        return [Violation("AA-C10", icons.ICON_RULE, f"{fly['from']} to {fly['to']}: not two airports")]
    plane = fly["colour"]
    if kind in ("AREA", "SPECIAL"):
        if plane != colour:
            return [Violation("AA-C10", icons.ICON_RULE, f"A landing permit flies one of your own ({colour}) planes, "
                              f"not {plane}")]
        problems = icons.area_problems(icon, fly["to"]) if kind == "AREA" else \
            icons.special_problems(icon, fly["to"], specials(state, icon["colour"]))
    else:
        problems = icons.codeshare_problems(icon, plane, colour, state["alliances"], bool(data.get("double")))
        if data.get("double") and icons.alliance_of(state["alliances"], plane) in (
                None, icons.alliance_of(state["alliances"], colour)):
            problems.append(Violation("AA-C18", icons.ICON_RULE, f"Two markers are for an NPA of an opponents' "
                                      f"Alliance; {plane} is open to you with one"))
    if fly["from"] == fly["to"]:
        problems.append(Violation("AA-C12", airports.AIRPORT_RULE, "A plane lands \"from another airport\""))
    problems += airports.departure_problems(fly["from"], state["airports"][fly["from"]], plane)
    problems += airports.landing_problems(fly["to"], state["airports"][fly["to"]], plane, landable(state, fly["to"]))
    return problems


def _null_marker_problems(state: State) -> list[Violation]:
    """AA-C10 for a marker on an icon with no action (``allow_null_marker``): "Place all 3
    markers" leaves a player whose icons allow nothing no other way to finish PHASE 1, so
    such a marker is placed when, and only when, nothing is legal for it (no flight or
    switch on any free slot's icons, no reservation, no Kobe Rules' flush or wait)."""
    if not state["options"].get("allow_null_marker", True):
        return [Violation("AA-C10", icons.ICON_RULE, "A marker flies a plane, switches two or reserves a card (a marker "
                          "with no action is not in this rules profile)")]
    from engines.air_alliance import offers  # offers asks these rules about every choice
    legal = offers.marker_use_left(state)
    if legal is None:
        return [Violation("AA-C10", icons.ICON_RULE, "A bare slot's icons are not declared: whether this marker had "
                          "something to do is not checked", "unverified")]
    if legal:
        return [Violation("AA-C10", icons.ICON_RULE, f"This marker still has something to do ({legal}): a marker is "
                          "placed with no action only when nothing is legal for it")]
    return []


def specials(state: State, colour: str) -> dict[str, str] | None:
    """The special airport declared for ``colour``, as ``icons.special_problems`` reads it."""
    found: str | None = value(state["declared"], f"special:{colour}")
    return None if found is None else {colour: found}


def landable(state: State, airport: str) -> dict[str, list[str]] | None:
    """The colours declared to land at ``airport``, as ``airports.landing_problems`` reads
    them (one key looked up: a scan of every declared fact cost the offers most of their time)."""
    found: list[str] | None = value(state["declared"], f"landable:{airport}")
    return None if found is None else {airport: found}


def apply_marker(state: State, who: str, data: Mapping[str, Any]) -> None:
    turn, player = state["turn"], current(state)
    if turn["phase"] == EXTRA_PHASE:
        turn["extra_markers"] += 1
    else:
        turn["markers"] += 2 if data.get("double") else 1
    if data.get("wait"):  # Kobe Rules (4): a marker on the logo
        state["players"][player]["waiting"] = turn["waited"] = True
        return
    if data.get("flush"):  # the removed cards still score: "keep them beside you"
        info = state["players"][player]
        for stack in info["slots"]:
            info["set_aside"] += stack
        info["slots"] = [[], [], []]
        return
    if "reserve" in data:
        reservations.reserve(state, player, data["reserve"])
        turn["reserved"] = True
        return
    turn["slots_used"].append(data["slot"])
    # which icon each marker went on, for the pages ("Resolve the action just after you place the marker")
    # (``card``: the slot's top card then, None for the bare pass)
    top = boarding_pass.faces(state["players"][player]["slots"])[data["slot"]]
    turn.setdefault("marks", []).append({"slot": data["slot"], "icon": data["icon"], "card": top,
                                         "double": bool(data.get("double"))})
    colour = state["players"][player]["colour"]
    if data.get("pass_icons") and not state["players"][player]["slots"][data["slot"]]:
        facts = [_icon_fact(colour, data["slot"], list(data["pass_icons"]))]
        if not conflicts(state["declared"], facts, state["step"]):
            state["declared"] = declare(state["declared"], facts, state["step"])
    if data.get("swap"):
        swap = data["swap"]
        state["airports"][swap["airport"]] = airports.swap(state["airports"][swap["airport"]], *swap["places"])
    elif data.get("fly"):
        fly = data["fly"]
        if fly["colour"] in state["airports"][fly["from"]]:
            state["airports"][fly["from"]] = airports.depart(fly["from"], state["airports"][fly["from"]], fly["colour"])
            state["airports"][fly["to"]] = airports.land(fly["to"], state["airports"][fly["to"]], fly["colour"])
            turn["flights"].append([fly["from"], fly["to"]])


# -- gains (reveals: ``reveals``) ----------------------------------------------------


def check_gain(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C23 to AA-C25."""
    problems = turn_problems(state, actor, 1, EXTRA_PHASE)
    if problems:
        return problems
    turn, card_id = state["turn"], data["card"]
    present, holder = reservations.gain_holder(state, card_id)
    if not present:
        return [Violation("AA-C23", routes.ROUTE_RULE, f"{card_id} is not in the Baggage Claim Area")]
    if holder is not None and holder != current(state):
        return [Violation("AA-C23", baggage.RESERVE_RULE, f"{card_id} is reserved by {holder}")]
    if holder is None and card_id in state["offboard"] and turn.get("retrieved") != card_id:
        return [Violation("AA-C23", reservations.KOBE_RULE, f"{card_id} is off the board, and not held for "
                          f"{current(state)}")]
    face = card(state, card_id) or {}
    if turn["phase"] == EXTRA_PHASE:
        problems = _extra_gain_problems(turn, card_id, face)
        if problems:
            return problems
    if len(turn["gained"]) - turn["placed"] >= MAX_GAINS:
        return [Violation("AA-C25", "PHASE 3: Flight Control", f"{MAX_GAINS} cards a turn at most")]
    return routes.route_problems(card_id, face.get("dep", "?"), face.get("arr", "?"), carrying_flights(state, card_id))


def carrying_flights(state: State, card_id: str) -> list[routes.Flight]:
    """The turn's flights that may carry ``card_id``: with ``strict_gain_timing`` (the
    default), those made after it turned up in the Baggage Claim Area ("If you take a flight
    through the route ... designated on a Passenger Card in the Baggage Claim Area ...
    Resolve the action just after you place the marker"); else every flight of the turn."""
    flights = [(str(start), str(end)) for start, end in state["turn"]["flights"]]
    if not state["options"].get("strict_gain_timing", True):
        return flights
    return flights[state["turn"].get("shown_after", {}).get(card_id, 0):]


def _extra_gain_problems(turn: Mapping[str, Any], card_id: str, face: Mapping[str, Any]) -> list[Violation]:
    """AA-C34: after PHASE 3 a passenger is gained by the extra marker's flight, not by
    PHASE 1's (a card PHASE 1's flights carried was theirs to gain in PHASE 1)."""
    if not turn["extra_markers"]:
        return [Violation("AA-C34", EXTRA_RULE, "After PHASE 3, passengers are gained with the extra marker: place it "
                          "first")]
    earlier = routes.reachable([tuple(flight) for flight in turn["flights"][:turn["extra_from"]]])
    if (face.get("dep"), face.get("arr")) in earlier:
        return [Violation("AA-C34", EXTRA_RULE, f"PHASE 1's flights carry {card_id}, not the extra marker's: it is "
                          "not gained after PHASE 3")]
    return []


def apply_gain(state: State, who: str, data: Mapping[str, Any]) -> None:
    reservations.take(state, data["card"])
    state["turn"]["gained"].append(data["card"])


def card_fact(face: Mapping[str, Any]) -> Fact:
    body = {key: face.get(key) for key in ("name", "dep", "arr", "miles", "cls", "icons", "trio")}
    return Fact(f"card:{face['id']}", body, f"Passenger Card {face['id']}")


def check_reshuffle(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C27: "If the deck runs out during someone's turn, the active player shuffles the discards"."""
    if state["deck"] > 0 or state["phase"] != "TURNS":
        return [Violation("AA-C27", "Last Turn", "The discards are shuffled only when the deck has run out")]
    return []


def apply_reshuffle(state: State, who: str, data: Mapping[str, Any]) -> None:
    """The discards become the deck.  The Last Turn was settled when the deck ran out
    (``deck_ran_out``), whenever the reshuffle is recorded; a reshuffle folded with no
    depletion before it (overridden) settles it for the turn being played."""
    state["deck"], state["reshuffled"], state["discards"] = len(state["discards"]), list(state["discards"]), []
    deck_ran_out(state)


def deck_ran_out(state: State) -> None:
    """"If the deck runs out during someone's turn ... The Last Turn will start from the
    next player": the depletion belongs to the turn being played when the deck's last card
    turns up (once: "The Last Turn has already started" when it runs out again)."""
    if state.get("last_turn") is not None or state["phase"] != "TURNS":
        return
    kobe = bool(state["options"]["kobe_last_turn"])
    order = last_turn_order(state["current"], len(state["seats"]), kobe)
    state["last_turn"] = {"order": order, "done": [], "started": False, "refreshed": []}
    if kobe:  # "when it turns out that you won't have a Last Turn, you must immediately remove all of your planes"
        for seat, name in enumerate(state["seats"]):
            if seat not in order and seat != state["current"]:
                remove_planes(state, state["players"][name]["colour"])


def remove_planes(state: State, colour: str) -> None:
    """Kobe Rules 3: a player's planes leave the board; the others move up as after a departure."""
    for code, planes in state["airports"].items():
        if colour in planes:
            state["airports"][code] = airports.remove(code, planes, colour)


# -- PHASE 1's end, PHASE 2 and PHASE 3 ---------------------------------------------


def in_last_turn(state: State) -> bool:
    """Whether the turn being played is a Last Turn (the depleting player's own turn is not)."""
    last = state.get("last_turn")
    return bool(last and last["started"])


def check_refresh(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C30: at the start of one's Last Turn, once, the six cards may be discarded and
    replaced; "cards where players have placed markers for reservation before the final
    round started will not be discarded"."""
    problems = turn_problems(state, actor, 1)
    if problems:
        return problems
    turn, last = state["turn"], state.get("last_turn")
    if first_turn.in_first_turn(state) and not turn["markers"] and not turn["gained"]:
        if turn.get("first_refreshed"):
            return [Violation("AA-C33", first_turn.FIRST_RULE, "The row is refreshed once at the First Turn")]
        return []
    if not in_last_turn(state) or turn["markers"] or turn["gained"]:
        return [Violation("AA-C30", "Special rules for the Last Turn", "The row is refreshed at the start of a player's "
                          "Last Turn, before any marker")]
    if last is not None and current(state) in last["refreshed"]:
        return [Violation("AA-C30", "Special rules for the Last Turn", f"{current(state)} has refreshed the row once")]
    return []


def apply_refresh(state: State, who: str, data: Mapping[str, Any]) -> None:
    kept = [c for c in state["row"] if c is not None and c in state["reserved"]]
    state["discards"] += [c for c in state["row"] if c is not None and c not in state["reserved"]]
    state["row"] = [*kept, *[None] * (baggage.SPACES - len(kept))]
    if first_turn.in_first_turn(state):
        state["turn"]["first_refreshed"] = True
    else:
        state["last_turn"]["refreshed"].append(current(state))


def check_phase1_end(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C07: all 3 markers are placed (the Kobe Rules (5) lift it); the row is full."""
    problems = turn_problems(state, actor, 1)
    if problems:
        return problems
    if state["turn"]["markers"] < boarding_pass.MARKERS and not state["options"]["kobe_markers_optional"]:
        return [Violation("AA-C07", boarding_pass.MARKER_RULE, f"Place all 3 markers: {state['turn']['markers']} "
                          "placed so far")]
    return _refill_problems(state)


def _refill_problems(state: State) -> list[Violation]:
    if None in state["row"] and (state["deck"] or state["discards"]):
        return [Violation("AA-C26", "Refilling the Baggage Claim Area", "Refill the Baggage Claim Area first")]
    return []


def apply_phase1_end(state: State, who: str, data: Mapping[str, Any]) -> None:
    """PHASE 2: "discard the leftmost Passenger Card ... other than a reserved card"; a
    reveal then refills the row (PHASE 3 once it is full).  Under the Kobe Rules (4) the
    players waiting for a cancellation claim first (``cancellations_claimed``)."""
    turn = state["turn"]
    turn["phase"] = 2
    waiting = reservations.claimants(state, current(state), in_last_turn(state))
    if waiting:
        turn["claims"] = waiting
        return
    _lost_baggage(state)


def _lost_baggage(state: State) -> None:
    reservations.lost_baggage(state)
    if None not in state["row"] or state["deck"] == 0 and not state["discards"]:
        state["turn"]["phase"] = 3


def check_claims(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C32 (the Kobe Rules (4)); any player at the table records the claims."""
    if state["phase"] != "TURNS" or state["turn"] is None:
        return [Violation("AA-C03", TURN_RULE, f"No turn is being played ({state['phase']})")]
    return reservations.claim_problems(state, data["claims"])


def apply_claims(state: State, who: str, data: Mapping[str, Any]) -> None:
    """The claims settled by precedence, then the Lost Baggage (an overridden claim with no
    window open changes nothing: the Lost Baggage is not the claims' to start)."""
    window = state["turn"].pop("claims", None)
    if not window:
        return
    reservations.settle(state, {player: card for player, card in data["claims"].items() if player in window})
    _lost_baggage(state)


def check_placement(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C29 for the cards gained since the last placement (the Kobe Rules (6) place the
    extra marker's like PHASE 3's: the note's G14)."""
    problems = turn_problems(state, actor, 3, EXTRA_PHASE)
    if problems:
        return problems
    turn = state["turn"]
    if turn["phase"] == EXTRA_PHASE:
        problems = _refill_problems(state)
        if problems:
            return problems
    cover = data.get("cover")
    return boarding_pass.placement_problems(turn["gained"][turn["placed"]:], data["placements"],
                                            cover["card"] if cover else None)


def apply_placement(state: State, who: str, data: Mapping[str, Any]) -> None:
    turn, player = state["turn"], state["players"][current(state)]
    for card_id, slot in data["placements"].items():
        if 0 <= slot < boarding_pass.SLOTS:
            player["slots"][slot].append(card_id)
    cover = data.get("cover")
    if cover and 0 <= cover["slot"] < boarding_pass.SLOTS:
        player["slots"][cover["slot"]].append(cover["card"])
    earned = len(turn["gained"]) >= EXTRA_TURN_GAINS
    if state["options"].get("kobe_extra_marker"):
        if earned and turn["phase"] == 3:  # "Instead, you may spend an extra marker"
            covered = {*data["placements"].values(), *([cover["slot"]] if cover else [])}
            turn.update(phase=EXTRA_PHASE, extra_markers=0, placed=len(turn["gained"]), extra_from=len(turn["flights"]),
                        slots_used=[slot for slot in turn["slots_used"] if slot not in covered])
            return
        earned = False  # "You no longer take an extra turn after gaining three passengers"
    _next_turn(state, earned and not turn["extra"])


def _next_turn(state: State, extra: bool) -> None:
    """The same player again after 3 or 4 cards (once), else the next seat clockwise; the
    Last Turn counts each seat's turn and ends the game after the last of them."""
    seat = state["current"]
    if not state["turn"]["extra"]:  # a player's first turn that is not an extra one is their First Turn
        state["players"][state["seats"][seat]]["first_turn_done"] = True
    last = state.get("last_turn")
    if last is not None and not extra and state["options"]["kobe_last_turn"] and (
            seat in last["order"] and last["started"] or seat not in last["order"]):
        # "When you have finished your Last Turn ... you must immediately remove all of your planes"
        remove_planes(state, state["players"][state["seats"][seat]]["colour"])
    # A turn counts as its seat's Last Turn once the Last Turn has started (the depleting
    # player's own turn, during which the deck ran out, is not one).
    if last is not None and not extra and last["started"] and seat in last["order"] and seat not in last["done"]:
        last["done"].append(seat)
        if len(last["done"]) == len(last["order"]):
            state["phase"], state["turn"] = "OVER", None
            return
    if not extra:
        seat = (seat + 1) % len(state["seats"])
        if last is not None:
            pending = [s for s in last["order"] if s not in last["done"]]
            seat = pending[0] if pending else seat
            last["started"] = True
    state["current"] = seat
    player = state["seats"][seat]
    # "gather all 3 of your markers ... (including any marker on a card you reserved)"
    held_off_board = reservations.retrieve(state, player)
    state["turn"] = new_turn(player, extra)
    if held_off_board is not None:  # the Kobe Rules (3): still to be gained this turn
        state["turn"]["retrieved"] = held_off_board
    state["turn_number"] = state.get("turn_number", 1) + 1
