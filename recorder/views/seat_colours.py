"""Seat colours a game asks for.

The pages colour each seat from ``--seat-N`` (app.css).  A game whose players own
coloured pieces (Pan Am's airlines are red, green...) may ask for those colours instead,
through an optional engine hook ``seat_colours(state) -> [css colour | None]``, so that
the standings, the chart and the board all show a player in the colour of their pieces
on the table.  Only plain ``#rrggbb`` values pass: the result lands in a ``style``
attribute, and a colour name typed at set-up must never reach CSS.
"""

from __future__ import annotations

import re

import engines
from engines import State

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
SEAT_SLOTS = 10


def seat_style(engine: engines.Engine, state: State) -> str:
    """``--seat-0: #c62828; --seat-1: ...`` for the seats the engine colours, or ""."""
    colours = engine.seat_colours(state)
    return "; ".join(
        f"--seat-{seat}: {colour}"
        for seat, colour in enumerate(colours[:SEAT_SLOTS])
        if isinstance(colour, str) and _HEX.fullmatch(colour)
    )
