"""/api/health and /api/ready: what a load balancer and an orchestrator ask.

*Healthy* means the process answers (restart it if not); it touches nothing else, so
a database outage does not get every app instance restarted at once.  *Ready* means
this instance can do its work: the database answers, its schema is the one this
code expects (a new release waits until its migration has run), and its last write
did not find the store full (reported until a write succeeds again, or for a minute:
see recorder/store_faults.py).
"""

from __future__ import annotations

from typing import Any

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import current_app
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields
from sqlalchemy.exc import SQLAlchemyError

from recorder.http.answers import error_response
from recorder.http.current import current_store
from recorder.migrate import alembic_config
from recorder.schemas import ApiError

blp = Blueprint("health", __name__, url_prefix="/api", description="Liveness and readiness, for load balancers")


class HealthOut(Schema):
    status = fields.String(metadata={"description": "ok"})


class ReadyOut(Schema):
    status = fields.String(metadata={"description": "ready"})
    database = fields.String(metadata={"description": "sqlite or postgresql"})
    schema = fields.String(metadata={"description": "The database's migration revision"})


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, HealthOut)
    def get(self) -> dict[str, Any]:
        """The process answers; nothing else is looked at."""
        return {"status": "ok"}


@blp.route("/ready")
class Ready(MethodView):
    @blp.response(200, ReadyOut)
    @blp.alt_response(503, schema=ApiError, description="The database does not answer, its schema is not this "
                      "release's, or the last write found it full")
    def get(self) -> Any:
        """The database answers, its schema is at this release's migration head, and writes find room."""
        db = current_app.extensions["tablescribe.db"]
        head = ScriptDirectory.from_config(alembic_config(db)).get_current_head()
        try:
            with db.connect() as conn:
                current = MigrationContext.configure(conn).get_current_revision()
        except SQLAlchemyError as exc:
            return error_response(503, "not_ready", f"The database does not answer ({type(exc).__name__})")
        if current != head:
            return error_response(503, "not_ready", f"The database schema is at {current}, this release needs {head}: "
                                  "run the migrations (flask init-db)")
        problem = current_store().write_health.problem()
        if problem is not None:
            return error_response(503, "not_ready", f"{problem}: free space for the database", reason="disk_full")
        return {"status": "ready", "database": db.dialect.name, "schema": current}
