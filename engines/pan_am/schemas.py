"""The shape of each event's data (marshmallow, unknown fields rejected), checked at the edge.

Shape only: a region, plane, area or die symbol that does not exist, a route that is not
two city names, an effect missing a field its kind needs.  Whether the data is legal here
and now is a rule, judged by ``check`` with its PA code.
"""

from __future__ import annotations

from typing import Any

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
    validates_schema,
)

from engines.pan_am.state import AREAS, PATHS, PLANES, REGIONS, SYMBOLS

PHASE_NAMES = ("EVENT", "ENGINEER", "RESOLUTION", "PAN_AM")
STEP_NAMES = ("REVEAL", "STOCK_PRICE", "PRIORITY_ACCESS", "ASSIGNMENT", *AREAS, "EXPANSION", "INCOME", "STOCK")
METHODS = ("airport", "destination_card", "discard_same_region", "discard_two_other_region")
OPS = ("up", "down", "set")


class _Strict(Schema):
    class Meta:
        unknown = RAISE


def _region(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.OneOf(REGIONS), **kwargs)


def _cities(**kwargs: Any) -> fields.List[Any]:
    return fields.List(fields.String(validate=validate.Length(min=1)), validate=validate.Length(equal=2), **kwargs)


def _regions() -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=_region())


class CardSchema(_Strict):
    """A Destination card: ``{city, region}`` (its colour)."""

    city = fields.String(required=True, validate=validate.Length(min=1))
    region = _region(required=True)


class NamedCardSchema(_Strict):
    """A Destination card as dealt or turned over: ``{city, region}``, or ``{city}`` alone (its
    region from the board or an earlier declaration: ``items``)."""

    city = fields.String(required=True, validate=validate.Length(min=1))
    region = _region(allow_none=True)


class AdjustmentSchema(_Strict):
    """The Stock Price area of an Event card: up one, down one, or set to ``value``."""

    op = fields.String(required=True, validate=validate.OneOf(OPS))
    value = fields.Integer(strict=True, allow_none=True)


class TimingSchema(_Strict):
    """What a Directive card prints: its phase (black) and step (red)."""

    phase = fields.String(required=True, validate=validate.OneOf(PHASE_NAMES))
    step = fields.String(required=True, validate=validate.OneOf(STEP_NAMES))


# Fields each effect kind needs (required) and may carry (optional); ``player`` is optional
# everywhere (it defaults to the card's player).
EFFECT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "money": ({"amount"}, set()),
    "income": ({"amount"}, set()),
    "stock": ({"amount"}, set()),
    "stock_price": ({"op"}, {"value"}),
    "die_rolls": ({"amount"}, set()),
    "draw_directive": ({"count"}, set()),
    "gain_destination": ({"card"}, set()),
    "discard_destination": ({"city"}, set()),
    "gain_plane": ({"plane"}, set()),
    "upgrade_plane": ({"plane"}, set()),
    "place_airport": ({"city", "cost"}, {"region"}),
    "free_route": ({"cities", "plane"}, {"distance", "regions"}),
    "peek": (set(), set()),
    "text": ({"text"}, set()),
}


class EffectSchema(_Strict):
    """One thing a card does: ``{kind, player?, ...}`` (the fields of each kind in ``EFFECT_FIELDS``)."""

    kind = fields.String(required=True, validate=validate.OneOf(tuple(EFFECT_FIELDS)))
    player = fields.String()
    amount = fields.Integer(strict=True)
    op = fields.String(validate=validate.OneOf(OPS))
    value = fields.Integer(strict=True, allow_none=True)
    count = fields.Integer(strict=True, validate=validate.Range(min=0))
    card = fields.Nested(CardSchema)
    city = fields.String(validate=validate.Length(min=1))
    region = _region(allow_none=True)
    cost = fields.Integer(strict=True, validate=validate.Range(min=0))
    cities = _cities()
    distance = fields.Integer(strict=True, allow_none=True)
    regions = _regions()
    plane = fields.String(validate=validate.OneOf(PLANES))
    text = fields.String()

    @validates_schema
    def _fields_of_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        if kind not in EFFECT_FIELDS:
            return
        required, optional = EFFECT_FIELDS[kind]
        missing = sorted(required - set(data))
        extra = sorted(set(data) - required - optional - {"kind", "player"})
        errors = {name: [f"A {kind} effect needs {name}"] for name in missing}
        errors.update({name: [f"A {kind} effect has no {name}"] for name in extra})
        if errors:
            raise ValidationError(errors)


class RightsSchema(_Strict):
    """Landing Rights at one city: the method and the Destination cards it uses (by city)."""

    method = fields.String(required=True, validate=validate.OneOf(METHODS))
    cards = fields.List(fields.String())


class CardsDealtSchema(_Strict):
    """``cards_dealt {destinations?: {player: [card, card]}, display?: [card x 4]}`` (table): the
    whole deal at once, or a part of it (one player's hand, the display) as the table deals it;
    a card may name only its city (``NamedCardSchema``)."""

    destinations = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(NamedCardSchema)))
    display = fields.List(fields.Nested(NamedCardSchema))


class EventCardRevealedSchema(_Strict):
    """``event_card_revealed {round?, name, stock_adjustment?: {op, value?}, die_rolls?, text?}`` (table);
    the face may be left to the board (``items``)."""

    round = fields.Integer(strict=True)
    name = fields.String(required=True)
    stock_adjustment = fields.Nested(AdjustmentSchema, allow_none=True)
    die_rolls = fields.Integer(strict=True, allow_none=True)
    text = fields.String(allow_none=True)


class EffectsSchema(_Strict):
    """``event_effect {effects: [Effect]}`` (table): what the face-up Event card does."""

    effects = fields.List(fields.Nested(EffectSchema), required=True)


class EngineerAssignedSchema(_Strict):
    """``engineer_assigned {area, track?, space?, cost?}`` (player)."""

    area = fields.String(required=True, validate=validate.OneOf(AREAS))
    track = fields.String(allow_none=True)
    space = fields.Integer(strict=True, allow_none=True)
    cost = fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=0))


class EngineerSetAsideSchema(_Strict):
    """``engineer_set_aside {count?}`` (player): 1 by default; back next round."""

    count = fields.Integer(strict=True)


class AirportPlacedSchema(_Strict):
    """``airport_placed {city, region?, moved_from?}`` (player, A)."""

    city = fields.String(required=True, validate=validate.Length(min=1))
    region = _region(allow_none=True)
    moved_from = fields.String(allow_none=True)


class DestinationTakenSchema(_Strict):
    """``destination_taken {slot, card?}`` (player, B); ``card`` confirms the display's card."""

    slot = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=4))
    card = fields.Nested(CardSchema)


class DisplayRefilledSchema(_Strict):
    """``destination_display_refilled {slot, card}`` (table, after the last B Engineer); the card
    may name only its city (``NamedCardSchema``)."""

    slot = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=4))
    card = fields.Nested(NamedCardSchema, required=True)


class PlaneAcquiredSchema(_Strict):
    """``plane_acquired {plane?}`` (player, C); ``plane`` confirms the track's plane."""

    plane = fields.String(validate=validate.OneOf(PLANES))


class EmptySchema(_Strict):
    """An event with no data."""


class RouteClaimedSchema(_Strict):
    """``route_claimed {cities, distance?, regions?, plane, landing_rights: {city: {method, cards?}}}`` (player, D)."""

    cities = _cities(required=True)
    distance = fields.Integer(strict=True, allow_none=True)
    regions = _regions()
    plane = fields.String(required=True, validate=validate.OneOf(PLANES))
    landing_rights = fields.Dict(keys=fields.String(), values=fields.Nested(RightsSchema), required=True)


class RouteClaimWastedSchema(_Strict):
    """``route_claim_wasted {reason?}`` (player, D)."""

    reason = fields.String(allow_none=True)


class DieRolledSchema(_Strict):
    """``die_rolled {faces: [symbol]}`` (table)."""

    faces = fields.List(fields.String(validate=validate.OneOf(SYMBOLS)), required=True)


class PanAmExpandedSchema(_Strict):
    """``pan_am_expanded {path, cities, distance?, regions?, position?}`` (table)."""

    path = fields.String(required=True, validate=validate.OneOf(PATHS))
    cities = _cities(required=True)
    distance = fields.Integer(strict=True, allow_none=True)
    regions = _regions()
    position = fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=1))


class PathExhaustedSchema(_Strict):
    """``pan_am_path_exhausted {path}`` (table): no route on the path is left for Pan Am."""

    path = fields.String(required=True, validate=validate.OneOf(PATHS))


class RouteSoldSchema(_Strict):
    """``route_sold_to_pan_am {cities}`` (player): the answer to a Pan Am symbol."""

    cities = _cities(required=True)


class IncomeCollectedSchema(_Strict):
    """``income_collected {amounts?: {player: int}}`` (table); ``amounts`` confirms."""

    amounts = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True))


class StockBoughtSchema(_Strict):
    """``stock_bought {count}`` (player); 0 passes."""

    count = fields.Integer(strict=True, required=True)


class DirectivePlayedSchema(_Strict):
    """``directive_played {card?, timing?: {phase, step}, area?, effects?: [Effect]}`` (player); a
    card the board holds may leave its timing, area and effects to the board (``items``)."""

    card = fields.String(allow_none=True)
    timing = fields.Nested(TimingSchema, allow_none=True)
    area = fields.String(allow_none=True, validate=validate.OneOf(AREAS))
    effects = fields.List(fields.Nested(EffectSchema), allow_none=True)


RESOLUTION_AREA = {
    "airport_kept": "A",
    "airport_placed": "A",
    "destination_taken": "B",
    "plane_acquired": "C",
    "route_claimed": "D",
    "route_claim_wasted": "D",
    "directive_drawn": "E",
}
