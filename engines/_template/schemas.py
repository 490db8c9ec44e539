"""Each event's data, as the recorder accepts it (unknown fields refused)."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class PointsScored(_Strict):
    """The die's points.  Its range is a rule (TT-T01), checked with the rule's words."""

    points = fields.Integer(strict=True, required=True)


class TurnEnded(_Strict):
    """Nothing to say: the current player ends the turn."""
