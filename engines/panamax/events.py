"""The event-rule table: each Panamax event type declared once (``engines.table_engine.EventRule``):
its schema, its rules, its fold, its words and its offers.

The engine's guards run first (``TableEngine.check`` in Panamax's order: an unknown type
or player, the game over, a player named in the data, PX-T1, PX-F1, the Setup
Contracts' step, PX-S11).  A rule then receives the actor
as sent, ``""`` for none: Panamax's rules read an event without an actor as nobody's in
particular, not as the current player's.  A fold finds the player acting in the state
(``turns.current_player``), as it always has; ``Panamax.fold`` wraps it with what follows
every event (the step, a flag's free action settled, the round's end moved on).  Where
one type means one thing in one phase and another in the next (``turn_ended`` in the
Setup Contracts' step, ``action_table_rolled`` between rounds), its rule says so; an
event folded outside its phase (a table's ruling) folds as the set-up's events do
(``setup_phase.apply``), as it always has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State, Violation
from engines.panamax import (
    bonus_cards,
    free_actions,
    loading,
    movement,
    offers,
    round_end,
    setup_contracts,
    setup_phase,
    turns,
    words,
)
from engines.panamax import schemas as s
from engines.table_engine import EventRule

Data = Mapping[str, Any]
Check = Callable[[State, str, Data], list[Violation]]
Fold = Callable[[State, str, Data], None]
ActorRules = Callable[[State, "str | None", Data], list[Violation]]


def _as_sent(rules: ActorRules) -> Check:
    """A rule of ``(state, actor, data)``, with the actor as sent (None for ``""``)."""
    return lambda state, who, data: rules(state, who or None, data)


def _in_turn(rules: Callable[[State, Data], list[Violation]]) -> Check:
    """A turn's rule that applies once the actor is the player whose turn it is."""
    return lambda state, who, data: turns.actor_problems(state, who or None) or rules(state, data)


def _folds(effects: Callable[[State, Data], None]) -> Fold:
    """A fold of ``(state, data)``: the player it concerns is in the state."""
    return lambda state, who, data: effects(state, data)


def _set_up_fold(event_type: str) -> Fold:
    """A set-up event's fold, which also folds an event ruled in outside its phase."""
    return lambda state, who, data: setup_phase.apply(state, event_type, data)


def _setup_event(event_type: str) -> Check:
    """PX-S10: a set-up event once, while the table is set up (PX-S2, PX-S9 by their rules)."""
    def check(state: State, who: str, data: Data) -> list[Violation]:
        if state["phase"] != "SETUP":
            return [Violation("PX-S10", "Set up", f"The set-up is over: no {event_type.replace('_', ' ')} now")]
        return setup_phase.check(state, event_type, data)
    return check


def _check_roll(state: State, who: str, data: Data) -> list[Violation]:
    """At the set-up (PX-S3 to S5), and between rounds (PX-E7)."""
    if state["phase"] == "MAINTENANCE":
        return round_end.check_new_round_roll(state, data)
    if state["phase"] != "SETUP":
        return [Violation("PX-E7", "Maintenance of Cargo", "The Action table is rolled at the set-up and between rounds")]
    return setup_phase.check(state, "action_table_rolled", data)


def _apply_roll(state: State, who: str, data: Data) -> None:
    if state["phase"] == "MAINTENANCE":
        round_end.apply_new_round_roll(state, data)
    else:
        setup_phase.apply(state, "action_table_rolled", data)


def _check_end(state: State, who: str, data: Data) -> list[Violation]:
    """A turn's end, or a player's loading of a Setup Contract done (§4 step 23)."""
    if state["phase"] == "SETUP_CONTRACTS":
        return setup_contracts.check_done(state, who or None)
    return turns.check_end(state, who or None, data)


def _apply_end(state: State, who: str, data: Data) -> None:
    if state["phase"] == "SETUP_CONTRACTS":
        setup_contracts.apply_done(state)
        return
    turns.apply_end(state)
    if state["phase"] == "END_RAIL":  # the table is empty: the round's end begins
        round_end.start_end_of_round(state)


def _in_setup_contracts(effects: Callable[[State, Data], None], event_type: str) -> Fold:
    """A fold of the Setup Contracts' step; outside it (a ruling), as a set-up event."""
    def fold(state: State, who: str, data: Data) -> None:
        if state["phase"] == "SETUP_CONTRACTS":
            effects(state, data)
        else:
            setup_phase.apply(state, event_type, data)
    return fold


def _placing(kind: str) -> tuple[Check, Fold]:
    return (_as_sent(lambda state, actor, data: loading.check_place(state, actor, data, kind)),
            lambda state, who, data: loading.apply_place(state, data, kind))


def _check_move(state: State, data: Data) -> list[Violation]:
    return movement.check_move(state, data, turns.current_player(state))


def _apply_move(state: State, data: Data) -> None:
    movement.apply_move(state, data, turns.current_player(state))


def _apply_military(state: State, data: Data) -> None:
    movement.apply_military(state, data, turns.current_player(state))


def _check_impossible(state: State, data: Data) -> list[Violation]:
    return movement.impossible_problems(state)


def _apply_impossible(state: State, who: str, data: Data) -> None:
    state["turn"]["movement_waived"] = True


_BUILT, _DEPLOYED, _TO_ZONE = _placing("built"), _placing("deployed"), _placing("to_loading_zone")

# ``by="table"``: the events anyone at the table records (a roll, cards turned up, a
# company's fees); ``Panamax.turn_guard`` still holds them to the turn's player while a
# turn is played, as PX-T1 always has.
EVENT_RULES: dict[str, EventRule] = {
    # The set-up (§3, ``setup_phase``).
    "action_table_rolled": EventRule(s.ActionTableRolled, _check_roll, _apply_roll, words.rolled, by="table"),
    "contracts_revealed": EventRule(s.ContractsRevealed, _setup_event("contracts_revealed"),
                                    _set_up_fold("contracts_revealed"), words.contracts_revealed,
                                    offers.contracts_revealed_offered, by="table"),
    "financial_advisor_kept": EventRule(s.AdvisorKept, _setup_event("financial_advisor_kept"),
                                        _set_up_fold("financial_advisor_kept"), words.advisor_kept,
                                        offers.advisor_kept_offered, by="table"),
    "advanced_bids": EventRule(s.AdvancedBids, _setup_event("advanced_bids"), _set_up_fold("advanced_bids"),
                               words.bids, by="table"),
    # A turn (§5, ``turns``, ``loading``), and the round's end (§6-§8, ``round_end``).
    "die_transferred": EventRule(s.DieTransferred, _as_sent(turns.check_transfer), _folds(turns.apply_transfer),
                                 words.transferred, offers.transfer_offered),
    "action_die_taken": EventRule(s.ActionDieTaken, _as_sent(turns.check_take), _folds(turns.apply_take),
                                  words.die_taken, offers.take_offered),
    "share_bought": EventRule(s.CompanyTarget, _as_sent(turns.check_share), _folds(turns.apply_share),
                              words.share_bought, offers.share_offered),
    "stock_raised": EventRule(s.CompanyTarget, _as_sent(turns.check_raise), _folds(turns.apply_raise),
                              words.stock_raised, offers.raise_offered),
    "turn_ended": EventRule(s.TurnEnded, _check_end, _apply_end, words.turn_ended),
    "contract_taken": EventRule(s.ContractTaken, _as_sent(loading.check_contract), _folds(loading.apply_contract),
                                words.contract_taken, offers.contract_offered),
    "contract_card_revealed": EventRule(s.CardRevealed, _as_sent(loading.check_revealed),
                                        _folds(loading.apply_revealed), words.card_revealed,
                                        offers.card_revealed_offered),
    "ship_built": EventRule(s.ShipPlaced, *_BUILT, words.built, offers.built_offered),
    "ship_deployed": EventRule(s.ShipPlaced, *_DEPLOYED, words.deployed, offers.deployed_offered),
    "ship_to_loading_zone": EventRule(s.ShipPlaced, *_TO_ZONE, words.to_loading_zone, offers.to_loading_zone_offered),
    "die_loaded": EventRule(s.DieLoaded, _as_sent(loading.check_load), _folds(loading.apply_load), words.die_loaded,
                            offers.load_offered),
    "rail_flag_taken": EventRule(s.RailFlagTaken, _as_sent(round_end.check_flag), _folds(round_end.apply_flag),
                                 words.rail_flag, offers.rail_flag_offered),
    "cargo_fees": EventRule(s.CargoFees, _as_sent(round_end.check_fees), _folds(round_end.apply_fees), words.fees,
                            offers.fees_offered, by="table"),
    "dividends": EventRule(s.Dividends, _as_sent(round_end.check_dividends), _folds(round_end.apply_dividends),
                           words.dividends, offers.dividends_offered, by="table"),
    "financial_advisor_revealed": EventRule(s.AdvisorsRevealed, _as_sent(round_end.check_reveal),
                                            _folds(round_end.apply_reveal), words.advisors_revealed,
                                            offers.advisors_revealed_offered, by="table"),
    # The Setup Contracts (§4 steps 22-23, ``setup_contracts``).
    "setup_contracts_drawn": EventRule(s.SetupContractsDrawn, _as_sent(setup_contracts.check_drawn),
                                       _in_setup_contracts(setup_contracts.apply_drawn, "setup_contracts_drawn"),
                                       words.setup_drawn, offers.setup_drawn_offered, by="table"),
    "setup_contract_chosen": EventRule(s.SetupContractChosen, _as_sent(setup_contracts.check_chosen),
                                       _in_setup_contracts(setup_contracts.apply_chosen, "setup_contract_chosen"),
                                       words.setup_chosen, offers.setup_chosen_offered),
    # Movement (``movement``), a flag's free action whoever's turn it is (``free_actions``), a card.
    "ship_moved": EventRule(s.ShipMoved, _in_turn(_check_move), _folds(_apply_move), words.moved, offers.move_offered),
    "military_pay_claimed": EventRule(s.MilitaryPay, _in_turn(movement.military_problems), _folds(_apply_military),
                                      words.military_pay, offers.military_offered),
    "free_action_used": EventRule(s.FreeActionUsed, _as_sent(free_actions.check_used),
                                  _folds(free_actions.apply_used), words.free_action, offers.free_action_offered),
    "bonus_card_played": EventRule(s.BonusCardPlayed, _as_sent(bonus_cards.check_played),
                                   _folds(bonus_cards.apply_played), words.bonus_card, offers.bonus_offered),
    "movement_impossible": EventRule(s.MovementImpossible, _in_turn(_check_impossible), _apply_impossible,
                                     words.movement_impossible),
}
