"""Every check code an engine can report, declared once: the code, the rulebook sections it
is reported with, and the rule it checks, in one line.

A ``Violation`` (and a board file's ``BoardProblem``) carries a stable ``code`` for programs
and the rulebook section in ``rule`` for people.  Each game declares its own codes in
``engines/<game>/codes.py`` (``CODES = codebook(...)``), which its engine class publishes as
``codes``; the codes below (``GENERIC_CODES``) are the ones any engine may report that no game
owns: the shared guards (an unknown event type or player), the rules profile, the board file
and declared data.  ``GET /api/engines`` lists both (``published``), and
``python -m engines.codes_doc`` writes them into ``docs/engines/<engine>.md``.

A code keeps its meaning for ever: stored games carry it.  ``sections`` are the section
strings exactly as the engine passes them in ``Violation(code, rule, ...)``, every one of them
when one code is reported under several sections.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class CheckCode:
    """One check: its ``code``, every rulebook ``sections`` string it is reported with (as in
    ``Violation.rule``), and the ``rule`` it checks, in one line.

    >>> CheckCode("XX-C01", ("Set up",), "2 to 4 players, each a distinct, non-empty name").to_dict()
    {'code': 'XX-C01', 'sections': ['Set up'], 'rule': '2 to 4 players, each a distinct, non-empty name'}
    >>> CheckCode("XX-C02", (), "Anything")
    Traceback (most recent call last):
    ...
    ValueError: XX-C02 names no section
    >>> CheckCode("XX-C03", ("Set up",), "Two\\nlines")
    Traceback (most recent call last):
    ...
    ValueError: XX-C03: the rule is one line of text
    """

    code: str
    sections: tuple[str, ...]
    rule: str

    def __post_init__(self) -> None:
        if not isinstance(self.code, str) or not self.code.strip() or self.code != self.code.strip():
            raise ValueError(f"{self.code!r} is not a check code")
        if not isinstance(self.sections, tuple) or not self.sections:
            raise ValueError(f"{self.code} names no section")
        if not all(isinstance(s, str) and s.strip() for s in self.sections):
            raise ValueError(f"{self.code}: every section is a non-empty string")
        if len(set(self.sections)) != len(self.sections):
            raise ValueError(f"{self.code}: a section is given twice")
        if not isinstance(self.rule, str) or not self.rule.strip() or "\n" in self.rule or "\r" in self.rule:
            raise ValueError(f"{self.code}: the rule is one line of text")

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "sections": list(self.sections), "rule": self.rule}


def codebook(*codes: CheckCode) -> Mapping[str, CheckCode]:
    """The codes by code, read-only, in the order given; a code given twice is refused.

    >>> book = codebook(CheckCode("XX-C01", ("Set up",), "2 to 4 players"))
    >>> list(book), book["XX-C01"].sections
    (['XX-C01'], ('Set up',))
    >>> codebook(CheckCode("XX-C01", ("Set up",), "2 to 4 players"), CheckCode("XX-C01", ("Play",), "Again"))
    Traceback (most recent call last):
    ...
    ValueError: check code 'XX-C01' given twice
    """
    book: dict[str, CheckCode] = {}
    for code in codes:
        if code.code in book:
            raise ValueError(f"check code {code.code!r} given twice")
        book[code.code] = code
    return MappingProxyType(book)


def published(own: Mapping[str, CheckCode], generic: Mapping[str, CheckCode] | None = None) -> list[CheckCode]:
    """An engine's codes as ``GET /api/engines`` lists them: its ``own`` and the generic ones,
    sorted by code.  A game may not declare a generic code as its own.

    >>> [c.code for c in published(codebook(CheckCode("XX-C01", ("Set up",), "2 to 4 players")))][:3]
    ['XX-C01', 'board/shape', 'board/twice']
    """
    generic = GENERIC_CODES if generic is None else generic
    both = set(own) & set(generic)
    if both:
        raise ValueError(f"generic check codes declared by a game too: {sorted(both)}")
    return sorted([*own.values(), *generic.values()], key=lambda c: c.code)


def _generic(code: str, sections: Iterable[str], rule: str) -> CheckCode:
    return CheckCode(code, tuple(sections), rule)


# The codes no game owns.  A game reports some of them under its own rulebook's section (an
# unknown event type under "The Play", "Game Turns"...), so their sections are every section
# any engine passes with them.
GENERIC_CODES: Mapping[str, CheckCode] = codebook(
    _generic("board/shape", ("Board file",),
             "A board file has the shape of its engine's board file schema (known sections and fields, right types)"),
    _generic("board/twice", ("Board file",),
             "A game is recorded on a saved board or on the board option's file, not on both"),
    _generic("declared/conflict", ("Declared data", "Setup: 3. Shuffle the Landscape tiles"),
             "What an event declares agrees with what was declared before, a board's facts included (a tile comes out once)"),
    _generic("event/actor-mismatch", ("Events",),
             "The player an event names is the player who records it"),
    _generic("event/game-over", ("End of the game",),
             "No event follows the end of the game (engines on engines.table_engine.TableEngine)"),
    _generic("event/not-your-turn", ("Turn order",),
             "An event of the turn is recorded for the player whose turn it is (engines on engines.table_engine.TableEngine)"),
    _generic("event/unknown-player", ("Directive Cards", "End of the Game", "Events", "Player Setup", "Preparations",
                                      "Players", "Set up"),
             "Every player an event names (its actor, or a player in its data) is a player of the game"),
    _generic("event/unknown-type", ("Events", "Game Turns", "Playing the Game", "The Play"),
             "The event type is one of the game's event types"),
    _generic("options/invalid", ("Rules profile",),
             "Every option of the rules profile holds a value the engine accepts: its type, one of its choices, the game's limits"),
    _generic("options/unknown", ("Rules profile",),
             "Every option given is an option of the engine's rules profile"),
)
