"""The ``IsleOfPan`` engine object: the protocol of ``engines.base.Engine``, delegating
to one module per job (``rules`` checks, ``effects`` folds, ``choices`` offers,
``scoring`` ranks, ``describe`` and ``changes`` words, ``hexes`` geometry).  See the
package docstring for the events, options and gap decisions."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping, Sequence

from marshmallow import Schema

from engines.base import Event, Option, SetupError, State, Violation, resolve_options
from engines.isle_of_pan.changes import changes_between, position_of
from engines.isle_of_pan.choices import expected_of
from engines.isle_of_pan.describe import describe_event
from engines.isle_of_pan.effects import apply_event
from engines.isle_of_pan.profile import OPTIONS, default_tile_count, player_problems, profile_problems, setup_flags
from engines.isle_of_pan.rules import check_event
from engines.isle_of_pan.schemas import EVENT_SCHEMAS
from engines.isle_of_pan.scoring import standings
from engines.isle_of_pan.state import new_state


class IsleOfPan:
    """The Isle of Pan (Lumberjacks Studio, 2019): take a Landscape tile, lay it against the
    island, walk your Explorer, observe animals; Wondrous Lakes still on your board score
    the largest Domain Group of their kind."""

    name: ClassVar[str] = "isle-of-pan"
    title: ClassVar[str] = "The Isle of Pan"
    rules_version: ClassVar[str] = "1"
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS

    def setup(self, players: Sequence[str], options: Mapping[str, Any]) -> State:
        """The table before its declarations; SetupError (IP-C01, IP-C04, options) when no game can start."""
        opts = resolve_options(self, options)
        players = list(players)
        problems: list[Violation] = player_problems(players)
        if not problems:
            problems = profile_problems(players, opts)
        if problems:
            raise SetupError(problems)
        count = opts["landscape_tile_count"]
        tiles = count if count is not None else default_tile_count(len(players))
        return new_state(players, opts, tiles, setup_flags(players, opts))

    def check(self, state: State, event: Event) -> list[Violation]:
        """Every rule the event breaks (guards first, see ``rules``); changes nothing."""
        return check_event(state, event.type, event.actor, event.data)

    def apply(self, state: State, event: Event) -> State:
        """The state with the event folded in, without judging it; ``state`` is not changed."""
        return apply_event(state, event.type, event.actor, event.data)

    def standings(self, state: State) -> dict[str, Any]:
        """Tracks plus the Wondrous Lake bonus: projected mid-game, final at the end."""
        return standings(state)

    def is_over(self, state: State) -> bool:
        """Whether every player has played 9 turns."""
        return bool(state["game_over"])

    def expected(self, state: State) -> dict[str, Any]:
        """Who acts now, which event types are possible and their concrete options (``choices``)."""
        return expected_of(state)

    def describe(self, state: State, event: Event) -> str:
        """One line for the game log, from the state before the event."""
        return describe_event(state, event.type, event.actor, event.data)

    def changes(self, before: State, after: State, event: Event) -> list[str]:
        """What changed between two consecutive states, in words (see ``changes``); never raises."""
        return changes_between(before, after, event)

    def position(self, state: State) -> dict[str, Any]:
        """``{"round", "turn", "label": "Round 3 · Ana"}``; "Set-up" and "Game over" without numbers."""
        return position_of(state)
