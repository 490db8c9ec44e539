"""Reading a tablescribe-game document: is it one, of a version this server reads, and is
every field of a shape the store can hold?

The checks go from the outside in, so the error names the first thing wrong: not a
game document at all, then a format version this server does not read, then the fields.
What is returned is the document as it came, never marshmallow's loaded copy: the hash
chain covers the raw values, so nothing may be converted on the way in.
"""

from __future__ import annotations

import json
import math
from typing import Any

from marshmallow import ValidationError, fields, validate

from recorder.correction_schemas import MAX_SEQ
from recorder.errors import validation_messages
from recorder.exports.game_json import FORMAT, FORMAT_VERSION
from recorder.import_problems import ImportUnreadable
from recorder.jsonish import unstorable
from recorder.models import NAME_MAX
from recorder.schemas import BOARD_ID, BoardFileIn, Override, PlayerIn, Strict, Text

HASH = validate.Regexp(r"^[0-9a-f]{64}$", error="Not a SHA-256 hash in lowercase hex.")
# The store's own clock format (``utc_now_text``); fractions of any length up to microseconds.
TIMESTAMP = validate.Regexp(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$",
                            error="Not a UTC time as the store writes it (2026-11-30T19:02:00.000000Z).")
# Deeper than any engine's data goes, and shallow enough that nothing downstream recurses out.
MAX_DEPTH = 64
# Events whose field problems an answer names before it stops looking: a document of a
# million malformed events is refused in the time and memory of its first few.
MAX_BAD_EVENTS = 10


class ExactInteger(fields.Integer):
    """An integer in the JSON: not true/false (Python counts them as 1 and 0), not "3"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) is not int:
            raise ValidationError("Must be an integer.")
        return super()._deserialize(value, attr, data, **kwargs)


class PinnedBoardIn(Strict):
    """The saved board a game was recorded on, as its header pins it."""

    id = fields.String(required=True, validate=BOARD_ID)
    hash = fields.String(required=True, validate=HASH)


class HeaderIn(Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{32}$", error="Not a game id."))
    engine = Text(min=1, max=64, required=True)
    rules_version = Text(min=1, max=32, required=True)
    title = Text(min=1, max=200, required=True)
    players = fields.List(fields.Nested(PlayerIn), required=True, validate=validate.Length(min=1, max=20))
    options = fields.Dict(keys=fields.String(), required=True)
    created_at = fields.String(required=True, validate=TIMESTAMP)
    status = fields.String(required=True, validate=validate.OneOf(["in_progress", "finished"]))
    version = ExactInteger(required=True, validate=validate.Range(min=0, max=MAX_SEQ))
    genesis_hash = fields.String(required=True, validate=HASH)
    board = fields.Nested(PinnedBoardIn)


class FlagIn(Strict):
    """A judgement as ``Violation.to_dict`` writes it, plus the event a correction's flag names."""

    code = Text(min=1, max=64, required=True)
    rule = Text(max=200, required=True)
    message = Text(max=2000, required=True)
    severity = fields.String(required=True, validate=validate.OneOf(["error", "warning", "unverified"]))
    seq = ExactInteger(validate=validate.Range(min=1, max=MAX_SEQ))


class EventIn(Strict):
    seq = ExactInteger(required=True, validate=validate.Range(min=1, max=MAX_SEQ))
    type = Text(min=1, max=64, required=True)
    actor = Text(min=1, max=NAME_MAX, required=True, allow_none=True)
    data = fields.Dict(keys=fields.String(), required=True)
    note = Text(max=2000, required=True, allow_none=True)
    recorded_at = fields.String(required=True, validate=TIMESTAMP)
    recorded_by = Text(min=1, max=NAME_MAX, required=True, allow_none=True)
    idempotency_key = Text(min=1, max=200, required=True, allow_none=True)
    override = fields.Nested(Override, required=True, allow_none=True)
    flags = fields.List(fields.Nested(FlagIn), required=True)
    prev_hash = fields.String(required=True, validate=HASH)
    hash = fields.String(required=True, validate=HASH)


class SignatureIn(Strict):
    """The signature of the game's head (recorder/signing.py); checked after the chain."""

    algorithm = fields.String(required=True, validate=validate.OneOf(["ed25519"]))
    key_id = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{16}$", error="Not a key id."))
    public_key = fields.String(required=True, validate=validate.Length(max=64))
    value = fields.String(required=True, validate=validate.Length(max=128))


class DocumentIn(Strict):
    format = fields.String(required=True)
    format_version = ExactInteger(required=True)
    game = fields.Nested(HeaderIn, required=True)
    declared = fields.Dict(keys=fields.String(), required=True)
    # Each event is loaded apart (``event_problems``), so that the errors stop at the first few.
    events = fields.List(fields.Raw(), required=True)
    standings = fields.Dict(keys=fields.String(), required=True)
    board = fields.Nested(BoardFileIn)
    signature = fields.Nested(SignatureIn)  # absent from exports of before issue 22: still read


def game_id_of(value: Any) -> str | None:
    """The game id a document claims, for naming it in a report, if it has a readable one."""
    game = value.get("game") if isinstance(value, dict) else None
    found = game.get("id") if isinstance(game, dict) else None
    return found[:64] if isinstance(found, str) else None


def read_document(value: Any) -> dict[str, Any]:
    """``value`` (parsed JSON) as a game document, or ImportUnreadable naming what is wrong."""
    game = game_id_of(value)
    if not isinstance(value, dict) or value.get("format") != FORMAT:
        found = value.get("format") if isinstance(value, dict) else type(value).__name__
        raise ImportUnreadable("import/not-a-game", f"Not a {FORMAT} document (format: {found!r})", game=game)
    version = value.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise ImportUnreadable(
            "import/format-version",
            f"{FORMAT} format version {version!r} is not one this server reads (it reads {FORMAT_VERSION})",
            game=game)
    problem = unstorable(value, max_depth=MAX_DEPTH)
    if problem:
        raise ImportUnreadable("import/invalid", f"Invalid field(s): {problem[0]}", game=game,
                               fields={problem[0]: [problem[1]]})
    problems: dict[str, Any] = {}
    try:
        DocumentIn().load(value)
    except ValidationError as exc:
        problems = validation_messages("", exc)
    if isinstance(value.get("events"), list):
        problems.update(event_problems(value["events"]))
    if problems:
        raise ImportUnreadable("import/invalid", f"Invalid field(s): {', '.join(sorted(problems))}",
                               game=game, fields=problems)
    return value


def event_problems(events: list[Any], limit: int = MAX_BAD_EVENTS) -> dict[str, Any]:
    """The field problems of the first ``limit`` malformed events, by path (``events.3.seq``)."""
    schema, problems, bad = EventIn(), {}, 0
    for index, event in enumerate(events):
        try:
            schema.load(event)
        except ValidationError as exc:
            problems.update(validation_messages(f"events.{index}", exc))
            bad += 1
            if bad == limit:
                break
    return problems


def parse_json(text: str | bytes, where: str = "The file") -> Any:
    """Parsed JSON, or ImportUnreadable saying where it stops making sense (a truncated
    file ends in the middle of a value)."""
    try:
        return json.loads(text, parse_constant=_no_constants, parse_float=_finite)
    except UnicodeDecodeError as exc:
        raise ImportUnreadable("import/not-json", f"{where} is not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    except RecursionError:
        raise ImportUnreadable("import/not-json", f"{where} is JSON nested too deeply to read") from None
    except json.JSONDecodeError as exc:
        truncated = exc.pos >= len(exc.doc.rstrip()) if exc.doc else True
        why = "it ends before the JSON does (truncated?)" if truncated else exc.msg
        if exc.msg == "Extra data":
            why += " (several documents? send them as NDJSON, one a line)"
        raise ImportUnreadable(
            "import/not-json", f"{where} is not valid JSON: {why}, at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:  # NaN and Infinity, or an integer longer than Python will read
        raise ImportUnreadable("import/not-json", f"{where} is not JSON this server reads: {exc}") from None


def _finite(text: str) -> float:
    """1e400 is valid JSON for a number no float holds: refuse it, as NaN is refused."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is too large for a number")
    return number


def _no_constants(name: str) -> Any:
    """NaN and Infinity are not JSON, and no hash could be computed over them."""
    raise ValueError(f"{name} is not a JSON number")
