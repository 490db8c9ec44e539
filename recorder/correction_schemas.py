"""Shapes of the recorder's own event types, the same for every game."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

MAX_SEQ = 2**31 - 1  # the largest seq either database's INTEGER column holds


class StrictBoolean(fields.Boolean):
    """Only JSON true or false: "false" and 0 are not quietly read as booleans
    (the raw data, not the loaded one, is what the store keeps and acts on)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Must be true or false.")
        return value


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class UndoData(_Strict):
    reason = fields.String(validate=validate.Length(max=500))


class VoidData(_Strict):
    target_seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEQ))
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    force = StrictBoolean()


class AmendedEvent(_Strict):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    data = fields.Dict(keys=fields.String(), load_default=dict)
    actor = fields.String(allow_none=True, validate=validate.Length(max=100))


class AmendData(_Strict):
    target_seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEQ))
    event = fields.Nested(AmendedEvent, required=True)
    reason = fields.String(validate=validate.Length(max=500))
    force = StrictBoolean()


class NoteData(_Strict):
    text = fields.String(required=True, validate=validate.Length(min=1, max=2000))


RECORDER_SCHEMAS: dict[str, type[Schema]] = {
    "undo": UndoData,
    "void": VoidData,
    "amend": AmendData,
    "note": NoteData,
}
