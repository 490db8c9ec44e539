"""The shape of each Air Alliance event's data (marshmallow, unknown fields refused).
Whether an event is legal here and now is a rule, judged by ``check`` with its AA code."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engines.air_alliance.airports import AIRPORTS, NPA_COLOURS, PLAYER_COLOURS
from engines.air_alliance.icons import AREA_LABELS, ICON_TYPES
from engines.air_alliance.scoring import TRIOS

AIRPORT = validate.OneOf(AIRPORTS)
COLOURS = [*PLAYER_COLOURS, *NPA_COLOURS]


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class IconSchema(_Strict):
    """A Flight icon as printed: SPECIAL (a player colour), AREA (the areas shown), PRIORITY,
    CODESHARE (one or two NPA colours)."""

    type = fields.String(required=True, validate=validate.OneOf(ICON_TYPES))
    colour = fields.String(validate=validate.OneOf(PLAYER_COLOURS))
    areas = fields.String(validate=validate.OneOf(AREA_LABELS))
    colours = fields.List(fields.String(validate=validate.OneOf(NPA_COLOURS)), validate=validate.Length(min=1, max=2))

    @validates_schema
    def _fields_of_type(self, data: dict[str, object], **_: object) -> None:
        wanted = {"SPECIAL": {"colour"}, "AREA": {"areas"}, "PRIORITY": set(), "CODESHARE": {"colours"}}[str(data["type"])]
        if set(data) - {"type"} != wanted:
            raise ValidationError(f"A {data['type']} icon has {', '.join(sorted(wanted)) or 'nothing else'}")


CARD_ID = validate.Length(min=1, max=40)
CARD_NAME = validate.Length(min=1, max=60)
MILES = validate.Range(min=0, max=100_000)
CLASSES = validate.OneOf(["ECONOMY", "FIRST"])
TRIO = validate.OneOf(list(TRIOS))


class CardSchema(_Strict):
    """A Passenger Card's whole face, as the table reads it (the rulebook prints none)."""

    id = fields.String(required=True, validate=CARD_ID)
    name = fields.String(required=True, validate=CARD_NAME)
    dep = fields.String(required=True, metadata={"title": "Departure airport"}, validate=AIRPORT)
    arr = fields.String(required=True, metadata={"title": "Arrival airport"}, validate=AIRPORT)
    miles = fields.Integer(required=True, strict=True, validate=MILES)
    cls = fields.String(required=True, metadata={"title": "Class"}, validate=CLASSES)
    icons = fields.List(fields.Nested(IconSchema), required=True, validate=validate.Length(equal=3))
    trio = fields.String(load_default=None, allow_none=True, validate=TRIO)


class RevealedCardSchema(_Strict):
    """A Passenger Card as it turns up: its whole face, or its ``id`` alone when the face is
    known (from the board, or declared when it turned up before a reshuffle); a field given
    beside the id must match the known face (``engines.air_alliance.reveals``)."""

    id = fields.String(required=True, validate=CARD_ID)
    name = fields.String(validate=CARD_NAME)
    dep = fields.String(metadata={"title": "Departure airport"}, validate=AIRPORT)
    arr = fields.String(metadata={"title": "Arrival airport"}, validate=AIRPORT)
    miles = fields.Integer(strict=True, validate=MILES)
    cls = fields.String(metadata={"title": "Class"}, validate=CLASSES)
    icons = fields.List(fields.Nested(IconSchema), validate=validate.Length(equal=3))
    trio = fields.String(allow_none=True, validate=TRIO)


class PlanesPlaced(_Strict):
    player = fields.String(required=True, validate=validate.Length(min=1))
    airports = fields.List(fields.String(validate=AIRPORT), required=True)


class CardRevealed(_Strict):
    card = fields.Nested(RevealedCardSchema, required=True)


class BoardDeclared(_Strict):
    """Board facts the rulebook does not print: the colours each V airport takes, each colour's special
    airport, the icons printed on each colour's Boarding Pass (three slots)."""

    landable = fields.Dict(keys=fields.String(validate=AIRPORT),
                           values=fields.List(fields.String(validate=validate.OneOf([*COLOURS, "ALL"]))))
    special = fields.Dict(keys=fields.String(validate=validate.OneOf(PLAYER_COLOURS)), values=fields.String(validate=AIRPORT))
    passes = fields.Dict(keys=fields.String(validate=validate.OneOf(PLAYER_COLOURS)),
                         values=fields.List(fields.List(fields.Nested(IconSchema), validate=validate.Length(min=1, max=3)),
                                            validate=validate.Length(equal=3)))


class AllianceFormed(_Strict):
    npa = fields.String(required=True, validate=validate.OneOf(NPA_COLOURS))
    area = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=3))


class Fly(_Strict):
    colour = fields.String(required=True, validate=validate.OneOf(COLOURS))
    from_ = fields.String(data_key="from", attribute="from", required=True, validate=AIRPORT)
    to = fields.String(required=True, validate=AIRPORT)


class Swap(_Strict):
    airport = fields.String(required=True, validate=AIRPORT)
    places = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=2)), required=True,
                         validate=validate.Length(equal=2))


class MarkerPlaced(_Strict):
    """A marker on a Flight icon (``slot``, ``icon``: which of its face's icons; a bare slot's
    icons declared in ``pass_icons``) with what it does, on a card of the row (``reserve``), or
    under the Kobe Rules on the logo (``wait``) or flushing the pass (``flush``)."""

    slot = fields.Integer(strict=True, validate=validate.Range(min=0, max=2))
    icon = fields.Integer(strict=True, validate=validate.Range(min=0, max=2))
    pass_icons = fields.List(fields.Nested(IconSchema), validate=validate.Length(min=1, max=3))
    fly = fields.Nested(Fly)
    swap = fields.Nested(Swap)
    double = fields.Boolean()
    reserve = fields.String(validate=validate.Length(min=1, max=40))
    flush = fields.Boolean(validate=validate.Equal(True))
    wait = fields.Boolean(validate=validate.Equal(True))

    @validates_schema
    def _one_use(self, data: dict[str, object], **_: object) -> None:
        for alone in ("flush", "wait"):  # Kobe Rules (2) and (4)
            if alone in data and set(data) != {alone}:
                raise ValidationError(f"A marker's {alone} (Kobe Rules) is only that")
        if "flush" in data or "wait" in data:
            return
        if "reserve" in data:
            if set(data) != {"reserve"}:
                raise ValidationError("A reservation names only the card")
        elif "slot" not in data or "icon" not in data:
            raise ValidationError("A marker goes on a slot's icon (slot, icon) or reserves a card (reserve)")


class CardOnly(_Strict):
    card = fields.String(required=True, validate=validate.Length(min=1, max=40))


class CancellationsClaimed(_Strict):
    """Kobe Rules (4): each waiting player's claim after a PHASE 1 (none: nobody claims)."""

    claims = fields.Dict(keys=fields.String(validate=validate.Length(min=1)),
                         values=fields.String(validate=validate.Length(min=1, max=40)), required=True)


class Nothing(_Strict):
    pass


class Cover(_Strict):
    card = fields.String(required=True)
    slot = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=2))


class BoardingPassUpdated(_Strict):
    """PHASE 3: each card gained onto a slot; with four, the fourth covers one of them."""

    placements = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True), required=True)
    cover = fields.Nested(Cover, load_default=None, allow_none=True)

