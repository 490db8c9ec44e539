"""Home: the list with filters and search, and the New game form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from recorder.store import EventStore

PANIC = "panic-in-the-air"


def csrf(client: Any) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def test_home_lists_games_newest_first_with_filters_and_search(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    store.create_game(PANIC, ["Ana", "Ben"], "Tuesday club")
    store.create_game(PANIC, ["Cy", "Dee"], "Weekend at Cy's")
    page = client.get("/").get_data(as_text=True)
    assert page.index("Weekend at Cy&#39;s") < page.index("Tuesday club")
    searched = client.get("/?q=tues").get_data(as_text=True)
    assert "Tuesday club" in searched and "Weekend" not in searched
    by_player = client.get("/?q=dee").get_data(as_text=True)
    assert "Weekend at Cy&#39;s" in by_player and "Tuesday" not in by_player
    assert "Tuesday club" in client.get("/?player=Ana").get_data(as_text=True)
    assert "No games yet match these filters" in client.get("/?status=finished").get_data(as_text=True)


def test_search_treats_wildcards_as_text(client: Any, app: Any) -> None:
    store: EventStore = app.extensions["tablescribe.store"]
    store.create_game(PANIC, ["Ana", "Ben"], "Plain")
    assert "Plain" not in client.get("/?q=%25").get_data(as_text=True)


def test_new_game_form_shows_every_option_with_default_and_help(client: Any) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'name="opt.panic-in-the-air.deck_total" value="63"' in page
    assert "Cards in the deck before the deal" in page
    assert 'name="player0"' in page and 'name="player9"' in page


def test_creating_a_game_from_the_form_types_the_options(client: Any, app: Any) -> None:
    form = {"csrf_token": csrf(client), "engine": PANIC, "title": "Form game", "player0": "Ana", "player1": "Ben",
            "player2": "Cy", "opt.panic-in-the-air.deck_total": "", "opt.panic-in-the-air.enforce_bottom10": "false",
            "opt.panic-in-the-air.fall_values": "100, 200, 500", "opt.panic-in-the-air.min_players": "3"}
    response = client.post("/games", data=form)
    assert response.status_code == 303 and "/record" in response.headers["Location"]
    game = app.extensions["tablescribe.store"].list_games()[0][0]
    assert game.title == "Form game" and [p["name"] for p in game.players] == ["Ana", "Ben", "Cy"]
    assert (game.options["deck_total"], game.options["enforce_bottom10"]) == (None, False)
    assert (game.options["fall_values"], game.options["min_players"]) == ([100, 200, 500], 3)


def test_yes_no_options_are_switches_and_labels_are_words(client: Any) -> None:
    page = client.get("/").get_data(as_text=True)
    switch = re.search(r'<input type="checkbox" role="switch" id="opt\.air-alliance\.kobe_flush"[^>]*>', page)
    assert switch and "checked" not in switch.group(0), "Kobe (2) is off by default, as a switch"
    assert 'value="false">' in page and ">false<" not in page, "no yes/no option is a box holding 'false'"
    assert "A Wondrous Lake may add new spaces beside the island" in page and "Wl adds hexes" not in page
    assert 'name="opt.isle-of-pan.first_player" data-seat-picker' in page


def test_a_switch_the_first_player_by_seat_and_ages_one_field_each(client: Any, app: Any) -> None:
    form = MultiDict([("csrf_token", csrf(client)), ("engine", "isle-of-pan"), ("player0", "Ana"), ("player1", "Ben"),
                      ("opt.isle-of-pan.first_player", "seat:1"), ("opt.isle-of-pan.ages.0", "41"),
                      ("opt.isle-of-pan.ages.1", "9"), ("opt.isle-of-pan.wl_adds_hexes", "false"),
                      ("opt.isle-of-pan.wl_adds_hexes", "true"), ("opt.isle-of-pan.zero_move_end_check", "false")])
    response = client.post("/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)
    game = app.extensions["tablescribe.store"].list_games()[0][0]
    assert game.options["first_player"] == "Ben" and game.options["ages"] == {"Ana": 41, "Ben": 9}
    assert (game.options["wl_adds_hexes"], game.options["zero_move_end_check"]) == (True, False)


def test_a_seat_without_a_player_or_an_age_that_is_not_a_number_is_refused(client: Any, app: Any) -> None:
    form = {"csrf_token": csrf(client), "engine": "isle-of-pan", "player0": "Ana", "player1": "Ben",
            "opt.isle-of-pan.first_player": "seat:3", "opt.isle-of-pan.ages.0": "old"}
    page = client.post("/games", data=form).get_data(as_text=True)
    assert "First player: Seat 4 has no player" in page
    assert "Players&#39; ages: Ana: &#39;old&#39; is not a whole number" in page
    assert 'value="old"' in page, "what was typed comes back in its seat's field"
    assert app.extensions["tablescribe.store"].list_games()[1] == 0


def test_form_errors_are_shown_and_nothing_is_created(client: Any, app: Any) -> None:
    form = {"csrf_token": csrf(client), "engine": PANIC, "player0": "Ana", "opt.panic-in-the-air.deck_total": "lots"}
    response = client.post("/games", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "could not be created" in page
    assert "Cards in the deck before the deal: &#39;lots&#39; is not a whole number" in page, "the error names the option"
    assert 'value="lots"' in page and 'aria-invalid="true"' in page, "what was typed comes back, marked"
    assert app.extensions["tablescribe.store"].list_games()[1] == 0


def test_a_gap_between_seats_is_refused_rather_than_closed_silently(client: Any, app: Any) -> None:
    form = {"csrf_token": csrf(client), "engine": PANIC, "player0": "Ana", "player3": "Cy"}
    page = client.post("/games", data=form).get_data(as_text=True)
    assert "Seat 2 is empty but a later seat has a player" in page
    assert app.extensions["tablescribe.store"].list_games()[1] == 0


def test_form_without_csrf_token_is_refused(client: Any, app: Any) -> None:
    response = client.post("/games", data={"engine": PANIC, "player0": "Ana", "player1": "Ben"})
    assert response.status_code == 400 and "text/html" in response.content_type
    assert app.extensions["tablescribe.store"].list_games()[1] == 0


def test_titles_and_names_are_escaped(client: Any, app: Any) -> None:
    app.extensions["tablescribe.store"].create_game(PANIC, ["<img src=x onerror=alert(1)>", "Ben"], "<script>1</script>")
    page = client.get("/").get_data(as_text=True)
    assert "<script>1</script>" not in page and "&lt;script&gt;1&lt;/script&gt;" in page
    assert "<img src=x" not in page


def test_unknown_page_is_an_html_404(client: Any) -> None:
    response = client.get("/games/" + "0" * 32 + "/record")
    assert response.status_code == 404 and "Not found" in response.get_data(as_text=True)


def test_absurd_page_numbers_are_clamped_not_a_crash(client: Any) -> None:
    response = client.get("/?page=100000000000000000000")
    assert response.status_code == 200 and "Games" in response.get_data(as_text=True)


def test_object_options_are_read_as_json() -> None:
    from engines.base import Option
    from recorder.web.forms import _typed, option_value_text

    ages = Option(None, "Ages, to check the youngest starts.", type="object", nullable=True)
    assert _typed(ages, '{"Ana": 9, "Ben": 41}') == {"Ana": 9, "Ben": 41}
    assert _typed(ages, "") is None
    assert option_value_text({"Ana": 9}) == '{"Ana": 9}'
    for bad in ("Ana=9", "[1, 2]"):
        with pytest.raises(ValueError, match="JSON object"):
            _typed(ages, bad)
