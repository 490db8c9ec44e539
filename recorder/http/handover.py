"""How a live stream's view hands its stream to the ASGI bridge (``recorder.asgi``,
``recorder.live_async``): served by the bridge, the view writes the stream's hello, puts
a ``LiveFollow`` in the environ, and the event loop follows the game without holding
the view's thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ASYNC_KEY = "tablescribe.asgi"  # in the environ: served by recorder.asgi, a stream may be handed over
FOLLOW_KEY = "tablescribe.follow"  # in the environ: the view's hand-over to the bridge


@dataclass(frozen=True)
class LiveFollow:
    """What a stream follows, handed over by the view once its ``hello`` is written."""

    game_id: str
    version: int
    # In a pool thread, in the app's context: (the version now, the update to send or None).
    update: Callable[[int], tuple[int, str | None]]
    lasting: float  # seconds before the stream ends and the browser reconnects
    busy_text: str  # what to write instead when the process follows too many streams
