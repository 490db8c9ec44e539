"""Panamax's board file (engines/panamax/board.py, board_schema.py, board_rules.py and
reveals.py): its shape, the PX-B problems, the facts it loads before the first event, the
cards a reveal names by their id, what ``expected()`` offers of them, and the board made
from a game.  Every card, zone, rate, price and tile here is made up for the tests, never
presented as the game's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from marshmallow import ValidationError

from engines.base import Event, SetupError, State
from engines.declared import Fact, declare
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.board import JSON_SCHEMA, rulebook_board
from engines.panamax.cargo import CRUISE_MAX_DICE
from engines.panamax.demo import demo_game
from engines.panamax.engine import Panamax
from engines.panamax.movement import KNOWN_SLOTS
from engines.panamax.state import LAKES, NATIONS
from tests.engines.scenario import codes, legal, notes
from tests.engines.test_panamax_movement import ENGINE as MOVING_ENGINE
from tests.engines.test_panamax_movement import card as plain_card
from tests.engines.test_panamax_movement import move, moving, playing

ENGINE = Panamax()
FILE = ENGINE.board_file
SCHEMA = Draft202012Validator(json.loads((Path(__file__).parents[2] / JSON_SCHEMA).read_text(encoding="utf-8")))
PLAYERS = ["Ana", "Ben"]  # red, green
ACTION, EXECUTIVE = [1, 2, 2, 4, 5, 6, 1, 2, 5, 6], [3, 4]  # columns 2, 3, 0, 1, 2, 2 (as the movement tests)
ROLL = Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                     "layout": layout_from_rolls(ACTION, EXECUTIVE)})
END = Event("turn_ended", {})
TAKE_CARD = [Event("action_die_taken", {"from": {"column": 4}, "use": "contract_load"}),
             Event("contract_taken", {"source": "action_table", "side": "front"})]


def contract(number: int, rail: bool = False) -> dict[str, Any]:
    """A made-up Contract card C<number>: one container to its nation, a generic 3 behind."""
    return {"id": f"C{number}", "front": {"nation": NATIONS[number % 4], "containers": [
        {"value": number % 6 + 1, "rail": rail}]}, "back": {"containers": [{"value": 3, "rail": False}]}}


DECK = [contract(n) for n in range(1, 25)]  # 24 made-up cards, as many as the box holds
SETUP_DECK = [{"id": f"S{n}", "front": {"nation": "EU", "containers": [{"value": 2, "rail": False}]}} for n in range(1, 9)]
CANAL = ["Gatun Locks", "Gatun Lake", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Lake", "Miraflores Locks"]
CARDS = {"contracts": DECK[:8], "setup_contracts": SETUP_DECK[:5], "bonus_cards": {"captain": {"1": {"waterways": 2}}}}
# A board with every section (made up), which the rules accept.
EVERY_SECTION: dict[str, Any] = {
    "canal": CANAL, "column_locks": {"1": 1, "2": 2, "3": 3}, "zones": {"Gatun Locks": "DASHED", "Culebra Cut": "DASHED"},
    "crossings": [{"bound": "PACIFIC", "from": "LOADING EU", "to": "Gatun Locks", "icon": "lock"},
                  {"bound": "PACIFIC", "from": "Miraflores Locks", "to": "OCEAN", "icon": "lock"}],
    "fees": {"Culebra Cut": 3, "LOADING EU": 1}, "market": [{"price": p, "dividend": p // 3} for p in range(2, 13)],
    "clipboard": {"EU": ["market", "none", "load_die"]}, "ships": {"San Juan Prospector": {"slots": 3, "min": 6, "max": 14}},
    "two_slot_cost": 6, "contracts": DECK, "setup_contracts": SETUP_DECK,
    "bonus_cards": {"captain": {"1": {"waterways": 2}}, "stevedore": {"5": {"loads": 1}}},
    "complete": ["contracts", "setup_contracts", "canal"],
}


def named(*ids: str) -> dict[str, Any]:
    """A ``contracts_revealed`` naming five cards: the Action table's three, Inbound, the Draw pile's top."""
    return {"action_table": {"4": {"id": ids[0]}, "5": {"id": ids[1]}, "6": {"id": ids[2]}},
            "inbound": {"id": ids[3]}, "draw_top": {"id": ids[4]}}


SPELLED = {"action_table": {"4": contract(31), "5": contract(32), "6": contract(33)}, "inbound": contract(34),
           "draw_top": contract(35)}


def on_board(board: dict[str, Any], reveal: dict[str, Any] | None = None, **options: Any) -> State:
    """Ana's first turn in a game recorded on ``board`` (the Setup Contracts left out)."""
    state = ENGINE.setup(PLAYERS, {"setup_contracts_in_standard": False, **options}, board=board)
    return legal(ENGINE, state, ROLL, Event("contracts_revealed", reveal or named("C1", "C2", "C3", "C4", "C5")),
                 *[Event("financial_advisor_kept", {"player": p}) for p in PLAYERS])


def drawn(card: dict[str, Any]) -> Event:
    return Event("contract_card_revealed", {"card": card})


# -- the shape --------------------------------------------------------------------------


SHAPE_MISTAKES = [  # (what is wrong, the board, the field the refusal names)
    ("a section the file has not", {"rivers": []}, "rivers"),
    ("a field an entry has not", {"crossings": [{"bound": "PACIFIC", "from": "Gatun Lake", "to": "Culebra Cut",
                                                  "icon": "lock", "note": "the big one"}]}, "crossings.0.note"),
    ("text for a number", {"fees": {"Culebra Cut": "3"}}, "fees.Culebra Cut"),
    ("a word not in the list", {"zones": {"Culebra Cut": "CANYON"}}, "zones.Culebra Cut"),
    ("a zone's name too long", {"canal": ["x" * 61]}, "canal.0"),
    ("a boolean for a number", {"market": [{"price": True, "dividend": 1}]}, "market.0.price"),
    ("a number for a boolean", {"contracts": [{**contract(1), "back": {"containers": [{"value": 3, "rail": 0}]}}]},
     "contracts.0.back.containers.0.rail"),
    ("a face left out", {"contracts": [{"id": "C1", "front": contract(1)["front"]}]}, "contracts.0.back"),
    ("a value off the die", {"setup_contracts": [{"id": "S1", "front": {"nation": "EU", "containers": [
        {"value": 7, "rail": False}]}}]}, "setup_contracts.0.front.containers.0.value"),
    ("a bonus card the deck has not", {"bonus_cards": {"captain": {"6": {"loads": 1}}}}, "bonus_cards.captain.6"),
    ("a ship the game has not", {"ships": {"USS Nowhere": {"slots": 2}}}, "ships.USS Nowhere"),
    ("a Clipboard row too long", {"clipboard": {"EU": ["market"] * 12}}, "clipboard.EU"),
    ("a price out of bounds", {"two_slot_cost": 31}, "two_slot_cost"),
    ("a column printing 4 locks", {"column_locks": {"1": 4}}, "column_locks.1"),
    ("a grey column's locks", {"column_locks": {"4": 1}}, "column_locks"),
    ("a list marked complete twice", {"complete": ["canal", "canal"]}, "complete"),
    ("a null", {"fees": None}, "fees"),
    ("not an object", ["canal"], "board"),
]


@pytest.mark.parametrize(("mistake", "board", "field"), SHAPE_MISTAKES, ids=[m[0] for m in SHAPE_MISTAKES])
def test_a_board_of_the_wrong_shape_fails_both_schemas_and_names_the_field(mistake: str, board: Any, field: str) -> None:
    assert FILE.shape_errors(board), mistake
    assert not SCHEMA.is_valid(board), mistake
    refused = FILE.setup_problems(board)
    assert {v.code for v in refused} == {"board/shape"}
    assert any(v.message.startswith(f"{field}") for v in refused), [v.message for v in refused]
    with pytest.raises(SetupError):
        ENGINE.setup(PLAYERS, {}, board=board)


def test_a_board_with_every_section_has_the_right_shape_and_breaks_no_rule() -> None:
    assert FILE.shape_errors(EVERY_SECTION) == {} and FILE.problems(EVERY_SECTION) == []
    SCHEMA.validate(EVERY_SECTION)
    SCHEMA.validate({})
    assert FILE.setup_problems({}) == [] and FILE.json_schema == "docs/formats/panamax-board-v1.schema.json"


# -- the problems -------------------------------------------------------------------------


def crossing(start: str, goal: str, icon: str = "waterway", bound: str = "PACIFIC") -> dict[str, str]:
    return {"bound": bound, "from": start, "to": goal, "icon": icon}


PROBLEMS = [  # (code, a board that breaks that rule only, the field it names)
    ("PX-B01", {"canal": ["Gatun Locks", "Gatun Lake", "Gatun Locks"]}, "canal.2"),
    ("PX-B02", {"market": [{"price": 6, "dividend": 2}, {"price": 6, "dividend": 3}]}, "market.1"),
    ("PX-B03", {"crossings": [crossing("Gatun Lake", "Culebra Cut"), crossing("Gatun Lake", "Culebra Cut", "lock")]},
     "crossings.1"),
    ("PX-B04", {"contracts": [contract(1), contract(2), {**contract(3), "id": "C1"}]}, "contracts.2.id"),
    ("PX-B05", {"fees": {"Culebra Cut": 5}}, "fees.Culebra Cut"),
    ("PX-B06", {"contracts": [{**contract(1), "back": {"containers": [{"value": 3, "rail": False}] * 2}}]},
     "contracts.0.back"),
    ("PX-B07", {"contracts": [{**contract(1, rail=True), "back": {"containers": [{"value": 3, "rail": True}]}}]},
     "contracts.0"),
    ("PX-B08", {"setup_contracts": [*SETUP_DECK, {**SETUP_DECK[0], "id": "S9"}]}, "setup_contracts.8"),
    ("PX-B09", {"contracts": DECK[:23], "complete": ["contracts"]}, "complete.0"),
    ("PX-B10", {"canal": ["Gatun Lake", "Culebra Cut", "Miraflores Lake"], "complete": ["canal"]}, "complete.0"),
    ("PX-B11", {"canal": CANAL, "fees": {"Gaillard Cut": 2}, "complete": ["canal"]}, "fees.Gaillard Cut"),
    ("PX-B12", {"crossings": [crossing("Miraflores Lake", "Gatun Lake")]}, "crossings.0"),
    ("PX-B13", {"zones": {"Gatun Lake": "DASHED"}}, "zones.Gatun Lake"),
    ("PX-B14", {"ships": {"San Juan Prospector": {"slots": 3, "min": 9, "max": 3}}}, "ships.San Juan Prospector.min"),
    ("PX-B15", {"ships": {"USS Iowa": {"slots": 5}}}, "ships.USS Iowa.slots"),
    ("PX-B16", {"ships": {"Dice Fest Line": {"slots": 3, "max_dice": 4}}}, "ships.Dice Fest Line.max_dice"),
    ("PX-B17", {"fees": {"WAITING ATLANTIC": 2}}, "fees.WAITING ATLANTIC"),
    ("PX-B18", {"crossings": [crossing("Miraflores Lake", "OCEAN")]}, "crossings.0"),
    ("PX-B19", {"market": [{"price": 6, "dividend": 2}], "dividends": [{"price": 7, "dividend": 2}]}, "dividends.0"),
]


@pytest.mark.parametrize(("code", "board", "field"), PROBLEMS, ids=[p[0] for p in PROBLEMS])
def test_each_rule_a_board_breaks_has_its_own_code_and_names_the_entry(code: str, board: dict[str, Any],
                                                                        field: str) -> None:
    assert FILE.shape_errors(board) == {} and SCHEMA.is_valid(board)  # the shape is right: the rules refuse it
    assert [(problem.code, problem.field) for problem in FILE.problems(board)] == [(code, field)]
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(PLAYERS, {}, board=board)
    assert [v.code for v in refused.value.violations] == [code]


def test_the_problem_codes_are_all_different_rules() -> None:
    assert len({code for code, _, _ in PROBLEMS}) == len(PROBLEMS) == 19


# -- set-up and the board option --------------------------------------------------------


LEGACY = {  # what the ``board`` option accepted before saved boards: a note in a row, two rows for $6, "" for []
    "market": [{"price": 6, "dividend": 2, "note": "the star"}, {"price": 6, "dividend": 3}], "crossings": "",
    "zones": {"Culebra Cut": "DASHED"}}


def test_a_file_the_board_option_always_accepted_still_loads_with_the_same_facts() -> None:
    state = ENGINE.setup(PLAYERS, {"board": LEGACY})
    assert state["declared"] == {
        "zone_kind:Culebra Cut": {"value": "DASHED", "at": "board", "label": "The kind of zone Culebra Cut"},
        "dividend:6": {"value": 2, "at": "board", "label": "The dividend at a price of $6"}}  # the first row counts
    assert state["market_prices"] == [6, 6] and "board" not in state
    with pytest.raises(SetupError) as refused:  # as a saved board it is refused
        ENGINE.setup(PLAYERS, {}, board=LEGACY)
    assert {v.code for v in refused.value.violations} == {"board/shape"}


@pytest.mark.parametrize(("bad", "wanted"), [
    ({"zones": {"Culebra Cut": "CANYON"}}, {"board/shape"}), ({"fees": {"Culebra Cut": 5}}, {"PX-B05"}),
    ({"rivers": []}, {"board/shape"}), ({"clipboard": {"MARS": ["none"]}}, {"board/shape"}),
    ({"ships": {"USS Nowhere": {"slots": 2}}}, {"board/shape"}), ([], {"options/invalid"})])
def test_a_board_option_that_cannot_be_read_stops_the_set_up(bad: Any, wanted: set[str]) -> None:
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(PLAYERS, {"board": bad})
    assert {v.code for v in refused.value.violations} == wanted


def test_a_game_is_recorded_on_a_saved_board_or_the_option_s_file_not_both() -> None:
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(PLAYERS, {"board": {"fees": {"Culebra Cut": 2}}}, board={"fees": {"Culebra Cut": 2}})
    assert [v.code for v in refused.value.violations] == ["board/twice"]


def test_a_saved_board_loads_its_facts_as_the_option_does() -> None:
    saved = ENGINE.setup(PLAYERS, {}, board=EVERY_SECTION)
    option = ENGINE.setup(PLAYERS, {"board": EVERY_SECTION})
    assert saved["declared"] == option["declared"] and saved["canal"] == option["canal"] == CANAL
    assert saved["market_prices"] == list(range(2, 13)) and saved["options"]["board"] is None
    assert saved["board"] == {"contracts": [f"C{n}" for n in range(1, 25)], "setup_contracts": [f"S{n}" for n in range(1, 9)],
                              "complete": ["contracts", "setup_contracts", "canal"]}
    assert "board" not in ENGINE.setup(PLAYERS, {}, board={"fees": {"Culebra Cut": 2}})  # no card, nothing complete


# -- facts ---------------------------------------------------------------------------------


def test_the_board_s_facts_are_keyed_as_the_events_declare_them() -> None:
    keys = [fact.key for fact in FILE.facts(CARDS)]
    assert keys == [*(f"contract:C{n}" for n in range(1, 9)), *(f"setup_contract:S{n}" for n in range(1, 6)),
                    "bonus_card:captain:1"]
    state = ENGINE.setup(PLAYERS, {}, board=CARDS)
    assert state["declared"]["contract:C2"] == {"value": {"front": DECK[1]["front"], "back": DECK[1]["back"]},
                                                "at": "board", "label": "Contract card C2"}
    assert state["declared"]["bonus_card:captain:1"]["value"] == {"locks": 0, "waterways": 2, "any_moves": 0, "loads": 0}


def test_a_card_spelled_out_otherwise_than_the_board_is_a_conflict() -> None:
    state = legal(ENGINE, ENGINE.setup(PLAYERS, {}, board=CARDS), ROLL)
    other = {**contract(1), "front": {"nation": "EU", "containers": [{"value": 6, "rail": False}]}}
    reveal = Event("contracts_revealed", {**named("C2", "C3", "C4", "C5", "C6"), "inbound": other})
    refused = [v for v in ENGINE.check(state, reveal) if v.blocks]
    assert [v.code for v in refused] == ["declared/conflict"]
    assert refused[0].message.startswith("Contract card C1 was declared") and "by board; event 2 declares" in refused[0].message
    legal(ENGINE, state, Event("contracts_revealed", {**named("C2", "C3", "C4", "C5", "C6"), "inbound": contract(1)}))


def test_a_move_needs_no_declaration_the_board_made_and_cannot_contradict_it() -> None:
    state = moving()
    state["declared"] = ENGINE.setup(PLAYERS, {"board": {"crossings": [crossing(
        "Pedro Miguel Locks", "Culebra Cut", "lock", "ATLANTIC")], "zones": {"Culebra Cut": "DASHED"}}})["declared"]
    # Ana's ship at Pedro Miguel Locks, bound for the Atlantic: the board says a lock leads to Culebra Cut.
    assert codes(MOVING_ENGINE, state, move(["red-1"], "waterway", "Culebra Cut")) == ["declared/conflict"]
    legal(MOVING_ENGINE, state, move(["red-1"], "lock", "Culebra Cut"))  # its kind is on the board: nothing to declare


def test_the_shipped_board_file_holds_only_what_the_rulebook_states() -> None:
    shipped = rulebook_board()
    assert set(shipped) == {"zones", "ships"} and FILE.problems(shipped) == [] and SCHEMA.is_valid(shipped)
    assert shipped["zones"] == {lake: "LAKE" for lake in LAKES}  # "Miraflores Lake and Gatun Lake"
    assert {ship: spec["slots"] for ship, spec in shipped["ships"].items()} == KNOWN_SLOTS  # §9 "3-slot Cruise ships"
    assert {ship: spec["max_dice"] for ship, spec in shipped["ships"].items()} == CRUISE_MAX_DICE  # §10
    state = ENGINE.setup(["Ana", "Ben", "Cy"], {"board": shipped})
    assert state["declared"]["zone_kind:Gatun Lake"]["at"] == "board"


def test_with_the_market_table_on_the_board_a_price_stays_on_it() -> None:  # PX-K5
    table = {"market": [{"price": price, "dividend": price // 3} for price in range(4, 9)]}  # made up: $4 to $8
    state = legal(ENGINE, playing(options={"board": table}),
                  Event("action_die_taken", {"from": {"executive": 3}, "use": "market_raise"}))
    assert state["market_prices"] == [4, 5, 6, 7, 8]
    assert codes(ENGINE, state, Event("stock_raised", {"company": "red"})) == []  # $6 to $8
    state["companies"]["red"]["price"] = 7
    assert codes(ENGINE, state, Event("stock_raised", {"company": "red"})) == ["PX-K5"]  # $9 is off the table


# -- naming the board's cards ---------------------------------------------------------------


def test_named_cards_take_their_faces_from_the_board() -> None:
    state = on_board(CARDS)
    assert state["contracts"] == {"slots": {"4": "C1", "5": "C2", "6": "C3"}, "inbound": "C4", "draw_top": "C5"}
    state = legal(ENGINE, state, *TAKE_CARD)
    assert state["companies"]["red"]["contracts"] == [
        {"card": "C1", "side": "front", "nation": "EU", "containers": [{"value": 2, "rail": False, "loaded": False}]}]
    state = legal(ENGINE, state, drawn({"id": "C7"}))
    assert state["contracts"]["draw_top"] == "C7" and state["declared"]["contract:C7"]["at"] == "board"
    assert ENGINE.describe(state, drawn({"id": "C8"})) == "Contract C8 turns up on the Draw pile"


def test_named_setup_contracts_take_their_fronts_from_the_board() -> None:
    state = ENGINE.setup(PLAYERS, {}, board=CARDS)
    state = legal(ENGINE, state, ROLL, Event("contracts_revealed", SPELLED),
                  *[Event("financial_advisor_kept", {"player": p}) for p in PLAYERS])
    assert ENGINE.expected(state)["options"] == {"setup_contracts_drawn": {"cards.id": ["S1", "S2", "S3", "S4", "S5"]}}
    state = legal(ENGINE, state, Event("setup_contracts_drawn", {"cards": [{"id": "S2"}, {"id": "S4"}, SETUP_DECK[4]]}))
    assert state["setup_contracts"]["offered"] == ["S2", "S4", "S5"]
    state = legal(ENGINE, state, Event("setup_contract_chosen", {"card": "S4"}, "Ben"))
    assert state["companies"]["green"]["contracts"] == [{"card": "S4", "side": "front", "nation": "EU", "containers": [
        {"value": 2, "rail": False, "loaded": False}], "setup": True}]


def test_a_bonus_card_on_the_board_is_played_without_its_effects() -> None:  # PX-BC2
    state = on_board(CARDS)
    state["players"]["Ana"]["captain"] = [{"card": 1, "round": 0, "turn": 0}]  # earned in an earlier turn
    assert codes(ENGINE, state, Event("bonus_card_played", {"deck": "captain", "card": 1, "effects": {"locks": 2}})) == [
        "declared/conflict"]
    state = legal(ENGINE, state, Event("bonus_card_played", {"deck": "captain", "card": 1}),
                  Event("action_die_taken", {"from": {"column": 1}, "use": "movement"}))
    assert state["turn"]["allowance"] == {"waterway": 2 + 2, "lock": 1}  # the board's 2, column 1's lower die


def test_a_named_card_nobody_has_shown_is_refused_not_a_crash() -> None:  # PX-B20
    state = legal(ENGINE, playing(), *TAKE_CARD)  # no board at all
    assert codes(ENGINE, state, drawn({"id": "Z9"})) == ["PX-B20"]
    folded = ENGINE.apply(state, drawn({"id": "Z9"}))  # overridden: the card lies there, its faces unknown
    assert folded["contracts"]["draw_top"] == "Z9" and "contract:Z9" not in folded["declared"]
    half = {"id": "C1", "front": contract(1)["front"]}
    with pytest.raises(ValidationError):  # both faces, or only the id: the shape says so
        ENGINE.event_schemas["contract_card_revealed"]().load({"card": half})


def test_a_card_not_in_a_complete_deck_is_refused() -> None:  # PX-B21
    board = {"contracts": DECK, "setup_contracts": SETUP_DECK, "complete": ["contracts", "setup_contracts"]}
    state = legal(ENGINE, ENGINE.setup(PLAYERS, {}, board=board), ROLL)
    assert codes(ENGINE, state, Event("contracts_revealed", SPELLED)) == ["PX-B21"] * 5
    state = on_board(board)
    state = legal(ENGINE, state, *TAKE_CARD)
    assert codes(ENGINE, state, drawn({"id": "C99"})) == ["PX-B21"]
    partial = legal(ENGINE, on_board(CARDS), *TAKE_CARD)  # without the whole deck, a new card may turn up
    legal(ENGINE, partial, drawn(contract(40)))


def test_a_contract_card_in_play_cannot_turn_up_again() -> None:  # PX-B22
    state = legal(ENGINE, on_board(CARDS), *TAKE_CARD)  # red holds C1; C4 went to column 4, C5 to Inbound
    for card_id, where in (("C1", "the red company's hand"), ("C2", "the Action table's column 5"), ("C5", "inbound")):
        refused = [v for v in ENGINE.check(state, drawn({"id": card_id})) if v.blocks]
        assert [v.code for v in refused] == ["PX-B22"] and where in refused[0].message


def test_a_discarded_card_comes_back_only_from_an_exhausted_pile() -> None:  # PX-B22
    whole = {"contracts": DECK, "complete": ["contracts"]}
    state = legal(ENGINE, on_board(whole), *TAKE_CARD)
    state["contracts"]["discards"] = ["C9"]  # completed in an earlier turn
    assert codes(ENGINE, state, drawn({"id": "C9"})) == ["PX-B22"]  # C6 to C24 are still in the pile
    out = {"C1", "C2", "C3", "C4", "C5"}
    state["contracts"]["discards"] = [card["id"] for card in DECK if card["id"] not in out]
    state = legal(ENGINE, state, drawn({"id": "C9"}))  # the pile ran out: the discards were reshuffled
    assert state["contracts"]["draw_top"] == "C9" and state["contracts"]["discards"] == []
    partial = legal(ENGINE, on_board(CARDS), *TAKE_CARD)
    partial["contracts"]["discards"] = ["C7"]
    assert notes(ENGINE, partial, drawn({"id": "C7"})) == [("PX-B22", "unverified")]  # the pile's size is unknown
    assert legal(ENGINE, partial, drawn({"id": "C7"}))["contracts"]["discards"] == []


def test_without_a_board_a_card_face_up_is_refused_and_a_discarded_one_may_turn_up_again() -> None:  # PX-B22
    state = legal(ENGINE, playing(), *TAKE_CARD)
    assert codes(ENGINE, state, drawn(plain_card("D"))) == ["PX-B22"]  # D is on Inbound: one card, one place
    state["contracts"]["discards"] = ["X"]  # the pile's size is unknown without a board: no check of the discards
    assert ENGINE.check(state, drawn(plain_card("X"))) == []


def test_on_a_board_with_the_whole_canal_a_ship_goes_only_into_its_zones() -> None:  # PX-B23
    state = legal(ENGINE, on_board({"canal": CANAL, "complete": ["canal"]}, SPELLED),
                  Event("action_die_taken", {"from": {"column": 1}, "use": "movement"}))
    assert codes(ENGINE, state, move(["red-1"], "waterway", "Gaillard Cut", to_kind="DASHED")) == ["PX-B23"]
    legal(ENGINE, state, move(["red-1"], "waterway", "Culebra Cut", to_kind="DASHED"))


def test_on_a_board_with_every_crossing_a_ship_goes_only_across_them() -> None:  # PX-B24
    board = {"crossings": [crossing("Pedro Miguel Locks", "Culebra Cut", "lock", "ATLANTIC")], "complete": ["crossings"]}
    state = legal(ENGINE, on_board(board, SPELLED), Event("action_die_taken", {"from": {"column": 1}, "use": "movement"}))
    assert codes(ENGINE, state, move(["green-1"], "waterway", "Pedro Miguel Locks", to_kind="DASHED")) == ["PX-B24"]
    legal(ENGINE, state, move(["red-1"], "lock", "Culebra Cut", to_kind="DASHED"))


# -- expected() -------------------------------------------------------------------------------


def test_expected_offers_the_board_s_cards_that_may_turn_up_now() -> None:
    state = legal(ENGINE, ENGINE.setup(PLAYERS, {"setup_contracts_in_standard": False}, board=CARDS), ROLL)
    ids = [f"C{n}" for n in range(1, 9)]
    assert ENGINE.expected(state)["options"]["contracts_revealed"] == {
        "action_table.4.id": ids, "action_table.5.id": ids, "action_table.6.id": ids, "inbound.id": ids, "draw_top.id": ids}
    state = legal(ENGINE, on_board(CARDS), *TAKE_CARD)
    assert ENGINE.expected(state)["options"]["contract_card_revealed"] == {"card.id": ["C6", "C7", "C8"]}
    plain = legal(ENGINE, playing(), *TAKE_CARD)
    assert "contract_card_revealed" in ENGINE.expected(plain)["event_types"]
    assert "contract_card_revealed" not in ENGINE.expected(plain)["options"]  # no board, nothing to name


# -- the board made from a game --------------------------------------------------------------


# The demo's unverified checks that no board answers, each with why.
UNANSWERED = {
    # "Check carefully that the Movement action cannot be completed": the engine proves no movement
    # impossible, with or without a board (it would search every ship, group and push).
    "PX-M2",
    # Whether a flag's free action can be used (a die to load, a ship to take it) is a question of the
    # dice and ships on the table at that moment, not of anything printed in the box.
    "PX-F1",
}


def fold(state: State, events: list[dict[str, Any]]) -> State:
    for event in events:
        state = ENGINE.apply(state, Event(event["type"], event["data"], event["actor"]))
    return state


def test_a_board_made_from_the_demo_replays_it_with_every_check_a_board_answers() -> None:
    demo = demo_game()
    final = fold(ENGINE.setup(demo["players"], demo["options"]), demo["events"])
    board = FILE.from_game(final)
    assert FILE.shape_errors(board) == {} and FILE.problems(board) == []
    SCHEMA.validate(board)
    assert [card["id"] for card in board["contracts"]] == [f"T{n}" for n in range(1, 22)]  # every card the demo showed
    assert "complete" not in board and "market" not in board  # the table never said it saw all (nor the Market's ends)
    assert board["ships"]["San Juan Prospector"] == demo["options"]["board"]["ships"]["San Juan Prospector"]
    state = ENGINE.setup(demo["players"], {k: v for k, v in demo["options"].items() if k != "board"}, board=board)
    left: set[str] = set()
    for event in demo["events"]:
        judged = ENGINE.check(state, Event(event["type"], event["data"], event["actor"]))
        assert not [v for v in judged if v.blocks], (event, judged)
        left |= {v.code for v in judged if v.severity == "unverified"}
        state = ENGINE.apply(state, Event(event["type"], event["data"], event["actor"]))
    assert ENGINE.standings(state) == ENGINE.standings(final) and ENGINE.standings(state)["final"]
    assert left <= UNANSWERED and "PX-M2" in left


def test_a_board_from_a_game_claims_no_more_than_the_game_showed() -> None:
    state = ENGINE.setup(PLAYERS, {})
    state["declared"] = declare({}, [
        Fact("dividend:6", 2, "The dividend at a price of $6"),
        Fact("zone_fee:Culebra Cut", 6, "The fee in Culebra Cut"),  # an overridden event's: no such rate
        Fact("zone_fee:Gatun Lake", 2, "The fee in Gatun Lake"),
        Fact("clipboard:EU:0", "market", "..."), Fact("clipboard:EU:2", "move3", "..."),  # space 2 of 3 unseen
        Fact("contract:C1", {"front": contract(1)["front"], "back": contract(1)["back"]}, "Contract card C1")], 40)
    board = FILE.from_game(state)
    assert board == {"canal": ["Gatun Lake", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Lake"],
                     "fees": {"Gatun Lake": 2}, "dividends": [{"price": 6, "dividend": 2}],
                     "clipboard": {"EU": ["market"]}, "contracts": [contract(1)]}
    on_it = ENGINE.setup(PLAYERS, {}, board={"market": [{"price": p, "dividend": 1} for p in range(4, 9)],
                                             "contracts": DECK, "complete": ["contracts"]})
    again = FILE.from_game(on_it)
    assert again["market"] == [{"price": p, "dividend": 1} for p in range(4, 9)] and again["complete"] == ["contracts"]
    assert FILE.problems(again) == [] and SCHEMA.is_valid(again)
