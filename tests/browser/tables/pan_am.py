"""Pan Am's round 1 recorded at the table (``ScriptedGame`` in ``table.py``).

The demo game (``engines/pan_am/demo.py``) is cut at the end of round 1: its first 37
events, the last of them Genevieve's Stock purchase that opens round 2.  The driver taps
what a person taps on the recording page: the cities of each part of the deal (a hand, the
display, each recorded as it is dealt), the Event
card turned over, the space an Engineer goes on, the city of an Airport, a display refill's
city, a route among those that can be claimed (then its plane and Landing Rights when there
is a choice), the die's symbols, Pan Am's route, and the number of Stock bought.  It finds
the buttons by the data attributes the pickers give them (a city, a space, a route).
"""

from __future__ import annotations

from typing import Any

from tests.browser.tables.table import ScriptedGame, Table


def picker(type_: str) -> str:
    return f".pa-picker[data-type={type_}]"


def rights_key(rights: dict[str, Any]) -> str:
    """The Landing Rights of a claim as the route picker's way buttons name them (``rightsKey``)."""
    def one(city: str) -> str:
        cards = "+".join(rights[city].get("cards") or [])
        return f"{city}={rights[city]['method']}" + (f":{cards}" if cards else "")
    return ";".join(one(city) for city in sorted(rights))


def pressed(table: Table, selector: str) -> bool:
    return bool(table.page.locator(selector).first.get_attribute("aria-pressed") == "true")


class PanAmDriver:
    """How a person records Pan Am's actions on the recording page."""

    def record(self, table: Table, event: dict[str, Any]) -> None:
        kind, data = event["type"], event.get("data") or {}
        gestures = getattr(self, kind, None)
        assert gestures is not None, f"the driver cannot record {kind} yet"
        table.record(event, lambda: gestures(table, data))

    # -- set-up and the Event phase -------------------------------------------------------

    def cards_dealt(self, table: Table, data: dict[str, Any]) -> None:
        deal = picker("cards_dealt")
        hands = data.get("destinations") or {}
        first, cards = (f"p:{next(iter(hands))}:0", next(iter(hands.values()))) if hands else ("d:0", data["display"])
        space = f"{deal} button[data-slot='{first}']"
        if not pressed(table, space):  # the next empty space is chosen by itself
            table.tap(space)
        for card in cards:
            table.tap(f"{deal} button[data-city='{card['city']}']")
        table.tap(f"{deal} [data-focus-key='submit:cards_dealt']")

    def event_card_revealed(self, table: Table, data: dict[str, Any]) -> None:
        table.tap(f"{picker('event_card_revealed')} button[data-card='{data['name']}']")

    # -- the Engineer phase -----------------------------------------------------------------

    def engineer_assigned(self, table: Table, data: dict[str, Any]) -> None:
        engineer = picker("engineer_assigned")
        if data.get("track") is None:
            table.tap(f"{engineer} [data-focus-key='pa-site:{data['area']}']")
            return
        table.tap(f"{engineer} button[data-area='{data['area']}'][data-track='{data['track']}'][data-space='{data['space']}']")
        cost = table.page.locator(f"{engineer} #pa-cost")
        if cost.count():  # a space whose printed cost nobody declared yet
            table.type(cost, str(data["cost"]), "number")
            table.tap(f"{engineer} .pa-pick-cost button[type=submit]")

    def engineer_set_aside(self, table: Table, data: dict[str, Any]) -> None:
        table.tap("[data-focus-key='quick:engineer_set_aside']")

    # -- the Resolution phase ---------------------------------------------------------------

    def airport_placed(self, table: Table, data: dict[str, Any]) -> None:
        airport = picker("airport_placed")
        if data.get("moved_from"):
            table.tap(f"{airport} button[data-moved-from='{data['moved_from']}']")
        table.tap(f"{airport} button[data-city='{data['city']}']")

    def destination_taken(self, table: Table, data: dict[str, Any]) -> None:
        table.tap("[data-focus-key='quick:destination_taken']")

    def destination_display_refilled(self, table: Table, data: dict[str, Any]) -> None:
        refill = picker("destination_display_refilled")
        slot = f"{refill} button[data-slot='{data['slot']}']"
        if table.page.locator(slot).count() and not pressed(table, slot):
            table.tap(slot)
        table.tap(f"{refill} button[data-city='{data['card']['city']}']")

    def route_claimed(self, table: Table, data: dict[str, Any]) -> None:
        route = picker("route_claimed")
        a, b = data["cities"]
        head = table.page.locator(f"{route} button[data-claim]").filter(has_text=f"{a}–{b} ·")
        table.tap(head)
        claim = f"{route} .pa-pick-claim.is-on"
        plane = f"{claim} button[data-plane='{data['plane']}']"
        if not pressed(table, plane):
            table.tap(plane)
        way = f"{claim} button[data-rights='{rights_key(data['landing_rights'])}']"
        if not pressed(table, way):
            table.tap(way)
        table.tap(f"{route} [data-focus-key='submit:pa-listed']")

    def directive_drawn(self, table: Table, data: dict[str, Any]) -> None:
        table.tap("[data-focus-key='quick:directive_drawn']")

    # -- the Pan Am phase -------------------------------------------------------------------

    def die_rolled(self, table: Table, data: dict[str, Any]) -> None:
        die = picker("die_rolled")
        for face in data["faces"]:
            table.tap(f"{die} button[data-face='{face}']")
        table.tap(f"{die} [data-focus-key='submit:die_rolled']")

    def pan_am_expanded(self, table: Table, data: dict[str, Any]) -> None:
        table.tap(f"{picker('pan_am_expanded')} button[data-cities='{'|'.join(data['cities'])}']")

    def income_collected(self, table: Table, data: dict[str, Any]) -> None:
        table.tap("[data-focus-key='quick:income_collected']")

    def stock_bought(self, table: Table, data: dict[str, Any]) -> None:
        table.tap(f"{picker('stock_bought')} button[data-count='{data['count']}']")


# Round 1: the three hands and the display, then everything up to the last Stock purchase
# (the demo's state after event 37 is round 2's Event phase).
GAME = ScriptedGame(engine="pan-am", length=37, driver=PanAmDriver())
