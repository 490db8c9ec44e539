"""The Isle of Pan recorded at the table: the demo's first two rounds, on the demo's board.

What a person taps, event by event (static/js/record/engines/isle-of-pan.js):

* the Starting Tile the board laid, confirmed as the script does: one tap;
* a reveal: the board's tile turned up, then Record (two taps);
* a take: the tile, or what its Portal gives beside it (which chooses the tile too), then
  Record (two taps);
* a placement: the spaces the tile covers, as few as narrow the placements to it, Rotate
  until the preview is the tile as it lies, then Record;
* a move: the space reached, then Record; animals observed: the count of their kind, one
  tap; the end of the turn: its button, one tap.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from tests.browser.tables.table import ScriptedGame, Table

KINDS = ["HERBIVORE", "BIRD_OF_PREY", "REPTILE"]
Placement = list[dict[str, Any]]


def key(cell: dict[str, Any]) -> str:
    return f"{cell['q']},{cell['r']}"


def same(a: Placement, b: Placement) -> bool:
    return sorted((c["q"], c["r"], c["t"]) for c in a) == sorted((c["q"], c["r"], c["t"]) for c in b)


def through(placements: list[Placement], keys: list[str]) -> list[Placement]:
    """The placements covering every tapped space, in the offered order (as the picker keeps them)."""
    return [p for p in placements if all(any(key(c) == k for c in p) for k in keys)]


def placement_taps(placements: list[Placement], wanted: Placement) -> tuple[list[str], int]:
    """The fewest gestures that preview `wanted` in the placement picker: the spaces to tap
    (each one of the tile's own), and how many times to turn it with Rotate."""
    best: tuple[int, list[str], int] | None = None
    own = [key(c) for c in wanted]
    for length in (1, 2, 3):
        for keys in permutations(own, length):
            left = through(placements, list(keys))
            index = next((i for i, p in enumerate(left) if same(p, wanted)), None)
            assert index is not None, f"the scripted placement {wanted} is not offered"
            cost = length + index
            if best is None or cost < best[0]:
                best = (cost, list(keys), index)
    assert best is not None
    return best[1], best[2]


class IsleDriver:
    def record(self, table: Table, event: dict[str, Any]) -> None:
        page, kind, data = table.page, event["type"], event.get("data", {})
        picker = page.locator(f".iop-picker[data-type={kind}]")
        offered = table.expected()["options"].get(kind, {})

        def gestures() -> None:
            if kind == "starting_tile_declared":
                table.tap(picker.locator(":scope > .form-foot .record-btn"))
            elif kind == "tile_revealed":
                table.tap(picker.locator(f".iop-reveal-tile[data-tile='{data['tile_id']}']"))
                table.tap(picker.locator(":scope > .form-foot .record-btn"))
            elif kind == "tile_taken":
                choices = sorted(data.get("portal_choices") or [], key=KINDS.index)
                if choices:
                    table.tap(picker.locator(f".iop-take-kind[data-slot={data['display_id']}][data-choices='{_json(choices)}']"))
                else:
                    table.tap(picker.locator(f".iop-take-tile[data-slot={data['display_id']}]"))
                table.tap(picker.locator(":scope > .form-foot .record-btn"))
            elif kind == "tile_placed":
                keys, turns = placement_taps(offered["placements"], data["cells"])
                for k in keys:
                    table.tap(picker.locator(f"g[role=button][data-cell='{k}']"))
                for _ in range(turns):
                    table.tap(picker.locator("button.iop-rotate"))
                table.tap(picker.locator(":scope > .form-foot .record-btn"))
            elif kind == "explorer_moved":
                to = data["to"]
                if len(offered["to"]) > 1:
                    table.tap(picker.locator(f"g[role=button][data-cell='{to['q']},{to['r']}']"))
                table.tap(picker.locator(":scope > .form-foot .record-btn"))
            elif kind == "animals_observed":
                table.tap(picker.locator(f"button[data-kind={data['kind']}][data-count='{data['count']}']"))
            elif kind == "end_turn":
                table.tap(page.locator("[data-focus-key='quick:end_turn']"))
            else:
                raise AssertionError(f"no gesture for {event}")

        table.record(event, gestures)


def _json(kinds: list[str]) -> str:
    return "[" + ",".join(f'"{k}"' for k in kinds) + "]"


# Two rounds of two players: 28 events, the Starting Tile and the three opening reveals, then
# four turns (take, refill, place, move, observe, end), the second round ending with Ben's.
GAME = ScriptedGame(engine="isle-of-pan", length=28, driver=IsleDriver())
