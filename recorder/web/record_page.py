"""The recording page, and joining it from a second device.

The page never holds a long-lived token: its "Invite a device" button asks the API for a
fresh single-use invite (recorder/api/devices_api.py), shown as a link and a QR code, and
the joining device exchanges it at ``/games/<id>/join`` for a token of its own, kept in
the browser's one token cookie (recorder/http/auth.py).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from flask import Response, make_response, redirect, render_template, request, url_for
from jinja2.utils import htmlsafe_json_dumps

import engines
from recorder.credentials import InviteSpent, InviteUnknown, TokenRevoked, clean_label, label_from_user_agent
from recorder.errors import StoreError
from recorder.http.auth import cookie_token, forget_token, migrate_legacy_cookies, remember_token
from recorder.http.current import current_store
from recorder.views.engine_description import engine_dict
from recorder.views.seat_colours import seat_style
from recorder.web.pages import bp, engine_css, game_or_404, require_csrf


@bp.get("/games/<game_id>/record")
def record(game_id: str) -> Response:
    return _render_record(game_id)


def _render_record(game_id: str, join_error: str | None = None) -> Response:
    game = game_or_404(game_id)
    engine = engines.find(game.engine)
    token = cookie_token(game_id)
    writer, refused = None, None
    if token is not None:
        try:
            writer = current_store().credentials.writer(game, token)
        except StoreError as exc:
            refused = exc.message
    can_write = writer is not None
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
            "invites": f"/api/games/{game.id}/invites",
            "devices": f"/api/games/{game.id}/devices",
            "owner_token": f"/api/games/{game.id}/owner-token",
        },
    }
    page = make_response(render_template(
        "record.html", game=game, engine=engine, players=players, can_write=can_write,
        created=request.args.get("created") == "1", local_only=_local_only(), refused=refused,
        is_owner=writer is not None and writer.is_owner,
        # Not the tojson filter: it sorts keys, and the forms follow the schemas' field order.
        page_json=htmlsafe_json_dumps(page_data, dumps=json.dumps),
        engine_css=engine_css(engine.name), join_error=join_error,
        seat_style=seat_style(engine, current_store().initial_state(game))))
    # The page's answer depends on the browser's credentials: no cache may keep it.
    page.headers["Cache-Control"] = "no-store"
    if refused is not None:
        forget_token(page, game_id)  # revoked: this browser joins again with a new invite
    return page


@bp.after_request
def _fold_legacy_cookies(response: Response) -> Response:
    """Every page folds the old per-game token cookies into the one cookie, and clears them."""
    return migrate_legacy_cookies(response)


def _local_only() -> bool:
    """Whether this page was opened as localhost, so its link cannot work on another device."""
    host = urlsplit(request.host_url).hostname or ""
    return host in ("localhost", "127.0.0.1", "::1") or host.endswith(".localhost")


@bp.post("/games/<game_id>/join")
def join(game_id: str) -> Any:
    """A second device joins with an invite (from the QR code's fragment, or pasted), which
    it exchanges for a token of its own; a write token pasted (the owner's, kept from the
    game's creation, or an old link's) is kept as it is."""
    require_csrf()
    game = game_or_404(game_id)
    kind, pasted = _code_from(request.form.get("token", ""))
    if not pasted:
        return _render_record(game_id, join_error="Paste the invite link or code."), 400
    token = None
    if kind != "invite":
        try:
            current_store().credentials.writer(game, pasted)
            token = pasted
        except StoreError as exc:
            if kind == "token" or isinstance(exc, TokenRevoked):
                return _render_record(game_id, join_error=f"{exc.message}."), exc.status
    if token is None:
        label = clean_label(request.form.get("label"), label_from_user_agent(request.user_agent.string))
        try:
            token, _ = current_store().credentials.exchange(game_id, pasted, label)
        except (InviteUnknown, InviteSpent) as exc:
            return _render_record(game_id, join_error=f"{exc.message}."), exc.status
    response = redirect(url_for("web.record", game_id=game_id), code=303)
    remember_token(response, game_id, token)
    return response


def _code_from(pasted: str) -> tuple[str | None, str]:
    """What was pasted: a whole link (``#invite=`` or an old link's ``#token=``), or the bare
    code or token, whose kind the server finds out (None)."""
    pasted = pasted.strip()
    for kind in ("invite", "token"):
        _, found, after = pasted.partition(f"#{kind}=")
        if found:
            return kind, after.strip()
    return None, pasted
