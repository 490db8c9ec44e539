"""The viewer page, /games/<id>: complete at the requested step without JavaScript."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from markupsafe import escape

import engines
from recorder.http.auth import COOKIE
from recorder.store import AppendRequest, EventStore
from recorder.web.viewer_page import humanise, log_groups, summary
from tests.recorder.helpers import PLAYERS, draw, panic_demo_id, play_fall

PANIC = "panic-in-the-air"
NASTY = "<script>x</script>"


class _Element(HTMLParser):
    """The text inside the element with a given id, and the attributes of every tag."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})

    def __init__(self, wanted: str):
        super().__init__(convert_charrefs=True)
        self.wanted, self.depth, self.parts = wanted, 0, []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in self.VOID:
            return
        if self.depth:
            self.depth += 1
        elif dict(attrs).get("id") == self.wanted:
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def text_of(html: str, element_id: str) -> str:
    parser = _Element(element_id)
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Element("")
    parser.feed(html)
    return parser.tags


def standings_rows(html: str) -> list[list[str]]:
    """The standings table's body, cell texts per row."""
    body = re.search(r'id="standings".*?<tbody>(.*?)</tbody>', html, re.DOTALL)
    assert body, "no standings table"
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.DOTALL)
    return [[" ".join(unescape(re.sub(r"<[^>]+>", " ", cell)).split())
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.DOTALL)] for row in rows]


@pytest.fixture
def store(app: Any) -> EventStore:
    return app.extensions["tablescribe.store"]  # type: ignore[no-any-return]


@pytest.fixture
def played(store: EventStore) -> tuple[str, str]:
    """Seven recorded steps: Ana draws, falls 300 on Ben, ..."""
    game, token = store.create_game(PANIC, PLAYERS, "Thursday")
    for request in (draw(), play_fall("Ben", 300), draw(), draw(), play_fall("Cy", 200), draw(), draw()):
        store.append(game.id, token, request)
    return game.id, token


@pytest.fixture
def demo(store: EventStore) -> str:
    """The demo: a finished four-player game of 36 steps over 18 turns."""
    return panic_demo_id(store)


def frame(client: Any, game_id: str, step: int) -> dict[str, Any]:
    return client.get(f"/api/games/{game_id}/frames?from={step}&count=1").get_json()["frames"][0]  # type: ignore


def test_step_shows_that_steps_describe_line_board_changes_and_standings(
        client: Any, store: EventStore, played: Any) -> None:
    game_id, token = played
    # The game ends (the table rules an early R.I.P. stands), so every step shows its whole
    # truth; a game in progress shows the table's view (tests/web/test_hidden_information.py).
    store.append(game_id, token, AppendRequest(type="card_drawn", data={"face": {"kind": "RIP"}},
                                               override={"reason": "the deck was short"}))
    expected = frame(client, game_id, 2)
    response = client.get(f"/games/{game_id}?step=2")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)

    assert text_of(html, "step-describe") == expected["describe"]
    assert text_of(html, "step-position").startswith("Step 2")
    assert text_of(html, "counter-step") == "2" and text_of(html, "counter-steps") == "8"
    assert expected["board_html"] in html
    assert text_of(html, "changes") == " ".join(" ".join(expected["changes"]).split())
    # The standings at step 2: Ben has the 300 played on him.
    rows = standings_rows(html)
    assert [row[1] for row in rows] == PLAYERS
    by_player = {row[1]: row for row in rows}
    totals = {r["player"]: r["total"] for r in expected["standings"]["players"]}
    assert totals["Ben"] == 300
    assert by_player["Ben"][2] == "300" and by_player["Ana"][2] == str(totals["Ana"])
    # Each breakdown key is a humanised column, each player's value in it.
    assert "Click clack parity" in text_of(html, "standings") and "Stack height" in text_of(html, "standings")
    header = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', html)
    # In the engine's order (the JSON above sorts its keys).
    engine = engines.find(PANIC)
    keys = list(engine.standings(store.state_at(game_id, 2).state)["players"][0]["breakdown"])
    assert header[4:] == [humanise(k) for k in keys] and keys[0] == "distance"
    ben = expected["standings"]["players"][1]
    assert by_player["Ben"][4 + keys.index("distance")] == str(ben["breakdown"]["distance"])
    assert by_player["Ben"][4 + keys.index("click_clack_parity")] == ben["breakdown"]["click_clack_parity"]


def test_controls_scrubber_and_log_are_links_to_steps(client: Any, played: Any) -> None:
    game_id, _ = played
    html = client.get(f"/games/{game_id}?step=2").get_data(as_text=True)
    found = tags(html)
    go = {attrs["data-go"]: attrs for tag, attrs in found if tag == "a" and attrs.get("data-go")}
    assert {name: attrs.get("href") for name, attrs in go.items()} == {
        "first": "?step=0", "prev": "?step=1", "next": "?step=3", "last": "?step=7"}
    assert all(attrs.get("aria-label") for attrs in go.values())
    scrubber = next(attrs for tag, attrs in found if attrs.get("id") == "scrubber")
    assert (scrubber["type"], scrubber["min"], scrubber["max"], scrubber["value"]) == ("range", "0", "7", "2")
    assert re.search(r'<label[^>]*for="scrubber"', html)
    # The log: set-up and every step, each a link to ?step=k, the current one marked.
    log_links = [attrs["href"] for tag, attrs in found if tag == "a" and attrs.get("data-step") is not None]
    assert [f"?step={k}" for k in range(8)] == log_links
    current = [attrs for tag, attrs in found if attrs.get("aria-current") == "step"]
    assert [attrs["data-step"] for attrs in current] == ["2"]


def test_first_and_last_steps_disable_their_controls(client: Any, played: Any) -> None:
    game_id, _ = played
    first = tags(client.get(f"/games/{game_id}?step=0").get_data(as_text=True))
    go = {attrs["data-go"]: attrs for tag, attrs in first if tag == "a" and attrs.get("data-go")}
    assert go["prev"].get("aria-disabled") == "true" and "href" not in go["prev"]
    assert go["next"]["href"] == "?step=1"
    html = client.get(f"/games/{game_id}?step=0").get_data(as_text=True)
    assert text_of(html, "step-describe") == "Set-up" and text_of(html, "changes") == "The game is set up."


def test_without_step_the_last_step_shows_and_out_of_range_steps_are_clamped(client: Any, played: Any) -> None:
    game_id, _ = played
    for query, step in (("", "7"), ("?step=99", "7"), ("?step=-3", "0"), ("?step=abc", "7")):
        html = client.get(f"/games/{game_id}{query}").get_data(as_text=True)
        assert text_of(html, "counter-step") == step, query


def test_turn_opens_the_first_action_of_that_turn_as_the_log_groups_it(client: Any, demo: str) -> None:
    frames = client.get(f"/api/games/{demo}/frames?from=0&count=50").get_json()["frames"]
    assert frames[0]["position"]["label"] == "Set-up"
    first_of: dict[int, int] = {}
    for f in frames[1:]:
        first_of.setdefault(f["position"]["turn"], f["step"])
    assert first_of[1] == 1 and len(first_of) > 5
    log = client.get(f"/api/games/{demo}/events").get_json()["events"]
    for turn in (1, 6, max(first_of)):
        html = client.get(f"/games/{demo}?turn={turn}").get_data(as_text=True)
        step = first_of[turn]
        assert text_of(html, "counter-step") == str(step), turn
        assert text_of(html, "step-describe") == frames[step]["describe"]
        assert f"Turn {turn}" in text_of(html, "step-position")
        entry = next(e for e in log if e.get("step") == step)
        assert entry["position"]["turn"] == turn, "the heading and the log agree on the turn"
    # Turn 6's first action is step 12 of the demo: the page names its neighbours in its controls.
    html = client.get(f"/games/{demo}?turn=6").get_data(as_text=True)
    assert 'href="?step=11"' in html and 'href="?step=13"' in html


def test_a_turn_the_game_does_not_have_is_a_404_page(client: Any, demo: str) -> None:
    response = client.get(f"/games/{demo}?turn=999")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "no turn 999" in response.get_data(as_text=True)


def test_finished_game_highlights_the_winners_and_has_no_live_follow(client: Any, demo: str) -> None:
    html = client.get(f"/games/{demo}").get_data(as_text=True)
    rows = standings_rows(html)
    assert text_of(html, "standings-title").endswith("final")
    winners = [row[1] for row in rows if "Winner" in row[1]]
    assert winners == ["Ana Winner"]
    assert re.search(r'<tr class="winner">\s*<td class="num rank">1</td>', html)
    assert '"live": false' in html and "Finished" in html


def test_score_chart_is_drawn_on_the_server_with_the_cursor_at_the_step(client: Any, played: Any) -> None:
    game_id, _ = played
    html = client.get(f"/games/{game_id}?step=3").get_data(as_text=True)
    svg = re.search(r'<svg class="score-chart"[^>]*data-x0="([\d.]+)" data-dx="([\d.]+)"', html)
    assert svg, "no chart"
    x = float(svg.group(1)) + 3 * float(svg.group(2))
    cursor = re.search(r'<line class="chart-cursor" x1="([\d.]+)"[^>]* x2="([\d.]+)"', html)
    assert cursor and float(cursor.group(1)) == pytest.approx(x, abs=0.1) == float(cursor.group(2))
    assert html.count('class="chart-hit"') == 1 and "chart-legend" in html


def test_corrections_and_overrides_are_marked_in_both_logs(client: Any, store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS, "Corrected")
    store.append(game.id, token, play_fall("Ana", 300))                                    # 1
    store.append(game.id, token, play_fall("Ana", 200))                                    # 2
    store.append(game.id, token, AppendRequest(type="note", data={"text": "Cy is late"}))  # 3
    store.append(game.id, token, play_fall("Ana", 100))                                    # 4
    store.append(game.id, token, AppendRequest(type="undo", data={}))                      # 5 undoes 4
    store.append(game.id, token, play_fall("Ben", 100, actor="Ana", override={"reason": "house rule"}))  # 6
    store.append(game.id, token, AppendRequest(type="amend", data={"target_seq": 1, "event": {
        "type": "card_played", "data": {"target": "Ana", "card": {"kind": "FALL", "value": 100}}}}))  # 7

    html = client.get(f"/games/{game.id}?step=3").get_data(as_text=True)
    log = text_of(html, "log")
    assert "override: house rule" in log and "amended" in log and "Cy is late" in log
    flagged = re.search(r'<li class="log-entry is-flagged" data-step="3"', html)
    assert flagged, "the overridden step is not marked"
    assert "PN-C02" in log  # the rule that was overridden, by its code

    recorded = client.get(f"/games/{game.id}?step=3&log=recorded").get_data(as_text=True)
    log = text_of(recorded, "log")
    assert "undo → #4" in log and "undone by #5" in log
    assert "amend → #1" in log and "amended by #7" in log
    assert "target: Ana, card: {kind: FALL, value: 300}" in log
    assert re.search(r'aria-current="true">As recorded', recorded)
    # A standing event links to its step; a retracted one cannot be visited.
    assert 'href="?step=3&amp;log=recorded"' in recorded
    assert re.search(r'is-undone"[^>]*>\s*<div class="rec-static">\s*<span class="rec-seq"[^>]*>#4', recorded)


def test_user_text_is_escaped_everywhere(client: Any, store: EventStore) -> None:
    players = ["Ana", NASTY, "Cy"]
    game, token = store.create_game(PANIC, players, f"Game {NASTY} <b>bold</b>")
    store.append(game.id, token, play_fall("Ana", 300))
    store.append(game.id, token, play_fall("Ana", 200))
    store.append(game.id, token, play_fall(NASTY, 200))
    store.append(game.id, token, AppendRequest(type="note", data={"text": f"note {NASTY}"}))
    store.append(game.id, token, play_fall(NASTY, 100, actor="Ana", override={"reason": f"why {NASTY}"}))
    store.append(game.id, token, AppendRequest(type="undo", data={"reason": f"undo {NASTY}"}))

    for query in ("?step=3", "?step=0", "?step=3&log=recorded", "?turn=2"):
        response = client.get(f"/games/{game.id}{query}")
        assert response.status_code == 200, query
        html = response.get_data(as_text=True)
        assert NASTY not in html and "<b>bold</b>" not in html, query
        # Only the page's own two scripts: its configuration (JSON) and its module.
        assert html.count("<script") == 2, query
        assert str(escape(NASTY)) in html, query
    html = client.get(f"/games/{game.id}?step=3").get_data(as_text=True)
    assert text_of(html, "log").count(NASTY) >= 2  # shown as text: the describe lines and the note
    assert NASTY in [row[1] for row in standings_rows(html)]
    config = re.search(r'<script type="application/json" id="viewer-config">(.*?)</script>', html, re.DOTALL)
    assert config and "<" not in config.group(1)


def test_unknown_game_is_a_404_page(client: Any) -> None:
    response = client.get("/games/does-not-exist")
    assert response.status_code == 404 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert "Not found" in html and "No such game" in html


def test_record_link_only_with_the_write_cookie(client: Any, played: Any) -> None:
    game_id, token = played
    assert f'href="/games/{game_id}/record"' not in client.get(f"/games/{game_id}").get_data(as_text=True)
    client.set_cookie(COOKIE, f"{game_id}:{token}")
    assert f'href="/games/{game_id}/record"' in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_in_progress_game_tells_the_script_to_follow_it(client: Any, played: Any) -> None:
    game_id, _ = played
    html = client.get(f"/games/{game_id}?step=1").get_data(as_text=True)
    assert '"live": true' in html and f'"stream": "/api/games/{game_id}/stream"' in html
    assert f'"frames": "/api/games/{game_id}/frames"' in html and '"steps": 7' in html
    assert 'id="live-indicator"' in html


def test_helpers_word_keys_and_data_like_the_script_does() -> None:
    assert humanise("click_clack_parity") == "Click clack parity"
    assert summary({"target": "Ben", "card": {"kind": "FALL", "value": 300}, "ok": True, "x": None, "l": [1, 2]}) == (
        "target: Ben, card: {kind: FALL, value: 300}, ok: true, x: null, l: [1, 2]")
    assert summary({"text": "y" * 500}).endswith("…") and len(summary({"text": "y" * 500})) == 140
    groups = log_groups([
        {"kind": "event", "step": 1, "seq": 1, "position": {"label": "Turn 1 · Ana"}},
        {"kind": "note", "seq": 2, "after_step": 1, "text": "hi"},
        {"kind": "event", "step": 2, "seq": 3, "position": {"label": "Turn 1 · Ana"}},
        {"kind": "event", "step": 3, "seq": 4, "position": {"label": "Turn 2 · Ben"}},
    ])
    assert [(g["label"], [e.get("step", e.get("text")) for e in g["entries"]]) for g in groups] == [
        ("Set-up", [0]), ("Turn 1 · Ana", [1, "hi", 2]), ("Turn 2 · Ben", [3])]
    declared = log_groups([
        {"kind": "event", "step": 1, "seq": 1, "position": {"label": "Set-up"}},
        {"kind": "event", "step": 2, "seq": 2, "position": {"label": "Round 1 · Event phase"}},
    ])
    assert [(g["label"], [e["step"] for e in g["entries"]]) for g in declared] == [
        ("Set-up", [0, 1]), ("Round 1 · Event phase", [2])], "a set-up declaration joins step 0's group"


def test_checks_that_could_not_run_are_one_quiet_line_not_flags(client: Any, store: EventStore) -> None:
    game, token = store.create_game(PANIC, PLAYERS, "Deck unknown", {"deck_total": None})
    for request in (draw(), draw(), draw()):
        store.append(game.id, token, request)
    page = client.get(f"/games/{game.id}?step=2").get_data(as_text=True)
    assert "3 checks could not run without the board's data" in page
    assert 'class="badge flag' not in page.split('id="log-unchecked"')[1].split("</section>")[0], "no flag in the log"
    assert 'class="badge unchecked"' in page and "not checked: PN-C14" in page, "the step lists its own"
    played_page = client.get(f"/games/{store.create_game(PANIC, PLAYERS, 'Known deck')[0].id}").get_data(as_text=True)
    assert re.search(r'id="log-unchecked" hidden', played_page), "a game with every check run has no such line"
