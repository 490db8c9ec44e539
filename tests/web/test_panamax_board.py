"""Panamax in the viewer: the canal from the Atlantic to the Pacific with its zones and ships,
the Action table, the Contract cards, the Rail table, the Market and each Clipboard, drawn by
the board partial (templates/engines/panamax/board.html) from states the engine folds, the way
the viewer renders a frame (``render_board``).  The oceans' zones, each canal zone's kind and
slots and each ship's readiness come from ``engine.board_view(state)``.  Cards here are made
up, never the game's."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engines.base import Event, State
from engines.panamax.action_table import layout_from_rolls
from engines.panamax.engine import Panamax
from recorder.web.pages import engine_css
from tests.web.board_checks import assert_parts_make_the_whole, renderer, template_app, unkept_blocks
from tests.web.test_pan_am_board import Node, tree

ENGINE = Panamax()
PLAYERS = ["Ana", "Ben"]  # red, green
NASTY = "<script>alert(1)</script>"
# Two players: 10 Action dice and 2 Executive dice (§9).
ACTION, EXECUTIVE = [1, 2, 3, 4, 5, 6, 1, 2, 5, 6], [3, 4]
OCEAN_ZONES = {"ATLANTIC": ["LOADING EU", "LOADING US_EAST", "WAITING ATLANTIC"],
               "PACIFIC": ["LOADING CHINA", "LOADING US_WEST", "WAITING PACIFIC"]}


def card(card_id: str, nation: str = "EU", values: tuple[int, ...] = (4,), rail: tuple[bool, ...] = ()) -> dict[str, Any]:
    rails = rail or (False,) * len(values)
    return {"id": card_id, "front": {"nation": nation, "containers": [{"value": v, "rail": r} for v, r in zip(values, rails, strict=True)]},
            "back": {"containers": [{"value": 3, "rail": False}] * (2 if len(values) == 3 else 1)}}


SLOTS = {"4": card("C4", "CHINA", (2, 3), (True, False)), "5": card("C5"), "6": card("C6", "EU", (1, 5, 6))}


def fold(state: State, *events: Event) -> State:
    """Fold events the rules accept (the board draws legal tables)."""
    for event in events:
        assert [v for v in ENGINE.check(state, event) if v.blocks] == [], event
        state = ENGINE.apply(state, event)
    return state


def set_up(players: list[str] = PLAYERS) -> State:
    return ENGINE.setup(players, {"setup_contracts_in_standard": False})


def playing(players: list[str] = PLAYERS) -> State:
    """The first turn, the set-up done (no Setup Contracts)."""
    return fold(set_up(players),
                Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                              "layout": layout_from_rolls(ACTION, EXECUTIVE)}),
                Event("contracts_revealed", {"action_table": SLOTS, "inbound": card("I", "US_EAST"),
                                             "draw_top": card("D", "US_WEST")}),
                *[Event("financial_advisor_kept", {"player": name}) for name in players])


def take(source: dict[str, int], use: str) -> Event:
    return Event("action_die_taken", {"from": source, "use": use})


def load(contract: int, container: int, ship: str | None = None, **declared: str) -> Event:
    return Event("die_loaded", {"contract": contract, "container": container,
                                "target": {"ship": ship} if ship else {"rail": True}, **declared})


END = Event("turn_ended", {})


def loaded(free_action: str = "none") -> State:
    """Ana takes the China card of column 4 and loads its Rail container on the train and
    its other on her 2-slot ship, deployed in the China Loading zone: the contract is
    complete, its flag covers a space declared to show ``free_action``."""
    return fold(playing(), take({"column": 4}, "contract_load"), Event("contract_taken", {"source": "action_table", "side": "front"}),
                Event("contract_card_revealed", {"card": card("N", "CHINA")}),  # the Draw pile's next card (PX-C3)
                Event("ship_deployed", {"ship": "red-2a", "zone": "LOADING CHINA"}), load(0, 0),
                load(0, 1, "red-2a", free_action=free_action))


def pass_the_round(state: State) -> State:
    while state["phase"] == "TURNS":
        table = state["action_table"]
        column = next((c for c in range(1, 7) if table["columns"][c - 1]), None)
        state = fold(state, take({"column": column} if column else {"executive": table["executive"][0]}, "pass"), END)
    return state


def end_of_round(state: State, per_share: int) -> list[State]:
    """The round's end, each state on the way: fees at $2 a die in each company's zone, then dividends."""
    states = [pass_the_round(state)]
    for colour, zone in (("red", "Pedro Miguel Locks"), ("green", "Culebra Cut")):
        states.append(fold(states[-1], Event("cargo_fees", {"company": colour, "zone_dice": [{"zone": zone, "dice": 1, "rate": 2}]})))
    for colour in ("red", "green"):
        states.append(fold(states[-1], Event("dividends", {"company": colour, "per_share": per_share})))
    return states


def whole_game() -> list[State]:
    """A game in which nobody does anything, every phase on the way to the count."""
    states = [set_up(), playing()]
    for per_share in (1, 0, 0):
        states += end_of_round(states[-1], per_share)
        if states[-1]["phase"] == "MAINTENANCE":
            states.append(fold(states[-1], Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                                                         "layout": layout_from_rolls(ACTION, EXECUTIVE)})))
    states.append(fold(states[-1], Event("financial_advisor_revealed", {"player": "Ana", "cards": [{"value": 4, "secret": True}]})))
    states.append(fold(states[-1], Event("financial_advisor_revealed", {"player": "Ben", "cards": [{"value": 1, "secret": True}]})))
    return states


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Only the templates are needed: one app on SQLite for the module."""
    yield from template_app(tmp_path_factory.mktemp("px"))


@pytest.fixture
def board(app: Any) -> Callable[[State], str]:
    return renderer(app, ENGINE)


def declare(state: State, key: str, value: Any) -> State:
    """The state with one more fact declared, as an event or the board file would."""
    state["declared"][key] = {"value": value, "at": 9, "label": key}
    return state


def zone(page: Node, name: str) -> Node:
    return page.one("li", cls="px-zone", data_zone=name)


def die_values(node: Node) -> list[str]:
    return [d.one(cls="px-die-value").text() for d in node.all(cls="px-die")]


def clipboard(page: Node, player: str) -> Node:
    return page.one("li", cls="px-clip", data_player=player)


def readiness(page: Node, ship: str) -> str:
    return page.one("li", cls="px-ship", data_ship=ship).one(cls="px-readiness").text()


# -- the tests -------------------------------------------------------------------------------


def test_at_set_up_the_ships_stand_where_the_rulebook_puts_them_and_the_table_waits(app: Any, board: Any) -> None:
    html = board(set_up(["Ana", "Ben", "Cy", "Dee"]))
    for tag in ("section", "div", "ol", "ul", "li", "table", "dl", "p"):
        assert html.count(f"<{tag}>") + html.count(f"<{tag} ") == html.count(f"</{tag}>"), f"every <{tag}> is closed"
    page = tree(html)
    assert "Set-up" in page.one(cls="px-round").text()
    assert "Action table to roll" in page.one(cls="px-turn").text()
    assert "Not rolled yet" in page.one("section", cls="px-actions").text()
    assert [s.text() for s in page.all(cls="px-contract-space")][0] == "Column 4 Not revealed yet"
    # §3 step 15: each 1-slot ship with a 3 where the k-th player's goes, heading as listed.
    for ship, place, heading in (("red-1", "Pedro Miguel Locks", "Atlantic"), ("green-1", "Culebra Cut", "Pacific"),
                                 ("yellow-1", "Gatun Lake", "Atlantic"), ("black-1", "Miraflores Lake", "Pacific")):
        drawn = zone(page, place).one("li", cls="px-ship", data_ship=ship)
        assert die_values(drawn) == ["3"] and drawn.one(cls="px-bound").spoken() == heading
    assert zone(page, "LOADING CHINA").all("li", cls="px-ship", data_ship="San Juan Prospector")
    assert not page.all("li", cls="px-ship", data_ship="red-2a"), "built, not yet on the board"
    fleet = clipboard(page, "Ana").one(cls="px-fleet").text()
    assert "red-2a 2 slots · built, not yet placed" in fleet and "red-3 3 slots · unbuilt" in fleet
    with app.app_context():
        assert engine_css(ENGINE.name) == "css/engines/panamax.css", "the viewer links the stylesheet by the engine's name"


def test_the_canal_runs_from_the_atlantic_through_its_zones_in_order_to_the_pacific(board: Any) -> None:
    state = playing()
    state["canal"].insert(2, "Zone <X>")  # a zone declared later goes in between, as the engine records it
    state["declared"]["zone_kind:Zone <X>"] = {"value": "DASHED", "at": 9, "label": "The kind of zone Zone <X>"}
    state["declared"]["zone_fee:Culebra Cut"] = {"value": 3, "at": 9, "label": "The fee in Culebra Cut"}
    page = tree(board(state))
    canal = page.one("section", cls="px-canal")
    drawn = [z.attrs["data-zone"] for z in canal.all("li", cls="px-zone")]
    assert drawn == OCEAN_ZONES["ATLANTIC"] + state["canal"] + OCEAN_ZONES["PACIFIC"]
    assert state["canal"] == ["Gatun Lake", "Culebra Cut", "Zone <X>", "Pedro Miguel Locks", "Miraflores Lake"]
    assert [o.attrs["data-ocean"] for o in canal.all(cls="px-ocean")] == ["ATLANTIC", "PACIFIC"]
    assert "px-zone--dashed" in zone(page, "Zone <X>").classes and "Dashed rectangle" in zone(page, "Zone <X>").text()
    undeclared = [z for z in canal.all("li", cls="px-zone") if z.attrs["data-zone"] != "Zone <X>"]
    assert not [z for z in undeclared if "px-zone--dashed" in z.classes], "no kind is assumed"
    assert zone(page, "Culebra Cut").one(cls="px-fee").text() == "Fee $3 a die"
    assert zone(page, "Culebra Cut").one(cls="px-zone-kind").text() == "Kind not declared", "no kind is assumed"
    assert not zone(page, "LOADING EU").all(cls="px-zone-facts"), "an ocean's zone is named by its label"


def test_each_canal_zone_shows_its_kind_and_a_dashed_rectangle_its_slots(board: Any) -> None:
    # Three players, so that the San Juan Prospector (size not declared) is on the board (§9).
    state = declare(declare(set_up(["Ana", "Ben", "Cy"]), "zone_kind:Culebra Cut", "DASHED"), "zone_kind:Pedro Miguel Locks", "DASHED")
    state["ships"]["red-1"]["zone"] = "Culebra Cut"  # beside green-1: two 1-slot ships
    state["ships"]["San Juan Prospector"]["zone"] = "Pedro Miguel Locks"
    view = ENGINE.board_view(state)
    assert view["zones"]["Culebra Cut"] == {"kind": "DASHED", "slots_used": 2, "capacity": 4}
    assert view["zones"]["Pedro Miguel Locks"]["slots_used"] is None
    page = tree(board(state))
    cut = zone(page, "Culebra Cut")
    assert "px-zone--dashed" in cut.classes and "is-full" not in cut.classes
    assert cut.one(cls="px-zone-facts").text() == "Dashed rectangle · 2 of 4 slots taken"
    assert zone(page, "Pedro Miguel Locks").one(cls="px-slots").text() == "? of 4", "a ship of unknown size in it"
    for lake in ("Gatun Lake", "Miraflores Lake"):  # the rulebook names them: no kind to declare
        drawn = zone(page, lake)
        assert "px-zone--lake" in drawn.classes and "px-zone--dashed" not in drawn.classes
        assert drawn.one(cls="px-zone-facts").text() == "Lake · no limit on ships" and not drawn.all(cls="px-slots")
    # Declared, its size counts; the rectangle's four slots taken, it says so.
    state = declare(state, "ship_slots:San Juan Prospector", 4)
    locks = zone(tree(board(state)), "Pedro Miguel Locks")
    assert locks.one(cls="px-slots").text() == "4 of 4" and "is-full" in locks.classes


def test_a_loaded_ship_shows_its_dice_in_its_zone_and_its_load(board: Any) -> None:
    state = loaded()
    page = tree(board(state))
    ship = zone(page, "LOADING CHINA").one("li", cls="px-ship", data_ship="red-2a")
    assert die_values(ship) == ["3"] and "px-co-red" in ship.one(cls="px-die").classes
    assert ship.one(cls="px-die").spoken() == "3 (red)"
    assert len(ship.all("li", cls="px-slot")) == 1, "a 2-slot ship with one die has one slot free"
    assert ship.one(cls="px-bound").spoken() == "Atlantic", "placed in the Pacific, it heads for the Atlantic"
    assert ship.one(cls="px-sum").text() == "3" and readiness(page, "red-2a") == "not ready"  # min 5
    assert "Company ship · 2 slots, 5–11" in ship.text()
    military = zone(page, "LOADING CHINA").one("li", cls="px-ship", data_ship="PLAN Yi Yang")
    assert "Carries no dice" in military.text() and not military.all(cls="px-die")
    assert readiness(page, "PLAN Yi Yang") == "ready to sail", "a military ship is always ready"


def test_every_ship_on_the_board_says_whether_it_may_sail(board: Any) -> None:
    state = set_up(["Ana", "Ben", "Cy", "Dee"])
    page = tree(board(state))
    drawn = {s.attrs["data-ship"]: s.one(cls="px-readiness").text() for s in page.all("li", cls="px-ship")}
    words = {True: "ready to sail", False: "not ready", None: "readiness unknown"}
    assert drawn == {ship: words[ready] for ship, ready in ENGINE.board_view(state)["ready"].items()}, "every ship, as the view says"
    assert drawn["San Juan Prospector"] == "readiness unknown", "the rulebook does not say without its tile"
    assert drawn["USS Iowa"] == "ready to sail" and drawn["Dice Fest Line"] == "not ready"  # a cruise ship with no dice
    assert drawn["red-1"] == "ready to sail", "a 3 on a 1-slot ship, minimum 2"
    declared = declare(state, "ship_spec:San Juan Prospector", {"slots": 4, "min": 8, "max": 24})
    assert readiness(tree(board(declared)), "San Juan Prospector") == "not ready", "its declared minimum, not met"
    # Ana loads the 5 of column 6's card on her 2-slot ship: a sum of 5, its minimum.
    state = fold(playing(), take({"column": 6}, "contract_load"), Event("contract_taken", {"source": "action_table", "side": "front"}),
                 Event("ship_deployed", {"ship": "red-2a", "zone": "LOADING EU"}), load(0, 1, "red-2a"))
    page = tree(board(state))
    ship = page.one("li", cls="px-ship", data_ship="red-2a")
    assert ship.one(cls="px-sum").text() == "5" and "2 slots, 5–11" in ship.text()
    assert readiness(page, "red-2a") == "ready to sail" and "px-ready" in ship.one(cls="px-readiness").classes


def test_the_action_table_shows_the_dice_left_in_each_column_and_executive_space(board: Any) -> None:
    state = fold(playing(), take({"column": 4}, "pass"), END, take({"column": 1}, "pass"))
    columns, executive = state["action_table"]["columns"], state["action_table"]["executive"]
    page = tree(board(state))
    table = page.one("section", cls="px-actions")
    for c in range(1, 7):
        col = table.one(cls="px-col", data_column=str(c))
        assert len(col.all("li", cls="is-full")) == columns[c - 1] == int(col.one(cls="px-count").text()), c
        assert [d.text() for d in col.all(cls="px-white-die")] == [str(c)] * columns[c - 1]
    assert columns[0] == 1 and columns[3] == 0, "each take left its column one die fewer"
    full = [int(s.attrs["data-executive"]) for s in table.all("li", cls="px-exec-space") if "is-full" in s.classes]
    assert full == executive == [3, 4]
    assert table.one(cls="px-dice-left").text() == f"{sum(columns) + 2} dice left on the table ({sum(columns)} Action, 2 Executive)"
    assert "Ben took the die of column 1 and passes" in page.one(cls="px-turn").text()


def test_the_contract_cards_face_up_follow_the_refill(board: Any) -> None:
    page = tree(board(loaded()))
    spaces = {s.attrs["data-space"]: s for s in page.all(cls="px-contract-space")}
    # Column 4's card was taken: the Inbound card took its place, the Draw pile's top moved on.
    assert spaces["Column 4"].one(cls="px-card").attrs["data-card"] == "I"
    assert spaces["Inbound Cargo"].one(cls="px-card").attrs["data-card"] == "D"
    assert spaces["Draw pile"].text() == "Draw pile N China 4 Back 3"  # the next card, turned up (PX-C3)
    taken = fold(playing(), take({"column": 4}, "contract_load"),
                 Event("contract_taken", {"source": "action_table", "side": "front"}))
    before = {s.attrs["data-space"]: s for s in tree(board(taken)).all(cls="px-contract-space")}
    assert before["Draw pile"].text() == "Draw pile No card"  # until the next card turns up
    six = spaces["Column 6"].one(cls="px-card")
    front, back = six.all(cls="px-card-side")
    assert front.one(cls="px-flag").text() == "EU" and [b.text() for b in front.all(cls="px-box")] == ["1", "5", "6"]
    assert [b.text() for b in back.all(cls="px-box")] == ["3", "3"]
    assert "1 Contract card completed and discarded" in page.one("section", cls="px-actions").text()


def test_the_rail_table_and_the_market_show_the_dice_the_flags_and_the_prices(board: Any) -> None:
    state = loaded()
    page = tree(board(state))
    rail = page.one("section", cls="px-rail")
    wagon = rail.one(cls="px-wagon", data_wagon="1")
    assert die_values(wagon) == ["2"] and "px-co-red" in wagon.one(cls="px-die").classes
    assert len(wagon.all("li", cls="px-slot")) == 3, "the 1st wagon holds 4 dice"
    assert [f.text() for f in rail.all("li", cls="px-flag")] == ["China", "EU", "US East", "US West"]
    assert [li.attrs["data-player"] for li in rail.one(cls="px-order-list").all("li")] == ["Ana", "Ben"]
    # Ben buys a red share with an Executive die: the price goes up, the treasury down.
    state = pass_the_round_to_executive(fold(state, END))
    state = fold(state, take({"executive": 4}, "market_buy"), Event("share_bought", {"company": "red"}))
    market = tree(board(state)).one("section", cls="px-market")
    red = market.one("tr", data_company="red")
    assert red.one(cls="px-price").text() == "$7" and red.one(cls="px-treasury").text() == "3"
    assert red.one(cls="px-dividend").text() == "?", "no dividend declared yet"
    assert market.one("tr", data_company="green").one(cls="px-price").text() == "$6"


def pass_the_round_to_executive(state: State) -> State:
    """Pass until it is Ben's turn with column 4 empty, so that its Executive die may be taken."""
    while state["action_table"]["columns"][3] or state["turn"]["player"] != "Ben":
        table = state["action_table"]
        column = next(c for c in (4, 1, 2, 3, 5, 6) if table["columns"][c - 1])
        state = fold(state, take({"column": column}, "pass"), END)
    return state


def test_a_clipboard_shows_the_company_s_money_dice_flags_contracts_and_the_player_s_own(board: Any) -> None:
    state = fold(playing(), take({"column": 6}, "contract_load"), Event("contract_taken", {"source": "action_table", "side": "front"}),
                 Event("ship_deployed", {"ship": "red-2a", "zone": "LOADING EU"}), Event("ship_built", {"ship": "red-3", "zone": "LOADING EU"}),
                 load(0, 1, "red-3"), load(0, 0, "red-2a"))
    page = tree(board(state))
    ana = clipboard(page, "Ana")
    assert "is-turn" in ana.classes and "px-co-red" in ana.classes and "Their turn" in ana.text()
    assert ana.one(cls="px-company-money").text() == "$11", "$18 less the 3-slot ship's $7"
    assert ana.one(cls="px-warehouse").text() == "1" and ana.one(cls="px-pool").text() == "4"  # 3 dice for the card
    held = ana.one("li", cls="px-held", data_card="C6")
    boxes = held.all(cls="px-box")
    assert [b.text() for b in boxes] == ["1 loaded", "5 loaded", "6"]
    assert ["is-loaded" in b.classes for b in boxes] == [True, True, False]
    assert ana.one(cls="px-money").text() == "$6" and ana.one(cls="px-shares").spoken() == "1 red"
    assert ana.one("li", data_nation="EU").one(cls="px-flag-count").text() == "0"
    fleet = ana.one(cls="px-fleet").text()
    assert "red-3 3 slots · LOADING EU" in fleet and "red-2b 2 slots · unbuilt" in fleet
    ben = clipboard(page, "Ben")
    assert "is-turn" not in ben.classes and ben.one(cls="px-company-money").text() == "$18"
    assert "Financial Advisor 1 hidden" in ben.text()
    state["players"]["Ben"]["captain"] = [{"card": 1, "round": 1, "turn": 0}]  # as leaving the canal hands it over
    assert clipboard(tree(board(state)), "Ben").one(cls="px-bonus").text() == "Captain 1 · Stevedore – · Financial Advisor 1 hidden"
    # A completed contract's flag goes on its nation's row, over the free action declared there.
    done = tree(board(loaded("market")))
    china = clipboard(done, "Ana").one("li", data_nation="CHINA")
    assert china.one(cls="px-flag-count").text() == "1" and china.one(cls="px-flag-icons").text() == "(Market action)"
    assert done.one(cls="px-turn").spoken() == "Ana uses the China flag's free action: Market action"
    assert not clipboard(tree(board(loaded())), "Ana").one("li", data_nation="CHINA").all(cls="px-flag-icons")


def test_every_phase_of_a_game_draws_and_the_end_names_the_winner(board: Any) -> None:
    states = whole_game()
    phases = [s["phase"] for s in states]
    assert {"SETUP", "TURNS", "END_FEES", "END_DIVIDENDS", "MAINTENANCE", "GAME_OVER", "OVER"} <= set(phases)
    pages: dict[str, Node] = {}
    for state in states:  # the first state of each phase
        pages.setdefault(state["phase"], tree(board(state)))
    assert "The red company pays its Cargo Fees" in pages["END_FEES"].one(cls="px-turn").text()
    assert zone(pages["END_DIVIDENDS"], "Pedro Miguel Locks").one(cls="px-fee").text() == "Fee $2 a die", "the rate the fees declared"
    market = pages["MAINTENANCE"].one("section", cls="px-market")
    # Round 1: $1 a share declared at $6; neither company could pay it, and each price fell by 2.
    assert market.one("tr", data_company="red").one(cls="px-price").text() == "$4"
    assert "$6 pays $1" in market.one(cls="px-known").text()
    assert "The Action table is rolled for round 2" in pages["MAINTENANCE"].one(cls="px-turn").text()
    assert "No dice" not in pages["MAINTENANCE"].text() and "rolled for the next round" in pages["MAINTENANCE"].text()
    assert "to reveal: Ana, Ben" in pages["GAME_OVER"].one(cls="px-turn").text()
    over = pages["OVER"]
    assert over.one(cls="px-round").text() == "Game over"
    assert over.one(cls="px-winners").text() == f"{ENGINE.standings(states[-1])['winners'][0]} wins"
    assert "Financial Advisor $4 (secret)" in clipboard(over, "Ana").text()


def test_the_setup_contracts_on_offer_and_who_chooses_next(board: Any) -> None:
    def setup_card(card_id: str, nation: str, values: tuple[int, ...]) -> dict[str, Any]:
        return {"id": card_id, "front": {"nation": nation, "containers": [{"value": v, "rail": False} for v in values]}}

    state = fold(ENGINE.setup(PLAYERS, {}),  # steps 22-23 in the standard set-up too, by default
                 Event("action_table_rolled", {"action_rolls": ACTION, "executive_rolls": EXECUTIVE,
                                               "layout": layout_from_rolls(ACTION, EXECUTIVE)}),
                 Event("contracts_revealed", {"action_table": SLOTS, "inbound": card("I"), "draw_top": card("D")}),
                 *[Event("financial_advisor_kept", {"player": name}) for name in PLAYERS])
    assert state["phase"] == "SETUP_CONTRACTS"
    assert tree(board(state)).one(cls="px-turn").text() == "The Setup Contracts are to be drawn"
    drawn = fold(state, Event("setup_contracts_drawn", {"cards": [setup_card("S1", "EU", (2, 3)), setup_card("S2", "CHINA", (1,)),
                                                                    setup_card("S3", "US_EAST", (4,))]}))
    page = tree(board(drawn))
    assert page.one(cls="px-turn").spoken() == "Ben chooses a Setup Contract", "in reverse turn order"
    offer = page.one(cls="px-setup-offer")
    assert [c.attrs["data-card"] for c in offer.all(cls="px-card")] == ["S1", "S2", "S3"]
    assert offer.one(cls="px-card", data_card="S2").one(cls="px-card-side").text() == "China 1"
    chosen = tree(board(fold(drawn, Event("setup_contract_chosen", {"card": "S2"}))))
    assert [c.attrs["data-card"] for c in chosen.one(cls="px-setup-offer").all(cls="px-card")] == ["S1", "S3"]
    assert "Setup Contract · front · China" in clipboard(chosen, "Ben").one("li", cls="px-held", data_card="S2").text()
    assert chosen.one(cls="px-turn").spoken().startswith("Ben loads their Setup Contract")


def test_user_text_is_escaped_everywhere(board: Any) -> None:
    players = [NASTY, 'Bo"b']
    state = fold(playing(players), take({"column": 5}, "contract_load"))
    state["canal"].insert(1, NASTY)
    state["ships"]["green-1"]["zone"] = NASTY
    state["companies"]["red"]["contracts"].append({"card": "<b>card</b>", "side": "back", "nation": None,
                                                   "containers": [{"value": 3, "rail": False, "loaded": False}]})
    html = board(state)
    assert "<script>" not in html and "<b>" not in html and 'Bo"b' not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 5
    page = tree(html)
    assert clipboard(page, NASTY).one("h3").text() == NASTY
    assert die_values(zone(page, NASTY)) == ["3"], "a hostile zone name is a zone like another"
    assert page.one(cls="px-turn").one("strong").text() == NASTY
    assert clipboard(page, NASTY).one("li", cls="px-held", data_card="<b>card</b>")


def test_the_board_joined_from_its_parts_is_the_whole_board(app: Any) -> None:
    """Every block's key holds what it shows: drawn without the cache, drawn from a cold and a
    warm cache, and joined from a batch's parts, each board is the same, byte for byte."""
    spec = ("ship_spec:San Juan Prospector", {"slots": 4, "min": 8})
    three = set_up(["Ana", "Ben", "Cy"])  # the Prospector in the China Loading zone
    moved = copy.deepcopy(three)
    moved["ships"]["San Juan Prospector"]["zone"] = "Culebra Cut"
    dashed = declare(copy.deepcopy(moved), "zone_kind:Culebra Cut", "DASHED")
    sized = declare(copy.deepcopy(dashed), "ship_slots:San Juan Prospector", 4)
    # each differs from the one before it only in what board_view derives from declared facts
    views = [three, declare(copy.deepcopy(three), *spec), moved, dashed, sized, declare(copy.deepcopy(sized), *spec)]
    states = whole_game() + [loaded(), loaded("market"), fold(loaded(), END)] + views
    assert_parts_make_the_whole(app, ENGINE, states, 10)


def test_every_block_of_the_board_is_kept(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A key that is not plain data (a macro's Markup, say) is never cached: its block would be
    drawn again at every step without a word.  Every block's key here is plain data."""
    assert unkept_blocks(app, monkeypatch, ENGINE, whole_game() + [loaded(), set_up(["Ana", "Ben", "Cy", "Dee"])]) == set()

