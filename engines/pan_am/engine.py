"""The ``PanAm`` engine object: the protocol of ``engines.base.Engine``, delegating to one
module per job (``rules_setup`` options and set-up, ``board`` board facts, ``rules*`` checks,
``effects`` and ``flow`` folds, ``offers`` offers, ``scoring`` ranks, ``words`` and
``view`` words).  See the package docstring for the events, options and decisions."""

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
from engines.declared import declare
from engines.pan_am import board as boards
from engines.pan_am import layout, scoring
from engines.pan_am.codes import CODES
from engines.pan_am.effects import apply_event, apply_event_in_place
from engines.pan_am.offers import expected_of
from engines.pan_am.rules import check_event
from engines.pan_am.rules_setup import OPTIONS, setup_problems
from engines.pan_am.schemas import EVENT_SCHEMAS
from engines.pan_am.state import new_state
from engines.pan_am.view import changes_between, position_of
from engines.pan_am.words import describe_event


class PanAm(EngineBase):
    """Pan Am (Prospero Hall / Funko, 2020): bid Engineers for Airports, Destinations and
    Planes, claim Routes, sell them to a growing Pan Am and buy its Stock; most Stock wins."""

    name: ClassVar[str] = "pan-am"
    title: ClassVar[str] = "Pan Am"
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", "The first reading of the rulebook"),
        RulesVersion("2", "Every rule a claim breaks is reported, not only the first (PA-B22, PA-LR-5, PA-D2, "
                          "PA-D3, PA-P1)"),
    )
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    # The board file (``board``): its shape, problems, facts and ``from_game``.
    board_file: ClassVar[BoardFile] = boards.PAN_AM_BOARD
    codes = CODES  # every check code its rules report (codes.py)
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
    functions: ClassVar[EventFunctions] = EventFunctions(check=check_event, apply=apply_event, describe=describe_event,
                                                    apply_in_place=apply_event_in_place)            # guards first, see ``rules``
    standings = staticmethod(scoring.standings)  # Stock, then Money; final after round 7
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

    def is_over(self, state: State) -> bool:
        """Whether round 7's Stock step is over."""
        return bool(state["phase"] == "OVER")
