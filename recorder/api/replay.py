"""/api/games/<id>/frames, /timeline, /log and /stream: what the viewer replays and follows."""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from flask import Response, current_app, request, stream_with_context
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

import engines
from recorder import schemas
from recorder.api.games import recorded_dict
from recorder.build import build_id
from recorder.errors import NotFound
from recorder.history import CORRECTION_TYPES
from recorder.http.answers import error_response
from recorder.http.cached_answers import AnswerCache, Stored, answer, stored
from recorder.http.current import current_store, live_watch
from recorder.http.handover import ASYNC_KEY, FOLLOW_KEY, LiveFollow
from recorder.http.shared_answers import SharedAnswers
from recorder.live import Watch
from recorder.store import STATUS_FINISHED
from recorder.views.board_parts import PartTable
from recorder.views.chart import MAX_POINTS, chart_summary, score_chart, summary_points
from recorder.views.frames import WITHHELD, frame_json, hidden_information
from recorder.views.log_rows import recorded_rows

blp = Blueprint("replay", __name__, url_prefix="/api/games", description="Replay and live follow, for the viewer")

MAX_FRAMES = 50
RECONNECT_MS = 1000
BUSY_RETRY_MS = 5000


BOARD_FORMATS = ("html", "parts")
FRAME_FIELDS = ("Each step: `step`, `seq`, `event` {type, actor, data} (null at step 0), `describe`, `position` "
                "{round, turn, label}, `standings`, `changes`, `flags`, `override`; and its board, "
                "`board_html` (with `board=html`) or `board` (with `board=parts`).")
PARTS = ("With `board=parts` only: the board parts of this answer.  A frame's `board` and each part are "
         "lists of chunks: a string is literal HTML, a number n stands for part n, itself joined the same "
         "way.  Joining a frame's `board` gives exactly the `board_html` that `board=html` sends.")


HIDDEN = ("table", "show")
HIDDEN_HELP = ("`table` (the default): while the game is not over, each step as the table sees it, "
               "without what the rules keep hidden during play (Panic in the Air: the deck count, the "
               "stacks under their top cards, the distances). `show`: the whole truth at every step "
               "(the recording page's *Show hidden information*). Once the game is over every step is "
               "the whole truth either way; `/state` and `/events` are always complete.")
HIDDEN_OUT = ("`withheld`: the steps are as the table sees them; `shown`: the whole truth, asked for with "
              "`hidden=show`; null: nothing is hidden (the game is over, or its engine hides nothing).")


class FramesArgs(schemas.Strict):
    from_ = fields.Integer(data_key="from", load_default=0, validate=validate.Range(min=0, max=schemas.MAX_INT))
    count = fields.Integer(load_default=20, validate=validate.Range(min=1, max=MAX_FRAMES))
    board = fields.String(load_default="html", validate=validate.OneOf(BOARD_FORMATS), metadata={
        "description": "`html`: each frame's whole board in `board_html`. `parts`: each frame's board "
                       "as `board`, chunks referring to the answer's `parts`, so that what consecutive "
                       "steps share is sent once."})
    hidden = fields.String(load_default="table", validate=validate.OneOf(HIDDEN),
                           metadata={"description": HIDDEN_HELP})
    version = fields.Integer(validate=validate.Range(min=0, max=schemas.MAX_INT), metadata={
        "description": "The game's version the asker knows.  With `build` too, and while it is the "
                       "game's version, the answer is cached for good (`Cache-Control: immutable`); "
                       "otherwise it is the current version's, to be revalidated (`no-cache`, `ETag`)."})
    build = fields.String(validate=validate.Length(max=64), metadata={
        "description": "The server's build the asker knows (the viewer page's `build`): an answer "
                       "cached for good names it, so that an upgrade never serves a stale board."})


class TimelineArgs(schemas.Strict):
    hidden = fields.String(load_default="table", validate=validate.OneOf(HIDDEN),
                           metadata={"description": HIDDEN_HELP})


MAX_LOG_STEPS = 1000
LOG_VIEWS = ("effective", "recorded")


class LogArgs(schemas.Strict):
    from_ = fields.Integer(data_key="from", load_default=0, validate=validate.Range(min=0, max=schemas.MAX_INT),
                           metadata={"description": "The page's first step (0: the set-up); at most the game's steps"})
    count = fields.Integer(load_default=200, validate=validate.Range(min=1, max=MAX_LOG_STEPS),
                           metadata={"description": f"How many steps, at most {MAX_LOG_STEPS}"})
    view = fields.String(load_default="effective", validate=validate.OneOf(LOG_VIEWS), metadata={
        "description": "`effective`: the log entries of the page's steps (as `/events` has them), each "
                       "step's notes after it.  `recorded`: also `rows`, every stored event from the page's "
                       "first step to its last, each with its `step` (null when it does not stand) and "
                       "`fate` ([word, seq of the correction] or null)."})


class FramesOut(Schema):
    game_id = fields.String()
    version = fields.Integer()
    steps = fields.Integer()
    is_over = fields.Boolean()
    frames = fields.List(fields.Dict(), metadata={"description": FRAME_FIELDS})
    parts = fields.List(fields.Raw(), metadata={"description": PARTS})
    hidden_information = fields.String(allow_none=True, metadata={"description": HIDDEN_OUT})


class TimelineOut(Schema):
    version = fields.Integer()
    steps = fields.Integer()
    players = fields.List(fields.String())
    points = fields.List(fields.Dict(), metadata={
        "description": f"{{step, totals}}: every step of a game of up to {MAX_POINTS}; of a longer one, "
                       f"at most {MAX_POINTS}: the first and last, and each player's lowest and highest "
                       "total in each stretch of steps (`sampled`)"})
    sampled = fields.Boolean(metadata={"description": "Whether `points` leaves steps out"})
    chart_svg = fields.String()
    hidden_information = fields.String(allow_none=True, metadata={"description": HIDDEN_OUT})


class LogOut(Schema):
    game_id = fields.String()
    version = fields.Integer()
    steps = fields.Integer()
    view = fields.String()
    from_ = fields.Integer(data_key="from")
    to = fields.Integer(metadata={"description": "The page's last step"})
    entries = fields.List(fields.Dict(), metadata={"description": "The effective log of steps `from`..`to`"})
    rows = fields.List(fields.Dict(), metadata={"description": "With `view=recorded`: the stored events"})
    unchecked = fields.Integer(metadata={"description": "Checks of the whole game that could not run "
                                                        "without the board's data"})


def player_names(game: Any) -> list[str]:
    return [p["name"] for p in game.players]


@blp.route("/<game_id>/frames")
class Frames(MethodView):
    @blp.arguments(FramesArgs(), location="query")  # instances: see the append endpoint
    @blp.response(200, FramesOut())
    @blp.alt_response(304, description="The asker holds this answer already (`If-None-Match`)")
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game or step")
    def get(self, args: dict[str, Any], game_id: str) -> Response:
        """Up to 50 consecutive steps from ``from``: describe line, board, standings, changes.
        With ``board=parts`` each board part is sent once for the whole answer.  While the
        game is not over, as the table sees it (``hidden``).  Asked with the game's
        ``version`` and the server's ``build`` (as the viewer does), cached for good."""
        window = f"{game_id}/{args['from_']}/{args['count']}/{args['board']}/{args['hidden']}"
        build = build_id()
        named = args.get("build") == build and "version" in args
        cache = frames_cache()
        if named:  # the URL names everything the answer depends on: no need to ask the database
            hit = cache.get(window, args["version"])
            if hit is not None:
                return answer(hit, request, immutable=True)
        def draw() -> tuple[int, Stored]:
            body = frames_answer(game_id, args)
            # FramesOut documents the answer; dumping through it would copy every frame to the same JSON.
            return body["version"], stored(answer_bytes(body), window, body["version"], build)

        version, entry = cache.made(window, current_store().get_game(game_id).version, draw)
        return answer(entry, request, immutable=named and args["version"] == version)


def frames_cache() -> AnswerCache:
    """This process's frames answers (made on first use, so each worker has its own),
    over the answers every worker shares on disk unless ``FRAMES_SHARED_BYTES`` is 0."""
    cache = current_app.extensions.get("tablescribe.frames")
    if cache is None:
        config = current_app.config
        shared = None
        if int(config["FRAMES_SHARED_BYTES"]) > 0:
            # Scoped by the build and the database: one folder may serve several of either.
            shared = SharedAnswers(Path(config["FRAMES_SHARED_DIR"]), int(config["FRAMES_SHARED_BYTES"]),
                                   scope=f"{build_id()} {config['DATABASE_URL']}")
        cache = current_app.extensions.setdefault(
            "tablescribe.frames", AnswerCache(int(config["FRAMES_CACHE_BYTES"]), shared))
    return cast(AnswerCache, cache)


def answer_bytes(body: Any) -> bytes:
    """The JSON an answer of Flask's would carry."""
    return (current_app.json.dumps(body) + "\n").encode()


def frames_answer(game_id: str, args: dict[str, Any]) -> dict[str, Any]:
    """The frames answer, drawn: the store's folded steps as the viewer shows them."""
    game, steps, frames = current_store().frames(game_id, args["from_"], args["count"])
    engine = engines.find(game.engine)
    players = player_names(game)
    last = frames[-1].state if frames else None
    parts = PartTable() if args["board"] == "parts" else None
    at_end = bool(last is not None and steps == frames[-1].step and engine.is_over(last))
    hidden = hidden_information(engine, at_end or game.status == STATUS_FINISHED, args["hidden"] == "show")
    body = {
        "game_id": game.id, "version": game.version, "steps": steps,
        "is_over": at_end,
        "frames": [frame_json(engine, players, frame, parts, hidden == WITHHELD) for frame in frames],
        "hidden_information": hidden,
    }
    if parts is not None:
        body["parts"] = parts.parts
    return body


@blp.route("/<game_id>/timeline")
class Timeline(MethodView):
    @blp.arguments(TimelineArgs(), location="query")
    @blp.response(200, TimelineOut)
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game")
    def get(self, args: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Every player's total at every step (a long game's sampled: ``sampled``), and the
        score chart drawn from them; while the game is not over, the totals the table sees
        (``hidden``)."""
        game = current_store().get_game(game_id)
        engine = engines.find(game.engine)
        hidden = hidden_information(engine, engine.is_over(current_store().state_at(game_id).state), args["hidden"] == "show")
        players = player_names(game)
        game, summary = current_store().timeline_summary(
            game_id, chart_summary(engine, players, hidden == WITHHELD),
            key=f"chart:{'table' if hidden == WITHHELD else 'all'}")
        points = summary_points(players, summary)
        return {
            "version": game.version, "steps": summary["steps"], "players": players,
            "points": [{"step": step, "totals": dict(values)} for step, values in points],
            "sampled": len(points) < summary["steps"] + 1,
            "chart_svg": str(score_chart(players, points)),
            "hidden_information": hidden,
        }


@blp.route("/<game_id>/log")
class Log(MethodView):
    @blp.arguments(LogArgs(), location="query")
    @blp.response(200, LogOut())
    @blp.alt_response(404, schema=schemas.ApiError, description="No such game")
    @blp.alt_response(422, schema=schemas.ApiError, description="`from` is past the game's last step "
                                                                "(`fields`, and its `steps`)")
    def get(self, args: dict[str, Any], game_id: str) -> Any:
        """A page of the game log: steps ``from`` .. ``from + count - 1`` (as many as exist),
        what the viewer loads as the reader scrolls or steps.  Folded from the nearest
        snapshot, so a page costs the same in a game of any length."""
        recorded = args["view"] == "recorded"
        try:
            page = current_store().log_page(game_id, args["from_"], args["count"], recorded=recorded)
        except NotFound as exc:
            if "steps" not in exc.details:
                raise
            steps = int(exc.details["steps"])
            return error_response(422, "out_of_range", f"from: the game has steps 0 to {steps}",
                                  fields={"from": [f"Must be at most {steps}, the game's last step."]}, steps=steps)
        answer = {
            "game_id": page.game.id, "version": page.game.version, "steps": page.steps, "view": args["view"],
            "from_": page.start, "to": page.end, "entries": page.entries,
            "unchecked": current_store().unchecked_checks(game_id),
        }
        if recorded:
            shaped = recorded_rows(page.recorded, page.entries, page.corrected_by)
            answer["rows"] = [{**recorded_dict(row), "step": line["step"], "fate": line["fate"]}
                              for row, line in zip(page.recorded, shaped, strict=True)]
        return answer


@blp.route("/<game_id>/stream")
@blp.doc(responses={"200": {"description": "text/event-stream: `hello`, then `update` {version, steps, rewritten, is_over}"}})
def stream(game_id: str) -> Response:
    """Server-Sent Events: an ``update`` whenever the game's version moves, whichever
    app instance stored the event (recorder/live.py)."""
    game = current_store().get_game(game_id)  # 404 before the stream starts
    config = current_app.config
    follow = _Follow(live_watch(), float(config["LIVE_POLL_SECONDS"]), float(config["LIVE_HEARTBEAT_SECONDS"]),
                     float(config["LIVE_MAX_SECONDS"]))
    engine = engines.find(game.engine)
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    if request.environ.get(ASYNC_KEY):
        # Served by recorder.asgi: write the hello, then the event loop follows the game
        # without holding this thread (recorder/live_async.py).
        request.environ[FOLLOW_KEY] = LiveFollow(
            game_id, game.version, functools.partial(_update, game_id, engine), follow.lasting,
            busy_text=f"retry: {BUSY_RETRY_MS}\n\n")
        return Response(iter([_hello(game.version)]), mimetype="text/event-stream", headers=headers)
    slots = current_app.extensions.setdefault(
        "tablescribe.streams", threading.BoundedSemaphore(int(config["LIVE_MAX_STREAMS"])))
    return Response(stream_with_context(_updates(game_id, engine, game.version, follow, slots)),
                    mimetype="text/event-stream", headers=headers)


@dataclass(frozen=True)
class _Follow:
    watch: Watch
    poll: float
    heartbeat: float
    lasting: float


def _updates(game_id: str, engine: engines.Engine, version: int, follow: _Follow,
             slots: threading.BoundedSemaphore) -> Iterator[str]:
    # Each open stream holds a server thread: past LIVE_MAX_STREAMS, ask the browser to
    # come back later instead of starving the requests that record and replay games.
    if not slots.acquire(blocking=False):
        yield f"retry: {BUSY_RETRY_MS}\n\n"
        return
    try:
        yield from _follow(game_id, engine, version, follow)
    finally:
        slots.release()


def _hello(version: int) -> str:
    # ``retry``: reconnect a second after the stream ends, not the browser's default three.
    return f"retry: {RECONNECT_MS}\n" + _event("hello", {"version": version})


def _update(game_id: str, engine: engines.Engine, known: int) -> tuple[int, str | None]:
    """The game's version now, and the ``update`` to send if it moved past ``known``:
    the one reading both the threaded and the event-loop streams make."""
    current = current_store().get_game(game_id).version
    if current == known:
        return known, None
    rewritten = bool(current_store().types_between(game_id, known, current) & CORRECTION_TYPES)
    frame = current_store().state_at(game_id)
    return current, _event("update", {"version": current, "steps": frame.step, "rewritten": rewritten,
                                      "is_over": engine.is_over(frame.state)})


def _follow(game_id: str, engine: engines.Engine, version: int, follow: _Follow) -> Iterator[str]:
    yield _hello(version)
    deadline = time.monotonic() + follow.lasting
    mark = follow.watch.mark(game_id)  # before each read: an event after it wakes the wait
    while True:
        version, update = _update(game_id, engine, version)
        if update is not None:
            yield update
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return  # the browser reconnects; its ``hello`` tells it what it missed
        follow.watch.wait(game_id, mark, min(follow.watch.interval(follow.poll, follow.heartbeat), remaining))
        if time.monotonic() >= deadline:
            return
        mark = follow.watch.mark(game_id)
        if current_store().get_game(game_id).version == version:
            yield ": keep-alive\n\n"


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"
