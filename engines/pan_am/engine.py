"""The ``PanAm`` engine object: the protocol of ``engines.base.Engine``, delegating to one
module per job (``profile`` options and set-up, ``board`` board facts, ``rules*`` checks,
``effects`` and ``flow`` folds, ``choices`` offers, ``scoring`` ranks, ``describe`` and
``changes`` words).  See the package docstring for the events, options and decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from marshmallow import Schema

from engines.base import Event, Option, SetupError, State, Violation, resolve_options
from engines.declared import declare
from engines.pan_am import board, layout
from engines.pan_am.changes import changes_between, position_of
from engines.pan_am.choices import expected_of
from engines.pan_am.describe import describe_event
from engines.pan_am.effects import apply_event
from engines.pan_am.profile import OPTIONS, setup_problems
from engines.pan_am.rules import check_event
from engines.pan_am.schemas import EVENT_SCHEMAS
from engines.pan_am.scoring import standings
from engines.pan_am.state import new_state


class PanAm:
    """Pan Am (Prospero Hall / Funko, 2020): bid Engineers for Airports, Destinations and
    Planes, claim Routes, sell them to a growing Pan Am and buy its Stock; most Stock wins."""

    name: ClassVar[str] = "pan-am"
    title: ClassVar[str] = "Pan Am"
    rules_version: ClassVar[str] = "1"
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    # The viewer's board partial reads ``engine.board_view(state)`` (``layout``, owned by the viewer work).
    board_view = staticmethod(layout.board_view)
    # The pages colour each seat as its pieces (``recorder/web/seat_colours.py``).
    seat_colours = staticmethod(layout.seat_colours)

    def setup(self, players: Sequence[str], options: Mapping[str, Any]) -> State:
        """The table after *Player Setup*; SetupError (PA-S1, S2, S5, S6, options, board) when no game can start."""
        opts = resolve_options(self, options)
        players = list(players)
        problems: list[Violation] = setup_problems(players, opts)
        parts: list[board.Loaded] = []
        registry: dict[str, Any] = {}
        if opts["rulebook_facts"]:
            parts.append(board.rulebook())
            registry = declare(registry, parts[0].facts, board.RULEBOOK)
        summary = board.empty_summary()
        if opts["board"] is not None:
            found = board.problems(opts["board"])
            if not found:
                loaded = board.load(opts["board"])
                found = board.rulebook_conflicts(loaded, registry, opts["rulebook_facts"])
                parts.append(loaded)
                registry = declare(registry, loaded.facts, board.BOARD_FILE)
                summary = loaded.summary
            problems += found
        if problems:
            raise SetupError(problems)
        state = new_state(players, opts, summary, registry, [])
        board.seed(state, parts)
        return state

    def check(self, state: State, event: Event) -> list[Violation]:
        """Every rule the event breaks (guards first, see ``rules``); changes nothing."""
        return check_event(state, event.type, event.actor, event.data)

    def apply(self, state: State, event: Event) -> State:
        """The state with the event folded in, without judging it; ``state`` is not changed."""
        return apply_event(state, event.type, event.actor, event.data)

    def standings(self, state: State) -> dict[str, Any]:
        """Stock, then Money; final after round 7."""
        return standings(state)

    def is_over(self, state: State) -> bool:
        """Whether round 7's Stock step is over."""
        return bool(state["phase"] == "OVER")

    def expected(self, state: State) -> dict[str, Any]:
        """Who acts now, which event types are possible and their concrete options (``choices``)."""
        return expected_of(state)

    def describe(self, state: State, event: Event) -> str:
        """One line for the game log, from the state before the event."""
        return describe_event(state, event.type, event.actor, event.data)

    def changes(self, before: State, after: State, event: Event) -> list[str]:
        """What changed between two consecutive states, in words; never raises."""
        return changes_between(before, after, event)

    def position(self, state: State) -> dict[str, Any]:
        """``{"round", "turn": None, "label": "Round 3 · Engineer phase"}``."""
        return position_of(state)
