"""Captain and Stevedore cards played (§5: "on their turn, a player can use any Captain
card and Stevedore card that were earned in previous turns").

What each card does is in the summary leaflet, not in the rulebook (the note's PX-BC2):
the table declares a card's effect the first time it is played, in the terms the engine
can count (``locks``, ``waterways``, ``any_moves``: moves added to this turn; ``loads``:
dice this turn may load), and the declared-data registry holds every later play of the
same card to it.  The rulebook itself says a Stevedore card lifts the limit of one die
a ship a turn ("unless they use a Clipboard Free Action or a Stevedore card"): playing
one does, for the rest of the turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare, value
from engines.panamax import turns

BONUS_RULE = "Playing the Game"
EFFECTS = ("locks", "waterways", "any_moves", "loads")
DECKS = ("captain", "stevedore")


def card_fact(deck: str, number: int, effects: Mapping[str, int]) -> Fact:
    """What a card does, as the registry keeps it (every count, 0 where the card adds none)."""
    return Fact(f"bonus_card:{deck}:{number}", {kind: effects.get(kind, 0) for kind in EFFECTS},
                f"What {deck.title()} card {number} does")


def _held(state: State, player: str, deck: str, number: int) -> dict[str, Any] | None:
    return next((card for card in state["players"][player][deck] if card["card"] == number), None)


def check_played(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-BC1, PX-BC2."""
    problems = turns.actor_problems(state, actor)
    if problems:
        return problems
    player, deck, number = turns.current_player(state), data["deck"], data["card"]
    card = _held(state, player, deck, number)
    if card is None:
        return [Violation("PX-BC1", BONUS_RULE, f"{player} holds no {deck.title()} card {number}")]
    if (card["round"], card["turn"]) == (state["round"], state["turn_index"]):
        return [Violation("PX-BC1", BONUS_RULE, f"{deck.title()} card {number} was earned this turn: it is played in "
                          "a later one")]
    effects = data.get("effects")
    if effects is None:
        if value(state["declared"], f"bonus_card:{deck}:{number}") is None:
            return [Violation("PX-BC2", BONUS_RULE, f"What {deck.title()} card {number} does is in the leaflet, not the "
                              f"rulebook, and not on this game's board: declare its effects ({', '.join(EFFECTS)})")]
        return []
    return conflicts(state["declared"], [card_fact(deck, number, effects)], state["step"] + 1)


def apply_played(state: State, data: Mapping[str, Any]) -> None:
    player, deck, number = turns.current_player(state), data["deck"], data["card"]
    card = _held(state, player, deck, number)
    if card is None:
        return
    state["players"][player][deck].remove(card)
    if data.get("effects") is not None:
        state["declared"] = declare(state["declared"], [card_fact(deck, number, data["effects"])], state["step"])
    effects = value(state["declared"], f"bonus_card:{deck}:{number}", {})
    turn = state["turn"]
    allowance = turn["allowance"]
    allowance["lock"] = allowance.get("lock", 0) + effects.get("locks", 0)
    allowance["waterway"] = allowance.get("waterway", 0) + effects.get("waterways", 0)
    turn["free_moves"] += effects.get("any_moves", 0)
    turn["card_loads"] = turn.get("card_loads", 0) + effects.get("loads", 0)
    if deck == "stevedore":
        turn["stevedore"] = True
