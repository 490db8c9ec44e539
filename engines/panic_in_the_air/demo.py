"""A complete, realistic four-player game, recorded event by event by the service's ``demo`` command.

The story: Ana steals Dee's 300 with a clockwise Wind and opens first with 1100 m;
Ben hides behind a Solo but opens with one Click-Clack (a loose harness); Dee takes
Ben's and Cy's cards with Risks, blows her Click-Clack onto Cy, and is left falling
alone, but her last card closes nothing: she opens with an odd harness.  Cy lands
with 900 m.  Final: Ana wins with 1100, Cy 900, Ben and Dee crashed.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def _draw(actor: str, via: str | None = None) -> Event:
    return {"type": "card_drawn", "actor": actor, "data": {"via": via} if via else {}}


def _play(actor: str, target: str, kind: str, value: int | None = None, direction: str | None = None) -> Event:
    card: dict[str, Any] = {"kind": kind}
    if value is not None:
        card["value"] = value
    if direction is not None:
        card["direction"] = direction
    return {"type": "card_played", "actor": actor, "data": {"target": target, "card": card}}


def _fall(actor: str, target: str, value: int) -> Event:
    return _play(actor, target, "FALL", value=value)


def _take(actor: str, source: str, count: int) -> Event:
    return {"type": "cards_taken", "actor": actor, "data": {"from": source, "count": count}}


def _open(actor: str) -> Event:
    return {"type": "parachute_opened", "actor": actor, "data": {}}


def demo_game() -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``."""
    events: list[Event] = [
        # Turn 1, Ana: two Fall cards on her own character.
        _fall("Ana", "Ana", 300),
        _fall("Ana", "Ana", 200),
        # Turn 2, Ben: a Click-Clack on Ana, a 200 on himself.
        _play("Ben", "Ana", "CLICK_CLACK"),
        _fall("Ben", "Ben", 200),
        # Turn 3, Cy: a 100 on himself and a card from the deck.
        _fall("Cy", "Cy", 100),
        _draw("Cy", "action"),
        # Turn 4, Dee: Risk on Ben takes two of his four cards, then a 300 on herself.
        _play("Dee", "Ben", "RISK"),
        _take("Dee", "Ben", 2),
        _fall("Dee", "Dee", 300),
        # Turn 5, Ana: Wind clockwise on Cy. Every top card moves on: Ana's Click-Clack
        # to Ben, Ben's Risk to Cy, the Wind to Dee, and Dee's 300 to Ana.
        _play("Ana", "Cy", "WIND", direction="CW"),
        _fall("Ana", "Ana", 200),
        # Turn 6, Ben: a Solo on himself, then his last card.
        _play("Ben", "Ben", "SOLO"),
        _fall("Ben", "Ben", 100),
        # Turn 7, Cy: a Click-Clack on Dee, then Risk on himself: two cards from the deck.
        _play("Cy", "Dee", "CLICK_CLACK"),
        _play("Cy", "Cy", "RISK"),
        _draw("Cy", "risk"),
        _draw("Cy", "risk"),
        # Turn 8, Dee: Wind counter-clockwise on Ana (Ben, under his Solo, is left alone):
        # the Wind goes back to Dee, Dee's Click-Clack to Cy. Then a 300 on herself.
        _play("Dee", "Ana", "WIND", direction="CCW"),
        _fall("Dee", "Dee", 300),
        # Turn 9, Ana: a 100 on herself and a Click-Clack on Cy; her hand is empty.
        _fall("Ana", "Ana", 100),
        _play("Ana", "Cy", "CLICK_CLACK"),
        # Turn 10, Ben: empty hand, he opens, with one Click-Clack on his stack.
        _open("Ben"),
        # Turn 11, Cy.
        _fall("Cy", "Cy", 200),
        _fall("Cy", "Cy", 300),
        # Turn 12, Dee: a Solo on herself and a 200.
        _play("Dee", "Dee", "SOLO"),
        _fall("Dee", "Dee", 200),
        # Turn 13, Ana opens with 1100 m and an even harness.
        _open("Ana"),
        # Turn 14, Cy: Dee is protected, so both cards go on Cy.
        _fall("Cy", "Cy", 100),
        _fall("Cy", "Cy", 200),
        # Turn 15, Dee: Risk on Cy takes his last two cards, then a 300.
        _play("Dee", "Cy", "RISK"),
        _take("Dee", "Cy", 2),
        _fall("Dee", "Dee", 300),
        # Turn 16, Cy: empty hand, he opens; Dee falls on alone.
        _open("Cy"),
        # Turn 17, Dee alone: a 200 and, fatally, a Click-Clack.
        _fall("Dee", "Dee", 200),
        _play("Dee", "Dee", "CLICK_CLACK"),
        # Turn 18, Dee opens: everyone is out and the game ends.
        _open("Dee"),
    ]
    return {
        "title": "Demo: Ana, Ben, Cy and Dee jump",
        "players": ["Ana", "Ben", "Cy", "Dee"],
        "options": {"first_player": "Ana"},
        "events": events,
    }
