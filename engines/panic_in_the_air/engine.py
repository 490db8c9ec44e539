"""The ``PanicInTheAir`` engine object: the protocol of ``engines.base.Engine``,
delegating to one module per job (``rules`` checks, ``effects`` folds,
``scoring`` ranks, ``describe`` words).  See the package docstring for the
events, options and gap decisions."""

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
    chosen_board,
    resolve_options,
)
from engines.panic_in_the_air import cards, scoring
from engines.panic_in_the_air.board import BOARD_FILE
from engines.panic_in_the_air.changes import changes_between, position_of, table_changes_between
from engines.panic_in_the_air.codes import CODES
from engines.panic_in_the_air.describe import describe_event
from engines.panic_in_the_air.effects import apply_event
from engines.panic_in_the_air.profile import (
    OPTIONS,
    deal_size,
    player_problems,
    player_warnings,
    profile_problems,
)
from engines.panic_in_the_air.rules import check_event, target_violations
from engines.panic_in_the_air.schemas import EVENT_SCHEMAS
from engines.panic_in_the_air.state import in_air, late_opener, may_decline, new_state, pending_of
from engines.panic_in_the_air.table_view import table_view


class PanicInTheAir(EngineBase):
    """Panic in the Air (Exod Games, 2019): pile Fall cards on your character, empty
    your hand, open your parachute with the harness closed, and fall the farthest."""

    name: ClassVar[str] = "panic-in-the-air"
    title: ClassVar[str] = "Panic in the Air"
    # "2": a hand emptied by the turn's second action may still open (state "may_still_open");
    # snapshots cached under "1" lack that field, so the recorder must not reuse them.
    # Still "2" with ``risk_declined`` (issue 21): a new event type and option; every stored
    # event folds and is judged as before, and a state without the option reads it as on.
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", "The first reading of the rulebook"),
        RulesVersion("2", "A player may open their parachute right after their turn's last action (PN-C02, "
                          "PN-C08). \"A player may decline the cards of their Risk\" came in later: games before it "
                          "take the cards"),
    )
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    board_file: ClassVar[BoardFile] = BOARD_FILE  # empty: the box has nothing to transcribe
    codes = CODES  # every check code its rules report (codes.py)
    functions: ClassVar[EventFunctions] = EventFunctions(check=check_event, apply=apply_event, describe=describe_event)  # rules: guards first
    standings = staticmethod(scoring.standings)  # running distances; survivors and winners at the end
    changes = staticmethod(changes_between)      # never raises
    position = staticmethod(position_of)         # {"round": None, "turn": turn_no, "label": "Turn 7 · Ana"}
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

    def is_over(self, state: State) -> bool:
        """Whether the R.I.P. card was drawn or every parachute is open."""
        return bool(state["game_over"])

    def expected(self, state: State) -> dict[str, Any]:
        """Who acts now, which event types are possible and their enumerable choices.

        Right after a turn ended on an empty hand, the player whose turn it was may
        still open: ``actors`` is then ``[current, late opener]`` and
        ``parachute_opened`` is among the event types."""
        if state["game_over"]:
            return {"actors": [], "event_types": [], "options": {}}
        exp = _current_choices(state)
        late = late_opener(state)
        if late is not None and state["players"][late]["hand_count"] == 0:
            exp["actors"].append(late)
            if "parachute_opened" in exp["event_types"]:
                exp["actors_of"] = {"parachute_opened": [state["current"], late]}
            else:
                exp["event_types"].append("parachute_opened")
                exp["actors_of"] = {"parachute_opened": [late]}
        return exp


def _current_choices(state: State) -> dict[str, Any]:
    """What the current player may do now: a Risk follow-up owed, or the turn's choices."""
    current = state["current"]
    take = pending_of(state, "cards_taken")
    if take is not None:
        owed = {"event_types": ["cards_taken"], "options": {"cards_taken": {"from": [take["from"]], "count": [take["count"]]}}}
        return {"actors": [current], **_or_decline(state, owed)}
    if pending_of(state, "risk_draws") is not None:
        owed = {"event_types": ["card_drawn"], "options": {"card_drawn": _draws("risk")}}
        return {"actors": [current], **_or_decline(state, owed)}
    return {"actors": [current], **_turn_choices(state, current)}


def _or_decline(state: State, owed: dict[str, Any]) -> dict[str, Any]:
    """A Risk's follow-up, and declining it where the table allows (``risk_may_decline``):
    one tap of its own, shown after the take as the less usual choice."""
    if not may_decline(state):
        return owed
    return {**owed, "event_types": [*owed["event_types"], "risk_declined"], "minor": ["risk_declined"]}


def _turn_choices(state: State, current: str) -> dict[str, Any]:
    """The two actions (while any is left) and the parachute (with an empty hand)."""
    types: list[str] = []
    choices: dict[str, Any] = {}
    hand = state["players"][current]["hand_count"]
    remaining = state["deck_remaining"]
    if state["actions_done"] < 2:
        if remaining is None or remaining > 0:
            types.append("card_drawn")
            choices["card_drawn"] = _draws("action")
        if hand >= 1:
            types.append("card_played")
            targets, refused = _targets(state, current)
            choices["card_played"] = {
                "target": targets,
                # A Solo-protected player is not offered, but a table may rule otherwise.
                "refused_choices": {"target": refused},
                # Most cards go on the player's own character ("on his character or that
                # of another player"): the form starts there, one tap moves it.
                **({"suggested": {"target": current}} if current in targets else {}),
                "kind": list(cards.PLAYABLE_KINDS),
                "value": list(state["options"]["fall_values"]),
                "direction": list(cards.DIRECTIONS),
                # PN-C12: a Fall needs its value, a Wind its arrow; no other card has either.
                "shown_when": {
                    "card.value": {"card.kind": [cards.FALL]},
                    "card.direction": {"card.kind": [cards.WIND]},
                },
            }
    if hand == 0:
        types.append("parachute_opened")
    return {"event_types": types, "options": choices}


def _targets(state: State, current: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The characters a card may go on, and those Solo protects with the rule that says so."""
    offered: list[str] = []
    refused: list[dict[str, Any]] = []
    for name in in_air(state):
        violations = target_violations(state, current, name, None)
        if violations:
            refused.append({"choice": name, **violations[0].to_dict()})
        else:
            offered.append(name)
    return offered, refused


def _draws(via: str) -> dict[str, Any]:
    """A draw's choices, and the R.I.P. card as a draw of its own: it ends the game, so it is
    one tap, never a detail.  Offered at every draw: whether the deck is down to its bottom
    ten is what the players may not know during play (PN-C10 judges it)."""
    return {"via": [via], "presets": [{"label": "R.I.P. card drawn", "data": {"via": via, "face": {"kind": cards.RIP}}}]}
