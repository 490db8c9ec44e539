"""Request and response shapes of the HTTP API; the OpenAPI document is built from these."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

NAME = validate.Length(min=1, max=100)


class Strict(Schema):
    """Unknown fields are an error, not silently dropped: a typo should be seen."""

    class Meta:
        unknown = RAISE


class PlayerIn(Strict):
    name = fields.String(required=True, validate=NAME)


class GameCreate(Strict):
    engine = fields.String(required=True, validate=validate.Length(min=1, max=64))
    title = fields.String(validate=validate.Length(min=1, max=200))
    players = fields.List(fields.Nested(PlayerIn), required=True, validate=validate.Length(min=1, max=20))
    options = fields.Dict(keys=fields.String(), load_default=dict)


class Standings(Schema):
    final = fields.Boolean()
    players = fields.List(fields.Dict())
    winners = fields.List(fields.String())


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


class GameCreated(GameOut):
    write_token = fields.String(metadata={"description": "Shown once; send it as Authorization: Bearer <token>"})
    setup_flags = fields.List(fields.Dict())


class GameDetail(GameOut):
    standings = fields.Nested(Standings)
    expected = fields.Dict()
    steps = fields.Integer()


class GameListArgs(Strict):
    engine = fields.String(validate=validate.Length(max=64))
    player = fields.String(validate=validate.Length(max=100))
    status = fields.String(validate=validate.OneOf(["in_progress", "finished"]))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10_000_000))


class GamePage(Schema):
    games = fields.List(fields.Nested(GameOut))
    total = fields.Integer()
    limit = fields.Integer()
    offset = fields.Integer()


class Override(Strict):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class EventIn(Strict):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    actor = fields.String(allow_none=True, validate=NAME)
    data = fields.Dict(keys=fields.String(), load_default=dict)
    note = fields.String(allow_none=True, validate=validate.Length(max=2000))
    expected_version = fields.Integer(strict=True, validate=validate.Range(min=0, max=2**31 - 1))
    idempotency_key = fields.String(validate=validate.Length(min=1, max=200))
    override = fields.Nested(Override)
    recorded_by = fields.String(validate=NAME)


class Appended(Schema):
    seq = fields.Integer()
    version = fields.Integer()
    flags = fields.List(fields.Dict())
    standings = fields.Nested(Standings)


class EventsArgs(Strict):
    view = fields.String(load_default="effective", validate=validate.OneOf(["effective", "recorded"]))
    from_ = fields.Integer(data_key="from", validate=validate.Range(min=0, max=2**31 - 1))
    to = fields.Integer(validate=validate.Range(min=0, max=2**31 - 1))


class StateArgs(Strict):
    at = fields.Integer(validate=validate.Range(min=0, max=2**31 - 1))


class StateOut(Schema):
    step = fields.Integer()
    seq = fields.Integer()
    version = fields.Integer()
    state = fields.Dict()
    standings = fields.Nested(Standings)
    expected = fields.Dict()
    is_over = fields.Boolean()


class VerifyOut(Schema):
    ok = fields.Boolean()
    events = fields.Integer()
    version = fields.Integer()
    first_broken = fields.Dict(allow_none=True)


class EngineOut(Schema):
    name = fields.String()
    title = fields.String()
    rules_version = fields.String()
    options = fields.Dict()
    event_types = fields.Dict()


class ApiError(Schema):
    error = fields.String(required=True)
    message = fields.String(required=True)
    fields_ = fields.Dict(data_key="fields")
    violations = fields.List(fields.Dict())
    current_version = fields.Integer()
