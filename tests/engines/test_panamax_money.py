"""Panamax's money at the end of a round and at the end (engines/panamax/money.py):
§6 Pay Cargo Fees, Pay Dividends, Managing Director Awards; §8 End of the Game."""

from __future__ import annotations

from engines.panamax.money import (
    FeePayment,
    best_advisors,
    cargo_fees,
    dividends_owed,
    final_fortune,
    managing_director,
    pay_fees,
    pays_dividends,
)


def test_fees_count_canal_dice_by_their_zone_contract_dice_at_4_and_warehouse_dice_at_5() -> None:  # PX-E3
    assert cargo_fees([], contract_dice=0, warehouse_dice=4) == 20
    assert cargo_fees([(1, 4), (3, 2)], contract_dice=2, warehouse_dice=0) == 4 + 6 + 8


def test_the_company_pays_what_it_can_and_its_manager_the_rest() -> None:  # PX-E4
    assert pay_fees(10, company_money=18, player_money=6) == FeePayment(10, 0, 0, 6)
    assert pay_fees(20, company_money=18, player_money=6) == FeePayment(18, 2, 0, 4)


def test_a_manager_short_of_money_takes_bailouts_of_ten_until_the_fees_are_paid() -> None:  # PX-E4
    assert pay_fees(30, company_money=5, player_money=3) == FeePayment(5, 25, 3, 8)  # $22 short: three tokens
    assert pay_fees(13, company_money=0, player_money=3) == FeePayment(0, 13, 1, 0)  # exactly one


def test_dividends_are_paid_in_full_or_not_at_all() -> None:  # PX-E5
    owed = dividends_owed(per_share=2, shares_held_by_players=3)
    assert owed == 6 and pays_dividends(6, owed) and not pays_dividends(5, owed)


def test_the_award_goes_to_the_highest_stock_that_paid_dividends() -> None:  # PX-E6
    prices, money = {"red": 12, "green": 10, "black": 10}, {"red": 50, "green": 4, "black": 4}
    assert managing_director(prices, money, {"red": False, "green": True, "black": True}, ["black", "green", "red"]) == "black"
    assert managing_director(prices, money, {"red": False, "green": True, "black": True}, ["green", "black", "red"]) == "green"
    assert managing_director(prices, money, {"red": True, "green": True, "black": True}, ["green", "black", "red"]) == "red"
    assert managing_director(prices, money, {"red": False, "green": False, "black": False}, ["green"]) is None


def test_the_fortune_sells_every_share_counts_awards_and_advisors_and_repays_bailouts() -> None:  # §8
    fortune = final_fortune(7, {"red": 3}, {"red": 10, "green": 4}, [3, 7], advisors=best_advisors([5], 2, "best_two_any"),
                            bailouts=2)
    assert fortune == 7 + 30 + 10 + 7 - 30
    assert best_advisors([], None, "best_two_any") == 0 and best_advisors([3, 8, 1], 2, "best_two_any") == 11
