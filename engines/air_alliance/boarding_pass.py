"""The Boarding Pass: three slots, each a stack of Passenger Cards over the pass's own
printed icons ("PHASE 1: Marker Actions", "PHASE 3: Flight Control").

A slot is a list of card ids, bottom first; its visible face is the top card's icons, or
the bare slot's (printed on the pass, declared: the note's G2).  "You can place just 1
marker on each Passenger Card or each slot of the Boarding Pass.  If you place a marker
on one Flight icon of a card, you cannot use the other 2 Flight icons on that same card",
and markers go "on the Flight icons of the uppermost 3 Passenger Cards".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.base import Violation

SLOTS = 3
MARKERS = 3
MARKER_RULE = "PHASE 1: Marker Actions"
CONTROL_RULE = "PHASE 3: Flight Control"


def marker_problems(slot: int, icon: int, used_slots: Sequence[int], markers_used: int, icons_on_face: int,
                    markers: int = MARKERS) -> list[Violation]:
    """AA-C07 to AA-C09: three markers a turn, one a slot, on an icon of the slot's visible face."""
    if markers_used >= markers:
        return [Violation("AA-C07", MARKER_RULE, f"All {markers} markers are placed this turn")]
    if not 0 <= slot < SLOTS:
        return [Violation("AA-C09", MARKER_RULE, f"The Boarding Pass has slots 0 to {SLOTS - 1}, not {slot}")]
    if slot in used_slots:
        return [Violation("AA-C08", MARKER_RULE, f"Slot {slot} already holds a marker this turn: \"you cannot use the "
                          "other 2 Flight icons on that same card\"")]
    if not 0 <= icon < icons_on_face:
        return [Violation("AA-C09", MARKER_RULE, f"The uppermost card of slot {slot} shows {icons_on_face} icons; there is "
                          f"no icon {icon}")]
    return []


def placement_problems(gained: Sequence[str], placements: Mapping[str, int], cover: str | None = None) -> list[Violation]:
    """AA-C29: every card gained goes on the pass; "the card(s) you gained this turn cannot be
    stacked on top of each other", except that a fourth covers one of the first three.
    ``placements``: card -> slot for up to three cards; ``cover``: the fourth card, which
    goes on the slot of the card it covers (``placements[cover_target]``, given by the caller).

    >>> placement_problems(["a", "b"], {"a": 0, "b": 0})[0].code
    'AA-C29'
    """
    placed = [*placements, *([cover] if cover else [])]
    if sorted(placed) != sorted(gained):
        return [Violation("AA-C29", CONTROL_RULE, f"Every card gained this turn goes on the Boarding Pass: "
                          f"{', '.join(gained) or 'none'}; placed {', '.join(placed) or 'none'}")]
    slots = list(placements.values())
    if any(not 0 <= slot < SLOTS for slot in slots) or len(set(slots)) != len(slots):
        return [Violation("AA-C29", CONTROL_RULE, "The cards gained this turn go on different slots")]
    if cover is not None and len(gained) != 4:
        return [Violation("AA-C29", CONTROL_RULE, "Only a fourth card gained this turn covers another gained card")]
    if len(gained) == 4 and (cover is None or len(placements) != 3):
        return [Violation("AA-C29", CONTROL_RULE, "With 4 cards: 3 on the three slots, the 4th covering one of them")]
    return []


def faces(stacks: Sequence[Sequence[str]]) -> list[str | None]:
    """The card on top of each slot (None: the bare slot shows)."""
    return [stack[-1] if stack else None for stack in stacks]
