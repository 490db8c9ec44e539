"""Air Alliance's optional board file (the ``board`` option, engines/air_alliance/board.py):
board facts and Passenger Cards transcribed once, then checked against every event.
The facts here are made up for the tests, never presented as the game's."""

from __future__ import annotations

import pytest

from engines.air_alliance import board
from engines.base import Event, SetupError
from tests.engines.scenario import codes, legal
from tests.engines.test_air_alliance_engine import ENGINE, card

BOARD = {"landable": {"M4": ["black", "red"], "A5": ["white"]}, "special": {"red": "E2"},
         "passes": {"red": [[{"type": "AREA", "areas": "AE"}], [{"type": "PRIORITY"}], [{"type": "AREA", "areas": "M"}]]},
         "cards": [card("P1", "A1", "E2", 4000)]}


def test_the_shipped_template_has_every_section_and_no_fact() -> None:
    assert board.template() == {"landable": {}, "special": {}, "passes": {}, "cards": []}
    assert board.problems(board.template()) == []


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


@pytest.mark.parametrize(("bad", "words"), [
    ({"landable": {"A1": ["red"]}}, "A1 is not a V airport"),
    ({"special": {"red": "Z9"}}, "special.red"),
    ({"cards": [card("P1", "A1", "E2"), card("P1", "A1", "E3")]}, "cards: P1 is listed twice"),
    ({"tracks": []}, "tracks: Unknown field."),
    ([], "must be of type object"),
])
def test_a_board_file_that_cannot_load_is_refused_naming_its_section(bad: object, words: str) -> None:
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(["Ann", "Bo"], {"board": bad})
    assert {v.code for v in refused.value.violations} == {"options/invalid"}
    assert any(words in v.message for v in refused.value.violations), [v.message for v in refused.value.violations]
