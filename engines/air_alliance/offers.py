"""What the recording page offers during a turn (``expected()["options"]``): whole
choices the rules accept, each found by asking ``check`` about the event it would make.

- ``marker_placed``: ``markers`` (each slot's visible icons, and for each icon the legal
  flights or switches it allows now, with the Kobe Rules (1) two-marker flights when in
  play), ``reserve`` (the cards that may be reserved) and ``flush`` (``[True]`` when the
  Kobe Rules (2) let a marker flush the pass now), ``wait`` (``[True]`` when the Kobe
  Rules (4) let a marker wait for a cancellation);
- ``passenger_gained``: ``card`` (the cards this turn's flights already carry);
- ``cancellations_claimed``: ``claims``, ``[{"player", "cards"}]``: each waiting player,
  in seat order, with the cards a claim may take (the Kobe Rules (4));
- ``alliance_formed``: ``npa`` and ``area`` choices that are legal;
- ``first_turn_swap``: ``swaps``, the First Turn's legal switches;
- ``phase1_ended``: ``ready`` (``[True]`` when PHASE 1 may end now; else ``[]`` and
  ``refused_choices["ready"]``, the rule that keeps it going: a marker left to place
  (AA-C07), the row to refill first (AA-C26)), so that the page says why before a tap;
- ``card_revealed``: ``card.id``, the cards a reveal may name now (``reveals.revealable``:
  the board's not yet turned up, or after a reshuffle the discards shuffled back; left out
  when there are none, so that a face is typed).
A bare slot whose icons nobody has declared is listed with ``icons: None``: the table
declares them with the marker.

``possible`` gives the event types possible now, ``minor`` the ones among them the page
shows small, ``actors`` who may act; ``TableEngine.expected`` builds the rest from the
offers here, each one an ``EventRule.offers`` of ``events.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.air_alliance import airports, boarding_pass, first_turn, reservations, reveals, setup_phase, turns
from engines.air_alliance.airports import NPA_COLOURS
from engines.base import State


def _legal(rules: Any, state: State, data: Mapping[str, Any]) -> bool:
    return not any(v.blocks for v in rules(state, None, data))


def _actions(state: State, slot: int, index: int, icon: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every flight or switch one icon allows now, judged by the rules."""
    colour = state["players"][turns.current(state)]["colour"]
    base = {"slot": slot, "icon": index}
    if icon["type"] == "PRIORITY":
        tried = [{**base, "swap": {"airport": code, "places": [a, b]}}
                 for code, planes in state["airports"].items() for a in range(len(planes)) for b in range(a + 1, len(planes))
                 if planes[a] is not None and planes[b] is not None and planes[a] != planes[b]]
    else:
        movers = [colour] if icon["type"] in ("AREA", "SPECIAL") else list(NPA_COLOURS)
        # Only planes free to leave, to airports with room: the rest fail AA-C11 or AA-C13
        # before any other rule, and trying them cost the recording page most of its time.
        starts = [(plane, start) for plane in movers for start, planes in state["airports"].items()
                  if not airports.departure_problems(start, planes, plane)]
        ends = [end for end, planes in state["airports"].items()
                if airports.count(planes) < airports.CAPACITY[airports.shape(end)]]
        tried = [{**base, "fly": {"colour": plane, "from": start, "to": end}}
                 for plane, start in starts for end in ends if end != start]
        if icon["type"] == "CODESHARE" and state["options"]["kobe_double_codeshare"]:
            tried += [{**action, "double": True} for action in tried]  # Kobe Rules (1): two markers
    return [data for data in tried if _legal(turns.check_marker, state, data)]


def marker_options(state: State, who: str) -> dict[str, list[Any]]:
    turn, player = state["turn"], turns.current(state)
    markers = []
    for slot in range(boarding_pass.SLOTS):
        if slot in turn["slots_used"]:
            continue
        shown = turns.face_icons(state, player, slot)
        entry: dict[str, Any] = {"slot": slot, "icons": shown}
        if shown is not None:
            entry["actions"] = [_actions(state, slot, index, icon) for index, icon in enumerate(shown)]
        markers.append(entry)
    reserve, flush, wait = _other_uses(state)
    if _nothing_legal(markers, reserve, flush, wait) and state["options"].get("allow_null_marker", True):
        for entry in markers:  # "Place all 3 markers": with nothing legal, a marker goes on an icon with no action
            entry["actions"] = [[{"slot": entry["slot"], "icon": index}] for index in range(len(entry["icons"]))]
    return {"markers": markers, "reserve": reserve, "flush": flush, "wait": wait, "slot": [m["slot"] for m in markers],
            "icon": [0, 1, 2]}


def _other_uses(state: State) -> tuple[list[str], list[bool], list[bool]]:
    """The cards a marker may reserve, and whether it may flush the pass (Kobe Rules (2))
    or wait for a cancellation (Kobe Rules (4))."""
    reserve = [card for card in state["row"] if card is not None
               and _legal(turns.check_marker, state, {"reserve": card})]
    flush = [True] if _legal(turns.check_marker, state, {"flush": True}) else []
    wait = [True] if _legal(turns.check_marker, state, {"wait": True}) else []
    return reserve, flush, wait


def _nothing_legal(markers: list[dict[str, Any]], reserve: list[str], flush: list[bool], wait: list[bool]) -> bool:
    """Whether no use of a marker is legal, every free slot's icons being known."""
    known = all(entry["icons"] is not None for entry in markers)
    return known and not reserve and not flush and not wait and not any(
        actions for entry in markers for actions in entry.get("actions", []))


def marker_use_left(state: State) -> str | None:
    """What a marker may still do now, in words ("" when nothing; None when a free bare
    slot's icons are not declared, so nobody knows)."""
    turn, player = state["turn"], turns.current(state)
    for slot in range(boarding_pass.SLOTS):
        if slot in turn["slots_used"]:
            continue
        shown = turns.face_icons(state, player, slot)
        if shown is None:
            return None
        if any(_actions(state, slot, index, icon) for index, icon in enumerate(shown)):
            return f"an icon on slot {slot + 1}"
    reserve, flush, wait = _other_uses(state)
    return "a reservation" if reserve else "flushing the pass" if flush else "waiting for a cancellation" if wait else ""


def swap_options(state: State, who: str) -> dict[str, list[Any]]:
    """The First Turn's legal switches (the Kobe Rules 2)."""
    tried = [{"airport": code, "places": [a, b]} for code, planes in state["airports"].items()
             for a in range(len(planes)) for b in range(a + 1, len(planes))
             if planes[a] is not None and planes[b] is not None and planes[a] != planes[b]]
    legal = [data for data in tried if _legal(first_turn.check_swap, state, data)]
    return {"swaps": legal, "airport": sorted({d["airport"] for d in legal})}


def gain_options(state: State, who: str) -> dict[str, list[Any]]:
    """The row's cards, and under the Kobe Rules (3) the ones off the board, that this
    turn's flights carry and the player may take."""
    cards = [*(card for card in state["row"] if card is not None), *state["offboard"]]
    return {"card": [card for card in cards if _legal(turns.check_gain, state, {"card": card})]}


def alliance_options(state: State, who: str) -> dict[str, list[Any]]:
    legal = [{"npa": npa, "area": area} for npa in NPA_COLOURS for area in range(len(state["alliances"]))
             if _legal(turns.check_alliance, state, {"npa": npa, "area": area})]
    return {"npa": sorted({c["npa"] for c in legal}), "area": sorted({c["area"] for c in legal}), "choices": legal}


def phase1_end_options(state: State, who: str) -> dict[str, Any]:
    """Whether PHASE 1 may end now, and if not, the rule's code and words."""
    blocking = [v for v in turns.check_phase1_end(state, None, {}) if v.blocks]
    if not blocking:
        return {"ready": [True]}
    return {"ready": [], "refused_choices": {"ready": [{"choice": True, "code": v.code, "rule": v.rule,
                                                        "message": v.message} for v in blocking[:1]]}}


def claims_offered(state: State, who: str) -> dict[str, Any]:
    return reservations.claim_offers(state)


def reveal_offered(state: State, who: str) -> dict[str, Any]:
    """A reveal is offered the cards whose faces are known and that have not turned up
    (``card.id``: the board's, or those shuffled back); nothing when there are none (the
    engine's ``expected`` then leaves the type's options out, so that a face is typed)."""
    ids = reveals.revealable(state)
    return {"card.id": ids} if ids else {}


def actors(state: State) -> list[str]:
    """Who may act now, without building the offers (the store asks on every append):
    everyone at the set-up; while the cancellations are claimed (a table event anyone
    records), everyone, the player whose turn it is first; else that player."""
    if state["phase"] == "SETUP":
        return list(state["seats"])
    if state["phase"] == "OVER":
        return []
    if state["turn"].get("claims"):
        return [turns.current(state), *(name for name in state["seats"] if name != turns.current(state))]
    return [turns.current(state)]


def possible(state: State) -> list[str]:
    """The event types possible now (the game is not over), in the order the page lists them."""
    if state["phase"] == "SETUP":
        due = ["planes_placed"] if not all(p["planes_placed"] for p in state["players"].values()) else []
        if None in state["row"]:
            due.append("card_revealed")
        # board_declared is asked while some fact it declares is unknown; once a board holds
        # them all it is moot, and only offered among the seldom actions (``minor``: a table
        # reading the board's facts out at the set-up), never as the next thing to do.
        if setup_phase.board_facts_due(state) or setup_phase.board_facts_from_board(state):
            return [*due, "board_declared"]
        return due
    turn = state["turn"]
    if state["deck"] == 0 and state["discards"]:  # "the active player shuffles the discards" as the deck runs out
        return ["discards_reshuffled"]
    if turn.get("claims"):
        return ["cancellations_claimed"]
    reveal = ["card_revealed"] if None in state["row"] else []
    if turn["phase"] == 1:
        fresh = not turn["markers"] and not turn["gained"]
        refresh = fresh and (turns.in_last_turn(state) and turns.current(state) not in state["last_turn"]["refreshed"]
                             or first_turn.in_first_turn(state) and not turn.get("first_refreshed"))
        swap = fresh and first_turn.in_first_turn(state) and turn.get("first_swaps", 0) < first_turn.swaps_allowed(state)
        return ["marker_placed", "passenger_gained", *reveal, "phase1_ended", *(["alliance_formed"] if fresh else []),
                *(["row_refreshed"] if refresh else []), *(["first_turn_swap"] if swap else [])]
    if turn["phase"] == turns.EXTRA_PHASE:  # the Kobe Rules (6): the extra marker, then its cards placed
        extra_left = turn["extra_markers"] < turns.EXTRA_MARKERS
        return ["marker_placed" if extra_left else "passenger_gained", *reveal, "boarding_pass_updated"]
    if turn["phase"] == 2:
        return ["card_revealed"]
    return ["boarding_pass_updated"]


def minor(state: State) -> list[str]:
    """The types that are possible but seldom the next thing to do: board_declared at the
    set-up once the board holds every fact it declares."""
    if state["phase"] == "SETUP" and not setup_phase.board_facts_due(state) \
            and setup_phase.board_facts_from_board(state):
        return ["board_declared"]
    return []
