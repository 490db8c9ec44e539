"""Importing one document or a whole NDJSON file, with a report of every game.

A bulk file is read a line at a time and each game is imported in its own transaction,
so memory holds one game and a bad game costs only itself: it is reported (which line,
which game, which event, why) and the others go in.  The API, the CLI and the home
page all build their answers from this ``Report``.

A report lists the first ``MAX_LISTED_PROBLEMS`` refusals and counts the rest
(``more_problems``): a file of millions of useless lines is then judged in memory
that does not grow with it, and answered in a few kilobytes (issue 22, part 3).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from recorder.import_problems import ImportRefused
from recorder.imports.document import game_id_of, parse_json, read_document
from recorder.provenance import provenance, signature_verdict
from recorder.signing import current_ring
from recorder.store import utc_now_text

NDJSON_TYPES = ("application/x-ndjson", "application/jsonl")
# Enough to fix a file by (the first problems are the ones to fix first); the rest are counted.
MAX_LISTED_PROBLEMS = 100
log = logging.getLogger(__name__)


@dataclass
class Report:
    """What happened to each game of one file, in file order."""

    games: list[dict[str, Any]] = field(default_factory=list)
    # The first ``max_problems`` refusals; ``refused`` counts them all.
    problems: list[dict[str, Any]] = field(default_factory=list)
    refused: int = 0
    max_problems: int = MAX_LISTED_PROBLEMS
    # Hears each game as it goes in: the CLI writes a new write token down at once, so
    # that nothing that happens later in the file can lose it.
    on_game: Callable[[dict[str, Any]], None] | None = None
    # Hears every refusal, listed or not: the CLI prints each as it comes.
    on_problem: Callable[[dict[str, Any]], None] | None = None

    def add_game(self, entry: dict[str, Any]) -> None:
        self.games.append(entry)
        if self.on_game is not None:
            self.on_game(entry)

    def add_problem(self, problem: dict[str, Any]) -> None:
        """Count a refusal; keep it only while fewer than ``max_problems`` are listed."""
        self.refused += 1
        if len(self.problems) < self.max_problems:
            self.problems.append(problem)
        if self.on_problem is not None:
            self.on_problem(problem)

    @property
    def more_problems(self) -> int:
        """Refusals counted but not listed."""
        return self.refused - len(self.problems)

    def count(self, status: str) -> int:
        return sum(1 for game in self.games if game["status"] == status)

    @property
    def events(self) -> int:
        """Events stored by this import (a game already here adds none)."""
        return sum(game["events"] for game in self.games if game["status"] == "imported")

    def to_dict(self) -> dict[str, Any]:
        return {"imported": self.count("imported"), "present": self.count("present"),
                "refused": self.refused, "events": self.events,
                "games": self.games, "problems": self.problems, "more_problems": self.more_problems}

    def summary(self) -> str:
        """One line for a person: how many games went in, were here already, were refused."""
        unlisted = f" (the first {len(self.problems)} listed)" if self.more_problems else ""
        return (f"Imported {self.count('imported')} games ({self.events} events); "
                f"{self.count('present')} already here; {self.refused} refused{unlisted}.")


def problem_of(error: ImportRefused, line: int | None) -> dict[str, Any]:
    """A refusal as a report entry: where, which game, which event, why."""
    return {"line": line, "game": error.game, "seq": error.seq, "code": error.code, "message": error.message,
            **{k: v for k, v in error.details.items() if k in ("fields", "violations")}}


def import_document(store: Any, value: Any, line: int | None = None, source: str = "POST /api/import") -> dict[str, Any]:
    """Import one parsed document; the outcome as a report entry (raises ImportRefused).
    The game is marked imported from ``source``, with what its signature showed."""
    document = read_document(value)
    verdict = signature_verdict(document, current_ring())
    outcome = store.import_game(document, imported=provenance(document, verdict, source, utc_now_text()))
    entry: dict[str, Any] = {"line": line, "id": outcome.game_id, "title": outcome.title,
                             "status": outcome.status, "events": outcome.events,
                             "signed_by": verdict.signed_by, "verified": verdict.verified}
    if outcome.write_token is not None:
        entry["write_token"] = outcome.write_token
    return entry


def import_lines(store: Any, lines: Iterable[bytes | str], report: Report | None = None,
                 source: str = "POST /api/import") -> Report:
    """Import every non-blank line of an NDJSON file; ``report`` collects the outcomes
    (pass one in to watch it grow, as the CLI's progress bar does)."""
    report = report if report is not None else Report()
    for number, raw in enumerate(lines, start=1):
        import_line(store, number, raw, report, source=source)
    return report


def import_line(store: Any, number: int, raw: bytes | str, report: Report, where: str | None = None,
                source: str | None = None) -> None:
    """One line of an NDJSON file into ``report``: a game, a problem, or nothing if blank
    (``where``: the file's name, for its problems; ``source``: how the games came)."""
    if not raw.strip():
        return
    value: Any = None
    try:
        value = parse_json(raw, where=f"Line {number}")
        report.add_game(import_document(store, value, number, source or f"file {where}"))
    except ImportRefused as error:
        if error.game is None and value is not None:
            error.game = error.details["game"] = game_id_of(value)
        report.add_problem(_in_file(problem_of(error, number), where))
    except Exception:  # noqa: BLE001 - one game's surprise must not cost the others their import
        log.exception("import of line %s failed unexpectedly", number)
        report.add_problem(_in_file({
            "line": number, "game": game_id_of(value), "seq": None, "code": "import/internal",
            "message": "This game could not be imported because of an error in the server; "
                       "it is logged. The other games were imported."}, where))


def _in_file(problem: dict[str, Any], where: str | None) -> dict[str, Any]:
    """A problem that names the file it is in, when there is one to name."""
    if where is not None:
        problem["file"] = where
    return problem


def import_file(store: Any, file: IO[bytes], report: Report, where: str,
                progress: Callable[[int], None] | None = None) -> None:
    """A whole file into ``report``: NDJSON if its first line is a whole JSON value (a
    compact export is one line), else one pretty-printed document.  ``progress`` hears
    the bytes of each line read; ``where`` names the file in its problems."""
    first = file.readline()
    while first and not first.strip():
        first = file.readline()
    file.seek(0)
    try:
        parse_json(first)
    except ImportRefused:
        try:
            report.add_game(import_document(store, parse_json(file.read(), where=where), source=f"file {where}"))
        except ImportRefused as error:
            report.add_problem(_in_file(problem_of(error, None), where))
    else:
        for number, line in enumerate(file, start=1):
            import_line(store, number, line, report, where)
            if progress is not None:
                progress(len(line))
