"""Home: the games with filters and search, and the New game form."""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for

import engines
from recorder.errors import BadInput, RuleViolation
from recorder.http.auth import remember_token
from recorder.http.current import current_store
from recorder.web.boards_page import board_engines
from recorder.web.forms import (
    FORM_HIDDEN_OPTIONS,
    MAX_SEATS,
    SEAT_PREFIX,
    NewGameForm,
    option_control,
    option_field,
    option_label,
    option_value_text,
    read_new_game,
)
from recorder.web.pages import bp, require_csrf

PAGE_SIZE = 30
BOARD_CHOICES = 50
MAX_PAGE = 1_000_000  # keeps the offset inside what every database's integers hold


@bp.get("/")
def home() -> str:
    filters = {name: request.args.get(name, "").strip() or None for name in ("engine", "player", "status", "q")}
    if filters["status"] not in (None, "in_progress", "finished"):
        filters["status"] = None
    page = min(max(request.args.get("page", 1, type=int) or 1, 1), MAX_PAGE)
    games, total = current_store().list_games(
        engine=filters["engine"], player=filters["player"], status=filters["status"], search=filters["q"],
        limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    # "Use for a new game" on the boards page comes here with the game and the board chosen.
    chosen = NewGameForm(engine=request.args.get("new_engine") or request.args.get("engine") or "",
                         board=request.args.get("board") or None)
    return _render_home(chosen, games=games, total=total, filters=filters, page=page)


def _render_home(form: NewGameForm, **listing: Any) -> str:
    if not listing:
        games, total = current_store().list_games(limit=PAGE_SIZE)
        listing = {"games": games, "total": total, "filters": {}, "page": 1}
    listing["query"] = {name: value for name, value in listing["filters"].items() if value}
    return render_template(
        "home.html", form=form, engines=engines.all_engines(), titles={e.name: e.title for e in engines.all_engines()},
        max_seats=MAX_SEATS, option_field=option_field, option_label=option_label, option_value_text=option_value_text,
        option_control=option_control, seat_prefix=SEAT_PREFIX,
        hidden_options=FORM_HIDDEN_OPTIONS, boards=_saved_boards(), page_size=PAGE_SIZE, **listing)


def _saved_boards() -> dict[str, list[Any]]:
    """The saved boards of each game that has a board to transcribe, newest first."""
    return {engine.name: current_store().boards.list(engine.name, limit=BOARD_CHOICES)[0] for engine in board_engines()}


@bp.post("/games")
def create_game() -> Any:
    require_csrf()
    form = read_new_game(request.form)
    if not form.errors:
        try:
            game, token = current_store().create_game(form.engine, form.players, form.title or None, form.options,
                                              board=form.board)
        except BadInput as exc:
            # Each field with its own words ("board: No saved board …"), not the names alone.
            fields = exc.details.get("fields", {})
            form.errors["form"] = "; ".join(f"{name}: {' '.join(map(str, m)) if isinstance(m, list) else m}"
                                            for name, m in fields.items()) or exc.message
        except RuleViolation as exc:
            form.errors["form"] = exc.message
        else:
            response = redirect(url_for("web.record", game_id=game.id, created=1), code=303)
            remember_token(response, game.id, token)
            return response
    return _render_home(form), 422


