"""Air Alliance in the viewer: the four areas' airports with their runways and planes, the
Alliance Areas, the Baggage Claim Area with its reservations and each player's Boarding Pass
as three stacks, drawn by the board partial (templates/engines/air-alliance/board.html) from
states the engine folds, the way the viewer renders a frame (``render_board``); and the Kobe
Rules' table: cards off the board (3), markers waiting on the logo and the claims (4), the extra
marker (6), and which icon each marker of the turn went on, also over a whole Kobe game played
by the demo's fixed rule.  The states are built with the engine tests' set-up and events.
Cards, airport codes of the transit example and board facts here are made up, never the game's."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engines import weighted_play
from engines.air_alliance import demo
from engines.air_alliance.engine import AirAlliance
from engines.air_alliance.state import OPTIONS
from engines.base import Event, State
from recorder.web.pages import engine_css
from tests.engines.scenario import legal
from tests.engines.test_air_alliance_engine import card, fly, reveal, set_up
from tests.web.board_checks import assert_parts_make_the_whole, renderer, template_app, unkept_blocks
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


# -- the Kobe Rules ---------------------------------------------------------------------------


def kobe_set_up(names: tuple[str, str] = ("Ann", "Bo"), **rules: bool) -> State:
    """``set_up()`` with some of the Kobe Rules in play (``reserve_offboard=True``: "kobe_reserve_offboard")."""
    state = ENGINE.setup(list(names), {f"kobe_{rule}": on for rule, on in rules.items()})
    return legal(ENGINE, state, Event("planes_placed", {"player": names[0], "airports": ["A1", "A2", "E1", "U1"]}),
                 Event("planes_placed", {"player": names[1], "airports": ["A3", "E3", "M1", "U2"]}),
                 Event("card_revealed", {"card": card("P1", "A1", "E2")}), Event("card_revealed", {"card": card("P2", "E2", "M3")}),
                 Event("card_revealed", {"card": card("P3", "A1", "M3", 9000)}), reveal("P4"), reveal("P5"), reveal("P6"))


def kobe_transit(**rules: bool) -> State:
    """The transit example under the Kobe Rules given."""
    return legal(ENGINE, kobe_set_up(**rules), fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                 fly(1, "red", "E2", "M3", [{"type": "AREA", "areas": "EM"}]), *gain("P1", "P2", "P3"))


def off_the_board() -> list[State]:
    """Kobe Rules (3): Ann's third marker reserves P4, which leaves the row with her marker; her
    extra turn begins (she takes the marker back: P4 stays off the board without one); she flies
    U1 -> U3 -> U2 and gains it."""
    held = legal(ENGINE, kobe_transit(reserve_offboard=True), Event("marker_placed", {"reserve": "P4"}))
    retrieved = legal(ENGINE, held, *[reveal(f"P{n}") for n in (7, 8, 9, 10)], Event("phase1_ended", {}), reveal("P11"),
                      Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}}))
    gained = legal(ENGINE, retrieved, Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "U1", "to": "U3"}}),
                   Event("marker_placed", {"slot": 1, "icon": 0, "fly": {"colour": "red", "from": "U3", "to": "U2"}}), *gain("P4"))
    return [held, retrieved, gained]


def cancellations(names: tuple[str, str] = ("Ann", "Bo")) -> list[State]:
    """Kobe Rules (4): Ann gains P1 and puts a marker on the "Air Alliance" logo; Bo's PHASE 1
    ends and the table waits for Ann's claim; she claims P4."""
    ann, bo = names
    waiting = legal(ENGINE, kobe_set_up(names, wait_cancellation=True), fly(0, "red", "A1", "E2", [{"type": "AREA", "areas": "AE"}]),
                    *gain("P1"), Event("marker_placed", {"wait": True}))
    window = legal(ENGINE, waiting, fly(1, "red", "A2", "A3", ALL), reveal("P7"), Event("phase1_ended", {}), reveal("P8"),
                   Event("boarding_pass_updated", {"placements": {"P1": 0}}),
                   fly(0, "yellow", "A3", "A1", ALL), fly(1, "yellow", "E3", "E1", ALL), fly(2, "yellow", "U2", "U3", ALL),
                   Event("phase1_ended", {}))
    claimed = legal(ENGINE, window, Event("cancellations_claimed", {"claims": {ann: "P4"}}))
    return [waiting, window, claimed]


def extra_marker() -> list[State]:
    """Kobe Rules (6): Ann's three cards go on her pass at PHASE 3 (covering the slots her markers
    were on); her extra marker then flies black M4 -> M2 on P2's Code Sharing icon (the third), or
    red U1 -> U3 on P1's Area Landing Permit, carrying P7."""
    phase3 = legal(ENGINE, kobe_transit(extra_marker=True), fly(2, "red", "A2", "A3", ALL), reveal("P7", "U1", "U3"),
                   reveal("P8"), reveal("P9"), Event("phase1_ended", {}), reveal("P10"))
    extra = legal(ENGINE, phase3, Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}}))
    codeshare = legal(ENGINE, extra, Event("marker_placed", {"slot": 1, "icon": 2, "fly": {"colour": "black", "from": "M4", "to": "M2"}}))
    carried = legal(ENGINE, extra, Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "U1", "to": "U3"}}),
                    *gain("P7"))
    return [phase3, extra, codeshare, carried]


KOBE = {name: True for name in OPTIONS if name.startswith("kobe_")}


@functools.lru_cache(maxsize=1)
def kobe_game() -> tuple[tuple[Event, ...], tuple[State, ...]]:
    """Three players' whole game with every Kobe Rule in play, by the demo's fixed rule (its
    made-up cards and board): the events, and the state after each (the set-up first)."""
    assert KOBE.keys() >= {"kobe_reserve_offboard", "kobe_wait_cancellation", "kobe_extra_marker", "kobe_flush"}
    events = weighted_play.play_out(ENGINE, demo.PLAYERS, KOBE, demo.candidates, demo._liking, 0)
    states = [ENGINE.setup(list(demo.PLAYERS), KOBE)]
    for event in events:
        states.append(ENGINE.apply(states[-1], event))
    return events, tuple(states)


def kobe_frames() -> list[State]:
    """The Kobe game's states that show its rules (each kind a few times), and every tenth."""
    _, states = kobe_game()

    def shows(state: State) -> set[str]:
        turn = state.get("turn") or {}
        kinds = {"held" if holder else "unmarked" for holder in (state.get("offboard") or {}).values()}
        kinds |= {"waiting"} if any(p.get("waiting") for p in state["players"].values()) else set()
        kinds |= {"claims"} if turn.get("claims") else set()
        kinds |= {"extra"} if turn.get("phase") == 4 else set()
        kinds |= {"double"} if any(m["double"] and m["slot"] in turn["slots_used"] for m in turn.get("marks") or []) else set()
        return kinds

    picked, seen = [], {}
    for step, state in enumerate(states):
        kinds = shows(state)
        if step % 10 == 0 or any(seen.get(kind, 0) < 3 for kind in kinds):
            picked.append(state)
            for kind in kinds:
                seen[kind] = seen.get(kind, 0) + 1
    assert set(seen) == {"held", "unmarked", "waiting", "claims", "extra", "double"}, seen
    return picked


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


def pass_alone(html: str, player: str) -> Node:
    """A player's Boarding Pass parsed out of a whole board (parsing every board of a whole game
    takes most of a test's time); ``player`` is a plain name."""
    start = '<li class="aa-pass '
    found = [chunk for chunk in html.split(start)[1:] if f'data-player="{player}"' in chunk.split(">", 1)[0]]
    assert len(found) == 1, player
    return tree(start + found[0])


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
    # The turn's marks: each marker on the icon it went on (icon 0 of the bare slots' declared icons).
    assert [(i.spoken(), i.attrs.get("data-markers")) for i in ann.one("li", cls="aa-slot", data_slot="1").all(cls="aa-icon")] == [
        ("A marker on: Area Landing Permit · AE 1-2-3", "1")]
    assert [t.text() for t in ann.one("li", cls="aa-slot", data_slot="2").one(cls="aa-icon").all(cls="aa-token")] == ["R"], \
        "the marker is drawn in Ann's colour"
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
    # The depletion belongs to the turn the deck ran out in (issue 21, AA-C27): the Last
    # Turn is known at once, before the reshuffle is recorded.
    for known in (emptied, shuffled):
        section = tree(board(known)).one("section", cls="aa-last-turn")
        assert [s.attrs["data-player"] for s in section.all("li", cls="aa-last-seat")] == ["Bo", "Ann"]
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


def test_kobe_3_a_reserved_card_waits_off_the_board_with_its_holder_s_marker(board: Any) -> None:
    held, retrieved, gained = off_the_board()
    page = tree(board(held))
    off = page.one("section", cls="aa-offboard")
    assert off.one("h3").text() == "Off the board · reserved cards"
    p4 = off.one("li", cls="aa-off", data_offboard="P4")
    assert "is-held" in p4.classes and "aa-co-red" in p4.classes
    assert p4.one(cls="aa-card").attrs["data-card"] == "P4" and p4.one(cls="aa-route").spoken() == "U3 to U2", "its declared face"
    assert p4.one(cls="aa-holder").spoken() == "red marker · reserved by Ann" and p4.one(cls="aa-reserver").text() == "Ann"
    assert [t.text() for t in p4.one(cls="aa-holder").all(cls="aa-token")] == ["R"]
    assert [c.attrs["data-card"] for c in page.one("section", cls="aa-baggage").all(cls="aa-card")] == ["P5", "P6"], \
        "the row keeps six cards without markers: P4 left it"
    assert not page.all(cls="aa-reserved"), "no card of the row is reserved"
    assert boarding_pass(page, "Ann").one(cls="aa-reservation").text() == "P4 off the board"
    # Ann's extra turn: she took her marker back; P4 is hers to gain this turn, else it is discarded.
    p4 = tree(board(retrieved)).one("section", cls="aa-offboard").one("li", cls="aa-off", data_offboard="P4")
    assert "is-unmarked" in p4.classes and not p4.all(cls="aa-holder")
    assert p4.one(cls="aa-no-marker").text() == "no marker"
    assert p4.one(cls="aa-off-note").text() == "Discarded at this turn's PHASE 2; Ann may still gain it this turn"
    assert p4.one(cls="aa-card").one(cls="aa-route").spoken() == "U3 to U2"
    assert boarding_pass(tree(board(retrieved)), "Ann").one(cls="aa-reservation").text() == "none"
    page = tree(board(gained))
    assert page.one("section", cls="aa-offboard").one(cls="aa-offboard-empty").text() == "No card off the board"
    assert [c.attrs["data-card"] for c in boarding_pass(page, "Ann").all("li", cls="aa-card-line")] == ["P4"]
    # With the Kobe Rules (4) in play too (the Kobe game), a waiting marker may still claim such a card.
    state = next(s for s in kobe_game()[1] if None in (s.get("offboard") or {}).values())
    unmarked = next(c for c, holder in state["offboard"].items() if holder is None)
    note = tree(board(state)).one("li", cls="aa-off", data_offboard=unmarked).one(cls="aa-off-note").text()
    assert note.startswith("Discarded at this turn's PHASE 2 unless claimed; ")
    # Without the rule the table has no such place.
    assert not tree(board(placed())).all("section", cls="aa-offboard")
    assert "has-offboard" in page.one("div", cls="aa-tables").classes


def test_kobe_4_markers_wait_on_the_logo_and_claim_after_another_s_phase_1(board: Any) -> None:
    waiting, window, claimed = cancellations()
    page = tree(board(waiting))
    logo = page.one("section", cls="aa-logo")
    assert [(w.attrs["data-player"], w.spoken()) for w in logo.all("li", cls="aa-waiting")] == [("Ann", "Ann red marker")]
    assert "aa-co-red" in logo.one("li", cls="aa-waiting").classes
    ann = boarding_pass(page, "Ann")
    assert ann.one(cls="aa-reservation").text() == "waiting on the logo"
    assert ann.one(cls="aa-markers").text() == "This turn 2 of 3 markers placed · one waits for a cancellation"
    # Bo's PHASE 1 is over: before the Lost Baggage, the table waits for Ann's claim.
    page = tree(board(window))
    assert page.one(cls="aa-turn").spoken() == ("Bo · PHASE 1 is over: cancellations before the Lost Baggage"
                                                " · waiting for cancellations: Ann")
    assert [c.text() for c in page.one(cls="aa-claims").all(cls="aa-claimant")] == ["Ann"]
    assert page.one("section", cls="aa-logo").one("li", cls="aa-waiting", data_player="Ann").spoken() == "Ann red marker · may claim now"
    assert [c.attrs["data-card"] for c in page.one("section", cls="aa-baggage").all(cls="aa-card")][:2] == ["P3", "P4"], \
        "the Lost Baggage waits for the claim"
    # Ann claims P4: her marker leaves the logo for the card, and the Lost Baggage is taken.
    page = tree(board(claimed))
    assert page.one("section", cls="aa-logo").one(cls="aa-logo-empty").text() == "No marker waiting"
    assert not page.all(cls="aa-claims") and page.one(cls="aa-turn").spoken() == "Bo · PHASE 2: Lost Baggage"
    assert space(page, 1).one(cls="aa-reserved").spoken() == "Reserved by Ann"
    assert boarding_pass(page, "Ann").one(cls="aa-reservation").text() == "P4"
    assert not tree(board(placed())).all("section", cls="aa-logo"), "without the rule the logo holds no marker"
    # The names in the claims and on the logo are escaped.
    html = board(cancellations((NASTY, 'Bo"b'))[1])
    assert "<script>" not in html and 'Bo"b' not in html
    page = tree(html)
    assert page.one(cls="aa-claimant").text() == NASTY
    assert page.one("li", cls="aa-waiting").one(cls="aa-waiting-name").text() == NASTY


def test_kobe_6_the_extra_marker_after_phase_3_and_the_icons_the_markers_went_on(board: Any) -> None:
    phase3, extra, codeshare, carried = extra_marker()
    ann = boarding_pass(tree(board(phase3)), "Ann")
    assert [(s.attrs["data-slot"], [(i.attrs["data-icon"], i.attrs["data-markers"]) for i in s.all(cls="is-marked")])
            for s in ann.all("li", cls="aa-slot")] == [("1", [("AREA", "1")]), ("2", [("AREA", "1")]), ("3", [("AREA", "1")])], \
        "PHASE 3: each marker on the first icon of its bare slot"
    page = tree(board(extra))
    assert page.one(cls="aa-turn").spoken() == "Ann · Extra marker (Kobe Rules)"
    ann = boarding_pass(page, "Ann")
    assert ann.one(cls="aa-markers").text() == "This turn 3 of 3 markers placed · extra marker not used yet"
    assert not ann.all(cls="is-marked") and not ann.all("li", cls="has-marker"), \
        "the cards placed cover the slots the markers were on"
    placed_ones = ann.all("div", cls="aa-gained")[0]
    assert placed_ones.one(cls="aa-label").text() == "Gained, placed at PHASE 3"
    assert [c.attrs["data-card"] for c in placed_ones.all("li", cls="aa-card-line")] == ["P1", "P2", "P3"]
    assert ann.one("div", cls="aa-gained--extra").text() == "Gained with the extra marker none yet"
    # The extra marker on P2's third icon: drawn there, and nowhere else.
    ann = boarding_pass(tree(board(codeshare)), "Ann")
    assert "extra marker used" in ann.one(cls="aa-markers").text()
    assert [s.attrs["data-slot"] for s in ann.all("li", cls="has-marker")] == ["2"]
    icons = ann.one("li", cls="aa-slot", data_slot="2").all(cls="aa-icon")
    assert [(i.attrs["data-icon"], "is-marked" in i.classes) for i in icons] == [("AREA", False), ("PRIORITY", False), ("CODESHARE", True)]
    assert icons[2].spoken() == "A marker on: Code Sharing · black"
    assert [t.text() for t in icons[2].one(cls="aa-icon-markers").all(cls="aa-token")] == ["R"]
    assert len(ann.all(cls="is-marked")) == 1
    ann = boarding_pass(tree(board(carried)), "Ann")
    assert [c.attrs["data-card"] for c in ann.one("div", cls="aa-gained--extra").all("li", cls="aa-card-line")] == ["P7"]
    assert [i.spoken() for i in ann.all(cls="is-marked")] == ["A marker on: Area Landing Permit · ALL 1-2-3"]
    assert ann.one(cls="is-marked").attrs["data-markers"] == "1"
    assert not tree(board(placed())).all(cls="aa-gained--extra")


def test_after_a_flush_a_bare_slot_shows_no_marker_it_may_not_hold(board: Any) -> None:
    """Kobe Rules (2): a mark names the card it went on; after a flush that card is set aside,
    and the bare pass's icon under it is drawn without the marker."""
    passes = {"red": [[{"type": "AREA", "areas": "ALL"}], [{"type": "AREA", "areas": "EM"}], [{"type": "PRIORITY"}]]}
    state = legal(ENGINE, kobe_set_up(flush=True), Event("board_declared", {"passes": passes}), fly(0, "red", "A1", "E2"),
                  fly(1, "red", "E2", "M3"), *gain("P1", "P2", "P3"), Event("marker_placed", {"reserve": "P4"}),
                  *[reveal(f"P{n}") for n in (7, 8, 9)], Event("phase1_ended", {}), reveal("P10"),
                  Event("boarding_pass_updated", {"placements": {"P1": 0, "P2": 1, "P3": 2}}),
                  Event("marker_placed", {"slot": 0, "icon": 0, "fly": {"colour": "red", "from": "U1", "to": "U3"}}))
    ann = boarding_pass(tree(board(state)), "Ann")
    assert [(i.spoken(), i.attrs["data-markers"]) for i in ann.all(cls="is-marked")] == [
        ("A marker on: Area Landing Permit · ALL 1-2-3", "1")]
    flushed = legal(ENGINE, state, Event("marker_placed", {"flush": True}))
    ann = boarding_pass(tree(board(flushed)), "Ann")
    assert ann.one("li", cls="aa-slot", data_slot="1").one(cls="aa-icon").spoken() == "Area Landing Permit · ALL 1-2-3", \
        "the bare pass's own icon, which held no marker"
    assert not ann.all(cls="is-marked")


def test_a_kobe_game_s_markers_are_drawn_on_the_icons_they_went_on(board: Any) -> None:
    """Over the whole Kobe game: the current player's pass shows a marker on an icon exactly when
    one of the turn's markers went on that icon of the card (or bare slot) the slot still shows,
    two for a double Code Sharing (Kobe Rules (1)); a flush sets the marked cards aside (above)."""
    events, states = kobe_game()
    doubles = flushes = 0
    went_on: dict[int, tuple[int, int, str | None]] = {}  # this turn's: slot -> (icon, markers, the top card then)
    flushed = False
    for step, event in enumerate(events):
        before, state = states[step], states[step + 1]
        if event.type == "marker_placed" and "slot" in event.data:
            stack = before["players"][before["turn"]["player"]]["slots"][event.data["slot"]]
            went_on[event.data["slot"]] = (event.data["icon"], 2 if event.data.get("double") else 1, stack[-1] if stack else None)
        flushed = flushed or event.type == "marker_placed" and bool(event.data.get("flush"))
        if state.get("turn_number") != before.get("turn_number"):  # a new turn (an extra one too)
            went_on, flushed = {}, False
        if state["phase"] != "TURNS" or event.type not in ("marker_placed", "boarding_pass_updated", "alliance_formed"):
            continue
        player = state["turn"]["player"]
        tops = [stack[-1] if stack else None for stack in state["players"][player]["slots"]]
        expected = sorted((slot + 1, icon, markers) for slot, (icon, markers, top) in went_on.items() if tops[slot] == top)
        mine = boarding_pass(pass_alone(board(state), player), player)
        drawn = sorted((int(s.attrs["data-slot"]), n, int(i.attrs["data-markers"])) for s in mine.all("li", cls="aa-slot")
                       for n, i in enumerate(s.all(cls="aa-icon")) if "is-marked" in i.classes)
        assert drawn == expected, (step, event)
        doubles += any(markers == 2 for *_, markers in drawn)
        flushes += flushed
    assert doubles and flushes, "the game had double markers and flushes to draw"
    double = next(s for s in states if any(m["double"] and m["slot"] in s["turn"]["slots_used"]
                                           for m in (s.get("turn") or {}).get("marks") or []))
    mark = next(m for m in double["turn"]["marks"] if m["double"])
    slot = boarding_pass(tree(board(double)), double["turn"]["player"]).one("li", cls="aa-slot", data_slot=str(mark["slot"] + 1))
    icon = slot.all(cls="aa-icon")[mark["icon"]]
    assert icon.spoken().startswith("Two markers on: Code Sharing") and len(icon.one(cls="aa-icon-markers").all(cls="aa-token")) == 2
    assert slot.one(cls="aa-marker").text().endswith("2 markers")


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


def test_a_kobe_game_s_board_joined_from_its_parts_is_the_whole_board(app: Any) -> None:
    """The same over a Kobe game's frames (cards off the board, markers on the logo, the claims,
    the extra marker, double markers) and the hand-made Kobe states."""
    assert_parts_make_the_whole(app, ENGINE, [*off_the_board(), *cancellations(), *extra_marker(), *kobe_frames()], 60)


def test_every_block_of_the_board_is_kept(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key that is not plain data (a macro's Markup, say) is never cached: its block would be
    drawn again at every step without a word.  Every block's key here is plain data."""
    assert unkept_blocks(app, monkeypatch, ENGINE, [*all_states(), *off_the_board(), *cancellations(), *extra_marker(),
                                                    *kobe_frames()[::4]]) == set()
