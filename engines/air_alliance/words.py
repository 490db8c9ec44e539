"""Each event in one line of the game log, from the state before it (``EventRule.words``).
``who`` is the event's actor, or the player whose turn it is, or "The table" at the set-up."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.air_alliance import reservations, turns
from engines.air_alliance.reveals import face_of
from engines.base import State


def planes_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{data['player']} places planes at {', '.join(data['airports'])}"


def revealed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    """"C07 (A1 to E2) turns up", the route from the board when the event names the card."""
    card_id = data["card"]["id"]
    face = face_of(state, data["card"]) or {}
    if "dep" in face and "arr" in face:
        return f"{card_id} ({face['dep']} to {face['arr']}) turns up"
    return f"{card_id} turns up"


def board_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return "Board facts declared"


def alliance_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} forms an Alliance with {data['npa']}"


def marker_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    extra = " (extra marker)" if state.get("turn") and state["turn"]["phase"] == turns.EXTRA_PHASE else ""
    if "reserve" in data:
        return f"{who} reserves {data['reserve']}{extra}"
    if data.get("wait"):
        return f"{who} waits for a cancellation{extra}"
    if data.get("flush"):
        return f"{who} flushes the Boarding Pass{extra}"
    fly = data.get("fly")
    what = f"flies {fly['colour']} from {fly['from']} to {fly['to']}" if fly else "switches two planes" \
        if data.get("swap") else "places a marker with no action (nothing is legal)"
    return f"{who} {what} (slot {data['slot'] + 1}){extra}"


def gain_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} gains {data['card']}"


def phase1_end_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} has placed the markers: Lost Baggage"


def placement_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} places the cards gained on the Boarding Pass"


def reshuffle_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return "The discards are shuffled into a new deck: the Last Turn begins"


def refresh_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} discards the Baggage Claim Area for six new cards"


def swap_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} switches two planes at {data['airport']} (First Turn)"


def claims_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    claims: Mapping[str, str] = data["claims"]
    if not claims:
        return "Nobody claims a cancellation"
    taken = reservations.winners(state["seats"], turns.current(state), claims) if state.get("turn") else {}
    return "; ".join(f"{player} claims {card}" + ("" if taken.get(card, player) == player else " (too late)")
                     for player, card in claims.items())
