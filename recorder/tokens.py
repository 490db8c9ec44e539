"""Write tokens: shown once at game creation, stored only as a SHA-256 digest.

The tokens are 256 random bits, so a plain digest (no salt, no slow hash) is
enough: nobody can guess a preimage, and lookups stay cheap.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, digest: str) -> bool:
    """Constant-time comparison, so response timing does not leak the digest."""
    return hmac.compare_digest(token_digest(token), digest)
