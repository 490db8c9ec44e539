"""Panic in the Air: the hooks for the pages (``changes``, ``position``) and the board partial.

``changes`` scenarios assert the exact lines; the partial is rendered with a plain Jinja
environment (autoescape on, as Flask renders it) for chosen tables, for every step of the
demo game and for random legal games.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template

from engines.base import Engine, Event, State
from engines.panic_in_the_air.demo import demo_game
from engines.panic_in_the_air.view import card_label
from recorder.views.fragments import FragmentCache
from tests.engines.strategies import GAME_STRATEGIES, random_table
from tests.engines.test_panic_in_the_air import (
    CC,
    FOUR,
    RISK,
    SOLO,
    THREE,
    F,
    W,
    _any_event,
    draw,
    legal,
    opens,
    play,
    rip,
    table,
    take,
)

ROOT = Path(__file__).resolve().parents[2]
BOARD = "engines/panic-in-the-air/board.html"


def changed(engine: Engine, state: State, event: Event) -> list[str]:
    """The lines for one event folded onto ``state`` (without judging it)."""
    return engine.changes(state, engine.apply(state, event), event)


# -- changes: the Wind --------------------------------------------------------------------


def test_a_clockwise_wind_names_every_card_that_moved_and_the_new_distances(pita: Engine) -> None:
    state = table(pita, FOUR, stacks={"Ana": [F(300)], "Ben": [CC], "Cy": [F(200)]})
    assert changed(pita, state, play("Ana", "Ben", W("CW"))) == [
        (
            "Wind (clockwise): Ana's top card (Fall 300) moved to Ben; Ben's top card (the Wind just played) "
            "moved to Cy; Cy's top card (Fall 200) moved to Dee"
        ),
        "Ana's stack: 1 → 0 cards, falls 300 m → 0 m",
        "Ben's stack: 1 → 2 cards, falls 0 m → 300 m",
        "Cy's stack: 1 card, falls 200 m → 0 m",
        "Dee's stack: 0 → 1 card, falls 0 m → 200 m",
        "Ana's hand: 6 → 5 cards (played clockwise Wind)",
        "Ana: 1 of 2 actions done",
    ]


def test_a_wind_says_which_stack_a_solo_kept_out_and_moves_only_what_it_may(pita: Engine) -> None:
    stacks = {"Ana": [F(300)], "Ben": [CC], "Cy": [F(200)], "Dee": [F(100), SOLO]}
    state = legal(pita, table(pita, FOUR, stacks=stacks, first_player="Cy"), play("Cy", "Ben", SOLO))
    # Ben is protected; Dee's Solo on top blocks her stack; only the Wind itself moves on.
    assert changed(pita, state, play("Cy", "Ana", W("CCW"))) == [
        "Wind (counter-clockwise): Ana's top card (the Wind just played) moved to Dee",
        "Solo keeps Ben's stack out of the Wind",
        "Dee's stack: 2 → 3 cards, falls 100 m",
        "Cy's hand: 5 → 4 cards (played counter-clockwise Wind)",
        "Turn passes to Dee",
    ]


def test_a_wind_that_skips_a_solo_names_the_card_taken_from_under_it(pita: Engine) -> None:
    state = table(pita, THREE, stacks={"Ben": [F(500), SOLO]}, wind_solo_top="skip")
    assert changed(pita, state, play("Ana", "Ana", W("CW")))[0] == (
        "Wind (clockwise): Ana's top card (the Wind just played) moved to Ben; "
        "Ben's Fall 500 (from under a Solo) moved to Cy"
    )


# -- changes: Risk, Solo, parachutes, the turn ----------------------------------------------


def test_a_risk_on_an_opponent_then_the_take(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE), play("Ana", "Ana", F(200)))
    assert changed(pita, state, play("Ana", "Ben", RISK)) == [
        "Ben's stack: 0 → 1 card, falls 0 m",
        "Ana's hand: 5 → 4 cards (played Risk)",
        "Risk: Ana takes 2 cards from Ben's hand",
        "Ana: 2 of 2 actions done",
    ]
    state = legal(pita, state, play("Ana", "Ben", RISK))
    assert changed(pita, state, take("Ana", "Ben", 2)) == [
        "Ana's hand: 4 → 6 cards (Risk: took 2 from Ben)",
        "Ben's hand: 6 → 4 cards (Risk: 2 taken by Ana)",
        "Turn passes to Ben",
    ]


def test_a_risk_on_oneself_counts_down_the_draws(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE), play("Ana", "Ana", RISK))
    assert changed(pita, state, draw("Ana", "risk")) == [
        "Ana's hand: 5 → 6 cards (drew a card for the Risk)",
        "Risk: Ana still has 1 card to draw",
        "Deck: 45 → 44 cards left",
    ]


def test_a_solo_protects_until_the_protected_players_next_turn(pita: Engine) -> None:
    assert changed(pita, table(pita, THREE), play("Ana", "Ben", SOLO)) == [
        "Ben's stack: 0 → 1 card, falls 0 m",
        "Ana's hand: 6 → 5 cards (played Solo)",
        "Solo protects Ben until their next turn",
        "Ana: 1 of 2 actions done",
    ]
    placer = table(pita, THREE, solo_duration="until_players_next_turn")
    assert "Solo protects Ben until Ana's next turn" in changed(pita, placer, play("Ana", "Ben", SOLO))


def test_the_solo_ends_when_the_protected_players_turn_begins(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE), play("Ana", "Ben", SOLO))
    assert changed(pita, state, draw("Ana")) == [
        "Ana's hand: 5 → 6 cards (drew a card)",
        "Ben's Solo protection ends",
        "Deck: 45 → 44 cards left",
        "Turn passes to Ben",
    ]


def test_a_parachute_opens_and_the_turn_passes(pita: Engine) -> None:
    assert changed(pita, table(pita, THREE, hands={"Ana": 0}), opens("Ana")) == [
        "Ana opened their parachute",
        "Turn passes to Ben",
    ]


def test_the_last_one_in_the_air_falls_on_alone(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE, hands={"Ana": 0, "Ben": 0}), opens("Ana"))
    assert changed(pita, state, opens("Ben")) == [
        "Ben opened their parachute",
        "Cy is the last one in the air and falls on alone",
        "Turn passes to Cy",
    ]


def test_a_hand_emptied_by_the_second_action_may_still_open(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE, hands={"Ana": 2}), play("Ana", "Ana", F(100)))
    assert changed(pita, state, play("Ana", "Ana", F(200))) == [
        "Ana's stack: 1 → 2 cards, falls 100 m → 300 m",
        "Ana's hand: 1 → 0 cards (played Fall 200)",
        "Ana's hand is empty: they may still open their parachute before Ben acts",
        "Turn passes to Ben",
    ]


# -- changes: the end of the game -----------------------------------------------------------


def test_the_rip_ends_the_game_crashes_those_in_the_air_and_names_the_winner(pita: Engine) -> None:
    stacks = {"Ana": [F(300), CC], "Ben": [F(200)]}
    state = table(pita, FOUR, hands={"Ana": 0, "Ben": 0}, stacks=stacks, deck_total=None)
    state = legal(pita, state, opens("Ana"), opens("Ben"))
    assert changed(pita, state, rip("Cy")) == [
        "R.I.P. drawn: the game ends; Cy and Dee crash (still in the air)",
        "Ana crashes: odd Click-Clack count",
        "Ben wins with 200 m",
    ]


def test_the_rip_with_one_player_in_the_air_and_no_survivor(pita: Engine) -> None:
    state = table(pita, ["Ana", "Ben"], deck_total=None)
    assert changed(pita, state, rip("Ana")) == [
        "R.I.P. drawn: the game ends; Ana and Ben crash (still in the air)",
        "Nobody survives: no winner",
    ]
    state = legal(pita, table(pita, ["Ana", "Ben"], hands={"Ana": 0}, deck_total=None), opens("Ana"))
    assert changed(pita, state, rip("Ben"))[0] == "R.I.P. drawn: the game ends; Ben crashes (still in the air)"


def test_the_last_parachute_ends_the_game_and_an_odd_harness_crashes(pita: Engine) -> None:
    state = table(pita, THREE, hands={"Ana": 0, "Ben": 0, "Cy": 0}, stacks={"Ana": [F(500)], "Cy": [CC, F(300)]})
    state = legal(pita, state, opens("Ana"), opens("Ben"))
    assert changed(pita, state, opens("Cy")) == [
        "Cy opened their parachute",
        "Every parachute is open: the game ends",
        "Cy crashes: odd Click-Clack count",
        "Ana wins with 500 m",
    ]


def test_the_demo_game_ends_in_words(pita: Engine) -> None:
    lines = _demo_frames(pita)[-1][2]
    assert lines == [
        "Dee opened their parachute",
        "Every parachute is open: the game ends",
        "Ben crashes: odd Click-Clack count",
        "Dee crashes: odd Click-Clack count",
        "Ana wins with 1100 m",
    ]


def test_an_event_after_the_end_changes_nothing(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE, deck_total=None), rip("Ana"))
    assert changed(pita, state, play("Ben", "Ben", F(500))) == []


# -- changes never raise --------------------------------------------------------------------


def test_changes_of_overridden_events_do_not_raise(pita: Engine) -> None:
    state = table(pita, THREE, stacks={"Ben": [F(200)]})
    assert changed(pita, state, play("Zed", "Nobody", F(500))) == [
        "Ana's hand: 6 → 5 cards (played Fall 500)",
        "Ana: 1 of 2 actions done",
    ]
    assert changed(pita, state, play("Ana", "Ben", {"kind": "RIP"})) == [
        "Ben's stack: 1 → 2 cards, falls 200 m",
        "Ana's hand: 6 → 5 cards (played R.I.P.)",
        "R.I.P. played: the game ends; Ana, Ben and Cy crash (still in the air)",
        "Nobody survives: no winner",
    ]
    assert changed(pita, state, Event("zz_unknown", {}, None)) == []
    assert pita.changes({}, {}, Event("card_played", {"card": "nonsense"}, ["odd"])) == []  # type: ignore[arg-type]


def test_a_card_placed_without_a_change_of_numbers_names_the_new_top_card(pita: Engine) -> None:
    state = table(pita, THREE, stacks={"Ben": [F(200)]})
    assert changed(pita, state, play("Ana", "Ben", SOLO))[0] == "Ben's stack: 1 → 2 cards, falls 200 m"
    swapped = json.loads(json.dumps(state))
    swapped["players"]["Ben"]["stack"] = [{"kind": "RISK"}]
    before = json.loads(json.dumps(swapped))
    before["players"]["Ben"]["stack"] = [{"kind": "SOLO"}]
    assert pita.changes(before, swapped, Event("card_drawn", {}, None)) == [
        "Ben's stack: 1 card, falls 0 m, top card Solo → Risk"
    ]


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_changes_are_lines_for_any_shape_valid_event(pita: Engine, data: st.DataObject) -> None:
    players, state = random_table(data, pita)
    for odd in data.draw(st.lists(_any_event(players), min_size=1, max_size=5), label="odd events"):
        folded = pita.apply(state, odd)
        lines = pita.changes(state, folded, odd)
        assert isinstance(lines, list) and all(isinstance(line, str) and line for line in lines)
        state = folded


def test_card_labels() -> None:
    assert [card_label(c) for c in (F(300), CC, SOLO, W("CW"), W("CCW"), {"kind": "WIND"}, RISK, {"kind": "RIP"})] == [
        "Fall 300", "Click-Clack", "Solo", "clockwise Wind", "counter-clockwise Wind", "Wind", "Risk", "R.I.P.",
    ]


# -- position ----------------------------------------------------------------------------------


def test_position_is_the_turn_and_whose_it_is(pita: Engine) -> None:
    state = table(pita, THREE)
    assert pita.position(state) == {"round": None, "turn": 1, "label": "Turn 1 · Ana", "detail": "Action 1 of 2"}
    state = legal(pita, state, draw("Ana"))
    assert pita.position(state) == {"round": None, "turn": 1, "label": "Turn 1 · Ana", "detail": "Action 2 of 2"}
    state = legal(pita, state, draw("Ana"))
    assert pita.position(state) == {"round": None, "turn": 2, "label": "Turn 2 · Ben", "detail": "Action 1 of 2"}


def test_position_says_a_risk_is_owed_before_the_next_action(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE), play("Ana", "Ben", RISK))
    assert pita.position(state)["detail"] == "Risk to resolve"
    state = legal(pita, state, take("Ana", "Ben", 2))
    assert pita.position(state)["detail"] == "Action 2 of 2"


def test_position_at_the_end_is_game_over(pita: Engine) -> None:
    state = legal(pita, table(pita, THREE, deck_total=None), draw("Ana"), draw("Ana"), rip("Ben"))
    assert pita.position(state) == {"round": None, "turn": 2, "label": "Game over"}


def test_the_demo_positions_run_from_turn_1_to_game_over(pita: Engine) -> None:
    labels = [pita.position(state)["label"] for state, _, _ in _demo_frames(pita)]
    assert labels[0] == "Turn 1 · Ana" and labels[-1] == "Game over"
    assert "Turn 17 · Dee" in labels


# -- the board partial ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def board() -> Template:
    env = Environment(loader=FileSystemLoader(str(ROOT / "templates")), autoescape=True, undefined=StrictUndefined,
                      extensions=[FragmentCache])  # the {% memo %} tag, as the app's pages have it
    return env.get_template(BOARD)


def render(board: Template, engine: Engine, state: State) -> str:
    return board.render(state=state, standings=engine.standings(state), players=list(state["seats"]), engine=engine)


def text(html: str) -> str:
    """The visible and spoken words, tags gone and white space squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def test_the_board_escapes_player_names(pita: Engine, board: Template) -> None:
    players = ["<b>Ana</b>", "Ben & Co", 'Cy "the sky"']
    state = legal(pita, pita.setup(players, {}), play("<b>Ana</b>", "<b>Ana</b>", F(300)))
    html = render(board, pita, state)
    assert "&lt;b&gt;Ana&lt;/b&gt;" in html
    assert "<b>Ana</b>" not in html
    assert "Ben &amp; Co" in html and "Cy &#34;the sky&#34;" in html


def test_the_board_shows_each_character(pita: Engine, board: Template) -> None:
    state = table(pita, THREE, stacks={"Ben": [F(200), CC]})
    state = legal(pita, state, play("Ana", "Ana", F(300)), draw("Ana"), play("Ben", "Ben", SOLO))
    words = text(render(board, pita, state))
    assert "Turn 2 Ben to play" in words and "1 of 2 actions done" in words
    assert "44 cards in the deck" in words
    for name in THREE:
        assert f"Seat {THREE.index(name) + 1}: {name}" in words
    assert words.count("In the air") == 3
    assert "Top card Fall 300 m" in words  # Ana
    assert "Top card Solo protection" in words  # Ben
    assert "Top card No card yet" in words  # Cy
    assert "Solo: safe until their next turn" in words
    assert "Click-Clack 1 · odd: harness loose" in words
    assert "Their turn" in words


def test_the_board_draws_the_stack_bottom_to_top_with_the_top_card_marked(pita: Engine, board: Template) -> None:
    state = table(pita, THREE, stacks={"Ana": [F(100), CC, W("CW")]})
    html = render(board, pita, state)
    pile = html[html.index('<ol class="pita-pile"') :]
    pile = pile[: pile.index("</ol>")]
    assert [m for m in re.findall(r'pita-chip--(\w+)', pile) if m != "top"] == ["fall", "clack", "wind"]
    assert "pita-chip--wind pita-chip--top" in pile
    assert "clockwise" in text(pile) and "(top card)" in text(pile)


def test_the_board_shows_a_pending_risk_and_the_late_opening(pita: Engine, board: Template) -> None:
    state = legal(pita, table(pita, THREE), play("Ana", "Ben", RISK))
    assert "Risk follow-up: Ana takes 2 cards from Ben's hand." in text(render(board, pita, state))
    state = legal(pita, table(pita, THREE, hands={"Ana": 2}), play("Ana", "Ana", F(100)), play("Ana", "Ana", F(200)))
    words = text(render(board, pita, state))
    assert "Ana's hand is empty: they may still open their parachute before Ben acts." in words
    assert "In the air · can open safely" in words


def test_the_board_at_the_end_shows_crashes_survivors_and_the_winner(pita: Engine, board: Template) -> None:
    stacks = {"Ana": [F(300), CC], "Ben": [F(200)]}
    state = table(pita, FOUR, hands={"Ana": 0, "Ben": 0}, stacks=stacks, deck_total=None)
    state = legal(pita, state, opens("Ana"), opens("Ben"), rip("Cy"))
    words = text(render(board, pita, state))
    assert "Game over" in words and "Ben wins with 200 m" in words
    assert "Deck size not known" in words
    assert words.count("Crashed · still in the air") == 2
    assert "Crashed · loose harness" in words
    assert "Landed safely" in words
    assert "300 m not counted" in words
    assert "Turn " not in words and "Their turn" not in words


def test_the_board_for_ten_players_uses_every_seat_colour(pita: Engine, board: Template) -> None:
    players = [f"P{i}" for i in range(10)]
    html = render(board, pita, pita.setup(players, {}))
    assert all(f"pita-seat-{i}" in html for i in range(10))
    assert text(html).count("Hand 3 cards") == 10  # each hand of the 7-10 player deal


def test_the_board_uses_only_pita_classes(pita: Engine, board: Template) -> None:
    state = _demo_frames(pita)[20][0]
    classes = {c for attr in re.findall(r'class="([^"]*)"', render(board, pita, state)) for c in attr.split()}
    assert classes and {c for c in classes if not c.startswith("pita-")} == set()


def test_every_step_of_the_demo_renders(pita: Engine, board: Template) -> None:
    game = demo_game()
    for state, event, lines in _demo_frames(pita):
        html = render(board, pita, state)
        words = text(html)
        for seat, name in enumerate(game["players"], start=1):
            assert f"Seat {seat}: {name}" in words
        if state["game_over"]:
            assert "Ana wins with 1100 m" in words
        else:
            assert f"Turn {state['turn_no']} {state['current']} to play" in words
        if event is not None:
            assert isinstance(lines, list) and all(isinstance(line, str) and line for line in lines)
            assert lines, f"step {state['step']} changed nothing in words"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_board_renders_any_step_of_a_random_game(pita: Engine, board: Template, data: st.DataObject) -> None:
    players, options, events = GAME_STRATEGIES[pita.name](data)
    state = pita.setup(players, options)
    cut = data.draw(st.integers(min_value=0, max_value=len(events)), label="render at")
    for event in events[:cut]:
        state = pita.apply(state, event)
    words = text(render(board, pita, state))
    assert all(name in words for name in players)


# -- helpers -----------------------------------------------------------------------------------


def _demo_frames(pita: Engine) -> list[tuple[State, Event | None, list[str]]]:
    """(state, the event that led to it, its change lines) for every step of the demo game."""
    game = demo_game()
    state = pita.setup(game["players"], game["options"])
    frames: list[tuple[State, Event | None, list[str]]] = [(state, None, [])]
    for raw in game["events"]:
        event = Event(raw["type"], raw["data"], raw["actor"])
        following = pita.apply(state, event)
        frames.append((following, event, pita.changes(state, following, event)))
        state = following
    return frames
