"""The ``Panamax`` engine object (work in progress: not registered, see the package
docstring).  It follows ``engines.base.Engine`` and, like Pan Am's, delegates to one
module per job.  So far it knows the set-up and its events, and a turn's Action die,
transfer, Market actions and end; loading, movement and the round's end come next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from marshmallow import Schema

from engines.base import EventUnpacking, Option, SetupError, State, Violation, json_copy, resolve_options
from engines.panamax import setup_phase, turns
from engines.panamax.schemas import EVENT_SCHEMAS
from engines.panamax.setup import OPTIONS, initial_state, setup_problems


def check_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """The guards (an unknown type, an unknown actor), then the event's own rules."""
    if event_type not in EVENT_SCHEMAS:
        return [Violation("event/unknown-type", "Events", f"Panamax has no event {event_type!r}")]
    if actor is not None and actor not in state["players"]:
        return [Violation("event/unknown-player", "Events", f"{actor!r} is not at the table")]
    if event_type in _TURN_EVENTS:
        return _TURN_EVENTS[event_type][0](state, actor, data)
    if event_type in setup_phase.SETUP_EVENTS and state["phase"] != "SETUP" and event_type != "action_table_rolled":
        return [Violation("PX-S10", "Set up", f"The set-up is over: no {event_type.replace('_', ' ')} now")]
    return setup_phase.check(state, event_type, data)


# event type -> (rules, effects) of a turn
_TURN_EVENTS = {
    "die_transferred": (turns.check_transfer, turns.apply_transfer),
    "action_die_taken": (turns.check_take, turns.apply_take),
    "share_bought": (turns.check_share, turns.apply_share),
    "stock_raised": (turns.check_raise, turns.apply_raise),
    "turn_ended": (turns.check_end, lambda state, data: turns.apply_end(state)),
}


def apply_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> State:
    """A new state with the event folded in (never judged again: a stored event is a fact)."""
    folded: State = json_copy(state)
    folded["step"] += 1
    if event_type in _TURN_EVENTS:
        _TURN_EVENTS[event_type][1](folded, data)
    else:
        setup_phase.apply(folded, event_type, data)
    return folded


def describe_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> str:
    """One line for the game log."""
    if event_type == "action_table_rolled":
        layout = data["layout"]
        blue, grey = (sum(layout["columns"][:3]), sum(layout["columns"][3:]))
        return f"Action table rolled: {blue} movement and {grey} contract dice, Executive dice on {layout['executive']}"
    if event_type == "contracts_revealed":
        return "Contracts revealed: " + ", ".join(f"{slot}: {card['id']}" for slot, card in sorted(data["action_table"].items()))
    if event_type == "financial_advisor_kept":
        return f"{data['player']} keeps a secret Financial Advisor card"
    if event_type in _TURN_EVENTS:
        return _turn_words(state, event_type, actor or turns.current_player(state), data)
    return "Blind bids opened: " + ", ".join(f"{player} ${bid}" for player, bid in data["bids"].items())


def _die(source: Mapping[str, int]) -> str:
    return f"column {source['column']}" if "column" in source else f"Executive die {source['executive']}"


def _turn_words(state: State, event_type: str, player: str, data: Mapping[str, Any]) -> str:
    if event_type == "die_transferred":
        return f"{player} moves the die of {_die(data['from'])} to column {data['to_column']} (${turns.transfer_cost(state)})"
    if event_type == "action_die_taken":
        return f"{player} takes the die of {_die(data['from'])} for {data['use'].replace('_', ' ')}"
    if event_type == "share_bought":
        return f"{player} buys a {data['company']} share for ${state['companies'][data['company']]['price']}"
    if event_type == "stock_raised":
        return f"{player} raises the {data['company']} stock by $2"
    return f"{player} ends the turn"


def standings(state: State) -> dict[str, Any]:
    """Net worth while playing (the note's B6.2): personal money, shares at their price, the
    Managing Director Awards, less $15 a Bailout.  Financial Advisor cards are hidden goals
    until the end, so they are not counted yet."""
    rows = []
    for name in state["seats"]:
        player = state["players"][name]
        shares = sum(count * (state["companies"][colour]["price"] or 0) for colour, count in player["shares"].items())
        awards, bailouts = sum(player["awards"]), 15 * player["bailouts"]
        total = player["money"] + shares + awards - bailouts
        rows.append({"player": name, "total": total, "status": "managing", "rank": None,
                     "breakdown": {"money": player["money"], "shares": shares, "awards": awards, "bailouts": -bailouts,
                                   "company_money": state["companies"][player["company"]]["money"]}})
    order = state["turn_order"]
    ranked = sorted(rows, key=lambda row: (-row["total"], order.index(row["player"])))
    for row in rows:
        row["rank"] = 1 + sum(1 for other in ranked if other["total"] > row["total"])
    return {"final": False, "players": rows, "winners": []}


def expected_of(state: State) -> dict[str, Any]:
    """Who may act and which events are possible now."""
    if state["phase"] == "SETUP":
        due = setup_phase.remaining(state)
        kept = state["setup"]["advisors_kept"]
        options = {"financial_advisor_kept": {"player": [p for p in state["seats"] if p not in kept]}} \
            if "financial_advisor_kept" in due else {}
        return {"actors": [], "event_types": due, "options": options}
    if state["phase"] == "TURNS":
        return {"actors": [turns.current_player(state)], "event_types": turns.possible(state), "options": {}}
    return {"actors": [], "event_types": [], "options": {}}


class Panamax(EventUnpacking):
    """Panamax: run a shipping company through the Panama Canal, and end the game as the
    richest investor."""

    name: ClassVar[str] = "panamax"
    title: ClassVar[str] = "Panamax"
    rules_version: ClassVar[str] = "1"
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    rules = staticmethod(check_event)
    effects = staticmethod(apply_event)
    words = staticmethod(describe_event)
    standings = staticmethod(standings)
    expected = staticmethod(expected_of)

    def setup(self, players: Sequence[str], options: Mapping[str, Any]) -> State:
        """The table after §3 steps 1-20; SetupError (PX-S1, options) when no game can start."""
        opts = resolve_options(self, options)
        problems = setup_problems(list(players), opts)
        if problems:
            raise SetupError(problems)
        state = initial_state(list(players), opts)
        state.update({"step": 0, "declared": {}, "contracts": None, "turn_index": 0, "turn": None,
                      "setup": {"bids": False, "contracts": False, "advisors_kept": [], "mulligans": 0}})
        return state

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "OVER")
