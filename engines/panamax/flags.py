"""A flag placed on a Clipboard, and the free action the space under it shows ("The
Clipboard", "Free Actions").

Which icon each space shows is printed on the Clipboard, not in the rulebook (the note's
G5): the event that gains a flag declares it (``free_action``: one of ``FREE_ACTIONS``
or ``"none"``) the first time that space is covered in the game, and the declared-data
registry keeps every later flag on that space to the same icon.

A flag leaves the company with what it must do next, in ``state["free_action"]``:
``{"player", "company", "queue": [{"kind", "nation"}]}``.  The space's free action comes
first; a Market action deferred earlier for the same nation follows, and is lost if
the next event does not use it (PX-F2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare, value
from engines.panamax.clipboard import FREE_ACTIONS, FREE_RULE, next_slot

NO_ACTION = "none"
DEFERRED = "deferred_market"


def moment(state: State) -> str:
    """Which turn it is, so that a deferred Market returns only "in a future turn"."""
    return f"{state['phase'] if state['phase'] != 'TURNS' else 'turn'}:{state['round']}:{state['turn_index']}"


def _fact(nation: str, slot: int, kind: str) -> Fact:
    return Fact(f"clipboard:{nation}:{slot}", kind, f"The free action under space {slot + 1} of the {nation} row")


def icon_problems(state: State, colour: str, nation: str, declared: str | None) -> list[Violation]:
    """The icon under the space the flag covers: declared the first time, the same after."""
    slot = next_slot(state["companies"][colour]["flags"], nation)
    known = value(state["declared"], f"clipboard:{nation}:{slot}")
    if declared is None:
        if known is None:
            return [Violation("PX-F1", FREE_RULE, f"This flag covers space {slot + 1} of the {nation} row, new to this "
                              f"game: declare its free action (free_action: {', '.join(FREE_ACTIONS)} or none)")]
        return []
    return conflicts(state["declared"], [_fact(nation, slot, declared)], state["step"] + 1)


def gain(state: State, colour: str, nation: str, declared: str | None) -> None:
    """Place the flag on its row; queue the space's free action and a deferred Market's
    return.  A flag whose icon is unknown (an overridden event) queues nothing."""
    company = state["companies"][colour]
    slot = next_slot(company["flags"], nation)
    if declared is not None and not conflicts(state["declared"], [_fact(nation, slot, declared)], state["step"]):
        state["declared"] = declare(state["declared"], [_fact(nation, slot, declared)], state["step"])
    kind = value(state["declared"], f"clipboard:{nation}:{slot}")
    company["flags"].append(nation)
    queue = [{"kind": kind, "nation": nation}] if kind in FREE_ACTIONS else []
    if any(entry["nation"] == nation and entry["at"] != moment(state) for entry in company["deferred"]):
        queue.append({"kind": DEFERRED, "nation": nation})
    if queue:
        pending = state.get("free_action")
        if pending and pending["company"] == colour:
            pending["queue"] += queue
        else:
            state["free_action"] = {"player": company["manager"], "company": colour, "queue": queue}


def blocking(state: State) -> Mapping[str, Any] | None:
    """The free action that must be used before anything else happens, if any (PX-F1)."""
    pending: Mapping[str, Any] | None = state.get("free_action")
    if pending and pending["queue"] and pending["queue"][0]["kind"] != DEFERRED:
        return pending
    return None
