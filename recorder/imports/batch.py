"""Importing one document or a whole NDJSON file, with a report of every game.

A bulk file is read a line at a time and each game is imported in its own transaction,
so memory holds one game and a bad game costs only itself: it is reported (which line,
which game, which event, why) and the others go in.  The API, the CLI and the home
page all build their answers from this ``Report``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from recorder.imports.document import game_id_of, parse_json, read_document
from recorder.imports.problems import ImportRefused

NDJSON_TYPES = ("application/x-ndjson", "application/jsonl")
log = logging.getLogger(__name__)


@dataclass
class Report:
    """What happened to each game of one file, in file order."""

    games: list[dict[str, Any]] = field(default_factory=list)
    problems: list[dict[str, Any]] = field(default_factory=list)
    # Hears each game as it goes in: the CLI writes a new write token down at once, so
    # that nothing that happens later in the file can lose it.
    on_game: Callable[[dict[str, Any]], None] | None = None

    def add_game(self, entry: dict[str, Any]) -> None:
        self.games.append(entry)
        if self.on_game is not None:
            self.on_game(entry)

    def count(self, status: str) -> int:
        return sum(1 for game in self.games if game["status"] == status)

    @property
    def events(self) -> int:
        """Events stored by this import (a game already here adds none)."""
        return sum(game["events"] for game in self.games if game["status"] == "imported")

    def to_dict(self) -> dict[str, Any]:
        return {"imported": self.count("imported"), "present": self.count("present"),
                "refused": len(self.problems), "events": self.events,
                "games": self.games, "problems": self.problems}

    def summary(self) -> str:
        """One line for a person: how many games went in, were here already, were refused."""
        return (f"Imported {self.count('imported')} games ({self.events} events); "
                f"{self.count('present')} already here; {len(self.problems)} refused.")


def problem_of(error: ImportRefused, line: int | None) -> dict[str, Any]:
    """A refusal as a report entry: where, which game, which event, why."""
    return {"line": line, "game": error.game, "seq": error.seq, "code": error.code, "message": error.message,
            **{k: v for k, v in error.details.items() if k in ("fields", "violations")}}


def import_document(store: Any, value: Any, line: int | None = None) -> dict[str, Any]:
    """Import one parsed document; the outcome as a report entry (raises ImportRefused)."""
    outcome = store.import_game(read_document(value))
    entry: dict[str, Any] = {"line": line, "id": outcome.game_id, "title": outcome.title,
                             "status": outcome.status, "events": outcome.events}
    if outcome.write_token is not None:
        entry["write_token"] = outcome.write_token
    return entry


def import_lines(store: Any, lines: Iterable[bytes | str], report: Report | None = None) -> Report:
    """Import every non-blank line of an NDJSON file; ``report`` collects the outcomes
    (pass one in to watch it grow, as the CLI's progress bar does)."""
    report = report if report is not None else Report()
    for number, raw in enumerate(lines, start=1):
        import_line(store, number, raw, report)
    return report


def import_line(store: Any, number: int, raw: bytes | str, report: Report) -> None:
    """One line of an NDJSON file into ``report``: a game, a problem, or nothing if blank."""
    if not raw.strip():
        return
    value: Any = None
    try:
        value = parse_json(raw, where=f"Line {number}")
        report.add_game(import_document(store, value, number))
    except ImportRefused as error:
        if error.game is None and value is not None:
            error.game = error.details["game"] = game_id_of(value)
        report.problems.append(problem_of(error, number))
    except Exception:  # noqa: BLE001 - one game's surprise must not cost the others their import
        log.exception("import of line %s failed unexpectedly", number)
        report.problems.append({"line": number, "game": game_id_of(value), "seq": None, "code": "import/internal",
                                "message": "This game could not be imported because of an error in the server; "
                                           "it is logged. The other games were imported."})


def import_file(store: Any, file: BinaryIO, report: Report, where: str,
                progress: Callable[[int], None] | None = None) -> None:
    """A whole file into ``report``: NDJSON if its first line is a whole JSON value (a
    compact export is one line), else one pretty-printed document.  ``progress`` hears
    the bytes of each line read; ``where`` names the file in its problems."""
    first = file.readline()
    while first and not first.strip():
        first = file.readline()
    file.seek(0)
    found = len(report.problems)
    try:
        parse_json(first)
    except ImportRefused:
        try:
            report.add_game(import_document(store, parse_json(file.read(), where=where)))
        except ImportRefused as error:
            report.problems.append(problem_of(error, None))
    else:
        for number, line in enumerate(file, start=1):
            import_line(store, number, line, report)
            if progress is not None:
                progress(len(line))
    for problem in report.problems[found:]:
        problem["file"] = where
