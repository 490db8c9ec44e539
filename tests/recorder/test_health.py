"""/api/health and /api/ready, on both databases."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from recorder import close_app, create_app


def test_health_is_ok_and_ready_names_the_database_and_its_schema(client: Any, app: Any) -> None:
    assert client.get("/api/health").get_json() == {"status": "ok"}
    ready = client.get("/api/ready")
    assert ready.status_code == 200
    body = ready.get_json()
    assert body["status"] == "ready"
    assert body["database"] == app.extensions["tablescribe.db"].dialect.name
    with app.extensions["tablescribe.db"].connect() as conn:
        assert body["schema"] == conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()


def test_a_database_behind_this_release_is_not_ready(client: Any, app: Any) -> None:
    with app.extensions["tablescribe.db"].begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'an_older_one'"))
    answer = client.get("/api/ready")
    assert answer.status_code == 503
    assert answer.get_json()["error"] == "not_ready" and "an_older_one" in answer.get_json()["message"]
    assert client.get("/api/health").status_code == 200, "alive all the same: no restart would help"


def test_a_database_that_does_not_answer_is_not_ready(tmp_path: Any) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": "postgresql+psycopg://nobody@/nowhere?host=/nonexistent"})
    try:
        answer = app.test_client().get("/api/ready")
        assert answer.status_code == 503 and answer.get_json()["error"] == "not_ready"
        assert app.test_client().get("/api/health").status_code == 200
    finally:
        close_app(app)
