"""The ``PanAm`` engine object, on ``engines.table_engine.TableEngine``: its identity and
options, the event table (``events``: one ``EventRule`` per type), the set-up, and the hooks
it answers.  The checks and folds are one module per job (``rules_setup`` options and
set-up, ``board`` board facts, ``rules`` and ``rules_*`` checks, ``effects`` and ``flow``
folds, ``offers`` offers, ``scoring`` ranks, ``words`` and ``view`` words).  See the package
docstring for the events, options and decisions.

The guards are today's, in today's order (``rules`` has it whole): ``TableEngine``'s three
generic guards under the codes, sections and words Pan Am's stored games were judged with
(``guard_codes``, ``over_message``), PA-S3 (``table_guards``), then each type's guard and
rules (``rules.judge``).  Whose turn it is is each type's guard, so the base's turn guard is
off (``turn_guard``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.base import (
    BoardFile,
    Event,
    Option,
    RulesVersion,
    SetupError,
    State,
    Violation,
    chosen_board,
    resolve_options,
)
from engines.declared import declare
from engines.pan_am import board as boards
from engines.pan_am import effects, layout, scoring, words
from engines.pan_am.codes import CODES
from engines.pan_am.events import EVENT_RULES
from engines.pan_am.offers import expected_of
from engines.pan_am.rules import judged
from engines.pan_am.rules_setup import OPTIONS, setup_problems
from engines.pan_am.state import new_state
from engines.pan_am.table import due_player, next_state, who_of
from engines.pan_am.versions import RULES_HISTORY
from engines.pan_am.view import changes_between, position_of
from engines.table_engine import GAME_OVER, UNKNOWN_PLAYER, UNKNOWN_TYPE, GuardCode, TableEngine


class PanAm(TableEngine):
    """Pan Am (Prospero Hall / Funko, 2020): bid Engineers for Airports, Destinations and
    Planes, claim Routes, sell them to a growing Pan Am and buy its Stock; most Stock wins."""

    name: ClassVar[str] = "pan-am"
    title: ClassVar[str] = "Pan Am"
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    # The board file (``board``): its shape, problems, facts and ``from_game``.
    board_file: ClassVar[BoardFile] = boards.PAN_AM_BOARD
    codes = CODES  # every check code its rules report (codes.py)
    event_rules = EVENT_RULES
    # The generic guards under the codes, sections and words stored games were judged with;
    # PA-X3's words are ``over_message``.  ``guard_order`` is the base's: game over, then a
    # stranger (an event of one after round 7 is PA-X3), as Pan Am always judged.
    guard_codes: ClassVar[Mapping[str, GuardCode]] = {
        UNKNOWN_TYPE: GuardCode(UNKNOWN_TYPE, "Playing the Game", "Pan Am has no event type {type!r}"),
        GAME_OVER: GuardCode("PA-X3", "End of the Game"),  # PA-X3: "The game ends after Round 7."
        UNKNOWN_PLAYER: GuardCode(UNKNOWN_PLAYER, "Player Setup"),
    }
    folds_in_place = True  # a legal event folds into the state a replay made: a copy per event spared
    folds_anything = True  # its folds read any recorded data (``effects.fold_event``): a replay judges nothing
    # Where a type's name would read wrong on a button ("Pan am expanded").
    event_labels: ClassVar[Mapping[str, str]] = {
        "pan_am_expanded": "Pan Am expanded", "pan_am_offer_declined": "Pan Am's offer declined",
        "pan_am_path_exhausted": "Pan Am's path exhausted", "route_sold_to_pan_am": "Route sold to Pan Am",
        "event_effect": "Event card effect", "directive_played": "Directive card played",
    }
    # The viewer's board partial reads ``engine.board_view(state)`` (``layout``, owned by the viewer work).
    board_view = staticmethod(layout.board_view)
    # The pages colour each seat as its pieces (``recorder/views/seat_colours.py``).
    seat_colours = staticmethod(layout.seat_colours)
    standings = staticmethod(scoring.standings)  # Stock, then Money; final after round 7
    # Who acts and what they may record, by phase (``offers``): table events offered to everyone,
    # the Engineer placements the rules accept, the declarations any player may make last.
    expected = staticmethod(expected_of)
    changes = staticmethod(changes_between)      # never raises
    position = staticmethod(position_of)         # {"round", "turn": None, "label": "Round 3 · Engineer phase"}

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table after *Player Setup*, on the saved board ``board`` or the ``board``
        option's file (never both); SetupError (PA-S1, S2, S5, S6, options, the board's shape
        ``board/shape``, PA-B01..B19) when no game can start."""
        opts = resolve_options(self, options)
        players = list(players)
        problems: list[Violation] = setup_problems(players, opts)
        try:
            chosen = chosen_board(self, opts["board"], board)
        except SetupError as refused:
            problems += refused.violations
            chosen = None
        parts: list[boards.Loaded] = []
        registry: dict[str, Any] = {}
        if opts["rulebook_facts"]:
            parts.append(boards.rulebook())
            registry = declare(registry, parts[0].facts, boards.RULEBOOK)
        summary = boards.empty_summary()
        if chosen is not None:
            loaded = boards.load(chosen)
            if opts["rulebook_facts"]:
                problems += [found.violation() for found in boards.rulebook_problems(loaded, registry)]
            parts.append(loaded)
            registry = declare(registry, loaded.facts, boards.BOARD_FILE)
            summary = loaded.summary
        if problems:
            raise SetupError(problems)
        state = new_state(players, opts, summary, registry, [])
        boards.seed(state, parts)
        return state

    def players(self, state: State) -> list[str]:
        return list(state["players"])

    def current(self, state: State) -> str | None:
        """The player who must act now, None for a table event (``table.due_player``)."""
        return due_player(state)

    def possible(self, state: State) -> list[str]:
        return list(expected_of(state)["event_types"])

    def is_over(self, state: State) -> bool:
        """Whether round 7's Stock step is over."""
        return bool(state["phase"] == "OVER")

    # -- the guards: today's order and words, kept -------------------------------------

    def over_message(self, state: State, event: Event) -> str:
        return f"The game is over after round 7; no {event.type.replace('_', ' ')} can follow"

    def actor_of(self, state: State, event: Event) -> str:
        """The named player, else the one due (``table.who_of``), on the table the event is
        judged on: for an Engineer event in the Stock Price step, the first placer of the
        Engineer phase it opens (``rules.judged``)."""
        if event.actor is not None and event.actor in state["players"]:
            return event.actor
        return who_of(judged(state, event.type), event.actor)

    def turn_guard(self, state: State, event: Event, who: str) -> list[Violation]:
        """None: whose turn it is is each type's guard (PA-E1, PA-R2, PA-P3, PA-K1...), judged with
        its phase on the table the event is judged on, under the code stored games carry."""
        return []

    def table_guards(self, state: State, event: Event, who: str) -> list[Violation]:
        """PA-S3: the face-up cards are dealt before anything else."""
        if state["phase"] == "SETUP" and event.type != "cards_dealt":
            return [Violation("PA-S3", "Player Setup",
                              f"Deal the starting Destination cards and the display before any {event.type.replace('_', ' ')}")]
        return []

    # -- the fold: a step counted for every event ----------------------------------------

    def copy(self, state: State) -> State:
        return next_state(state)  # the registry, options and board summary shared: only ever replaced

    def fold(self, folded: State, who: str, event: Event) -> None:
        """The rule's fold with what every event does (``effects.fold_event``).  It names the
        player it folds for itself, once an Engineer event has opened the Engineer phase, as
        Pan Am always folded: ``who`` (judged before that) is not read."""
        effects.fold_event(folded, event.type, event.actor, event.data, self.event_rules[event.type].apply)

    def unchanged(self, state: State, event: Event) -> State:
        """An event of an unknown type, after the end, or refused and unreadable still counts its
        step, as every Pan Am event always has (the declared facts' ``at`` depend on it)."""
        return effects.fold_nothing(state)

    # -- the pages ---------------------------------------------------------------------

    def words_actor(self, state: State, event: Event) -> str:
        """The player due when the event names nobody, "The table" for a table event
        (``words.speaker``), as Pan Am's log always read; its words never raise."""
        return words.speaker(state, event.type, event.actor)

    def unknown_words(self, state: State, event: Event) -> str:
        return words.unnamed(self.words_actor(state, event), event.type)  # "Ruby: no such event"
