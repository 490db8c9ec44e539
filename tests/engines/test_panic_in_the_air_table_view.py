"""Panic in the Air as the table sees it during play: the ``table_view`` and ``table_changes`` hooks.

[RB] "They will not be able to look into their own falling deck or the one of another
player's during the game."  "It is forbidden to count cards remaining in the card deck."
The pages show each game in progress this way (docs/WEB.md, "Hidden information").
"""

from __future__ import annotations

import json
import re
from typing import Any

from engines.base import Engine, Event, State
from engines.panic_in_the_air.demo import demo_game
from tests.engines.test_panic_in_the_air import CC, FOUR, SOLO, F, W, draw, legal, opens, play, rip, table


def seen(engine: Engine, state: State) -> tuple[State, dict[str, Any]]:
    view, standings = engine.table_view(state, engine.standings(state))
    return view, standings


def table_lines(engine: Engine, state: State, event: Event) -> list[str]:
    lines: list[str] = engine.table_changes(state, engine.apply(state, event), event)
    return lines


def in_air(hand: int, top: dict[str, Any] | None) -> dict[str, Any]:
    return {"status": "in_air", "hand_count": hand, "protected_until": None, "crash_reason": None,
            "top_card": top, "face_down": False}


def test_after_two_turns_the_table_sees_top_cards_and_hands_and_no_deck_count(pita: Engine) -> None:
    state = legal(pita, table(pita), play("Ana", "Ana", F(300)), play("Ana", "Ana", CC),
                  draw("Ben"), play("Ben", "Cy", F(200)))
    view, standings = seen(pita, state)
    assert view["players"] == {"Ana": in_air(4, CC), "Ben": in_air(6, None), "Cy": in_air(6, F(200))}
    assert (view["deck_remaining"], view["draws"], view["bottom_draws"], view["fives_played"]) == (None,) * 4
    assert (view["table_view"], view["current"], view["turn_no"], view["actions_done"]) == (True, "Cy", 3, 0)
    assert standings == {"final": False, "winners": [], "players": [
        {"player": name, "total": None, "breakdown": {"hand_count": hand}, "status": "in_air", "rank": None}
        for name, hand in (("Ana", 4), ("Ben", 6), ("Cy", 6))]}
    assert state["deck_remaining"] == 44 and state["players"]["Ana"]["stack"] == [F(300), CC]  # untouched


def test_an_opened_parachute_turns_the_stack_face_down(pita: Engine) -> None:
    state = legal(pita, table(pita, hands={"Ana": 0}, stacks={"Ana": [F(500), SOLO]}), opens("Ana"))
    view, standings = seen(pita, state)
    assert view["players"]["Ana"] == {"status": "parachute_open", "hand_count": 0, "protected_until": None,
                                      "crash_reason": None, "top_card": None, "face_down": True}
    assert standings["players"][0] == {"player": "Ana", "total": None, "breakdown": {"hand_count": 0},
                                       "status": "parachute_open", "rank": None}


def test_the_view_holds_no_stack_and_no_count_of_one(pita: Engine) -> None:
    state = legal(pita, table(pita, stacks={"Ben": [F(200), F(100), CC]}), draw("Ana"))
    text = json.dumps(seen(pita, state))
    for hidden in ('"stack"', "distance", "click_clack", "stack_height", "safe_if_opened_now", "secured"):
        assert hidden not in text, hidden


def test_a_card_played_on_a_stack_shows_its_new_top_card_and_no_distance(pita: Engine) -> None:
    state = table(pita, stacks={"Ben": [F(200)]})
    assert table_lines(pita, state, play("Ana", "Ben", F(300))) == [
        "Ben's stack: Fall 300 on top", "Ana's hand: 6 → 5 cards (played Fall 300)", "Ana: 1 of 2 actions done"]


def test_a_draw_says_nothing_of_the_deck(pita: Engine) -> None:
    state = table(pita)
    assert table_lines(pita, state, draw("Ana")) == ["Ana's hand: 6 → 7 cards (drew a card)",
                                                      "Ana: 1 of 2 actions done"]
    assert "Deck: 45 → 44 cards left" in pita.changes(state, pita.apply(state, draw("Ana")), draw("Ana"))


def test_a_wind_names_the_top_cards_that_moved_and_no_stack_sizes(pita: Engine) -> None:
    state = table(pita, FOUR, stacks={"Ana": [F(300)], "Ben": [CC], "Cy": [F(200)]})
    assert table_lines(pita, state, play("Ana", "Ben", W("CW"))) == [
        "Wind (clockwise): Ana's top card (Fall 300) moved to Ben; Ben's top card (the Wind just played) "
        "moved to Cy; Cy's top card (Fall 200) moved to Dee",
        "Ana's hand: 6 → 5 cards (played clockwise Wind)",
        "Ana: 1 of 2 actions done",
    ]


def test_once_the_game_is_over_the_view_is_the_whole_truth(pita: Engine) -> None:
    state = legal(pita, table(pita, stacks={"Ana": [F(300)]}, deck_total=None), rip("Ana"))
    standings = pita.standings(state)
    view, rows = pita.table_view(state, standings)
    assert view is state and rows == standings
    assert pita.table_changes(table(pita), state, rip("Ana"))[-1] == "Nobody survives: no winner"


def test_no_step_of_the_demo_game_shows_the_table_a_distance_or_the_deck(pita: Engine) -> None:
    game = demo_game()
    state = pita.setup(game["players"], game.get("options", {}))
    for raw in game["events"]:
        event = Event(raw["type"], raw.get("data", {}), raw.get("actor"))
        after = pita.apply(state, event)
        if not after["game_over"]:
            text = json.dumps(seen(pita, after))
            assert '"stack"' not in text and "distance" not in text
            for line in table_lines(pita, state, event):
                assert not re.search(r"\d m\b|Deck|Click-Clacks|cards?,", line), line
        state = after
    assert state["game_over"]
