"""The ``Panamax`` engine object, a ``TableEngine``: its event types are ``events.py``'s
table, and it delegates to one module per job (see the package docstring).  What it keeps
of its own is what its stored games were judged and folded with: the guards' order, codes
and words (``guard_order``, ``guard_codes``), the actor as sent (``actor_of``), a player
named in the data, PX-T1, PX-F1 and the Setup Contracts' step (``turn_guard``,
``table_guards``), the step counted for every event (``fold``, ``unchanged``), a fold past
the end (``folds_after_end``) and the log's fallback lines (``words_actor``,
``unknown_words``, ``unreadable_words``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

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
from engines.declared import declare
from engines.panamax import board as _board
from engines.panamax import board_legacy, flags, free_actions, offers, round_end, scoring, setup_contracts, turns, view
from engines.panamax.codes import CODES
from engines.panamax.events import EVENT_RULES
from engines.panamax.state import OPTIONS, PanamaxState, initial_state, setup_problems
from engines.panamax.versions import RULES_HISTORY
from engines.table_engine import GAME_OVER, NOT_YOUR_TURN, UNKNOWN_PLAYER, UNKNOWN_TYPE, GuardCode, TableEngine

# The event types the Setup Contracts' step allows (§4 steps 22-23: a card chosen, its dice loaded).
SETUP_CONTRACT_EVENTS = ("setup_contracts_drawn", "setup_contract_chosen", "turn_ended", "die_loaded", *turns.ANY_TIME,
                         "ship_to_loading_zone")
# Events whose data names the one player due to make them.  (A secret goal kept or revealed
# is the table's to record: anyone may record whose it is.)
_PLAYER_EVENTS = ("rail_flag_taken",)


class Panamax(TableEngine):
    """Panamax: run a shipping company through the Panama Canal, and end the game as the
    richest investor."""

    name: ClassVar[str] = "panamax"
    title: ClassVar[str] = "Panamax"
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = RULES_HISTORY
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    board_file: ClassVar[BoardFile] = _board.BOARD_FILE
    codes = CODES  # every check code its rules report (codes.py)
    event_rules = EVENT_RULES
    # The generic guards under the codes and sections Panamax's games were judged with.
    guard_codes: ClassVar[Mapping[str, GuardCode]] = {
        UNKNOWN_TYPE: GuardCode("event/unknown-type", "Events", "Panamax has no event {type!r}"),
        UNKNOWN_PLAYER: GuardCode("event/unknown-player", "Events", "{actor!r} is not at the table"),
        GAME_OVER: GuardCode("PX-G1", "End of the Game", "The game is over: no event follows the final count"),
        NOT_YOUR_TURN: GuardCode("PX-T1", turns.TURN_RULE)}
    guard_order = (UNKNOWN_PLAYER, GAME_OVER)  # a stranger is named first, as always
    folds_in_place: ClassVar[bool] = True  # a whole table is copied per event otherwise
    folds_after_end: ClassVar[bool] = True  # a ruling after the end folds as any refused event (the step counts)
    standings = staticmethod(scoring.standings)
    possible = staticmethod(offers.possible)
    # The viewer's board partial reads ``engine.board_view(state)`` (what the engine derives for it).
    board_view = staticmethod(view.board_view)
    position = staticmethod(view.position)
    seat_colours = staticmethod(view.seat_colours)

    def players(self, state: State) -> list[str]:
        return list(state["seats"])

    def current(self, state: State) -> str | None:
        return offers.due_player(state)

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "OVER")

    def actor_of(self, state: State, event: Event) -> str:
        """The actor as sent, ``""`` for none: Panamax's rules read an event without an
        actor as nobody's in particular (and its folds find the player in the state)."""
        return event.actor or ""

    def turn_guard(self, state: State, event: Event, who: str) -> list[Violation]:
        """A player named in the data who is not the actor (``event/actor-mismatch``), then
        PX-T1: while a turn is played (a Setup Contract's loading and a rail flag's free
        moves too) every event is its player's, the table's events included, but a flag's
        free action, which is its company's manager's; outside a turn nobody's turn is
        guarded (the rules name who is due), nor an event sent without an actor."""
        named = event.data.get("player") if event.type in _PLAYER_EVENTS else None
        if who and named is not None and who != named:
            return [Violation("event/actor-mismatch", "Events", f"{who} records an event of {named}'s")]
        turn = state.get("turn")
        if turn and who and who != turn["player"] and event.type != "free_action_used":
            return self._guard(Violation(NOT_YOUR_TURN, "Turn order", f"It is {turn['player']}'s turn, not {who}'s"))
        return []

    def table_guards(self, state: State, event: Event, who: str) -> list[Violation]:
        """PX-F1: a flag's free action is used before anything else; PX-S11: the Setup
        Contracts' step allows only its own events, and they come in that step only."""
        if event.type == "free_action_used":
            return []  # its rule judges it, whenever it comes
        pending = flags.blocking(state)
        if pending is not None:
            due = pending["queue"][0]
            return [Violation("PX-F1", "Free Actions", f"The {due['nation']} flag's free action ({due['kind']}) must "
                              "be used at once")]
        if state["phase"] == "SETUP_CONTRACTS" and event.type not in SETUP_CONTRACT_EVENTS:
            return [Violation("PX-S11", setup_contracts.STEP_RULE, f"No {event.type.replace('_', ' ')} while the "
                              "Setup Contracts are chosen and loaded")]
        if event.type.startswith("setup_contract") and state["phase"] != "SETUP_CONTRACTS":
            return [Violation("PX-S11", setup_contracts.STEP_RULE, "The Setup Contracts come after the set-up's other "
                              "steps, before the first turn")]
        return []

    def fold(self, folded: State, who: str, event: Event) -> None:
        """The rule's fold, with what follows every event: the step counted; a deferred
        Market action lost unless this event uses it (PX-F2); a free action done cleared;
        the round's end moved on past what has nothing left to record."""
        folded["step"] += 1
        if event.type != "free_action_used":
            free_actions.forfeit_deferred(folded)
        super().fold(folded, who, event)
        free_actions.settle(folded)
        if folded["phase"] == "END_RAIL":
            round_end.advance(folded)

    def unchanged(self, state: State, event: Event) -> State:
        """An unknown type, or a refused event whose effect cannot be carried out here (a
        ship not on the board, a step of a phase not running), is a fact that changes
        nothing but the step."""
        unchanged: State = json_copy(state)
        unchanged["step"] += 1
        return unchanged

    def words_actor(self, state: State, event: Event) -> str:
        """The player named, else the turn's, else nobody (``""``): Panamax's log has
        always named them so."""
        return event.actor or (turns.current_player(state) if state.get("turn") else "")

    def unknown_words(self, state: State, event: Event) -> str:
        return f"{event.type.replace('_', ' ')} (not a Panamax event)"

    def unreadable_words(self, state: State, event: Event, who: str) -> str:
        return f"{who or 'The table'}: {event.type.replace('_', ' ')} (refused by the rules)"

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              board: Mapping[str, Any] | None = None) -> State:
        """The table after §3 steps 1-20; SetupError (PX-S1, options, a board file that
        cannot be used) when no game can start.  ``board`` is the saved board the game is
        recorded on; its facts are declared as the ``board`` option's are."""
        opts = resolve_options(self, options)
        problems = setup_problems(list(players), opts)
        if problems:
            raise SetupError(problems)
        chosen = self._board_file(opts["board"], board)
        declared = declare({}, _board.facts(chosen), _board.ORIGIN) if chosen is not None else {}
        table = initial_state(list(players), opts)
        if chosen is not None:
            table["canal"] = _board.canal(chosen, table["canal"])
            table["market_prices"] = sorted(row["price"] for row in chosen.get("market", [])) or None
            kept = _board.table_of(chosen)
            if kept is not None:  # what the checks of reveals need (a game without keeps no such key)
                table["board"] = kept
        state: PanamaxState = {
            **table, "step": 0, "declared": declared, "contracts": None, "turn_index": 0, "turn": None,
            "end_of_round": None, "revealed": {}, "setup_contracts": {"offered": [], "chosen": []}, "free_action": None,
            "setup": {"bids": False, "contracts": False, "advisors_kept": [], "mulligans": 0}}
        return cast(State, state)

    def _board_file(self, option: Mapping[str, Any] | None, saved: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        """The board file the game starts from (``chosen_board``).  The ``board`` option's
        file is still read as it always was: one that option accepted before saved boards
        existed keeps loading (``board_legacy``), as the games stored with it must."""
        try:
            return chosen_board(self, option, saved)
        except SetupError:
            if saved is None and option is not None and board_legacy.accepted(option):
                return option
            raise

