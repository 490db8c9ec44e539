"""Who plays a Last Turn once the deck runs out ("Last Turn"; the Kobe Rules' 3).

Base rules: "The Last Turn will start from the next player after the player who shuffled
the discards ... The player who depletes the deck will be the last player": every seat
plays one, the depleting seat last.  Kobe Rules: "the game ends when the last player in
player order finishes the Last Turn. Thus, each player plays the same number of turns".
Seats are indexes in player order (0 is the start player).
"""

from __future__ import annotations


def last_turn_order(depleter: int, players: int, kobe: bool) -> list[int]:
    """The seats that play a Last Turn, in order.

    >>> last_turn_order(1, 4, kobe=False)
    [2, 3, 0, 1]
    >>> last_turn_order(1, 4, kobe=True), last_turn_order(3, 4, kobe=True)
    ([2, 3], [0, 1, 2, 3])
    """
    following = [(depleter + step) % players for step in range(1, players + 1)]
    if not kobe:
        return following
    if depleter == players - 1:
        return list(range(players))
    return list(range(depleter + 1, players))
