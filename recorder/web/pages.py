"""The pages' blueprint and what its views share; each page has its own module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, request

from recorder.errors import NotFound, StoreError
from recorder.store import EventStore
from recorder.web.csrf import FORM_FIELD, csrf_valid

bp = Blueprint("web", __name__)


def store() -> EventStore:
    return current_app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


def require_csrf() -> None:
    if not csrf_valid(request.form.get(FORM_FIELD)):
        abort(400, "The form has expired or did not come from this site: reload the page and try again")


def game_or_404(game_id: str) -> Any:
    try:
        return store().get_game(game_id)
    except NotFound:
        abort(404, "No such game")


def engine_css(name: str) -> str | None:
    """The engine's board stylesheet (``static/css/engines/<name>.css``, relative to the
    static folder), when it has one: the viewer and the recording page both draw its board."""
    return static_file(f"css/engines/{name}.css")


def static_file(relative: str) -> str | None:
    """``relative`` (to the static folder) when that file exists, for an optional stylesheet."""
    static = current_app.static_folder
    if static and (Path(static) / relative).is_file():
        return relative
    return None


def token_ok(game_id: str, token: str) -> bool:
    try:
        store().authorize(game_id, token)
    except StoreError:
        return False
    return True


# The views register themselves on ``bp`` when imported.
from recorder.web import boards_page, home_page, import_page, record_page, viewer_page  # noqa: E402,F401
