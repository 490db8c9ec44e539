"""Pan Am in the viewer: the route network as a schematic, the five Engineer areas and the
player mats, rendered by the board partial from states built by hand (``new_state`` and
a few changes), the way the viewer renders a frame (``render_board``)."""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

import engines
from engines.base import resolve_options
from engines.pan_am import layout
from engines.pan_am.state import PLANES, route_key
from engines.pan_am.state import new_state as _new_state
from recorder.store import AppendRequest, EventStore
from recorder.views.frames import render_board

PAN_AM = engines.find("pan-am")
PLAYERS = ["Ann", "Bob", "Cy"]
OPTIONS = resolve_options(PAN_AM, {})
BOARD = {"tracks_a": None, "sites": None, "paths": None, "price_range": None}
NASTY = "<script>alert(1)</script>"


# -- a small HTML tree, enough to look into the partial ------------------------------------


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None]):
        self.tag, self.attrs = tag, attrs
        self.children: list[Node] = []
        self.parts: list[str | Node] = []

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def text(self) -> str:
        return " ".join("".join(self._texts()).split())

    def spoken(self) -> str:
        """The text without the parts hidden from screen readers (``aria-hidden``)."""
        return " ".join("".join(self._texts(spoken=True)).split())

    BLOCKS = frozenset({"div", "p", "li", "dt", "dd", "tr", "td", "th", "h3", "h4"})

    def _texts(self, spoken: bool = False) -> Iterator[str]:
        for part in self.parts:
            if isinstance(part, str):
                yield part
            elif not (spoken and part.attrs.get("aria-hidden") == "true"):
                gap = " " if part.tag in self.BLOCKS else ""
                yield gap + "".join(part._texts(spoken)) + gap

    def walk(self) -> Iterator[Node]:
        for child in self.children:
            yield child
            yield from child.walk()

    def all(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list[Node]:
        return [n for n in self.walk()
                if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)
                and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def one(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> Node:
        found = self.all(tag, cls, **attrs)
        assert len(found) == 1, f"{len(found)} elements <{tag} class={cls} {attrs}>"
        return found[0]


class _Tree(HTMLParser):
    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        self.stack[-1].parts.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        self.stack[-1].parts.append(node)

    def handle_endtag(self, tag: str) -> None:
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.stack[-1].parts.append(data)


def tree(html: str) -> Node:
    parser = _Tree()
    parser.feed(html)
    parser.close()
    return parser.root


# -- states ----------------------------------------------------------------------------------


def new_state(players: list[str] = PLAYERS, board: dict[str, Any] | None = None) -> dict[str, Any]:
    return _new_state(players, OPTIONS, dict(BOARD, **(board or {})), {}, [])


def add_city(state: dict[str, Any], name: str, region: str | None, airport: str | None = None) -> None:
    state["cities"][name] = {"region": region, "airport": airport}
    if airport:
        state["players"][airport]["airports"].append(name)
        state["players"][airport]["airports_supply"] -= 1


def add_route(state: dict[str, Any], a: str, b: str, distance: int | None, owner: str | None = None,
              plane: str | None = None) -> str:
    key = route_key([a, b])
    state["routes"][key] = {"cities": [a, b], "distance": distance, "owner": owner, "plane": plane}
    if owner and owner != "PAN_AM":
        state["players"][owner]["routes"].append(key)
    return key


def declare(state: dict[str, Any], key: str, value: Any) -> None:
    state["declared"][key] = {"value": value, "at": 3, "label": key}


def full_game(cities: int = 40, routes: int = 50) -> dict[str, Any]:
    """A declared network: ``cities`` cities in the five regions (a few undeclared) and
    ``routes`` routes, neighbours first, held by players, Pan Am or nobody."""
    state = new_state()
    regions = ["ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA", None]
    names = [f"City {i:02d}" for i in range(cities)]
    for i, name in enumerate(names):
        add_city(state, name, regions[i % 6] if i % 9 else None, airport=PLAYERS[i % 3] if i % 4 == 0 else None)
    pairs = [(names[i], names[(i + k) % cities]) for k in (1, 2, 5, 11) for i in range(cities)]
    for n, (a, b) in enumerate(pairs[:routes]):
        owner = (PLAYERS[(n // 3) % 3], "PAN_AM", None)[n % 3]
        add_route(state, a, b, 1 + n % 4, owner, PLANES[n % 4] if owner in PLAYERS else None)
    return state


@pytest.fixture
def board(app: Any) -> Any:
    """Render the partial for a state, as the viewer does for one frame."""
    def render(state: dict[str, Any]) -> str:
        with app.test_request_context():
            return str(render_board(PAN_AM, state, state["seats"]))

    return render


def mat(page: Node, player: str) -> Node:
    return page.one("li", cls="pa-mat", data_player=player)


# -- the tests -------------------------------------------------------------------------------


def test_the_layout_docstring_examples_hold() -> None:
    failed, tried = doctest.testmod(layout)
    assert failed == 0 and tried > 0


def test_the_engine_hands_the_partial_its_board_view() -> None:
    # The partial calls engine.board_view(state); PanAm exposes layout.board_view as that.
    state = full_game(6, 4)
    assert getattr(PAN_AM, "board_view", None) is not None, "wire `board_view = staticmethod(layout.board_view)` in PanAm"
    assert PAN_AM.board_view(state) == layout.board_view(state)


def test_at_set_up_there_is_no_network_yet_and_every_mat_shows_the_starting_pieces(board: Any) -> None:
    html = board(new_state())
    for tag in ("section", "table", "ol", "ul", "div", "svg", "figure"):
        assert html.count(f"<{tag}") == html.count(f"</{tag}>"), f"every <{tag}> is closed"
    page = tree(html)
    assert "No city declared yet" in page.text()
    assert not page.all("svg", role="img")
    assert "No route declared yet" in page.text()
    for seat, name in enumerate(PLAYERS):
        m = mat(page, name)
        assert f"pa-box-{['red', 'green', 'blue'][seat]}" in m.classes, "the mat in the player's box colour"
        assert m.one(cls="pa-token").text() == name[0] and m.one(cls="pa-token").attrs["aria-hidden"] == "true"
        assert m.one(cls="pa-money").text() == "$12"
        assert m.one(cls="pa-stock").text() == "0" and m.one(cls="pa-income").text() == "$0"
        fleet = {cell.attrs["data-plane"]: (cell.text(), m.one(cls="pa-hangar", data_plane=cell.attrs["data-plane"]).text())
                 for cell in m.all("td", cls="pa-fleet")}
        assert fleet == {"trimotor": ("2", "3"), "clipper": ("1", "3"), "cruiser": ("0", "3"), "jet": ("0", "1")}
        assert m.one(cls="pa-airports").text() == "0 on the board · 5 in supply"
        assert m.one(cls="pa-directives").text() == "1 hidden card"
        assert m.one(cls="pa-engineers").text() == "4 available · 0 on the board · 0 set aside"
    assert "First player" in mat(page, "Ann").text() and "First player" not in mat(page, "Bob").text()
    assert "not set" in page.one(cls="pa-price").text()
    covered = {t.attrs["data-plane"] for t in page.all(cls="is-covered")}
    assert covered == {"cruiser", "jet"}
    assert "Covered by the Cruiser tile" in page.text() and "Covered by the Jet tile" in page.text()


def test_an_owned_route_shows_its_distance_the_owners_colour_and_plane_and_pan_am_routes_their_marker(board: Any) -> None:
    state = new_state()
    add_city(state, "Lisbon", "EUROPE", airport="Bob")
    add_city(state, "Horta", "EUROPE")
    add_city(state, "Bathurst", "SOUTH_AMERICA")
    add_city(state, "Miami", "NORTH_AMERICA")
    add_city(state, "Havana", None)
    owned = add_route(state, "Lisbon", "Horta", 1, owner="Bob", plane="CLIPPER")
    panam = add_route(state, "Miami", "Havana", 2, owner="PAN_AM")
    open_ = add_route(state, "Lisbon", "Bathurst", None)
    declare(state, f"route_distance:{open_}", 2)
    page = tree(board(state))

    diamond = page.one("g", cls="pa-diamond", data_route=owned)
    assert diamond.classes == ["pa-diamond", "pa-owned", "pa-box-green"], "Bob plays green: his plane is green"
    assert diamond.attrs["data-owner"] == "Bob"
    assert diamond.one("text", cls="pa-distance").text() == "1"
    assert diamond.one("text", cls="pa-tag-text").text() == "B✈2", "his initial beside the colour"
    assert "Bob's green Clipper (range 2)" in diamond.one("title").text()

    marker = page.one("g", cls="pa-diamond", data_route=panam)
    assert "pa-panam" in marker.classes and not [c for c in marker.classes if c.startswith("pa-box")]
    assert marker.one("text", cls="pa-distance").text() == "2"
    assert marker.one("text", cls="pa-tag-text").text() == "PA"

    unclaimed = page.one("g", cls="pa-diamond", data_route=open_)
    assert "pa-open" in unclaimed.classes and not unclaimed.all(cls="pa-tag-text")
    assert unclaimed.one("text", cls="pa-distance").text() == "2", "a declared distance is shown"

    lisbon = page.one("g", cls="pa-city", data_city="Lisbon")
    assert {"has-airport", "pa-box-green"} <= set(lisbon.classes) and lisbon.all("rect", cls="pa-airport")
    assert lisbon.one("text", cls="pa-airport-initial").text() == "B"
    assert "Airport of Bob" in lisbon.one("title").text()
    assert not page.one("g", cls="pa-city", data_city="Horta").all("rect")
    assert "Pan Am's origin" in page.one("g", cls="pa-city", data_city="Miami").one("title").text()

    pills = {s.text() for s in page.all("text", cls="pa-sector-name")}
    assert pills == {"EU", "SA", "NA", "?"}
    regions = page.one(cls="pa-legend-regions").text()
    assert all(name in regions for name in ("Europe", "South America", "North America", "Region not declared"))
    words = {li.one(cls="pa-route-name").text(): li.spoken() for li in page.all("li", cls="pa-route-item")}
    assert words["Horta–Lisbon"] == "1 Horta–Lisbon Bob · Clipper"
    assert words["Havana–Miami"] == "2 Havana–Miami Pan Am"
    assert words["Bathurst–Lisbon"] == "2 Bathurst–Lisbon open"
    assert mat(page, "Bob").one(cls="pa-airports").text() == "1 on the board · 4 in supply"


def test_a_bid_shows_its_cost_declared_costs_show_on_empty_spaces_and_resolved_engineers_are_dimmed(board: Any) -> None:
    state = new_state(board={"tracks_a": ["1", "2"], "sites": {"D": 3, "E": 2}})
    state.update(round=3, phase="RESOLUTION", turn=None)
    state["tiles"]["CRUISER"] = False
    state["tracks"]["A"]["1"] = {"player": "Cy", "space": 3, "cost": 4, "priority": True, "resolved": False}
    declare(state, "track_cost:A:1:3", 4)
    declare(state, "track_cost:A:1:1", 1)
    state["tracks"]["C"]["CRUISER"] = {"player": "Ann", "space": 2, "cost": 5, "priority": False, "resolved": True}
    state["display"][1] = {"card": {"city": "Rome", "region": "EUROPE"}, "bonus": 2}
    state["sites"]["D"] = [{"player": "Bob", "priority": False, "resolved": True},
                           {"player": "Ann", "priority": False, "resolved": False}]
    state["priority_queue"] = ["Cy"]
    state["resolution"] = {"queue": [{"area": "C", "track": "CRUISER", "index": None, "player": "Ann", "cost": 5},
                                     {"area": "D", "track": None, "index": 1, "player": "Ann", "cost": None}],
                           "next": 1, "last": None, "refill_due": []}
    page = tree(board(state))
    areas = page.one("section", cls="pa-areas")

    track_1 = next(t for t in areas.all(cls="pa-track") if t.text().startswith("Track 1"))
    spaces = track_1.all("li", cls="pa-space")
    assert [s.one(cls="pa-cost").text() for s in spaces] == [
        "Space 1, cost $1", "Space 2, cost $?", "Space 3, cost $4", "Space 4, cost $?"]
    bid = spaces[2].one(cls="pa-eng")
    assert bid.classes == ["pa-eng", "pa-box-blue"] and bid.spoken() == "Cy (Priority Access)"
    assert bid.one(cls="pa-eng-initial").text() == "C"
    assert len([t for t in areas.all(cls="pa-track") if t.text().startswith("Track")]) == 2, "the board's two A tracks"

    cruiser = areas.one(cls="pa-track", data_plane="cruiser")
    assert "is-covered" not in cruiser.classes
    done = cruiser.one(cls="pa-eng")
    assert "is-resolved" in done.classes and "(resolved)" in done.text() and "$5" in cruiser.text()
    assert "is-covered" in areas.one(cls="pa-track", data_plane="jet").classes

    rome = next(t for t in areas.all(cls="pa-track") if "Rome" in t.text())
    assert rome.one(cls="pa-region").text() == "EU" and rome.one(cls="pa-bonus-money").text() == "+$2"

    d_sites = areas.one(cls="pa-sites", data_area="D").all("li", cls="pa-site")
    assert [s.spoken() for s in d_sites] == ["Bob (resolved)", "Ann next", "open"], "left to right, up to capacity"
    assert "is-next" in d_sites[1].one(cls="pa-eng").classes
    assert "Waiting for Priority Access: Cy" in areas.one(cls="pa-priority").spoken()
    assert "Ann resolves an Engineer in D · Routes" in page.one(cls="pa-bar").text()


def test_without_a_board_the_a_tracks_of_earlier_rounds_stay_drawn_with_their_costs(board: Any) -> None:
    """The rulebook does not say how many A tracks there are: every one used so far stays on
    the board (the recording page offers them too), not only this round's."""
    state = new_state()
    state.update(round=2, phase="ASSIGNMENT", turn="Ann")
    declare(state, "track_cost:A:1:2", 3)   # used in round 1, empty now
    declare(state, "track_cost:A:3:1", 1)
    areas = tree(board(state)).one("section", cls="pa-areas")
    tracks = [t.text().split()[1] for t in areas.all(cls="pa-track") if t.text().startswith("Track")]
    assert tracks == ["1", "3"]
    track_1 = next(t for t in areas.all(cls="pa-track") if t.text().startswith("Track 1"))
    assert [s.one(cls="pa-cost").text() for s in track_1.all("li", cls="pa-space")][1] == "Space 2, cost $3"


def test_the_event_card_die_rolls_stock_price_and_turn_are_shown(board: Any) -> None:
    state = new_state()
    state.update(round=4, phase="EXPANSION", turn="Bob", stock_price=6, first_player="Cy")
    state["event_card"] = {"name": "Jet Age", "stock_adjustment": {"op": "set", "value": 6}, "die_rolls": 2,
                           "text": "Everyone gains $1."}
    state["expansion"] = {"rolls_expected": 2, "rolls": [["SA", "PAN_AM"]], "paths_due": ["SA"], "offers_due": ["Bob"]}
    page = tree(board(state))
    bar = page.one(cls="pa-bar").text()
    assert "Round 4 / 7" in bar and "Pan Am phase · Expansion" in bar and "Bob to answer" in bar
    assert page.one(cls="pa-price").text() == "$6"
    assert page.one(cls="pa-first").spoken() == "Cy"
    event = page.one(cls="pa-event").text()
    assert "Jet Age" in event and "Stock Price set to $6" in event and "2 die rolls" in event
    assert "Roll 1: SA Pan Am" in event and "1 of 2 rolled" in event and "South American path" in event
    assert "is-turn" in mat(page, "Bob").classes and "Their turn" in mat(page, "Bob").text()


def test_at_the_end_the_bar_names_the_winner(board: Any) -> None:
    state = new_state()
    state.update(round=7, phase="OVER", turn=None)
    state["players"]["Bob"].update(stock=21, money=4)
    state["players"]["Cy"].update(stock=21, money=2)
    page = tree(board(state))
    assert page.one(cls="pa-bar").one(cls="pa-winners").text() == "Bob wins"
    assert "Game over" in page.one(cls="pa-round").text()


def test_a_player_mat_shows_the_exact_numbers_and_cards(board: Any) -> None:
    state = new_state()
    ann = state["players"]["Ann"]
    ann.update(money=37, stock=14, income=9, directives=3, available=1, set_aside=1)
    ann["fleet"].update(CRUISER=1, TRIMOTOR=0)
    ann["hangar"].update(CRUISER=2)
    ann["destinations"] = [{"city": "Tokyo", "region": "PACIFIC"}, {"city": "Lima", "region": "SOUTH_AMERICA"}]
    page = tree(board(state))
    m = mat(page, "Ann")
    assert m.one(cls="pa-money").text() == "$37"
    assert m.one(cls="pa-stock").text() == "14"
    assert m.one(cls="pa-income").text() == "$9"
    assert m.one("td", cls="pa-fleet", data_plane="cruiser").text() == "1"
    assert m.one("td", cls="pa-hangar", data_plane="cruiser").text() == "2"
    assert m.one("td", cls="pa-fleet", data_plane="trimotor").text() == "0"
    assert m.one("td", cls="pa-hangar", data_plane="trimotor").text() == "3"
    assert [c.text() for c in m.all(cls="pa-card")] == ["Tokyo PAC", "Lima SA"]
    assert [a.attrs["title"] for a in m.all("abbr", cls="pa-region")] == ["Pacific", "South America"]
    assert m.one(cls="pa-directives").text() == "3 hidden cards"
    assert m.one(cls="pa-engineers").text() == "1 available · 2 on the board · 1 set aside"
    assert "Red pieces" in m.text() and "Green pieces" in mat(page, "Bob").text()
    assert mat(page, "Bob").one(cls="pa-money").text() == "$12"


def test_user_text_is_escaped_everywhere(board: Any) -> None:
    state = new_state(["<b>Ann</b>", "Bob"])
    add_city(state, NASTY, "ASIA", airport="<b>Ann</b>")
    add_city(state, 'Quote" onmouseover="x', None)
    key = add_route(state, NASTY, 'Quote" onmouseover="x', 3, owner="<b>Ann</b>", plane="JET")
    state["players"]["Bob"]["destinations"] = [{"city": NASTY, "region": "ASIA"}]
    state["display"][0] = {"card": {"city": NASTY, "region": "ASIA"}, "bonus": 0}
    state["event_card"] = {"name": "<i>Event</i>", "stock_adjustment": {"op": "up"}, "die_rolls": 1, "text": NASTY}
    state["phase"], state["turn"] = "ASSIGNMENT", "<b>Ann</b>"
    html = board(state)
    assert "<script>" not in html and "<b>" not in html and "<i>" not in html
    assert 'onmouseover="x' not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 5
    page = tree(html)
    assert page.one("g", cls="pa-city", data_city=NASTY).one("text", cls="pa-city-name").text() == NASTY
    assert page.one("g", cls="pa-diamond", data_route=key).one("text", cls="pa-distance").text() == "3"
    assert mat(page, "<b>Ann</b>").one("h3").text() == "<b>Ann</b>"


def test_a_full_network_draws_every_city_once_every_route_once_inside_the_picture(board: Any) -> None:
    state = full_game(40, 50)
    page = tree(board(state))
    svg = page.one("svg", role="img")
    drawn = [g.attrs["data-city"] for g in svg.all("g", cls="pa-city")]
    assert sorted(drawn) == sorted(state["cities"]) and len(drawn) == 40
    listed = [li.parts[0].strip() for li in page.all("li", cls="pa-city-item")]
    assert sorted(listed) == sorted(state["cities"]), "each city once in the list by region too"
    assert sorted(g.attrs["data-route"] for g in svg.all("g", cls="pa-diamond")) == sorted(state["routes"])
    assert len(svg.all("path", cls="pa-route")) == 50 == len(page.all("li", cls="pa-route-item"))
    assert "40 cities, 50 routes" in svg.one("title", id=svg.attrs["aria-labelledby"]).text()

    x0, y0, w, h = map(float, svg.attrs["viewbox"].split())
    net = layout.network(state)
    for city in net["cities"]:
        assert x0 <= city["x"] <= x0 + w and y0 <= city["y"] <= y0 + h
        assert abs((city["x"] ** 2 + city["y"] ** 2) ** .5 - net["ring"]) < 1
    # Sectors in a fixed order; inside one, the cities in one run around the ring.
    order = [c["region"] for c in net["cities"]]
    assert [s["region"] for s in net["sectors"]] == ["ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA", None]
    assert order == sorted(order, key=lambda r: [s["region"] for s in net["sectors"]].index(r))
    for sector in net["sectors"]:
        names = [c["name"] for c in net["cities"] if c["region"] == sector["region"]]
        assert len(names) == sector["count"] and len(set(names)) == len(names)
    for route in net["routes"]:
        assert (route["dx"] ** 2 + route["dy"] ** 2) ** .5 < net["ring"]
    assert layout.network(state) == net, "the same state always draws the same picture"


def test_diamonds_slide_apart_instead_of_covering_each_other() -> None:
    # Four routes straight across the ring: at their middles all four diamonds would sit
    # on the centre; they slide along their curves instead.
    state = new_state()
    for i, region in enumerate(["ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC"]):
        add_city(state, f"A{i}", region)
        add_city(state, f"B{i}", region)
    for i in (0, 1):
        add_route(state, f"A{i}", f"A{i + 2}", 2)
        add_route(state, f"B{i}", f"B{i + 2}", 3, owner="Ann", plane="CRUISER")
    net = layout.network(state)
    where = {c["name"]: (c["x"], c["y"]) for c in net["cities"]}
    for route in net["routes"]:
        (ax, ay), (bx, by) = (where[c] for c in route["cities"])
        assert abs(ax + bx) < 1 and abs(ay + by) < 1, "the two ends face each other across the centre"
    spots = [(r["dx"], r["dy"]) for r in net["routes"]]
    for i, (x, y) in enumerate(spots):
        for (u, v) in spots[i + 1:]:
            assert abs(x - u) >= 2 * layout.DIAMOND or abs(y - v) >= 2 * layout.DIAMOND, (spots, i)
    assert any(abs(x) < 1 and abs(y) < 1 for x, y in spots), "the first keeps the middle"


@pytest.mark.parametrize("cities", [1, 10])
def test_small_networks_are_drawn_too(board: Any, cities: int) -> None:
    state = full_game(cities, max(0, cities - 1))
    page = tree(board(state))
    assert len(page.one("svg", role="img").all("g", cls="pa-city")) == cities


# -- through the viewer, with a game recorded event by event -----------------------------------


def card(city: str, region: str) -> dict[str, str]:
    return {"city": city, "region": region}


FIRST_ROUND = [
    ("cards_dealt", {"destinations": {"Ann": [card("Lisbon", "EUROPE"), card("Horta", "EUROPE")],
                                      "Bob": [card("Tokyo", "PACIFIC"), card(NASTY, "ASIA")]},
                     "display": [card("Rome", "EUROPE"), card("Bangkok", "ASIA"), card("New York", "NORTH_AMERICA"),
                                 card("Lima", "SOUTH_AMERICA")]}, None),
    ("event_card_revealed", {"round": 1, "name": "First Flight", "stock_adjustment": {"op": "set", "value": 5},
                             "die_rolls": 1}, None),
    ("engineer_assigned", {"area": "D"}, "Ann"),
    ("engineer_assigned", {"area": "A", "track": "1", "space": 2, "cost": 3}, "Bob"),
    ("engineer_set_aside", {"count": 4}, "Ann"),
    ("engineer_set_aside", {"count": 4}, "Bob"),
    ("airport_placed", {"city": "Tokyo"}, "Bob"),
    ("route_claimed", {"cities": ["Lisbon", "Horta"], "plane": "TRIMOTOR",
                       "landing_rights": {"Lisbon": {"method": "destination_card"},
                                          "Horta": {"method": "destination_card"}}}, "Ann"),
]


def test_a_recorded_first_round_in_the_viewer(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, token = store.create_game("pan-am", ["Ann", "Bob"])
    for kind, data, actor in FIRST_ROUND:
        result, _ = store.append(game.id, token, AppendRequest(type=kind, data=data, actor=actor))
        assert not [f for f in result.flags if f["severity"] == "error"], (kind, result.flags)

    frames = client.get(f"/api/games/{game.id}/frames?from=0&count=50").get_json()["frames"]
    assert [f["step"] for f in frames] == list(range(len(FIRST_ROUND) + 1))
    setup = tree(frames[0]["board_html"])
    assert "Set-up" in setup.one(cls="pa-bar").text()
    rulebook_cities = {g.attrs["data-city"] for g in setup.all("g", cls="pa-city")}
    assert {"New York", "Paris", "Lisbon", "Horta", "Miami", "Havana"} <= rulebook_cities, "the rulebook's own routes"
    assert setup.one("g", cls="pa-diamond", data_route="New York|Paris").one(cls="pa-distance").text() == "4"

    bid = tree(frames[4]["board_html"])
    track_1 = next(t for t in bid.all(cls="pa-track") if t.text().startswith("Track 1"))
    space = track_1.one("li", cls="pa-space", data_space="2")
    assert space.one(cls="pa-cost").text() == "Space 2, cost $3"
    assert space.one(cls="pa-eng").classes == ["pa-eng", "pa-box-green"] and space.one(cls="pa-eng").spoken() == "Bob"
    assert bid.one(cls="pa-sites", data_area="D").spoken() == "Ann", "Ann's Engineer on the Routes work site"
    assert "Ann to place an Engineer" in bid.one(cls="pa-bar").text()

    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "css/engines/pan-am.css" in page
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    last = tree(page)
    route = last.one("g", cls="pa-diamond", data_route="Horta|Lisbon")
    assert route.classes == ["pa-diamond", "pa-owned", "pa-box-red"]
    assert route.one(cls="pa-distance").text() == "1" and route.one(cls="pa-tag-text").text() == "A✈1"
    assert {"has-airport", "pa-box-green"} <= set(last.one("g", cls="pa-city", data_city="Tokyo").classes)
    assert mat(last, "Ann").one(cls="pa-money").text() == "$12" and mat(last, "Ann").one(cls="pa-income").text() == "$1"
    assert mat(last, "Bob").one(cls="pa-money").text() == "$9", "Bob paid his $3 bid"
    assert last.one(cls="pa-price").text() == "$5"
    assert "is-resolved" in last.one(cls="pa-sites", data_area="D").one(cls="pa-eng").classes


def test_every_box_colour_is_drawn_as_itself_and_an_unknown_one_in_grey_always_with_words(board: Any) -> None:
    players = ["Ann", "Abe", "Bob", "Cy"]
    state = _new_state(players, resolve_options(PAN_AM, {"colours": ["yellow", "Purple", "blue", "red"]}), BOARD, {}, [])
    add_city(state, "Lisbon", "EUROPE", airport="Ann")
    add_city(state, "Horta", "EUROPE", airport="Abe")
    key = add_route(state, "Lisbon", "Horta", 1, owner="Ann", plane="TRIMOTOR")
    page = tree(board(state))
    assert mat(page, "Ann").classes[:2] == ["pa-mat", "pa-box-yellow"] and "Yellow pieces" in mat(page, "Ann").text()
    assert "pa-box-other" in mat(page, "Abe").classes and "Purple pieces" in mat(page, "Abe").text(), \
        "a colour the box does not have is drawn grey, its name written"
    assert [mat(page, n).one(cls="pa-token").text() for n in players] == ["An", "Ab", "B", "C"], "distinct initials"
    route = page.one("g", cls="pa-diamond", data_route=key)
    assert "pa-box-yellow" in route.classes and route.one(cls="pa-tag-text").text() == "An✈1"
    assert "pa-box-other" in page.one("g", cls="pa-city", data_city="Horta").classes
    legend = page.one(cls="pa-legend-players").spoken()
    assert legend == "Ann (yellow) Abe (Purple) Bob (blue) Cy (red)"


def test_the_cached_network_is_the_network_of_the_whole_state() -> None:
    """``network`` draws from NETWORK_INPUTS only and caches by them: were the layout to
    read any other part of the state, the cached picture would differ from this one."""
    from engines.base import Event
    from engines.pan_am.demo import demo_game
    from recorder.jsonish import as_json

    demo = demo_game()
    state = PAN_AM.setup(demo["players"], demo.get("options") or {})
    layout._NETWORKS.clear()
    drawn_for = 0
    for step, event in enumerate(demo["events"]):
        state = PAN_AM.apply(state, Event(event["type"], event.get("data", {}), event.get("actor")))
        if step % 5 == 0:
            assert as_json(layout.network(state)) == as_json(layout._network(state)), step
            drawn_for += 1
    assert 0 < len(layout._NETWORKS) < drawn_for  # some steps were served a network already drawn
    # What only the declared registry says: a city's region and a route's distance.
    from engines.pan_am.board import distance_key, region_key

    declared_only = {"seats": ["Ann"], "colours": {"Ann": "red"}, "cities": {"Rome": {"region": "EUROPE"}},
                     "routes": {"Lima|Rome": {"cities": ["Lima", "Rome"], "owner": None}},
                     "declared": {region_key("Lima"): {"value": "SOUTH_AMERICA"},
                                  distance_key(route_key(["Lima", "Rome"])): {"value": 4}}}
    drawn = as_json(layout.network(declared_only))
    assert drawn == as_json(layout._network(declared_only))
    assert [c["region"] for c in drawn["cities"]] == ["EUROPE", "SOUTH_AMERICA"]
    assert drawn["routes"][0]["distance"] == 4
