"""GET /api/keys: the public keys this server signs exported games with, and trusts.

A server that receives one of this server's exports checks its signature against the key
published here; an operator who trusts this server adds the key to that server's
``TABLESCRIBE_TRUSTED_KEYS`` (docs/RELIABILITY.md, "What verify proves").
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from recorder.signing import ALGORITHM, PURPOSE

blp = Blueprint("keys", __name__, url_prefix="/api/keys", description="The keys game exports are signed with")


class KeyOut(Schema):
    key_id = fields.String(metadata={"description": "First 16 hex digits of the SHA-256 of the public key's bytes"})
    algorithm = fields.String(metadata={"description": ALGORITHM})
    public_key = fields.String(metadata={"description": "The 32-byte Ed25519 public key, base64"})
    own = fields.Boolean(metadata={"description": "true: this server's own key; false: a key it trusts"})


class KeysOut(Schema):
    signs = fields.String(metadata={"description": f"What a signature covers: the canonical JSON of purpose "
                                    f"({PURPOSE}), game, version, head_hash, genesis_hash, engine, rules_version"})
    keys = fields.List(fields.Nested(KeyOut))


@blp.route("")
class Keys(MethodView):
    @blp.response(200, KeysOut)
    def get(self) -> dict[str, Any]:
        """This server's public signing key, then the keys it trusts: an import of a game
        signed by one of them is verified; any other is imported as unsigned by a known server."""
        ring = current_app.extensions["tablescribe.keys"]
        return {"signs": PURPOSE, "keys": ring.listing()}
