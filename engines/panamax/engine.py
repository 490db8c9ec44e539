"""The ``Panamax`` engine object.  It follows ``engines.base.Engine`` and, like Pan Am's,
delegates to one module per job: the guards come first here (unknown type or player, the
game over, whose turn it is, a flag's free action due), then each phase's event table
names the module that judges and folds the event (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    json_copy,
    resolve_options,
)
from engines.declared import declare
from engines.panamax import (
    action_table,
    board_legacy,
    bonus_cards,
    flags,
    free_actions,
    loading,
    movement,
    offers,
    reveals,
    round_end,
    setup_contracts,
    setup_phase,
    turns,
    view,
)
from engines.panamax import board as _board
from engines.panamax.codes import CODES
from engines.panamax.schemas import EVENT_SCHEMAS
from engines.panamax.setup import OPTIONS, initial_state, setup_problems


def check_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """The guards (an unknown type, an unknown actor), then the event's own rules."""
    if event_type not in EVENT_SCHEMAS:
        return [Violation("event/unknown-type", "Events", f"Panamax has no event {event_type!r}")]
    if actor is not None and actor not in state["players"]:
        return [Violation("event/unknown-player", "Events", f"{actor!r} is not at the table")]
    if state["phase"] == "OVER":
        return [Violation("PX-G1", "End of the Game", "The game is over: no event follows the final count")]
    named = data.get("player") if event_type in _PLAYER_EVENTS else None
    if actor is not None and named is not None and actor != named:
        return [Violation("event/actor-mismatch", "Events", f"{actor} records an event of {named}'s")]
    turn = state.get("turn")
    if turn and actor is not None and actor != turn["player"] and event_type != "free_action_used":
        return [Violation("PX-T1", turns.TURN_RULE, f"It is {turn['player']}'s turn, not {actor}'s")]
    pending = flags.blocking(state)
    if pending is not None and event_type != "free_action_used":
        due = pending["queue"][0]
        return [Violation("PX-F1", "Free Actions", f"The {due['nation']} flag's free action ({due['kind']}) must be "
                          "used at once")]
    if event_type == "free_action_used":
        return free_actions.check_used(state, actor, data)
    if state["phase"] == "SETUP_CONTRACTS" and event_type not in _SETUP_CONTRACT_EVENTS:
        return [Violation("PX-S11", setup_contracts.STEP_RULE, f"No {event_type.replace('_', ' ')} while the Setup "
                          "Contracts are chosen and loaded")]
    if event_type in _SETUP_CONTRACT_EVENTS and state["phase"] == "SETUP_CONTRACTS":
        return _SETUP_CONTRACT_EVENTS[event_type][0](state, actor, data)
    if event_type.startswith("setup_contract"):
        return [Violation("PX-S11", setup_contracts.STEP_RULE, "The Setup Contracts come after the set-up's other steps, "
                          "before the first turn")]
    if event_type in _TURN_EVENTS:
        return _TURN_EVENTS[event_type][0](state, actor, data)
    if event_type == "action_table_rolled" and state["phase"] == "MAINTENANCE":
        return round_end.check_new_round_roll(state, data)
    if event_type == "action_table_rolled" and state["phase"] not in ("SETUP", "MAINTENANCE"):
        return [Violation("PX-E7", "Maintenance of Cargo", "The Action table is rolled at the set-up and between rounds")]
    if event_type in setup_phase.SETUP_EVENTS and state["phase"] != "SETUP" and event_type != "action_table_rolled":
        return [Violation("PX-S10", "Set up", f"The set-up is over: no {event_type.replace('_', ' ')} now")]
    return setup_phase.check(state, event_type, data)


def _in_turn(rules: Callable[[State, Mapping[str, Any]], list[Violation]]) -> Callable[..., list[Violation]]:
    """A turn's rule that applies once the actor is the player whose turn it is."""
    return lambda state, actor, data: turns.actor_problems(state, actor) or rules(state, data)


def _mover(state: State) -> str:
    return turns.current_player(state)


def _apply_impossible(state: State, data: Mapping[str, Any]) -> None:
    state["turn"]["movement_waived"] = True


TurnRules = Callable[[State, "str | None", Mapping[str, Any]], list[Violation]]
TurnEffects = Callable[[State, Mapping[str, Any]], None]

# event type -> (rules, effects) of a turn
_TURN_EVENTS: dict[str, tuple[TurnRules, TurnEffects]] = {
    "ship_moved": (_in_turn(lambda s, d: movement.check_move(s, d, _mover(s))),
                   lambda s, d: movement.apply_move(s, d, _mover(s))),
    "military_pay_claimed": (_in_turn(movement.military_problems),
                             lambda s, d: movement.apply_military(s, d, _mover(s))),
    "movement_impossible": (_in_turn(lambda s, d: movement.impossible_problems(s)), _apply_impossible),
    "bonus_card_played": (bonus_cards.check_played, bonus_cards.apply_played),
    "die_transferred": (turns.check_transfer, turns.apply_transfer),
    "action_die_taken": (turns.check_take, turns.apply_take),
    "share_bought": (turns.check_share, turns.apply_share),
    "stock_raised": (turns.check_raise, turns.apply_raise),
    "turn_ended": (turns.check_end, lambda state, data: _end_turn(state)),
    "contract_taken": (loading.check_contract, loading.apply_contract),
    "contract_card_revealed": (loading.check_revealed, loading.apply_revealed),
    "ship_built": (lambda s, a, d: loading.check_place(s, a, d, "built"), lambda s, d: loading.apply_place(s, d, "built")),
    "ship_deployed": (lambda s, a, d: loading.check_place(s, a, d, "deployed"),
                      lambda s, d: loading.apply_place(s, d, "deployed")),
    "ship_to_loading_zone": (lambda s, a, d: loading.check_place(s, a, d, "to_loading_zone"),
                             lambda s, d: loading.apply_place(s, d, "to_loading_zone")),
    "die_loaded": (loading.check_load, loading.apply_load),
    "rail_flag_taken": (round_end.check_flag, round_end.apply_flag),
    "cargo_fees": (round_end.check_fees, round_end.apply_fees),
    "dividends": (round_end.check_dividends, round_end.apply_dividends),
    "financial_advisor_revealed": (round_end.check_reveal, round_end.apply_reveal),
}


# event type -> (rules, effects) while the Setup Contracts are chosen and loaded (§4 steps 22-23)
_SETUP_CONTRACT_EVENTS: dict[str, tuple[TurnRules, TurnEffects]] = {
    "setup_contracts_drawn": (setup_contracts.check_drawn, setup_contracts.apply_drawn),
    "setup_contract_chosen": (setup_contracts.check_chosen, setup_contracts.apply_chosen),
    "turn_ended": (lambda s, a, d: setup_contracts.check_done(s, a), lambda s, d: setup_contracts.apply_done(s)),
    **{kind: _TURN_EVENTS[kind] for kind in ("die_loaded", *turns.ANY_TIME, "ship_to_loading_zone")},
}


def _end_turn(state: State) -> None:
    turns.apply_end(state)
    if state["phase"] == "END_RAIL":  # the table is empty: the round's end begins
        round_end.start_end_of_round(state)


def apply_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> State:
    """A new state with the event folded in (never judged again: a stored event is a fact).

    An event the table overrode folds as far as the state allows.  One whose effect
    cannot be carried out at all here (a ship that is not on the board, a step of a phase
    that is not running) is kept as a fact that changes nothing but the step.  That
    fallback is for refused events only: a legal event that fails to fold is a bug, and
    raises."""
    try:
        return _fold(state, event_type, data)
    except _UNFOLDABLE:
        if not any(v.blocks for v in check_event(state, event_type, actor, data)):
            raise
        unchanged: State = json_copy(state)
        unchanged["step"] += 1
        return unchanged


# Events whose data names the one player due to make them.  (A secret goal kept or revealed
# is the table's to record: anyone may record whose it is.)
_PLAYER_EVENTS = ("rail_flag_taken",)
# What an effect meets when the state lacks what the event names.
_UNFOLDABLE = (KeyError, IndexError, TypeError, ValueError, AttributeError)


def apply_event_in_place(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> State:
    """The event folded into ``state`` itself, for a fold that made ``state`` and keeps no
    earlier one (``EngineBase.apply_in_place``): copying the table is most of an apply's
    time.  A refused event takes the copying path, whose fallback needs the state intact."""
    if any(v.blocks for v in check_event(state, event_type, actor, data)):
        return apply_event(state, event_type, actor, data)
    return _fold_into(state, event_type, data)


def _fold(state: State, event_type: str, data: Mapping[str, Any]) -> State:
    return _fold_into(json_copy(state), event_type, data)


def _fold_into(folded: State, event_type: str, data: Mapping[str, Any]) -> State:
    folded["step"] += 1
    if event_type == "free_action_used":
        free_actions.apply_used(folded, data)
    else:
        free_actions.forfeit_deferred(folded)
        _dispatch(folded, event_type, data)
    free_actions.settle(folded)
    if folded["phase"] == "END_RAIL":
        round_end.advance(folded)
    return folded


def _dispatch(folded: State, event_type: str, data: Mapping[str, Any]) -> None:
    if event_type in _SETUP_CONTRACT_EVENTS and folded["phase"] == "SETUP_CONTRACTS":
        _SETUP_CONTRACT_EVENTS[event_type][1](folded, data)
    elif event_type in _TURN_EVENTS:
        _TURN_EVENTS[event_type][1](folded, data)
    elif event_type == "action_table_rolled" and folded["phase"] == "MAINTENANCE":
        round_end.apply_new_round_roll(folded, data)
    else:
        setup_phase.apply(folded, event_type, data)


def _die(source: Mapping[str, int]) -> str:
    return f"column {source['column']}" if "column" in source else f"Executive die {source['executive']}"


def _roll_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    layout = action_table.layout_of(data)
    if layout is None:
        return "Action table rolled"
    blue, grey = sum(layout["columns"][:3]), sum(layout["columns"][3:])
    line = f"Action table rolled: {blue} movement and {grey} contract dice, Executive dice on {layout['executive']}"
    if action_table.standing_layout(len(state["seats"]), data) is None:  # the Mulligan Rule sends every die back
        return f"{line}: void by the Mulligan Rule (4 or fewer dice on a side; 3 with 2 or 3 players), all dice rolled again"
    return line


Words = Callable[[State, str, Mapping[str, Any]], str]
# event type -> its line, from the state before it and the player acting (the current one if unnamed)
_WORDS: dict[str, Words] = {
    "action_table_rolled": _roll_words,
    "contracts_revealed": lambda state, who, data: "Contracts revealed: " + ", ".join(
        f"{slot}: {card['id']}" for slot, card in sorted(data["action_table"].items())),
    "financial_advisor_kept": lambda state, who, data: f"{data['player']} keeps a secret Financial Advisor card",
    "advanced_bids": lambda state, who, data: "Blind bids opened: " + ", ".join(
        f"{player} ${bid}" for player, bid in data["bids"].items()),
    "die_transferred": lambda state, who, data: (
        f"{who} moves the die of {_die(data['from'])} to column {data['to_column']} (${turns.transfer_cost(state)})"),
    "action_die_taken": lambda state, who, data: (
        f"{who} takes the die of {_die(data['from'])} for {data['use'].replace('_', ' ')}"),
    "share_bought": lambda state, who, data: (
        f"{who} buys a {data['company']} share for ${state['companies'][data['company']]['price']}"),
    "stock_raised": lambda state, who, data: f"{who} raises the {data['company']} stock by $2",
    "turn_ended": lambda state, who, data: f"{who} ends the turn",
    "contract_taken": lambda state, who, data: (
        f"{who} takes Contract {loading.card_at(state, data['source'])} ({data['side']})"),
    "contract_card_revealed": lambda state, who, data: f"Contract {data['card']['id']} turns up on the Draw pile",
    "ship_built": lambda state, who, data: f"{who} builds {data['ship']} in {movement.zone_words(data['zone'])}",
    "ship_deployed": lambda state, who, data: f"{who} deploys {data['ship']} in {movement.zone_words(data['zone'])}",
    "ship_to_loading_zone": lambda state, who, data: f"{who} brings {data['ship']} to {movement.zone_words(data['zone'])}",
    "die_loaded": lambda state, who, data: f"{who} loads a die on " + (
        "the Rail table" if data["target"].get("rail") else data["target"]["ship"]),
    "rail_flag_taken": lambda state, who, data: f"{data['player']} takes the {data['nation']} flag from the Rail table",
    "cargo_fees": lambda state, who, data: f"The {data['company']} company pays its Cargo Fees",
    "dividends": lambda state, who, data: f"The {data['company']} company owes ${data['per_share']} a share in dividends",
    "setup_contracts_drawn": lambda state, who, data: "Setup Contracts drawn: " + ", ".join(
        card["id"] for card in data["cards"]),
    "setup_contract_chosen": lambda state, who, data: (
        f"{setup_contracts.pickers(state)[0] if setup_contracts.pickers(state) else who} chooses Setup Contract "
        f"{data['card']}"),
    "ship_moved": lambda state, who, data: f"{who} moves {', '.join(data['ships'])} by a {data['kind']} " + (
        "out into the ocean" if data["to"] == movement.OCEAN else f"to {data['to']}") + (
        f", pushing {'; '.join(', '.join(push['ships']) for push in data['pushes'])}" if data.get("pushes") else ""),
    "free_action_used": lambda state, who, data: _free_words(state, data),
    "bonus_card_played": lambda state, who, data: f"{who} plays {data['deck'].title()} card {data['card']}",
    "military_pay_claimed": lambda state, who, data: (
        f"{who} is paid ${movement.military_amount(state, who, data['ship'])} for moving {data['ship']}"),
    "movement_impossible": lambda state, who, data: f"{who} cannot complete the movement: {data['reason']}",
    "financial_advisor_revealed": lambda state, who, data: (
        f"{data['player']} reveals {len(data['cards'])} Financial Advisor card(s)"),
}


def _free_words(state: State, data: Mapping[str, Any]) -> str:
    pending = state.get("free_action") or {}
    who, kind = pending.get("player", "The player"), data["kind"]
    detail = {"market": f"buys a {data.get('company')} share", "deferred_market": f"uses the deferred Market action "
              f"to buy a {data.get('company')} share", "defer": "defers the Market action",
              "decline": "lets the deferred Market action go", "move3": "takes three free moves",
              "load_die": f"loads a free die on {data.get('ship')}", "impossible": "cannot use the free action",
              "load_rail": "raises a die on the 1st wagon by 2" if "raise" in data else "loads a free 2 on the Rail table"}
    return f"{who} {detail[kind]}"


def describe_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> str:
    """One line for the game log (a refused event that names what is not on the table gets
    a plain line: its words would need what it names)."""
    who = actor or (turns.current_player(state) if state.get("turn") else "")
    if event_type not in _WORDS:
        return f"{event_type.replace('_', ' ')} (not a Panamax event)"
    try:
        return _WORDS[event_type](state, who, data)
    except _UNFOLDABLE:
        if not any(v.blocks for v in check_event(state, event_type, actor, data)):
            raise
        return f"{who or 'The table'}: {event_type.replace('_', ' ')} (refused by the rules)"


def standings(state: State) -> dict[str, Any]:
    """Net worth while playing (the note's B6.2): personal money, shares at their price, the
    Managing Director Awards, less $15 a Bailout; Financial Advisor cards are hidden goals
    until the end.  Once every player has revealed them, §8's fortune, and "In case of a
    tie, the final turn order breaks the tie"."""
    final = state["phase"] == "OVER"
    fortunes = round_end.final_fortunes(state) if final else None
    rows = []
    for name in state["seats"]:
        player = state["players"][name]
        if fortunes is not None:
            breakdown = dict(fortunes[name])
            total = breakdown.pop("total")
        else:
            shares = sum(count * (state["companies"][colour]["price"] or 0) for colour, count in player["shares"].items())
            awards, bailouts = sum(player["awards"]), 15 * player["bailouts"]
            total = player["money"] + shares + awards - bailouts
            breakdown = {"money": player["money"], "shares": shares, "awards": awards, "bailouts": -bailouts}
        company = state["companies"][player["company"]]
        breakdown["company_money"], breakdown["company_price"] = company["money"], company["price"]
        rows.append({"player": name, "total": total, "status": "managing", "rank": None, "breakdown": breakdown})
    order = state["turn_order"]
    ranked = sorted(rows, key=lambda row: (-row["total"], order.index(row["player"])))
    for row in rows:
        if final:
            row["rank"] = ranked.index(row) + 1
        else:
            row["rank"] = 1 + sum(1 for other in ranked if other["total"] > row["total"])
    winners = [ranked[0]["player"]] if final else []
    for row in rows:
        row["status"] = ("winner" if row["player"] in winners else "finished") if final else "managing"
    return {"final": final, "players": rows, "winners": winners}


def expected_of(state: State) -> dict[str, Any]:
    """Who may act and which events are possible now.  Table events (a roll, a card turned
    up, a company's fees) list every player: anyone at the table records them."""
    pending = state.get("free_action")
    if pending and pending["queue"]:
        return {"actors": [pending["player"]], "event_types": ["free_action_used"],
                "options": {"free_action_used": offers.free_action_options(state)}}
    if state.get("turn") and state["phase"] == "END_RAIL":  # a rail flag's three free moves
        return {"actors": [state["turn"]["player"]], "event_types": ["ship_moved", "movement_impossible"],
                "options": offers.turn_options(state, ["ship_moved"])}
    if state["phase"] == "SETUP":
        due = setup_phase.remaining(state)
        kept = state["setup"]["advisors_kept"]
        options = {"financial_advisor_kept": {"player": [p for p in state["seats"] if p not in kept]}} \
            if "financial_advisor_kept" in due else {}
        named = reveals.reveal_offers(state, "contracts_revealed") if "contracts_revealed" in due else {}
        if named:  # the board's cards, to name instead of spelling out
            options["contracts_revealed"] = named
        return {"actors": list(state["seats"]), "event_types": due, "options": options}
    if state["phase"] == "SETUP_CONTRACTS":
        offer = state["setup_contracts"]
        if not offer["offered"]:
            named = reveals.reveal_offers(state, "setup_contracts_drawn")
            return {"actors": list(state["seats"]), "event_types": ["setup_contracts_drawn"],
                    "options": {"setup_contracts_drawn": named} if named else {}}
        if state["turn"] is None:
            return {"actors": setup_contracts.pickers(state)[:1], "event_types": ["setup_contract_chosen"],
                    "options": {"setup_contract_chosen": {"card": list(offer["offered"])}}}
        kinds = ["die_loaded", *turns.ANY_TIME, "ship_to_loading_zone", "turn_ended"]
        return {"actors": [state["turn"]["player"]], "options": offers.turn_options(state, kinds), "event_types": kinds}
    if state["phase"] == "TURNS":
        kinds = turns.possible(state)
        return {"actors": [turns.current_player(state)], "event_types": kinds,
                "options": offers.turn_options(state, kinds)}
    end: dict[str, Any] = state.get("end_of_round") or {}
    if state["phase"] == "END_RAIL":
        return {"actors": end["flag_pickers"][:1], "event_types": ["rail_flag_taken"],
                "options": {"rail_flag_taken": offers.rail_flag_options(state, end["flag_pickers"][0])} if end["flag_pickers"] else {}}
    if state["phase"] == "END_FEES":
        return {"actors": list(state["seats"]), "event_types": ["cargo_fees"],
                "options": {"cargo_fees": offers.fees_options(state, end["fees_due"][0])} if end["fees_due"] else {}}
    if state["phase"] == "END_DIVIDENDS":
        return {"actors": list(state["seats"]), "event_types": ["dividends"],
                "options": {"dividends": offers.dividend_options(state, end["dividends_due"][0])} if end["dividends_due"] else {}}
    if state["phase"] == "MAINTENANCE":
        return {"actors": list(state["seats"]), "event_types": ["action_table_rolled"], "options": {}}
    if state["phase"] == "GAME_OVER":
        waiting = [name for name in state["seats"] if name not in state["revealed"]]
        return {"actors": list(state["seats"]), "event_types": ["financial_advisor_revealed"],
                "options": {"financial_advisor_revealed": {"player": waiting}}}
    return {"actors": [], "event_types": [], "options": {}}


class Panamax(EngineBase):
    """Panamax: run a shipping company through the Panama Canal, and end the game as the
    richest investor."""

    name: ClassVar[str] = "panamax"
    title: ClassVar[str] = "Panamax"
    rules_version: ClassVar[str] = "2"
    rules_history: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", "The first reading of the rulebook"),
        RulesVersion("2", "The canal's order and ends, pushes, exits and reveals are checked (PX-M2, M3, M4, M9, "
                          "M10, M12, C3, C9, B22). \"Lowest share price without a Market table\" came in: games "
                          "before it have no floor (0)"),
    )
    options: ClassVar[Mapping[str, Option]] = OPTIONS
    event_schemas: ClassVar[Mapping[str, type[Schema]]] = EVENT_SCHEMAS
    board_file: ClassVar[BoardFile] = _board.BOARD_FILE
    codes = CODES  # every check code its rules report (codes.py)
    functions: ClassVar[EventFunctions] = EventFunctions(check=check_event, apply=apply_event, describe=describe_event,
                                                    apply_in_place=apply_event_in_place)
    standings = staticmethod(standings)
    expected = staticmethod(expected_of)
    # The viewer's board partial reads ``engine.board_view(state)`` (what the engine derives for it).
    board_view = staticmethod(view.board_view)
    position = staticmethod(view.position)
    seat_colours = staticmethod(view.seat_colours)

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
        state = initial_state(list(players), opts)
        if chosen is not None:
            state["canal"] = _board.canal(chosen, state["canal"])
            state["market_prices"] = sorted(row["price"] for row in chosen.get("market", [])) or None
            table = _board.table_of(chosen)
            if table is not None:  # what the checks of reveals need (a game without keeps no such key)
                state["board"] = table
        state.update({"step": 0, "declared": declared, "contracts": None, "turn_index": 0, "turn": None,
                      "end_of_round": None, "revealed": {}, "setup_contracts": {"offered": [], "chosen": []},
                      "free_action": None,
                      "setup": {"bids": False, "contracts": False, "advisors_kept": [], "mulligans": 0}})
        return state

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

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "OVER")
