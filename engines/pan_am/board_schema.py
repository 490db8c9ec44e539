"""The shape of Pan Am's board file (marshmallow; unknown fields refused at every level).

Shape only: the sections and their types, the enums (regions, paths, planes, areas, the
Directive timings' names), the lengths (a route is two cities and a distance, a track four
costs), the ranges (a distance 1-4, a round 1-7).  What the rulebook or the file's own
consistency rules out (a route to a city not on a complete map, two cards of one name) is
``board_problems``; the published JSON Schema (``docs/formats/pan-am-board-v1.schema.json``)
describes exactly this.  Every file the ``board`` option accepted before these sections
existed still has this shape.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engines.pan_am.schemas import OPS, TimingSchema
from engines.pan_am.state import AREAS, DISPLAY_SLOTS, PATHS, PLANES, REGIONS, ROUNDS

# Sections that list "every one in the box" when ``complete`` names them.  Without a
# ``complete`` marker a file means what it meant before the marker existed: ``cities``,
# ``routes``, ``paths`` and ``tracks`` (its Airport tracks) present are complete.
COMPLETABLE = ("cities", "routes", "paths", "tracks", "destination_cards", "event_cards", "directive_cards")
LEGACY_COMPLETE = ("cities", "routes", "paths", "tracks")
ITEM_SECTIONS = ("destination_cards", "event_cards", "directive_cards")

# What a board can say a Directive card does: effects with no choice left to the table.
# The others (an Airport's city, a free route, the plane upgraded, a card gained or
# discarded) are chosen each time the card is played, so the event spells them out.
EVERYONE_KINDS = ("money", "income", "stock")
BOARD_EFFECT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "money": ({"amount"}, {"player"}),
    "income": ({"amount"}, {"player"}),
    "stock": ({"amount"}, {"player"}),
    "stock_price": ({"op"}, {"value"}),
    "die_rolls": ({"amount"}, set()),
    "draw_directive": ({"count"}, set()),
    "gain_plane": ({"plane"}, set()),
    "peek": (set(), set()),
    "text": ({"text"}, set()),
}
ALL = "ALL"
A_TRACK = re.compile(r"[0-9]*[1-9][0-9]*")


class _Strict(Schema):
    class Meta:
        unknown = RAISE


def _not_blank(value: str) -> None:
    if not value.strip():
        raise ValidationError("A name needs a letter, not only spaces")


def _a_track(value: str) -> None:
    if not A_TRACK.fullmatch(value):
        raise ValidationError("Airport tracks are numbered 1, 2, ...")


def _unique(values: list[Any]) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("Each section is named once")


def _name(**kwargs: Any) -> fields.String:
    return fields.String(validate=_not_blank, **kwargs)


def _pair(**kwargs: Any) -> fields.Tuple:
    return fields.Tuple((_name(), _name()), **kwargs)


def _costs() -> fields.List[Any]:
    return fields.List(fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=0)),
                       validate=validate.Length(equal=4))


def _tracks(keys: fields.String) -> fields.Dict:
    return fields.Dict(keys=keys, values=_costs(), validate=validate.Length(min=1))


class PathLists(_Strict):
    """The routes of each expansion path, in order from the origin (null: a position not known)."""

    SA = fields.List(_pair(allow_none=True))
    EU = fields.List(_pair(allow_none=True))
    AP = fields.List(_pair(allow_none=True))


class PathMembers(_Strict):
    """Routes known to lie on a path, their place on it not known."""

    SA = fields.List(_pair())
    EU = fields.List(_pair())
    AP = fields.List(_pair())


class Tracks(_Strict):
    """The four printed costs of each bidding track (null: not known)."""

    A = _tracks(fields.String(validate=_a_track))
    B = _tracks(fields.String(validate=validate.OneOf(DISPLAY_SLOTS)))
    C = _tracks(fields.String(validate=validate.OneOf(PLANES)))


class WorkSites(_Strict):
    D = fields.Integer(strict=True, validate=validate.Range(min=1))
    E = fields.Integer(strict=True, validate=validate.Range(min=1))


class PriceTrack(_Strict):
    min = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    max = fields.Integer(strict=True, required=True)


class Adjustment(_Strict):
    op = fields.String(required=True, validate=validate.OneOf(OPS))
    value = fields.Integer(strict=True, allow_none=True)


class EventCard(_Strict):
    """One Event card: its name, the round on its back, its Stock Price area, the die count."""

    name = _name(required=True)
    round = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=ROUNDS))
    stock_adjustment = fields.Nested(Adjustment, required=True)
    die_rolls = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    text = fields.String()


class BoardEffect(_Strict):
    """What a Directive card always does (``BOARD_EFFECT_FIELDS``); no player but "ALL"."""

    kind = fields.String(required=True, validate=validate.OneOf(tuple(BOARD_EFFECT_FIELDS)))
    player = fields.String(validate=validate.OneOf([ALL]))
    amount = fields.Integer(strict=True)
    op = fields.String(validate=validate.OneOf(OPS))
    value = fields.Integer(strict=True, allow_none=True)
    count = fields.Integer(strict=True, validate=validate.Range(min=0))
    plane = fields.String(validate=validate.OneOf(PLANES))
    text = fields.String()

    @validates_schema
    def _fields_of_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        if kind not in BOARD_EFFECT_FIELDS:
            return
        required, optional = BOARD_EFFECT_FIELDS[kind]
        errors = {name: [f"A {kind} effect needs {name}"] for name in sorted(required - set(data))}
        errors.update({name: [f"A {kind} effect has no {name}"] for name in sorted(set(data) - required - optional - {"kind"})})
        if errors:
            raise ValidationError(errors)


class DirectiveCard(_Strict):
    """One Directive card: its name, the phase and step it prints, the area of the Engineer it
    is played with, what it always does (left out when the table chooses), its text."""

    name = _name(required=True)
    timing = fields.Nested(TimingSchema, required=True)
    area = fields.String(validate=validate.OneOf(AREAS))
    effects = fields.List(fields.Nested(BoardEffect))
    text = fields.String()


class PanAmBoard(_Strict):
    """The whole board file: every section optional."""

    cities = fields.Dict(keys=fields.String(), values=fields.String(validate=validate.OneOf(REGIONS)))
    routes = fields.List(fields.Tuple((_name(), _name(), fields.Integer(strict=True, allow_none=True,
                                                                         validate=validate.Range(min=1, max=4)))))
    paths = fields.Dict(keys=fields.String(), values=fields.Nested(PathLists))
    path_members = fields.Dict(keys=fields.String(), values=fields.Nested(PathMembers))
    tracks = fields.Nested(Tracks)
    work_sites = fields.Nested(WorkSites)
    stock_price_track = fields.Nested(PriceTrack)
    destination_cards = fields.List(_name())
    event_cards = fields.List(fields.Nested(EventCard))
    directive_cards = fields.List(fields.Nested(DirectiveCard))
    complete = fields.List(fields.String(validate=validate.OneOf(COMPLETABLE)), validate=_unique)


assert set(PathLists().fields) == set(PATHS)
