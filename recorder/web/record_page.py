"""The recording page, and joining it from a second device."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import Response, make_response, redirect, render_template, request, url_for
from jinja2.utils import htmlsafe_json_dumps

import engines
from recorder.api.engines_api import engine_dict
from recorder.web.auth import cookie_token, remember_token
from recorder.web.pages import bp, engine_css, game_or_404, require_csrf, store, token_ok
from recorder.web.seat_colours import seat_style


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> Response:
    return _render_record(game_id)


def _render_record(game_id: str, join_error: str | None = None) -> Response:
    game = game_or_404(game_id)
    engine = engines.find(game.engine)
    token = cookie_token(game_id)
    can_write = token is not None and token_ok(game_id, token)
    # The token rides in the fragment, which browsers never send to a server.
    join_url = url_for("web.record", game_id=game_id, _external=True) + f"#token={token}" if can_write else None
    players = [p["name"] for p in game.players]
    page_data = {
        "game_id": game.id,
        "title": game.title,
        "players": players,
        "engine": engine_dict(engine) if can_write else None,
        "urls": {
            "state": f"/api/games/{game.id}/state",
            "frames": f"/api/games/{game.id}/frames",
            "events": f"/api/games/{game.id}/events",
            "checks": f"/api/games/{game.id}/checks",
            "stream": f"/api/games/{game.id}/stream",
            "viewer": url_for("web.viewer", game_id=game.id),
        },
    }
    page = make_response(render_template(
        "record.html", game=game, engine=engine, players=players, can_write=can_write,
        created=request.args.get("created") == "1", join_url=join_url, local_only=_local_only(),
        join_qr=segno.make(join_url, error="m").svg_inline(scale=4, dark="#17202b") if join_url else None,
        # Not the tojson filter: it sorts keys, and the forms follow the schemas' field order.
        page_json=htmlsafe_json_dumps(page_data, dumps=json.dumps),
        engine_css=engine_css(engine.name), join_error=join_error,
        seat_style=seat_style(engine, store().initial_state(game))))
    # The page holds the write token (invite link, QR code): no cache may keep it.
    page.headers["Cache-Control"] = "no-store"
    return page


def _local_only() -> bool:
    """Whether this page was opened as localhost, so its link cannot work on another device."""
    host = urlsplit(request.host_url).hostname or ""
    return host in ("localhost", "127.0.0.1", "::1") or host.endswith(".localhost")


@bp.post("/games/<game_id>/join")
def join(game_id: str) -> Any:
    """A second device joins with the token (from the QR code's fragment, or typed in)."""
    require_csrf()
    game_or_404(game_id)
    token = _token_from(request.form.get("token", ""))
    if not token or not token_ok(game_id, token):
        return _render_record(game_id, join_error="That is not this game's write token."), 403
    response = redirect(url_for("web.record", game_id=game_id), code=303)
    remember_token(response, game_id, token)
    return response


def _token_from(pasted: str) -> str:
    """The token itself, or the whole recording link pasted (the token in its fragment)."""
    pasted = pasted.strip()
    _, found, after = pasted.partition("#token=")
    return after.strip() if found else pasted
