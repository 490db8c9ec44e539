"""Panamax's Action table (engines/panamax/action_table.py): rule scenarios for the
set-up's placement (§3 steps 2-3, §9), taking a die and transferring one (§5)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engines.panamax.action_table import (
    allowance,
    cascade,
    executive_available,
    is_empty,
    layout_from_rolls,
    roll_problems,
    side_counts,
    take,
    take_problems,
    transfer,
    transfer_cost,
    transfer_problems,
)

SPREAD = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]


def codes(problems: list) -> list[str]:
    return [problem.code for problem in problems]


def test_a_fourth_die_of_a_value_cascades_left_into_the_next_column_with_room() -> None:
    # Four 5s: three in column 5, the fourth becomes a 4.
    assert cascade([5, 5, 5, 5, 6, 6], 3) == [0, 0, 0, 1, 3, 2]
    # Column 4 full too: the extra 5 skips it and lands in column 3.
    assert cascade([5, 5, 5, 5, 4, 4, 4], 3) == [0, 0, 1, 3, 3, 0]


def test_extra_dice_at_one_reverse_the_cascade_to_the_right() -> None:
    assert cascade([1, 1, 1, 1, 1, 2], 3) == [3, 3, 0, 0, 0, 0]
    assert cascade([1, 1, 1, 1, 2, 2, 2], 3) == [3, 3, 1, 0, 0, 0]


def test_executive_dice_cascade_the_same_way_one_to_a_space() -> None:
    layout = layout_from_rolls(SPREAD, [6, 6, 1, 1])
    assert layout == {"columns": [2] * 6, "executive": [1, 2, 5, 6]}


@given(st.lists(st.integers(1, 6), min_size=12, max_size=12), st.lists(st.integers(1, 6), min_size=4, max_size=4))
def test_every_roll_places_every_die_within_the_rows(action: list[int], executive: list[int]) -> None:
    layout = layout_from_rolls(action, executive)
    assert sum(layout["columns"]) == 12 and max(layout["columns"]) <= 3 and len(set(layout["executive"])) == 4
    # A real roll laid out by the rules is never refused for its places, only re-rolled.
    assert set(codes(roll_problems(4, action, executive, layout))) <= {"PX-S4"}


def test_the_recorded_layout_must_be_what_the_rolls_give() -> None:
    wrong = {"columns": [3, 1, 2, 2, 2, 2], "executive": [1, 2, 4, 6]}
    assert codes(roll_problems(4, SPREAD, [1, 2, 4, 6], wrong)) == ["PX-S5"]
    assert roll_problems(4, SPREAD, [1, 2, 4, 6], layout_from_rolls(SPREAD, [1, 2, 4, 6])) == []
    assert roll_problems(4, None, None, {"columns": [2] * 6, "executive": [1, 2, 4, 6]}) == []  # no rolls: places only


def test_the_number_of_dice_depends_on_the_players() -> None:
    assert codes(roll_problems(4, SPREAD[:11], [1, 2, 4, 6], layout_from_rolls(SPREAD[:11], [1, 2, 4, 6]))) == [
        "PX-S3", "PX-S3"]  # eleven rolls, and so eleven dice on the table
    three = [1, 2, 3, 4, 5, 6, 1, 5, 6]
    assert roll_problems(3, three, [2, 4, 5], layout_from_rolls(three, [2, 4, 5])) == []
    two = [1, 2, 3, 4, 5, 6, 1, 2, 5, 6]
    assert roll_problems(2, two, [3, 4], layout_from_rolls(two, [3, 4])) == []
    assert codes(roll_problems(2, two, [3, 4, 5], layout_from_rolls(two, [3, 4, 5]))) == ["PX-S3", "PX-S3"]


def test_four_or_fewer_dice_on_a_side_in_a_four_player_game_means_a_mulligan() -> None:
    low = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 5, 6]
    layout = layout_from_rolls(low, [1, 2, 3, 4])
    assert side_counts(layout) == (12, 4)
    problems = roll_problems(4, low, [1, 2, 3, 4], layout)
    assert codes(problems) == ["PX-S4"] and "12 dice on the blue side and 4 on the grey" in problems[0].message
    five_grey = layout_from_rolls(low, [1, 2, 4, 5])
    assert side_counts(five_grey) == (11, 5) and roll_problems(4, low, [1, 2, 4, 5], five_grey) == []


def test_with_three_players_the_mulligan_is_three_or_fewer() -> None:
    rolls = [1, 1, 2, 2, 3, 3, 4, 5, 6]
    three_grey = layout_from_rolls(rolls, [1, 2, 3])
    assert side_counts(three_grey) == (9, 3) and codes(roll_problems(3, rolls, [1, 2, 3], three_grey)) == ["PX-S4"]
    four_grey = layout_from_rolls(rolls, [1, 2, 4])
    assert side_counts(four_grey) == (8, 4) and roll_problems(3, rolls, [1, 2, 4], four_grey) == []


def test_taking_a_die_exposes_the_row_below_it() -> None:
    layout = {"columns": [3, 1, 0, 2, 0, 0], "executive": [3, 5]}
    after, row = take(layout, {"column": 1})
    assert row == 1 and after["columns"] == [2, 1, 0, 2, 0, 0]
    assert take(layout, {"column": 2})[1] == 3  # the last die of a column exposes row 3
    assert codes(take_problems(layout, {"column": 3})) == ["PX-T3"]


def test_an_executive_die_waits_until_its_column_is_empty() -> None:
    layout = {"columns": [0, 0, 0, 0, 1, 0], "executive": [3, 5]}
    assert executive_available(layout, 3) and take_problems(layout, {"executive": 3}) == []
    problems = take_problems(layout, {"executive": 5})
    assert codes(problems) == ["PX-T4"] and "column 5" in problems[0].message
    assert codes(take_problems(layout, {"executive": 4})) == ["PX-T4"]  # no die in that space
    assert take(layout, {"executive": 3}) == ({"columns": [0, 0, 0, 0, 1, 0], "executive": [5]}, 3)


def test_a_die_allows_moves_or_loads_by_its_side_and_row() -> None:
    assert allowance({"column": 1}, 1) == {"waterway": 1, "lock": 1}
    assert allowance({"column": 3}, 2, column_locks={3: 2}) == {"waterway": 2, "lock": 2}  # the board's base number
    assert allowance({"executive": 2}, 2) == {"waterway": 3, "lock": 2}
    assert allowance({"column": 6}, 2) == {"loads": 2}
    assert allowance({"executive": 4}, 4) == {"loads": 3}


def test_a_transfer_crosses_to_the_other_side_for_the_company_s_money() -> None:
    layout = {"columns": [2, 0, 0, 3, 1, 0], "executive": [2]}
    assert codes(transfer_problems(layout, {"column": 1}, 2, 20, 5)) == ["PX-T7"]  # same side
    assert codes(transfer_problems(layout, {"column": 1}, 4, 20, 5)) == ["PX-T7"]  # column 4 is full
    assert codes(transfer_problems(layout, {"column": 1}, 5, 4, 5)) == ["PX-T7"]  # the company has $4
    assert transfer_problems(layout, {"column": 1}, 5, 5, 5) == []
    assert codes(transfer_problems(layout, {"executive": 2}, 6, 5, 5)) == []
    assert codes(transfer_problems(layout, {"column": 2}, 5, 5, 5)) == ["PX-T7"]  # nothing to move
    moved = transfer(layout, {"column": 1}, 5)
    assert moved == {"columns": [1, 0, 0, 3, 2, 0], "executive": [2]}
    assert take(moved, {"column": 5})[1] == 2  # the moved die is the one taken, at row 2


def test_a_transfer_costs_five_two_with_the_passenger_benefit_nothing_with_the_first_flag_column() -> None:
    assert (transfer_cost(False, False), transfer_cost(True, False), transfer_cost(True, True)) == (5, 2, 0)


def test_the_round_ends_when_the_table_is_empty() -> None:
    assert is_empty({"columns": [0] * 6, "executive": []})
    assert not is_empty({"columns": [0] * 6, "executive": [4]})
