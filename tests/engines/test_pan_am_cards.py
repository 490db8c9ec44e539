"""Pan Am: Directive cards (PA-DIR-1..6, with the rulebook's Prediction and Regional Airport
examples) and what cards do (PA-M1, PA-FR1, PA-UP1..2, PA-C1, effects)."""

from __future__ import annotations

from typing import Any

from engines.base import Engine
from tests.engines.pan_am_helpers import (
    EU,
    airport,
    airport_rights,
    bid,
    claim,
    dealt,
    directive,
    event_effect,
    reveal,
    revealed,
    set_players,
    site,
    to_resolution,
    wasted,
)
from tests.engines.scenario import codes, legal, notes


def money(amount: int, player: str | None = None) -> dict[str, Any]:
    effect: dict[str, Any] = {"kind": "money", "amount": amount}
    if player is not None:
        effect["player"] = player
    return effect


PEEK = {"kind": "peek"}


def regional(cost: int = 2, city: str = "Shanghai") -> list[dict[str, Any]]:
    return [{"kind": "place_airport", "city": city, "cost": cost}]


# -- PA-DIR-1, PA-DIR-2, PA-DIR-5: Prediction ----------------------------------------------------


def test_prediction_earns_three_dollars_in_the_stock_price_step(pa: Engine) -> None:
    state = revealed(pa)
    after = legal(pa, state, directive("Ann", "EVENT", "STOCK_PRICE", [money(3), PEEK], name="Prediction"))
    assert (after["players"]["Ann"]["money"], after["players"]["Ann"]["directives"]) == (15, 0)
    assert codes(pa, state, directive("Ann", "EVENT", "STOCK_PRICE", [money(2), PEEK], name="Prediction")) == ["PA-DIR-5"]
    assert codes(pa, state, directive("Ann", "EVENT", "REVEAL", [money(3)], name="Prediction")) == ["PA-DIR-5", "PA-DIR-2"]


def test_a_directive_needs_a_card_in_hand(pa: Engine) -> None:
    state = set_players(revealed(pa), Ann={"directives": 0})
    assert codes(pa, state, directive("Ann", "EVENT", "STOCK_PRICE", [money(3)])) == ["PA-DIR-1"]


def test_a_directive_is_played_in_its_printed_step(pa: Engine) -> None:
    state = revealed(pa)
    assert codes(pa, state, directive("Bob", "PAN_AM", "INCOME", [money(1)])) == ["PA-DIR-2"]
    assert codes(pa, state, directive("Bob", "EVENT", "STOCK_PRICE", [money(1)])) == []
    assert codes(pa, state, directive("Bob", "RESOLUTION", "STOCK", [])) == ["PA-DIR-2"]


# -- PA-DIR-3, PA-DIR-4, PA-DIR-6: Regional Airport (Aaron = Ann) ---------------------------------------


def aaron(pa: Engine) -> Any:
    """Ann bid at A1, Bob and Ann each have an Engineer on D (in that order); A1 is due."""
    return to_resolution(pa, revealed(pa), bid("A", "1", 1, "Ann"), site("D", "Bob"), site("D", "Ann"))


def test_regional_airport_places_an_airport_for_two_dollars_then_the_route_uses_it(pa: Engine) -> None:
    state = legal(pa, aaron(pa), airport("Lisbon", "Ann"), wasted("Bob"))
    card = directive("Ann", "RESOLUTION", "D", regional(), name="Regional Airport", area="D")
    state = legal(pa, state, card)
    ann = state["players"]["Ann"]
    assert (ann["money"], ann["airports"], ann["income"]) == (11 - 2, ["Lisbon", "Shanghai"], 2)
    rights = {"Shanghai": airport_rights("Shanghai"), "Hong Kong": {"method": "discard_same_region", "cards": ["Tokyo"]}}
    state = legal(pa, state, claim("Shanghai", "Hong Kong", "TRIMOTOR", rights, "Ann"))
    assert state["routes"]["Hong Kong|Shanghai"]["owner"] == "Ann" and state["players"]["Ann"]["income"] == 3


def test_regional_airport_costs_two_and_is_played_at_d(pa: Engine) -> None:
    state = legal(pa, aaron(pa), airport("Lisbon", "Ann"), wasted("Bob"))
    assert codes(pa, state, directive("Ann", "RESOLUTION", "D", regional(3), name="Regional Airport", area="D")) == ["PA-DIR-6"]
    assert codes(pa, state, directive("Ann", "RESOLUTION", "A", regional(), name="Regional Airport", area="A")) == ["PA-DIR-6", "PA-DIR-4"]


def test_a_resolution_card_needs_an_engineer_in_its_area(pa: Engine) -> None:
    state = to_resolution(pa, revealed(pa), bid("A", "1", 1, "Ann"), site("D", "Bob"))
    assert codes(pa, state, directive("Ann", "RESOLUTION", "D", regional(), name="Regional Airport", area="D")) == ["PA-DIR-3"]


def test_a_resolution_card_is_played_directly_before_or_after_its_engineer(pa: Engine) -> None:
    state = aaron(pa)
    card = directive("Ann", "RESOLUTION", "D", regional(), name="Regional Airport", area="D")
    assert codes(pa, state, card) == ["PA-DIR-4"]  # A1 is due, not Ann's D Engineer
    state = legal(pa, state, airport("Lisbon", "Ann"), wasted("Bob"))
    assert codes(pa, state, card) == []  # directly before
    after = legal(pa, state, wasted("Ann"))
    assert after["phase"] == "EXPANSION"
    assert codes(pa, after, card) == []  # directly after (nothing rolled yet)


def test_a_resolution_card_that_names_no_area_is_played_while_its_step_resolves(pa: Engine) -> None:
    """*Some* Directive cards are played while resolving an Engineer: one that names no area
    needs no Engineer, only its step (Bob has no Engineer on A)."""
    state = aaron(pa)  # Ann's A1 Engineer is due
    assert codes(pa, state, directive("Bob", "RESOLUTION", "A", [money(1)])) == []
    assert codes(pa, state, directive("Bob", "RESOLUTION", "D", [money(1)])) == ["PA-DIR-2"]
    state = legal(pa, state, airport("Lisbon", "Ann"))  # now between A (just resolved) and D (due)
    assert codes(pa, state, directive("Bob", "RESOLUTION", "A", [money(1)])) == []
    assert codes(pa, state, directive("Bob", "RESOLUTION", "D", [money(1)])) == []
    assert codes(pa, state, directive("Bob", "RESOLUTION", "C", [money(1)])) == ["PA-DIR-2"]


# -- what cards do: PA-M1, PA-FR1, PA-UP1..2, PA-C1 --------------------------------------------------------


def test_money_and_stock_never_go_below_zero(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    effect = event_effect(money(-20, "Ann"), {"kind": "stock", "player": "Bob", "amount": -1})
    assert notes(pa, state, effect) == [("PA-M1", "warning"), ("PA-M1", "warning")]
    after = legal(pa, state, effect)
    assert (after["players"]["Ann"]["money"], after["players"]["Bob"]["stock"]) == (0, 0)


def test_an_event_effect_names_its_player(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    assert codes(pa, state, event_effect(money(2))) == ["event/unknown-player"]
    assert codes(pa, state, event_effect(money(2, "Zed"))) == ["event/unknown-player"]


def test_a_free_route_needs_no_rights_but_a_plane_in_range(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    free = {"kind": "free_route", "player": "Ann", "cities": ["New York", "Paris"], "plane": "CLIPPER"}
    assert codes(pa, state, event_effect(free)) == ["PA-FR1"]
    assert codes(pa, state, event_effect({**free, "plane": "JET"})) == ["PA-FR1"]
    near = {**free, "cities": ["Lisbon", "Horta"], "plane": "TRIMOTOR"}
    after = legal(pa, state, event_effect(near))
    assert after["routes"]["Horta|Lisbon"]["owner"] == "Ann" and after["players"]["Ann"]["income"] == 1
    assert codes(pa, after, event_effect(near)) == ["PA-D2"]


def test_an_upgrade_is_one_range_higher_from_the_fleet_to_an_open_track(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    up = {"kind": "upgrade_plane", "player": "Ann", "plane": "TRIMOTOR"}
    assert codes(pa, state, event_effect({**up, "plane": "JET"})) == ["PA-UP1"]
    assert codes(pa, state, event_effect({**up, "plane": "CLIPPER"})) == ["PA-UP2"]  # Cruiser tile
    after = legal(pa, state, event_effect(up))
    ann = after["players"]["Ann"]
    assert (ann["fleet"]["TRIMOTOR"], ann["fleet"]["CLIPPER"], ann["hangar"]["TRIMOTOR"], ann["hangar"]["CLIPPER"]) == (1, 2, 4, 2)


def test_a_plane_gained_from_an_empty_hangar_is_nothing(pa: Engine) -> None:
    state = set_players(legal(pa, dealt(pa), reveal()), Ann={"hangar": {"TRIMOTOR": 0, "CLIPPER": 3, "CRUISER": 3, "JET": 1}})
    effect = event_effect({"kind": "gain_plane", "player": "Ann", "plane": "TRIMOTOR"})
    assert notes(pa, state, effect) == [("PA-C1", "warning")]
    assert legal(pa, state, effect)["players"]["Ann"]["fleet"]["TRIMOTOR"] == 2


def test_cards_gained_and_discarded_and_extra_rolls(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal(die_rolls=1))
    effect = event_effect(
        {"kind": "gain_destination", "player": "Ann", "card": {"city": "Lisbon", "region": EU}},
        {"kind": "discard_destination", "player": "Ann", "city": "Rome"},
        {"kind": "die_rolls", "amount": 1},
        {"kind": "draw_directive", "player": "Bob", "count": 2},
    )
    after = legal(pa, state, effect)
    assert [c["city"] for c in after["players"]["Ann"]["destinations"]] == ["Tokyo", "Lisbon"]
    assert after["expansion"]["rolls_expected"] == 2 and after["players"]["Bob"]["directives"] == 3
    assert codes(pa, state, event_effect({"kind": "discard_destination", "player": "Ann", "city": "Paris"})) == ["PA-LR-5"]


# -- added by the audit: each check has a failing test -------------------------------------------


def test_a_resolution_card_waits_for_the_resolution_phase(pa: Engine) -> None:
    state = revealed(pa)
    found = pa.check(state, directive("Ann", "RESOLUTION", "D", regional(), name="Regional Airport", area="D"))
    assert [v.code for v in found] == ["PA-DIR-2"]
    assert found[0].message == "This card is played in the Resolution phase (D); now is the Event phase (Stock Price step)"


def test_a_card_airport_is_paid_from_money(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    effect = event_effect({"kind": "place_airport", "player": "Ann", "city": "Havana", "cost": 20})
    assert notes(pa, state, effect) == [("PA-M1", "error")], "Ann has $12: the card cannot be paid"
    after = pa.apply(state, effect)  # the table overrode it: she pays what she has
    assert (after["players"]["Ann"]["money"], after["players"]["Ann"]["airports"], after["players"]["Ann"]["income"]) == (0, ["Havana"], 1)
    paid = legal(pa, state, event_effect({"kind": "place_airport", "player": "Ann", "city": "Havana", "cost": 12}))
    assert (paid["players"]["Ann"]["money"], paid["players"]["Ann"]["airports"]) == (0, ["Havana"])


def test_a_jet_cannot_be_upgraded_and_an_upgrade_needs_the_plane_in_the_hangar(pa: Engine) -> None:
    state = legal(pa, dealt(pa), reveal())
    jet = set_players(state, Ann={"fleet": {"TRIMOTOR": 2, "CLIPPER": 1, "CRUISER": 0, "JET": 1}})
    found = pa.check(jet, event_effect({"kind": "upgrade_plane", "player": "Ann", "plane": "JET"}))
    assert [(v.code, v.message) for v in found] == [("PA-UP1", "A Jet has the longest range: there is nothing to upgrade it to")]
    empty = set_players(state, Ann={"hangar": {"TRIMOTOR": 3, "CLIPPER": 0, "CRUISER": 3, "JET": 1}})
    found = pa.check(empty, event_effect({"kind": "upgrade_plane", "player": "Ann", "plane": "TRIMOTOR"}))
    assert [(v.code, v.message) for v in found] == [("PA-UP2", "Ann has no Clipper left in the hangar")]


def test_a_card_cannot_take_back_rolls_already_made(pa: Engine) -> None:
    from tests.engines.pan_am_helpers import roll, set_aside_all

    state = legal(pa, set_aside_all(pa, legal(pa, dealt(pa), reveal(die_rolls=2))), roll("EU"))
    assert codes(pa, state, event_effect({"kind": "die_rolls", "amount": -2})) == ["PA-P1"]
    assert codes(pa, state, event_effect({"kind": "die_rolls", "amount": -1})) == []


def test_an_engineer_phase_card_may_open_the_engineer_phase(pa: Engine) -> None:
    """Audit fix: the Stock Price step lasts until the first Engineer-phase event, so a card
    printed for the Assignment step may be played before anyone places (it closes the step)."""
    state = revealed(pa)
    card = directive("Bob", "ENGINEER", "ASSIGNMENT", [money(1)])
    assert codes(pa, state, card) == []
    after = legal(pa, state, card)
    assert (after["phase"], after["turn"], after["players"]["Bob"]["money"]) == ("ASSIGNMENT", "Ann", 13)
    # Round 1 has no Priority Access step (PA-E2): such a card has no step to be played in.
    found = pa.check(state, directive("Bob", "ENGINEER", "PRIORITY_ACCESS", [money(1)]))
    assert [(v.code, v.message) for v in found] == [
        ("PA-DIR-2", "This Directive card is played in the Engineer phase, Priority Access step; now is the Engineer phase (Assignment step)")]
    assert codes(pa, state, directive("Bob", "PAN_AM", "INCOME", [money(1)])) == ["PA-DIR-2"]


def test_a_priority_access_card_before_the_first_priority_engineer(pa: Engine) -> None:
    from tests.engines.test_pan_am_engineers import round_two_with_priority

    state = round_two_with_priority(pa)
    assert state["phase"] == "STOCK_PRICE"
    after = legal(pa, state, directive("Bob", "ENGINEER", "PRIORITY_ACCESS", [money(1)]))
    assert (after["phase"], after["turn"]) == ("PRIORITY", "Ann")
    assert codes(pa, after, directive("Ann", "ENGINEER", "ASSIGNMENT", [money(1)])) == ["PA-DIR-2"]


def test_directly_after_the_last_engineer_even_with_no_pan_am_roll(pa: Engine) -> None:
    """Audit fix: with no roll on the Event card the table goes straight to the Income step; a card
    played directly after the last (D) Engineer is still in time; after a roll it is not."""
    card = directive("Ann", "RESOLUTION", "D", regional(), name="Regional Airport", area="D")
    state = to_resolution(pa, revealed(pa, die_rolls=0), site("D", "Ann"))
    after = legal(pa, state, wasted("Ann"))
    assert after["phase"] == "INCOME"
    assert codes(pa, after, card) == []
    state = to_resolution(pa, revealed(pa, die_rolls=1), site("D", "Ann"))
    from tests.engines.pan_am_helpers import roll

    rolled = legal(pa, state, wasted("Ann"), roll("PAN_AM"))
    assert rolled["phase"] == "INCOME"
    assert [(v.code, v.message) for v in pa.check(rolled, card)] == [
        ("PA-DIR-2", "This card is played in the Resolution phase (D); now is the Pan Am phase (Income step)")]


def test_pa_p1_a_card_cannot_take_the_rolls_below_zero(pa: Engine) -> None:
    """Issue 21, finding 15: with no roll made yet, a card taking 3 rolls from an Event card that
    shows 1 leaves -2 rolls; the message says so (not "rolls already made")."""
    state = legal(pa, dealt(pa), reveal(die_rolls=1))
    found = pa.check(state, event_effect({"kind": "die_rolls", "amount": -3}))
    assert [(v.code, v.message) for v in found] == [
        ("PA-P1", "The die cannot be rolled fewer than 0 times: this round's 1 roll and -3 leave -2")]
    assert codes(pa, state, event_effect({"kind": "die_rolls", "amount": -1})) == []


def test_pa_p1_a_card_cannot_take_back_a_roll_made(pa: Engine) -> None:
    """With one of two rolls made, -2 would leave none: the roll made stays made."""
    from tests.engines.pan_am_helpers import roll, set_aside_all

    state = legal(pa, set_aside_all(pa, legal(pa, dealt(pa), reveal(die_rolls=2))), roll("EU"))
    found = pa.check(state, event_effect({"kind": "die_rolls", "amount": -2}))
    assert [(v.code, v.message) for v in found] == [
        ("PA-P1", "The die was already rolled 1 time this round: this round's 2 rolls and -2 leave 0, fewer than the rolls made")]
