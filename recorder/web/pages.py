"""The pages' blueprint and what its views share; each page has its own module, which
registers its views on ``bp`` (``recorder.web.blueprint`` imports them all)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, request

from recorder.errors import NotFound
from recorder.http.csrf import FORM_FIELD, csrf_valid
from recorder.http.current import current_store

bp = Blueprint("web", __name__)


def require_csrf() -> None:
    if not csrf_valid(request.form.get(FORM_FIELD)):
        abort(400, "The form has expired or did not come from this site: reload the page and try again")


def game_or_404(game_id: str) -> Any:
    try:
        return current_store().get_game(game_id)
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


