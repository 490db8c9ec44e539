"""Script payloads in every place a person can type (issue 7): player names, titles,
notes, override reasons, event notes.  Each page shows them as text and runs none of
them; the Content-Security-Policy is the second wall, so this test turns it off
(``bypass_csp``) to prove the first one, escaping, holds on its own."""

from __future__ import annotations

from typing import Any

import pytest

from recorder.store import AppendRequest
from tests.browser.conftest import LAPTOP

pytestmark = pytest.mark.browser

PAYLOADS = [
    "<img src=x onerror=\"window.__xss=1\">",
    "<script>window.__xss=2</script>",
    "\"><svg onload=window.__xss=3>",
    "';window.__xss=4;'",
]


def test_no_typed_text_runs_as_script_on_any_page(live: Any, browser: Any) -> None:
    store = live.store
    names = [f"A{PAYLOADS[0]}", f"B{PAYLOADS[2]}", "Cy"]
    game, token = store.create_game("panic-in-the-air", names, f"Title {PAYLOADS[1]}")
    store.append(game.id, token, AppendRequest(type="card_drawn", data={}, note=PAYLOADS[3]))
    store.append(game.id, token, AppendRequest(type="note", data={"text": PAYLOADS[1]}))
    store.append(game.id, token, AppendRequest(
        type="card_played", actor="Cy", data={"target": "Cy", "card": {"kind": "FALL", "value": 100}},
        override={"reason": PAYLOADS[0]}))
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    context.add_cookies([{"name": f"ts_token_{game.id}", "value": token, "url": live.url}])
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    for path in ("/", "/?q=Title", f"/games/{game.id}", f"/games/{game.id}?step=1",
                 f"/games/{game.id}/record"):
        page.goto(live.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.__xss") is None, path
        body = page.inner_text("body")
        assert "Title <script>window.__xss=2</script>" in body or path.endswith("record"), path
    page.goto(f"{live.url}/games/{game.id}")
    log = page.inner_text("body")
    assert PAYLOADS[1] in log and PAYLOADS[0] in log, "notes and reasons are shown, as text"
    assert dialogs == []
    context.close()
