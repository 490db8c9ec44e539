"""Why a game was not imported, as one error the API, the CLI and a bulk report share.

Each refusal carries a stable ``code`` (``import/...``), the game it concerns and, where
one event is to blame, that event's ``seq``, so a report can say "game X, event 17: why".
"""

from __future__ import annotations

from typing import Any

from recorder.errors import StoreError


class ImportRefused(StoreError):
    """The file is readable but this game cannot be imported as it stands (422)."""

    status = 422
    error = "import_refused"

    def __init__(self, code: str, message: str, game: str | None = None, seq: int | None = None, **details: Any):
        super().__init__(message, code=code, game=game, seq=seq, **details)
        self.code = code
        self.game = game
        self.seq = seq


class ImportUnreadable(ImportRefused):
    """Not a tablescribe-game document at all, or not one this server reads (400)."""

    status = 400
    error = "invalid"


class ImportConflict(ImportRefused):
    """A different game with the same id is already here (409)."""

    status = 409
    error = "conflict"
