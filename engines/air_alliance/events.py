"""The event-rule table: each Air Alliance event type declared once (``engines.table_engine.EventRule``):
its schema, its check (``setup_phase``, ``reveals``, ``turns``, ``first_turn``), its fold,
its words (``words``) and its offers (``offers``).

Each check judges the actor it is given against the player whose turn it is (AA-C03, in
``turns.turn_problems``) and the turn's phase; each fold reads that player from the state.
Only ``cancellations_claimed`` is recorded by anyone at the table (the Kobe Rules (4))."""

from __future__ import annotations

from engines.air_alliance import first_turn, offers, reveals, setup_phase, turns, words
from engines.air_alliance.schemas import (
    AllianceFormed,
    BoardDeclared,
    BoardingPassUpdated,
    CancellationsClaimed,
    CardOnly,
    CardRevealed,
    MarkerPlaced,
    Nothing,
    PlanesPlaced,
    Swap,
)
from engines.table_engine import EventRule

EVENT_RULES: dict[str, EventRule] = {
    "planes_placed": EventRule(PlanesPlaced, setup_phase.check_planes, setup_phase.apply_planes, words.planes_words),
    "card_revealed": EventRule(CardRevealed, reveals.check_reveal, reveals.apply_reveal, words.revealed_words,
                               offers.reveal_offered),
    "board_declared": EventRule(BoardDeclared, setup_phase.check_board, setup_phase.apply_board, words.board_words),
    "alliance_formed": EventRule(AllianceFormed, turns.check_alliance, turns.apply_alliance, words.alliance_words,
                                 offers.alliance_options),
    "marker_placed": EventRule(MarkerPlaced, turns.check_marker, turns.apply_marker, words.marker_words,
                               offers.marker_options),
    "passenger_gained": EventRule(CardOnly, turns.check_gain, turns.apply_gain, words.gain_words, offers.gain_options),
    "phase1_ended": EventRule(Nothing, turns.check_phase1_end, turns.apply_phase1_end, words.phase1_end_words,
                              offers.phase1_end_options),
    "boarding_pass_updated": EventRule(BoardingPassUpdated, turns.check_placement, turns.apply_placement,
                                       words.placement_words),
    "discards_reshuffled": EventRule(Nothing, turns.check_reshuffle, turns.apply_reshuffle, words.reshuffle_words),
    "row_refreshed": EventRule(Nothing, turns.check_refresh, turns.apply_refresh, words.refresh_words),
    "first_turn_swap": EventRule(Swap, first_turn.check_swap, first_turn.apply_swap, words.swap_words,
                                 offers.swap_options),
    "cancellations_claimed": EventRule(CancellationsClaimed, turns.check_claims, turns.apply_claims,
                                       words.claims_words, offers.claims_offered, by="table"),
}
