"""The end of a round's money, and the final count (§6 "Pay Cargo Fees", "Pay
Dividends", "Managing Director Awards"; §8 "End of the Game").  Pure functions over
the figures they need, so each rule reads as the rulebook states it.

The Market table's dividend per share is not in the rulebook: it is declared with
each ``dividends`` event (the note's G3), and passed in here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

CONTRACT_DIE_FEE = 4  # "for each die on an incomplete Contract card ... $4 per die"
WAREHOUSE_DIE_FEE = 5  # "for each die a Company leaves in the Warehouse - $5 per die"
BAILOUT = 10  # "The player receives $10 from the Bank"
BAILOUT_REPAID = 15  # "The player will owe the Bank $15 at the end of the game for each Bailout"
FAILED_DIVIDEND_DROP = 2  # "the value of the Company Stock drops $2"


def cargo_fees(canal_dice: Sequence[tuple[int, int]], contract_dice: int, warehouse_dice: int) -> int:
    """PX-E3: each die in the canal or a Loading zone at its zone's rate, $4 a die on an
    incomplete contract, $5 a die left in the Warehouse.  ``canal_dice``: (dice, rate)
    per zone.

    >>> cargo_fees([(2, 3), (1, 1)], contract_dice=1, warehouse_dice=2)
    21
    """
    return sum(dice * rate for dice, rate in canal_dice) + CONTRACT_DIE_FEE * contract_dice + WAREHOUSE_DIE_FEE * warehouse_dice


@dataclass(frozen=True)
class FeePayment:
    """Who paid a company's fees: its own money first, then its manager, then Bailouts."""

    company_paid: int
    player_paid: int
    bailouts: int
    player_money_after: int


def pay_fees(fees: int, company_money: int, player_money: int) -> FeePayment:
    """PX-E4: "the player must make up the difference. After settling the Cargo Fees the
    Company will have $0. If the player does not have enough money ... he takes a
    Bailout token. The player receives $10 from the Bank", as many times as needed; what
    is left of the last $10 stays with the player (the note's PX-AMB-4).

    >>> pay_fees(25, company_money=12, player_money=4)
    FeePayment(company_paid=12, player_paid=13, bailouts=1, player_money_after=1)
    """
    company_paid = min(fees, company_money)
    owed = fees - company_paid
    bailouts = 0 if owed <= player_money else -(-(owed - player_money) // BAILOUT)
    return FeePayment(company_paid, owed, bailouts, player_money + bailouts * BAILOUT - owed)


def dividends_owed(per_share: int, shares_held_by_players: int) -> int:
    """PX-E5: a dividend for every share a player holds (the company's own are not paid)."""
    return per_share * shares_held_by_players


def pays_dividends(company_money: int, owed: int) -> bool:
    """PX-E5: "If a Company does not have enough money to pay all of the dividends owed - it
    doesn't pay ANY dividends at all" (and its stock then drops $2)."""
    return company_money >= owed


def managing_director(prices: Mapping[str, int], money: Mapping[str, int], paid: Mapping[str, bool],
                      turn_order: Sequence[str]) -> str | None:
    """PX-E6: the company with the highest stock among those that paid dividends; a tie
    goes to the one with more money, then to the earlier in ``turn_order`` (companies,
    in the order their managers play; the note's PX-AMB-5: the order at that moment).
    None when no company paid (PX-AMB-6: the award stays on the board).

    >>> managing_director({"red": 9, "green": 9, "black": 11}, {"red": 3, "green": 5, "black": 9},
    ...                   {"red": True, "green": True, "black": False}, ["red", "green", "black"])
    'green'
    """
    candidates = [company for company in turn_order if paid.get(company)]
    if not candidates:
        return None
    return min(candidates, key=lambda c: (-prices[c], -money[c], turn_order.index(c)))


def best_advisors(values: Sequence[int], secret: int | None, scoring: str) -> int:
    """§8: "Their best 2 Financial Advisor bonus cards, including their secret goal card
    (player's choice)".  ``best_two_any`` (default, the note's PX-AMB-7): the secret card
    may count, among the best two of all; ``secret_plus_best_other``: it always counts.

    >>> best_advisors([4, 1], secret=2, scoring="best_two_any"), best_advisors([4, 1], 2, "secret_plus_best_other")
    (6, 6)
    >>> best_advisors([4, 3], secret=1, scoring="best_two_any"), best_advisors([4, 3], 1, "secret_plus_best_other")
    (7, 5)
    """
    if scoring == "secret_plus_best_other" and secret is not None:
        return secret + max(values, default=0)
    pool = sorted([*values, *([secret] if secret is not None else [])], reverse=True)
    return sum(pool[:2])


def final_fortune(money: int, shares: Mapping[str, int], prices: Mapping[str, int], awards: Sequence[int],
                  advisors: int, bailouts: int) -> int:
    """§8: personal money, every share sold at its company's price, the Managing Director
    Awards, the best Financial Advisor cards, less $15 a Bailout.  Company money does not
    count.

    >>> final_fortune(20, {"red": 2, "green": 1}, {"red": 9, "green": 7}, [5], advisors=6, bailouts=1)
    41
    """
    return money + sum(count * prices[company] for company, count in shares.items()) + sum(awards) + advisors \
        - BAILOUT_REPAID * bailouts
