"""The shape of each Panamax event's data (marshmallow, unknown fields refused).

Shape only; whether an event is legal here and now is a rule, judged by ``check``
with its PX code.  The set-up's events (the note's B3.1), a turn's (B3.2), the end of a
round's and of the game's (B3.3).  ``events.py`` gives each event type its schema.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from engines.panamax.bonus_cards import DECKS
from engines.panamax.clipboard import BENEFITS, FREE_ACTIONS
from engines.panamax.flags import NO_ACTION
from engines.panamax.free_actions import KINDS as FREE_KINDS
from engines.panamax.free_actions import SUPPLIES
from engines.panamax.movement import ZONE_KINDS
from engines.panamax.state import COMPANIES, NATIONS
from engines.panamax.turns import USES

PIP = validate.Range(min=1, max=6)


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class ContainerSchema(_Strict):
    value = fields.Integer(required=True, strict=True, validate=PIP)
    rail = fields.Boolean(required=True)


class FrontSchema(_Strict):
    nation = fields.String(required=True, validate=validate.OneOf(NATIONS))
    containers = fields.List(fields.Nested(ContainerSchema), required=True, validate=validate.Length(min=1, max=3))


class BackSchema(_Strict):
    containers = fields.List(fields.Nested(ContainerSchema), required=True, validate=validate.Length(min=1, max=2))


class CardSchema(_Strict):
    """A Contract card as the table reads it (its contents are not in the rulebook)."""

    id = fields.String(required=True, validate=validate.Length(min=1, max=40))
    front = fields.Nested(FrontSchema, required=True)
    back = fields.Nested(BackSchema, required=True)


class SetupCardSchema(_Strict):
    """A Setup Contract card: its front, as the table reads it (§4 steps 22-23)."""

    id = fields.String(required=True, validate=validate.Length(min=1, max=40))
    front = fields.Nested(FrontSchema, required=True)


class RevealedCard(_Strict):
    """A Contract card turned face up: spelled out (its id and both faces, as ``CardSchema``)
    or, when the game knows its faces (a board's card, or one shown before), named by its
    id alone: ``{"id": "C7"}``."""

    id = fields.String(required=True, validate=validate.Length(min=1, max=40))
    front = fields.Nested(FrontSchema)
    back = fields.Nested(BackSchema)

    @validates_schema
    def _both_or_none(self, data: dict[str, object], **_: object) -> None:
        if ("front" in data) != ("back" in data):
            raise ValidationError("Spell out both faces of the card, or name it by its id alone")


class RevealedSetupCard(_Strict):
    """A Setup Contract card drawn: spelled out (its id and front) or named by its id alone."""

    id = fields.String(required=True, validate=validate.Length(min=1, max=40))
    front = fields.Nested(FrontSchema)


class SetupContractsDrawn(_Strict):
    """§4 step 22: one card per player plus one, face up."""

    cards = fields.List(fields.Nested(RevealedSetupCard), required=True, validate=validate.Length(min=3, max=5))


class SetupContractChosen(_Strict):
    """§4 step 23: the card the next player (in reverse turn order) chooses."""

    card = fields.String(required=True, validate=validate.Length(min=1, max=40))


class LayoutSchema(_Strict):
    columns = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=3)), required=True,
                          validate=validate.Length(equal=6))
    executive = fields.List(fields.Integer(strict=True, validate=PIP), required=True, validate=validate.Length(max=6))


class ActionTableRolled(_Strict):
    """§3 steps 2-3 (and §7 each round): the rolls as they fell, where the dice now lie
    (left out, the layout is the one the two rolls cascade to)."""

    action_rolls = fields.List(fields.Integer(strict=True, validate=PIP), load_default=None, allow_none=True)
    executive_rolls = fields.List(fields.Integer(strict=True, validate=PIP), load_default=None, allow_none=True)
    layout = fields.Nested(LayoutSchema, load_default=None, allow_none=True)


class ContractsRevealed(_Strict):
    """§3 steps 8-9: three cards on the Action table's grey columns, Inbound Cargo, the Draw pile's top."""

    action_table = fields.Dict(keys=fields.String(validate=validate.OneOf(["4", "5", "6"])),
                               values=fields.Nested(RevealedCard), required=True, validate=validate.Length(equal=3))
    inbound = fields.Nested(RevealedCard, required=True)
    draw_top = fields.Nested(RevealedCard, required=True)


class AdvisorKept(_Strict):
    """§3 step 21: a player kept a Financial Advisor card as a secret goal (which one is private)."""

    player = fields.String(required=True, validate=validate.Length(min=1))


class AdvancedBids(_Strict):
    """§4: the blind bids, opened together."""

    bids = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True),
                       required=True)


class DieSource(_Strict):
    """A die of the Action table: ``{"column": c}`` (its lowest) or ``{"executive": v}``."""

    column = fields.Integer(strict=True, validate=PIP)
    executive = fields.Integer(strict=True, validate=PIP)

    @validates_schema
    def _one(self, data: dict[str, int], **_: object) -> None:
        if len(data) != 1:
            raise ValidationError("Name either a column or an Executive space")


class DieTransferred(_Strict):
    """§5 "Transferring a die": the die and the column on the other side it goes to."""

    from_ = fields.Nested(DieSource, data_key="from", attribute="from", required=True)
    to_column = fields.Integer(required=True, strict=True, validate=PIP)


class ActionDieTaken(_Strict):
    """§5 "Use a white die from the Action Table": which die, and what for."""

    from_ = fields.Nested(DieSource, data_key="from", attribute="from", required=True)
    use = fields.String(required=True, validate=validate.OneOf(USES))


class CompanyTarget(_Strict):
    company = fields.String(required=True, validate=validate.OneOf(COMPANIES))


class TurnEnded(_Strict):
    pass


class ContractTaken(_Strict):
    """§5: the card taken, from the Action table (the Contract die's column) or, with the
    Passenger benefit, Inbound Cargo or the Draw pile's top, and the side used."""

    source = fields.String(required=True, validate=validate.OneOf(["action_table", "inbound", "draw_top"]))
    side = fields.String(required=True, validate=validate.OneOf(["front", "back"]))


class CardRevealed(_Strict):
    """The Draw pile's new top card, face up."""

    card = fields.Nested(RevealedCard, required=True)


class ShipPlaced(_Strict):
    """A ship built, deployed, or moved from a Waiting zone, into a Loading zone."""

    ship = fields.String(required=True, validate=validate.Length(min=1, max=40))
    zone = fields.String(required=True, validate=validate.Length(min=1, max=60))
    cost = fields.Integer(strict=True, validate=validate.Range(min=0), load_default=None, allow_none=True)


class LoadTarget(_Strict):
    ship = fields.String(validate=validate.Length(min=1, max=40))
    rail = fields.Boolean(validate=validate.Equal(True))

    @validates_schema
    def _one(self, data: dict[str, object], **_: object) -> None:
        if len(data) != 1:
            raise ValidationError("Name either a ship or the rail")


class DieLoaded(_Strict):
    """A die from one of the company's contracts (by its place in the company's list, and
    the container's on the card) onto a ship or the Rail table's 1st wagon."""

    contract = fields.Integer(required=True, strict=True)
    container = fields.Integer(required=True, strict=True)
    target = fields.Nested(LoadTarget, required=True)
    # The icon under the space a completed front's flag covers, the first time it is covered.
    free_action = fields.String(validate=validate.OneOf([*FREE_ACTIONS, NO_ACTION]))


class RailFlagTaken(_Strict):
    """§6 "Rail table": a player with dice on the platform takes one flag."""

    player = fields.String(required=True, validate=validate.Length(min=1))
    nation = fields.String(required=True, validate=validate.OneOf(NATIONS))
    free_action = fields.String(validate=validate.OneOf([*FREE_ACTIONS, NO_ACTION]))


class ZoneDice(_Strict):
    zone = fields.String(required=True, validate=validate.Length(min=1, max=60))
    dice = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    rate = fields.Integer(required=True, strict=True)


class CargoFees(_Strict):
    """§6 "Pay Cargo Fees": the company's dice in each zone, and the zone's printed rate."""

    company = fields.String(required=True, validate=validate.OneOf(COMPANIES))
    zone_dice = fields.List(fields.Nested(ZoneDice), required=True)


class Dividends(_Strict):
    """§6 "Pay Dividends": the dividend per share the Market table shows at the company's price."""

    company = fields.String(required=True, validate=validate.OneOf(COMPANIES))
    per_share = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))


class AdvisorCard(_Strict):
    value = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    secret = fields.Boolean(required=True)


class AdvisorsRevealed(_Strict):
    """§8: a player's Financial Advisor cards, each with the money its goal earned."""

    player = fields.String(required=True, validate=validate.Length(min=1))
    cards = fields.List(fields.Nested(AdvisorCard), required=True)


ZONE = validate.Length(min=1, max=60)
SHIP = validate.Length(min=1, max=40)


class Push(_Strict):
    """Ships pushed forward out of a full dashed rectangle ("Pushing ships")."""

    ships = fields.List(fields.String(validate=SHIP), required=True, validate=validate.Length(min=1, max=4))
    to = fields.String(required=True, validate=ZONE)
    to_kind = fields.String(validate=validate.OneOf(ZONE_KINDS))


class ShipMoved(_Strict):
    """"Ship Movement": one ship or group across one icon, into a zone or out into the ocean
    (``to: "OCEAN"``).  The canal's map is not in the rulebook: a zone entered for the first
    time declares its kind, a unique ship its size; an exit carries the owners' bonus
    choices, the Prospector's doubled dice and the Passenger tokens' spots."""

    ships = fields.List(fields.String(validate=SHIP), required=True, validate=validate.Length(min=1, max=4))
    kind = fields.String(required=True, validate=validate.OneOf(["lock", "waterway"]))
    to = fields.String(required=True, validate=ZONE)
    to_kind = fields.String(validate=validate.OneOf(ZONE_KINDS))
    via = fields.String(validate=validate.OneOf(["action", "move3"]))
    pushes = fields.List(fields.Nested(Push))
    sizes = fields.Dict(keys=fields.String(validate=SHIP), values=fields.Integer(strict=True, validate=validate.Range(min=1, max=4)))
    bonus = fields.Dict(keys=fields.String(validate=SHIP), values=fields.String(validate=validate.OneOf(["card", "money"])))
    doubled = fields.Dict(keys=fields.String(validate=validate.OneOf(COMPANIES)), values=fields.Integer(strict=True, validate=PIP))
    spots = fields.List(fields.String(validate=validate.OneOf(BENEFITS), allow_none=True))


class FreeActionUsed(_Strict):
    """"Free Actions": the flag's action used (see ``engines.panamax.free_actions``)."""

    kind = fields.String(required=True, validate=validate.OneOf(FREE_KINDS))
    company = fields.String(validate=validate.OneOf(COMPANIES))
    contract = fields.Integer(strict=True)
    container = fields.Integer(strict=True)
    supply = fields.String(validate=validate.OneOf(SUPPLIES))
    ship = fields.String(validate=SHIP)
    raise_ = fields.Integer(strict=True, data_key="raise", attribute="raise")
    free_action = fields.String(validate=validate.OneOf([*FREE_ACTIONS, NO_ACTION]))


class CardEffects(_Strict):
    """What a Captain or Stevedore card does, as the table reads it from the leaflet."""

    locks = fields.Integer(strict=True, validate=validate.Range(min=0, max=6))
    waterways = fields.Integer(strict=True, validate=validate.Range(min=0, max=6))
    any_moves = fields.Integer(strict=True, validate=validate.Range(min=0, max=6))
    # Named so as not to hide ``Schema.loads``; read and written as "loads".
    loads_ = fields.Integer(strict=True, validate=validate.Range(min=0, max=6), data_key="loads", attribute="loads")


class BonusCardPlayed(_Strict):
    """§5: a Captain or Stevedore card earned in an earlier turn, played on one's own turn."""

    deck = fields.String(required=True, validate=validate.OneOf(DECKS))
    card = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=5))
    effects = fields.Nested(CardEffects)


class MilitaryPay(_Strict):
    """§10 "Military ships": the one military ship the player is paid for this turn."""

    ship = fields.String(required=True, validate=SHIP)


class MovementImpossible(_Strict):
    """"if it is impossible for movement to be expended the player's turn ends"."""

    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
