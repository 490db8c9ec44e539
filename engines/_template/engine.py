"""The engine: its identity and options, the event table, and the hooks it answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.base import BoardFile, Option, SetupError, State, chosen_board, resolve_options
from engines.table_engine import TableEngine

from . import scoring, view
from .board import BOARD_FILE
from .codes import CODES
from .events import EVENT_RULES
from .offers import possible
from .rules_setup import OPTIONS, setup_problems
from .state import new_state, tally
from .versions import RULES_HISTORY


class TemplateGame(TableEngine):
    """Tally, the template (``engines/_template/__init__.py`` has its rules)."""

    name: ClassVar[str] = "template"
    title: ClassVar[str] = "Tally (template)"
    rules_version: ClassVar[str] = "2"
    rules_history = RULES_HISTORY
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    board_file: ClassVar[BoardFile] = BOARD_FILE
    codes = CODES
    event_rules = EVENT_RULES
    standings = staticmethod(scoring.standings)
    position = staticmethod(view.position)
    possible = staticmethod(possible)

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table before the first event; SetupError (TT-S01, options, a board other
        than ``{}``) when no game can start."""
        chosen = resolve_options(self, options)
        chosen_board(self, None, board)
        problems = setup_problems(players)
        if problems:
            raise SetupError(problems)
        return new_state(players, chosen)

    def players(self, state: State) -> list[str]:
        return list(tally(state)["players"])

    def current(self, state: State) -> str | None:
        return tally(state)["current"]

    def is_over(self, state: State) -> bool:
        return tally(state)["over"]
