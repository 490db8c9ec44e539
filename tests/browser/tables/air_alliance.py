"""Air Alliance at the table: the demo game's set-up and its first six player turns,
recorded on the demo's saved board through the pickers of
``static/js/record/engines/air-alliance.js``.

What a person taps, action by action:

- a card turning up: the card among the board's cards that have not turned up, then
  Reveal;
- the board's facts (moot on a saved board, still recorded: the demo's table read them
  out): Declare the board's facts;
- a player's planes: the player, when the picker has not chosen them already, an
  airport for each of the four planes, then Place;
- a marker: the Flight icon on its slot, the flight (plane and destination) or the
  switch it makes, then Fly (or Switch);
- a passenger: the card, unless it is the only one carried and chosen already, then
  Gain;
- the end of PHASE 1: End PHASE 1;
- the Boarding Pass: a slot for each card gained (or the cover), then Place.

The driver reads what happened from the scripted event and finds the buttons by the
data attributes the pickers put on them (``data-card``, ``data-slot``...).
"""

from __future__ import annotations

from typing import Any

import engines
from engines.air_alliance.demo import demo_game
from engines.base import Event, resolve_options
from tests.browser.tables.table import ScriptedGame, Table

TURNS = 6  # the cut: the set-up and six player turns


def picker(type_: str) -> str:
    return f".aa-picker[data-type={type_}]"


def pressed(table: Table, selector: str) -> bool:
    return table.page.locator(selector).first.get_attribute("aria-pressed") == "true"


class AirAllianceDriver:
    """How a person records Air Alliance's actions on the recording page."""

    def record(self, table: Table, event: dict[str, Any]) -> None:
        gestures = getattr(self, event["type"])
        table.record(event, lambda: gestures(table, dict(event.get("data") or {})))

    def card_revealed(self, table: Table, data: dict[str, Any]) -> None:
        at = picker("card_revealed")
        table.tap(f"{at} button.aa-reveal-card[data-card='{data['card']['id']}']")
        table.tap(f"{at} .aa-pick-record")

    def board_declared(self, table: Table, data: dict[str, Any]) -> None:
        table.tap(f"{picker('board_declared')} .aa-pick-record")

    def planes_placed(self, table: Table, data: dict[str, Any]) -> None:
        at = picker("planes_placed")
        whose = f"{at} button[data-player='{data['player']}']"
        if table.page.locator(whose).count() and not pressed(table, whose):
            table.tap(whose)
        for code in data["airports"]:
            table.tap(f"{at} button.aa-airport-btn[data-airport='{code}']")
        table.tap(f"{at} .aa-pick-record")

    def marker_placed(self, table: Table, data: dict[str, Any]) -> None:
        at = picker("marker_placed")
        if "reserve" in data:
            table.tap(f"{at} .aa-pick-reserve button[data-card='{data['reserve']}']")
        else:
            table.tap(f"{at} button.aa-pick-icon[data-slot='{data['slot']}'][data-icon='{data['icon']}']")
            if "fly" in data:
                fly = data["fly"]
                table.tap(f"{at} .aa-pick-plane[data-group='{fly['colour']}@{fly['from']}'] "
                          f"button.aa-pick-action[data-to='{fly['to']}']")
            else:
                swap = data["swap"]
                places = ",".join(map(str, swap["places"]))
                table.tap(f"{at} button.aa-pick-action[data-airport='{swap['airport']}'][data-places='{places}']")
        table.tap(f"{at} .aa-pick-record")

    def passenger_gained(self, table: Table, data: dict[str, Any]) -> None:
        at = picker("passenger_gained")
        card = f"{at} button.aa-pick-card[data-card='{data['card']}']"
        if not pressed(table, card):
            table.tap(card)
        table.tap(f"{at} .aa-pick-record")

    def phase1_ended(self, table: Table, data: dict[str, Any]) -> None:
        table.tap(f"{picker('phase1_ended')} .aa-pick-record")

    def boarding_pass_updated(self, table: Table, data: dict[str, Any]) -> None:
        at = picker("boarding_pass_updated")
        for card, slot in data["placements"].items():
            table.tap(f"{at} button.aa-pick-slot-btn[data-card='{card}'][data-slot='{slot}']")
        if data.get("cover"):
            cover = data["cover"]
            table.tap(f"{at} button.aa-pick-slot-btn[data-card='{cover['card']}'][data-slot='{cover['slot']}']")
            table.tap(f"{at} button.aa-pick-cover[data-card='{cover['card']}']")
        table.tap(f"{at} .aa-pick-record")


def cut(turns: int = TURNS) -> int:
    """How many of the demo's first events make up the set-up and `turns` player turns:
    counted from the state, up to the event that begins turn ``turns + 1``."""
    engine, game = engines.find("air-alliance"), demo_game()
    state = engine.setup(game["players"], resolve_options(engine, game["options"]))
    for number, recorded in enumerate(game["events"], start=1):
        state = engine.apply(state, Event(recorded["type"], recorded["data"], recorded["actor"]))
        if state["phase"] != "SETUP" and int(state.get("turn_number", 1)) > turns:
            return number
    raise AssertionError(f"the demo has fewer than {turns} turns")


GAME = ScriptedGame(engine="air-alliance", length=cut(), driver=AirAllianceDriver())
