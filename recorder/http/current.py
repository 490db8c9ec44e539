"""The process's own objects, as the app made them (``recorder.app.create_app``): one
way to reach them from a request, for both faces."""

from __future__ import annotations

import threading
from typing import cast

from flask import current_app

from recorder.live import Watch, watch_for
from recorder.store import EventStore

_watch_lock = threading.Lock()


def current_store() -> EventStore:
    """The app's event store."""
    return cast(EventStore, current_app.extensions["tablescribe.store"])


def live_watch() -> Watch:
    """This process's watch, made on first use (so each server worker makes its own)."""
    extensions = current_app.extensions
    with _watch_lock:
        if "tablescribe.live" not in extensions:
            extensions["tablescribe.live"] = watch_for(extensions["tablescribe.db"])
    return cast(Watch, extensions["tablescribe.live"])
