"""Panic in the Air recorded at the table: the demo's whole game, by the generic forms.

A card is its kind, its value (a Fall) or arrow (a Wind), and its target when it is not
the player's own character; a draw, a Risk's take (or its decline) and a parachute are one button each,
a late parachute two (its player under Who, then the button).
"""

from __future__ import annotations

import re
from typing import Any

from tests.browser.tables.table import ScriptedGame, Table

KIND_LABELS = {"FALL": "Fall", "CLICK_CLACK": "Click clack", "SOLO": "Solo", "WIND": "Wind", "RISK": "Risk"}


def exactly(text: str) -> re.Pattern[str]:
    return re.compile(f"^{re.escape(text)}$")


class PanicDriver:
    def record(self, table: Table, event: dict[str, Any]) -> None:
        page, actor, data = table.page, event["actor"], event["data"]

        def gestures() -> None:
            if actor != table.expected()["actors"][0]:
                table.tap(page.locator("#actor-options label").filter(has_text=exactly(actor)))
            if event["type"] == "card_played":
                self._card(table, actor, data)
            elif event["type"] == "card_drawn":
                table.tap(page.locator("[data-focus-key='quick:card_drawn']"))
            elif event["type"] in ("cards_taken", "parachute_opened", "risk_declined"):
                table.tap(page.locator(f"[data-focus-key='quick:{event['type']}']"))
            else:
                raise AssertionError(f"no gesture for {event}")

        table.record(event, gestures)

    def _card(self, table: Table, actor: str, data: dict[str, Any]) -> None:
        form = table.page.locator("form.action-form[data-type=card_played]")
        target = form.locator("fieldset[data-field=target]")
        if target.locator("input:checked").count() == 0 or data["target"] != actor:
            table.tap(target.locator("label").filter(has_text=exactly(data["target"])))
        card = data["card"]
        table.tap(form.locator("fieldset[data-field='card.kind'] label").filter(has_text=exactly(KIND_LABELS[card["kind"]])))
        if "value" in card:
            table.tap(form.locator("fieldset[data-field='card.value'] label").filter(has_text=exactly(str(card["value"]))))
        if "direction" in card:
            table.tap(form.locator("fieldset[data-field='card.direction'] label").filter(has_text=exactly(card["direction"])))
        table.tap(form.locator("button[type=submit]"))


GAME = ScriptedGame(engine="panic-in-the-air", length=36, driver=PanicDriver())
