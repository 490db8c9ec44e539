"""Panamax (work in progress, issue 9): not registered yet, so no game can be started
with it until the engine protocol is complete.  Built so far: the Action table
(``action_table``: the set-up's dice placement with its cascade and mulligan, and
the rules for taking and transferring its dice) and the table as set up
(``setup``: §3 steps 1-20, the advanced variant's purse, §9's changes), and the
money rules of a round's end and of the final count (``money``: fees and
Bailouts, dividends, the Managing Director Award, the fortune), and the ships'
cargo (``cargo``: loading limits, readiness to sail, what leaving the canal pays),
and the market (``market``: the advanced bids, buying shares, raising a stock, the
Rail table's new turn order), and Contract cards (``contracts``: taking one, its
dice, where its cargo may go, the flag it earns, the limit of two open), and the
Clipboard (``clipboard``: flags, their free actions, Passenger benefits).

The engine object (``engine.Panamax``) so far takes the set-up's events
(``setup_phase``): the blind bids of the advanced variant, the Action table's roll
(a Mulligan roll is kept, and the dice are rolled again), the face-up Contract
cards (declared, as their contents are not in the rulebook), and each player's
secret Financial Advisor card; and a turn (``turns``): the Action die in turn order,
a transfer before it, an Executive die's Market action, the turn's end and the
round's when the table is empty; and the end of each round and of the game
(``round_end``): the Rail table's new order and flags, Cargo Fees with their
declared zone rates and the Bailouts, Dividends with the declared Market table,
the Managing Director Award, the maintenance, the Financial Advisor cards revealed
and §8's count; and a Contract/Load Cargo action (``loading``): a card taken and
the table refilled, the Draw pile's next card, ships built (the 2-slot price
declared), deployed or brought from a Waiting zone, dice loaded onto ships or the
train, a completed front earning its flag.  Next: the Setup Contracts (steps
22-23), movement with exits, passengers and bonus cards, the flags' free actions,
the viewer's board and a demo game.  Before it is registered, every ``apply`` must
also fold an event the table overrode (an illegal one) without failing: the
contract suite's hostile events (``tests/engines/test_contract.py``) will check it.  Rule codes are the PX-* checks of
``shared/engines/panamax.md``; rulebook sections are quoted by name.
"""
