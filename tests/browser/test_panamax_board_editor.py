"""Panamax's board editor (static/js/boards/engines/panamax.js) and the recording page's
pickers of the board's cards (static/js/record/engines/panamax.js), on a phone.

The main test is what a person at the table does once per box: open *New board*, read the
board and the cards off the box (typing only names and numbers, tapping the rest), lose
nothing to a reload, see a refused save's problem beside the card it names, save; then
choose that board at *New game* and record the first reveals by tapping the board's cards.
What was stored is read back through the API.

Every zone kind, fee, Market row, Clipboard icon, card and ship tile here is made up for
the test: none of it is the real game's data.
"""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.base import Event
from tests.browser.conftest import LAPTOP, PHONE, SCREENSHOTS, screenshot, watched_page
from tests.browser.recording import Pickers, api, record_and_wait, state_of, stored
from tests.browser.tokens import browser_token

pytestmark = pytest.mark.browser

PLAYERS = ["Amelia", "Bruno", "Chen"]
BOARD_NAME = "Our Panamax box (test)"
CANAL = ["Gatun Lake", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Lake"]


def box(value: int, rail: bool = False) -> dict[str, Any]:
    return {"value": value, "rail": rail}


def contract(card_id: str, nation: str, front: list[dict[str, Any]], back_rail: tuple[bool, ...] = ()) -> dict[str, Any]:
    backs = 2 if len(front) == 3 else 1
    rails = back_rail or (False,) * backs
    return {"id": card_id, "front": {"nation": nation, "containers": front},
            "back": {"containers": [box(3, rail) for rail in rails]}}


def setup_card(card_id: str, nation: str, value: int) -> dict[str, Any]:
    return {"id": card_id, "front": {"nation": nation, "containers": [box(value)]}}


# Made-up cards: (id, nation, the front's values, which of them show a Rail icon, the back's Rail icons).
CONTRACTS = [
    ("C1", "US_EAST", [2, 4], (1,), ()), ("C2", "CHINA", [3], (), (True,)), ("C3", "EU", [1, 5, 6], (), ()),
    ("C4", "US_WEST", [2], (), ()), ("C5", "EU", [4], (), ()), ("C6", "CHINA", [5], (), ()),
]
SETUP_CARDS = [("S1", "CHINA", 2), ("S2", "EU", 3), ("S3", "US_EAST", 1), ("S4", "US_WEST", 2)]

# The board file the taps below make, exactly.
EXPECTED = {
    "canal": CANAL,
    "zones": {"Gatun Lake": "LAKE", "Culebra Cut": "DASHED", "Pedro Miguel Locks": "DASHED", "Miraflores Lake": "LAKE"},
    "fees": {"LOADING EU": 2, "Culebra Cut": 2, "Pedro Miguel Locks": 3, "Miraflores Lake": 1},
    "crossings": [
        {"bound": "PACIFIC", "from": "LOADING EU", "to": "Gatun Lake", "icon": "lock"},
        {"bound": "PACIFIC", "from": "Gatun Lake", "to": "Culebra Cut", "icon": "waterway"},
        {"bound": "PACIFIC", "from": "Culebra Cut", "to": "Pedro Miguel Locks", "icon": "waterway"},
        {"bound": "PACIFIC", "from": "Pedro Miguel Locks", "to": "Miraflores Lake", "icon": "lock"},
        {"bound": "PACIFIC", "from": "Miraflores Lake", "to": "OCEAN", "icon": "lock"},
        {"bound": "ATLANTIC", "from": "LOADING CHINA", "to": "Miraflores Lake", "icon": "lock"},
    ],
    "market": [{"price": 5, "dividend": 1}, {"price": 6, "dividend": 2}, {"price": 7, "dividend": 2}],
    "clipboard": {"EU": ["market", "load_die", "move3"], "CHINA": ["load_rail"]},
    "contracts": [contract(i, n, [box(v, k in rails) for k, v in enumerate(values)], back) for i, n, values, rails, back in CONTRACTS],
    "setup_contracts": [setup_card(*card) for card in SETUP_CARDS],
    "bonus_cards": {"captain": {"1": {"locks": 1, "waterways": 0, "any_moves": 0, "loads": 0}}},
    "ships": {"San Juan Prospector": {"slots": 4, "min": 10, "max": 20, "max_dice": 4}},
    "two_slot_cost": 5,
    "complete": ["canal"],
}


def part(page: Any, name: str) -> Any:
    return page.locator(f"#pxb-{name}")


def shoot(page: Any, name: str, section: str | None = None) -> None:
    """The editor (or one of its sections) for a person to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    if section:
        part(page, section).screenshot(path=str(SCREENSHOTS / f"panamax-board-{name}.png"))
    else:
        screenshot(page, f"panamax-board-{name}")


def small_targets(page: Any, scope: str) -> list[str]:
    """Visible buttons, links and inputs under `scope` less than 44px tall."""
    return list(page.evaluate("""scope => [...document.querySelectorAll(`${scope} button, ${scope} input, ${scope} a, ${scope} summary`)]
        .filter(el => el.offsetParent !== null && el.getBoundingClientRect().height < 43.5)
        .map(el => `${el.tagName} ${el.textContent.trim().slice(0, 30) || el.getAttribute('aria-label') || el.id}`)""", scope))


# ------------------------------------------------------------------- the editor's taps

def make_canal(page: Any) -> None:
    canal = part(page, "canal")
    canal.locator(".pxb-quick-add[data-place='Gatun Lake']").click()
    assert canal.locator("[data-zone='0'] .pxb-kind[data-kind=LAKE]").get_attribute("aria-pressed") == "true", \
        "the rulebook's lake is a lake"
    assert canal.locator("[data-zone='0'] .pxb-kind[data-kind=DASHED]").is_disabled()
    canal.get_by_role("button", name="Add a zone").click()
    page.keyboard.type("Culebra Cut")  # the new zone's name field has the focus
    for index, (kind, fee) in {1: ("DASHED", 2)}.items():
        canal.locator(f"[data-zone='{index}'] .pxb-kind[data-kind={kind}]").click()
        canal.locator(f"[data-zone='{index}'] .pxb-fee[data-fee='{fee}']").click()
    # Miraflores Lake typed before Pedro Miguel Locks, then moved: the order is the board's.
    canal.locator(".pxb-quick-add[data-place='Miraflores Lake']").click()
    canal.locator("[data-zone='2'] .pxb-fee[data-fee='1']").click()
    canal.locator(".pxb-quick-add[data-place='Pedro Miguel Locks']").click()
    canal.locator("[data-zone='3'] .pxb-kind[data-kind=DASHED]").click()
    canal.locator("[data-zone='3'] .pxb-fee[data-fee='3']").click()
    canal.get_by_role("button", name="Move Pedro Miguel Locks towards the Atlantic").click()
    canal.locator("[data-loading='LOADING EU'] .pxb-fee[data-fee='2']").click()
    assert canal.locator(".pxb-zone input").evaluate_all("els => els.map(e => e.value)") == CANAL
    assert canal.locator(".pxb-quick-add").count() == 0, "every place the rulebook names is on the canal"


def make_crossings(page: Any) -> None:
    crossings = part(page, "crossings")
    crossings.locator("[data-from='LOADING EU']").click()
    crossings.locator("[data-to='Gatun Lake']").click()
    for icon in ["lock", "waterway", "waterway", "lock"]:
        # Each crossing starts where the last one ended, its next zone chosen: the icon and Add.
        crossings.locator(f".pxb-icon[data-icon={icon}]").click()
        crossings.locator(".pxb-add-crossing").click()
    assert crossings.locator("[data-to='OCEAN']").get_attribute("aria-pressed") == "true"
    assert crossings.locator(".pxb-icon[data-icon=waterway]").is_disabled(), "ships leave the canal by a lock"
    crossings.locator(".pxb-add-crossing").click()
    crossings.locator("[data-bound=ATLANTIC]").click()
    crossings.locator("[data-from='LOADING CHINA']").click()
    crossings.locator("[data-to='Miraflores Lake']").click()
    crossings.locator(".pxb-icon[data-icon=lock]").click()
    crossings.locator(".pxb-add-crossing").click()
    assert crossings.locator(".pxb-crossing").count() == 6


def make_market(page: Any) -> None:
    market = part(page, "market")
    market.get_by_role("button", name="Add a row").click()
    page.keyboard.type("5")  # the first row's price has the focus
    market.locator("[data-row='0'] input").nth(1).fill("1")
    market.get_by_role("button", name="Add a row").click()  # $6, the dividend carried over: one more
    market.locator("[data-row='1']").get_by_role("button", name="Dividend $: one more").click()
    market.get_by_role("button", name="Add a row").click()  # $7, the same dividend
    assert market.locator("[data-row='2'] input").evaluate_all("els => els.map(e => e.value)") == ["7", "2"]


def make_clipboards(page: Any) -> None:
    clipboard = part(page, "clipboard")
    for icon in ["market", "move3", "move3"]:
        clipboard.locator(f"[data-nation=EU] .pxb-action[data-action={icon}]").click()
    clipboard.locator("[data-nation=EU] .pxb-space[data-space='1']").click()  # change space 2
    clipboard.locator("[data-nation=EU] .pxb-action[data-action=load_die]").click()
    clipboard.locator("[data-nation=CHINA] .pxb-action[data-action=load_rail]").click()
    assert clipboard.locator("[data-nation=EU] .pxb-space").all_inner_texts() == ["1\nMarket", "2\nLoad a die", "3\nMove 3"]


def make_cards(page: Any) -> None:
    deck = part(page, "contracts")
    for index, (card_id, nation, values, rails, back) in enumerate(CONTRACTS):
        deck.get_by_role("button", name="Add a Contract card").click()
        row = deck.locator(f"[data-card='{index}']")
        assert row.get_by_label("Id").input_value() == card_id, "the next id is offered"
        row.locator(f".pxb-nation[data-nation={nation}]").click()
        for k, value in enumerate(values):
            if k:
                row.get_by_role("button", name=f"Add container {k + 1}").click()
            row.locator(f"[data-face=front][data-container='{k}'] .pxb-value[data-value='{value}']").click()
            if k in rails:
                row.locator(f"[data-face=front][data-container='{k}'] .pxb-rail").click()
        for k, rail in enumerate(back):
            if rail:
                row.locator(f"[data-face=back][data-container='{k}'] .pxb-rail").click()
        if rails:
            assert row.locator("[data-face=back] .pxb-rail").first.is_disabled(), "no Rail icon on both faces"
        if index == 2:
            assert row.locator(".pxb-box-edit[data-face=back]").count() == 2, "a 3-container card has two generic 3s"
            shoot(page, "contract-card-phone", "contracts")
        row.get_by_role("button", name="Done").click()
    setup = part(page, "setup_contracts")
    for index, (card_id, nation, value) in enumerate(SETUP_CARDS):
        setup.get_by_role("button", name="Add a Setup Contract card").click()
        row = setup.locator(f"[data-card='{index}']")
        assert row.get_by_label("Id").input_value() == card_id
        row.locator(f".pxb-nation[data-nation={nation}]").click()
        row.locator(f".pxb-value[data-value='{value}']").click()
        row.get_by_role("button", name="Done").click()


def make_the_rest(page: Any) -> None:
    bonus = part(page, "bonus")
    bonus.locator("[data-deck=captain] [data-card='1']").get_by_role("button", name="Transcribe it").click()
    bonus.locator("[data-deck=captain] [data-card='1']").get_by_role("button", name="Locks: one more").click()
    more = part(page, "more")
    more.locator("summary").click()
    assert "Printed: 3 slots, 3 dice held." in more.locator("[data-ship='Dice Fest Line']").inner_text()
    ship = more.locator("[data-ship='San Juan Prospector']")
    ship.get_by_role("button", name="Add its tile").click()
    ship.locator("[data-slots='4']").click()
    ship.get_by_role("textbox", name="Needs to sail").fill("10")
    ship.get_by_role("textbox", name="Carries at most").fill("20")
    ship.get_by_role("textbox", name="Dice it holds").fill("4")
    more.get_by_role("textbox", name="A 2-slot ship's price, $").fill("5")
    complete = part(page, "complete")
    assert complete.locator("[data-complete=contracts]").is_disabled(), "6 cards are not the box's 24"
    complete.locator("[data-complete=canal]").click()


def wait_for_draft(page: Any, text: str) -> None:
    page.wait_for_function("text => Object.keys(localStorage).some(k => k.startsWith('tablescribe:board-draft:panamax')"
                           " && localStorage.getItem(k).includes(text))", arg=text)


# ------------------------------------------------------------------------- the test

def test_a_board_typed_on_a_phone_is_saved_chosen_at_new_game_and_its_cards_picked(live: Any, browser: Any) -> None:
    engines.find("panamax")
    context, page, refused, errors = watched_page(browser)
    page.goto(f"{live.url}/boards/new?engine=panamax")
    page.locator("#pxb-canal .be-section").wait_for()
    page.get_by_label("Name", exact=True).fill(BOARD_NAME)
    make_canal(page)
    shoot(page, "canal-phone", "canal")

    # A reload (a locked phone, a closed tab) loses nothing.
    wait_for_draft(page, "Pedro Miguel Locks")
    page.reload()
    page.locator(".be-restored").wait_for()
    assert part(page, "canal").locator(".pxb-zone input").evaluate_all("els => els.map(e => e.value)") == CANAL
    assert page.get_by_label("Name", exact=True).input_value() == BOARD_NAME

    make_crossings(page)
    shoot(page, "crossings-phone", "crossings")
    make_market(page)
    make_clipboards(page)
    shoot(page, "market-phone", "market")
    shoot(page, "clipboards-phone", "clipboard")
    make_cards(page)
    shoot(page, "setup-cards-phone", "setup_contracts")
    make_the_rest(page)
    shoot(page, "bonus-phone", "bonus")
    shoot(page, "more-phone", "more")
    shoot(page, "complete-phone", "complete")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "no sideways scrolling"
    assert small_targets(page, "#board-sections") == [], "every control is 44px tall"
    assert page.locator("#save-status").inner_text().startswith("4 zones, 6 crossings, 3 Market rows, 10 cards ·")

    # A duplicate id is refused by the server, and said beside the card it names.
    second = part(page, "contracts").locator("[data-card='1']")
    second.locator(".pxb-card-btn").click()
    second.get_by_label("Id").fill("C1")
    page.locator("#board-save").click()
    problems = page.locator("#save-problems")
    problems.get_by_text("PX-B04").wait_for()
    assert "Contract card 2: id" in problems.inner_text()
    beside = part(page, "contracts").locator("[data-card='1'] .be-problems")
    assert "PX-B04" in beside.inner_text() and "Two Contract cards are called C1" in beside.inner_text()
    assert part(page, "contracts").locator("[data-card='0'] .be-problems").count() == 0
    shoot(page, "refused-phone", "contracts")
    assert api(live, "GET", "/api/boards?engine=panamax")["boards"] == [], "nothing stored on a refusal"

    part(page, "contracts").locator("[data-card='1']").get_by_label("Id").fill("C2")
    page.locator("#board-save").click()
    page.wait_for_url("**/boards?engine=panamax&saved=*")
    board_id = page.url.split("saved=")[1].split("#")[0]
    saved = api(live, "GET", f"/api/boards/{board_id}")
    assert saved["name"] == BOARD_NAME and saved["source"] == "typed"
    assert saved["data"] == EXPECTED
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tablescribe:board-draft:'))") == [], \
        "the draft is forgotten once saved"
    screenshot(page, "panamax-board-saved-list-phone")

    # New game on that board, from the form.
    page.goto(f"{live.url}/")
    page.select_option("#engine", "panamax")
    page.fill("#title", "Panamax on our box")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#player{seat}", name)
    assert page.locator("#board-panamax").input_value() == board_id, "the newest board is chosen"
    page.select_option("#board-panamax", board_id)
    page.click("text=Create the game and start recording")
    page.wait_for_url("**/record?created=1")
    game_id = page.url.split("/games/")[1].split("/")[0]
    token = browser_token(context, game_id)
    game = api(live, "GET", f"/api/games/{game_id}")
    assert game["board"]["id"] == board_id and game["board"]["name"] == BOARD_NAME

    # The set-up's five cards, each a tap on the board's card.
    reveal = page.locator(".px-picker[data-type=contracts_revealed]")
    reveal.wait_for()
    assert reveal.locator(".px-pick-card").count() == 6
    assert "US East" in reveal.locator(".px-pick-card[data-card=C1]").inner_text()
    for card_id in ["C1", "C2", "C3", "C4"]:
        reveal.locator(f".px-pick-card[data-card={card_id}]").click()
    reveal.locator(".px-pick-spot[data-spot='inbound']").click()  # a spot tapped to change it
    reveal.locator(".px-pick-card[data-card=C5]").click()
    reveal.locator(".px-pick-card[data-card=C4]").click()  # C4 moves to the Draw pile's top
    assert reveal.locator(".px-pick-spot[data-spot=inbound]").inner_text().endswith("C5")
    shoot_picker(page, reveal, "reveal")
    event = record_and_wait(page, reveal.locator(".px-pick-record"), live, game_id)
    assert event["type"] == "contracts_revealed"
    assert event["data"] == {"action_table": {"4": {"id": "C1"}, "5": {"id": "C2"}, "6": {"id": "C3"}},
                             "inbound": {"id": "C5"}, "draw_top": {"id": "C4"}}
    now = state_of(live, game_id)["state"]
    assert now["contracts"]["slots"] == {"4": "C1", "5": "C2", "6": "C3"}
    assert (now["contracts"]["inbound"], now["contracts"]["draw_top"]) == ("C5", "C4")
    faces = EXPECTED["contracts"][0]
    assert now["declared"]["contract:C1"]["value"] == {"front": faces["front"], "back": faces["back"]}

    # The rest of the set-up through the API, as an assistant at the table might.
    for body in [{"type": "action_table_rolled", "data": {"action_rolls": [1, 2, 3, 4, 5, 6, 1, 5, 6], "executive_rolls": [2, 4, 5],
                                                         "layout": {"columns": [2, 1, 1, 1, 2, 2], "executive": [2, 4, 5]}}},
                 *[{"type": "financial_advisor_kept", "data": {"player": p}} for p in PLAYERS]]:
        api(live, "POST", f"/api/games/{game_id}/events", body, token)

    # The Setup Contracts: one per player plus one, tapped from the board's four.
    drawn = page.locator(".px-picker[data-type=setup_contracts_drawn]")
    drawn.wait_for()
    for card_id in ["S2", "S4", "S1", "S3"]:
        drawn.locator(f".px-pick-card[data-card={card_id}]").click()
    shoot_picker(page, drawn, "setup-drawn")
    event = record_and_wait(page, drawn.locator(".px-pick-record"), live, game_id)
    assert event["data"] == {"cards": [{"id": "S2"}, {"id": "S4"}, {"id": "S1"}, {"id": "S3"}]}
    now = state_of(live, game_id)["state"]
    assert now["setup_contracts"]["offered"] == ["S2", "S4", "S1", "S3"]
    assert now["declared"]["setup_contract:S4"]["value"] == {"front": EXPECTED["setup_contracts"][3]["front"]}

    # The Setup Contracts chosen, Amelia's first die and the card on column 4 taken: the
    # Draw pile's top moves on, and the new one is a tap on the board's card left.
    for actor, body in [("Chen", {"type": "setup_contract_chosen", "data": {"card": "S2"}}), ("Chen", {"type": "turn_ended", "data": {}}),
                        ("Bruno", {"type": "setup_contract_chosen", "data": {"card": "S4"}}), ("Bruno", {"type": "turn_ended", "data": {}}),
                        ("Amelia", {"type": "setup_contract_chosen", "data": {"card": "S1"}}), ("Amelia", {"type": "turn_ended", "data": {}}),
                        ("Amelia", {"type": "action_die_taken", "data": {"from": {"column": 4}, "use": "contract_load"}}),
                        ("Amelia", {"type": "contract_taken", "data": {"source": "action_table", "side": "front"}})]:
        answer = api(live, "POST", f"/api/games/{game_id}/events", {**body, "actor": actor}, token)
        assert not [f for f in answer.get("flags", []) if f.get("severity") == "error"], (body, answer["flags"])
    top = page.locator(".px-picker[data-type=contract_card_revealed]")
    top.wait_for()
    assert top.locator(".px-pick-card").all_inner_texts()[0].startswith("C6"), "only the card still in the Draw pile"
    assert top.locator(".px-pick-card").count() == 1
    top.locator(".px-pick-card[data-card=C6]").click()
    shoot_picker(page, top, "drawn")
    event = record_and_wait(page, top.locator(".px-pick-record"), live, game_id)
    assert event["type"] == "contract_card_revealed" and event["data"] == {"card": {"id": "C6"}}
    now = state_of(live, game_id)["state"]
    assert now["contracts"]["draw_top"] == "C6" and now["contracts"]["slots"]["4"] == "C5"
    assert [e["type"] for e in stored(live, game_id)][-1] == "contract_card_revealed"
    context.close()
    assert not errors, errors
    assert not refused, f"Content-Security-Policy refused: {refused}"


def shoot_picker(page: Any, picker: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    picker.screenshot(path=str(SCREENSHOTS / f"panamax-board-picker-{name}-phone.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert small_targets(page, f".px-picker[data-type={picker.get_attribute('data-type')}]") == []


def test_the_editor_at_laptop_size(live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser, LAPTOP)
    page.goto(f"{live.url}/boards/new?engine=panamax")
    page.locator("#pxb-canal .be-section").wait_for()
    make_canal(page)
    make_crossings(page)
    make_market(page)
    part(page, "contracts").get_by_role("button", name="Add a Contract card").click()
    screenshot(page, "panamax-board-editor-laptop")
    for section in ["canal", "crossings", "market", "contracts"]:
        shoot(page, f"{section}-laptop", section)
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    context.close()
    assert not errors, errors
    assert not refused, f"Content-Security-Policy refused: {refused}"


# ------------------------------------------------------ the bonus card, mounted alone

def test_a_bonus_card_on_the_board_is_played_by_one_tap_and_an_unknown_one_asks_its_effects(phone: Any) -> None:
    """A Captain card the board describes is played without typed effects; one nobody has
    declared asks its counts by tap. Without a board, the reveals keep the generic form."""
    engine = engines.find("panamax")
    board = {"contracts": EXPECTED["contracts"], "bonus_cards": EXPECTED["bonus_cards"]}
    state = engine.setup(PLAYERS, {"setup_contracts_in_standard": False}, board=board)
    for event in [Event("action_table_rolled", {"action_rolls": [1, 2, 3, 4, 5, 6, 1, 5, 6], "executive_rolls": [2, 4, 5],
                                                "layout": {"columns": [2, 1, 1, 1, 2, 2], "executive": [2, 4, 5]}}),
                  Event("contracts_revealed", {"action_table": {"4": {"id": "C1"}, "5": {"id": "C2"}, "6": {"id": "C3"}},
                                               "inbound": {"id": "C4"}, "draw_top": {"id": "C5"}}),
                  *[Event("financial_advisor_kept", {"player": p}) for p in PLAYERS]]:
        assert not [v for v in engine.check(state, event) if v.blocks], event
        state = engine.apply(state, event)
    # Amelia earned Captain cards 1 and 2 in an earlier turn (a ship of hers left the canal).
    state["players"]["Amelia"]["captain"] = [{"card": 1, "round": 0, "turn": 0}, {"card": 2, "round": 0, "turn": 0}]
    pickers = Pickers("panamax", "px-picker", PLAYERS)
    picker = pickers.mount(phone, engine, state, "bonus_card_played")
    assert "1 lock" in picker.locator("[data-deck=captain][data-card='1']").inner_text()
    assert "not known yet" in picker.locator("[data-deck=captain][data-card='2']").inner_text()
    picker.locator("[data-deck=captain][data-card='1']").click()
    assert picker.locator("[data-effect]").count() == 0, "the board says what card 1 does"
    SCREENSHOTS.mkdir(exist_ok=True)
    picker.screenshot(path=str(SCREENSHOTS / "panamax-board-picker-bonus-phone.png"))
    picker.locator(".px-pick-record").click()
    picker.locator("[data-deck=captain][data-card='2']").click()
    picker.locator("[data-effect=waterways][data-count='2']").click()
    picker.locator(".px-pick-record").click()
    recorded = phone.evaluate("window.recorded")
    assert recorded == [{"deck": "captain", "card": 1},
                        {"deck": "captain", "card": 2, "effects": {"locks": 0, "waterways": 2, "any_moves": 0, "loads": 0}}]
    for data in recorded:
        assert not [v for v in engine.check(state, Event("bonus_card_played", data, "Amelia")) if v.blocks], data

    # No board: no ids offered, so the reveals keep the generic form.
    bare = engine.setup(PLAYERS, {})
    assert "contracts_revealed" not in engine.expected(bare)["options"]
    assert not pickers.show(phone, "contracts_revealed", {}, bare, "Amelia")
    assert not pickers.show(phone, "contract_card_revealed", {}, bare, "Amelia")
    assert not pickers.show(phone, "setup_contracts_drawn", {}, bare, "Amelia")
