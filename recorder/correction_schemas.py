"""Shapes of the recorder's own event types, the same for every game."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class UndoData(_Strict):
    reason = fields.String(validate=validate.Length(max=500))


class VoidData(_Strict):
    target_seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    force = fields.Boolean()


class AmendedEvent(_Strict):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    data = fields.Dict(keys=fields.String(), load_default=dict)
    actor = fields.String(allow_none=True, validate=validate.Length(max=100))


class AmendData(_Strict):
    target_seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    event = fields.Nested(AmendedEvent, required=True)
    reason = fields.String(validate=validate.Length(max=500))
    force = fields.Boolean()


class NoteData(_Strict):
    text = fields.String(required=True, validate=validate.Length(min=1, max=2000))


RECORDER_SCHEMAS: dict[str, type[Schema]] = {
    "undo": UndoData,
    "void": VoidData,
    "amend": AmendData,
    "note": NoteData,
}
