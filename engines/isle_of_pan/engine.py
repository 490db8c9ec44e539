"""The ``IsleOfPan`` engine object: a ``TableEngine`` whose event types are one table
(``events.EVENT_RULES``: each type's schema, rules, fold, words and offers), delegating to
one module per job (``rules`` the game's own guards, ``rules_*`` each event's checks,
``effects`` folds, ``offers`` offers, ``scoring`` ranks, ``words`` and ``view`` words,
``hexes`` geometry).  See the package docstring for the events, options and gap decisions.

The generic guards keep the codes and words stored games were judged with (``guard_codes``,
``over_message``); the game's own guards run where they ran before ``TableEngine``
(``turn_guard``, ``table_guards``), and ``fold`` and ``unchanged`` count every event in
``state["step"]``, as the fold always did."""

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
from engines.isle_of_pan import scoring
from engines.isle_of_pan.board import BOARD_FILE, lay
from engines.isle_of_pan.codes import CODES
from engines.isle_of_pan.events import EVENT_RULES
from engines.isle_of_pan.offers import possible
from engines.isle_of_pan.profile import OPTIONS, default_tile_count, player_problems, profile_problems, setup_flags
from engines.isle_of_pan.rules import other_player, setup_incomplete, table_order, turn_order
from engines.isle_of_pan.sections import ENDGAME, PLAY
from engines.isle_of_pan.state import new_state, next_state, setup_complete
from engines.isle_of_pan.tiles import TURNS_EACH
from engines.isle_of_pan.versions import RULES_HISTORY
from engines.isle_of_pan.view import changes_between, position_of
from engines.table_engine import GAME_OVER, NOT_YOUR_TURN, UNKNOWN_PLAYER, UNKNOWN_TYPE, GuardCode, TableEngine


class IsleOfPan(TableEngine):
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
    # Still "1" on ``TableEngine`` (issue 23): every event is judged, folded and worded as before.
    rules_version: ClassVar[str] = "1"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    board_file: ClassVar[BoardFile] = BOARD_FILE  # the Starting Tile and the Landscape tiles
    codes = CODES  # every check code its rules report (codes.py)
    event_rules = EVENT_RULES  # event_schemas is built from it
    # The codes and sections stored games were judged with: an unknown type under "The Play",
    # the end and the players as the rulebook's Endgame and The Play (IP-C26, IP-C05).
    guard_codes: ClassVar[Mapping[str, GuardCode]] = {
        UNKNOWN_TYPE: GuardCode("event/unknown-type", PLAY),
        GAME_OVER: GuardCode("IP-C26", ENDGAME),
        UNKNOWN_PLAYER: GuardCode("IP-C05", PLAY),
        NOT_YOUR_TURN: GuardCode("IP-C05", PLAY),
    }
    standings = staticmethod(scoring.standings)  # tracks plus the Wondrous Lake bonus
    possible = staticmethod(possible)
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

    def players(self, state: State) -> list[str]:
        return list(state["seats"])

    def current(self, state: State) -> str | None:
        return str(state["current"])

    def is_over(self, state: State) -> bool:
        """Whether every player has played 9 turns."""
        return bool(state["game_over"])

    # -- judging ---------------------------------------------------------------------------

    def turn_guard(self, state: State, event: Event, who: str) -> list[Violation]:
        """A player action waits for the whole set-up (IP-C02) before whose turn it is is
        judged, as it always was (the base runs the game's guards after the turn's); then
        another player is refused (IP-C05, in this game's words: what the turn waits for),
        except the next seat's take once the current player has moved, which closes that
        turn (IP-C26 after the game's last).  Table events are anyone's."""
        if self.event_rules[event.type].by == "table":
            return []
        if not setup_complete(state):
            return [setup_incomplete(state, event.type)]
        if who != state["current"]:
            return other_player(state, event.type, who)
        return []

    def table_guards(self, state: State, event: Event, who: str) -> list[Violation]:
        """A table event's place in the set-up (IP-C02); a player action's step in the turn
        (IP-C06, IP-C08, IP-C19).  The next seat's take that closes a turn starts a turn of
        its own: its rule judges it on the closed turn (``rules.check_take``)."""
        if self.event_rules[event.type].by == "table":
            return table_order(state, event.type)
        if who != state["current"]:
            return []
        return turn_order(state, event.type, who)

    # -- folding ---------------------------------------------------------------------------

    def fold(self, folded: State, who: str, event: Event) -> None:
        """Every event counts a step; an actor who is not a player (a refused event kept by
        the table) folds as the current player, as the fold always did."""
        folded["step"] += 1
        if who not in folded["players"]:
            who = str(folded["current"])
        super().fold(folded, who, event)

    def over_message(self, state: State, event: Event) -> str:
        # IP-C26: "The game ends when each player has played 9 turns".
        return f"The game is over ({TURNS_EACH} turns each); no {event.type} can follow"

    def copy(self, state: State) -> State:
        """``state.next_state``: the containers copied, their entries (spaces, placed tiles,
        options) shared, as no fold edits them in place; a whole copy per event made replays
        four times slower."""
        return next_state(state)

    def unchanged(self, state: State, event: Event) -> State:
        """An event after the end, of a type the game does not know, or refused with data no
        fold can read: the step counts it, nothing else changes (as the fold always did)."""
        new = next_state(state)
        new["step"] += 1
        return new

    # -- the pages -------------------------------------------------------------------------

    def unknown_words(self, state: State, event: Event) -> str:
        """A type the game does not know, as "Ana: no such event", as before."""
        who = event.actor if event.actor is not None else str(state.get("current") or "Someone")
        return f"{who}: {event.type.replace('_', ' ')}"

    def expected(self, state: State) -> dict[str, Any]:
        """``TableEngine.expected`` in the shape the recording page has always had: while a
        table event is due, everyone at the table clockwise from the current player (the
        base lists the other seats in seat order); and a board's Starting Tile
        confirmation is ``minor``, offered beside the opening reveals."""
        found = super().expected(state)
        if len(found["actors"]) > 1:
            seats = self.players(state)
            start = seats.index(str(state["current"])) if state["current"] in seats else 0
            found["actors"] = [seats[(start + i) % len(seats)] for i in range(len(seats))]
        if "starting_tile_declared" in found["options"]:
            found["minor"] = ["starting_tile_declared"]
        return found
