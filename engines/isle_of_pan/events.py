"""The event-rule table: each event type of The Isle of Pan declared once
(``engines.table_engine.EventRule``): its schema, its rules, its fold, its line in the log
and the choices ``expected`` offers for it.  The package docstring describes each event.

``by="table"``: anyone at the table records it (the Starting Tile, the tiles turned up,
a score token set by hand, a Fantastic Beast); the rest are the current player's, within
the turn's steps (``rules``: the guards before each rule).
"""

from __future__ import annotations

from engines.isle_of_pan import effects, offers, rules, words
from engines.isle_of_pan.rules_after_move import check_end_turn, check_observed, check_wondrous_lake
from engines.isle_of_pan.rules_setup import check_revealed, check_start
from engines.isle_of_pan.rules_table import check_beast, check_score_set
from engines.isle_of_pan.rules_turn import check_moved, check_placed
from engines.isle_of_pan.schemas import (
    AnimalsObservedSchema,
    EndTurnSchema,
    ExplorerMovedSchema,
    FantasticBeastAppearedSchema,
    ScoreTokenSetSchema,
    StartingTileDeclaredSchema,
    TilePlacedSchema,
    TileRevealedSchema,
    TileTakenSchema,
    WondrousLakePlacedSchema,
)
from engines.table_engine import EventRule

EVENT_RULES: dict[str, EventRule] = {
    "starting_tile_declared": EventRule(StartingTileDeclaredSchema, check_start, effects.apply_start,
                                        words.start_words, offers.start_offered, by="table"),
    "tile_revealed": EventRule(TileRevealedSchema, check_revealed, effects.apply_revealed, words.revealed_words,
                               offers.reveal_offered, by="table"),
    "tile_taken": EventRule(TileTakenSchema, rules.check_take, effects.apply_taken, words.taken_words,
                            offers.take_offered),
    "tile_placed": EventRule(TilePlacedSchema, check_placed, effects.apply_placed, words.placed_words,
                             offers.place_offered),
    "explorer_moved": EventRule(ExplorerMovedSchema, check_moved, effects.apply_moved, words.moved_words,
                                offers.move_offered),
    "animals_observed": EventRule(AnimalsObservedSchema, check_observed, effects.apply_observed,
                                  words.observed_words, offers.observe_offered),
    "wondrous_lake_placed": EventRule(WondrousLakePlacedSchema, check_wondrous_lake, effects.apply_wondrous_lake,
                                      words.lake_words, offers.lake_offered),
    "fantastic_beast_appeared": EventRule(FantasticBeastAppearedSchema, check_beast, effects.apply_beast,
                                          words.beast_words, by="table"),
    "score_token_set": EventRule(ScoreTokenSetSchema, check_score_set, effects.apply_score_set,
                                 words.score_set_words, by="table"),
    "end_turn": EventRule(EndTurnSchema, check_end_turn, effects.apply_end_turn, words.end_turn_words),
}
