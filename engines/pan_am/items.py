"""Reveal by item: events that name a card of the board instead of spelling it out.

``fill`` completes an event from the declared registry (the board file's facts, the
rulebook's, and what earlier events declared) before it is judged, folded or described:

* ``cards_dealt`` and ``destination_display_refilled``: a card ``{"city": "Rome"}`` gets
  its region (the colour of a Destination card is its city's region);
* ``event_card_revealed {"name": ...}`` gets the card's ``stock_adjustment``,
  ``die_rolls`` and ``text``;
* ``directive_played {"card": ...}`` gets the card's ``timing``, ``area`` and, when the
  board holds them (no choice left to the table), its ``effects``.

A field given as null counts as left out.  What is spelled out is kept, and compared with
the registry like any declaration (``declared/conflict``).  Then the board's checks:

======  ==========================  =======================================================================
code    rule                        refuses
======  ==========================  =======================================================================
PA-B20  Destinations                a card named by its city whose region nobody declared (give its region)
PA-B21  Components                  a Destination card not on the board's complete list (50 cards)
PA-B22  Game Board Setup            a Destination card dealt while it is in a hand or on the display (one
                                    card per city), or twice in one deal; a warning when the board lists
                                    no Destination cards (nobody checked the box has no second copy)
PA-B23  Board file                  an Event card named but not held by the board, its face not spelled out
PA-B24  Components                  an Event card not on the board's complete list (28 cards)
PA-B25  Game Board Setup            an Event card revealed a second time ("a deck of 7 cards", one per round)
PA-B26  Game Board Setup            an Event card of another round ("Each Event card shows a round number
                                    on the back. Select one card at random from each round")
PA-B27  Board file                  a Directive card named but not held by the board (or whose effects the
                                    board leaves to the table), its timing or effects not spelled out
PA-B28  Components                  a Directive card not on the board's complete list
======  ==========================  =======================================================================

PA-B20, PA-B23 and PA-B27 need no board section: a short form that nothing can complete
is refused with them in any game, and PA-B22 runs in any game too (an error with the board's
``destination_cards``, a warning without; ``drawn_problems`` judges a card's ``gain_destination``
the same way).  The others run only when the board has the section (``event_cards``,
``directive_cards``; PA-B21, PA-B24, PA-B28 when it is complete).  A Destination card in the
discards may be dealt again: the rulebook never says what happens to the discards, and this
engine's deck count never forbids it.
Directive cards are not checked for a second play: the rulebook does not say whether
the 40 cards hold copies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engines.base import State, Violation
from engines.pan_am.facts import adjustment_of, directive_key, event_key, timing_of
from engines.pan_am.state import DISPLAY_SLOTS
from engines.pan_am.table import PHASE_STEP, due_entry, region_of

Data = Mapping[str, Any]
FILE = "Board file"
PARTS = {"stock_adjustment": "Stock Price change", "die_rolls": "die rolls"}


# -- filling the short form -----------------------------------------------------------------


def fill(state: State, event_type: str, data: Data) -> Data:
    """The event's data with what it leaves out taken from the registry (``data`` itself when
    nothing is left out or nothing is known)."""
    filler = _FILLERS.get(event_type)
    return data if filler is None else filler(state, data)


def _card(state: State, card: Any) -> Any:
    """A Destination card with its region, when it names only its city and the region is known."""
    if isinstance(card, Mapping) and card.get("region") is None and isinstance(card.get("city"), str):
        region = region_of(state, card["city"])
        if region is not None:
            return {**card, "region": region}
    return card


def _fill_dealt(state: State, data: Data) -> Data:
    hands, display = data.get("destinations"), data.get("display")
    out = dict(data)
    if isinstance(hands, Mapping):
        out["destinations"] = {name: [_card(state, c) for c in hand] if isinstance(hand, list) else hand
                               for name, hand in hands.items()}
    if isinstance(display, list):
        out["display"] = [_card(state, c) for c in display]
    return out if out != data else data


def _fill_refill(state: State, data: Data) -> Data:
    card = _card(state, data.get("card"))
    return data if card is data.get("card") else {**data, "card": card}


def _known(state: State, key: str) -> Any:
    entry = state["declared"].get(key)
    return None if entry is None else entry["value"]


def _fill_revealed(state: State, data: Data) -> Data:
    name = data.get("name")
    if not isinstance(name, str):
        return data
    out = dict(data)
    for part in ("stock_adjustment", "die_rolls", "text"):
        value = _known(state, event_key(name, part)) if out.get(part) is None else None
        if value is not None:
            out[part] = adjustment_of(value) if part == "stock_adjustment" else value
    return out if out != data else data


def _fill_played(state: State, data: Data) -> Data:
    name = data.get("card")
    if not isinstance(name, str):
        return data
    out = dict(data)
    for part in ("timing", "area", "effects"):
        value = _known(state, directive_key(name, part)) if out.get(part) is None else None
        if value is not None:
            out[part] = timing_of(value) if part == "timing" else [dict(e) for e in value] if part == "effects" else value
    return out if out != data else data


_FILLERS: dict[str, Callable[[State, Data], Data]] = {
    "cards_dealt": _fill_dealt,
    "destination_display_refilled": _fill_refill,
    "event_card_revealed": _fill_revealed,
    "directive_played": _fill_played,
}


def unfilled(state: State, event_type: str, data: Data) -> list[Violation]:
    """PA-B23, PA-B27: a short form the registry could not complete (judged alone: the rules of
    an Event card or a Directive cannot be read without its face)."""
    if event_type == "event_card_revealed":
        missing = [words for part, words in PARTS.items() if data.get(part) is None]
        if missing:
            where = "is not on the board" if _board(state, "event_cards") is not None else "is not known (no board holds it)"
            return [Violation("PA-B23", FILE, f"Event card {data.get('name')!r} {where}: spell out its {' and '.join(missing)}")]
    if event_type == "directive_played" and (data.get("timing") is None or data.get("effects") is None):
        return [Violation("PA-B27", FILE, _directive_missing(state, data))]
    return []


def _directive_missing(state: State, data: Data) -> str:
    name = data.get("card")
    if not isinstance(name, str):
        return "Name the Directive card, or spell out its timing and effects"
    held = _board(state, "directive_cards") or {}
    if name in held and data.get("timing") is not None:
        return f"The board leaves what Directive card {name!r} does to the table: spell out its effects"
    return f"Directive card {name!r} is not on the board: spell out its timing and effects"


# -- what the board rules out -----------------------------------------------------------------


def _board(state: State, section: str) -> Any:
    return state["board"].get(section)


def _complete(state: State, section: str) -> bool:
    return section in (state["board"].get("complete_items") or [])


def in_play(state: State) -> dict[str, str]:
    """Where each Destination card in play is: a player's hand or a display space."""
    where: dict[str, str] = {}
    for name, player in state["players"].items():
        for card in player["destinations"]:
            where.setdefault(str(card.get("city")), f"in {name}'s hand")
    for slot, space in zip(DISPLAY_SLOTS, state["display"], strict=False):
        if space["card"] is not None:
            where.setdefault(str(space["card"].get("city")), f"on display space {slot}")
    return where


def checks(state: State, event_type: str, data: Data) -> list[Violation]:
    """PA-B20..B22, PA-B24..B26, PA-B28 for a filled event."""
    if event_type == "cards_dealt":
        hands = data.get("destinations") or {}
        cards = [c for hand in hands.values() if isinstance(hand, list) for c in hand] + list(data.get("display") or [])
        return list(_destination_problems(state, cards))
    if event_type == "destination_display_refilled":
        return list(_destination_problems(state, [data.get("card")]))
    if event_type == "event_card_revealed":
        return list(_event_problems(state, data.get("name")))
    if event_type == "directive_played":
        return list(_directive_problems(state, data.get("card")))
    return []


def _destination_problems(state: State, cards: list[Any]) -> Iterator[Violation]:
    listed = _board(state, "destination_cards")
    where = in_play(state)
    for card in cards:
        if not isinstance(card, Mapping):
            continue
        city = str(card.get("city"))
        # PA-B20: "five different colors of Destination cards representing regions": a card has one.
        if card.get("region") is None:
            yield Violation("PA-B20", "Destinations", f"The region of {city} is not known: give its Destination card's region")
        # PA-B21: "50 Destination Cards": a complete list holds every one.
        if listed is not None and _complete(state, "destination_cards") and city not in listed:
            yield Violation("PA-B21", "Components", f"{city} has no Destination card in this box (the board lists all 50)")
        if city in where:
            yield _in_play(city, where[city], listed is not None)
        where.setdefault(city, "in this deal")


def drawn_problems(state: State, card: Any) -> list[Violation]:
    """PA-B22 for a card an effect draws from the deck (``gain_destination``)."""
    if not isinstance(card, Mapping):
        return []
    city = str(card.get("city"))
    where = in_play(state)
    return [_in_play(city, where[city], _board(state, "destination_cards") is not None)] if city in where else []


def _in_play(city: str, where: str, listed: bool) -> Violation:
    """PA-B22: "Having the city's Destination card": one card per city, so a card in play is not
    dealt again.  A board that lists the box's cards refuses it; without one nobody has checked
    that the box holds no second copy, and the card is stored with a warning."""
    message = f"The Destination card of {city} is already {where}"
    if listed:
        return Violation("PA-B22", "Game Board Setup", message)
    return Violation("PA-B22", "Game Board Setup", f"{message}: each city has one card (no board lists this box's cards)", "warning")


def _event_problems(state: State, name: Any) -> Iterator[Violation]:
    listed = _board(state, "event_cards")
    if listed is None or not isinstance(name, str):
        return
    shown = next((card for card in state["event_cards"] if card.get("name") == name), None)
    # PA-B25: "Select one card at random from each round and create a deck of 7 cards".
    if shown is not None:
        yield Violation("PA-B25", "Game Board Setup", f"Event card {name!r} was already revealed in round {shown.get('round')}")
    # PA-B24: "28 Event Cards": a complete list holds every one.
    if _complete(state, "event_cards") and name not in listed:
        yield Violation("PA-B24", "Components", f"Event card {name!r} is not one of this box's 28 (the board lists them all)")
    # PA-B26: "Each Event card shows a round number on the back. Select one card ... from each round".
    face = listed.get(name)
    if face is not None and face["round"] != state["round"]:
        yield Violation("PA-B26", "Game Board Setup", f"Event card {name!r} is a round {face['round']} card; this is round {state['round']}")


def _directive_problems(state: State, name: Any) -> Iterator[Violation]:
    listed = _board(state, "directive_cards")
    # PA-B28: "40 Directive Cards": a complete list holds every one.
    if listed is not None and isinstance(name, str) and _complete(state, "directive_cards") and name not in listed:
        yield Violation("PA-B28", "Components", f"Directive card {name!r} is not in this box (the board lists every Directive card)")


# -- what a picker offers ---------------------------------------------------------------------


def destination_choices(state: State) -> list[str] | None:
    """The board's Destination cards not in play (None: the board holds none)."""
    listed = _board(state, "destination_cards")
    if listed is None:
        return None
    where = in_play(state)
    return [city for city in listed if city not in where]


def event_choices(state: State) -> list[str] | None:
    """The board's Event cards of this round not yet revealed."""
    listed = _board(state, "event_cards")
    if listed is None:
        return None
    shown = {card.get("name") for card in state["event_cards"]}
    return [name for name, face in listed.items() if face["round"] == state["round"] and name not in shown]


def directive_choices(state: State) -> list[str] | None:
    """The board's Directive cards whose printed phase and step are now."""
    listed = _board(state, "directive_cards")
    if listed is None:
        return None
    return [name for name, face in listed.items() if _fits(state, face)]


def _fits(state: State, face: Mapping[str, Any]) -> bool:
    """Whether a card printed for ``face["timing"]`` may be played now (PA-DIR-2, as ``rules_cards``)."""
    phase, step, now = face["timing"]["phase"], face["timing"]["step"], state["phase"]
    last = state["resolution"]["last"]
    if phase == "RESOLUTION":
        if now == "RESOLUTION":
            return step in {entry["area"] for entry in (due_entry(state), last) if entry is not None}
        unrolled = now in ("EXPANSION", "INCOME") and not state["expansion"]["rolls"]
        return unrolled and face.get("area") is not None and last is not None and last["area"] == step
    if phase == "ENGINEER" and now == "STOCK_PRICE":
        return bool(step == ("PRIORITY_ACCESS" if state["priority_queue"] else "ASSIGNMENT"))
    return PHASE_STEP.get(now) == (phase, step)
