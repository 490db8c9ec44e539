"""The set-up's events (the note's B3.1): their rules and their effects.

Until the table is set up, the phase is ``SETUP`` and these events may come in any
order, each once (the Action table until a roll stands): ``advanced_bids`` (the
advanced variant only), ``action_table_rolled``, ``contracts_revealed`` and one
``financial_advisor_kept`` per player.  A roll the Mulligan Rule sends back is a fact
of the table too: it is stored, and the next roll replaces it.  When all are in, the
phase becomes ``SETUP_CONTRACTS`` (steps 22-23, ``setup_contracts``), or,
when the rules profile leaves those steps out of the standard set-up, ``TURNS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import conflicts, declare
from engines.panamax import action_table, market, reveals, turns
from engines.panamax.contracts import card_fact, card_problems

SETUP_RULE = "Set up"
SETUP_EVENTS = ("advanced_bids", "action_table_rolled", "contracts_revealed", "financial_advisor_kept")


def remaining(state: State) -> list[str]:
    """The set-up events still due, in the rulebook's order."""
    due = []
    if state["options"]["variant"] == "advanced" and not state["setup"]["bids"]:
        due.append("advanced_bids")
    if state["action_table"] is None:
        due.append("action_table_rolled")
    if not state["setup"]["contracts"]:
        due.append("contracts_revealed")
    if len(state["setup"]["advisors_kept"]) < len(state["seats"]):
        due.append("financial_advisor_kept")
    return due


def check(state: State, event_type: str, data: Mapping[str, Any]) -> list[Violation]:
    if event_type not in remaining(state):
        return [Violation("PX-S3" if event_type == "action_table_rolled" else _ONCE[event_type], SETUP_RULE,
                          f"{event_type.replace('_', ' ').capitalize()} is not due now "
                          f"(set-up still needs: {', '.join(remaining(state)) or 'nothing'})")]
    return _RULES[event_type](state, data)


def _roll(state: State, data: Mapping[str, Any]) -> list[Violation]:
    return action_table.recorded_roll_problems(len(state["seats"]), data)


def _contracts(state: State, data: Mapping[str, Any]) -> list[Violation]:
    """PX-S10: five different cards face up, each as the rulebook says every card is (a card
    named by its id has its faces on the board, PX-B20, and is in the box, PX-B21)."""
    given = [*data["action_table"].values(), data["inbound"], data["draw_top"]]
    ids = [card["id"] for card in given]
    cards = reveals.faces(state, given, reveals.CONTRACT_DECK)
    problems = reveals.box_problems(state, given, reveals.CONTRACT_DECK)
    problems += [problem for card in cards for problem in card_problems(card)]
    if len(set(ids)) != len(ids):
        problems.append(Violation("PX-S10", SETUP_RULE, f"Five different cards lie face up, not {', '.join(ids)}"))
    return problems + conflicts(state["declared"], [card_fact(card) for card in cards], state["step"] + 1)


def _advisor(state: State, data: Mapping[str, Any]) -> list[Violation]:
    """PX-S9: each player keeps exactly one secret goal."""
    player = data["player"]
    if player not in state["players"]:
        return [Violation("event/unknown-player", SETUP_RULE, f"{player!r} is not at the table")]
    if player in state["setup"]["advisors_kept"]:
        return [Violation("PX-S9", SETUP_RULE, f"{player} already keeps a secret Financial Advisor card")]
    return []


def _bids(state: State, data: Mapping[str, Any]) -> list[Violation]:
    """PX-S2: one bid from every player, each $12 to $24 in steps of $3."""
    bids = data["bids"]
    problems = [problem for player, bid in bids.items() for problem in market.bid_problems(player, bid)]
    if set(bids) != set(state["seats"]):
        problems.append(Violation("PX-S2", "Advance Set-up", f"Every player bids once: {', '.join(state['seats'])}; "
                                  f"bids came from {', '.join(bids) or 'nobody'}"))
    return problems


_RULES = {"action_table_rolled": _roll, "contracts_revealed": _contracts, "financial_advisor_kept": _advisor,
          "advanced_bids": _bids}
_ONCE = {"contracts_revealed": "PX-S10", "financial_advisor_kept": "PX-S9", "advanced_bids": "PX-S2"}


def apply(state: State, event_type: str, data: Mapping[str, Any]) -> None:
    """Fold a set-up event into ``state`` (the caller's own copy)."""
    setup = state["setup"]
    if event_type == "action_table_rolled":
        layout = action_table.standing_layout(len(state["seats"]), data)
        if layout is None:
            setup["mulligans"] += 1  # every die is rolled again: the table stays unset
        else:
            state["action_table"] = layout
    elif event_type == "contracts_revealed":
        given = [*data["action_table"].values(), data["inbound"], data["draw_top"]]
        cards = reveals.faces(state, given, reveals.CONTRACT_DECK)  # a card nobody has shown declares nothing
        state["declared"] = declare(state["declared"], [card_fact(card) for card in cards], state["step"])
        state["contracts"] = {"slots": {slot: card["id"] for slot, card in data["action_table"].items()},
                              "inbound": data["inbound"]["id"], "draw_top": data["draw_top"]["id"]}
        setup["contracts"] = True
    elif event_type == "financial_advisor_kept":
        setup["advisors_kept"].append(data["player"])
        state["players"][data["player"]]["advisors"] += 1
        state["advisor_pile"] -= 1
    elif event_type == "advanced_bids":
        for player, bid in data["bids"].items():
            company, money, price = market.after_bid(bid)
            colour = state["players"][player]["company"]
            state["companies"][colour]["money"], state["companies"][colour]["price"] = company, price
            state["players"][player]["money"] = money
        setup["bids"] = True
    if not remaining(state):
        contracts = state["options"]["variant"] == "advanced" or state["options"]["setup_contracts_in_standard"]
        state["phase"] = "SETUP_CONTRACTS" if contracts else "TURNS"
        if state["phase"] == "TURNS":
            state["turn"] = turns.new_turn(turns.current_player(state))
