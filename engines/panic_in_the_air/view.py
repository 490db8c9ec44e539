"""Words for the pages: what changed between two consecutive states, and where a state sits.

``changes_between(before, after, event)`` diffs the two states (stacks, hands, statuses,
Solo protection, the turn, the Risk follow-up, the deck, the end of the game) and uses
the event only to explain a difference (which card was played, who took from whom,
which way a Wind blew).  It is pure and total: any pair of states the engine folds,
overridden illegal events included, gives a list of strings and never an exception.

``table_changes_between(before, after, event)`` gives the same lines as the table sees them
during play (the hook ``table_changes``, beside ``table_view``): each stack's new top card
instead of its count, distance and Click-Clacks, and no deck line.

Lines come in a fixed order: the Wind's moves, stacks, hands, parachutes, Solo
protection, the Risk follow-up, the deck, the late opening, the turn, then the end of
the game (how it ended, crashes, the winners).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import Event, State
from engines.panic_in_the_air import cards
from engines.panic_in_the_air.state import CRASHED, IN_AIR, PARACHUTE_OPEN

Card = Mapping[str, Any]
Player = Mapping[str, Any]

_WAYS = {cards.CW: "clockwise", cards.CCW: "counter-clockwise"}
_EMPTY: dict[str, Any] = {}


def position_of(state: State) -> dict[str, Any]:
    """``{"round": None, "turn": turn_no, "label": "Turn 7 · Ana", "detail": "Action 1 of 2"}``;
    Panic has no rounds.  ``detail`` is the action the turn is at, which the recording
    page shows beside whose turn it is (a Risk's follow-up is owed before any action).

    At the end of the game the label is "Game over", with no detail."""
    turn = state.get("turn_no")
    turn = turn if isinstance(turn, int) and not isinstance(turn, bool) else 0
    if state.get("game_over"):
        return {"round": None, "turn": turn, "label": "Game over"}
    label = f"Turn {turn} · {state.get('current')}"
    pending = isinstance(state.get("pending"), dict)
    done = state.get("actions_done")
    done = done if isinstance(done, int) and not isinstance(done, bool) else 0
    detail = "Risk to resolve" if pending else f"Action {min(done + 1, 2)} of 2"
    return {"round": None, "turn": turn, "label": label, "detail": detail}


def changes_between(before: State, after: State, event: Event) -> list[str]:
    """What changed from ``before`` to ``after`` (consecutive states), in words a player understands."""
    return _lines(before, after, event, table=False)


def table_changes_between(before: State, after: State, event: Event) -> list[str]:
    """What changed as the table sees it while the game is played (``table_view``): the
    same lines as ``changes_between``, less what the rules keep hidden.  A stack says only
    its new top card (no count, no distance, no Click-Clacks: "They will not be able to
    look into their own falling deck"), and the deck says nothing ("It is forbidden to
    count cards remaining in the card deck").  The Wind's moves stay: the table sees the
    cards move from character to character.  Pure and total, like ``changes_between``."""
    return _lines(before, after, event, table=True)


def _lines(before: State, after: State, event: Event, table: bool) -> list[str]:
    """The lines in their fixed order; ``table``: the stacks by their top card, no deck."""
    seats = _seats(after) or _seats(before)
    wind = _is_wind(event)
    lines: list[str] = []
    lines += _wind_lines(before, after, event, seats)
    lines += _top_card_lines(before, after, seats, wind=wind) if table else _stack_lines(before, after, seats, wind=wind)
    lines += _hand_lines(before, after, event, seats)
    lines += _opened_lines(before, after, seats)
    lines += _protection_lines(before, after, seats)
    lines += _pending_lines(before, after, event)
    lines += [] if table else _deck_lines(before, after)
    lines += _late_opening_lines(before, after)
    lines += _turn_lines(before, after)
    lines += _end_lines(before, after, event, seats)
    return lines


# -- reading the states defensively -----------------------------------------------------


def _seats(state: State) -> list[str]:
    seats = state.get("seats")
    return [str(name) for name in seats] if isinstance(seats, list) else []


def _player(state: State, name: str) -> Player:
    players = state.get("players")
    player = players.get(name) if isinstance(players, dict) else None
    return player if isinstance(player, dict) else _EMPTY


def _stack(player: Player) -> list[Card]:
    stack = player.get("stack")
    return [card for card in stack if isinstance(card, dict)] if isinstance(stack, list) else []


def _hand(player: Player) -> int | None:
    count = player.get("hand_count")
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def _data(event: Event) -> Mapping[str, Any]:
    data = getattr(event, "data", None)
    return data if isinstance(data, Mapping) else _EMPTY


def _actor(before: State, event: Event) -> str:
    """Who the event names, or the current player, as ``apply`` folds it."""
    actor = getattr(event, "actor", None)
    players = before.get("players")
    if isinstance(actor, str) and isinstance(players, dict) and actor in players:
        return str(actor)
    return str(before.get("current"))


def _played_card(event: Event) -> Card | None:
    if getattr(event, "type", None) != "card_played":
        return None
    card = _data(event).get("card")
    return cards.stored_card(card) if isinstance(card, Mapping) else None


def _is_wind(event: Event) -> bool:
    card = _played_card(event)
    return card is not None and card.get("kind") == cards.WIND


# -- words ------------------------------------------------------------------------------


def card_label(card: Card) -> str:
    """A card as a player calls it: "Fall 300", "Click-Clack", "clockwise Wind"."""
    if card.get("kind") == cards.WIND:
        way = _WAYS.get(str(card.get("direction")))
        return f"{way} Wind" if way else "Wind"
    return cards.card_name(card)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


# -- the Wind ---------------------------------------------------------------------------


def _wind_lines(before: State, after: State, event: Event, seats: list[str]) -> list[str]:
    """Which card left which stack for which, paired from the stacks' differences."""
    card = _played_card(event)
    if card is None or card.get("kind") != cards.WIND:
        return []
    way = _WAYS.get(str(card.get("direction")))
    head = f"Wind ({way})" if way else "Wind (no arrow given)"
    target = _data(event).get("target")
    gave: dict[str, tuple[Card, bool]] = {}
    got: dict[str, Card] = {}
    unexplained: list[str] = []
    for name in seats:
        old = _stack(_player(before, name))
        if name == target:
            old = [*old, card]
        diff = _gave_got(old, _stack(_player(after, name)))
        if diff is None:
            unexplained.append(name)
            continue
        given, received = diff
        if given is not None:
            gave[name] = given
        if received is not None:
            got[name] = received
    moves = _pair(gave, got, seats, card.get("direction"))
    phrases = []
    for giver, receiver in moves:
        moved, was_top = gave[giver]
        if giver == target and was_top and moved == card:
            what = f"{giver}'s top card (the Wind just played)"
        elif was_top:
            what = f"{giver}'s top card ({card_label(moved)})"
        else:
            what = f"{giver}'s {card_label(moved)} (from under a Solo)"
        phrases.append(f"{what} moved to {receiver}")
    paired_givers = {giver for giver, _ in moves}
    paired_receivers = {receiver for _, receiver in moves}
    for name in seats:
        if name in gave and name not in paired_givers:
            phrases.append(f"{name}'s {card_label(gave[name][0])} left their stack")
        if name in got and name not in paired_receivers:
            phrases.append(f"{name}'s stack received {card_label(got[name])}")
    phrases += [f"{name}'s stack was rearranged" for name in unexplained]
    lines = [f"{head}: {'; '.join(phrases)}" if phrases else f"{head}: no card moved"]
    if way:
        actor = _actor(before, event)
        kept = [
            name
            for name in seats
            if name != actor
            and _player(before, name).get("protected_until") is not None
            and _player(before, name).get("status") == IN_AIR
            and name not in gave
            and name not in got
        ]
        lines += [f"Solo keeps {name}'s stack out of the Wind" for name in kept]
    return lines


def _gave_got(old: list[Card], new: list[Card]) -> tuple[tuple[Card, bool] | None, Card | None] | None:
    """How ``old`` became ``new`` by giving at most one card and receiving one on top:
    ``((card given, whether it was the top card) | None, card received | None)``;
    None when no such reading exists (the stack changed some other way)."""
    if new == old:
        return None, None
    if len(new) == len(old) + 1 and new[:-1] == old:
        return None, new[-1]
    for kept, received in ((new, None), (new[:-1], new[-1] if new else None)):
        if len(kept) != len(old) - 1:
            continue
        for index in range(len(old) - 1, -1, -1):
            if old[:index] + old[index + 1 :] == kept:
                return (old[index], index == len(old) - 1), received
    return None


def _pair(
    gave: Mapping[str, tuple[Card, bool]], got: Mapping[str, Card], seats: list[str], direction: Any
) -> list[tuple[str, str]]:
    """Each receiver's giver: the nearest seat against the arrow that gave that very card."""
    step = -1 if direction == cards.CCW else 1
    taken: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for receiver in seats:
        if receiver not in got:
            continue
        start = seats.index(receiver)
        for offset in range(1, len(seats)):
            giver = seats[(start - step * offset) % len(seats)]
            if giver in gave and giver not in taken and gave[giver][0] == got[receiver]:
                taken.add(giver)
                pairs.append((giver, receiver))
                break
    return sorted(pairs, key=lambda pair: seats.index(pair[0]))


# -- stacks, hands, parachutes, protection ---------------------------------------------


def _stack_lines(before: State, after: State, seats: list[str], wind: bool) -> list[str]:
    lines = []
    for name in seats:
        old, new = _stack(_player(before, name)), _stack(_player(after, name))
        if old == new:
            continue
        h0, h1 = len(old), len(new)
        d0, d1 = cards.distance(old), cards.distance(new)
        c0, c1 = cards.click_clacks(old), cards.click_clacks(new)
        parts = [f"{h0} → {_count(h1, 'card')}" if h0 != h1 else _count(h1, "card")]
        parts.append(f"falls {d0} m → {d1} m" if d0 != d1 else f"falls {d1} m")
        if c0 != c1:
            parts.append(f"Click-Clacks {c0} → {c1} ({'even' if c1 % 2 == 0 else 'odd'})")
        if h0 == h1 and d0 == d1 and c0 == c1:
            if wind:
                continue  # the Wind line already says which cards swapped
            top0 = card_label(old[-1]) if old else "none"
            top1 = card_label(new[-1]) if new else "none"
            parts.append(f"top card {top0} → {top1}")
        lines.append(f"{name}'s stack: {', '.join(parts)}")
    return lines


def _top_card_lines(before: State, after: State, seats: list[str], wind: bool) -> list[str]:
    """Each stack's top card, when it changed: what the table sees of a stack during play."""
    lines = []
    for name in seats:
        old, new = _stack(_player(before, name)), _stack(_player(after, name))
        if old == new or wind:
            continue  # after a Wind, its line already says which cards moved where
        top0 = card_label(old[-1]) if old else "none"
        top1 = card_label(new[-1]) if new else "none"
        if len(new) == len(old) + 1 and new[:-1] == old:
            lines.append(f"{name}'s stack: {top1} on top")
        else:
            lines.append(f"{name}'s stack: top card {top0} → {top1}")
    return lines


def _hand_lines(before: State, after: State, event: Event, seats: list[str]) -> list[str]:
    lines = []
    for name in seats:
        h0, h1 = _hand(_player(before, name)), _hand(_player(after, name))
        if h0 is None or h1 is None or h0 == h1:
            continue
        why = _hand_reason(before, event, name, h1 - h0)
        lines.append(f"{name}'s hand: {h0} → {_count(h1, 'card')}{f' ({why})' if why else ''}")
    return lines


def _hand_reason(before: State, event: Event, name: str, delta: int) -> str:
    """Why a hand changed, from the event, when the event explains it; else ""."""
    kind = getattr(event, "type", None)
    data = _data(event)
    actor = _actor(before, event)
    if kind == "card_played" and name == actor and delta < 0:
        card = _played_card(event)
        return f"played {card_label(card)}" if card else "played a card"
    if kind == "card_drawn" and name == actor and delta > 0:
        pending = before.get("pending")
        owed = isinstance(pending, dict) and pending.get("type") == "risk_draws"
        risk = data.get("via") == "risk" or (data.get("via") is None and owed)
        return "drew a card for the Risk" if risk else "drew a card"
    if kind == "cards_taken":
        source = data.get("from", data.get("from_"))
        if name == actor and delta > 0:
            return f"Risk: took {delta} from {source}"
        if name == source and delta < 0:
            return f"Risk: {-delta} taken by {actor}"
    return ""


def _opened_lines(before: State, after: State, seats: list[str]) -> list[str]:
    lines = []
    for name in seats:
        old, new = _player(before, name).get("status"), _player(after, name).get("status")
        opened = new == PARACHUTE_OPEN or (new == CRASHED and _player(after, name).get("crash_reason") == "odd_click_clack")
        if old == IN_AIR and opened:
            lines.append(f"{name} opened their parachute")
    falling = [name for name in seats if _player(after, name).get("status") == IN_AIR]
    was_falling = [name for name in seats if _player(before, name).get("status") == IN_AIR]
    if lines and len(falling) == 1 and len(was_falling) > 1 and not after.get("game_over"):
        lines.append(f"{falling[0]} is the last one in the air and falls on alone")
    return lines


def _protection_lines(before: State, after: State, seats: list[str]) -> list[str]:
    lines = []
    for name in seats:
        old = _player(before, name).get("protected_until")
        new = _player(after, name).get("protected_until")
        if old == new:
            continue
        if new is None:
            lines.append(f"{name}'s Solo protection ends")
        elif new == name:
            lines.append(f"Solo protects {name} until their next turn")
        else:
            lines.append(f"Solo protects {name} until {new}'s next turn")
    return lines


# -- the turn, the Risk follow-up, the deck -------------------------------------------


def _pending_lines(before: State, after: State, event: Event) -> list[str]:
    old, new = before.get("pending"), after.get("pending")
    if old == new or after.get("game_over"):
        return []
    if isinstance(new, dict):
        who = new.get("player")
        if new.get("type") == "risk_draws":
            remaining = new.get("remaining")
            count = remaining if isinstance(remaining, int) else 0
            if isinstance(old, dict) and old.get("type") == "risk_draws":
                return [f"Risk: {who} still has {_count(count, 'card')} to draw"]
            return [f"Risk: {who} draws {_count(count, 'card')} from the deck"]
        if new.get("type") == "cards_taken":
            given = new.get("count")
            number = given if isinstance(given, int) else 0
            return [f"Risk: {who} takes {_count(number, 'card')} from {new.get('from')}'s hand"]
        return []
    if isinstance(old, dict):
        kind = getattr(event, "type", None)
        if kind == "risk_declined":
            if old.get("type") == "cards_taken":
                return [f"Risk: {old.get('player')} takes no cards from {old.get('from')}'s hand"]
            return [f"Risk: {old.get('player')} draws no more cards"]
        settled = (old.get("type") == "cards_taken" and kind == "cards_taken") or (
            old.get("type") == "risk_draws" and kind == "card_drawn" and _data(event).get("via") != "action"
        )
        if not settled:
            return [f"{old.get('player')}'s Risk follow-up is dropped"]
    return []


def _deck_lines(before: State, after: State) -> list[str]:
    old, new = before.get("deck_remaining"), after.get("deck_remaining")
    if old == new or not isinstance(old, int) or not isinstance(new, int):
        return []
    return [f"Deck: {old} → {_count(new, 'card')} left"]


def _late_opening_lines(before: State, after: State) -> list[str]:
    name = after.get("may_still_open")
    if name is None or name == before.get("may_still_open") or name == after.get("current"):
        return []
    return [f"{name}'s hand is empty: they may still open their parachute before {after.get('current')} acts"]


def _turn_lines(before: State, after: State) -> list[str]:
    if after.get("game_over"):
        return []
    old, new = before.get("current"), after.get("current")
    if old != new:
        return [f"Turn passes to {new}"]
    if before.get("turn_no") != after.get("turn_no"):
        return [f"Turn passes to {new} again (alone in the air)"]
    done = after.get("actions_done")
    if before.get("actions_done") != done and isinstance(done, int):
        return [f"{new}: {done} of 2 actions done"]
    return []


# -- the end of the game ----------------------------------------------------------------


def _end_lines(before: State, after: State, event: Event, seats: list[str]) -> list[str]:
    if not after.get("game_over") or before.get("game_over"):
        return []
    in_air = [name for name in seats if _player(after, name).get("crash_reason") == "in_air"]
    crashes = f"; {_names(in_air)} {'crashes' if len(in_air) == 1 else 'crash'} (still in the air)" if in_air else ""
    if after.get("end_reason") == "RIP":
        how = "played" if getattr(event, "type", None) == "card_played" else "drawn"
        lines = [f"R.I.P. {how}: the game ends{crashes}"]
    elif after.get("end_reason") == "ALL_OPENED":
        lines = [f"Every parachute is open: the game ends{crashes}"]
    else:
        lines = [f"The game ends{crashes}"]
    lines += [
        f"{name} crashes: odd Click-Clack count"
        for name in seats
        if _player(after, name).get("crash_reason") == "odd_click_clack"
    ]
    survivors = {
        name: cards.distance(_stack(_player(after, name)))
        for name in seats
        if _player(after, name).get("status") == PARACHUTE_OPEN
    }
    if not survivors:
        lines.append("Nobody survives: no winner")
    else:
        best = max(survivors.values())
        winners = [name for name, dist in survivors.items() if dist == best]
        verb = "wins" if len(winners) == 1 else "share the win"
        lines.append(f"{_names(winners)} {verb} with {best} m")
    return lines
