"""Entry points: ``app`` for WSGI servers (``flask --app wsgi run``, the tests), and
``asgi`` for granian, which ``make run``, ``make serve``, the soak and the benchmarks
use (serve/app_server.py; docs/DEPLOYMENT.md says why)."""

import os

from recorder import create_app
from recorder.asgi import BODY_SECONDS, AsgiBridge
from recorder.web.templating import compile_templates

app = create_app()
compile_templates(app.jinja_env)  # before the first request, not in it
asgi = AsgiBridge(app, threads=int(os.environ.get("TABLESCRIBE_THREADS", 16)),
                  body_seconds=float(os.environ.get("TABLESCRIBE_BODY_SECONDS", BODY_SECONDS)))
