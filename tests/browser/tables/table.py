"""A game recorded at the table through the recording page's pickers only, and counted.

A *scripted game* is what happened at a real table (an engine's demo game, cut where
the issue says: Panic in the Air whole, The Isle of Pan two rounds, Pan Am round 1,
Panamax round 1, Air Alliance six turns), played on the demo's saved board.  A *driver*
(one module per engine in this package) knows how a person records each of those
actions on the page: which chip, which map cell, which button.  It acts only through
:class:`Table`, which counts what a person would do: a tap is one, choosing in a select
is two (open, choose), typing counts its characters, by kind (a name, a number printed
on the table, a note).  :class:`Table` refuses any control inside the Advanced forms
(the typed event, an Amend's text, a picker's tucked-away generic form) and any text
area (a JSON box), so a game that passes was recorded by pickers alone.

After every action the table waits for the store, checks that the stored event is the
scripted one's type and actor, and counts the action's taps.  At the end
:func:`play` folds the stored events again, through the API, in a fresh game on the
same board, and checks that the page's game and the API's fold agree, and that the
standings are the scripted game's own.  The browser tests (``test_table_games.py``)
and the benchmark (``bench/taps.py``) run the same code.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import engines
from engines.base import Event, resolve_options
from recorder.demo import demo_games
from recorder.store import AppendRequest
from tests.browser.conftest import LAPTOP_WIDE, screenshot
from tests.browser.recording import api, open_recording, state_of, stored, wait_for_shown_step

# Where a picker-only game must never reach: the typed event, Amend's text, the generic
# form a picker tucks away behind its own disclosure, any text area.
ADVANCED = "#other, .amend-advanced, .pa-pick-fallback form, textarea"
TypedKind = Literal["name", "number", "note"]


@dataclass
class ActionCount:
    """What recording one action took."""

    type: str
    taps: int = 0
    typed: dict[str, int] = field(default_factory=dict)


class Table:
    """The recording page in a phone's hands; every gesture counted and kept off the
    Advanced forms."""

    def __init__(self, live: Any, page: Any, game_id: str, token: str):
        self.live, self.page, self.game_id, self.token = live, page, game_id, token
        self.actions: list[ActionCount] = []
        self._current: ActionCount | None = None

    # -- gestures -------------------------------------------------------------

    def tap(self, target: Any) -> None:
        """One tap on a control (a locator, or a CSS selector on the page)."""
        locator = self._locate(target)
        self._refuse_advanced(locator)
        locator.click()
        self._count().taps += 1

    def choose(self, target: Any, value: str) -> None:
        """A select: open it, choose (two taps)."""
        locator = self._locate(target)
        self._refuse_advanced(locator)
        locator.select_option(value)
        self._count().taps += 2

    def type(self, target: Any, text: str, kind: TypedKind) -> None:
        """Typing into a field: one tap to focus it and its characters, by kind."""
        locator = self._locate(target)
        self._refuse_advanced(locator)
        locator.fill(text)
        counted = self._count()
        counted.taps += 1
        counted.typed[kind] = counted.typed.get(kind, 0) + len(text)

    def _locate(self, target: Any) -> Any:
        return self.page.locator(target).first if isinstance(target, str) else target

    def _refuse_advanced(self, locator: Any) -> None:
        inside = locator.evaluate(f"el => Boolean(el.closest({ADVANCED!r}))")
        assert not inside, f"a picker-only game reached an Advanced form: {locator}"

    def _count(self) -> ActionCount:
        assert self._current is not None, "a gesture outside any action"
        return self._current

    # -- actions ---------------------------------------------------------------

    def expected(self) -> dict[str, Any]:
        return dict(state_of(self.live, self.game_id)["expected"])

    def state(self) -> dict[str, Any]:
        return dict(state_of(self.live, self.game_id)["state"])

    def record(self, event: dict[str, Any], gestures: Callable[[], None]) -> dict[str, Any]:
        """Run the gestures that record `event`; the stored event, once the page shows it."""
        before = len(stored(self.live, self.game_id))
        # A table event the script records without an actor (a roll, a card revealed) is
        # stored as the player expected now, as the store does for any such event.
        actor = event.get("actor") or next(iter(self.expected()["actors"]), None)
        self._current = ActionCount(event["type"])
        gestures()
        deadline = time.monotonic() + 10
        while len(events := stored(self.live, self.game_id)) == before:
            assert time.monotonic() < deadline, f"nothing was recorded for {event}"
            time.sleep(0.05)
        assert len(events) == before + 1, f"one action stored {len(events) - before} events"
        got = events[-1]
        assert (got["type"], got.get("actor")) == (event["type"], actor), (got, event)
        wait_for_shown_step(self.page, state_of(self.live, self.game_id)["step"])
        self.actions.append(self._current)
        self._current = None
        return dict(got)


class Driver(Protocol):
    """How a person records one engine's actions on the page."""

    def record(self, table: Table, event: dict[str, Any]) -> None:
        """Record `event` (type, actor, data as the scripted game has it) through
        ``table.record(event, gestures)``."""


@dataclass(frozen=True)
class ScriptedGame:
    """The first `length` events of an engine's demo game, and how to record them; the
    game is recorded on the board saved from the whole demo (as ``make run`` saves it)."""

    engine: str
    length: int
    driver: Driver

    def demo(self) -> dict[str, Any]:
        return next(demo_games([self.engine]))

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.demo()["events"][: self.length])

    @property
    def players(self) -> list[str]:
        return list(self.demo()["players"])

    @property
    def options(self) -> dict[str, Any]:
        """The demo's options but its board, which the saved board holds."""
        return {k: v for k, v in (self.demo().get("options") or {}).items() if k != "board"}

@dataclass(frozen=True)
class Played:
    """A scripted game's figures."""

    engine: str
    actions: list[ActionCount]

    @property
    def taps(self) -> list[int]:
        return [a.taps for a in self.actions]

    @property
    def median(self) -> float:
        return float(statistics.median(self.taps))

    @property
    def longest(self) -> ActionCount:
        return max(self.actions, key=lambda a: a.taps)

    def typed(self, kind: str) -> int:
        return sum(a.typed.get(kind, 0) for a in self.actions)


def demo_board(live: Any, game: ScriptedGame) -> tuple[str | None, dict[str, Any] | None]:
    """The board saved from the whole demo game (its id and file), or none for an engine
    with no board to transcribe."""
    engine = engines.find(game.engine)
    if engine.board_file.holds_nothing:
        return None, None
    demo = game.demo()
    store = live.store
    played, token = store.create_game(game.engine, demo["players"], demo["title"], demo.get("options"))
    for event in demo["events"]:
        store.append(played.id, token, AppendRequest(type=event["type"], data=event.get("data", {}),
                                                     actor=event.get("actor"), recorded_by="demo"))
    board, _ = store.board_from_game(played.id, game.engine, f"{engine.title}: the demo's board")
    return board.id, dict(api(live, "GET", f"/api/boards/{board.id}")["data"])


def new_game(live: Any, game: ScriptedGame, board_id: str | None) -> tuple[str, str]:
    """A game of `game` through the API, on the saved board when there is one."""
    body: dict[str, Any] = {"engine": game.engine, "title": f"{game.engine} at the table",
                            "players": [{"name": p} for p in game.players], "options": game.options}
    if board_id is not None:
        body["board"] = board_id
    created = api(live, "POST", "/api/games", body)
    return str(created["id"]), str(created["write_token"])


def play(live: Any, browser: Any, game: ScriptedGame) -> Played:
    """Record `game` on the page by its driver; check it against the API's fold."""
    board_id, board = demo_board(live, game)
    game_id, token = new_game(live, game, board_id)
    context, page, errors = open_recording(live, browser, game_id, token)
    try:
        table = Table(live, page, game_id, token)
        wait_for_shown_step(page, 0)
        for event in game.events:
            game.driver.record(table, event)
        # The page where the scripted game ends, for a person to look at, at both sizes.
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"table-game-{game.engine}-phone", full_page=False)
        page.set_viewport_size(LAPTOP_WIDE)
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, f"table-game-{game.engine}-laptop", full_page=False)
        assert not errors, errors
    finally:
        context.close()
    check_against_api(live, game, game_id, board_id, board)
    return Played(game.engine, table.actions)


def check_against_api(live: Any, game: ScriptedGame, game_id: str, board_id: str | None,
                      board: dict[str, Any] | None) -> None:
    """The page's game equals the same events folded by the API in a fresh game on the
    same board, and its standings are the scripted game's own (the engine's fold of the
    script)."""
    again_id, again_token = new_game(live, game, board_id)
    # Appended in-process, as the API appends (its rate limit is for people, not folds).
    for event in stored(live, game_id):
        live.store.append(again_id, again_token, AppendRequest(type=event["type"], data=event.get("data", {}),
                                                               actor=event.get("actor")))
    paged, folded = state_of(live, game_id), state_of(live, again_id)
    assert paged["state"] == folded["state"]
    assert paged["standings"] == folded["standings"]
    script_standings = scripted_standings(game, board)
    assert _scores(paged["standings"]) == _scores(script_standings), (paged["standings"], script_standings)


def scripted_standings(game: ScriptedGame, board: dict[str, Any] | None) -> dict[str, Any]:
    """The engine's standings after the scripted events, folded without any page."""
    engine = engines.find(game.engine)
    state = engine.setup(game.players, resolve_options(engine, game.options), board)
    for event in game.events:
        state = engine.apply(state, Event(event["type"], event.get("data", {}), event.get("actor")))
    return dict(engine.standings(state))


def _scores(standings: dict[str, Any]) -> Any:
    """Who has what and who wins: the standings' players, winners and whether they are final."""
    return standings.get("players"), standings.get("winners"), standings.get("final")


# The targets for a game recorded at the table.
MEDIAN_TAPS = 3
MOST_TAPS = 6
TYPED_KINDS = {"name", "number", "note"}


def assert_targets(played: Played) -> None:
    """At most 3 taps an action at the median, at most 6 for the longest, and nothing
    typed but names, numbers printed on the table and notes."""
    assert played.median <= MEDIAN_TAPS, (played.engine, played.median, played.taps)
    longest = played.longest
    assert longest.taps <= MOST_TAPS, (played.engine, longest)
    typed = {kind for action in played.actions for kind in action.typed}
    assert typed <= TYPED_KINDS, typed
