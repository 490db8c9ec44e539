"""The server's signing key, and the signature on a game's head (issue 22, part 6).

The hash chain shows that a history is self-consistent: anyone who edits an event and
re-hashes everything after it has a chain that verifies again.  It cannot say who wrote
the history.  So a server signs the *head* of each game it exports (Ed25519, through the
``cryptography`` package) with a key only it holds, and an import checks the signature:
a history signed by a key this server knows (its own, or one it was told to trust) is
*verified*; anything else is imported as *unsigned by a known server*, never as verified.

What is signed (``head_payload``): the canonical JSON of the game's id, version, head hash
(the last event's hash, or the genesis hash of a game with no events), genesis hash,
engine and rules version, under a purpose string so the bytes can mean nothing else.  The
head hash covers every event and, through the genesis hash, the header; the rest is there
so that a reader of the signed bytes needs nothing else to know what they vouch for.

The key is a PEM file in the instance folder (mode 0600), created by ``flask init-db`` or,
failing that, when the app first starts: a server always has a key to sign with.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from recorder.hashing import canonical_json

ALGORITHM = "ed25519"
PURPOSE = "tablescribe-game-head/1"
KEY_FILE = "signing-key.pem"


def key_id(public: Ed25519PublicKey) -> str:
    """A short name for a public key: the first 16 hex digits of the SHA-256 of its 32 bytes."""
    return hashlib.sha256(_raw(public)).hexdigest()[:16]


def public_text(public: Ed25519PublicKey) -> str:
    """The public key as it is published and exported: its 32 bytes in base64."""
    return base64.b64encode(_raw(public)).decode("ascii")


def public_from_text(text: str) -> Ed25519PublicKey:
    """The inverse of ``public_text``; ValueError if it is not an Ed25519 public key."""
    try:
        raw = base64.b64decode(text, validate=True)
    except (ValueError, TypeError) as exc:
        raise ValueError("not base64") from exc
    if len(raw) != 32:
        raise ValueError("not 32 bytes")
    return Ed25519PublicKey.from_public_bytes(raw)


def _raw(public: Ed25519PublicKey) -> bytes:
    return public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def head_payload(header: Mapping[str, Any], head_hash: str) -> bytes:
    """The bytes a head signature covers, from a document's header (or a game's columns)."""
    return canonical_json({
        "purpose": PURPOSE, "game": header["id"], "version": header["version"], "head_hash": head_hash,
        "genesis_hash": header["genesis_hash"], "engine": header["engine"],
        "rules_version": header["rules_version"],
    }).encode("utf-8")


def document_head(document: Mapping[str, Any]) -> str:
    """The head hash of an exported game: its last event's hash, or its genesis hash."""
    events = document["events"]
    return str(events[-1]["hash"]) if events else str(document["game"]["genesis_hash"])


@dataclass(frozen=True)
class KeyRing:
    """This server's key and the public keys it trusts besides (``TRUSTED_KEYS``)."""

    own: Ed25519PrivateKey
    trusted: Mapping[str, Ed25519PublicKey] = field(default_factory=dict)

    @property
    def own_id(self) -> str:
        return key_id(self.own.public_key())

    def known(self, name: str) -> Ed25519PublicKey | None:
        """The public key a signature names, if this server knows it."""
        if name == self.own_id:
            return self.own.public_key()
        return self.trusted.get(name)

    def sign(self, payload: bytes) -> dict[str, str]:
        """A signature block as the export carries it."""
        public = self.own.public_key()
        return {"algorithm": ALGORITHM, "key_id": key_id(public), "public_key": public_text(public),
                "value": base64.b64encode(self.own.sign(payload)).decode("ascii")}

    def listing(self) -> list[dict[str, Any]]:
        """The public keys, for ``GET /api/keys``: this server's first."""
        own = self.own.public_key()
        return [{"key_id": key_id(own), "algorithm": ALGORITHM, "public_key": public_text(own), "own": True},
                *[{"key_id": name, "algorithm": ALGORITHM, "public_key": public_text(key), "own": False}
                  for name, key in sorted(self.trusted.items())]]


class BadSignature(ValueError):
    """A signature that does not hold: the reason says why."""


@dataclass(frozen=True)
class Verdict:
    """What a document's signature says about it: who signed it, and whether that is a
    key this server knows (only then is the history ``verified``)."""

    signed_by: str | None
    verified: bool


def judge(document: Mapping[str, Any], ring: KeyRing | None) -> Verdict:
    """The signature of an exported game checked against its head.

    Unsigned: not verified.  Signed, and the signature holds under the key it names:
    verified if this server knows that key, else not.  A signature that does not hold
    (another head, an edited history, a forged value) raises BadSignature, whether or not
    the key is known: a document whose signature is false is not a document to store."""
    block = document.get("signature")
    if block is None:
        return Verdict(None, False)
    try:
        public = public_from_text(block["public_key"])
        value = base64.b64decode(block["value"], validate=True)
    except ValueError as exc:
        raise BadSignature(f"the signature's public key or value is not readable ({exc})") from None
    if key_id(public) != block["key_id"]:
        raise BadSignature(f"the signature names key {block['key_id']} but carries key {key_id(public)}")
    known = ring.known(block["key_id"]) if ring is not None else None
    if known is not None and public_text(known) != public_text(public):
        raise BadSignature(f"the signature carries another key than the known key {block['key_id']}")
    try:
        public.verify(value, head_payload(document["game"], document_head(document)))
    except InvalidSignature:
        who = "a key this server knows" if known is not None else "the key it names"
        raise BadSignature(f"the signature by {who} ({block['key_id']}) does not match this history's head "
                           f"(version {document['game']['version']}, head hash {document_head(document)[:12]}…): "
                           "the history was changed after it was signed") from None
    return Verdict(block["key_id"], known is not None)


def load_or_create(path: Path) -> tuple[Ed25519PrivateKey, bool]:
    """The private key in ``path``, created (0600, never overwritten) if there is none.
    Returns the key and whether it was created now."""
    try:
        return _read(path), False
    except FileNotFoundError:
        pass
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process of this server made it first: use theirs
        return _read(path), False
    with os.fdopen(descriptor, "wb") as out:
        out.write(pem)
    return key, True


def _read(path: Path) -> Ed25519PrivateKey:
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError(f"{path} holds a {type(key).__name__}, not an Ed25519 private key")
    return key


def trusted_keys(texts: Iterable[str]) -> dict[str, Ed25519PublicKey]:
    """Public keys given as text (``TABLESCRIBE_TRUSTED_KEYS``, comma-separated), by key id."""
    keys = {}
    for text in texts:
        if text.strip():
            public = public_from_text(text.strip())
            keys[key_id(public)] = public
    return keys


def key_path(config: Mapping[str, Any], instance_path: str) -> Path:
    """Where the app's key lives: ``SIGNING_KEY_PATH`` (``TABLESCRIBE_SIGNING_KEY``), else
    the instance folder."""
    return Path(config.get("SIGNING_KEY_PATH") or os.environ.get("TABLESCRIBE_SIGNING_KEY")
                or Path(instance_path) / KEY_FILE)


def current_ring() -> KeyRing | None:
    """The running app's key ring, or None outside an app (a script, a benchmark)."""
    from flask import current_app, has_app_context

    if not has_app_context():
        return None
    ring = current_app.extensions.get("tablescribe.keys")
    return ring if isinstance(ring, KeyRing) else None


def install(app: Any) -> KeyRing:
    """Load the app's key (creating it on first start) and the keys it trusts."""
    own, created = load_or_create(key_path(app.config, app.instance_path))
    app.extensions["tablescribe.key_created"] = created  # for init-db to say so
    trusted = app.config.get("TRUSTED_KEYS")
    if trusted is None:
        trusted = os.environ.get("TABLESCRIBE_TRUSTED_KEYS", "").split(",")
    ring = KeyRing(own, trusted_keys(trusted))
    app.extensions["tablescribe.keys"] = ring
    return ring
