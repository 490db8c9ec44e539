"""Shares and stock prices (§5 "Market actions", §4's blind bids), and the Rail table's
new turn order (§6 "Rail table").  Pure rules; the state carries their results.

The Market table's range is not in the rulebook (the note's G3): a price's bounds are
checked (PX-K5) only when a board file lists the table's prices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Violation
from engines.panamax.state import ADVANCED_PURSE, BIDS, MARKET_FLOOR

MARKET_RULE = "Market actions"
RAISE = 2  # "Raise Your Company Stock $2"
BUY_RAISES = 1  # "Each time a player buys a Share, the price of that Company Stock is increased by $1"


def bid_problems(player: str, bid: int) -> list[Violation]:
    """PX-S2: "the bid minimum is $12, with increments of $3 up to a maximum of $24"."""
    if bid not in BIDS:
        return [Violation("PX-S2", "Advance Set-up", f"{player} bids ${bid}; a bid is one of "
                          f"{', '.join(f'${b}' for b in BIDS)}")]
    return []


def after_bid(bid: int) -> tuple[int, int, int]:
    """(company money, player money, starting stock price) for a bid: "The Company
    receives the bid", the player keeps the rest of $24, the stock starts at a third.

    >>> after_bid(15)
    (15, 9, 5)
    """
    return bid, ADVANCED_PURSE - bid, bid // 3


def buy_problems(player: str, player_money: int, company: str, treasury: int, price: int) -> list[Violation]:
    """PX-K2 and PX-K3: a share the company still holds, paid at its price from the
    player's own money (any company, one's own included)."""
    problems = []
    if treasury < 1:
        problems.append(Violation("PX-K2", MARKET_RULE, f"The {company} company has no share left to sell"))
    if player_money < price:
        problems.append(Violation("PX-K3", MARKET_RULE, f"A {company} share costs ${price}; {player} has ${player_money}"))
    return problems


def range_problems(company: str, new_price: int, prices: Sequence[int] | None) -> list[Violation]:
    """PX-K5: the cube stays on the Market table (when a board file gives its prices)."""
    if prices and new_price > max(prices):
        return [Violation("PX-K5", MARKET_RULE, f"The Market table ends at ${max(prices)}: the {company} stock cannot "
                          f"rise to ${new_price}")]
    return []


def lowest(price: int, prices: Sequence[int] | None, floor: int = MARKET_FLOOR) -> int:
    """A falling price stops at the table's bottom: the board file's Market table, else the
    ``market_floor`` option ("lower the marker 2 steps on the market table": never off it).

    >>> lowest(0, None), lowest(0, [2, 3, 4]), lowest(4, None, 3)
    (1, 2, 4)
    """
    return max(price, min(prices)) if prices else max(price, floor)


def raise_problems(player: str, own_company: str, company: str) -> list[Violation]:
    """PX-K4: "a player can raise the value of his Company Stock by $2" — his own only."""
    if company != own_company:
        return [Violation("PX-K4", MARKET_RULE, f"{player} manages the {own_company} company and may raise only its "
                          f"stock, not {company}'s")]
    return []


def rail_order(wagon: Sequence[Mapping[str, Any]], previous: Sequence[str]) -> list[str]:
    """PX-E2: the new turn order from the dice in the 2nd wagon (``{"company", "value"}``,
    left to right): "according to the sum of each player's dice ... (high to low). In
    case of a tie, the first player die to the left breaks the tie."  Companies with no
    die there follow, in their previous order (the note's PX-AMB-3).  ``previous`` and
    the answer are companies in turn order.

    >>> rail_order([{"company": "red", "value": 4}, {"company": "green", "value": 6},
    ...             {"company": "red", "value": 2}], ["green", "black", "red"])
    ['red', 'green', 'black']
    """
    sums: dict[str, int] = {}
    first: dict[str, int] = {}
    for position, die in enumerate(wagon):
        company = die["company"]
        sums[company] = sums.get(company, 0) + die["value"]
        first.setdefault(company, position)
    ranked = sorted(sums, key=lambda company: (-sums[company], first[company]))
    return ranked + [company for company in previous if company not in sums]
