"""The ``AirAlliance`` engine object, on ``engines.table_engine.TableEngine``: its identity
and options, the event table (``events.py``), the set-up, and the hooks it answers.

The guards are today's, in today's order, which differs from the base's (see ``check``);
each event's own rules are its ``EventRule.check``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.air_alliance import offers, scoring, setup_phase, turns, view
from engines.air_alliance.board import BOARD_FILE, board_state
from engines.air_alliance.codes import CODES
from engines.air_alliance.events import EVENT_RULES
from engines.air_alliance.state import OPTIONS, initial_state, setup_problems
from engines.air_alliance.versions import RULES_HISTORY
from engines.base import (
    BoardFile,
    Event,
    Option,
    RulesVersion,
    SetupError,
    State,
    Violation,
    chosen_board,
    json_copy,
    resolve_options,
)
from engines.table_engine import GAME_OVER, NOT_YOUR_TURN, UNKNOWN_PLAYER, UNKNOWN_TYPE, GuardCode, TableEngine

# Rules a board file meets since boards are saved (``board.py``): the ``board`` option's
# file was read without them, and games stored with such a file must still set up.
RULES_SINCE_SAVED_BOARDS = frozenset({"AA-B03", "AA-B04", "AA-B06", "AA-B07"})


def _chosen_board(engine: Any, option: Mapping[str, Any] | None,
                  saved: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """``chosen_board``, except that the ``board`` option's file is still read as it was
    before saved boards: one that breaks only the rules added with them keeps loading."""
    try:
        return chosen_board(engine, option, saved)
    except SetupError as refused:
        if saved is None and option is not None and all(v.code in RULES_SINCE_SAVED_BOARDS for v in refused.violations):
            return option
        raise


class AirAlliance(TableEngine):
    """Air Alliance: fly passengers between 24 airports with your planes and the NPAs'."""

    name: ClassVar[str] = "air-alliance"
    title: ClassVar[str] = "Air Alliance"
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    board_file: ClassVar[BoardFile] = BOARD_FILE  # the board, the Boarding Passes, the Passenger Cards
    codes = CODES  # every check code its rules report (codes.py)
    event_rules = EVENT_RULES
    # The generic guards under the codes, sections and words stored games were judged with.
    guard_codes: ClassVar[Mapping[str, GuardCode]] = {
        UNKNOWN_TYPE: GuardCode("event/unknown-type", "Events", "Air Alliance has no event {type!r}"),
        GAME_OVER: GuardCode("AA-C31", "Last Turn", "The game is over after the Last Turn"),
        UNKNOWN_PLAYER: GuardCode("event/unknown-player", "Events", "{actor!r} is not at the table"),
        NOT_YOUR_TURN: GuardCode("AA-C03", turns.TURN_RULE),
    }
    # A stranger is named before the game's end: an event of one after the Last Turn is
    # ``event/unknown-player``, not AA-C31, in the games stored so far.
    guard_order = (UNKNOWN_PLAYER, GAME_OVER)
    folds_in_place = True  # a legal event folds into the state a replay made: a copy per event spared
    # The rulebook's own words where the event type's name would read wrong on a button.
    event_labels: ClassVar[Mapping[str, str]] = {"phase1_ended": "End of PHASE 1"}
    standings = staticmethod(scoring.standings)
    actors = staticmethod(offers.actors)  # cheaper than ``expected``: the store asks on every append
    possible = staticmethod(offers.possible)
    position = staticmethod(view.position)
    seat_colours = staticmethod(view.seat_colours)

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table after the Preparations.  ``board`` is the saved board the game is
        recorded on, or else the ``board`` option's file (never both): its facts are
        declared before the first event (``engines.air_alliance.board``).  SetupError
        (AA-C01, the options, the board's shape or its AA-B problems) when no game can start."""
        opts = resolve_options(self, options)
        problems = setup_problems(list(players), opts)
        if problems:
            raise SetupError(problems)
        chosen = _chosen_board(self, opts["board"], board)
        return {**initial_state(list(players), opts), **board_state(chosen)}

    def players(self, state: State) -> list[str]:
        return list(state["seats"])

    def current(self, state: State) -> str | None:
        """The player whose turn it is; None at the set-up and after the end (no turn)."""
        return turns.current(state) if state.get("turn") else None

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "OVER")

    # -- the guards: today's order and words, kept -------------------------------------

    def turn_guard(self, state: State, event: Event, who: str) -> list[Violation]:
        """AA-C03 (``guard_codes``), only while a turn is under way and an actor is named:
        an event sent without one is the current player's, and the set-up's events are
        anyone's.  Each rule's check judges the turn again with its phase (``turns.turn_problems``)."""
        if not state.get("turn") or event.actor is None:
            return []
        return super().turn_guard(state, event, who)

    # -- the fold: a step counted for every event ----------------------------------------

    def fold(self, folded: State, who: str, event: Event) -> None:
        """The step counted, the rule's fold, then the first turn begun once the set-up is done."""
        folded["step"] += 1
        super().fold(folded, who, event)
        setup_phase.begin_if_ready(folded)

    def unchanged(self, state: State, event: Event) -> State:
        """An event of an unknown type, after the end, or refused and unreadable still counts
        its step (as every Air Alliance event always has: the declared facts' ``at`` and the
        states stored games replay to depend on it)."""
        passed: State = json_copy(state)
        passed["step"] += 1
        return passed

    # -- the pages ---------------------------------------------------------------------

    def unknown_words(self, state: State, event: Event) -> str:
        return event.type  # named as it is (the base spaces it out)

    def expected(self, state: State) -> dict[str, Any]:
        """The base's, with Air Alliance's answer kept: every player acts at the set-up;
        ``card_revealed``'s options come last, and only when some card may be named
        (``offers.reveal_offered``); ``minor`` names board_declared once the board holds its facts."""
        found = super().expected(state)
        if self.is_over(state):
            return found
        found["actors"] = offers.actors(state)
        revealed = found["options"].pop("card_revealed", None)
        if revealed:
            found["options"]["card_revealed"] = revealed
        seldom = offers.minor(state)
        if seldom:
            found["minor"] = seldom
        return found
