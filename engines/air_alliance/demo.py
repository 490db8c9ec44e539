"""Air Alliance's demo game, and the made-up table data it (and the test suite's random
games) plays with.

**The Passenger Cards, the Boarding Passes' icons, the V airports' colours and the special
airports here are illustrative.**  The rulebook prints none of them (the note's G1 to G5)
and no public source lists them: every one is made up for the demo and declared by its
events, never presented as the game's.  Only the rules, the airports' shapes, the NPA
start table and the Trio List are the rulebook's.

``candidates(engine, state)`` makes the events ``expected()`` offers concrete with that
data.  The demo (``demo_game``) is three players' whole game: a fixed rule (``_liking``,
through ``engines.weighted_play``) picks among the legal candidates, preferring flights
that carry a passenger, with a seeded die for the rest, so the game is the same every time.
"""

from __future__ import annotations

import functools
from typing import Any

from engines import weighted_play
from engines.air_alliance import routes
from engines.air_alliance.airports import AIRPORTS, NPA_COLOURS, NPA_START, PLAYER_COLOURS, shape
from engines.air_alliance.state import DECK
from engines.base import Engine, Event, State

PLAYERS = ["Hana", "Kenji", "Sora"]
TITLE = "Demo: Hana, Kenji and Sora fly Air Alliance (illustrative cards and board)"
SEED = 6
_LOW = [code for code in AIRPORTS if shape(code) != "V"]
_AREA_LABELS = ("ALL", "AM", "EM", "AE", "AU", "MU", "EU", "A", "U", "M", "E")
# The first nine cards are three Trio Sets, named as the rulebook's Trio List names their cards.
_TRIO_CARDS = [("Enthusiast", "Board Gamer"), ("Enthusiast", "Board Gamer"), ("Enthusiast", "Anime Otaku"),
               ("Spy", "Secret Agent (MI6)"), ("Spy", "Secret Agent (KGB)"), ("Spy", "Secret Agent (CIA)"),
               ("Actor", "Hollywood Star"), ("Actor", "Kung Fu Star"), ("Actor", "Korean Star")]


def card(number: int) -> dict[str, Any]:
    """Made-up Passenger Card ``number`` (1 to 60): routes in threes over airports numbered
    1 to 3, a -> b, b -> c and a -> c (a relay carries all three, as in the rulebook's
    transit example), miles, class, three icons, a trio for some."""
    group, place = divmod(number - 1, 3)
    a, b, c = (_LOW[(group * 5 + k * 4) % len(_LOW)] for k in range(3))
    dep, arr = ((a, b), (b, c), (a, c))[place]
    npa = NPA_COLOURS[number % 3]
    icons = [{"type": "AREA", "areas": _AREA_LABELS[number % len(_AREA_LABELS)]},
             {"type": "CODESHARE", "colours": [npa]} if number % 4 else {"type": "PRIORITY"},
             {"type": "SPECIAL", "colour": PLAYER_COLOURS[number % 4]} if number % 6 == 0
             else {"type": "CODESHARE", "colours": [npa, NPA_COLOURS[(number + 1) % 3]]}]
    trio, name = _TRIO_CARDS[number - 1] if number <= len(_TRIO_CARDS) else (None, f"Passenger {number}")
    return {"id": f"C{number:02d}", "name": name, "dep": dep, "arr": arr,
            "miles": 1000 * (2 + number % 7), "cls": "FIRST" if number % 4 == 0 else "ECONOMY", "icons": icons,
            "trio": trio}


def board() -> dict[str, Any]:
    """Made-up board facts: each V airport takes its NPA (or, away from the start table,
    "ALL"), each colour's special airport, each colour's printed Boarding Pass."""
    starts = {code: colour for colour, codes in NPA_START.items() for code in codes}
    landable = {code: [starts[code]] if code in starts else ["ALL"] for code in AIRPORTS if shape(code) == "V"}
    special = {colour: f"{'AEMU'[i]}{2 + i % 2}" for i, colour in enumerate(PLAYER_COLOURS)}
    passes = {colour: [[{"type": "AREA", "areas": "ALL"}], [{"type": "CODESHARE", "colours": ["black", "white"]}],
                       [{"type": "PRIORITY"}, {"type": "AREA", "areas": "AM"}]] for colour in PLAYER_COLOURS}
    return {"landable": landable, "special": special, "passes": passes}


def _planes(seat: int) -> list[str]:
    return [f"{area}{1 + (seat + i) % 3}" for i, area in enumerate("AEMU")]


def _next_card(state: State) -> dict[str, Any] | None:
    reshuffled = state.get("reshuffled") or []
    if reshuffled:
        number = int(reshuffled[0][1:])
        return card(number)
    seen = len(state["seen"])
    return card(seen + 1) if seen < DECK else None


def _placements(gained: list[str]) -> dict[str, Any]:
    placed = {card_id: slot for slot, card_id in enumerate(gained[:3])}
    cover = {"card": gained[3], "slot": 0} if len(gained) == 4 else None
    return {"placements": placed, "cover": cover}


def candidates(engine: Engine, state: State) -> list[Event]:
    """The events ``expected()`` offers, made concrete with the made-up data above."""
    exp = engine.expected(state)
    actor = exp["actors"][0] if exp["actors"] else None
    options, out = exp["options"], []
    for kind in exp["event_types"]:
        offered = options.get(kind, {})
        if kind == "planes_placed":
            out += [Event(kind, {"player": name, "airports": _planes(seat)}, None)
                    for seat, name in enumerate(state["seats"]) if not state["players"][name]["planes_placed"]]
        elif kind == "card_revealed":
            face = _next_card(state)
            if face is not None:
                out.append(Event(kind, {"card": face}, None))
        elif kind == "board_declared":
            if not any(key.startswith("landable:") for key in state["declared"]):
                out.append(Event(kind, board(), None))
        elif kind == "marker_placed":
            wanted = _wanted(state)
            for marker in offered["markers"]:
                for actions in marker.get("actions", []):
                    useful = [a for a in actions if "fly" in a and (a["fly"]["from"], a["fly"]["to"]) in wanted]
                    out += [Event(kind, action, actor) for action in [*useful, *actions[:4]]]
            out += [Event(kind, {"reserve": card_id}, actor) for card_id in offered["reserve"][:2]]
            out += [Event(kind, {use: True}, actor) for use in ("flush", "wait") if offered.get(use)]  # Kobe Rules
        elif kind == "passenger_gained":
            out += [Event(kind, {"card": card_id}, actor) for card_id in offered["card"]]
        elif kind == "alliance_formed":
            out += [Event(kind, choice, actor) for choice in offered["choices"]]
        elif kind == "first_turn_swap":
            out += [Event(kind, swap, actor) for swap in offered["swaps"][:3]]
        elif kind == "boarding_pass_updated":
            out.append(Event(kind, _placements(state["turn"]["gained"][state["turn"]["placed"]:]), actor))
        elif kind == "cancellations_claimed":  # Kobe Rules (4): each waiting player claims, or nobody does
            claims = offered["claims"]
            out += [Event(kind, {"claims": {c["player"]: c["cards"][0] for c in claims if c["cards"]}}, None),
                    Event(kind, {"claims": {}}, None)]
        else:
            out.append(Event(kind, {}, actor))
    return out


def _wanted(state: State) -> set[tuple[str, str]]:
    """The flights that would carry a passenger of the row (directly, or on from where
    this turn's flights left one)."""
    flights = [tuple(f) for f in state["turn"]["flights"]] if state.get("turn") else []
    waiting = {end: {start for start, stop in routes.reachable(flights) if stop == end} for _, end in flights}
    out = set()
    for card_id in state["row"]:
        face = state["declared"].get(f"card:{card_id}", {}).get("value") if card_id else None
        if face:
            out.add((face["dep"], face["arr"]))
            out.update((stop, face["arr"]) for stop, starts in waiting.items() if face["dep"] in starts)
    return out


def _liking(engine: Engine, state: State, event: Event) -> float:
    """The fixed rule: gain passengers, form Alliances, fly where a passenger is carried."""
    if event.type in ("passenger_gained", "alliance_formed", "card_revealed", "discards_reshuffled", "planes_placed",
                      "board_declared", "boarding_pass_updated"):
        return 100.0
    if event.type == "marker_placed" and "fly" in event.data:
        return 40.0 if (event.data["fly"]["from"], event.data["fly"]["to"]) in _wanted(state) else 4.0
    if event.type == "marker_placed":
        return 1.0 if "swap" in event.data else 2.0
    if event.type == "row_refreshed":
        return 0.5
    return 1.0


@functools.lru_cache(maxsize=1)
def _play() -> tuple[Event, ...]:
    import engines
    return weighted_play.play_out(engines.find("air-alliance"), PLAYERS, {}, candidates, _liking, SEED)


def demo_game() -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``."""
    return weighted_play.demo_record(TITLE, PLAYERS, {}, _play())
