"""The Action table: where the white dice lie, and what taking one allows.

Rulebook: §3 Set up, steps 2-3 (placement, cascade, Mulligan Rule); §5 "Use a white
die from the Action Table" and "Transferring a die"; "Ship Movement" (how far a die
moves ships); §9 (2 and 3 players).

The table has six columns of three rows, one per pip value, and six single
Executive Action spaces.  Columns and spaces 1-3 are the blue side (movement), 4-6
the grey side (contracts and loading).  Dice are alike once placed, so a layout is
counts: ``{"columns": [c1, ..., c6], "executive": [occupied values, ascending]}``,
plain JSON.

Row numbering ({INFER}, the note's PX-AMB-8): a column's dice fill its highest rows
first, and a player takes the lowest.  With ``k`` dice in the column before the take,
the exposed row is ``4 - k``: the number of containers that may be loaded, and
equally the empty spaces left in the column, which is the number of waterway moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from engines.base import Violation

ROWS = 3
PIPS = range(1, 7)
MOVEMENT_SIDE = (1, 2, 3)  # blue
CONTRACT_SIDE = (4, 5, 6)  # grey
# §3 steps 2-3 and §9: (Action dice, Executive Action dice) by number of players.
DICE_BY_PLAYERS = {2: (10, 2), 3: (9, 3), 4: (12, 4)}
# Mulligan Rule (§3 step 3; §9's note): re-roll when either side holds this few dice or fewer.
MULLIGAN_AT_MOST = {2: 3, 3: 3, 4: 4}
EXECUTIVE_LOADS = 3  # "If the player selects an Executive Action die the number of containers ... is 3"
EXECUTIVE_WATERWAYS = 3  # "When removing an Executive Action die the number of waterway movements ... is 3"
TRANSFER_COST = 5  # "The cost of performing a transfer is $5 paid from the Company assets"
TRANSFER_COST_WITH_PASSENGER = 2  # Passenger benefit: "transferred ... for $2"

SETUP_RULE = "Set up (Action table)"
TAKE_RULE = "Use a white die from the Action Table"
TRANSFER_RULE = "Transferring a die"

Layout = dict[str, list[int]]
Side = Literal["movement", "contract"]


def side_of(pips: int) -> Side:
    """Blue (1-3) dice move ships; grey (4-6) dice take contracts and load cargo."""
    return "movement" if pips in MOVEMENT_SIDE else "contract"


def cascade(rolls: Sequence[int], capacity: int) -> list[int]:
    """How many dice each value's column (or space) holds once ``rolls`` are placed.

    §3 step 2: each die goes in its own column while there is room; an extra die
    "cascade[s] ... to the left (downward from 6 to 1) into the next column with an
    available row and assume[s] the new value", and extra dice at 1 "reverse the
    cascade to the right".  Step 3 places the Executive dice "in the same manner".
    The note checked every multiset of rolls: the order the extra dice are taken in
    never changes the counts.

    >>> cascade([6, 6, 6, 6, 1, 1, 1, 1], 3)
    [3, 1, 0, 0, 1, 3]
    >>> cascade([2, 2, 4], 1)
    [1, 1, 0, 1, 0, 0]
    """
    counts = [0] * 6
    extra: list[int] = []
    for value in sorted(rolls):
        if counts[value - 1] < capacity:
            counts[value - 1] += 1
        else:
            extra.append(value)
    for value in extra:
        left = [column for column in range(value - 1, 0, -1) if counts[column - 1] < capacity]
        right = [column for column in range(2, 7) if counts[column - 1] < capacity]
        column = left[0] if left else right[0]
        counts[column - 1] += 1
    return counts


def layout_from_rolls(action_rolls: Sequence[int], executive_rolls: Sequence[int]) -> Layout:
    """The table as §3 steps 2-3 lay it out from the two rolls.

    >>> layout_from_rolls([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6], [1, 4, 4, 6])
    {'columns': [2, 2, 2, 2, 2, 2], 'executive': [1, 3, 4, 6]}
    """
    spaces = cascade(executive_rolls, 1)
    return {"columns": cascade(action_rolls, ROWS), "executive": [pips for pips in PIPS if spaces[pips - 1]]}


def side_counts(layout: Layout) -> tuple[int, int]:
    """Dice on the blue side and on the grey side, Action and Executive dice alike."""
    columns, executive = layout["columns"], layout["executive"]
    blue = sum(columns[:3]) + sum(1 for pips in executive if pips in MOVEMENT_SIDE)
    grey = sum(columns[3:]) + sum(1 for pips in executive if pips in CONTRACT_SIDE)
    return blue, grey


def roll_problems(players: int, action_rolls: Sequence[int] | None, executive_rolls: Sequence[int] | None,
                  layout: Layout) -> list[Violation]:
    """What is wrong with a round's roll as recorded: PX-S3 (dice counts and places),
    PX-S5 (the layout is not what the rolls give), PX-S4 (the Mulligan Rule asks for
    a re-roll).  Rolls are optional (a table may record only where the dice lie)."""
    action_count, executive_count = DICE_BY_PLAYERS[players]
    problems: list[Violation] = []
    for name, rolls, wanted in (("Action", action_rolls, action_count), ("Executive", executive_rolls, executive_count)):
        if rolls is not None and len(rolls) != wanted:
            problems.append(Violation("PX-S3", SETUP_RULE, f"{players} players roll {wanted} {name} dice, not {len(rolls)}"))
    columns, executive = layout["columns"], layout["executive"]
    if len(columns) != 6 or any(not 0 <= count <= ROWS for count in columns) or sum(columns) != action_count:
        problems.append(Violation("PX-S3", SETUP_RULE,
                                  f"The {action_count} Action dice lie at most {ROWS} to a column; {columns} is not such a layout"))
    if len(set(executive)) != len(executive) or any(pips not in PIPS for pips in executive) or len(executive) != executive_count:
        problems.append(Violation("PX-S3", SETUP_RULE,
                                  f"The {executive_count} Executive dice lie one to a space; {executive} is not such a layout"))
    if problems:
        return problems
    if action_rolls is not None and executive_rolls is not None:
        expected = layout_from_rolls(action_rolls, executive_rolls)
        if expected != {"columns": list(columns), "executive": sorted(executive)}:
            problems.append(Violation("PX-S5", SETUP_RULE, f"Rolls {sorted(action_rolls)} and {sorted(executive_rolls)} "
                                      f"cascade to {expected}, not {dict(layout)}"))
            return problems
    blue, grey = side_counts(layout)
    if min(blue, grey) <= MULLIGAN_AT_MOST[players]:
        problems.append(Violation("PX-S4", "Mulligan Rule", f"{blue} dice on the blue side and {grey} on the grey: "
                                  f"{MULLIGAN_AT_MOST[players]} or fewer on a side, so every die is rolled again"))
    return problems


def layout_of(data: Mapping[str, Any]) -> Layout | None:
    """An ``action_table_rolled`` event's layout: the one recorded, else the one its two
    rolls cascade to (the table need only say the dice as they fell), else None.

    >>> layout_of({"action_rolls": [1, 1, 1, 1, 2, 3, 4, 5, 6], "executive_rolls": [2, 4, 5]})
    {'columns': [3, 2, 1, 1, 1, 1], 'executive': [2, 4, 5]}
    """
    if data.get("layout") is not None:
        return {"columns": list(data["layout"]["columns"]), "executive": list(data["layout"]["executive"])}
    if data.get("action_rolls") is None or data.get("executive_rolls") is None:
        return None
    return layout_from_rolls(data["action_rolls"], data["executive_rolls"])


def recorded_roll_problems(players: int, data: Mapping[str, Any]) -> list[Violation]:
    """What refuses an ``action_table_rolled`` event (at the set-up or between rounds):
    PX-S3 and PX-S5.  The Mulligan Rule (PX-S4) refuses no roll: the dice were rolled,
    and that is a fact; it asks for another roll (``standing_layout``)."""
    layout = layout_of(data)
    if layout is None:
        return [Violation("PX-S3", SETUP_RULE, "Name where the dice lie (layout), or both rolls as they fell")]
    found = roll_problems(players, data.get("action_rolls"), data.get("executive_rolls"), layout)
    return [problem for problem in found if problem.code != "PX-S4"]


def standing_layout(players: int, data: Mapping[str, Any]) -> Layout | None:
    """The recorded layout, or None when the Mulligan Rule sends every die back."""
    found = layout_of(data)
    if found is None:
        return None
    layout = {"columns": list(found["columns"]), "executive": sorted(found["executive"])}
    return None if min(side_counts(layout)) <= MULLIGAN_AT_MOST[players] else layout


def executive_available(layout: Layout, pips: int) -> bool:
    """PX-T4: "an Executive Action die, but ONLY if there are no Action dice in that column"."""
    return pips in layout["executive"] and layout["columns"][pips - 1] == 0


def take_problems(layout: Layout, source: Mapping[str, Any]) -> list[Violation]:
    """PX-T3 and PX-T4: ``{"column": c}`` needs a die in column c; ``{"executive": v}``
    needs that space's die and an empty column v."""
    if "column" in source:
        column = source["column"]
        if layout["columns"][column - 1] == 0:
            return [Violation("PX-T3", TAKE_RULE, f"Column {column} of the Action table has no die left")]
        return []
    pips = source["executive"]
    if pips not in layout["executive"]:
        return [Violation("PX-T4", TAKE_RULE, f"The Executive Action space {pips} has no die")]
    if layout["columns"][pips - 1]:
        return [Violation("PX-T4", TAKE_RULE, f"The Executive Action die {pips} may be taken only once column {pips} "
                          f"is empty; it holds {layout['columns'][pips - 1]}")]
    return []


def take(layout: Layout, source: Mapping[str, Any]) -> tuple[Layout, int]:
    """The table after the die is taken, and the exposed row (``4 - k``; a column's die
    only).  For an Executive die the second value is its pips."""
    columns, executive = list(layout["columns"]), list(layout["executive"])
    if "column" in source:
        column = source["column"]
        row = ROWS + 1 - columns[column - 1]
        columns[column - 1] -= 1
        return {"columns": columns, "executive": executive}, row
    executive.remove(source["executive"])
    return {"columns": columns, "executive": executive}, source["executive"]


def allowance(source: Mapping[str, Any], row_or_pips: int, column_locks: Mapping[int, int] | None = None) -> dict[str, int]:
    """What the die taken allows ("Ship Movement"; "Choose 1 Contract card and/or Load Cargo"):

    - a blue column's die: ``waterway`` = the empty spaces left in the column (the
      exposed row), ``lock`` = the number at the column's base (the board's; by
      default the column's own value, {INFER} until a board file says);
    - a blue Executive die: 3 waterway moves and as many locks as its pips;
    - a grey column's die: ``loads`` = the exposed row; a grey Executive die: 3 loads.

    >>> allowance({"column": 2}, 3), allowance({"executive": 5}, 5)
    ({'waterway': 3, 'lock': 2}, {'loads': 3})
    """
    pips = source.get("column", source.get("executive"))
    if side_of(pips) == "contract":
        return {"loads": row_or_pips if "column" in source else EXECUTIVE_LOADS}
    if "column" in source:
        locks = (column_locks or {}).get(pips, pips)
        return {"waterway": row_or_pips, "lock": locks}
    return {"waterway": EXECUTIVE_WATERWAYS, "lock": pips}


def transfer_cost(passenger_discount: bool, first_flag_column: bool) -> int:
    """$5, $2 with the Passenger benefit, nothing once the first flag column is full
    ("The Clipboard": "any die may be transferred ... for free")."""
    if first_flag_column:
        return 0
    return TRANSFER_COST_WITH_PASSENGER if passenger_discount else TRANSFER_COST


def transfer_problems(layout: Layout, source: Mapping[str, Any], to_column: int, company_money: int,
                      cost: int) -> list[Violation]:
    """PX-T7: the lowest die of a column, or an available Executive die, goes to a column
    on the **other** side with room (never a space, never its own side), and the company
    pays the cost."""
    problems = take_problems(layout, source)
    if problems:
        return [Violation("PX-T7", TRANSFER_RULE, problem.message) for problem in problems]
    pips = source.get("column", source.get("executive"))
    if side_of(to_column) == side_of(pips):
        problems.append(Violation("PX-T7", TRANSFER_RULE, f"A die goes to the other side of the table: from {pips} to "
                                  f"column {to_column} stays on the {side_of(pips)} side"))
    elif layout["columns"][to_column - 1] >= ROWS:
        problems.append(Violation("PX-T7", TRANSFER_RULE, f"Column {to_column} already holds {ROWS} dice"))
    if company_money < cost:
        problems.append(Violation("PX-T7", TRANSFER_RULE, f"A transfer costs the company ${cost}; it has ${company_money}"))
    return problems


def transfer(layout: Layout, source: Mapping[str, Any], to_column: int) -> Layout:
    """The table after the die moved: it lies on the highest free row of its new
    column, which is that column's lowest die, the one the player must now take (PX-T8)."""
    moved, _ = take(layout, source)
    columns = list(moved["columns"])
    columns[to_column - 1] += 1
    return {"columns": columns, "executive": moved["executive"]}


def is_empty(layout: Layout) -> bool:
    """PX-E1: the round ends when no Action or Executive die is left."""
    return not any(layout["columns"]) and not layout["executive"]
