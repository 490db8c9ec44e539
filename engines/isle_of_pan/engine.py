"""The ``IsleOfPan`` engine object: the protocol of ``engines.base.Engine``, delegating
to one module per job (``rules`` checks, ``effects`` folds, ``offers`` offers,
``scoring`` ranks, ``words`` and ``view`` words, ``hexes`` geometry).  See the
package docstring for the events, options and gap decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from marshmallow import Schema

from engines.base import (
    BoardFile,
    EngineBase,
    EventFunctions,
    Option,
    RulesVersion,
    SetupError,
    State,
    Violation,
    chosen_board,
    resolve_options,
)
from engines.isle_of_pan import scoring
from engines.isle_of_pan.board import BOARD_FILE, lay
from engines.isle_of_pan.codes import CODES
from engines.isle_of_pan.effects import apply_event
from engines.isle_of_pan.offers import expected_of
from engines.isle_of_pan.profile import OPTIONS, default_tile_count, player_problems, profile_problems, setup_flags
from engines.isle_of_pan.rules import check_event
from engines.isle_of_pan.schemas import EVENT_SCHEMAS
from engines.isle_of_pan.state import new_state
from engines.isle_of_pan.view import changes_between, position_of
from engines.isle_of_pan.words import describe_event


class IsleOfPan(EngineBase):
    """The Isle of Pan (Lumberjacks Studio, 2019): take a Landscape tile, lay it against the
    island, walk your Explorer, observe animals; Wondrous Lakes still on your board score
    the largest Domain Group of their kind."""

    name: ClassVar[str] = "isle-of-pan"
    title: ClassVar[str] = "The Isle of Pan"
    # Still "1" with the board file: a game without a board folds, judges and describes as
    # before.  The new state keys ("revealed", and "board"/"declared" on a board) are read
    # with a default, so a snapshot cached before them still folds; only ``from_game`` sees
    # less of a game folded from such a snapshot (the tiles it shows, not its whole log).
    # Still "1" after issue 21: a 0-move judged by default (``zero_move_end_check`` on) leaves
    # stored games alone, whose options are stored whole; a Wondrous Lake space out of its
    # Domain Group changes standings only, which are never cached, and folds as before.
    rules_version: ClassVar[str] = "1"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", "The first reading of the rulebook. \"An Explorer that stays put must stand on an "
                          "empty space\" came in later: games before it play it off"),
    )
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    board_file: ClassVar[BoardFile] = BOARD_FILE  # the Starting Tile and the Landscape tiles
    codes = CODES  # every check code its rules report (codes.py)
    functions: ClassVar[EventFunctions] = EventFunctions(check=check_event, apply=apply_event, describe=describe_event)  # rules: guards first
    standings = staticmethod(scoring.standings)  # tracks plus the Wondrous Lake bonus
    expected = staticmethod(expected_of)
    changes = staticmethod(changes_between)      # never raises
    position = staticmethod(position_of)         # {"round", "turn", "label": "Round 3 · Ana"}

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table before its declarations; SetupError (IP-C01, IP-C04, options, a board
        file that cannot be used) when no game can start.  On a saved ``board`` its facts are
        in the registry and its Starting Tile on the table before the first event (the game
        has no ``board`` option: a board file only ever comes as a saved board)."""
        opts = resolve_options(self, options)
        chosen = chosen_board(self, None, board)
        players = list(players)
        problems: list[Violation] = player_problems(players)
        if not problems:
            problems = profile_problems(players, opts)
        if problems:
            raise SetupError(problems)
        count = opts["landscape_tile_count"]
        tiles = count if count is not None else default_tile_count(len(players))
        state = new_state(players, opts, tiles, setup_flags(players, opts))
        return lay(state, chosen) if chosen is not None else state

    def is_over(self, state: State) -> bool:
        """Whether every player has played 9 turns."""
        return bool(state["game_over"])

