"""The round's flow: what the engine derives between recorded events.

Every function here works on a state made by ``table.next_state`` and changes it in
place.  ``settle`` runs after each event and moves the table on as far as nothing needs
recording: the Engineer phase ends when nobody holds an Engineer (the resolution queue
is built), the B area closes (+$1 on each card left, refills due), the Resolution phase
ends, the Pan Am rolls are done (income is due), the last Stock answer ends the round.
"""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.pan_am.state import DISPLAY_SLOTS, ROUNDS
from engines.pan_am.table import (
    due_entry,
    engineer_first,
    next_seat,
    next_with_engineer,
    placements,
    seats_from,
    track_order,
)

QUEUE_AREAS = ("A", "B", "C", "D", "E")


def enter_engineer_phase(new: State) -> None:
    """The Stock Price step closes at the first Engineer event: Priority Access when last round's
    E Engineers wait (never in round 1: the queue is empty), else the Assignment step."""
    if new["phase"] not in ("EVENT", "STOCK_PRICE"):
        return
    new["phase"] = "PRIORITY" if new["priority_queue"] else "ASSIGNMENT"
    new["turn"] = engineer_first(new)


def after_engineer(new: State, who: str) -> None:
    """The next placer: the next waiting priority Engineer, else clockwise from ``who`` (from the
    first player when the Priority Access step has just ended), skipping empty hands."""
    if new["phase"] == "PRIORITY":
        if new["priority_queue"]:
            new["turn"] = new["priority_queue"][0]
            return
        new["phase"] = "ASSIGNMENT"
        new["turn"] = next_with_engineer(new, new["first_player"], include_first=True)
    else:
        new["turn"] = next_with_engineer(new, who)


def build_queue(new: State) -> None:
    """*3. Resolution Phase*: A, B, C tracks in ascending order, then D and E left to right."""
    queue: list[dict[str, Any]] = []
    for area in QUEUE_AREAS:
        if area in ("D", "E"):
            for index, site in enumerate(new["sites"][area]):
                queue.append({"area": area, "track": None, "index": index, "player": site["player"], "cost": None})
            continue
        for track, placement in sorted(new["tracks"][area].items(), key=lambda kv: track_order(area, kv[0])):
            if placement is not None:
                queue.append({"area": area, "track": track, "index": None, "player": placement["player"], "cost": placement["cost"]})
    new["resolution"] = {"queue": queue, "next": 0, "last": None, "refill_due": [], "b_closed": False}
    new["phase"] = "RESOLUTION"
    new["turn"] = None


def close_b(new: State) -> None:
    """*B. Destinations*: "put bonus Money of $1 on all Destination cards that remain. Then refill
    any empty spots" (while the deck lasts)."""
    res = new["resolution"]
    res["b_closed"] = True
    due: list[Any] = []
    deck = new["destination_deck"]
    for slot, space in zip(DISPLAY_SLOTS, new["display"], strict=False):
        if space["card"] is not None:
            space["bonus"] += 1
        elif len(due) < deck:
            due.append(int(slot))
    res["refill_due"] = due


def mark_resolved(new: State, entry: dict[str, Any]) -> None:
    """The Engineer is resolved: the placement is marked (it stays on the board until the round
    ends, for the viewer), the cursor moves on."""
    area = entry["area"]
    if area in ("D", "E"):
        sites = new["sites"][area]
        if entry["index"] is not None and entry["index"] < len(sites):
            sites[entry["index"]]["resolved"] = True
    else:
        placement = new["tracks"][area].get(entry["track"])
        if placement is not None:
            placement["resolved"] = True
    res = new["resolution"]
    res["next"] += 1
    res["last"] = dict(entry)


def start_expansion(new: State) -> None:
    new["phase"] = "EXPANSION"
    new["turn"] = None


def after_roll(new: State, faces: list[str]) -> None:
    """A die face opens one expansion per path shown (in the order listed) and, for the Pan Am
    symbol, an offer to each player in seat order from the first player (after the paths)."""
    exp = new["expansion"]
    exp["rolls"].append(list(faces))
    exp["paths_due"] = [face for face in dict.fromkeys(faces) if face != "PAN_AM"]
    exp["offers_due"] = seats_from(new, new["first_player"]) if "PAN_AM" in faces else []


def settle(new: State) -> None:
    """Move the table on through every derived transition until an event is needed."""
    for _ in range(12):  # each pass moves at most one phase on; a round has fewer
        phase = new["phase"]
        if phase in ("PRIORITY", "ASSIGNMENT"):
            if new["priority_queue"] and phase == "PRIORITY":
                return
            if any(p["available"] > 0 for p in new["players"].values()):
                if new["turn"] is None or new["players"][new["turn"]]["available"] <= 0:
                    new["turn"] = next_with_engineer(new, new["first_player"], include_first=True)
                return
            build_queue(new)
        elif phase == "RESOLUTION":
            res = new["resolution"]
            entry = due_entry(new)
            if not res["b_closed"] and (entry is None or entry["area"] not in ("A", "B")):
                close_b(new)
            if res["refill_due"] or entry is not None:
                return
            start_expansion(new)
        elif phase == "EXPANSION":
            exp = new["expansion"]
            if not exp["paths_due"]:
                # A player who owns no route has nothing to sell: the offer passes them by.
                while exp["offers_due"] and not new["players"][exp["offers_due"][0]]["routes"]:
                    exp["offers_due"].pop(0)
            if exp["paths_due"] or exp["offers_due"] or len(exp["rolls"]) < exp["rolls_expected"]:
                new["turn"] = exp["offers_due"][0] if exp["offers_due"] and not exp["paths_due"] else None
                return
            new["phase"] = "INCOME"
            new["turn"] = None
        elif phase == "STOCK":
            if new["stock_due"]:
                new["turn"] = new["stock_due"][0]
                return
            end_round(new)
        else:
            return


def start_stock(new: State) -> None:
    """*Stock Step*: "Starting with the First Player, each player may buy as much Stock"."""
    new["phase"] = "STOCK"
    new["stock_due"] = seats_from(new, new["first_player"])
    new["turn"] = new["stock_due"][0]


def end_round(new: State) -> None:
    """*End of the Round*: the First Player Marker passes clockwise; a tile lifts at the end of
    the round before its track opens; set-aside Engineers come back; the E Engineers wait for
    Priority Access.  After round 7 the game is over (*End of the Game*)."""
    if new["round"] >= ROUNDS:
        new["phase"] = "OVER"
        new["turn"] = None
        return
    coming = new["round"] + 1
    opts = new["options"]
    new["tiles"] = {"CRUISER": coming < opts["cruiser_open_round"], "JET": coming < opts["jet_open_round"]}
    new["first_player"] = next_seat(new, new["first_player"])
    queue = [site["player"] for site in placements(new, "E")]
    new["priority_queue"] = queue
    for name, player in new["players"].items():
        player["set_aside"] = 0
        player["available"] = max(0, player["engineers"] - queue.count(name))
    new["tracks"] = {"A": {}, "B": {slot: None for slot in DISPLAY_SLOTS}, "C": {p: None for p in new["tracks"]["C"]}}
    new["sites"] = {"D": [], "E": []}
    new["resolution"] = {"queue": [], "next": 0, "last": None, "refill_due": [], "b_closed": False}
    new["expansion"] = {"rolls_expected": 0, "rolls": [], "paths_due": [], "offers_due": []}
    new["stock_due"] = []
    new["round"] = coming
    new["phase"] = "EVENT"
    new["turn"] = None
    new["event_card"] = None
