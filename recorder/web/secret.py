"""The key that signs session cookies: from the environment, or made once and kept
in the instance folder (so it survives restarts and is shared by every worker)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

ENV = "TABLESCRIBE_SECRET_KEY"


def secret_key(instance_path: str) -> str:
    if os.environ.get(ENV):
        return os.environ[ENV]
    path = Path(instance_path) / "secret_key"
    try:
        # O_EXCL: when several workers start at once, exactly one writes the key.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as handle:
        key = secrets.token_hex(32)
        handle.write(key)
    return key
