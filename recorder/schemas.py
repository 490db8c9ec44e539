"""Request and response shapes of the HTTP API; the OpenAPI document is built from these."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

import engines
from recorder.exports.formats import FORMATS, TABLES
from recorder.jsonish import UNSTORABLE_TEXT, UNSTORABLE_TEXT_MESSAGE
from recorder.models import BOARD_NAME_MAX, DESCRIPTION_MAX, NAME_MAX, TITLE_MAX

MAX_INT = 2**31 - 1


def storable(value: str) -> None:
    if UNSTORABLE_TEXT.search(value):
        raise ValidationError(f"{UNSTORABLE_TEXT_MESSAGE}.")


def Text(*, min: int = 0, max: int, **kwargs: Any) -> fields.String:  # noqa: N802 (a field factory)
    """A string field whose value any supported database can store."""
    return fields.String(validate=[validate.Length(min=min, max=max), storable], **kwargs)




class Strict(Schema):
    """Unknown fields are an error, not silently dropped: a typo should be seen."""

    class Meta:
        unknown = RAISE


BOARD_ID = validate.Regexp(r"^[0-9a-f]{32}$", error="Not a board id.")
HASH = validate.Regexp(r"^[0-9a-f]{64}$", error="Not a SHA-256 hash in lowercase hex.")
GAME_ID = validate.Regexp(r"^[0-9a-f]{32}$", error="Not a game id.")


class PlayerIn(Strict):
    name = Text(min=1, max=NAME_MAX, required=True)


class GameCreate(Strict):
    # The enum documents the engines; the store still answers an unknown one by name.
    engine = Text(min=1, max=64, required=True, metadata={"enum": [e.name for e in engines.all_engines()]})
    title = Text(min=1, max=TITLE_MAX)
    players = fields.List(fields.Nested(PlayerIn), required=True, validate=validate.Length(min=1, max=20))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    board = fields.String(validate=BOARD_ID, metadata={
        "description": "A saved board of this game (GET /api/boards): the game is recorded on it"})


class Standings(Schema):
    final = fields.Boolean()
    players = fields.List(fields.Dict())
    winners = fields.List(fields.String())


class PinnedBoard(Schema):
    id = fields.String()
    name = fields.String()
    hash = fields.String()


class ImportedMark(Schema):
    """Where an imported game came from, and what its signature showed."""

    source = fields.String(metadata={"description": "How it came: POST /api/import, or file <name>"})
    at = fields.String(metadata={"description": "When it was imported"})
    version = fields.Integer(metadata={"description": "The version it was imported at"})
    signed_by = fields.String(allow_none=True, metadata={"description": "The key id its head was signed with"})
    verified = fields.Boolean(metadata={
        "description": "true only if signed by a key this server knows (GET /api/keys); "
                       "false: unsigned by a known server"})


class GameOut(Schema):
    id = fields.String()
    engine = fields.String()
    rules_version = fields.String()
    title = fields.String()
    players = fields.List(fields.Dict())
    options = fields.Dict()
    created_at = fields.String()
    status = fields.String()
    version = fields.Integer()
    genesis_hash = fields.String()
    board = fields.Nested(PinnedBoard, allow_none=True, metadata={
        "description": "The saved board the game is recorded on (null: none)"})
    imported = fields.Nested(ImportedMark, allow_none=True, metadata={
        "description": "null: recorded on this server; else the game was imported (docs/RELIABILITY.md)"})


class GameCreated(GameOut):
    write_token = fields.String(metadata={"description": "Shown once; send it as Authorization: Bearer <token>"})
    setup_flags = fields.List(fields.Dict())


class GameDetail(GameOut):
    standings = fields.Nested(Standings)
    expected = fields.Dict()
    steps = fields.Integer()


class GameListArgs(Strict):
    engine = Text(max=64)
    player = Text(max=NAME_MAX)
    status = fields.String(validate=validate.OneOf(["in_progress", "finished"]))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT))


class GamePage(Schema):
    games = fields.List(fields.Nested(GameOut))
    total = fields.Integer()
    limit = fields.Integer()
    offset = fields.Integer()


class Override(Strict):
    reason = Text(min=1, max=500, required=True)


class EventIn(Strict):
    type = Text(min=1, max=64, required=True)
    actor = Text(min=1, max=NAME_MAX, allow_none=True)
    data = fields.Dict(keys=fields.String(), load_default=dict)
    note = Text(max=2000, allow_none=True)
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_INT))
    idempotency_key = Text(min=1, max=200)
    override = fields.Nested(Override)
    recorded_by = Text(min=1, max=NAME_MAX)


class CheckedEvent(Strict):
    """One game event to judge without recording it."""

    type = Text(min=1, max=64, required=True)
    actor = Text(min=1, max=NAME_MAX, allow_none=True)
    data = fields.Dict(keys=fields.String(), load_default=dict)


CHECKS_MAX = 32


class ChecksIn(Strict):
    events = fields.List(fields.Nested(CheckedEvent), required=True,
                         validate=validate.Length(min=1, max=CHECKS_MAX))


class CheckResult(Schema):
    legal = fields.Boolean()
    violations = fields.List(fields.Dict(), metadata={"description": "The rules it breaks: code, rule, message"})
    warnings = fields.List(fields.Dict())
    fields_ = fields.Dict(attribute="fields", data_key="fields", metadata={"description": "Shape problems by field path"})


class ChecksOut(Schema):
    version = fields.Integer(metadata={"description": "The game version the events were judged against"})
    results = fields.List(fields.Nested(CheckResult))


class Appended(Schema):
    seq = fields.Integer()
    version = fields.Integer()
    flags = fields.List(fields.Dict(), metadata={"description": "The rules the table overrode, and warnings"})
    unchecked = fields.List(fields.Dict(), metadata={
        "description": "Checks that could not run for want of board data (severity unverified): not flags"})
    standings = fields.Nested(Standings)
    describe = fields.String(allow_none=True, metadata={"description": "The game log's line for a new game event"})


class EventsArgs(Strict):
    view = fields.String(load_default="effective", validate=validate.OneOf(["effective", "recorded"]))
    from_ = fields.Integer(data_key="from", validate=validate.Range(min=0, max=MAX_INT))
    to = fields.Integer(validate=validate.Range(min=0, max=MAX_INT))


class ExportArgs(Strict):
    format = fields.String(load_default="json", validate=validate.OneOf(list(FORMATS)))
    table = fields.String(load_default="events", validate=validate.OneOf(list(TABLES)))


class BulkExportArgs(Strict):
    format = fields.String(load_default="ndjson", validate=validate.OneOf(["ndjson"]))
    engine = Text(max=64)
    player = Text(max=NAME_MAX)
    status = fields.String(validate=validate.OneOf(["in_progress", "finished"]))


class ImportOut(Schema):
    """One document: the game's outcome.  NDJSON: counts, then each game and each problem."""

    status = fields.String(metadata={"description": "imported, or present (already here)"})
    id = fields.String()
    title = fields.String()
    events = fields.Integer()
    write_token = fields.String(metadata={"description": "For a game imported now: shown once"})
    game = fields.Nested(GameOut)
    imported = fields.Integer()
    present = fields.Integer()
    refused = fields.Integer()
    games = fields.List(fields.Dict())
    problems = fields.List(fields.Dict(), metadata={"description": "line, game, seq, code, message"})


class StateArgs(Strict):
    at = fields.Integer(validate=validate.Range(min=0, max=MAX_INT))


class StateOut(Schema):
    step = fields.Integer()
    seq = fields.Integer()
    version = fields.Integer()
    state = fields.Dict()
    standings = fields.Nested(Standings)
    expected = fields.Dict()
    is_over = fields.Boolean()
    position = fields.Dict(allow_none=True, metadata={"description": "Where the game stands: round, turn, label, and a detail such as the action the turn is at"})


class VerifyOut(Schema):
    ok = fields.Boolean()
    events = fields.Integer()
    version = fields.Integer()
    first_broken = fields.Dict(allow_none=True)


class CheckCodeOut(Schema):
    code = fields.String(metadata={"description": "The stable code a flag or refusal carries (IP-C05, event/unknown-type)"})
    sections = fields.List(fields.String(), metadata={"description": "Every rulebook section the code is reported with, "
                                                                     "as a flag's rule names it"})
    rule = fields.String(metadata={"description": "The rule it checks, in one line"})


class EngineOut(Schema):
    name = fields.String()
    title = fields.String()
    rules_version = fields.String()
    options = fields.Dict()
    event_types = fields.Dict()
    event_labels = fields.Dict(metadata={"description": "An event type's name for people, where its name would read wrong"})
    board_file = fields.Dict(metadata={"description": "holds (in words), holds_nothing, json_schema (a path in the repository)"})
    codes = fields.List(fields.Nested(CheckCodeOut), metadata={"description": "Every check code the engine can report, "
                                                                  "its own and the generic ones, sorted by code"})


class BoardListArgs(Strict):
    engine = Text(max=64)
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT))


class BoardOut(Schema):
    id = fields.String()
    engine = fields.String()
    name = fields.String()
    description = fields.String()
    hash = fields.String(metadata={"description": "SHA-256 of the data's canonical JSON; every game on it pins it"})
    source = fields.String(metadata={"description": "typed, from_game:<game id> or imported"})
    based_on = fields.String(allow_none=True, metadata={"description": "The board this one was edited from"})
    created_at = fields.String()
    facts = fields.Integer(metadata={"description": "How many declared facts it loads before a game's first event"})


class BoardPage(Schema):
    boards = fields.List(fields.Nested(BoardOut))
    total = fields.Integer()
    limit = fields.Integer()
    offset = fields.Integer()


class BoardGame(Schema):
    id = fields.String()
    title = fields.String()
    status = fields.String()
    created_at = fields.String()


class BoardDetail(BoardOut):
    data = fields.Dict(metadata={"description": "The engine's board file (its JSON Schema: docs/formats/)"})
    games = fields.List(fields.Nested(BoardGame), metadata={"description": "The newest games recorded on it"})
    games_total = fields.Integer()


class BoardSaved(BoardOut):
    status = fields.String(metadata={"description": "created, or present (the same board was saved before)"})


class BoardCreate(Strict):
    """A new board: its ``data`` (typed, or a board file read back), or ``from_game``."""

    engine = Text(min=1, max=64, required=True, metadata={"enum": [e.name for e in engines.all_engines()]})
    name = Text(min=1, max=BOARD_NAME_MAX, required=True)
    description = Text(max=DESCRIPTION_MAX)
    data = fields.Dict(keys=fields.String(), metadata={"description": "The engine's board file"})
    from_game = fields.String(validate=GAME_ID, metadata={
        "description": "A game of this engine: every fact it declared becomes the board"})
    based_on = fields.String(validate=BOARD_ID, allow_none=True, metadata={"description": "The board edited"})
    # A board file read back (GET /api/boards/<id>/export) carries these too.
    format = fields.String(validate=validate.Equal("tablescribe-board"))
    format_version = fields.Integer(strict=True, validate=validate.Equal(1))
    id = fields.String(validate=BOARD_ID)
    hash = fields.String(validate=HASH)

    @validates_schema
    def _one_source(self, data: dict[str, Any], **_kwargs: Any) -> None:
        if ("data" in data) == ("from_game" in data):
            raise ValidationError("Give the board's data, or from_game, not both", field_name="data")
        if "from_game" in data and ({"format", "id", "hash", "based_on"} & set(data)):
            raise ValidationError("A board from a game takes no format, id, hash or based_on", field_name="from_game")
        if ("format" in data) != ("format_version" in data):
            raise ValidationError("A board file gives both format and format_version", field_name="format")


class BoardFileIn(Strict):
    """The board a game export embeds, as a board export writes it."""

    format = fields.String(required=True, validate=validate.Equal("tablescribe-board"))
    format_version = fields.Integer(required=True, strict=True, validate=validate.Equal(1))
    id = fields.String(required=True, validate=BOARD_ID)
    engine = Text(min=1, max=64, required=True)
    name = Text(min=1, max=BOARD_NAME_MAX, required=True)
    description = Text(max=DESCRIPTION_MAX, required=True)
    hash = fields.String(required=True, validate=HASH)
    based_on = fields.String(required=True, allow_none=True, validate=BOARD_ID)
    data = fields.Dict(keys=fields.String(), required=True)


class ApiError(Schema):
    error = fields.String(required=True)
    message = fields.String(required=True)
    fields_ = fields.Dict(data_key="fields")
    violations = fields.List(fields.Dict())
    current_version = fields.Integer()
    code = fields.String(metadata={"description": "An import refusal's stable code, e.g. import/chain"})
    game = fields.String(allow_none=True)
    seq = fields.Integer(allow_none=True)
    steps = fields.Integer(metadata={"description": "404 beyond the last step: how many steps the game has"})
    warnings = fields.List(fields.Dict(), metadata={"description": "422: the event's warnings besides its errors"})
    would_break = fields.List(fields.Dict(), metadata={
        "description": "422 correction/breaks-later-events: the later events it would make illegal"})
    expected_version = fields.Integer(allow_none=True)
    imported = fields.Integer(metadata={"description": "A bulk import's report (400 and 422 too)"})
    present = fields.Integer()
    refused = fields.Integer()
    events = fields.Integer()
    games = fields.List(fields.Dict())
    problems = fields.List(fields.Dict())
    retry_after = fields.Integer(metadata={"description": "429: seconds to wait before trying again"})
