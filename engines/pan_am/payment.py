"""*Bid Too Much?*: paying a bid, selling Stock at a loss when the money is short.

One pure function, used by the rules (can the bid be covered?), the effects (what is
paid and sold) and the words.  "For each Stock you sell, you earn the current Stock
Price minus $2.  If you can't afford the bid after selling all your Stock, you lose all
your Money and don't gain the benefit of the action."
"""

from __future__ import annotations

from typing import NamedTuple

FORCED_SALE_PENALTY = 2


class Payment(NamedTuple):
    """What paying ``cost`` does: Stock ``sold``, the money and Stock left, whether it was paid."""

    cost: int
    sold: int
    money: int
    stock: int
    paid: bool
    each: int


def pay(money: int, stock: int, price: int | None, cost: int | None, low_price: str = "sell_all") -> Payment:
    """The fewest Stock sold to cover ``cost``; when even all of it is not enough, every Stock
    is sold and all money is lost (``paid`` False).  At a price of $2 or less a sale earns
    nothing: ``low_price`` "sell_all" sells everything anyway, "sell_none" keeps it.

    Archer's example (price $6, $4 a Stock): $1 and 5 Stock for a $10 bid sells 3 Stock.

    >>> pay(1, 5, 6, 10)
    Payment(cost=10, sold=3, money=3, stock=2, paid=True, each=4)
    >>> pay(1, 2, 6, 10)
    Payment(cost=10, sold=2, money=0, stock=0, paid=False, each=4)
    >>> pay(7, 1, 6, 4).sold
    0
    """
    cost = max(0, cost or 0)
    money, stock = max(0, money), max(0, stock)
    each = (price - FORCED_SALE_PENALTY) if price is not None else 0
    if money >= cost:
        return Payment(cost, 0, money - cost, stock, True, each)
    if each <= 0:
        sold = stock if low_price == "sell_all" else 0
        return Payment(cost, sold, 0, stock - sold, False, max(0, each))
    need = -(-(cost - money) // each)
    if need <= stock:
        return Payment(cost, need, money + need * each - cost, stock - need, True, each)
    return Payment(cost, stock, 0, 0, False, each)
