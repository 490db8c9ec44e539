"""A live server and a Chromium page for the browser tests.

The server is the real app (werkzeug, threaded) on a free loopback port with its
own SQLite database; Chromium is Debian's, driven by Playwright through
``executable_path``.  Screenshots land in ``tests/browser/screenshots/`` so a
person can look at what the tests saw.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server
from werkzeug.wsgi import FileWrapper

from recorder import close_app, create_app
from recorder.migrate import upgrade
from tests.conftest import skip_or_fail

CHROMIUM = os.environ.get("TABLESCRIBE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
LAPTOP_WIDE = {"width": 1366, "height": 900}


def _files_read_whole(app: Any) -> Any:
    """Static files read into memory and closed before werkzeug writes them.

    werkzeug's development server skips closing a response when the browser drops the
    connection mid-way (its clean-up reads the socket first, and that raises), which
    leaves a static file open and fails the test with a ResourceWarning.  The service
    in production runs under granian, which closes it; only this test server needs this.
    Any other body is closed once it is iterated to its end (or dropped unfinished): a
    304 for a conditional favicon request holds the open file behind an empty body.
    """
    def serve(environ: Any, start_response: Any) -> Any:
        body = app(environ, start_response)
        if not isinstance(body, FileWrapper):
            return _closed_when_done(body)
        try:
            return [b"".join(body)]
        finally:
            body.close()
    return serve


def _closed_when_done(body: Any) -> Iterator[bytes]:
    """``body`` passed through, closed when exhausted or collected, whether or not
    werkzeug reaches its own close() after a dropped connection."""
    try:
        yield from body
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()


class LiveServer:
    def __init__(self, app: Any):
        self.app = app
        self.server = make_server("127.0.0.1", 0, _files_read_whole(app), threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def store(self) -> Any:
        return self.app.extensions["tablescribe.store"]

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'browser.db'}",
                      "SECRET_KEY": "browser-tests", "LIVE_POLL_SECONDS": 0.2, "LIVE_MAX_SECONDS": 30})
    upgrade(app.extensions["tablescribe.db"])
    server = LiveServer(app)
    yield server
    server.stop()
    close_app(app)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        skip_or_fail(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail("the playwright package is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A laptop-sized browser context; any Content-Security-Policy violation on any of
    its pages fails the test that used it (the policy must fit every page we serve)."""
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(10_000)
    refused = csp_violations(context)
    yield context
    context.close()
    assert not refused, f"Content-Security-Policy refused: {refused}"


def csp_violations(context: Any) -> list[str]:
    """A list that fills with every CSP violation Chromium reports in ``context``."""
    refused: list[str] = []

    def heard(message: Any) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    context.on("console", heard)
    return refused


def watched_page(browser: Any, viewport: dict[str, int] = PHONE) -> tuple[Any, Any, list[str], list[str]]:
    """A page in a context of its own (phone-sized unless told), and the lists that fill
    with its CSP violations and its script errors: a test asserts both empty at its end."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(10_000)
    refused = csp_violations(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, refused, errors


PICKER_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/app.css"><link rel="stylesheet" href="/static/css/record.css"></head>
<body><main class="record"><section class="panel actions"><h2>Record what happened</h2><div id="host"></div></section></main></body></html>"""


@pytest.fixture
def phone(live: LiveServer, browser: Any) -> Iterator[Any]:
    """A phone-sized page on the live server's origin, ready to mount one engine picker in
    ``#host`` (the recording page's stylesheets, no page script); a script error fails the test."""
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live.url}/static/css/app.css")
    page.set_content(PICKER_PAGE, wait_until="load")
    yield page
    assert not errors, errors
    context.close()


def screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def wait_for_step(page: Any, step: int) -> None:
    """Until the viewer shows `step`: the counter moves at once, the frame (board,
    step head, standings) when it arrives, and the URL after a short pause."""
    page.wait_for_function(f"() => document.querySelector('#counter-step').textContent.trim() === '{step}'")
    page.wait_for_function(
        f"() => document.querySelector('#step-position .step-number').textContent.trim() === 'Step {step}'")
    page.wait_for_url(f"**step={step}")
