"""The shape of Panamax's board file (marshmallow, unknown fields refused at every level).

Shape only: types, names, enums, lengths and the bounds of a whole number.  What the
rulebook or the file's own consistency rules out (a fee of $5, two cards with one id) is
a problem with a PX-B code (``board_rules``).  ``docs/formats/panamax-board-v1.schema.json``
describes exactly this shape; ``tests/engines/test_panamax_board_file.py`` holds the two
to each other.

The cards read as the events read them (``schemas.CardSchema``, ``SetupCardSchema``),
but a Rail icon is ``true`` or ``false`` only: a board file is stored as sent and hashed,
so it holds JSON's booleans, never marshmallow's "yes" or 1.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engines.panamax.action_table import MOVEMENT_SIDE
from engines.panamax.clipboard import FREE_ACTIONS
from engines.panamax.flags import NO_ACTION
from engines.panamax.movement import ZONE_KINDS
from engines.panamax.schemas import BackSchema, CardEffects, CardSchema, ContainerSchema, FrontSchema, SetupCardSchema
from engines.panamax.state import BONUS_STACK, NATIONS, UNIQUE_SHIPS

ZONE_NAME = validate.Length(min=1, max=60)  # as a move names a zone (``schemas.ShipMoved``)
BOUNDS = ("PACIFIC", "ATLANTIC")
ICONS = ("lock", "waterway")
# The lists a file may mark as the whole box: the engine then refuses what is not on them.
COMPLETABLE = ("contracts", "setup_contracts", "canal", "crossings")
DOLLARS = validate.Range(min=0, max=99)
SHIP_NUMBER = validate.Range(min=0, max=20)
MOVEMENT_COLUMNS = [str(column) for column in MOVEMENT_SIDE]  # the blue columns 1-3
CARD_NUMBERS = [str(n) for n in BONUS_STACK]  # "Captain cards x 5", "Stevedore cards x 5": 1 to 5


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class Flag(fields.Boolean):
    """A JSON boolean, nothing marshmallow would read as one (1, "yes")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("Not a valid boolean.")
        return value


class BoardContainer(ContainerSchema):
    rail = Flag(required=True)


class BoardFront(FrontSchema):
    containers = fields.List(fields.Nested(BoardContainer), required=True, validate=validate.Length(min=1, max=3))


class BoardBack(BackSchema):
    containers = fields.List(fields.Nested(BoardContainer), required=True, validate=validate.Length(min=1, max=2))


class BoardCard(CardSchema):
    """A Contract card: its id and both faces, as ``contract_card_revealed`` spells them."""

    front = fields.Nested(BoardFront, required=True)
    back = fields.Nested(BoardBack, required=True)


class BoardSetupCard(SetupCardSchema):
    """A Setup Contract card: its id and front, as ``setup_contracts_drawn`` spells them."""

    front = fields.Nested(BoardFront, required=True)


class Crossing(_Strict):
    """The icon between two places, for ships bound one way (``to`` may be ``"OCEAN"``)."""

    bound = fields.String(required=True, validate=validate.OneOf(BOUNDS))
    from_ = fields.String(required=True, data_key="from", attribute="from", validate=ZONE_NAME)
    to = fields.String(required=True, validate=ZONE_NAME)
    icon = fields.String(required=True, validate=validate.OneOf(ICONS))


class MarketRow(_Strict):
    """One space of the Market table: the share price and the dividend it pays a share."""

    price = fields.Integer(required=True, strict=True, validate=DOLLARS)
    dividend = fields.Integer(required=True, strict=True, validate=DOLLARS)


class ShipSpec(_Strict):
    """A unique ship's tile: its slots (its size in a group or a dashed rectangle), the sum
    it needs to sail and carries at most, and the dice it holds."""

    slots = fields.Integer(strict=True, validate=SHIP_NUMBER)
    min = fields.Integer(strict=True, validate=SHIP_NUMBER)
    max = fields.Integer(strict=True, validate=SHIP_NUMBER)
    max_dice = fields.Integer(strict=True, validate=SHIP_NUMBER)


def _deck() -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.OneOf(CARD_NUMBERS)), values=fields.Nested(CardEffects))


class BonusCards(_Strict):
    """What each Captain and Stevedore card does (the leaflet's text, in counts)."""

    captain = _deck()
    stevedore = _deck()


class PanamaxBoard(_Strict):
    """The whole file; every section is optional."""

    canal = fields.List(fields.String(validate=ZONE_NAME), validate=validate.Length(max=40))
    # "The number indicated in the base of a column always refer to the number of locks a player
    # must pass (1 to 3 locks)": the blue (movement) columns' printed lock counts.
    column_locks = fields.Dict(keys=fields.String(validate=validate.OneOf(MOVEMENT_COLUMNS)),
                               values=fields.Integer(strict=True, validate=validate.Range(min=1, max=3)))
    zones = fields.Dict(keys=fields.String(validate=ZONE_NAME), values=fields.String(validate=validate.OneOf(ZONE_KINDS)))
    crossings = fields.List(fields.Nested(Crossing), validate=validate.Length(max=200))
    fees = fields.Dict(keys=fields.String(validate=ZONE_NAME), values=fields.Integer(strict=True, validate=DOLLARS))
    market = fields.List(fields.Nested(MarketRow), validate=validate.Length(max=100))
    dividends = fields.List(fields.Nested(MarketRow), validate=validate.Length(max=100))
    clipboard = fields.Dict(keys=fields.String(validate=validate.OneOf(NATIONS)), values=fields.List(
        fields.String(validate=validate.OneOf([*FREE_ACTIONS, NO_ACTION])), validate=validate.Length(max=11)))
    ships = fields.Dict(keys=fields.String(validate=validate.OneOf(list(UNIQUE_SHIPS))), values=fields.Nested(ShipSpec))
    two_slot_cost = fields.Integer(strict=True, validate=validate.Range(min=0, max=30))
    contracts = fields.List(fields.Nested(BoardCard), validate=validate.Length(max=100))
    setup_contracts = fields.List(fields.Nested(BoardSetupCard), validate=validate.Length(max=100))
    bonus_cards = fields.Nested(BonusCards)
    complete = fields.List(fields.String(validate=validate.OneOf(COMPLETABLE)))

    @validates_schema
    def _complete_once(self, data: dict[str, Any], **_: object) -> None:
        marked = data.get("complete", [])
        if len(set(marked)) != len(marked):
            raise ValidationError("Each section is marked complete once", "complete")

