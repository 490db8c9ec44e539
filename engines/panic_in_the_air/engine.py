"""The ``PanicInTheAir`` engine object: a ``TableEngine`` over the event table of
``events``, with the hooks this game answers.  See the package docstring for the events,
options and gap decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.base import BoardFile, Event, Option, SetupError, State, Violation, chosen_board, resolve_options
from engines.table_engine import GAME_OVER, NOT_YOUR_TURN, UNKNOWN_PLAYER, UNKNOWN_TYPE, GuardCode, TableEngine

from . import effects, offers, scoring
from .board import BOARD_FILE
from .codes import CODES
from .events import EVENT_RULES
from .rules_setup import OPTIONS, deal_size, player_problems, player_warnings, profile_problems
from .rules_turn import END, TURNS, actions_left, turn_problems
from .state import new_state, next_state
from .table_view import table_view
from .versions import RULES_HISTORY
from .view import changes_between, position_of, table_changes_between


class PanicInTheAir(TableEngine):
    """Panic in the Air (Exod Games, 2019): pile Fall cards on your character, empty
    your hand, open your parachute with the harness closed, and fall the farthest."""

    name: ClassVar[str] = "panic-in-the-air"
    title: ClassVar[str] = "Panic in the Air"
    rules_version: ClassVar[str] = "2"
    rules_history = RULES_HISTORY
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    board_file: ClassVar[BoardFile] = BOARD_FILE  # empty: the box has nothing to transcribe
    codes = CODES  # every check code its rules report (codes.py)
    event_rules = EVENT_RULES
    # The codes its games were first judged with, kept (rules_turn's docstring has the order).
    guard_codes: ClassVar[Mapping[str, GuardCode]] = {
        UNKNOWN_TYPE: GuardCode(UNKNOWN_TYPE, TURNS),
        GAME_OVER: GuardCode("PN-C13", END),
        UNKNOWN_PLAYER: GuardCode("PN-C02", TURNS),
        NOT_YOUR_TURN: GuardCode("PN-C02", TURNS),
    }
    standings = staticmethod(scoring.standings)  # running distances; survivors and winners at the end
    changes = staticmethod(changes_between)      # never raises
    position = staticmethod(position_of)         # {"round": None, "turn": turn_no, "label": "Turn 7 · Ana"}
    expected = staticmethod(offers.expected)     # a Risk's follow-up, the late opener
    possible = staticmethod(offers.possible)
    # While the game is played the pages show the table's view: top cards, hands, parachutes;
    # no deck count, no stack beneath its top card, no distance (table_view.py).
    hides_information: ClassVar[bool] = True
    table_view = staticmethod(table_view)
    table_changes = staticmethod(table_changes_between)

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table after the deal; SetupError (PN-C01, options, a board other than ``{}``)
        when no game can start."""
        opts = resolve_options(self, options)
        chosen_board(self, None, board)
        players = list(players)
        problems = player_problems(players, opts["min_players"])
        if not problems:
            problems = profile_problems(players, opts)
        if problems:
            raise SetupError(problems)
        return new_state(players, opts, deal_size(len(players)), player_warnings(players))

    def players(self, state: State) -> list[str]:
        return list(state["seats"])

    def current(self, state: State) -> str | None:
        return str(state["current"])

    def is_over(self, state: State) -> bool:
        """Whether the R.I.P. card was drawn or every parachute is open."""
        return bool(state["game_over"])

    def over_message(self, state: State, event: Event) -> str:
        return f"The game is over; no {event.type} can follow"

    def turn_guard(self, state: State, event: Event, who: str) -> list[Violation]:
        own = turn_problems(state, event.type, who)
        return own if own is not None else super().turn_guard(state, event, who)

    def table_guards(self, state: State, event: Event, who: str) -> list[Violation]:
        return actions_left(state, event.type, who, event.data)

    def copy(self, state: State) -> State:
        return next_state(state)  # cards and options shared: they are never edited in place

    def unchanged(self, state: State, event: Event) -> State:
        new = next_state(state)
        effects.begin(new)  # every event counts a step, even one after the end
        return new

    def fold(self, folded: State, who: str, event: Event) -> None:
        effects.fold_event(folded, event.actor, event.type, event.data, self.event_rules[event.type].apply)
