"""Checks for Directive cards (PA-DIR-1..6) and for what any card does (``Effect``): PA-M1,
PA-K3, PA-V4, PA-P1, PA-C1, PA-UP1..2, PA-A2..3, PA-FR1 (and PA-D2, D7 for free routes), PA-B22
(a card drawn from the deck is none in play).

Effects are judged one after the other, each on the table as the effects before it left
it, so "pay $2, then place an Airport, then claim a route" is judged as the table plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.pan_am import flow, items
from engines.pan_am.card_effects import ALL, apply_effect
from engines.pan_am.knowledge import effect_facts, learn
from engines.pan_am.rules_event import price_problems
from engines.pan_am.rules_resolution import airport_problems, route_problems
from engines.pan_am.state import PLANES
from engines.pan_am.table import (
    PHASE_STEP,
    due_entry,
    next_state,
    phase_words,
    placements,
)

CARDS = "Directive Cards"
EXAMPLES = "Directive Card Examples"
FREE = "Claim a Free Route"
UPGRADE = "Upgrade"
MONEY_RULE = "Bid Too Much?"
EXPANSION_RULE = "4. Pan Am Phase: Expansion Step"
PLAYER_KINDS = frozenset({"money", "income", "stock", "draw_directive", "gain_destination", "discard_destination",
                          "gain_plane", "upgrade_plane", "place_airport", "free_route", "peek"})
EVERYONE_KINDS = frozenset({"money", "income", "stock"})


def guard_directive(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # PA-DIR-1: the player holds a Directive card.
    if state["players"][who]["directives"] <= 0:
        return [Violation("PA-DIR-1", CARDS, f"{who} holds no Directive card")]
    return []


def check_directive(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    timing = data.get("timing") or {}
    phase, step = timing.get("phase"), timing.get("step")
    declared = data.get("area")
    area = declared if declared is not None else (step if phase == "RESOLUTION" else None)
    out = _known_card(who, data, phase, step, area)
    if phase == "ENGINEER" and state["phase"] == "STOCK_PRICE":
        # The Stock Price step lasts until the first Engineer-phase event: this card opens the
        # Engineer phase (Priority Access, or the Assignment step), as an Engineer event would.
        state = next_state(state)
        flow.enter_engineer_phase(state)
    if phase == "RESOLUTION" and declared is not None:
        out += _resolution_timing(state, who, str(step), area)
    elif phase == "RESOLUTION":
        out += _resolution_step(state, str(step))
    else:
        now = PHASE_STEP.get(state["phase"])
        # PA-DIR-2: "You may play it at any time during the indicated step."
        if now != (phase, step):
            message = f"{_name(data)} is played in the {_words(phase)} phase, {_words(step)} step; now is {phase_words(state)}"
            out.append(Violation("PA-DIR-2", CARDS, message))
    return out + effect_problems(state, who, data.get("effects"), personal=True)


def _words(name: Any) -> str:
    """ "STOCK_PRICE" -> "Stock Price", "PAN_AM" -> "Pan Am"."""
    return str(name).replace("_", " ").title()


def _name(data: Mapping[str, Any]) -> str:
    return f"The {data['card']!r} card" if data.get("card") else "This Directive card"


def _resolution_step(state: State, step: str) -> list[Violation]:
    """PA-DIR-2 for a Resolution card that names no area: "*Some* Directive cards must be
    played when resolving an Engineer", so one that is not is played while the Engineers of
    its step are being resolved (the one due, or the one just resolved, is in that area)."""
    if state["phase"] == "RESOLUTION":
        due, last = due_entry(state), state["resolution"]["last"]
        if step in {entry["area"] for entry in (due, last) if entry is not None}:
            return []
    return [Violation("PA-DIR-2", CARDS,
                      f"This card is played while the {step} Engineers are resolved; now is {phase_words(state)}")]


def _resolution_timing(state: State, who: str, step: str, area: Any) -> list[Violation]:
    """PA-DIR-3 (an Engineer in the area) and PA-DIR-4 (directly before or after resolving it)."""
    if step not in ("A", "B", "C", "D", "E") or (area is not None and area != step):
        return [Violation("PA-DIR-2", CARDS, f"A Resolution-phase card names one area A-E as its step, not {step} (area {area})")]
    # "Directly after" the last Engineer: nothing has happened since, not even a roll (with no
    # roll on the Event card the table is already at the Income step).
    unrolled = state["phase"] in ("EXPANSION", "INCOME") and not state["expansion"]["rolls"]
    if state["phase"] != "RESOLUTION" and not unrolled:
        return [Violation("PA-DIR-2", CARDS, f"This card is played in the Resolution phase ({step}); now is {phase_words(state)}")]
    # PA-DIR-3: "you can't play the card if you don't have an Engineer assigned to the indicated area".
    if not any(p["player"] == who for p in placements(state, step)):
        return [Violation("PA-DIR-3", CARDS, f"{who} has no Engineer on {step} this round")]
    due = due_entry(state) if state["phase"] == "RESOLUTION" else None
    last = state["resolution"]["last"]
    before = due is not None and due["area"] == step and due["player"] == who
    after = last is not None and last["area"] == step and last["player"] == who
    # PA-DIR-4: "Play the card either directly before or directly after resolving the Engineer."
    if not (before or after):
        return [Violation("PA-DIR-4", CARDS, f"{who} plays this card directly before or after resolving their {step} Engineer")]
    return []


def _known_card(who: str, data: Mapping[str, Any], phase: Any, step: Any, area: Any) -> list[Violation]:
    """PA-DIR-5 and PA-DIR-6: the two cards the rulebook describes."""
    card = data.get("card")
    effects = [e for e in data.get("effects") or [] if isinstance(e, Mapping)]
    mine = [e for e in effects if e.get("player", who) == who]
    if card == "Prediction":
        money = sum(e.get("amount", 0) for e in mine if e.get("kind") == "money")
        # PA-DIR-5: "Earn $3, then look at the top card of the Event deck. (Event Phase — Stock Adjustment)"
        if (phase, step) != ("EVENT", "STOCK_PRICE") or money != 3:
            return [Violation("PA-DIR-5", EXAMPLES, f"Prediction is played in the Stock Price step and earns {who} $3 (here: {phase}/{step}, ${money})")]
    if card == "Regional Airport":
        airports = [e for e in mine if e.get("kind") == "place_airport"]
        # PA-DIR-6: "When resolving your Engineer, pay $2 to place an Airport. (Resolution Phase — D Routes)"
        if (phase, step, area) != ("RESOLUTION", "D", "D") or len(airports) != 1 or airports[0].get("cost") != 2:
            return [Violation("PA-DIR-6", EXAMPLES, f"Regional Airport is played while resolving {who}'s D Engineer: pay $2 to place one Airport")]
    return []


def effect_problems(state: State, who: str, effects: Any, personal: bool) -> list[Violation]:
    """Every problem of a list of effects, each judged after the ones before it."""
    effects = [e for e in effects if isinstance(e, Mapping)] if isinstance(effects, list) else []
    table = next_state(state)
    learn(table, effect_facts(effects))
    out: list[Violation] = []
    for effect in effects:
        out += _effect(table, who, effect, personal)
        apply_effect(table, who, effect)
    return out


def _effect(state: State, who: str, effect: Mapping[str, Any], personal: bool) -> list[Violation]:
    kind = str(effect.get("kind"))
    named = effect.get("player", who if personal else None)
    if kind in PLAYER_KINDS:
        if named == ALL and kind in EVERYONE_KINDS:
            return [v for name in state["seats"] for v in _for_player(state, name, kind, effect)]
        if named not in state["players"]:
            return [Violation("event/unknown-player", CARDS, f"A {kind} effect names {named!r}: name a player")]
        return _for_player(state, str(named), kind, effect)
    if kind == "stock_price":
        # PA-K3: the price does not change during the Stock step.
        if state["phase"] == "STOCK":
            return [Violation("PA-K3", "4. Pan Am Phase: Stock Step", "The Stock Price does not change during the Stock step")]
        return price_problems(state, effect.get("op"), effect.get("value"))
    if kind == "die_rolls":
        return _rolls_problems(state, int(effect.get("amount", 0)))
    return []


def _rolls_problems(state: State, amount: int) -> list[Violation]:
    """PA-P1: a card changes how many times the die is rolled, never below 0 nor below the rolls
    already made ("resolve each one before rolling again": a roll made stays made)."""
    expected, made = state["expansion"]["rolls_expected"], len(state["expansion"]["rolls"])
    left = expected + amount
    change = f"this round's {_times(expected, 'roll')} and {amount:+d} leave {left}"
    if left < 0:
        return [Violation("PA-P1", EXPANSION_RULE, f"The die cannot be rolled fewer than 0 times: {change}")]
    if left < made:
        return [Violation("PA-P1", EXPANSION_RULE, f"The die was already rolled {_times(made, 'time')} this round: {change}, fewer than the rolls made")]
    return []


def _times(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _for_player(state: State, name: str, kind: str, effect: Mapping[str, Any]) -> list[Violation]:
    player = state["players"][name]
    if kind in ("money", "stock", "income"):
        have = player[kind]
        # PA-M1: money and Stock never go below 0 (the effect takes what there is).
        if have + int(effect.get("amount", 0)) < 0:
            return [Violation("PA-M1", MONEY_RULE, f"{name} has {_amount_words(kind, have)}: the effect ({int(effect.get('amount', 0)):+d}) takes {kind} to 0, not below", "warning")]
        return []
    if kind == "gain_destination":
        # PA-B22: the card comes from the deck, so it is none in a hand or on the display.
        return items.drawn_problems(state, effect.get("card"))
    if kind == "discard_destination":
        if not any(card["city"] == effect.get("city") for card in player["destinations"]):
            return [Violation("PA-LR-5", "Landing Rights", f"{name} holds no {effect.get('city')} Destination card to discard")]
        return []
    if kind == "gain_plane":
        # PA-C1: none left of that range in the player's colour: nothing is gained.
        if player["hangar"].get(effect.get("plane"), 0) <= 0:
            return [Violation("PA-C1", "C. Planes", f"{name} has no {str(effect.get('plane')).title()} left in the hangar: nothing gained", "warning")]
        return []
    if kind == "upgrade_plane":
        return _upgrade(state, name, effect.get("plane"))
    if kind == "place_airport":
        out = airport_problems(state, name, str(effect.get("city")), None)
        cost = int(effect.get("cost", 0))
        # A card that says "pay $2 to place an Airport" cannot be used without the $2 (the
        # forced sale of *Bid Too Much?* covers bids only); an overridden one pays what there is.
        if cost > player["money"]:
            out.append(Violation("PA-M1", MONEY_RULE, f"{name} has ${player['money']}, not the ${cost} the Airport costs"))
        return out
    if kind == "free_route":
        out = route_problems(state, name, [str(c) for c in effect.get("cities") or []], effect.get("distance"), effect.get("plane"), FREE)
        # PA-FR1: no Landing Rights, but a plane of the fleet within range (PA-AMB-6).
        return [Violation("PA-FR1", FREE, v.message) if v.code == "PA-D3" else v for v in out]
    return []


def _amount_words(kind: str, amount: int) -> str:
    return f"${amount}" if kind == "money" else f"{amount} {'Stock' if kind == 'stock' else 'income'}"


def _upgrade(state: State, name: str, plane: Any) -> list[Violation]:
    player = state["players"][name]
    # PA-UP1: "You can only upgrade Planes that are currently in your fleet", to range exactly one higher.
    if plane not in PLANES or player["fleet"].get(plane, 0) <= 0:
        return [Violation("PA-UP1", UPGRADE, f"{name} has no {str(plane).title()} in the fleet to upgrade")]
    if plane == PLANES[-1]:
        return [Violation("PA-UP1", UPGRADE, "A Jet has the longest range: there is nothing to upgrade it to")]
    better = PLANES[PLANES.index(plane) + 1]
    # PA-UP2: "You can't upgrade to a Plane that is currently unavailable".
    if player["hangar"].get(better, 0) <= 0:
        return [Violation("PA-UP2", UPGRADE, f"{name} has no {better.title()} left in the hangar")]
    if state["tiles"].get(better):
        return [Violation("PA-UP2", UPGRADE, f"The {better.title()} track is still covered by its tile")]
    return []
