"""Air Alliance's board file (engines/air_alliance/board.py): board facts and Passenger Cards
transcribed once from a box, a saved board or the ``board`` option, then checked against
every event; reveals that name a card by its id (engines/air_alliance/reveals.py).

Every board, card and airport fact here is made up for the tests (the rulebook prints
none), never presented as the game's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from engines.air_alliance import board, demo
from engines.air_alliance.board import BOARD_FILE
from engines.air_alliance.scoring import TRIOS
from engines.base import Event, SetupError, State
from tests.engines.scenario import codes, legal, notes
from tests.engines.test_air_alliance_engine import ENGINE, card

ROOT = Path(__file__).resolve().parents[2]
JSON_SCHEMA = Draft202012Validator(json.loads((ROOT / BOARD_FILE.json_schema).read_text(encoding="utf-8")))
PASS = [[{"type": "AREA", "areas": "AE"}], [{"type": "PRIORITY"}], [{"type": "AREA", "areas": "M"}]]
BOARD = {"landable": {"M4": ["black", "red"], "A5": ["white"]}, "special": {"red": "E2"},
         "passes": {"red": PASS}, "cards": [card("P1", "A1", "E2", 4000)]}
# Ann (red) and Bo (yellow): every fact board_declared could declare for them.
V_AIRPORTS = [f"{area}{n}" for area in "AEMU" for n in (4, 5, 6)]
WHOLE = {"landable": {code: ["ALL"] for code in V_AIRPORTS}, "special": {"red": "E2", "yellow": "U3"},
         "passes": {"red": PASS, "yellow": PASS},
         "cards": [card("P1", "A1", "E2", 4000), card("P2", "E2", "M3", 5000), card("P3", "A1", "M3", 9000),
                   *(card(f"P{n}", "U3", "U2") for n in range(4, 13))]}


def sixty(**trios: int) -> list[dict[str, Any]]:
    """60 made-up cards; the first ones belong to the Trio Sets given (name: how many)."""
    tags = [(name.replace("_", " "), k) for name, count in trios.items() for k in range(count)]
    cards = [card(f"C{n}", "A1", "E2", trio=tags[n - 1][0] if n <= len(tags) else None) for n in range(1, 61)]
    for face, (trio, k) in zip(cards, tags, strict=False):  # "Each trio's three cards show the following" (the Trio List)
        face["name"] = TRIOS[trio][k % 3]
    return cards


FULL_TRIOS = {"Enthusiast": 3, "Scholar": 3, "Actor": 3, "Cocktail": 3, "Ball_Game": 3, "Spy": 3, "Primitive_Man": 3}
COMPLETE = {"cards": sixty(**FULL_TRIOS), "complete": ["cards"]}


def on_board(file: dict[str, Any]) -> State:
    """Ann and Bo on a saved board, planes placed, the row still empty."""
    state = ENGINE.setup(["Ann", "Bo"], {}, board=file)
    return legal(ENGINE, state, Event("planes_placed", {"player": "Ann", "airports": ["A1", "A2", "E1", "U1"]}),
                 Event("planes_placed", {"player": "Bo", "airports": ["A3", "E3", "M1", "U2"]}))


def named(card_id: str, **fields: Any) -> Event:
    return Event("card_revealed", {"card": {"id": card_id, **fields}})


def problems(file: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.field, p.code) for p in BOARD_FILE.problems(file)]


# -- the file: its shape, its problems, its facts -------------------------------------


def test_the_shipped_template_has_every_section_and_no_fact() -> None:
    assert board.template() == {"landable": {}, "special": {}, "passes": {}, "cards": [], "complete": []}
    assert BOARD_FILE.shape_errors(board.template()) == {} and BOARD_FILE.problems(board.template()) == []
    assert JSON_SCHEMA.is_valid(board.template()) and BOARD_FILE.facts(board.template()) == []


@pytest.mark.parametrize("file", [
    BOARD, WHOLE, COMPLETE, {},
    {"passes": {"blue": [None, [{"type": "CODESHARE", "colours": ["black", "white"]}], None]}},  # slots not known
    {"cards": [{k: v for k, v in card("P1", "A1", "E2").items() if k != "trio"}]},  # no trio: none
    {"landable": {"U5": []}},  # a V airport where no colour lands
])
def test_a_well_formed_board_passes_both_schemas(file: dict[str, Any]) -> None:
    assert BOARD_FILE.shape_errors(file) == {}
    assert JSON_SCHEMA.is_valid(file)


@pytest.mark.parametrize(("file", "field"), [
    ({"tracks": []}, "tracks"),  # an unknown section
    ({"cards": [{**card("P1", "A1", "E2"), "colour": "red"}]}, "cards.0.colour"),  # an unknown field in a card
    ({"cards": [{**card("P1", "A1", "E2"), "miles": "3000"}]}, "cards.0.miles"),  # a type
    ({"cards": [{**card("P1", "A1", "E2"), "miles": True}]}, "cards.0.miles"),  # a boolean is no number
    ({"cards": [{**card("P1", "A1", "E2"), "miles": 100_001}]}, "cards.0.miles"),  # a range
    ({"cards": [{**card("P1", "A1", "E2"), "id": "x" * 41}]}, "cards.0.id"),  # a length
    ({"cards": [{**card("P1", "A1", "E2"), "cls": "BUSINESS"}]}, "cards.0.cls"),  # an enum
    ({"cards": [{**card("P1", "A1", "E2"), "trio": "Pirate"}]}, "cards.0.trio"),
    ({"cards": [{k: v for k, v in card("P1", "A1", "E2").items() if k != "dep"}]}, "cards.0.dep"),  # required
    ({"cards": [{**card("P1", "A1", "E2"), "icons": PASS[0] * 2}]}, "cards.0.icons"),  # three icons a card
    ({"cards": [{**card("P1", "A1", "E2"), "icons": [{"type": "AREA", "colour": "red"}, *PASS[1:]]}]},
     "cards.0.icons.0"),  # an icon's fields are its type's
    ({"landable": {"M4": ["pink"]}}, "landable.M4.value.0"),
    ({"landable": {"Z9": ["black"]}}, "landable.Z9.key"),
    ({"special": {"black": "M4"}}, "special.black.key"),  # NPAs have no special airport
    ({"special": {"red": "Z9"}}, "special.red.value"),
    ({"passes": {"red": PASS[:2]}}, "passes.red.value"),  # three slots
    ({"passes": {"red": [[], *PASS[1:]]}}, "passes.red.value.0"),  # a known slot shows an icon
    ({"passes": {"red": [PASS[0] * 4, *PASS[1:]]}}, "passes.red.value.0"),
    ({"complete": ["passes"]}, "complete.0"),  # only the cards can be complete
    ({"complete": ["cards", "cards"]}, "complete"),
    ({"cards": {"P1": card("P1", "A1", "E2")}}, "cards"),
])
def test_a_shape_error_fails_the_schema_and_the_json_schema_naming_the_field(file: dict[str, Any], field: str) -> None:
    errors = BOARD_FILE.shape_errors(file)
    assert field in _flat(errors), errors
    assert not JSON_SCHEMA.is_valid(file)
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(["Ann", "Bo"], {}, board=file)
    assert {v.code for v in refused.value.violations} == {"board/shape"}


def _flat(errors: Any, prefix: str = "") -> set[str]:
    if not isinstance(errors, dict):
        return {prefix}
    out: set[str] = set()
    for key, inner in errors.items():
        out |= _flat(inner, prefix if key == "_schema" else f"{prefix}.{key}" if prefix else str(key))
    return out


@pytest.mark.parametrize(("file", "found"), [
    ({"landable": {"A1": ["red"]}}, [("landable.A1", "AA-B01")]),
    ({"cards": [card("P1", "A1", "E2"), card("P1", "A1", "E3")]}, [("cards.1.id", "AA-B02")]),
    ({"cards": [card("P1", "M2", "M2")]}, [("cards.0.arr", "AA-B03")]),
    ({"cards": [*sixty(), card("C61", "A1", "E2")]}, [("cards", "AA-B04")]),
    ({"cards": sixty(**FULL_TRIOS)[:59], "complete": ["cards"]}, [("complete", "AA-B05")]),
    ({"cards": sixty(Spy=4)[:4]}, [("cards.3.trio", "AA-B06")]),
    ({"cards": sixty(**{**FULL_TRIOS, "Spy": 2}), "complete": ["cards"]}, [("cards", "AA-B06")]),
    ({"cards": [{**card("P1", "A1", "E2"), "icons": [*PASS[0], *PASS[1],
                                                       {"type": "CODESHARE", "colours": ["black", "black"]}]}]},
     [("cards.0.icons.2.colours", "AA-B07")]),
    ({"passes": {"red": [PASS[0], [{"type": "CODESHARE", "colours": ["white", "white"]}], None]}},
     [("passes.red.1.0.colours", "AA-B07")]),
])
def test_each_board_problem_has_its_code_and_field(file: dict[str, Any], found: list[tuple[str, str]]) -> None:
    assert BOARD_FILE.shape_errors(file) == {}
    assert problems(file) == found
    with pytest.raises(SetupError) as refused:  # a saved board must meet every rule
        ENGINE.setup(["Ann", "Bo"], {}, board=file)
    assert [v.code for v in refused.value.violations] == [code for _, code in found]


def test_a_problem_names_the_entry() -> None:
    [problem] = BOARD_FILE.problems({"cards": [card("P1", "A1", "E2"), card("P1", "A1", "E3")]})
    assert (problem.rule, problem.message) == ("Board file", "Card P1 is listed twice (first as cards.0)")
    [problem] = BOARD_FILE.problems({"cards": sixty(**{**FULL_TRIOS, "Spy": 2}), "complete": ["cards"]})
    assert problem.message == "The Spy Trio has 3 cards; the complete file has 2 (C16, C17)"


def test_a_game_is_recorded_on_a_saved_board_or_on_the_option_s_file_never_both() -> None:
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(["Ann", "Bo"], {"board": BOARD}, board=BOARD)
    assert [v.code for v in refused.value.violations] == ["board/twice"]
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(["Ann", "Bo"], {"board": []})  # the option is an object: a rules-profile refusal
    assert [v.code for v in refused.value.violations] == ["options/invalid"]


def test_a_saved_board_loads_the_same_registry_as_the_board_option() -> None:  # compatibility
    saved, option = ENGINE.setup(["Ann", "Bo"], {}, board=BOARD), ENGINE.setup(["Ann", "Bo"], {"board": BOARD})
    assert saved["declared"] == option["declared"] and list(saved["declared"]) == list(option["declared"])
    assert {**saved, "options": None} == {**option, "options": None}
    assert "board_complete" not in saved  # kept only for a file that says what is complete
    assert ENGINE.setup(["Ann", "Bo"], {}, board=COMPLETE)["board_complete"] == ["cards"]


def test_the_board_s_facts_are_keyed_as_the_events_declare_them() -> None:
    assert [(f.key, f.value) for f in BOARD_FILE.facts(BOARD)] == [
        ("landable:M4", ["black", "red"]), ("landable:A5", ["white"]), ("pass:red:0", PASS[0]),
        ("pass:red:1", PASS[1]), ("pass:red:2", PASS[2]), ("special:red", "E2"),
        ("card:P1", {k: v for k, v in card("P1", "A1", "E2", 4000).items() if k != "id"})]
    assert [f.key for f in BOARD_FILE.facts({"passes": {"red": [None, PASS[1], None]}})] == ["pass:red:1"]


def test_a_board_file_s_facts_are_known_before_the_first_event() -> None:  # AA-C14, AA-C09, declared/conflict
    state = ENGINE.setup(["Ann", "Bo"], {"board": BOARD})
    assert state["declared"]["landable:M4"] == {"value": ["black", "red"], "at": "board",
                                                "label": "The colours that land at M4"}
    assert codes(ENGINE, state, Event("planes_placed", {"player": "Ann", "airports": ["A5", "A1", "E1", "U1"]})) == [
        "AA-C14"]  # only white lands at A5: no board_declared was needed
    assert codes(ENGINE, state, Event("card_revealed", {"card": card("P1", "A1", "E2", 5000)})) == ["declared/conflict"]
    state = legal(ENGINE, state, Event("planes_placed", {"player": "Ann", "airports": ["M4", "A1", "E1", "U1"]}),
                  Event("card_revealed", {"card": card("P1", "A1", "E2", 4000)}))
    assert state["airports"]["M4"] == ["black", "red"]
    # The bare slots' icons are known: a marker needs no pass_icons.
    state = legal(ENGINE, state, Event("planes_placed", {"player": "Bo", "airports": ["A3", "E3", "M1", "U2"]}),
                  *[Event("card_revealed", {"card": card(f"P{n}", "U3", "U2")}) for n in range(2, 7)],
                  Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "A1", "to": "E2"}}))
    assert state["turn"]["flights"] == [["A1", "E2"]]


def test_an_event_that_contradicts_the_board_is_a_conflict_naming_the_board() -> None:  # declared/conflict
    state = ENGINE.setup(["Ann", "Bo"], {}, board=BOARD)
    declared = Event("board_declared", {"special": {"red": "M2"}, "landable": {"A5": ["white"]}})
    assert [v.message for v in ENGINE.check(state, declared)] == [
        "The red special airport was declared E2 by board; event 1 declares M2"]
    assert codes(ENGINE, state, Event("board_declared", {"special": {"red": "E2"}})) == []  # agreeing is fine


# -- reveal by item -----------------------------------------------------------------------


def test_a_card_named_by_id_turns_up_with_the_board_s_face() -> None:  # reveal by item
    state = on_board(WHOLE)
    state = legal(ENGINE, state, named("P1"))
    assert state["row"][0] == "P1" and state["deck"] == 59 and state["seen"] == ["P1"]
    assert state["declared"]["card:P1"]["at"] == "board"  # nothing new declared: the board's face stands
    assert ENGINE.describe(state, named("P2")) == "P2 (E2 to M3) turns up"
    state = legal(ENGINE, state, named("P2"), named("P3", miles=9000), *(named(f"P{n}") for n in (4, 5, 6)))
    # The board's routes carry the rulebook's transit example: one plane, three passengers.
    state = legal(ENGINE, state, Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "A1",
                                                                                       "to": "E2"}}),
                  Event("marker_placed", {"slot": 2, "icon": 0, "fly": {"colour": "red", "from": "E2", "to": "M3"}}),
                  *(Event("passenger_gained", {"card": c}) for c in ("P1", "P2", "P3")))
    assert state["turn"]["gained"] == ["P1", "P2", "P3"]


def test_a_field_given_beside_the_id_must_match_the_board() -> None:  # declared/conflict
    state = on_board(WHOLE)
    assert codes(ENGINE, state, named("P1", miles=4000, dep="A1")) == []
    assert [v.message for v in ENGINE.check(state, named("P1", miles=5000))][0].startswith(
        "Passenger Card P1 was declared {")
    assert codes(ENGINE, state, named("P1", miles=5000)) == ["declared/conflict"]
    assert codes(ENGINE, state, named("P1", trio="Spy")) == ["AA-C38", "declared/conflict"]  # and no Secret Agent


def test_a_card_named_by_id_needs_a_known_face() -> None:  # AA-C36
    state = on_board(WHOLE)
    assert codes(ENGINE, state, named("P99")) == ["AA-C36"]  # not on this board (which is not complete)
    assert codes(ENGINE, state, named("P99", dep="A1", arr="E2")) == ["AA-C36"]  # half a face is not enough
    assert codes(ENGINE, state, Event("card_revealed", {"card": card("P99", "A1", "E2")})) == []  # spelled out
    assert codes(ENGINE, ENGINE.setup(["Ann", "Bo"], {}), named("P1")) == ["AA-C36"]  # no board at all


def test_on_a_complete_board_no_other_card_turns_up() -> None:  # AA-C35
    state = on_board(COMPLETE)
    assert codes(ENGINE, state, Event("card_revealed", {"card": card("X1", "A1", "E2")})) == ["AA-C35"]
    assert codes(ENGINE, state, named("X1")) == ["AA-C35"]
    assert codes(ENGINE, state, named("C60")) == []


def test_a_card_that_turned_up_cannot_turn_up_again_before_the_reshuffle() -> None:  # AA-C26
    state = legal(ENGINE, on_board(WHOLE), *(named(f"P{n}") for n in range(1, 7)),
                  Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "A1", "to": "E2"}}),
                  Event("passenger_gained", {"card": "P1"}))
    assert state["row"] == ["P2", "P3", "P4", "P5", "P6", None]
    assert codes(ENGINE, state, named("P1")) == ["AA-C26"]  # gained
    assert codes(ENGINE, state, named("P2")) == ["AA-C26"]  # in the Baggage Claim Area
    state = legal(ENGINE, state, Event("marker_placed", {"reserve": "P4"}))
    assert codes(ENGINE, state, named("P4")) == ["AA-C26"]  # reserved
    state = legal(ENGINE, state, named("P7"),
                  Event("marker_placed", {"slot": 2, "icon": 0, "fly": {"colour": "red", "from": "E2", "to": "M3"}}),
                  Event("phase1_ended", {}))
    assert state["discards"] == ["P2"] and codes(ENGINE, state, named("P2")) == ["AA-C26"]  # discarded
    # The deck runs out: the discards come back, and P2 may be named again (not P3, in the row).
    state["deck"] = 0
    state = legal(ENGINE, state, Event("discards_reshuffled", {}))
    assert codes(ENGINE, state, named("P2")) == [] and codes(ENGINE, state, named("P3")) == ["AA-C26"]
    assert ENGINE.expected(state)["options"]["card_revealed"] == {"card.id": ["P2"]}


def test_expected_offers_the_board_s_cards_not_yet_turned_up() -> None:
    state = on_board(WHOLE)
    offered = ENGINE.expected(state)["options"]["card_revealed"]
    assert offered == {"card.id": [f"P{n}" for n in range(1, 13)]}  # P2 before P10: by number
    state = legal(ENGINE, state, named("P1"), named("P10"))
    assert ENGINE.expected(state)["options"]["card_revealed"]["card.id"] == [f"P{n}" for n in range(2, 13) if n != 10]
    state = legal(ENGINE, state, *(named(f"P{n}") for n in range(2, 6)))  # the row is full: nothing to reveal
    assert "card_revealed" not in ENGINE.expected(state)["options"]
    # Without a board there is nothing to offer: the face is typed.
    assert "card_revealed" not in ENGINE.expected(ENGINE.setup(["Ann", "Bo"], {}))["options"]


def test_a_board_with_every_fact_of_board_declared_makes_it_moot() -> None:
    moot = ENGINE.expected(ENGINE.setup(["Ann", "Bo"], {}, board=WHOLE))
    # Still offered, for a table that reads the board's facts out, but only among the seldom actions.
    assert "board_declared" in moot["event_types"] and moot["minor"] == ["board_declared"]
    asked = ENGINE.expected(ENGINE.setup(["Ann", "Bo"], {}))  # no board: asked for, as the next thing to do
    assert "board_declared" in asked["event_types"] and "board_declared" not in asked.get("minor", [])
    three = ENGINE.setup(["Ann", "Bo", "Cy"], {}, board=WHOLE)  # green's special airport and pass are not on it
    assert "board_declared" in ENGINE.expected(three)["event_types"]
    assert "board_declared" in ENGINE.expected(ENGINE.setup(["Ann", "Bo"], {}, board=BOARD))["event_types"]
    state = ENGINE.setup(["Ann", "Bo"], {}, board=WHOLE)
    assert codes(ENGINE, state, Event("board_declared", {"special": {"red": "E2"}})) == []  # still accepted


# -- from a game ------------------------------------------------------------------------


def _demo_final(file: dict[str, Any] | None = None, short: bool = False) -> tuple[State, list[tuple[str, str]]]:
    """The demo's events folded (on ``file`` when given), with every judgement on them;
    ``short``: each reveal names its card by id, and board_declared is left out."""
    game = demo.demo_game()
    state, found = ENGINE.setup(game["players"], game["options"], board=file), []
    for recorded in game["events"]:
        data = recorded["data"]
        if short and recorded["type"] == "board_declared":
            continue
        if short and recorded["type"] == "card_revealed":
            data = {"card": {"id": data["card"]["id"]}}
        event = Event(recorded["type"], data, recorded["actor"])
        found += notes(ENGINE, state, event)
        state = ENGINE.apply(state, event)
    return state, found


# The unverified checks a board cannot answer in the demo's replay: none.  The demo's own
# board_declared comes before any V landing or special permit, and the board holds the
# same facts, so AA-C14 and AA-C16 always have their data.
UNVERIFIED_LEFT: list[str] = []


def test_the_demo_s_board_replays_the_demo_with_every_check_run() -> None:  # from the demo
    played, _ = _demo_final()
    file = BOARD_FILE.from_game(played)
    assert BOARD_FILE.shape_errors(file) == {} and BOARD_FILE.problems(file) == []
    assert list(JSON_SCHEMA.iter_errors(file)) == []
    assert {name: len(section) for name, section in file.items()} == {"landable": 12, "special": 4, "passes": 4,
                                                                     "cards": 60}
    assert "complete" not in file  # the game showed 60 cards, but the table never said they are the box
    replayed, found = _demo_final(file)
    assert [code for code, severity in found if severity == "error"] == []
    assert sorted({code for code, severity in found if severity == "unverified"}) == UNVERIFIED_LEFT
    assert ENGINE.standings(replayed) == ENGINE.standings(played)
    # The same game recorded on the board, each reveal naming its card: nothing typed twice.
    short, found = _demo_final(file, short=True)
    assert found == [] and ENGINE.standings(short) == ENGINE.standings(played)
    assert short["row"] == played["row"] and short["players"] == played["players"]
    assert BOARD_FILE.from_game(short) == file


def test_a_board_made_from_a_game_claims_only_what_it_showed() -> None:
    state = on_board({"landable": {"M4": ["black"]}})
    state = legal(ENGINE, state, Event("card_revealed", {"card": card("P1", "A1", "E2")}),
                  *(Event("card_revealed", {"card": card(f"P{n}", "U3", "U2")}) for n in range(2, 7)),
                  Event("marker_placed", {"slot": 0, "icon": 0, "pass_icons": PASS[0],
                                          "fly": {"colour": "red", "from": "A1", "to": "E2"}}))
    # An overridden declaration the board rules out is left out (A1 takes every colour).
    state = ENGINE.apply(state, Event("board_declared", {"landable": {"A1": ["red"]}}))
    file = BOARD_FILE.from_game(state)
    assert file["landable"] == {"M4": ["black"]}
    assert file["passes"] == {"red": [PASS[0], None, None]}  # only the slot the game showed
    assert [face["id"] for face in file["cards"]] == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert "complete" not in file and BOARD_FILE.problems(file) == [] and JSON_SCHEMA.is_valid(file)


def test_a_board_made_from_a_game_on_a_complete_board_stays_complete() -> None:
    state = legal(ENGINE, on_board(COMPLETE), named("C1"))
    assert BOARD_FILE.from_game(state) == {"cards": COMPLETE["cards"], "complete": ["cards"]}


# -- the two schemas agree ------------------------------------------------------------------

GOOD_ICONS = [{"type": "AREA", "areas": "AE"}, {"type": "PRIORITY"}, {"type": "SPECIAL", "colour": "red"},
              {"type": "CODESHARE", "colours": ["black", "white"]}, {"type": "CODESHARE", "colours": ["purple"]}]
BAD_ICONS = [{"type": "AREA", "colour": "red"}, {"type": "AREA", "areas": "ZZ"}, {"type": "CODESHARE", "colours": []},
             {"type": "CODESHARE", "colours": ["black", "white", "purple"]}, {"type": "SPECIAL", "colour": "black"},
             {"type": "PRIORITY", "areas": "A"}, {"type": "TAXI"}, {}, "PRIORITY"]
ICONS = st.sampled_from(GOOD_ICONS * 3 + BAD_ICONS)
# Each field's good values, then values the shape refuses.  A whole number written 3000.0 is
# left out: JSON Schema's "integer" takes it, marshmallow's strict integer does not (the JSON
# Schema's description says to write miles without a decimal point).
CARD_FIELDS: dict[str, tuple[list[Any], list[Any]]] = {
    "id": (["C1", "x" * 40], ["", "x" * 41, 7]),
    "name": (["Board Gamer"], ["", "n" * 61, None]),
    "dep": (["A1", "U6"], ["Z9"]), "arr": (["E2"], ["a1"]),
    "miles": ([0, 3000, 100_000], [100_001, -1, "3000", True, 3000.5, None]),
    "cls": (["ECONOMY", "FIRST"], ["BUSINESS"]),
    "trio": ([None, "Spy", "Ball Game"], ["Pirate", 3]),
}


@st.composite
def cards_drawn(draw: st.DrawFn) -> dict[str, Any]:
    """A good face, then (or not) one mistake: a bad value, a field left out or unknown, bad icons."""
    face = {name: draw(st.sampled_from(good)) for name, (good, _) in CARD_FIELDS.items()}
    face["icons"] = draw(st.lists(st.sampled_from(GOOD_ICONS), min_size=3, max_size=3))
    if draw(st.booleans()):
        return face
    mistake = draw(st.sampled_from([*CARD_FIELDS, "left out", "unknown", "icons"]))
    if mistake == "left out":
        del face[draw(st.sampled_from(sorted(face)))]
    elif mistake == "unknown":
        face["colour"] = "red"
    elif mistake == "icons":
        face["icons"] = draw(st.lists(ICONS, min_size=2, max_size=4))
    else:
        face[mistake] = draw(st.sampled_from(CARD_FIELDS[mistake][1]))
    return face


def mostly(good: list[Any], bad: list[Any]) -> st.SearchStrategy[Any]:
    return st.sampled_from(good * 4 + bad)


SECTIONS = {
    "landable": st.dictionaries(mostly(["A4", "U6", "A1"], ["Z9"]),
                                st.lists(mostly(["black", "red", "ALL"], ["pink", 1]), max_size=3), max_size=3)
    | st.just([]),
    "special": st.dictionaries(mostly(["red", "blue"], ["black"]), mostly(["E2", "U6"], ["Z9", 5, None]), max_size=2),
    "passes": st.dictionaries(mostly(["red", "yellow"], ["purple"]),
                              st.lists(st.none() | st.lists(ICONS, min_size=1, max_size=3)
                                       | st.lists(ICONS, max_size=4), min_size=3, max_size=3)
                              | st.lists(st.none(), max_size=4), max_size=2),
    "cards": st.lists(cards_drawn(), max_size=2) | st.just({}),
    "complete": st.lists(mostly(["cards"], ["passes", None]), max_size=2),
    "tracks": st.just([]),
}


@st.composite
def boards_drawn(draw: st.DrawFn) -> dict[str, Any]:
    chosen = draw(st.sets(mostly(sorted(set(SECTIONS) - {"tracks"}), ["tracks"]), max_size=4))
    return {name: draw(SECTIONS[name]) for name in sorted(chosen)}


@settings(max_examples=400, deadline=None)
@given(boards_drawn())
def test_the_json_schema_accepts_exactly_what_the_marshmallow_schema_accepts(file: dict[str, Any]) -> None:
    assert (BOARD_FILE.shape_errors(file) == {}) == JSON_SCHEMA.is_valid(file), (BOARD_FILE.shape_errors(file),
                                                                                 file)


def test_a_board_option_file_read_before_the_new_rules_still_sets_up_but_a_saved_board_must_meet_them() -> None:
    # A card from an airport to itself was accepted by the board option before saved boards
    # (AA-B03 came with them): games stored with such a file must still set up.
    from engines.air_alliance.engine import AirAlliance
    from engines.base import SetupError

    face = {"id": "X1", "name": "Loop", "dep": "A1", "arr": "A1", "miles": 1000, "cls": "ECONOMY",
            "icons": [{"type": "PRIORITY"}] * 3}
    engine = AirAlliance()
    state = engine.setup(["Ann", "Bob"], {"board": {"cards": [face]}})
    assert state["declared"]["card:X1"]["value"]["dep"] == "A1"
    with pytest.raises(SetupError) as refused:
        engine.setup(["Ann", "Bob"], {}, board={"cards": [face]})
    assert [v.code for v in refused.value.violations] == ["AA-B03"]


def test_an_empty_board_declaration_is_refused() -> None:
    """AA-C37: declaring no fact is a tap by mistake; the facts it may declare stay unknown."""
    state = ENGINE.setup(["Ann", "Bo"], {})
    assert codes(ENGINE, state, Event("board_declared", {})) == ["AA-C37"]
    assert codes(ENGINE, state, Event("board_declared", {"landable": {}, "special": {}, "passes": {}})) == ["AA-C37"]
    assert codes(ENGINE, state, Event("board_declared", {"special": {"red": "E2"}})) == []
