"""What names this build of the code: a digest of every file that shapes an answer.

A frames answer at a URL naming the game's version is cached for good by browsers and by
the proxy (``Cache-Control: immutable``).  What the same version's frames look like still
changes when the code does (a board template, an engine's words), so the viewer puts this
digest in the URL too: after an upgrade the URL is new and nothing stale is served.  It is
computed from the files themselves, so a checkout, a wheel and a container agree on it
without a version number anyone has to remember to bump.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHAPING = ("engines", "recorder", "templates")  # the code and templates behind every answer
SUFFIXES = frozenset({".py", ".html", ".json", ".svg", ".txt"})
LENGTH = 12  # hex digits: 48 bits, far beyond the builds one deployment sees


@functools.cache
def build_id() -> str:
    """The digest of the files under ``SHAPING`` (paths and contents, in a fixed order)."""
    digest = hashlib.sha256()
    for folder in SHAPING:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode())
                digest.update(b"\0")
                digest.update(path.read_bytes())
                digest.update(b"\0")
    return digest.hexdigest()[:LENGTH]
