"""Air Alliance in the viewer: the four areas' airports with their runways and planes, the
Alliance Areas, the Baggage Claim Area with its reservations and each player's Boarding Pass
as three stacks, drawn by the board partial (templates/engines/air-alliance/board.html) from
states the engine folds, the way the viewer renders a frame (``render_board``).  The engine is
not registered yet: these tests build its states with the engine tests' set-up and events.
Cards, airport codes of the transit example and board facts here are made up, never the game's."""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterator

import pytest

from engines.air_alliance.engine import AirAlliance
from engines.base import Event, State
from recorder.web.pages import engine_css
from tests.web.board_checks import assert_parts_make_the_whole, renderer, template_app, unkept_blocks
from tests.engines.scenario import legal
from tests.engines.test_air_alliance_engine import card, fly, reveal, set_up
from tests.web.test_pan_am_board import Node, tree

ENGINE = AirAlliance()
NASTY = "<script>alert(1)</script>"
ALL = [{"type": "AREA", "areas": "ALL"}]


def gain(*cards: str) -> list[Event]:
    return [Event("passenger_gained", {"card": c}) for c in cards]


def transit() -> State:
    """The rulebook's transit example: Ann's red plane flies A1 -> E2 -> M3 on her bare pass's
    Area Landing Permits and carries P1 (A1-E2), P2 (E2-M3) and P3 (A1-M3)."""
    return legal(ENGINE, set_up(), fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                 fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]), *gain("P1", "P2", "P3"))


def reserved() -> State:
    """Ann's third marker reserves P4."""
    return legal(ENGINE, transit(), Event("marker_placed", {"reserve": "P4"}))


def placed() -> State:
    """The row refilled, the Lost Baggage taken (P5: P4 is reserved), Ann's three cards on her
    pass: an extra turn begins."""
    return legal(ENGINE, reserved(), reveal("P7"), reveal("P8"), reveal("P9"), Event("phase1_ended", {}), reveal("P10"),
                 Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}}))


def stacked() -> State:
    """Ann's extra turn: red U1 -> U3 -> U2 carries P4 and P6 (both U3-U2), a Priority Takeoff
    switches U2's two planes, and the two cards go on slots 1 and 2 over P1 and P2."""
    state = legal(ENGINE, placed(), Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "U1", "to": "U3"}}),
                  Event("marker_placed", {"slot": 1, "icon": 0, "fly": {"colour": "red", "from": "U3", "to": "U2"}}),
                  *gain("P4", "P6"), Event("marker_placed", {"slot": 2, "icon": 1, "swap": {"airport": "U2", "places": [0, 1]}}),
                  reveal("P11"), reveal("P12"), Event("phase1_ended", {}), reveal("P13"))
    return legal(ENGINE, state, Event("boarding_pass_updated", {"placements": {"P4": 0, "P6": 1}}))


def seated(names: list[str]) -> State:
    """The engine tests' set-up, for other names."""
    state = ENGINE.setup(names, {})
    return legal(ENGINE, state, Event("planes_placed", {"player": names[0], "airports": ["A1", "A2", "E1", "U1"]}),
                 Event("planes_placed", {"player": names[1], "airports": ["A3", "E3", "M1", "U2"]}),
                 Event("card_revealed", {"card": card("P1", "A1", "E2")}), Event("card_revealed", {"card": card("P2", "E2", "M3")}),
                 Event("card_revealed", {"card": card("P3", "A1", "M3", 9000)}), reveal("P4"), reveal("P5"), reveal("P6"))


def last_turn() -> list[State]:
    """A game to its end: the deck is made to hold 3 cards (as if nearly out), Ann's first turn
    empties it, the discards are shuffled (the Last Turn begins: Bo, then Ann), Ann's extra turn,
    Bo's Last Turn and Ann's are played, and the game is over.  Each state on the way."""
    state = set_up()
    state["deck"] = 3
    states = [legal(ENGINE, state, fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                    fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]), *gain("P1", "P2", "P3"),
                    Event("marker_placed", {"reserve": "P4"}), reveal("P7"), reveal("P8"), reveal("P9"), Event("phase1_ended", {}))]
    states.append(legal(ENGINE, states[-1], Event("discards_reshuffled", {})))
    states.append(legal(ENGINE, states[-1], reveal("P5"), Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}})))
    states.append(legal(ENGINE, states[-1], *[Event("marker_placed", {"slot": s, "icon": 0, "fly": {"colour": "red", "from": a, "to": b}})
                                              for s, (a, b) in enumerate((("A2", "A1"), ("E1", "E2"), ("U1", "U3")))],
                        Event("phase1_ended", {}), Event("discards_reshuffled", {}), reveal("P4"),
                        Event("boarding_pass_updated", {"placements": {}})))
    states.append(legal(ENGINE, states[-1], *[fly(s, "yellow", a, b, [{"type": "AREA", "areas": b[0]}])
                                              for s, (a, b) in enumerate((("A3", "A1"), ("E3", "E2"), ("M1", "M2")))],
                        Event("phase1_ended", {}), Event("discards_reshuffled", {}), reveal("P6"),
                        Event("boarding_pass_updated", {"placements": {}})))
    # Ann's Last Turn, the last of all: the turn in which she ran the deck out was not one.
    states[-1] = legal(ENGINE, states[-1], *[
        Event("marker_placed", {"slot": s, "icon": 0, "fly": {"colour": "red", "from": a, "to": b}})
        for s, (a, b) in enumerate((("A1", "A2"), ("E2", "E1"), ("U3", "U1")))],
        Event("phase1_ended", {}), Event("discards_reshuffled", {}), reveal("P7"),
        Event("boarding_pass_updated", {"placements": {}}))
    return states


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Only the templates are needed: one app on SQLite for the module."""
    yield from template_app(tmp_path_factory.mktemp("aa"))


@pytest.fixture
def board(app: Any) -> Callable[[State], str]:
    return renderer(app, ENGINE)


def airport(page: Node, code: str) -> Node:
    return page.one("li", cls="aa-airport", data_airport=code)


def runways(page: Node, code: str) -> list[str | None]:
    """The planes' colours at an airport, place by place (None: a free runway)."""
    return [r.one(cls="aa-plane").attrs["data-colour"] if r.all(cls="aa-plane") else None
            for r in airport(page, code).all("li", cls="aa-runway")]


def boarding_pass(page: Node, player: str) -> Node:
    return page.one("li", cls="aa-pass", data_player=player)


def space(page: Node, n: int) -> Node:
    return page.one("li", cls="aa-space", data_space=str(n))


# -- the tests -------------------------------------------------------------------------------


def test_at_set_up_the_npa_planes_stand_at_their_starmarked_airports_and_the_table_waits(app: Any, board: Any) -> None:
    state = ENGINE.setup(["Ann", "Bo"], {})
    html = board(state)
    for tag in ("section", "div", "ol", "ul", "li", "dl", "p", "span"):
        assert html.count(f"<{tag}>") + html.count(f"<{tag} ") == html.count(f"</{tag}>"), f"every <{tag}> is closed"
    page = tree(html)
    assert page.one(cls="aa-phase").text() == "Set-up"
    assert page.one(cls="aa-turn").text() == "Planes to place: Ann, Bo · 6 cards to reveal in the Baggage Claim Area"
    areas = page.one("section", cls="aa-areas")
    assert [a.attrs["data-area"] for a in areas.all(cls="aa-area")] == ["A", "E", "M", "U"]
    assert [a.attrs["data-airport"] for a in areas.all("li", cls="aa-airport")] == [f"{x}{n}" for x in "AEMU" for n in range(1, 7)]
    # "Preparations": one NPA plane at each of the twelve starmarked airports, on a V's first runway.
    for colour, codes in (("black", "M4 M5 M6 E4"), ("white", "A4 A5 A6 E5"), ("purple", "U4 U5 U6 E6")):
        for code in codes.split():
            assert runways(page, code) == [colour, None], code
            assert "V-shaped · 1 of 2 planes" in airport(page, code).one(cls="aa-airport-facts").text()
    assert runways(page, "A1") == [None, None, None] and runways(page, "M2") == [None, None, None]
    assert [s.text() for s in space(page, 1).all(cls="aa-awaiting")] == ["Awaiting a refill"]
    assert boarding_pass(page, "Ann").one(cls="aa-on-board").text() == "not placed yet"
    assert page.one(cls="aa-deck").text() == "60" and page.one(cls="aa-discards").text() == "0"
    assert not page.all(cls="aa-landable"), "no V airport's colours are invented"
    with app.app_context():
        assert engine_css(ENGINE.name) == "css/engines/air-alliance.css", "the viewer links the stylesheet by the engine's name"


def test_the_transit_example_s_plane_ends_at_m3_and_its_path_and_gains_are_shown(board: Any) -> None:
    state = transit()
    page = tree(board(state))
    assert runways(page, "M3") == ["red", None, None], "the red plane landed on M3's runway 01"
    assert runways(page, "A1") == [None, None, None] and runways(page, "E2") == [None, None, None], "it left A1 and E2"
    assert airport(page, "M3").one(cls="aa-plane").spoken() == "red · Ann"
    ann = boarding_pass(page, "Ann")
    assert "is-turn" in ann.classes and "Their turn" in ann.text()
    turn = ann.one(cls="aa-this-turn")
    assert turn.one(cls="aa-path").spoken() == "A1 to E2 to M3"
    assert turn.one(cls="aa-marker-count").text() == "2 of 3 markers placed"
    assert [c.attrs["data-card"] for c in turn.all("li", cls="aa-card-line")] == ["P1", "P2", "P3"]
    assert turn.one("li", data_card="P1").spoken() == "P1 A1 to E2 · 3,000 miles"
    assert [s.attrs["data-slot"] for s in ann.all("li", cls="has-marker")] == ["1", "2"], "a marker on each slot flown from"
    assert [i.text() for i in ann.one("li", cls="aa-slot", data_slot="1").all(cls="aa-icon")] == ["Area Landing Permit · AE 1-2-3"]
    assert ann.one("li", cls="aa-slot", data_slot="3").one(cls="aa-bare").text() == "Icons not declared yet"
    # The cards gained left the row; the others shifted left and the spaces wait for refills.
    assert [c.attrs["data-card"] for c in page.all(cls="aa-card")] == ["P4", "P5", "P6"]
    assert [(s.attrs["data-space"], s.one(cls="aa-awaiting").text()) for s in page.all("li", cls="aa-space")
            if "is-empty" in s.classes] == [(str(n), "Awaiting a refill") for n in (4, 5, 6)]
    assert page.one(cls="aa-turn").spoken() == "Ann · PHASE 1: Marker Actions"


def test_a_y_airport_s_third_plane_waits_in_the_intersection(board: Any) -> None:
    state = legal(ENGINE, set_up(), fly(0, "red", "A1", "M1", ALL), fly(1, "red", "E1", "M1", ALL))
    assert state["airports"]["M1"] == ["yellow", "red", "red"]
    m1 = airport(tree(board(state)), "M1")
    places = m1.all("li", cls="aa-runway")
    assert [p.one(cls="aa-runway-label").text() for p in places] == ["Runway 01", "Runway 01", "Intersection 02"]
    assert [("is-intersection" in p.classes, p.one(cls="aa-plane").attrs["data-colour"]) for p in places] == [
        (False, "yellow"), (False, "red"), (True, "red")]
    assert "is-full" in m1.classes and m1.one(cls="aa-airport-facts").text() == "Y-shaped · 3 of 3 planes"
    # A reverse Y is a queue: the plane that landed second waits on runway 02.
    state = legal(ENGINE, set_up(), fly(0, "red", "A1", "A3", ALL))
    page = tree(board(state))
    assert runways(page, "A3") == ["yellow", "red", None]
    assert [p.one(cls="aa-runway-label").text() for p in airport(page, "A3").all("li", cls="aa-runway")] == [
        "Runway 01", "Runway 02", "Runway 03"]


def test_a_reserved_card_shows_its_reserver_and_every_card_its_face(board: Any) -> None:
    page = tree(board(reserved()))
    p4 = space(page, 1)
    assert "is-reserved" in p4.classes and "aa-co-red" in p4.classes
    assert p4.one(cls="aa-reserved").spoken() == "Reserved by Ann" and p4.one(cls="aa-reserver").text() == "Ann"
    assert not space(page, 2).all(cls="aa-reserved")
    face = p4.one(cls="aa-card", data_card="P4")
    assert face.one(cls="aa-route").spoken() == "U3 to U2"
    assert face.one(cls="aa-card-facts").text() == "3,000 miles · Economy class"
    assert [i.spoken() for i in face.all(cls="aa-icon")] == ["Area Landing Permit · ALL 1-2-3", "Priority Takeoff",
                                                           "Code Sharing · black"]
    assert boarding_pass(page, "Ann").one(cls="aa-reservation").text() == "P4"
    assert "one reserves a card" in boarding_pass(page, "Ann").one(cls="aa-markers").text()
    # A first-class trio card declared as it turns up.
    state = placed()
    state["declared"]["card:P10"]["value"].update({"cls": "FIRST", "trio": "Spy", "miles": 12000, "name": "Secret Agent"})
    p10 = tree(board(state)).one(cls="aa-card", data_card="P10")
    assert "aa-card--first" in p10.classes and "aa-card--trio" in p10.classes
    assert p10.one(cls="aa-card-facts").text() == "12,000 miles · First class · Spy Trio"
    assert p10.one(cls="aa-card-name").text() == "Secret Agent"


def test_the_lost_baggage_and_the_boarding_pass_s_stacks_after_flight_control(board: Any) -> None:
    state = placed()
    page = tree(board(state))
    # P5 was lost (P4 had a marker); the row refilled with P7 to P10.
    assert [c.attrs["data-card"] for c in page.all(cls="aa-card") if c.attrs["data-card"].startswith("P")][:6] == [
        "P4", "P6", "P7", "P8", "P9", "P10"]
    assert page.one(cls="aa-discards").text() == "1" and page.one(cls="aa-deck").text() == "50"
    assert not space(page, 1).all(cls="aa-reserved"), "Ann took her marker back at her extra turn's start"
    assert page.one(cls="aa-turn").spoken() == "Ann · PHASE 1: Marker Actions · extra turn"
    ann = boarding_pass(page, "Ann")
    assert [(s.one(cls="aa-depth").text(), s.one(cls="aa-card").attrs["data-card"]) for s in ann.all("li", cls="aa-slot")] == [
        ("1 card", "P1"), ("1 card", "P2"), ("1 card", "P3")]
    assert ann.one(cls="aa-total").text() == "15,000 miles"
    # The extra turn: two cards gained go on top of P1 and P2, each stack showing its top card.
    page = tree(board(stacked()))
    ann = boarding_pass(page, "Ann")
    assert [(s.one(cls="aa-depth").text(), s.one(cls="aa-card").attrs["data-card"]) for s in ann.all("li", cls="aa-slot")] == [
        ("2 cards", "P4"), ("2 cards", "P6"), ("1 card", "P3")]
    assert ann.one(cls="aa-total").text() == "21,000 miles"
    assert "is-turn" not in ann.classes and "is-turn" in boarding_pass(page, "Bo").classes
    assert runways(page, "U2") == ["red", "yellow", None], "Priority Takeoff switched U2's two planes"


def test_board_facts_show_once_declared_and_an_alliance_clears_the_pass(board: Any) -> None:
    state = legal(ENGINE, placed(), Event("board_declared", {"landable": {"M4": ["black", "red"], "U6": ["ALL"]},
                                                               "special": {"red": "M2"}}))
    page = tree(board(state))
    assert airport(page, "M4").one(cls="aa-landable").spoken() == "Lands: black, red"
    assert airport(page, "U6").one(cls="aa-landable").text() == "Lands: every colour"
    assert not airport(page, "M5").all(cls="aa-landable") and not airport(page, "M1").all(cls="aa-landable")
    assert airport(page, "M2").one(cls="aa-special").spoken() == "Special airport of red · Ann"
    assert airport(page, "M4").one("h4").text() == "M4 Arabia", "the rulebook's name for M4"
    # PHASE 0: P1 to P3 each show a black Code Sharing icon; Ann allies with black in area 1.
    state = legal(ENGINE, state, Event("alliance_formed", {"npa": "black", "area": 0}))
    page = tree(board(state))
    areas = page.one("section", cls="aa-alliances").all("li", cls="aa-alliance")
    assert [a.attrs["data-alliance"] for a in areas] == ["0", "1", "2", "3"]
    assert [p.spoken() for p in areas[0].all(cls="aa-plane")] == ["red · Ann", "black NPA"]
    assert areas[1].text() == "Alliance Area 2 no planes"
    ann = boarding_pass(page, "Ann")
    assert ann.one(cls="aa-set-aside").text() == "3" and ann.one(cls="aa-total").text() == "15,000 miles"
    assert [s.one(cls="aa-depth").text() for s in ann.all("li", cls="aa-slot")] == ["bare pass"] * 3
    assert [i.text() for i in ann.one("li", cls="aa-slot", data_slot="1").all(cls="aa-icon")] == ["Area Landing Permit · AE 1-2-3"], \
        "the bare slot's icons declared earlier"


def test_the_last_turn_runs_to_the_end_of_the_game(board: Any) -> None:
    emptied, shuffled, _, extra_done, over = last_turn()
    assert emptied["deck"] == 0 and emptied["turn"]["phase"] == 2
    assert "the deck is out: the discards are shuffled" in tree(board(emptied)).one(cls="aa-turn").text()
    assert not tree(board(emptied)).all("section", cls="aa-last-turn")
    page = tree(board(shuffled))
    section = page.one("section", cls="aa-last-turn")
    # Bo first, Ann (who ran the deck out) last; Ann's own turn is not a Last Turn.
    assert [(s.attrs["data-player"], s.one(cls="aa-last-status").text()) for s in section.all("li", cls="aa-last-seat")] == [
        ("Bo", "to play"), ("Ann", "to play")]
    assert section.one(cls="aa-last-note").text() == "begins after this turn"
    assert page.one(cls="aa-deck").text() == "1"
    # Bo's Last Turn: he plays it, and each seat says what the state records of it.
    page = tree(board(extra_done))
    seats = page.one("section", cls="aa-last-turn").all("li", cls="aa-last-seat")
    done = extra_done["last_turn"]["done"]
    assert [s.one(cls="aa-last-status").text() for s in seats] == ["playing", "played" if 0 in done else "to play"]
    assert not page.all(cls="aa-last-note")
    refreshed = copy.deepcopy(extra_done)
    refreshed["last_turn"]["refreshed"] = ["Bo"]
    assert tree(board(refreshed)).one("li", cls="aa-last-seat", data_player="Bo").one(cls="aa-refreshed").text() == "refreshed the row"
    page = tree(board(over))
    assert over["phase"] == "OVER" and page.one(cls="aa-phase").text() == "Game over"
    assert page.one(cls="aa-winners").text() == "Ann wins"
    assert [s.one(cls="aa-last-status").text() for s in page.all("li", cls="aa-last-seat")] == ["played", "played"]
    assert not page.all(cls="aa-this-turn") and not page.all("li", cls="is-turn")
    four = tree(board(ENGINE.setup(["Ann", "Bo", "Cy", "Dee"], {})))
    assert [p.attrs["data-colour"] for p in four.all("li", cls="aa-pass")] == ["red", "yellow", "green", "blue"]


def test_user_text_is_escaped_everywhere(board: Any) -> None:
    names = [NASTY, 'Bo"b']
    state = seated(names)
    state["declared"]["card:P4"]["value"]["name"] = "<img src=x onerror=alert(2)>"
    state = legal(ENGINE, state, Event("marker_placed", {"reserve": "P4"}))
    html = board(state)
    assert "<script>" not in html and "<img" not in html and 'Bo"b' not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 5
    page = tree(html)
    assert boarding_pass(page, NASTY).one("h3").text() == NASTY
    assert space(page, 4).one(cls="aa-reserver").text() == NASTY
    assert airport(page, "A1").one(cls="aa-plane").spoken() == f"red · {NASTY}"
    assert page.one(cls="aa-turn").one("strong").text() == NASTY
    assert space(page, 4).one(cls="aa-card-name").text() == "<img src=x onerror=alert(2)>"


def all_states() -> list[State]:
    declared = legal(ENGINE, placed(), Event("board_declared", {"landable": {"M4": ["black", "red"]}, "special": {"red": "M2"}}))
    allied = legal(ENGINE, declared, Event("alliance_formed", {"npa": "black", "area": 1}))
    setup = ENGINE.setup(["Ann", "Bo"], {})
    half = legal(ENGINE, setup, Event("planes_placed", {"player": "Ann", "airports": ["A1", "A2", "E1", "U1"]}))
    return [setup, half, set_up(), transit(), reserved(), placed(), stacked(), declared, allied, *last_turn()]


def test_the_board_joined_from_its_parts_is_the_whole_board(app: Any) -> None:
    """Every block's key holds what it shows: drawn without the cache, drawn from a cold and a
    warm cache, and joined from a batch's parts, each board is the same, byte for byte."""
    states = all_states()
    renamed = copy.deepcopy(states[5])  # only a name differs: every block showing it is drawn again
    renamed["players"]["Bo "] = renamed["players"].pop("Bo")
    renamed["seats"] = ["Ann", "Bo "]
    states.append(renamed)
    reserver = copy.deepcopy(states[4])  # Ann's name differs, her reservation and her turn too
    reserver["players"]["Ann "] = reserver["players"].pop("Ann")
    reserver["seats"], reserver["reserved"], reserver["turn"]["player"] = ["Ann ", "Bo"], {"P4": "Ann "}, "Ann "
    states.append(reserver)
    assert_parts_make_the_whole(app, ENGINE, states, 30)


def test_every_block_of_the_board_is_kept(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key that is not plain data (a macro's Markup, say) is never cached: its block would be
    drawn again at every step without a word.  Every block's key here is plain data."""
    assert unkept_blocks(app, monkeypatch, ENGINE, all_states()) == set()
