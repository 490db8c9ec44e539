"""The shape of each event's data (marshmallow), checked at the edge.

Shape only: a field of the wrong type, an unknown field or a kind that does
not exist is a shape error (the recorder answers 400 naming the field).  Whether
the shape is *legal* here and now (a Fall value outside the allowed set, a Wind
without its arrow) is a rule, judged by ``check`` with its PN code.

The data stored with an event is the JSON as sent (the *dump* side of these
schemas): ``cards_taken`` keeps the key ``"from"``.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from engines.panic_in_the_air.cards import DIRECTIONS, KINDS


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class CardSchema(_Strict):
    """A card face: ``{kind, value?, direction?}``."""

    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    value = fields.Integer(strict=True)
    direction = fields.String(validate=validate.OneOf(DIRECTIONS))


class CardDrawnSchema(_Strict):
    """``card_drawn {face?, via?}``: ``via`` says whether the draw was an action or a Risk draw."""

    face = fields.Nested(CardSchema)
    via = fields.String(validate=validate.OneOf(("action", "risk")))


class CardPlayedSchema(_Strict):
    """``card_played {target, card}``: the card placed on the target's character."""

    target = fields.String(required=True)
    card = fields.Nested(CardSchema, required=True)


class CardsTakenSchema(_Strict):
    """``cards_taken {from, count?}``: the cards a Risk takes from an opponent's hand."""

    from_ = fields.String(required=True, data_key="from")
    count = fields.Integer(strict=True, validate=validate.Range(min=0))


class RiskDeclinedSchema(_Strict):
    """``risk_declined {}``: the player takes none of the cards their Risk still allows."""


class ParachuteOpenedSchema(_Strict):
    """``parachute_opened {}``."""
