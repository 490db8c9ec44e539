"""The app side of ``make serve``: migrations and demo games (``flask`` commands), then
the app instances (gunicorn, threaded workers), all configured by environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from serve.processes import ROOT, Child


def app_env(database_url: str, secret_key: str) -> dict[str, str]:
    """What every instance shares (docs/DEPLOYMENT.md): the store, the key that signs
    the CSRF cookie, and one trusted proxy in front."""
    return {**os.environ, "DATABASE_URL": database_url, "TABLESCRIBE_SECRET_KEY": secret_key,
            "TABLESCRIBE_TRUSTED_PROXIES": "1"}


def flask(command: str, env: dict[str, str]) -> str:
    """Run ``flask --app wsgi COMMAND`` (init-db, demo) to the end; returns its output."""
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", command], cwd=ROOT, env=env,
                          capture_output=True, text=True, start_new_session=True)
    if done.returncode != 0:
        raise RuntimeError(f"flask {command} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def instance(number: int, port: int, workers: int, threads: int, env: dict[str, str], logs: Path) -> Child:
    """App instance ``number``: gunicorn on 127.0.0.1:``port``.  Threads, because each
    live viewer holds a request open; a short graceful timeout, so that open live
    streams do not hold up a stop for long (the browser reconnects elsewhere)."""
    argv = [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--worker-class", "gthread",
            "--threads", str(threads), "--bind", f"127.0.0.1:{port}", "--graceful-timeout", "5",
            "--access-logfile", "-", "wsgi:app"]
    return Child(f"app instance {number}", argv, logs / f"app-{number}.log", env)
