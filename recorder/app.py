"""The application factory: configuration, database, store, API and CLI."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import swagger_ui_bundle
from flask import Flask, request, send_from_directory
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

from recorder import signing
from recorder.api import boards_api, devices_api, engines_api, exports_api, games, health, imports_api, keys_api, replay
from recorder.api.errors import JsonErrorApi, handle_store_error, handle_unreadable_number
from recorder.api.imports_api import DEFAULT_IMPORT_MAX_BYTES
from recorder.cli import register_cli
from recorder.db import make_engine
from recorder.errors import StoreError
from recorder.http import rate_limit
from recorder.http.answers import error_response
from recorder.http.csrf import csrf_token
from recorder.imports.batch import NDJSON_TYPES
from recorder.store import DEFAULT_SNAPSHOT_EVERY, EventStore
from recorder.views.fragments import FragmentCache
from recorder.web import blueprint as pages_blueprint
from recorder.web.secret import secret_key
from recorder.web.security_headers import add_security_headers
from recorder.web.sessions import CachedSignerSessions
from recorder.web.templating import PageEnvironment

MAX_BODY_BYTES = 256 * 1024
JSON_WRITE_METHODS = ("POST", "PUT", "PATCH")


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder=str(Path(__file__).parent.parent / "templates"),
                static_folder=str(Path(__file__).parent.parent / "static"))
    app.jinja_environment = PageEnvironment  # before app.jinja_env is first made
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL")
        or f"sqlite:///{Path(app.instance_path) / 'tablescribe.db'}",
        SNAPSHOT_EVERY=int(os.environ.get("TABLESCRIBE_SNAPSHOT_EVERY", DEFAULT_SNAPSHOT_EVERY)),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        IMPORT_MAX_BYTES=int(os.environ.get("TABLESCRIBE_IMPORT_MAX_BYTES", DEFAULT_IMPORT_MAX_BYTES)),
        # Token buckets (recorder/http/rate_limit.py): per write token, and per client address
        # for new games and imports.  A table records an action every few seconds.
        RATE_LIMITS=os.environ.get("TABLESCRIBE_RATE_LIMITS", "on") != "off",
        WRITE_RATE=float(os.environ.get("TABLESCRIBE_WRITE_RATE", 10)),
        WRITE_BURST=int(os.environ.get("TABLESCRIBE_WRITE_BURST", 100)),
        CREATE_RATE=float(os.environ.get("TABLESCRIBE_CREATE_RATE", 0.5)),
        CREATE_BURST=int(os.environ.get("TABLESCRIBE_CREATE_BURST", 30)),
        # Joining a game (the join form, or exchanging an invite), per client address.
        JOIN_RATE=float(os.environ.get("TABLESCRIBE_JOIN_RATE", 0.2)),
        JOIN_BURST=int(os.environ.get("TABLESCRIBE_JOIN_BURST", 20)),
        API_TITLE="Tablescribe",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL="/api/docs/assets/",
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # Live follow (recorder/live.py): SQLite streams re-read the version every
        # LIVE_POLL_SECONDS; PostgreSQL streams wake on NOTIFY and re-read anyway every
        # LIVE_HEARTBEAT_SECONDS (and every LIVE_POLL_SECONDS while LISTEN is down).
        LIVE_POLL_SECONDS=float(os.environ.get("TABLESCRIBE_LIVE_POLL_SECONDS", 0.5)),
        # A stream learns that its viewer left only when a keep-alive fails: the heartbeat
        # also bounds how long a closed page holds one of LIVE_MAX_STREAMS.
        LIVE_HEARTBEAT_SECONDS=float(os.environ.get("TABLESCRIBE_LIVE_HEARTBEAT_SECONDS", 5)),
        LIVE_MAX_SECONDS=300,
        # Open live streams per process under a threaded WSGI server (flask run, the tests'
        # werkzeug server), where each holds a thread.
        LIVE_MAX_STREAMS=int(os.environ.get("TABLESCRIBE_LIVE_MAX_STREAMS", 8)),
        # ... and under granian (recorder/asgi.py), where they wait on the event loop and
        # cost a few kilobytes each: bounded only so that one process cannot be flooded.
        LIVE_MAX_ASYNC_STREAMS=int(os.environ.get("TABLESCRIBE_LIVE_MAX_ASYNC_STREAMS", 2000)),
        # Reverse proxies in front whose X-Forwarded-* headers are believed (docs/DEPLOYMENT.md).
        TRUSTED_PROXIES=int(os.environ.get("TABLESCRIBE_TRUSTED_PROXIES", 0)),
        # Strict-Transport-Security max-age on HTTPS answers; 0 sends none (docs/DEPLOYMENT.md).
        HSTS_SECONDS=int(os.environ.get("TABLESCRIBE_HSTS_SECONDS", 0)),
        # Viewer frames answers kept per worker, gzip-compressed (a batch of 20: 10-20 KB).
        FRAMES_CACHE_BYTES=int(os.environ.get("TABLESCRIBE_FRAMES_CACHE_BYTES", 32 * 1024 * 1024)),
        # ... and shared by the workers on disk, so that a batch is drawn once per server (0: none).
        FRAMES_SHARED_BYTES=int(os.environ.get("TABLESCRIBE_FRAMES_SHARED_BYTES", 256 * 1024 * 1024)),
        FRAMES_SHARED_DIR=os.environ.get("TABLESCRIBE_FRAMES_SHARED_DIR") or str(Path(app.instance_path) / "frames"),
    )
    if test_config:
        app.config.from_mapping(test_config)
    _trust_proxies(app, int(app.config["TRUSTED_PROXIES"]))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(app.instance_path)
    app.session_interface = CachedSignerSessions()

    db = make_engine(app.config["DATABASE_URL"])
    app.extensions["tablescribe.db"] = db
    app.extensions["tablescribe.store"] = EventStore(db, snapshot_every=app.config["SNAPSHOT_EVERY"])
    signing.install(app)  # the key exports are signed with, created on first start (recorder/signing.py)

    api = JsonErrorApi(app)
    api.register_blueprint(engines_api.blp)
    api.register_blueprint(games.blp)
    api.register_blueprint(devices_api.blp)
    api.register_blueprint(boards_api.blp)
    api.register_blueprint(replay.blp)
    api.register_blueprint(exports_api.blp)
    api.register_blueprint(imports_api.blp)
    api.register_blueprint(health.blp)
    api.register_blueprint(keys_api.blp)
    app.register_blueprint(pages_blueprint())
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.add_extension(FragmentCache)  # {% memo %}: board parts drawn once per content
    app.register_error_handler(StoreError, handle_store_error)
    app.register_error_handler(RecursionError, _too_deep)
    app.register_error_handler(ValueError, handle_unreadable_number)  # a 4,301-digit integer in a body
    app.before_request(_require_json_body)
    app.after_request(add_security_headers)
    rate_limit.install(app)

    @app.get("/api/docs/assets/<path:filename>")
    def swagger_assets(filename: str) -> Response:
        """Swagger UI's files, served from the installed package: the docs work offline."""
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename)

    register_cli(app)
    return app


def _trust_proxies(app: Flask, hops: int) -> None:
    """Behind ``hops`` reverse proxies, take the client's address, scheme and host from
    their X-Forwarded-* headers (werkzeug's ProxyFix): the rate limits then count real
    clients, not the proxy, and cookies are marked Secure when the client used HTTPS.
    Never set it without a proxy in front that overwrites those headers: a client
    could otherwise pose as any address."""
    if hops > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]


def close_app(app: Flask) -> None:
    """Let go of the app's database: its live-follow listener, then its connections
    (tests make many apps in one process; a dropped test database must not be dialled forever)."""
    watch = app.extensions.pop("tablescribe.live", None)
    if watch is not None:
        watch.stop()
    app.extensions["tablescribe.db"].dispose()


def _too_deep(_error: RecursionError) -> tuple[Response, int]:
    """JSON nested deeper than Python's parser will go is a bad request, not a crash."""
    return error_response(400, "invalid", "The JSON body is nested too deeply")


def _require_json_body() -> tuple[Response, int] | None:
    """A write to the API must say it is JSON; anything else is 415, not a guess."""
    if request.method in JSON_WRITE_METHODS and request.path.startswith("/api/") and not request.is_json:
        if request.path == "/api/import" and request.mimetype in NDJSON_TYPES:
            return None
        return error_response(415, "unsupported_media_type", "Send the body as application/json")
    return None
