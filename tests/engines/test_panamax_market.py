"""Panamax's market and rail order (engines/panamax/market.py): §4's bids, §5 "Market
actions", §6 "Rail table"."""

from __future__ import annotations

from engines.panamax.market import after_bid, bid_problems, buy_problems, rail_order, raise_problems


def codes(problems: list) -> list[str]:
    return [problem.code for problem in problems]


def test_a_blind_bid_is_12_to_24_in_steps_of_3_and_sets_money_and_price() -> None:  # PX-S2, §4's example
    assert [bid_problems("Ana", bid) for bid in (12, 15, 18, 21, 24)] == [[]] * 5
    assert codes(bid_problems("Ana", 13)) == ["PX-S2"] and codes(bid_problems("Ana", 27)) == ["PX-S2"]
    assert after_bid(15) == (15, 9, 5)  # "he will have $9 remaining ... $5 per share"
    assert after_bid(12)[2] == 4 and after_bid(24) == (24, 0, 8)


def test_a_share_is_bought_from_the_company_at_its_price_with_the_player_s_money() -> None:  # PX-K2, PX-K3
    assert buy_problems("Ana", 6, "red", treasury=4, price=6) == []
    assert codes(buy_problems("Ana", 5, "red", treasury=4, price=6)) == ["PX-K3"]
    assert codes(buy_problems("Ana", 9, "green", treasury=0, price=6)) == ["PX-K2"]


def test_only_one_s_own_stock_may_be_raised() -> None:  # PX-K4
    assert raise_problems("Ana", "red", "red") == []
    assert codes(raise_problems("Ana", "red", "green")) == ["PX-K4"]


def test_the_new_order_follows_the_sums_in_the_second_wagon() -> None:  # PX-E2
    wagon = [{"company": "green", "value": 5}, {"company": "red", "value": 3}, {"company": "red", "value": 3},
             {"company": "black", "value": 1}]
    assert rail_order(wagon, ["black", "green", "red", "yellow"]) == ["red", "green", "black", "yellow"]


def test_a_tie_goes_to_the_leftmost_die_and_companies_without_dice_keep_their_order() -> None:  # PX-E2, PX-AMB-3
    tied = [{"company": "black", "value": 4}, {"company": "green", "value": 4}]
    assert rail_order(tied, ["green", "yellow", "red", "black"]) == ["black", "green", "yellow", "red"]
    assert rail_order([], ["green", "yellow"]) == ["green", "yellow"]
