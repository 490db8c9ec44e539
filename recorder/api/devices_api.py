"""/api/games/<id>/invites, /devices, /owner-token: who may write to a game.

Each device that records a game holds its own revocable write token (recorder/credentials.py).
A device with write access makes an invite (a single-use code, valid ten minutes); the joining
device exchanges it here, or through the recording page's join form, for a token of its own.
"""

from __future__ import annotations

from typing import Any

import segno
from flask import Response, make_response, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from recorder import schemas
from recorder.credentials import OWNER, Writer, clean_label, label_from_user_agent
from recorder.http.auth import forget_token, remember_token, request_write_token
from recorder.http.current import current_store
from recorder.models import NAME_MAX, DeviceCredential, Game

blp = Blueprint("devices", __name__, url_prefix="/api/games",
                description="Devices that may write to a game: invites, device tokens, revocation, the owner token")

class InviteOut(Schema):
    code = fields.String(required=True, metadata={"description": "The single-use invite code (shown once)"})
    join_url = fields.String(required=True, metadata={
        "description": "The recording page with the code in its fragment (never sent to a server)"})
    expires_at = fields.String(required=True)
    qr_svg = fields.String(required=True, metadata={"description": "join_url as a QR code, an inline SVG"})


class DeviceOut(Schema):
    id = fields.String(required=True, metadata={"description": "The credential's id; 'owner' for the owner token"})
    label = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(["owner", "device"]))
    created_at = fields.String(required=True)
    last_used_at = fields.String(allow_none=True)
    revoked_at = fields.String(allow_none=True)
    invited_by = fields.String(allow_none=True)
    you = fields.Boolean(required=True, metadata={"description": "Whether the request's token is this one"})


class DeviceList(Schema):
    devices = fields.List(fields.Nested(DeviceOut), required=True, metadata={
        "description": "The owner token first, then every device credential and retired owner token, oldest first"})
    you = fields.String(required=True, metadata={"description": "The id of the request's own credential"})
    may_revoke = fields.Boolean(required=True, metadata={"description": "Whether the request's token may revoke others"})


class ExchangeIn(Schema):
    invite = fields.String(required=True, validate=validate.Length(min=1, max=200))
    label = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=NAME_MAX), metadata={
        "description": "What to call this device (default: its browser and system)"})


class Exchanged(Schema):
    token = fields.String(required=True, metadata={"description": "This device's write token (shown once)"})
    device = fields.Nested(DeviceOut, required=True)


class OwnerTokenOut(Schema):
    token = fields.String(required=True, metadata={"description": "The new owner token (shown once)"})


def _writer(game_id: str) -> tuple[Game, Writer]:
    game = current_store().get_game(game_id)
    return game, current_store().credentials.writer(game, request_write_token(game_id))


def _from_cookie() -> bool:
    return not request.headers.get("Authorization", "").lower().startswith("bearer ")


def device_dict(row: DeviceCredential, writer: Writer | None) -> dict[str, Any]:
    return {"id": row.id, "label": row.label, "role": row.role, "created_at": row.created_at,
            "last_used_at": row.last_used_at, "revoked_at": row.revoked_at, "invited_by": row.invited_by,
            "you": writer is not None and writer.credential_id == row.id}


@blp.route("/<game_id>/invites")
class Invites(MethodView):
    @blp.response(201, InviteOut)
    @blp.alt_response(401, schema=schemas.ApiError, description="No write token")
    @blp.alt_response(403, schema=schemas.ApiError, description="Wrong or revoked write token")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game")
    @blp.alt_response(429, schema=schemas.ApiError, description="Too many writes to this game from this address")
    def post(self, game_id: str) -> Any:
        """Make an invite for another device: a single-use code valid for ten minutes.  Any
        device that may write may invite.  Needs a write token (Bearer, or the page's cookie and CSRF header)."""
        _, writer = _writer(game_id)
        invite = current_store().credentials.invite(writer)
        join_url = url_for("web.record", game_id=game_id, _external=True) + f"#invite={invite.code}"
        body = {"code": invite.code, "join_url": join_url, "expires_at": invite.expires_at,
                "qr_svg": segno.make(join_url, error="m").svg_inline(scale=4, dark="#17202b")}
        return body, 201


@blp.route("/<game_id>/devices")
class Devices(MethodView):
    @blp.response(200, DeviceList)
    @blp.alt_response(401, schema=schemas.ApiError, description="No write token")
    @blp.alt_response(403, schema=schemas.ApiError, description="Wrong or revoked write token")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game")
    def get(self, game_id: str) -> dict[str, Any]:
        """The devices that may write to the game (and those revoked, with ``revoked_at``).  Needs a write token (Bearer, or the page's cookie and CSRF header)."""
        game, writer = _writer(game_id)
        rows = current_store().credentials.devices(game_id)
        retired = [r.revoked_at for r in rows if r.role == OWNER and r.revoked_at]
        owner = {"id": OWNER, "label": "Owner token (from the game's creation)" if not retired else "Owner token",
                 "role": OWNER, "created_at": max(retired) if retired else game.created_at, "last_used_at": None,
                 "revoked_at": None, "invited_by": None, "you": writer.is_owner}
        return {"devices": [owner] + [device_dict(r, writer) for r in rows],
                "you": writer.credential_id or OWNER, "may_revoke": writer.is_owner}

    @blp.arguments(ExchangeIn)
    @blp.response(201, Exchanged)
    @blp.alt_response(400, schema=schemas.ApiError, description="A field has the wrong shape")
    @blp.alt_response(403, schema=schemas.ApiError, description="invite_unknown: not an invite to this game")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game")
    @blp.alt_response(410, schema=schemas.ApiError, description="invite_used or invite_expired")
    @blp.alt_response(429, schema=schemas.ApiError, description="Too many attempts to join from this address")
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Join: exchange an invite code for this device's own write token (shown once).
        Needs no token: the invite is the credential, and it is spent by this."""
        current_store().get_game(game_id)
        label = clean_label(body.get("label"), label_from_user_agent(request.user_agent.string))
        token, row = current_store().credentials.exchange(game_id, body["invite"], label)
        return {"token": token, "device": device_dict(row, None) | {"you": True}}, 201


@blp.route("/<game_id>/devices/<device_id>/revoke")
class DeviceRevoke(MethodView):
    @blp.response(200, DeviceOut)
    @blp.alt_response(401, schema=schemas.ApiError, description="No write token")
    @blp.alt_response(403, schema=schemas.ApiError, description="Wrong or revoked write token, or not the owner's")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game, or no such device of it")
    @blp.alt_response(429, schema=schemas.ApiError, description="Too many writes to this game from this address")
    def post(self, game_id: str, device_id: str) -> Any:
        """Revoke a device's token: its next write is refused (403 ``token_revoked``), in every
        instance at once.  The owner token may revoke any device; a device may revoke itself.
        The row stays, marked ``revoked_at``.  Needs a write token (Bearer, or the page's cookie and CSRF header)."""
        _, writer = _writer(game_id)
        row = current_store().credentials.revoke(writer, device_id)
        response = make_response(device_dict(row, writer), 200)
        if writer.credential_id == row.id and _from_cookie():
            forget_token(response, game_id)
        return response


@blp.route("/<game_id>/owner-token")
class OwnerToken(MethodView):
    @blp.response(200, OwnerTokenOut)
    @blp.alt_response(401, schema=schemas.ApiError, description="No write token")
    @blp.alt_response(403, schema=schemas.ApiError, description="Not the owner token")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game")
    @blp.alt_response(429, schema=schemas.ApiError, description="Too many writes to this game from this address")
    def post(self, game_id: str) -> Any:
        """Rotate the owner token: a new one (shown once); the old one is refused from now on
        (403 ``token_revoked``) and invites not yet used expire.  Devices keep their tokens.
        From the recording page, the browser's cookie takes the new token.  Needs a write token (Bearer, or the page's cookie and CSRF header)."""
        game, writer = _writer(game_id)
        token = current_store().credentials.rotate_owner(writer, game)
        response: Response = make_response({"token": token}, 200)
        if _from_cookie():
            remember_token(response, game_id, token)
        return response
