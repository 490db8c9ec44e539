"""/api/games: create, list and read games; append and read events; state; verify."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView
from flask_smorest import Blueprint

import engines
from recorder import schemas
from recorder.exports.formats import export_one
from recorder.flags import split_flags
from recorder.http.auth import request_write_token
from recorder.http.current import current_store
from recorder.provenance import public_view
from recorder.store import AppendRequest

blp = Blueprint("games", __name__, url_prefix="/api/games", description="Games, their events and their states")

ERRORS = {
    400: "A field has the wrong shape (the body names it)",
    401: "No write token",
    403: "Wrong write token",
    404: "No such game or step",
    409: "expected_version is stale (the body gives current_version)",
    422: "The rules forbid it (the body lists the violations with their codes)",
    503: "The store is busy (a write waited past its deadline): nothing was stored; retry after Retry-After seconds",
    507: "The store has no room left: nothing was stored",
}


def game_dict(game: Any, board_names: dict[str, str] | None = None) -> dict[str, Any]:
    """A game's header as the API shows it; ``board`` names the saved board it is recorded on."""
    out = {name: getattr(game, name) for name in (
        "id", "engine", "rules_version", "title", "players", "options", "created_at", "status", "version",
        "genesis_hash")}
    out["board"] = None
    if game.board_id is not None:
        names = board_names if board_names is not None else current_store().boards.names({game.board_id})
        out["board"] = {"id": game.board_id, "name": names.get(game.board_id), "hash": game.board_hash}
    out["imported"] = public_view(game.imported)  # issue 22: where an imported history came from
    return out


def game_dicts(games: list[Any]) -> list[dict[str, Any]]:
    """Many games, their boards' names read at once."""
    names = current_store().boards.names({g.board_id for g in games if g.board_id is not None})
    return [game_dict(g, names) for g in games]


@blp.route("")
class Games(MethodView):
    @blp.arguments(schemas.GameListArgs, location="query")
    @blp.response(200, schemas.GamePage)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """List games, newest first (filters: engine, player, status)."""
        games, total = current_store().list_games(**args)
        return {"games": game_dicts(games), "total": total,
                "limit": args["limit"], "offset": args["offset"]}

    @blp.arguments(schemas.GameCreate)
    @blp.response(201, schemas.GameCreated)
    @blp.alt_response(400, schema=schemas.ApiError, description=ERRORS[400])
    @blp.alt_response(422, schema=schemas.ApiError, description="The players or options break the game's set-up rules")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a game, on a saved board if ``board`` names one.  The write token in the
        answer is shown only this once."""
        names = [p["name"] for p in body["players"]]
        game, token = current_store().create_game(body["engine"], names, body.get("title"), body["options"], body.get("board"))
        state = current_store().initial_state(game)
        return {**game_dict(game), "write_token": token, "setup_flags": state.get("setup_flags", [])}


@blp.route("/<game_id>")
class GameResource(MethodView):
    @blp.response(200, schemas.GameDetail)
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    def get(self, game_id: str) -> dict[str, Any]:
        """A game's header, version, status, current standings and what is expected next."""
        frame = current_store().state_at(game_id)
        game = current_store().get_game(game_id)
        engine = engines.find(game.engine)
        return {**game_dict(game), "standings": engine.standings(frame.state),
                "expected": engine.expected(frame.state), "steps": frame.step}


@blp.route("/<game_id>/events")
class GameEvents(MethodView):
    @blp.arguments(schemas.EventsArgs, location="query")
    @blp.response(200)
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The log: ``view=effective`` (steps, corrections applied, with describe lines) or
        ``view=recorded`` (every stored event by seq, with its hashes).  ``from``/``to``
        are steps in the effective view and seqs in the recorded one."""
        start, end = args.get("from_"), args.get("to")
        if args["view"] == "recorded":
            rows = current_store().recorded_events(game_id, start or 1, end)
            return {"view": "recorded", "events": [recorded_dict(r) for r in rows]}
        log = current_store().effective_log(game_id)
        chosen = [e for e in log if _in_range(e.get("step", e.get("after_step")), start, end)]
        return {"view": "effective", "events": chosen}

    # Instances, not classes: a class is instantiated for every request, and building a
    # marshmallow schema costs more than loading a body with it (the hottest endpoint).
    @blp.arguments(schemas.EventIn())
    @blp.response(201, schemas.Appended())
    @blp.alt_response(200, schema=schemas.Appended, description="An idempotent retry: the original result")
    @blp.alt_response(400, schema=schemas.ApiError, description=ERRORS[400])
    @blp.alt_response(401, schema=schemas.ApiError, description=ERRORS[401])
    @blp.alt_response(403, schema=schemas.ApiError, description=ERRORS[403])
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    @blp.alt_response(409, schema=schemas.ApiError, description=ERRORS[409])
    @blp.alt_response(422, schema=schemas.ApiError, description=ERRORS[422])
    @blp.alt_response(503, schema=schemas.ApiError, description=ERRORS[503])
    @blp.alt_response(507, schema=schemas.ApiError, description=ERRORS[507])
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Record one event (``Authorization: Bearer <write_token>``; from the recording
        page, the game's token cookie plus the ``X-CSRF-Token`` header).  With ``Prefer:
        return=minimal`` (RFC 7240) the answer leaves out ``standings`` and ``describe``,
        which the server then never works out, and says ``Preference-Applied: return=minimal``."""
        result, created = current_store().append(game_id, request_write_token(game_id), AppendRequest(**body))
        flags, unchecked = split_flags(result.flags)
        payload = {"seq": result.seq, "version": result.version, "flags": flags, "unchecked": unchecked}
        status = 201 if created else 200
        if prefers_minimal(request.headers.getlist("Prefer")):
            return payload, status, {"Preference-Applied": "return=minimal"}
        return {**payload, "standings": result.standings, "describe": result.describe}, status


@blp.route("/<game_id>/checks")
class GameChecks(MethodView):
    @blp.arguments(schemas.ChecksIn())
    @blp.response(200, schemas.ChecksOut())
    @blp.alt_response(400, schema=schemas.ApiError, description=ERRORS[400])
    @blp.alt_response(401, schema=schemas.ApiError, description=ERRORS[401])
    @blp.alt_response(403, schema=schemas.ApiError, description=ERRORS[403])
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    def post(self, body: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Judge up to 32 game events against the game as it stands, storing nothing: the
        recording page shows why a choice is refused for the chosen player before it is
        tapped.  Needs the write token, as recording does."""
        requests = [AppendRequest(type=e["type"], actor=e.get("actor"), data=e["data"]) for e in body["events"]]
        version, results = current_store().check(game_id, request_write_token(game_id), requests)
        return {"version": version, "results": results}


@blp.route("/<game_id>/state")
class GameState(MethodView):
    @blp.arguments(schemas.StateArgs, location="query")
    @blp.response(200, schemas.StateOut)
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """The state after ``at`` effective events (the latest without it)."""
        frame = current_store().state_at(game_id, args.get("at"))
        engine = engines.find(current_store().get_game(game_id).engine)
        return {"step": frame.step, "seq": frame.seq, "version": frame.version, "state": frame.state,
                "standings": engine.standings(frame.state), "expected": engine.expected(frame.state),
                "is_over": engine.is_over(frame.state), "position": engine.position(frame.state)}


@blp.route("/<game_id>/verify")
class GameVerify(MethodView):
    @blp.response(200, schemas.VerifyOut)
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    def get(self, game_id: str) -> dict[str, Any]:
        """Recompute the hash chain and name the first event that does not match."""
        return current_store().verify(game_id)


def prefers_minimal(prefer_headers: list[str]) -> bool:
    """Whether a ``Prefer`` header (RFC 7240: comma-separated, names case-insensitive,
    a value possibly quoted, parameters after ``;``) asks for ``return=minimal``: an
    appending client that keeps its own view of the game is spared the standings and
    the describe line, the engine's work beyond the append itself."""
    for header in prefer_headers:
        for preference in header.split(","):
            name, _, value = preference.split(";", 1)[0].partition("=")
            if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
                return True
    return False


def recorded_dict(row: Any) -> dict[str, Any]:
    return {name: getattr(row, name) for name in (
        "seq", "position", "type", "actor", "data", "note", "recorded_at", "recorded_by", "idempotency_key",
        "override", "flags", "prev_hash", "hash")}


def _in_range(value: int | None, start: int | None, end: int | None) -> bool:
    if value is None:
        return True
    return (start is None or value >= start) and (end is None or value <= end)


@blp.route("/<game_id>/export")
class GameExport(MethodView):
    @blp.arguments(schemas.ExportArgs, location="query")
    @blp.response(200, description="json: the whole history (docs/formats/tablescribe-game-v1.schema.json); "
                                    "csv: the events (table=events) or the standings at every step (table=standings); "
                                    "txt: a printable transcript; play: a finished game's result for logging apps "
                                    "(docs/formats/tablescribe-play-v1.schema.json).  Each as a download")
    @blp.alt_response(400, schema=schemas.ApiError, description=ERRORS[400])
    @blp.alt_response(404, schema=schemas.ApiError, description=ERRORS[404])
    @blp.alt_response(409, schema=schemas.ApiError, description="format=play: the game is not finished")
    def get(self, args: dict[str, Any], game_id: str) -> Any:
        """A game to keep, share or analyse: enough to replay it later, anywhere, under the
        rules it was recorded with (json), for a spreadsheet (csv), for paper (txt), or its
        result for a logging app (play)."""
        found = export_one(current_store(), game_id, args["format"], args["table"])
        if isinstance(found.body, dict):
            return found.body, 200, _download(found.file_name)
        return Response(found.body, mimetype=found.mimetype, headers=_download(found.file_name))


def _download(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}
