"""Home: the games with filters and search, and the New game form."""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for

import engines
from recorder.errors import BadInput, RuleViolation
from recorder.web.auth import remember_token
from recorder.web.forms import MAX_SEATS, NewGameForm, option_field, option_label, option_value_text, read_new_game
from recorder.web.pages import bp, require_csrf, store

PAGE_SIZE = 30
MAX_PAGE = 1_000_000  # keeps the offset inside what every database's integers hold


@bp.get("/")
def home() -> str:
    filters = {name: request.args.get(name, "").strip() or None for name in ("engine", "player", "status", "q")}
    if filters["status"] not in (None, "in_progress", "finished"):
        filters["status"] = None
    page = min(max(request.args.get("page", 1, type=int) or 1, 1), MAX_PAGE)
    games, total = store().list_games(
        engine=filters["engine"], player=filters["player"], status=filters["status"], search=filters["q"],
        limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    return _render_home(NewGameForm(), games=games, total=total, filters=filters, page=page)


def _render_home(form: NewGameForm, **listing: Any) -> str:
    if not listing:
        games, total = store().list_games(limit=PAGE_SIZE)
        listing = {"games": games, "total": total, "filters": {}, "page": 1}
    listing["query"] = {name: value for name, value in listing["filters"].items() if value}
    return render_template(
        "home.html", form=form, engines=engines.all_engines(), titles={e.name: e.title for e in engines.all_engines()},
        max_seats=MAX_SEATS, option_field=option_field, option_label=option_label, option_value_text=option_value_text,
        page_size=PAGE_SIZE, **listing)


@bp.post("/games")
def create_game() -> Any:
    require_csrf()
    form = read_new_game(request.form)
    if not form.errors:
        try:
            game, token = store().create_game(form.engine, form.players, form.title or None, form.options)
        except (BadInput, RuleViolation) as exc:
            form.errors["form"] = exc.message
        else:
            response = redirect(url_for("web.record", game_id=game.id, created=1), code=303)
            remember_token(response, game.id, token)
            return response
    return _render_home(form), 422


