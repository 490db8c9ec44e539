"""Issue 21's Panamax findings (16 to 23), each a scenario named after the rule it plays:
the canal's order and its ends, the movement columns' printed locks, the Market's floor,
pushed ships' heading, the last bonus card, an impossible movement the canal disproves,
the Waiting zone within loading, the Draw pile's reveals, and the log's words.

Zone names other than the rulebook's, the sizes of unique ships and the cards are made
up for the tests (the rulebook prints no canal map)."""

from __future__ import annotations

from engines.base import Event
from tests.engines.scenario import codes, legal, notes
from tests.engines.test_panamax_board_file import CANAL, ENGINE, ROLL, on_board
from tests.engines.test_panamax_movement import card, move, moving, playing
from tests.engines.test_panamax_round_end import at_dividends, dividends

END = Event("turn_ended", {})
SPELLED = {"action_table": {s: card(f"C{s}") for s in "456"}, "inbound": card("I"), "draw_top": card("D")}
MOVE_EXECUTIVE = Event("action_die_taken", {"from": {"executive": 3}, "use": "movement"})  # 3 waterways, 3 locks
DASHED = ("Gatun Locks", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Locks")


def crossings() -> list[dict[str, str]]:
    """Every crossing of the made-up CANAL, both ways: locks at the locks, waterways elsewhere."""
    icon = {("Gatun Lake", "Culebra Cut"): "waterway", ("Culebra Cut", "Pedro Miguel Locks"): "waterway"}
    out = []
    for bound, order, entries in (("PACIFIC", CANAL, ("LOADING EU", "LOADING US_EAST")),
                                  ("ATLANTIC", CANAL[::-1], ("LOADING CHINA", "LOADING US_WEST"))):
        out += [{"bound": bound, "from": entry, "to": order[0], "icon": "lock"} for entry in entries]
        for start, goal in zip(order, [*order[1:], "OCEAN"], strict=True):
            kind = icon.get((start, goal)) or icon.get((goal, start)) or "lock"
            out.append({"bound": bound, "from": start, "to": goal, "icon": kind})
    return out


WHOLE_CANAL = {"canal": CANAL, "zones": {zone: "DASHED" for zone in DASHED}, "crossings": crossings(),
               "complete": ["canal", "crossings"]}


# -- 16: the canal's order, its ends, and the printed lock counts --------------------------------


def test_px_m3_on_the_whole_canal_a_move_goes_to_the_next_zone_only() -> None:
    """ "Ships must follow the direction of the arrows": Pedro Miguel Locks to Gatun Locks
    skips Culebra Cut and Gatun Lake."""
    state = legal(ENGINE, on_board({"canal": CANAL, "complete": ["canal"]}, SPELLED), MOVE_EXECUTIVE)
    assert codes(ENGINE, state, move(["red-1"], "lock", "Gatun Locks", to_kind="DASHED")) == ["PX-M3"]
    state = legal(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut", to_kind="DASHED"))
    assert state["ships"]["red-1"]["zone"] == "Culebra Cut"


def test_px_m3_a_move_cannot_skip_a_zone_the_game_already_knows() -> None:
    """Without a board, the canal the events declared: Pedro Miguel Locks to Gatun Lake
    skips Culebra Cut."""
    state = moving({"executive": 3})
    assert codes(ENGINE, state, move(["red-1"], "waterway", "Gatun Lake")) == ["PX-M3"]
    legal(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut", to_kind="DASHED"))


def test_px_m10_a_ship_leaves_the_canal_only_from_its_far_end() -> None:
    """A ship "arrives at the end of the Canal when it uses a lock movement, exits the
    Canal": USS Iowa one step into the canal from the Atlantic cannot leave into the Pacific."""
    state = legal(ENGINE, on_board({"canal": CANAL, "complete": ["canal"]}, SPELLED), MOVE_EXECUTIVE,
                  move(["USS Iowa"], "lock", "Gatun Locks", to_kind="DASHED", sizes={"USS Iowa": 2}))
    assert codes(ENGINE, state, move(["USS Iowa"], "lock", "OCEAN")) == ["PX-M10"]
    # Without a board: green-1 (bound for the Pacific) has Pedro Miguel Locks and Miraflores Lake ahead.
    assert codes(ENGINE, moving({"executive": 3}), move(["green-1"], "lock", "OCEAN", bonus={"green-1": "money"})) == [
        "PX-M10"]


def test_px_m10_from_the_canal_s_last_zone_a_lock_takes_the_ship_out() -> None:
    state = legal(ENGINE, on_board(WHOLE_CANAL, SPELLED), MOVE_EXECUTIVE)
    state["ships"]["green-1"]["zone"] = "Miraflores Locks"
    state = legal(ENGINE, state, move(["green-1"], "lock", "OCEAN", bonus={"green-1": "money"}))
    assert state["ships"]["green-1"]["zone"] == "WAITING PACIFIC" and state["players"]["Ben"]["money"] == 6 + 2


def test_px_m1_the_board_s_printed_lock_count_sets_a_column_s_locks() -> None:
    """ "The number indicated in the base of a column always refer to the number of locks a
    player must pass (1 to 3 locks)": the board file's ``column_locks``."""
    state = legal(ENGINE, on_board({"column_locks": {"1": 2, "2": 3, "3": 3}}, SPELLED),
                  Event("action_die_taken", {"from": {"column": 1}, "use": "movement"}))
    assert state["turn"]["allowance"] == {"waterway": 2, "lock": 2}
    assert state["declared"]["column_locks:1"]["value"] == 2 and state["declared"]["column_locks:1"]["at"] == "board"
    offered = ENGINE.expected(on_board({"column_locks": {"2": 1}}, SPELLED))["options"]["action_die_taken"]["dice"]
    assert {"from": {"column": 2}, "allows": {"waterway": 1, "lock": 1}, "uses": ["movement", "pass"]} in offered


def test_px_m1_a_column_s_printed_locks_in_the_board_file_are_one_to_three() -> None:
    assert ENGINE.board_file.shape_errors({"column_locks": {"1": 4}})
    assert ENGINE.board_file.shape_errors({"column_locks": {"4": 1}})  # only the blue columns 1-3 move ships
    assert ENGINE.board_file.shape_errors({"column_locks": {"1": 2}}) == {}


# -- 17: the Market's floor ---------------------------------------------------------------------


def test_px_k5_a_price_stops_at_the_market_s_floor_without_a_market_table() -> None:
    """ "the value of the Company Stock drops $2 (lower the marker 2 steps on the market
    table)": the cube stays on the table, at $1 at the least with no table declared."""
    state = at_dividends()
    state["companies"]["red"]["price"] = 2
    state = legal(ENGINE, state, dividends("red", 1))
    assert state["companies"]["red"]["price"] == 1
    state = at_dividends()
    state["options"]["market_floor"] = 3
    state["companies"]["red"]["price"] = 4
    assert legal(ENGINE, state, dividends("red", 1))["companies"]["red"]["price"] == 3


# -- 18: pushed ships keep their heading ------------------------------------------------------------


def test_px_m4_a_pushed_ship_cannot_change_direction() -> None:
    """Ana's ship (bound for the Atlantic) fills Culebra Cut, where Ben's ship and NRP
    Sagres III head for the Pacific: pushing them on towards Gatun Lake turns them back."""
    state = moving({"executive": 3}, players=("Ana", "Ben", "Cy"))
    state["ships"]["NRP Sagres III"]["zone"] = "Culebra Cut"  # as if it had sailed there, bound for the Pacific
    state["declared"]["zone_kind:Culebra Cut"] = {"value": "DASHED", "at": 1}
    state["declared"]["ship_slots:NRP Sagres III"] = {"value": 3, "at": 1}
    oncoming = ["green-1", "NRP Sagres III"]
    backwards = move(["red-1"], "waterway", "Culebra Cut", pushes=[{"ships": oncoming, "to": "Gatun Lake"}])
    assert codes(ENGINE, state, backwards) == ["PX-M4"]


# -- 19: the last bonus card -----------------------------------------------------------------------------


def test_px_m12_two_ships_leaving_together_take_the_bonus_cards_in_exit_order() -> None:
    """ "If several ships arrive in the same turn, players choose Bonus cards respecting
    their exit order": one Captain card is left, and the group's second 1-slot ship finds none."""
    state = moving()
    for ship in ("green-1", "red-1"):
        state["ships"][ship].update({"zone": "Miraflores Lake", "bound": "PACIFIC"})
    state["captain_stack"] = [5]
    both = move(["green-1", "red-1"], "lock", "OCEAN", bonus={"green-1": "card", "red-1": "card"})
    assert codes(ENGINE, state, both) == ["PX-M12"]
    state = legal(ENGINE, state, move(["green-1", "red-1"], "lock", "OCEAN", bonus={"green-1": "card", "red-1": "money"}))
    assert state["players"]["Ben"]["captain"] == [{"card": 5, "round": 1, "turn": 0}]
    assert state["players"]["Ana"]["money"] == 6 + 2 and state["captain_stack"] == []


# -- 20: an impossible movement, judged -------------------------------------------------------------


def test_px_m2_movement_is_not_impossible_while_a_ship_can_cross_a_known_crossing() -> None:
    """ "Check carefully that the Movement action cannot be completed": on a board with the
    whole canal, Ana's ship can still take the waterway from Pedro Miguel Locks to Culebra Cut."""
    state = legal(ENGINE, on_board(WHOLE_CANAL, SPELLED), Event("action_die_taken", {"from": {"column": 1},
                                                                                    "use": "movement"}))
    claim = Event("movement_impossible", {"reason": "stuck"})
    assert codes(ENGINE, state, claim) == ["PX-M2"]
    assert "red-1" in next(v.message for v in ENGINE.check(state, claim) if v.code == "PX-M2")


def test_px_m2_with_no_crossing_known_an_impossible_movement_stays_unverified() -> None:
    assert notes(ENGINE, moving(), Event("movement_impossible", {"reason": "stuck"})) == [("PX-M2", "unverified")]


# -- 21: the Waiting zone, within loading ---------------------------------------------------------------


def test_px_c9_a_waiting_ship_comes_to_a_loading_zone_within_loading_only() -> None:
    """ "Ships in the Waiting zone ... may be moved freely to the Loading zone and used
    immediately to continue loading Cargo" (§9 puts Dice Fest Line in the Atlantic's)."""
    bring = Event("ship_to_loading_zone", {"ship": "Dice Fest Line", "zone": "LOADING EU"})
    state = playing()
    assert state["ships"]["Dice Fest Line"]["zone"] == "WAITING ATLANTIC"
    assert codes(ENGINE, state, bring) == ["PX-C9"]  # before the die
    moving_turn = legal(ENGINE, state, Event("action_die_taken", {"from": {"column": 1}, "use": "movement"}))
    assert codes(ENGINE, moving_turn, bring) == ["PX-C9"]
    loading = legal(ENGINE, state, Event("action_die_taken", {"from": {"column": 5}, "use": "contract_load"}), bring)
    assert loading["ships"]["Dice Fest Line"]["zone"] == "LOADING EU"


def test_px_c9_a_military_ship_in_a_waiting_zone_is_ready_for_immediate_re_use_when_moving() -> None:
    """§10: "At the end of the Canal, the ship is moved to the Waiting zone ready for
    immediate re-use"."""
    state = moving()
    state["ships"]["USS Iowa"].update({"zone": "WAITING ATLANTIC", "bound": None})
    bring = Event("ship_to_loading_zone", {"ship": "USS Iowa", "zone": "LOADING US_EAST"})
    assert "ship_to_loading_zone" in ENGINE.expected(state)["event_types"]
    assert legal(ENGINE, state, bring)["ships"]["USS Iowa"]["bound"] == "PACIFIC"


# -- 22: the Draw pile's reveals ----------------------------------------------------------------------------


TAKE_CARD = [Event("action_die_taken", {"from": {"column": 4}, "use": "contract_load"}),
             Event("contract_taken", {"source": "action_table", "side": "front"})]


def test_px_b22_a_card_face_up_or_held_cannot_turn_up_on_the_draw_pile() -> None:
    """One card, one place, with or without a board: C4 is now held, I lies in column 4, D on Inbound."""
    state = legal(ENGINE, playing(), *TAKE_CARD)
    for card_id in ("C4", "I", "D", "C5"):
        assert codes(ENGINE, state, Event("contract_card_revealed", {"card": card(card_id)})) == ["PX-B22"]
    legal(ENGINE, state, Event("contract_card_revealed", {"card": card("E")}))


def test_px_c3_a_turn_ends_only_once_the_draw_pile_s_next_card_is_turned_up() -> None:
    """ "The top card from the Draw pile will be placed on the Inbound Cargo space": the
    next one turns up before the turn ends, or the next take leaves Inbound empty."""
    state = legal(ENGINE, playing(), *TAKE_CARD)
    assert codes(ENGINE, state, END) == ["PX-C3"]
    legal(ENGINE, state, Event("contract_card_revealed", {"card": card("E")}), END)


# -- 23: the log's words ---------------------------------------------------------------------------------------


def test_the_log_says_a_mulligan_roll_is_void_and_names_zones_as_people_do() -> None:
    state = ENGINE.setup(["Ana", "Ben"], {"setup_contracts_in_standard": False})
    mulligan = Event("action_table_rolled", {"action_rolls": None, "executive_rolls": None,
                                             "layout": {"columns": [3, 3, 3, 1, 0, 0], "executive": [1, 2]}})
    line = ENGINE.describe(state, mulligan)
    assert "Mulligan" in line and "void" in line
    assert "Mulligan" not in ENGINE.describe(state, ROLL)
    state = playing()
    assert ENGINE.describe(state, Event("ship_deployed", {"ship": "red-2a", "zone": "LOADING US_EAST"})) == (
        "Ana deploys red-2a in the US East Loading zone")
    waiting = legal(ENGINE, state, Event("action_die_taken", {"from": {"column": 5}, "use": "contract_load"}))
    assert ENGINE.describe(waiting, Event("ship_to_loading_zone", {"ship": "Dice Fest Line", "zone": "LOADING EU"})) == (
        "Ana brings Dice Fest Line to the EU Loading zone")
