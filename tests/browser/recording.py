"""What the engines' recording-page browser tests share: the JSON API as a table-side
assistant calls it, the recording page opened with a game's write token, an event
recorded by a tap and awaited, an engine's picker mounted alone, a picker's screenshots."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from engines.base import Event
from tests.browser.conftest import PHONE, SCREENSHOTS, screenshot


def api(live: Any, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """One JSON request to the live server; an error answer fails the test with its body."""
    request = urllib.request.Request(f"{live.url}{path}", method=method,
                                     data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{method} {path} {body}: {error.code} {error.read().decode()}") from None


def state_of(live: Any, game_id: str) -> dict[str, Any]:
    return dict(api(live, "GET", f"/api/games/{game_id}/state"))


def stored(live: Any, game_id: str) -> list[dict[str, Any]]:
    return list(api(live, "GET", f"/api/games/{game_id}/events?view=recorded")["events"])


def open_recording(live: Any, browser: Any, game_id: str, token: str) -> tuple[Any, Any, list[str]]:
    """A phone on the game's recording page, holding its write token; the page's script errors."""
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": f"ts_token_{game_id}", "value": token, "url": live.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live.url}/games/{game_id}/record")
    return context, page, errors


def wait_for_shown_step(page: Any, step: int) -> None:
    """Until the recording page shows the game after `step` effective events."""
    page.wait_for_function(
        "step => (document.querySelector('#turn .turn-meta') || {}).textContent?.includes(`Step ${step} ·`)", arg=step)


def record_and_wait(page: Any, button: Any, live: Any, game_id: str) -> dict[str, Any]:
    """Tap a record button; the stored event once the page shows it."""
    before = len(stored(live, game_id))
    button.click()
    deadline = time.monotonic() + 10
    while len(events := stored(live, game_id)) == before:
        assert time.monotonic() < deadline, "nothing was recorded"
        time.sleep(0.05)
    wait_for_shown_step(page, state_of(live, game_id)["step"])
    return events[-1]


# One engine's picker alone in the ``phone`` fixture's ``#host``: what the recording page
# hands a picker (static/js/record/engines/index.js), with `record` keeping the data in
# ``window.recorded`` instead of sending it; an engine offering no picker leaves the
# generic form's place holder.
PICKER_HARNESS = """
async ({ plugin, pickerClass, type, options, state, players, actor, initial }) => {
  const { pickers } = await import(`/static/js/record/engines/${plugin}.js`);
  window.recorded = [];
  const draft = {};
  const host = document.getElementById('host');
  const el = pickers[type]({ type, options, state, players, actor, draft, initial,
    record: (data) => { window.recorded.push(data); return Promise.resolve(true); },
    fallback: () => null });
  host.replaceChildren(el || document.createTextNode('generic form'));
  return Boolean(host.querySelector(`.${pickerClass}`));
}
"""


@dataclass(frozen=True)
class Pickers:
    """An engine's recording-page plugin (``static/js/record/engines/<plugin>.js``), whose
    pickers' sections carry ``picker_class``, at a table of ``players``."""

    plugin: str
    picker_class: str
    players: list[str]

    def show(self, page: Any, type_: str, options: Any, state: Any, actor: str | None,
             initial: dict[str, Any] | None = None) -> bool:
        """The picker of `type_` in ``#host`` (as Amend opens it when `initial`, the recorded
        data, is given); whether it took the generic form's place."""
        return bool(page.evaluate(PICKER_HARNESS, {
            "plugin": self.plugin, "pickerClass": self.picker_class, "type": type_, "options": options,
            "state": state, "players": self.players, "actor": actor, "initial": initial}))

    def mount(self, page: Any, engine: Any, state: Any, type_: str, options: dict[str, Any] | None = None,
              initial: dict[str, Any] | None = None) -> Any:
        """The picker of `type_` alone, given the engine's options (or `options` in their stead)."""
        expected = engine.expected(state)
        assert type_ in expected["event_types"]
        offered = expected["options"][type_] if options is None else options
        shown = self.show(page, type_, offered, state, expected["actors"][0], initial)
        assert shown, f"the {type_} picker replaced the generic form"
        return page.locator(f".{self.picker_class}[data-type={type_}]")


def shoot(prefix: str, picker: Any, name: str) -> None:
    """The page and the picker alone, for a person to look at."""
    screenshot(picker.page, f"{prefix}-{name}-phone")
    SCREENSHOTS.mkdir(exist_ok=True)
    picker.screenshot(path=str(SCREENSHOTS / f"{prefix}-{name}-picker-phone.png"))


def refusals(engine: Any, state: Any, type_: str, data: dict[str, Any], actor: str) -> list[tuple[str, str]]:
    """What the engine says against the event a picker sent (code, message): empty when
    the rules take it."""
    return [(v.code, v.message) for v in engine.check(state, Event(type_, data, actor)) if v.blocks]
