"""The app side of ``make serve``: migrations and demo games (``flask`` commands), then
the app instances (granian, serve/app_server.py), all configured by environment."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from serve import app_server
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


def instance(number: int, socket: Path, workers: int, threads: int, env: dict[str, str], logs: Path) -> Child:
    """App instance ``number``: the project's app server (serve/app_server.py) on the Unix
    socket ``socket``, which only the proxy (and root) can reach: nobody can talk to an
    instance past the proxy, nor send it X-Forwarded-* headers of their own."""
    argv = app_server.argv(app_server.Bind(uds=socket), workers, threads, access_log=True, log_level="info")
    return Child(f"app instance {number}", argv, logs / f"app-{number}.log", app_server.environ(threads, env),
                 before_start=lambda: socket.unlink(missing_ok=True))
