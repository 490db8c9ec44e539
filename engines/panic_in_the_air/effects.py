"""Folding events into state, with every derived effect, and never judging them.

Each fold is total: any event whose data has the right shape folds into
something sensible even when the rules forbid it (the table may have overridden
a rule and the stored fact must still fold).  The choices it makes for illegal
events are listed in the package docstring ("Folding illegal events").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import State
from engines.panic_in_the_air import cards
from engines.panic_in_the_air.state import (
    CRASHED,
    IN_AIR,
    PARACHUTE_OPEN,
    in_air,
    is_action,
    next_in_air,
    pending_of,
    source_of,
)

Fold = Callable[[State, str, Mapping[str, Any]], None]


def begin(new: State) -> None:
    """What every event does, folded or not: it counts a step, and it closes the moment a
    player had to open after their turn ended (the late opening itself included);
    ``fold_event`` may open a new one."""
    new["step"] += 1
    new["may_still_open"] = None


def fold_event(new: State, actor: str | None, event_type: str, data: Mapping[str, Any], fold: Fold) -> None:
    """The event folded into ``new`` (a copy ``apply`` owns) by its rule's ``fold``, then
    what follows every event: the turn's action counted, the turn passed after two."""
    begin(new)
    # An actor who is not at the table (a refused event kept anyway) acts as the current player.
    who = actor if actor is not None and actor in new["players"] else str(new["current"])
    action = is_action(new, event_type, data)
    fold(new, who, data)
    if action and not new["game_over"]:
        new["actions_done"] += 1
    _maybe_end_turn(new)


def fold_drawn(new: State, who: str, data: Mapping[str, Any]) -> None:
    """A card from the deck: into the hand, unless it is the R.I.P. card, which ends the game."""
    draws = pending_of(new, "risk_draws")
    via = data.get("via")
    if draws is not None and via != "action":
        draws["remaining"] -= 1
        if draws["remaining"] <= 0:
            new["pending"] = None
    elif via != "risk":
        new["pending"] = None  # an action draw: the table moved on from any Risk still owed
    remaining = new["deck_remaining"]
    if remaining is not None:
        if remaining <= cards.BOTTOM_ZONE:
            new["bottom_draws"] += 1
        new["deck_remaining"] = max(0, remaining - 1)
    new["draws"] += 1
    face = data.get("face") or {}
    if face.get("kind") == cards.RIP:
        _end_game(new, "RIP", who)
        return
    new["players"][who]["hand_count"] += 1


def fold_played(new: State, who: str, data: Mapping[str, Any]) -> None:
    """A card from the hand onto a character's stack, then its effect."""
    new["pending"] = None  # a play moves the table on from any Risk still owed
    player = new["players"][who]
    player["hand_count"] = max(0, player["hand_count"] - 1)
    card = cards.stored_card(data["card"])
    kind = card["kind"]
    target = data["target"]
    if target in new["players"]:
        new["players"][target]["stack"].append(card)
    if kind == cards.RIP:
        _end_game(new, "RIP", who)  # a revealed R.I.P. card ends the game however it came out
        return
    if target not in new["players"]:
        return  # placed on nobody: the card leaves the hand and nothing else happens
    if cards.is_five_hundred(card):
        new["fives_played"] += 1
    if kind == cards.SOLO:
        solo_until = target if new["options"]["solo_duration"] == "until_protected_players_next_turn" else who
        new["players"][target]["protected_until"] = solo_until
    elif kind == cards.WIND and card.get("direction") in cards.DIRECTIONS:
        _blow(new, who, card["direction"])
    elif kind == cards.RISK:
        _risk(new, who, target)


def _risk(new: State, who: str, target: str) -> None:
    """Risk on oneself: two draws are owed; on an opponent: min(2, their hand) is taken."""
    if target == who:
        new["pending"] = {"type": "risk_draws", "player": who, "remaining": 2}
        return
    count = min(2, new["players"][target]["hand_count"])
    if count > 0:
        new["pending"] = {"type": "cards_taken", "player": who, "from": target, "count": count}


def _blow(new: State, who: str, direction: str) -> None:
    """Wind: each participant's top card (never a Solo) moves to the next participant in the
    arrow's direction, all at once; a Solo-protected character neither gives nor receives,
    except under its own protected player's Wind (the rulebook: *other* players' cards)."""
    opts = new["options"]
    players = new["players"]
    ring = in_air(new) if opts["wind_participants"] == "in_air" else list(new["seats"])
    if len(ring) < 2:
        return
    step = 1 if direction == cards.CW else -1

    def shielded(name: str) -> bool:
        return players[name]["protected_until"] is not None and name != who

    moves: list[tuple[str, int, str]] = []
    for i, giver in enumerate(ring):
        receiver = ring[(i + step) % len(ring)]
        if shielded(receiver) or (shielded(giver) and opts["solo_scope"] == "neither_give_nor_receive"):
            continue
        index = _movable(players[giver]["stack"], opts["wind_solo_top"])
        if index is not None:
            moves.append((giver, index, receiver))
    # All removals before all additions: each stack gives at most one card and receives at most one.
    lifted = [(receiver, players[giver]["stack"].pop(index)) for giver, index, receiver in moves]
    for receiver, card in lifted:
        players[receiver]["stack"].append(card)


def _movable(stack: list[dict[str, Any]], solo_top: str) -> int | None:
    """The index of the card a Wind takes from this stack: the top one, never a Solo.
    With a Solo on top, ``blocks`` takes nothing and ``skip`` takes the highest other card."""
    for index in range(len(stack) - 1, -1, -1):
        if stack[index].get("kind") != cards.SOLO:
            return index
        if solo_top == "blocks":
            return None
    return None


def fold_taken(new: State, who: str, data: Mapping[str, Any]) -> None:
    """Cards move from the Risk target's hand to the player's (the declared count, else the derived one)."""
    source = source_of(data)
    take = pending_of(new, "cards_taken")
    count = data.get("count")
    if count is None:
        if take is not None and take["from"] == source:
            count = take["count"]
        elif source in new["players"]:
            count = min(2, new["players"][source]["hand_count"])
        else:
            count = 0
    if source in new["players"]:
        source_player = new["players"][source]
        source_player["hand_count"] = max(0, source_player["hand_count"] - count)
    new["players"][who]["hand_count"] += count
    new["pending"] = None


def fold_declined(new: State, who: str, data: Mapping[str, Any]) -> None:
    """The player takes none of what their Risk still allows: nothing is owed any more."""
    new["pending"] = None


def fold_opened(new: State, who: str, data: Mapping[str, Any]) -> None:
    """The parachute opens: out of the game; the game ends when nobody is left, else the
    current player's turn ends.  Anyone else who opens (the late opener, whose turn has
    already passed, or an overridden out-of-turn opening) leaves the turn where it is."""
    player = new["players"][who]
    if player["status"] != IN_AIR:
        return
    player["status"] = PARACHUTE_OPEN
    if not in_air(new):
        _end_game(new, "ALL_OPENED", None)
    elif who == new["current"]:
        _end_turn(new)
    else:
        _end_lapsed_protection(new)


def _maybe_end_turn(new: State) -> None:
    """After the second action (and any Risk follow-up) the turn passes; a player whose
    hand is then empty may still open before the next player's first event."""
    if not new["game_over"] and new["actions_done"] >= 2 and new["pending"] is None:
        ender = new["current"]
        _end_turn(new)
        player = new["players"][ender]
        if new["current"] != ender and player["status"] == IN_AIR and player["hand_count"] == 0:
            new["may_still_open"] = ender


def _end_turn(new: State) -> None:
    """The next player clockwise still in the air takes the turn (the lone player plays on)."""
    following = next_in_air(new, new["current"])
    if following is None:
        return
    new["current"] = following
    new["turn_no"] += 1
    new["actions_done"] = 0
    new["pending"] = None
    falling = set(in_air(new))
    for player in new["players"].values():
        until = player["protected_until"]
        if until == following or (until is not None and until not in falling):
            player["protected_until"] = None


def _end_lapsed_protection(new: State) -> None:
    """A Solo lasting until the turn of a player who is out of the air ends now (G5)."""
    falling = set(in_air(new))
    for player in new["players"].values():
        if player["protected_until"] is not None and player["protected_until"] not in falling:
            player["protected_until"] = None


def _end_game(new: State, reason: str, rip_by: str | None) -> None:
    """The game stops: whoever is still in the air crashes, and so does every open
    parachute with an odd number of Click-Clacks (a loose harness)."""
    new["game_over"] = True
    new["end_reason"] = reason
    new["rip_drawn_by"] = rip_by
    new["pending"] = None
    for player in new["players"].values():
        if player["status"] == IN_AIR:
            player["status"] = CRASHED
            player["crash_reason"] = "in_air"
        elif player["status"] == PARACHUTE_OPEN and cards.click_clacks(player["stack"]) % 2 == 1:
            player["status"] = CRASHED
            player["crash_reason"] = "odd_click_clack"
