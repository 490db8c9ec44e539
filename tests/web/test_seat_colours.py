"""Seat colours a game asks for: Pan Am players appear in their pieces' colours on the
viewer and recording pages; other games keep the page's own; nothing but #rrggbb reaches CSS."""

from __future__ import annotations

import re
from typing import Any

import engines
from recorder.store import EventStore
from recorder.views.seat_colours import seat_style


def _main_style(page: str) -> str | None:
    match = re.search(r'<main id="main" tabindex="-1"(?: style="([^"]*)")?>', page)
    assert match, "the page has its main element"
    return match.group(1)


def test_a_pan_am_game_shows_each_player_in_their_pieces_colour(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("pan-am", ["Ann", "Bob", "Cy"], "Colours",
                                {"colours": ["green", "red", "teal", "blue"]})
    viewer = client.get(f"/games/{game.id}").get_data(as_text=True)
    # Ann's pieces are green, Bob's red; "teal" is not a box colour, so Cy keeps seat 2's own colour.
    assert _main_style(viewer) == "--seat-0: #2e7d32; --seat-1: #c62828"
    record = client.get(f"/games/{game.id}/record").get_data(as_text=True)
    assert _main_style(record) == "--seat-0: #2e7d32; --seat-1: #c62828"
    for page in (viewer, record):  # both pages draw the board, so both load its stylesheet
        assert 'href="/static/css/engines/pan-am.css"' in page


def test_a_game_without_pieces_colours_keeps_the_pages_seat_colours(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    game, _ = store.create_game("isle-of-pan", ["Ann", "Bob"], "No colours")
    assert _main_style(client.get(f"/games/{game.id}").get_data(as_text=True)) is None


class _Painter:
    """An engine whose hook answers anything at all."""

    def __init__(self, colours: list[Any]):
        self.colours = colours

    def seat_colours(self, state: Any) -> list[Any]:
        return self.colours


def test_only_plain_hex_colours_reach_the_style_attribute() -> None:
    hostile = _Painter(["#123456", "red", "#12345", "#abcdef; background: url(x)", None, 7, "#ABCDEF"])
    assert seat_style(hostile, {}) == "--seat-0: #123456; --seat-6: #ABCDEF"  # type: ignore[arg-type]
    assert seat_style(engines.find("panic-in-the-air"), {}) == ""
