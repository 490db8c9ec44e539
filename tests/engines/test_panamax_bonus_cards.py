"""Captain and Stevedore cards through the engine (engines/panamax/bonus_cards.py).

What a card does is in the leaflet, not the rulebook: the effects here are declared by
the tests, never presented as the game's."""

from __future__ import annotations

from engines.base import Event, State
from tests.engines.scenario import codes, legal
from tests.engines.test_panamax_free_actions import ENGINE, playing
from tests.engines.test_panamax_loading import load, placed, taken
from tests.engines.test_panamax_turns import END, take

EXIT = Event("ship_moved", {"ships": ["red-1"], "kind": "lock", "to": "OCEAN", "bonus": {"red-1": "card"}})


def play(deck: str, card: int, **effects: int) -> Event:
    return Event("bonus_card_played", {"deck": deck, "card": card, **({"effects": effects} if effects else {})})


def captain_earned() -> State:
    """Ana's 1-slot ship left the canal in her first turn; she took Captain card 1."""
    state = playing()
    state["ships"]["red-1"]["zone"] = "Gatun Lake"  # as if it had sailed to the canal's Atlantic end
    return legal(ENGINE, state, take({"column": 1}, "movement"), EXIT)


def test_a_card_is_played_in_a_later_turn_than_it_was_earned() -> None:  # PX-BC1
    state = captain_earned()
    assert state["players"]["Ana"]["captain"] == [{"card": 1, "round": 1, "turn": 0}]
    assert "bonus_card_played" in ENGINE.expected(state)["event_types"]
    assert codes(ENGINE, state, play("captain", 1, waterways=2)) == ["PX-BC1"]  # earned this turn
    assert codes(ENGINE, state, play("stevedore", 1, loads=1)) == ["PX-BC1"]  # not held
    state = legal(ENGINE, state, Event("movement_impossible", {"reason": "nothing ready"}), END,
                  take({"column": 2}, "pass"), END)
    assert codes(ENGINE, state, play("captain", 1)) == ["PX-BC2"]  # its effect must be declared
    state = legal(ENGINE, state, play("captain", 1, waterways=2), take({"column": 1}, "movement"))
    assert state["turn"]["allowance"] == {"waterway": 2 + 3, "lock": 1}  # the card's 2, column 1's last die
    assert state["players"]["Ana"]["captain"] == [] and state["declared"]["bonus_card:captain:1"]["value"] == {
        "locks": 0, "waterways": 2, "any_moves": 0, "loads": 0}


def test_a_stevedore_card_lifts_the_one_die_a_ship_limit() -> None:  # PX-BC2, PX-C8
    state = legal(ENGINE, playing(), take({"column": 6}, "contract_load"), taken(),
                  placed("ship_built", "red-3", "LOADING EU"))
    state["players"]["Ana"]["stevedore"] = [{"card": 2, "round": 0, "turn": 0}]
    state = legal(ENGINE, state, load(0, 1, "red-3"))
    assert codes(ENGINE, state, load(0, 2, "red-3")) == ["PX-C8"]
    state = legal(ENGINE, state, play("stevedore", 2, loads=1), load(0, 2, "red-3"))
    assert [die["value"] for die in state["ships"]["red-3"]["dice"]] == [5, 6]
    state = legal(ENGINE, state, load(0, 0, "red-3", free_action="none"))  # the row's 2 loads and the card's 1
    assert [die["value"] for die in state["ships"]["red-3"]["dice"]] == [5, 6, 1]
