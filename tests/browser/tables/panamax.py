"""Panamax's round 1 at the table: how a person records each action of the demo game on
the recording page, picker by picker (static/js/record/engines/panamax.js), or by the
generic form's chips where an event is a choice or two (a player, a side, a zone).

The set-up comes first (the Action table rolled twice, the Mulligan then the real roll;
the Financial Advisors kept; the five cards face up; the Setup Contracts drawn, chosen and
loaded), then the round's turns, then its end: the Rail table's flags, the Cargo Fees and
the Dividends.  The driver reads each scripted event's data (what happened at the table)
and taps what shows it: a die by its column, a container by its place on the card, a ship
by its name, a card by its id.  Only the dice's pips are typed (the numbers on the dice).
"""

from __future__ import annotations

from typing import Any

from tests.browser.tables.table import ScriptedGame, Table

PICKER = ".px-picker[data-type={type}]"
FORM = "form[data-type={type}]"


def _attr(value: Any) -> str:
    """A value inside a CSS attribute selector's quotes."""
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


class PanamaxDriver:
    """Records one scripted Panamax event through the page's pickers."""

    def record(self, table: Table, event: dict[str, Any]) -> None:
        gestures = getattr(self, f"_{event['type']}", None)
        if gestures is None:
            table.record(event, lambda: self._generic(table, event))
        else:
            table.record(event, lambda: gestures(table, event))

    # -- helpers ---------------------------------------------------------------

    @staticmethod
    def _in(table: Table, type_: str, selector: str) -> Any:
        return table.page.locator(f"{PICKER.format(type=type_)} {selector}").first

    @staticmethod
    def _pressed(locator: Any) -> bool:
        locator.wait_for()
        return bool(locator.get_attribute("aria-pressed") == "true")

    def _press(self, table: Table, locator: Any) -> None:
        """Tap a toggle unless the picker has already chosen it."""
        if not self._pressed(locator):
            table.tap(locator)

    def _submit(self, table: Table, type_: str) -> None:
        table.tap(self._in(table, type_, ".px-pick-record"))

    def _generic(self, table: Table, event: dict[str, Any]) -> None:
        """The generic form: each field with more than one offered choice is a chip; a
        form with nothing left to choose is one quick button."""
        type_, data = event["type"], event.get("data", {})
        offered = table.expected()["options"].get(type_, {})
        quick = table.page.locator(f'[data-focus-key="quick:{type_}"]')
        many = [name for name, choices in offered.items() if name in data and isinstance(choices, list) and len(choices) > 1]
        if quick.count() and not many:
            table.tap(quick.first)
            return
        form = table.page.locator(FORM.format(type=type_)).first
        for name in many:
            index = offered[name].index(data[name])
            table.tap(form.locator(f'[data-field="{name}"] label:has(input[value="{index}"])'))
        table.tap(form.locator("button[type=submit]"))

    # -- the set-up ------------------------------------------------------------

    def _action_table_rolled(self, table: Table, event: dict[str, Any]) -> None:
        data = event["data"]
        table.type(self._in(table, "action_table_rolled", "input[data-rolls=action]"),
                   "".join(map(str, data["action_rolls"])), "number")
        table.type(self._in(table, "action_table_rolled", "input[data-rolls=executive]"),
                   "".join(map(str, data["executive_rolls"])), "number")
        self._submit(table, "action_table_rolled")

    def _contracts_revealed(self, table: Table, event: dict[str, Any]) -> None:
        # The picker's spots fill in order: columns 4, 5, 6, Inbound Cargo, the Draw pile.
        data = event["data"]
        for card in [data["action_table"][k] for k in ("4", "5", "6")] + [data["inbound"], data["draw_top"]]:
            table.tap(self._in(table, "contracts_revealed", f'button.px-pick-card[data-card="{_attr(card["id"])}"]'))
        self._submit(table, "contracts_revealed")

    def _setup_contracts_drawn(self, table: Table, event: dict[str, Any]) -> None:
        for card in event["data"]["cards"]:
            table.tap(self._in(table, "setup_contracts_drawn", f'button.px-pick-card[data-card="{_attr(card["id"])}"]'))
        self._submit(table, "setup_contracts_drawn")

    # -- a turn ------------------------------------------------------------------

    def _action_die_taken(self, table: Table, event: dict[str, Any]) -> None:
        source = event["data"]["from"]
        where = f"[data-column='{source['column']}']" if "column" in source else f"[data-executive='{source['executive']}']"
        self._press(table, self._in(table, "action_die_taken", f"button.px-pick-die{where}"))
        self._press(table, self._in(table, "action_die_taken", f"button[data-use={event['data']['use']}]"))
        self._submit(table, "action_die_taken")

    def _die_transferred(self, table: Table, event: dict[str, Any]) -> None:
        source = event["data"]["from"]
        table.tap(self._in(table, "die_transferred", ".px-pick-more > summary"))
        where = f"[data-column='{source['column']}']" if "column" in source else f"[data-executive='{source['executive']}']"
        self._press(table, self._in(table, "die_transferred", f"button.px-pick-die{where}"))
        self._press(table, self._in(table, "die_transferred", f"button[data-to-column='{event['data']['to_column']}']"))
        self._submit(table, "die_transferred")

    def _die_loaded(self, table: Table, event: dict[str, Any]) -> None:
        data = event["data"]
        self._press(table, self._in(table, "die_loaded",
                                    f"button.px-pick-box[data-contract='{data['contract']}'][data-container='{data['container']}']"))
        target = data["target"]
        where = "[data-rail=true]" if target.get("rail") else f'[data-ship="{_attr(target["ship"])}"]'
        self._press(table, self._in(table, "die_loaded", f"button.px-pick-target{where}"))
        asked = self._in(table, "die_loaded", "fieldset.px-pick-flag")
        if table.page.locator(f"{PICKER.format(type='die_loaded')} fieldset.px-pick-flag").count():
            self._press(table, asked.locator(f"button[data-free={data['free_action']}]"))
        self._submit(table, "die_loaded")

    def _free_action_used(self, table: Table, event: dict[str, Any]) -> None:
        data = event["data"]
        self._press(table, self._in(table, "free_action_used", f"button.px-pick-free-kind[data-kind={data['kind']}]"))
        if "company" in data:
            self._press(table, self._in(table, "free_action_used", f"button[data-company={data['company']}]"))
        if data["kind"] == "load_die":
            if "supply" in data:
                self._press(table, self._in(table, "free_action_used", f"button[data-supply={data['supply']}]"))
            else:
                self._press(table, self._in(table, "free_action_used",
                                            f"button.px-pick-box[data-contract='{data['contract']}'][data-container='{data['container']}']"))
            self._press(table, self._in(table, "free_action_used", f'button.px-pick-target[data-ship="{_attr(data["ship"])}"]'))
        if data["kind"] == "load_rail":
            chosen = f"button[data-supply={data['supply']}]" if "supply" in data else f"button[data-raise='{data['raise']}']"
            self._press(table, self._in(table, "free_action_used", chosen))
        self._submit(table, "free_action_used")

    def _ship_moved(self, table: Table, event: dict[str, Any]) -> None:
        data = event["data"]
        for ship in data["ships"]:
            self._press(table, self._in(table, "ship_moved", f'.px-pick-targets button.px-pick-ship[data-ship="{_attr(ship)}"]'))
        self._press(table, self._in(table, "ship_moved", f'button[data-to="{_attr(data["to"])}"]'))
        self._press(table, self._in(table, "ship_moved", f"button[data-kind={data['kind']}]"))
        if table.page.locator(f"{PICKER.format(type='ship_moved')} button[data-zone-kind]").count():
            self._press(table, self._in(table, "ship_moved", f"button[data-zone-kind={data['to_kind']}]"))
        for ship, choice in data.get("bonus", {}).items():
            self._press(table, self._in(table, "ship_moved", f'.px-pick-bonus[data-ship="{_attr(ship)}"] button[data-bonus={choice}]'))
        for k, spot in enumerate(data.get("spots", [])):
            if spot is not None:
                self._press(table, self._in(table, "ship_moved", f".px-pick-spot[data-token='{k}'] button[data-spot={spot}]"))
        for push in data.get("pushes", []):
            for ship in push["ships"]:
                self._press(table, self._in(table, "ship_moved", f'button[data-push-ship="{_attr(ship)}"]'))
        self._submit(table, "ship_moved")

    def _contract_card_revealed(self, table: Table, event: dict[str, Any]) -> None:
        card = event["data"]["card"]["id"]
        table.tap(self._in(table, "contract_card_revealed", f'button.px-pick-card[data-card="{_attr(card)}"]'))
        self._submit(table, "contract_card_revealed")

    def _bonus_card_played(self, table: Table, event: dict[str, Any]) -> None:
        data = event["data"]
        self._press(table, self._in(table, "bonus_card_played",
                                    f"button.px-pick-bonus-card[data-deck={data['deck']}][data-card='{data['card']}']"))
        self._submit(table, "bonus_card_played")

    def _ship_built(self, table: Table, event: dict[str, Any]) -> None:
        # The price of a ship is the board's (or the rulebook's): the form's cost stays empty.
        self._generic(table, {**event, "data": {k: v for k, v in event["data"].items() if k != "cost"}})

    # -- the end of the round --------------------------------------------------

    def _cargo_fees(self, table: Table, event: dict[str, Any]) -> None:
        for row in event["data"]["zone_dice"]:
            rate = self._in(table, "cargo_fees", f'li[data-zone="{_attr(row["zone"])}"] button[data-rate="{row["rate"]}"]')
            if table.page.locator(f'{PICKER.format(type="cargo_fees")} li[data-zone="{_attr(row["zone"])}"] button').count():
                table.tap(rate)
        self._submit(table, "cargo_fees")


# Round 1 of the demo: its set-up (events 0 to 17), the turns, the Rail table's flags, the
# Cargo Fees and the Dividends; the 125th event, green's dividends, ends the round (the
# state's round turns 2 and the Maintenance waits for the next roll).
GAME = ScriptedGame(engine="panamax", length=125, driver=PanamaxDriver())
