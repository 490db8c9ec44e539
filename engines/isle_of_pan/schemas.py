"""The shape of each event's data (marshmallow), checked at the edge.

Shape only: an unknown field, a terrain or kind that does not exist, a coordinate
that is not two integers is a shape error (the recorder answers 400 naming the field).
Whether the data is *legal* here and now (three terrains to a tile, three cells to a
placement, a count of 1 to 3) is a rule, judged by ``check`` with its IP code.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from engines.isle_of_pan.tiles import DOMAINS, KINDS, MARKERS, TERRAINS


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class MarkerField(fields.Raw):
    """A tile's player-count marker [RB Setup 1]: 3 or 4 for a tile marked [3] or [4],
    ``"none"`` for a tile that carries no marker; null (or left out) when nobody said.

    A whole number or that one word, never ``true`` (which Python counts as 1) or ``3.0``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValidationError("A marker is 3, 4 or \"none\".")
        return value


def marker_field(**kwargs: Any) -> MarkerField:
    """The marker field as the events and the board file take it (null allowed)."""
    return MarkerField(allow_none=True, validate=validate.OneOf(MARKERS), **kwargs)


class CoordSchema(_Strict):
    """A space of the island: axial ``{q, r}``."""

    q = fields.Integer(required=True, strict=True)
    r = fields.Integer(required=True, strict=True)


class CellSchema(CoordSchema):
    """A space with its terrain: ``{q, r, t}``."""

    t = fields.String(required=True, validate=validate.OneOf(TERRAINS))


class ShapeCellSchema(_Strict):
    """A cell of a tile's shape, relative to its first cell: ``{dq, dr, t}``."""

    dq = fields.Integer(required=True, strict=True)
    dr = fields.Integer(required=True, strict=True)
    t = fields.String(required=True, validate=validate.OneOf(TERRAINS))


class StartingTileDeclaredSchema(_Strict):
    """``starting_tile_declared {spaces: [{q,r,t}...], central: {q,r}}``: the Starting Tile
    as it lies on the table (the rulebook gives no layout); all Explorers start on ``central``."""

    spaces = fields.List(fields.Nested(CellSchema), required=True)
    central = fields.Nested(CoordSchema, required=True)


class TileRevealedSchema(_Strict):
    """``tile_revealed {display_id?, terrains?: [t,t,t], shape?: [{dq,dr,t}x3], marker?: 3|4|"none"|null,
    tile_id?}``: a tile turned face up from the pile (the opening three, then each refill).

    ``terrains`` may be left out only when ``tile_id`` names a tile of the board the game is
    recorded on (the board supplies the face; otherwise it is a rule error, IP-C02 or IP-C29).
    ``marker: "none"`` says the tile carries no marker (null or absent: not declared)."""

    display_id = fields.String()
    terrains = fields.List(fields.String(validate=validate.OneOf(TERRAINS)))
    shape = fields.List(fields.Nested(ShapeCellSchema), allow_none=True)
    marker = marker_field()
    tile_id = fields.String(allow_none=True)


class TileTakenSchema(_Strict):
    """``tile_taken {display_id, portal_choices?: [kind]}``: step 1 and 2, one chosen kind per Portal."""

    display_id = fields.String(required=True)
    portal_choices = fields.List(fields.String(validate=validate.OneOf(KINDS)))


class TilePlacedSchema(_Strict):
    """``tile_placed {display_id?, cells: [{q,r,t}x3]}``: step 3, the taken tile where it lies."""

    display_id = fields.String()
    cells = fields.List(fields.Nested(CellSchema), required=True)


class ExplorerMovedSchema(_Strict):
    """``explorer_moved {to: {q,r}, path?: [{q,r}...]}``: step 4; ``to`` the current space is a
    move of 0; ``path`` lists the spaces entered, in order, ending on ``to``."""

    to = fields.Nested(CoordSchema, required=True)
    path = fields.List(fields.Nested(CoordSchema))


class AnimalsObservedSchema(_Strict):
    """``animals_observed {kind, count}`` [published game]: animals from the reserve onto the
    Explorer's space."""

    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    count = fields.Integer(required=True, strict=True)


class WondrousLakePlacedSchema(_Strict):
    """``wondrous_lake_placed {domain, at: [{q,r}...]}`` [published game]: one of the player's
    Wondrous Lake tiles leaves their board for the island."""

    domain = fields.String(required=True, validate=validate.OneOf(DOMAINS))
    at = fields.List(fields.Nested(CoordSchema), required=True)


class FantasticBeastAppearedSchema(_Strict):
    """``fantastic_beast_appeared {at: {q,r}, player?, kind?, points?, beast?}``: declared by the
    table (the rulebook gives no conditions); ``points`` on ``player``'s ``kind`` track."""

    at = fields.Nested(CoordSchema, required=True)
    player = fields.String()
    kind = fields.String(validate=validate.OneOf(KINDS))
    points = fields.Integer(strict=True)
    beast = fields.String()


class ScoreTokenSetSchema(_Strict):
    """``score_token_set {player, kind, position, reason}``: the table's score token, as the
    board shows it (the table's truth over the derived value)."""

    player = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    position = fields.Integer(required=True, strict=True)
    reason = fields.String(required=True)


class EndTurnSchema(_Strict):
    """``end_turn {}``: the turn is over (needed for the last turn; otherwise the next
    player's ``tile_taken`` closes it as well)."""

