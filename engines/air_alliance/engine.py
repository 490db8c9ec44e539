"""The ``AirAlliance`` engine object.  It follows ``engines.base.Engine``: the guards first
(an unknown type or player, the game over, whose turn it is), then each event's module
judges and folds it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from marshmallow import Schema

from engines.air_alliance import first_turn, offers, reservations, reveals, scoring, setup_phase, turns
from engines.air_alliance.board import BOARD_FILE, board_state
from engines.air_alliance.codes import CODES
from engines.air_alliance.schemas import EVENT_SCHEMAS
from engines.air_alliance.state import OPTIONS, initial_state, setup_problems
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
    json_copy,
    resolve_options,
)

Rules = Callable[[State, str | None, Mapping[str, Any]], list[Violation]]
Effects = Callable[[State, Mapping[str, Any]], None]

# event type -> (rules, effects)
_EVENTS: dict[str, tuple[Rules, Effects]] = {
    "planes_placed": (setup_phase.check_planes, setup_phase.apply_planes),
    "card_revealed": (reveals.check_reveal, reveals.apply_reveal),
    "board_declared": (setup_phase.check_board, setup_phase.apply_board),
    "alliance_formed": (turns.check_alliance, turns.apply_alliance),
    "marker_placed": (turns.check_marker, turns.apply_marker),
    "passenger_gained": (turns.check_gain, turns.apply_gain),
    "phase1_ended": (turns.check_phase1_end, turns.apply_phase1_end),
    "boarding_pass_updated": (turns.check_placement, turns.apply_placement),
    "discards_reshuffled": (turns.check_reshuffle, turns.apply_reshuffle),
    "row_refreshed": (turns.check_refresh, turns.apply_refresh),
    "first_turn_swap": (first_turn.check_swap, first_turn.apply_swap),
    "cancellations_claimed": (turns.check_claims, turns.apply_claims),
}
# Events any player at the table records, whoever's turn it is.
_TABLE_EVENTS = frozenset({"cancellations_claimed"})


def check_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    if event_type not in _EVENTS:
        return [Violation("event/unknown-type", "Events", f"Air Alliance has no event {event_type!r}")]
    if actor is not None and actor not in state["players"]:
        return [Violation("event/unknown-player", "Events", f"{actor!r} is not at the table")]
    if state["phase"] == "OVER":
        return [Violation("AA-C31", "Last Turn", "The game is over after the Last Turn")]
    if state.get("turn") and actor is not None and actor != turns.current(state) and event_type not in _TABLE_EVENTS:
        return [Violation("AA-C03", turns.TURN_RULE, f"It is {turns.current(state)}'s turn, not {actor}'s")]
    return _EVENTS[event_type][0](state, actor, data)


def apply_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> State:
    """A new state with the event folded in (never judged again: a stored event is a fact).
    An overridden event folds as far as the state allows; one whose effect cannot be
    carried out here changes only the step (a legal event that fails to fold raises)."""
    return _fold(state, json_copy(state), event_type, actor, data)


def apply_event_in_place(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> State:
    """The event folded into ``state`` itself, for a fold that made ``state`` and keeps no
    earlier one (``EngineBase.apply_in_place``); a refused event takes the copying path."""
    if any(v.blocks for v in check_event(state, event_type, actor, data)):
        return apply_event(state, event_type, actor, data)
    return _fold(state, state, event_type, actor, data)


def _fold(state: State, folded: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> State:
    folded["step"] += 1
    if event_type not in _EVENTS or folded["phase"] == "OVER":
        return folded
    try:
        _EVENTS[event_type][1](folded, data)
        setup_phase.begin_if_ready(folded)
    except _UNFOLDABLE:
        # Only the copying path may fall back: ``state`` is then intact (a fold in place
        # folds legal events only, and a legal event that fails is a bug).
        if folded is state or not any(v.blocks for v in check_event(state, event_type, actor, data)):
            raise
        folded = json_copy(state)
        folded["step"] += 1
    return folded


# What an effect meets when the state lacks what the event names.
_UNFOLDABLE = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def describe_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> str:
    who = actor or (turns.current(state) if state.get("turn") else "The table")
    if event_type == "marker_placed":
        extra = " (extra marker)" if state.get("turn") and state["turn"]["phase"] == turns.EXTRA_PHASE else ""
        if "reserve" in data:
            return f"{who} reserves {data['reserve']}{extra}"
        if data.get("wait"):
            return f"{who} waits for a cancellation{extra}"
        if data.get("flush"):
            return f"{who} flushes the Boarding Pass{extra}"
        fly = data.get("fly")
        what = f"flies {fly['colour']} from {fly['from']} to {fly['to']}" if fly else "switches two planes" \
            if data.get("swap") else "places a marker with no action (nothing is legal)"
        return f"{who} {what} (slot {data['slot'] + 1}){extra}"
    lines: dict[str, Callable[[], str]] = {
        "planes_placed": lambda: f"{data['player']} places planes at {', '.join(data['airports'])}",
        "card_revealed": lambda: reveals.describe_reveal(state, data),
        "board_declared": lambda: "Board facts declared",
        "alliance_formed": lambda: f"{who} forms an Alliance with {data['npa']}",
        "passenger_gained": lambda: f"{who} gains {data['card']}",
        "phase1_ended": lambda: f"{who} has placed the markers: Lost Baggage",
        "boarding_pass_updated": lambda: f"{who} places the cards gained on the Boarding Pass",
        "discards_reshuffled": lambda: "The discards are shuffled into a new deck: the Last Turn begins",
        "row_refreshed": lambda: f"{who} discards the Baggage Claim Area for six new cards",
        "first_turn_swap": lambda: f"{who} switches two planes at {data['airport']} (First Turn)",
        "cancellations_claimed": lambda: _claims_words(state, data["claims"]),
    }
    return lines[event_type]() if event_type in lines else event_type


def _claims_words(state: State, claims: Mapping[str, str]) -> str:
    if not claims:
        return "Nobody claims a cancellation"
    taken = reservations.winners(state["seats"], turns.current(state), claims) if state.get("turn") else {}
    return "; ".join(f"{player} claims {card}" + ("" if taken.get(card, player) == player else " (too late)")
                     for player, card in claims.items())


def held(state: State, player: str) -> list[dict[str, Any]]:
    """Every card a player holds, on the Boarding Pass or set aside."""
    info = state["players"][player]
    ids = [card for stack in info["slots"] for card in stack] + info["set_aside"]
    return [face for face in (turns.card(state, card) for card in ids) if face is not None]


def standings(state: State) -> dict[str, Any]:
    """Miles so far, with the Trio Sets complete and begun (as "Spy 2/3"); "the player with
    the most miles" wins (equal totals share a place)."""
    kobe = bool(state["options"]["kobe_last_turn"])
    rows = []
    for name in state["seats"]:
        cards = held(state, name)
        counted: dict[str, Any] = dict(scoring.score(cards, kobe))
        total = counted.pop("total")
        progress = scoring.trio_progress(cards)
        counted["trio_sets"] = ", ".join(scoring.complete_trios(cards)) or None
        counted["partial_trios"] = ", ".join(f"{trio} {count}/{len(scoring.TRIOS.get(trio, ()))}"
                                             for trio, count in progress.items()
                                             if count < len(scoring.TRIOS.get(trio, ()))) or None
        rows.append({"player": name, "total": total, "breakdown": counted, "rank": None,
                     "status": "flying"})
    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if other["total"] > row["total"])
    final = state["phase"] == "OVER"
    best = max(row["total"] for row in rows)
    winners = [row["player"] for row in rows if row["total"] == best] if final else []
    for row in rows:
        row["status"] = ("winner" if row["player"] in winners else "finished") if final else "flying"
    return {"final": final, "players": rows, "winners": winners}


def actors_of(state: State) -> list[str]:
    """Who may act now, without building the offers (the store asks on every append)."""
    if state["phase"] == "SETUP":
        return list(state["seats"])
    if state["phase"] == "OVER":
        return []
    if state["turn"].get("claims"):  # a table event anyone records; the player whose turn it is first
        return [turns.current(state), *(name for name in state["seats"] if name != turns.current(state))]
    return [turns.current(state)]


def expected_of(state: State) -> dict[str, Any]:
    """Who acts, what may be recorded, and the choices; a reveal is offered the cards whose
    faces are known and that have not turned up (``options["card_revealed"]["card.id"]``:
    the board's, or those shuffled back), when there are any."""
    found = _expected(state)
    if "card_revealed" in found["event_types"]:
        ids = reveals.revealable(state)
        if ids:
            found["options"]["card_revealed"] = {"card.id": ids}
    return found


def _expected(state: State) -> dict[str, Any]:
    actors = actors_of(state)
    if state["phase"] == "SETUP":
        due = ["planes_placed"] if not all(p["planes_placed"] for p in state["players"].values()) else []
        if None in state["row"]:
            due.append("card_revealed")
        # board_declared is asked while some fact it declares is unknown; once a board holds
        # them all it is moot, and only offered among the seldom actions (a table reading the
        # board's facts out at the set-up), never as the next thing to do.
        if setup_phase.board_facts_due(state):
            return {"actors": actors, "event_types": [*due, "board_declared"], "options": {}}
        if setup_phase.board_facts_from_board(state):
            return {"actors": actors, "event_types": [*due, "board_declared"], "options": {}, "minor": ["board_declared"]}
        return {"actors": actors, "event_types": due, "options": {}}
    if state["phase"] == "OVER":
        return {"actors": actors, "event_types": [], "options": {}}
    turn = state["turn"]
    if state["deck"] == 0 and state["discards"]:  # "the active player shuffles the discards" as the deck runs out
        return {"actors": actors, "event_types": ["discards_reshuffled"], "options": {}}
    if turn.get("claims"):
        return {"actors": actors, "event_types": ["cancellations_claimed"],
                "options": {"cancellations_claimed": reservations.claim_offers(state)}}
    if turn["phase"] == 1:
        fresh = not turn["markers"] and not turn["gained"]
        refresh = fresh and (turns.in_last_turn(state) and actors[0] not in state["last_turn"]["refreshed"]
                             or first_turn.in_first_turn(state) and not turn.get("first_refreshed"))
        swap = fresh and first_turn.in_first_turn(state) and turn.get("first_swaps", 0) < first_turn.swaps_allowed(state)
        kinds = ["marker_placed", "passenger_gained", *(["card_revealed"] if None in state["row"] else []),
                 "phase1_ended", *(["alliance_formed"] if fresh else []), *(["row_refreshed"] if refresh else []),
                 *(["first_turn_swap"] if swap else [])]
        options = {"marker_placed": offers.marker_options(state), "passenger_gained": offers.gain_options(state),
                   "phase1_ended": offers.phase1_end_options(state)}
        if fresh:
            options["alliance_formed"] = offers.alliance_options(state)
        if swap:
            options["first_turn_swap"] = offers.swap_options(state)
        return {"actors": actors, "event_types": kinds, "options": options}
    if turn["phase"] == turns.EXTRA_PHASE:  # the Kobe Rules (6): the extra marker, then its cards placed
        extra_left = turn["extra_markers"] < turns.EXTRA_MARKERS
        kinds = ["marker_placed" if extra_left else "passenger_gained",
                 *(["card_revealed"] if None in state["row"] else []), "boarding_pass_updated"]
        options = {"marker_placed": offers.marker_options(state)} if extra_left else \
            {"passenger_gained": offers.gain_options(state)}
        return {"actors": actors, "event_types": kinds, "options": options}
    if turn["phase"] == 2:
        return {"actors": actors, "event_types": ["card_revealed"], "options": {}}
    return {"actors": actors, "event_types": ["boarding_pass_updated"], "options": {}}


# The players' colours on the pages (the markers' and Boarding Passes' colours).
COLOUR_HEX = {"red": "#c0392b", "yellow": "#d4a017", "green": "#2e8b57", "blue": "#2f6db5"}


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


def seat_colours_of(state: State) -> list[str | None]:
    return [COLOUR_HEX.get(state["players"][name]["colour"]) for name in state["seats"]]


def position_of(state: State) -> dict[str, Any]:
    """``{"round", "turn", "label"}``: the set-up, each turn ("Turn 7 · Kenji", an extra turn
    and the Last Turn named), the game's end.  The game has no rounds."""
    if state["phase"] == "SETUP":
        return {"round": None, "turn": None, "label": "Set-up"}
    if state["phase"] == "OVER" or not state.get("turn"):
        return {"round": None, "turn": None, "label": "Game over"}
    number, player = int(state.get("turn_number", 1)), state["turn"]["player"]
    kind = " · extra turn" if state["turn"]["extra"] else " · Last Turn" if turns.in_last_turn(state) else ""
    return {"round": None, "turn": number, "label": f"Turn {number} · {player}{kind}"}


class AirAlliance(EngineBase):
    """Air Alliance: fly passengers between 24 airports with your planes and the NPAs'."""

    name: ClassVar[str] = "air-alliance"
    title: ClassVar[str] = "Air Alliance"
    # 2: the deck running out is the turn's in which its last card turns up (the Last Turn
    # settled then, not at the reshuffle); a second Alliance in one PHASE 0; after a
    # reshuffle only its discards turn up; strict_gain_timing and allow_null_marker; Trio
    # Sets by the cards' names (AA-C38).  Folds and judgements of stored games change.
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", "The first reading of the rulebook"),
        RulesVersion("2", "An empty deck, the Last Turn, and a card's Trio Set read from its name (AA-C27, "
                          "AA-C38). \"Only flights after a card turns up carry its passenger\" and \"A marker with "
                          "nothing legal is placed with no action\" came in: games before them play both off"),
    )
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    board_file: ClassVar[BoardFile] = BOARD_FILE  # the board, the Boarding Passes, the Passenger Cards
    codes = CODES  # every check code its rules report (codes.py)
    # The rulebook's own words where the event type's name would read wrong on a button.
    event_labels: ClassVar[Mapping[str, str]] = {"phase1_ended": "End of PHASE 1"}
    functions: ClassVar[EventFunctions] = EventFunctions(check=check_event, apply=apply_event, describe=describe_event,
                                                    apply_in_place=apply_event_in_place)
    standings = staticmethod(standings)
    expected = staticmethod(expected_of)
    actors = staticmethod(actors_of)
    position = staticmethod(position_of)
    seat_colours = staticmethod(seat_colours_of)

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

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "OVER")
