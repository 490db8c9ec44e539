"""The recording page in a real browser, at phone size: what an assistant does all evening."""

from __future__ import annotations

import re
from typing import Any

import pytest

from recorder.store import AppendRequest
from tests.browser.conftest import PHONE, screenshot, watched_page
from tests.browser.tokens import browser_token

pytestmark = pytest.mark.browser


def create_from_form(page: Any, base: str, players: list[str]) -> str:
    page.goto(base + "/")
    page.select_option("#engine", "panic-in-the-air")
    page.fill("#title", "Friday at Ana's")
    for seat, name in enumerate(players):
        page.fill(f"#player{seat}", name)
    page.click("text=Create the game and start recording")
    page.wait_for_selector(".quick-btn")
    return str(page.url.split("?")[0])


def wait_for_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(f"() => document.querySelector({selector!r}).textContent.includes({text!r})")


def wait_for_result(page: Any, text: str) -> None:
    wait_for_text(page, "#result", text)


def wait_for_undo(page: Any, text: str) -> None:
    """The undo's (and redo's) outcome: right under the Undo button."""
    wait_for_text(page, "#undo-result", text)


def game_id_of(live: Any) -> str:
    return str(live.store.list_games()[0][0].id)


def token_of(context: Any, game_id: str) -> str:
    """The write token from the HttpOnly cookie the form set (the page's script never sees it)."""
    return browser_token(context, game_id)


def focused_id(page: Any) -> str:
    return str(page.evaluate("document.activeElement ? document.activeElement.id : ''"))


def play(page: Any, target: str, kind: str, value: str | None = None) -> None:
    form = page.locator("form.action-form[data-type=card_played]")
    targets = form.locator("fieldset.seg").filter(has=page.locator("legend", has_text="Target"))
    targets.locator("label", has_text=re.compile(f"^{target}$")).click()
    form.locator("label", has_text=re.compile(f"^{kind}$")).click()
    if value:
        form.locator("label", has_text=re.compile(f"^{value}$")).click()
    form.locator("button[type=submit]").click()


def ana_draws_and_plays(page: Any, base: str) -> None:
    """A new game of Ana, Ben and Cy, and Ana's turn: she draws, then plays a Fall 300 on Ben."""
    create_from_form(page, base, ["Ana", "Ben", "Cy"])
    page.click("#invite-close")
    page.click(".quick-btn")
    wait_for_result(page, "Ana drew")
    play(page, "Ben", "Fall", "300")
    wait_for_result(page, "Fall 300")


def test_record_a_few_actions_a_rejection_an_override_and_an_undo(live: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_from_form(page, live.url, ["Ana", "Ben", "Cy", "Dee"])
    assert page.locator(".join-qr svg, #invite svg").count() >= 1, "a new game offers its QR code"
    screenshot(page, "record-phone-created")
    page.click("#invite-close")

    page.click(".quick-btn")                      # one tap: Ana draws
    wait_for_result(page, "Ana drew")
    play(page, "Ben", "Fall", "300")              # Ana's second action
    wait_for_result(page, "Fall 300")
    game = live.store.list_games()[0][0]
    assert [(r.seq, r.type, r.actor) for r in live.store.recorded_events(game.id)] == [
        (1, "card_drawn", "Ana"), (2, "card_played", "Ana")]

    # Ana again: out of turn. Nothing is offered to her; the refused choices show the
    # rule before anything is tapped, and the table lets one stand.
    page.locator("#actor-options label:has-text('Ana')").click()
    assert "Nothing is offered to Ana now: it is Ben’s turn" in page.locator(".actor-note").text_content()
    page.click(".refused-actions summary")
    reasons = page.locator(".refused-reasons")
    reasons.locator("li").first.wait_for()
    assert "Card drawn: PN-C02 Game Turns: It is Ben's turn, not Ana's" in reasons.text_content()
    assert len(live.store.recorded_events(game.id)) == 2, "checking a choice stores nothing"
    screenshot(page, "record-phone-refused-for-ana")
    page.click(".refused-actions .quick-btn")
    violation = page.locator("[data-result-for=quick] .violation")
    violation.wait_for()
    assert "PN-C02" in violation.text_content() and "Game Turns" in violation.text_content()
    screenshot(page, "record-phone-violation")
    assert len(live.store.recorded_events(game.id)) == 2, "a rejected action stores nothing"
    page.click("text=Record anyway (the table ruled it stands)")
    page.locator(".ask-preset", has_text="House rule").click()   # a preset reason, words added
    page.fill("#ask-reason", "Ana was owed a draw")
    screenshot(page, "record-phone-record-anyway")
    page.click("#ask-ok")
    wait_for_result(page, "flagged")
    overridden = live.store.recorded_events(game.id)[2]
    assert overridden.override == {"reason": "House rule: Ana was owed a draw"}
    assert [f["code"] for f in overridden.flags] == ["PN-C02"]

    page.click("#undo-btn")                       # undo is one button
    wait_for_undo(page, "Undone")
    events = live.store.recorded_events(game.id)
    assert (events[3].type, events[3].data["target_seq"]) == ("undo", 3)
    assert live.store.state_at(game.id).step == 2
    screenshot(page, "record-phone-after-undo")
    assert errors == []
    context.close()


def test_a_second_device_joins_through_the_invite_link_without_the_token_in_any_request(
    live: Any, browser: Any
) -> None:
    first = browser.new_context(viewport=PHONE)
    page = first.new_page()
    record_url = create_from_form(page, live.url, ["Ana", "Ben", "Cy"])
    page.wait_for_function("() => document.querySelector('#join-url').value.includes('#invite=')")
    join_url = page.locator("#join-url").input_value()
    token = join_url.split("#invite=")[1]

    second = browser.new_context(viewport=PHONE)
    other = second.new_page()
    requested: list[str] = []
    other.on("request", lambda request: requested.append(request.url + " " + (request.post_data or "")))
    other.goto(join_url)
    other.wait_for_selector(".quick-btn")
    assert other.url == record_url, "the token is dropped from the address bar"
    assert not any(token in line.split(" ")[0] for line in requested), "never in a URL sent to the server"
    other.click(".quick-btn")
    wait_for_result(other, "Ana drew")
    game = live.store.list_games()[0][0]
    assert live.store.recorded_events(game.id)[0].type == "card_drawn"
    first.close()
    second.close()


def test_undo_is_one_tap_and_redo_records_the_undone_event_again(live: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    ana_draws_and_plays(page, live.url)           # 1: Ana draws, 2: Ana plays
    game_id = game_id_of(live)
    played = live.store.recorded_events(game_id)[1]
    played_line = live.store.effective_log(game_id)[-1]["describe"]
    assert page.locator("#undo-what").text_content() == f"Last: {played_line}"

    page.click("#undo-btn")                       # one tap, no confirmation
    wait_for_undo(page, f"Undone: {played_line}")
    assert page.evaluate("document.getElementById('ask').open") is False, "no dialog opened"
    events = live.store.recorded_events(game_id)
    assert [(e.seq, e.type, e.data) for e in events] == [
        (1, "card_drawn", events[0].data), (2, "card_played", played.data), (3, "undo", {"target_seq": 2})]
    assert live.store.state_at(game_id).step == 1
    assert page.locator("#undo-what").text_content().startswith("Last: Ana drew")
    assert focused_id(page) == "undo-btn", "focus stays on Undo (the only event left is undoable)"
    redo = page.locator("#undo-result #redo-btn")
    assert redo.is_visible()
    screenshot(page, "record-phone-undone-with-redo")

    redo.click()                                  # the same event again, as a new event
    wait_for_undo(page, f"Redone: {played_line}")
    events = live.store.recorded_events(game_id)
    assert len(events) == 4
    again = events[3]
    assert (again.seq, again.type, again.actor, again.data) == (4, played.type, played.actor, played.data)
    assert again.idempotency_key and again.idempotency_key != played.idempotency_key
    assert again.flags == [] and again.override is None
    assert live.store.state_at(game_id).step == 2
    assert live.store.state_at(game_id).state == live.store.state_at(game_id, 2).state
    assert [e["seq"] for e in live.store.effective_log(game_id)] == [1, 4]
    assert page.locator("#redo-btn").count() == 0, "a redo is not offered twice"
    assert focused_id(page) == "undo-btn"
    assert page.locator("#undo-what").text_content() == f"Last: {played_line}"

    page.click("#undo-btn")                       # 5: undo the redone play
    wait_for_undo(page, f"Undone: {played_line}")
    assert page.locator("#redo-btn").is_visible()
    page.fill("#note-text", "Ben checks the rule book")
    page.click("#note-form button[type=submit]")  # 6: any other write ends the offer
    wait_for_result(page, "Note added")
    assert page.locator("#redo-btn").count() == 0
    assert page.locator("#undo-result").text_content() == ""

    # Undoing the only event left disables Undo: focus goes to the actions heading, not <body>.
    page.click("#undo-btn")                       # 7: undo the draw
    wait_for_undo(page, "Undone: Ana drew")
    assert page.locator("#undo-btn").is_disabled()
    assert focused_id(page) == "actions-title"
    assert [(e.seq, e.type, e.data.get("target_seq")) for e in live.store.recorded_events(game_id)[4:]] == [
        (5, "undo", 4), (6, "note", None), (7, "undo", 1)]
    assert live.store.state_at(game_id).step == 0
    assert errors == []
    context.close()


def test_a_card_form_asks_for_a_value_only_for_a_fall_and_an_arrow_only_for_a_wind(
    live: Any, browser: Any
) -> None:
    context, page, refused, errors = watched_page(browser)
    create_from_form(page, live.url, ["Ana", "Ben", "Cy"])
    page.click("#invite-close")
    page.click(".quick-btn")                      # 1: Ana draws
    wait_for_result(page, "Ana drew")
    form = page.locator("form.action-form[data-type=card_played]")
    value = form.locator("fieldset[data-field='card.value']")
    direction = form.locator("fieldset[data-field='card.direction']")
    assert not value.is_visible() and not direction.is_visible(), "no kind chosen: neither"

    form.locator("label", has_text=re.compile("^Fall$")).click()
    assert value.is_visible() and not direction.is_visible()
    assert "optional" not in value.locator("legend").text_content(), "a Fall's value is required"
    assert value.locator("label", has_text="—").count() == 0, "no 'none' for a required value"
    form.locator("fieldset.seg", has=page.locator("legend", has_text="Target")).locator(
        "label", has_text=re.compile("^Ben$")).click()
    form.locator("button[type=submit]").click()
    wait_for_text(page, "[data-result-for=card_played]", "Choose Card value")
    game_id = game_id_of(live)
    assert len(live.store.recorded_events(game_id)) == 1, "nothing sent without the value"

    form.locator("label", has_text=re.compile("^Wind$")).click()
    assert direction.is_visible() and not value.is_visible()
    assert form.locator(".violation").count() == 0, "a new choice clears the old complaint"
    form.locator("label", has_text=re.compile("^CW$")).click()
    screenshot(page, "record-phone-wind-card")
    form.locator("button[type=submit]").click()
    wait_for_result(page, "Wind")
    played = live.store.recorded_events(game_id)[1]
    assert played.data == {"target": "Ben", "card": {"kind": "WIND", "direction": "CW"}}, "no hidden field sent"
    assert played.flags == []
    assert errors == [] and refused == []
    context.close()


def test_amend_reopens_the_event_in_its_own_form_prefilled(live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser)
    ana_draws_and_plays(page, live.url)           # 1: Ana draws, 2: Ana plays
    page.locator("li.log-entry[data-seq='2'] button", has_text="Amend").click()
    editor = page.locator("li.log-entry[data-seq='2'] .amend-form")
    checked = editor.locator(".seg-option:has(input:checked)").all_text_contents()
    assert checked == ["Ben", "Fall", "300"], "the recorded choices, no typing"
    assert editor.locator("details.amend-advanced").get_attribute("open") is None, "typed data stays tucked away"
    assert "JSON" not in editor.text_content()
    editor.locator("fieldset[data-field='card.value'] label", has_text=re.compile("^200$")).click()
    screenshot(page, "record-phone-amend")
    editor.locator("button[type=submit]").click()
    wait_for_result(page, "Amended step 2")
    amend = live.store.recorded_events(game_id_of(live))[2]
    assert (amend.type, amend.data["target_seq"]) == ("amend", 2)
    assert amend.data["event"] == {"type": "card_played", "actor": "Ana",
                                   "data": {"target": "Ben", "card": {"kind": "FALL", "value": 200}}}
    assert errors == [] and refused == []
    context.close()


def test_void_takes_a_preset_reason_in_one_tap_and_says_which_events_it_breaks(
    live: Any, browser: Any
) -> None:
    context, page, refused, errors = watched_page(browser)
    ana_draws_and_plays(page, live.url)           # 1, 2: her turn ends
    page.click(".quick-btn")                      # 3: Ben draws
    wait_for_result(page, "Ben drew")
    game_id = game_id_of(live)

    # Void Ana's draw: Ben's draw would come while Ana still has an action left.
    page.locator("li.log-entry[data-seq='1'] button", has_text="Void").click()
    assert page.locator("#ask-reason").get_attribute("required") is None, "a preset is enough"
    assert page.locator(".ask-preset input:checked").input_value() == "Recorded by mistake"
    page.click("#ask-ok")                         # the first preset, no typing
    slot = page.locator("[data-result-for='seq:1'] .violation")
    slot.wait_for()
    text = slot.text_content()
    assert "would make 1 later event illegal" in text and "force" not in text
    assert len(live.store.recorded_events(game_id)) == 3, "a refused void stores nothing"
    screenshot(page, "record-phone-void-breaks")
    slot.locator("button", has_text="Void anyway and flag the event it breaks").click()
    wait_for_result(page, "Voided")
    void = live.store.recorded_events(game_id)[3]
    assert (void.type, void.data) == ("void", {"target_seq": 1, "reason": "Recorded by mistake", "force": True})
    assert [e["seq"] for e in live.store.effective_log(game_id)] == [2, 3]
    assert errors == [] and refused == []
    context.close()


def test_undo_never_takes_back_a_remote_event_the_page_has_not_shown(live: Any, browser: Any) -> None:
    """The undo carries the version the page showed: an event recorded elsewhere is either
    shown first (the stream's update, or its hello after a reconnect) and then the one
    undone, or the server refuses the undo (409) and the page reloads and says so."""
    context = browser.new_context(viewport=PHONE)
    stream = {"cut": True}

    def route_stream(route: Any) -> None:
        if stream["cut"]:   # an open connection that never says anything, then drops
            route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body="retry: 200\n\n")
        else:
            route.continue_()

    context.route("**/api/games/*/stream", route_stream)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_from_form(page, live.url, ["Ana", "Ben", "Cy"])
    page.click("#invite-close")
    page.click(".quick-btn")                      # 1: Ana draws, on this page
    wait_for_result(page, "Ana drew")
    game_id = game_id_of(live)
    token = token_of(context, game_id)
    mine = live.store.effective_log(game_id)[-1]["describe"]

    # 2: another device records while this page hears nothing.
    live.store.append(game_id, token, AppendRequest(type="card_drawn", idempotency_key="remote-1"))
    remote = live.store.effective_log(game_id)[-1]
    assert remote["seq"] == 2 and remote["describe"] != mine
    assert page.locator("#undo-what").text_content() == f"Last: {mine}", "the page has not seen it"
    page.click("#undo-btn")
    wait_for_undo(page, "Nothing was undone: the game moved on")
    assert [e.type for e in live.store.recorded_events(game_id)] == ["card_drawn", "card_drawn"], "nothing undone"
    wait_for_result(page, "the game moved on on another device")
    assert page.locator("#undo-what").text_content() == f"Last: {remote['describe']}", "reloaded"
    screenshot(page, "record-phone-undo-conflict")

    # 3: another write during the gap; then the stream comes back and its hello catches up.
    live.store.append(game_id, token, AppendRequest(type="card_drawn", idempotency_key="remote-2"))
    gap = live.store.effective_log(game_id)[-1]
    assert gap["seq"] == 3 and gap["actor"] == "Ben"
    stream["cut"] = False
    wait_for_text(page, "#undo-what", gap["describe"])
    wait_for_result(page, "what other devices recorded meanwhile")
    assert page.locator(f"#log li[data-seq='{gap['seq']}']").count() == 1
    page.click("#undo-btn")                       # 4: now shown, so this is what is undone
    wait_for_undo(page, f"Undone: {gap['describe']}")
    undo = live.store.recorded_events(game_id)[-1]
    assert (undo.seq, undo.type, undo.data) == (4, "undo", {"target_seq": 3})
    assert page.locator("#redo-btn").is_visible()

    # 5: a live update while the Redo is offered: the page follows, the offer is gone,
    # and the next undo takes back the remote event it now shows.
    live.store.append(game_id, token, AppendRequest(type="card_drawn", idempotency_key="remote-3"))
    live_event = live.store.effective_log(game_id)[-1]
    wait_for_text(page, "#undo-what", live_event["describe"])
    wait_for_result(page, "Another device")      # "recorded", or "corrected" when one poll also saw the undo
    assert page.locator("#redo-btn").count() == 0
    page.click("#undo-btn")
    wait_for_undo(page, f"Undone: {live_event['describe']}")
    undo = live.store.recorded_events(game_id)[-1]
    assert (undo.seq, undo.type, undo.data) == (6, "undo", {"target_seq": 5})
    assert errors == []
    context.close()


MULTI_HARNESS = """
async ({ schema, options }) => {
  const { analyse, buildFields } = await import('/static/js/record/schema-form.js');
  const info = analyse(schema, options);
  const fields = buildFields({ nodes: info.nodes, players: [] });
  document.body.replaceChildren(fields.element);
  window.readForm = () => fields.read();
  // A list offered whole lists (Pan Am's routes) keeps one choice per list.
  const whole = analyse({ type: 'object', properties: { cities: { type: 'array', items: { type: 'string' } } } },
                        { cities: [['Lima', 'Quito'], ['Lima', 'Bogota']] });
  return { kinds: Object.fromEntries(info.nodes.map((n) => [n.name, n.kind])), whole: whole.nodes[0].kind, oneTap: info.oneTap };
}
"""


def test_a_list_field_offered_single_values_is_ticked_and_sent_as_a_list(live: Any, browser: Any) -> None:
    """The generic form, on Panamax's ship_moved: `ships` is a list of ships, offered ship by
    ship. Before, each ship was a whole-value choice and the form sent a string (400 "Not a
    valid list"); now the ships are tick boxes and the ticked ones are sent as a list."""
    from tests.browser.test_panamax_record import api, new_game, state_of, stored

    game_id, token = new_game(live)
    api(live, "POST", f"/api/games/{game_id}/events",
        {"type": "action_die_taken", "actor": "Amelia", "data": {"from": {"column": 2}, "use": "movement"}}, token)
    options = state_of(live, game_id)["expected"]["options"]["ship_moved"]
    schema = next(e for e in api(live, "GET", "/api/engines") if e["name"] == "panamax")["event_types"]["ship_moved"]
    assert schema["properties"]["ships"]["type"] == "array" and "red-1" in options["ships"]

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live.url}/static/css/record.css")
    shown = page.evaluate(MULTI_HARNESS, {"schema": schema, "options": options})
    assert shown["kinds"]["ships"] == "multi" and shown["kinds"]["kind"] == "choice"
    assert shown["whole"] == "choice", "a list offered whole lists is still one choice"
    assert shown["oneTap"] is False
    ships = page.locator("fieldset[data-field=ships]")
    assert ships.locator("input[type=checkbox]").count() == len(options["ships"])
    ships.locator("label", has_text=re.compile("^red-1$")).click()
    ships.locator("label", has_text=re.compile("^green-1$")).click()
    assert page.evaluate("window.readForm().data.ships") == ["red-1", "green-1"]
    ships.locator("label", has_text=re.compile("^green-1$")).click()  # untick
    page.locator("fieldset[data-field=kind] label", has_text="waterway").click()
    page.locator("[data-field=to] label", has_text="Culebra Cut").click()
    page.locator("[data-field=to_kind] label", has_text="Dashed").click()  # new to the game
    read = page.evaluate("window.readForm()")
    assert read["missing"] == [] and read["errors"] == []
    data = read["data"]
    assert data["ships"] == ["red-1"] and data["kind"] == "waterway" and data["to"] == "Culebra Cut"

    # What the form read is what the API takes: recorded, and red-1 sails.
    assert data["to_kind"] == "DASHED"
    api(live, "POST", f"/api/games/{game_id}/events", {"type": "ship_moved", "actor": "Amelia", "data": data}, token)
    event = stored(live, game_id)[-1]
    assert event["type"] == "ship_moved" and event["data"]["ships"] == ["red-1"]
    assert state_of(live, game_id)["state"]["ships"]["red-1"]["zone"] == "Culebra Cut"
    assert errors == []
    context.close()


def _played(target: str, card: dict[str, Any], actor: str) -> AppendRequest:
    return AppendRequest(type="card_played", actor=actor, data={"target": target, "card": card})


def recording_page_after(live: Any, browser: Any, events: list[AppendRequest]) -> tuple[Any, Any, str, list[str]]:
    """A game of Ana, Ben and Cy made on the New game form, `events` recorded by another
    device, and this phone's recording page showing the result; the list fills with the
    page's CSP violations and script errors until the test's end."""
    context, page, refused, errors = watched_page(browser)
    create_from_form(page, live.url, ["Ana", "Ben", "Cy"])
    page.click("#invite-close")
    game_id = game_id_of(live)
    token = token_of(context, game_id)
    for event in events:
        live.store.append(game_id, token, event)
    page.reload()
    page.wait_for_selector("#actor-options input")
    refused.extend(errors)                                           # one list: both kinds, as they come
    page.on("pageerror", lambda error: refused.append(str(error)))
    return context, page, game_id, refused


FALL_100 = {"kind": "FALL", "value": 100}


def test_a_late_parachute_is_recorded_for_the_player_whose_hand_emptied(live: Any, browser: Any) -> None:
    """Ana empties her hand on her second action; Ben is up and selected, yet the parachute
    the page offers is Ana's, says so, and is recorded for her (never for Ben)."""
    context, page, game_id, problems = recording_page_after(live, browser, [
        _played("Ana", FALL_100, "Ana"), _played("Ana", FALL_100, "Ana"),              # Ana: 4 cards
        _played("Ana", {"kind": "RISK"}, "Ben"),
        AppendRequest(type="cards_taken", actor="Ben", data={"from": "Ana", "count": 2}),  # Ana: 2
        AppendRequest(type="card_drawn", actor="Ben"),
        AppendRequest(type="card_drawn", actor="Cy"), AppendRequest(type="card_drawn", actor="Cy"),
        _played("Ana", FALL_100, "Ana"), _played("Ana", FALL_100, "Ana"),              # Ana: 0
    ])
    assert page.locator("#actor-options input:checked").get_attribute("value") == "Ben"
    button = page.locator(".quick-btn", has_text="Parachute opened")
    assert "for Ana" in button.text_content()
    screenshot(page, "record-phone-late-parachute")
    button.click()
    wait_for_result(page, "Ana opened their parachute")
    last = live.store.recorded_events(game_id)[-1]
    assert (last.type, last.actor, last.flags) == ("parachute_opened", "Ana", [])
    # Ben, chosen by hand, holds cards: the parachute is not offered to him, and says why.
    assert page.locator(".quick-btn", has_text="Parachute opened").count() == 0
    assert problems == []
    context.close()


def test_a_card_onto_a_solo_protected_player_is_a_ruling_made_from_the_picker(live: Any, browser: Any) -> None:
    context, page, game_id, problems = recording_page_after(live, browser, [
        _played("Ana", {"kind": "SOLO"}, "Ana"), AppendRequest(type="card_drawn", actor="Ana")])
    form = page.locator("form.action-form[data-type=card_played]")
    targets = form.locator("fieldset.seg").filter(has=page.locator("legend", has_text="Target"))
    assert targets.locator("label:visible").all_text_contents() == ["Ben", "Cy"]
    targets.locator(".refused-toggle").click()
    targets.locator("label", has_text="Ana").click()
    assert "PN-C06 Card Functions: Solo: Ana is protected by a Solo" in form.locator(".refused-why").text_content()
    form.locator("label", has_text=re.compile("^Fall$")).click()
    form.locator("label", has_text=re.compile("^100$")).click()
    screenshot(page, "record-phone-refused-target")
    form.locator("button[type=submit]").click()
    page.click("text=Record anyway (the table ruled it stands)")
    page.locator(".ask-preset", has_text="The table ruled it stands").click()
    page.click("#ask-ok")
    wait_for_result(page, "flagged")
    last = live.store.recorded_events(game_id)[-1]
    assert (last.actor, last.data["target"], [f["code"] for f in last.flags]) == ("Ben", "Ana", ["PN-C06"])
    assert last.override == {"reason": "The table ruled it stands"}
    assert problems == []
    context.close()


def test_the_rip_card_is_one_tap_and_ends_the_game(live: Any, browser: Any) -> None:
    """35 draws leave 10 cards of the 45 dealing left: the R.I.P. card may be next."""
    context, page, game_id, problems = recording_page_after(
        live, browser, [AppendRequest(type="card_drawn") for _ in range(34)])
    assert page.locator(".turn-detail").text_content() == "Action 1 of 2"
    page.click("[data-focus-key='quick:card_drawn']")
    wait_for_result(page, "drew")
    assert page.locator(".turn-detail").text_content() == "Action 2 of 2"
    page.click("[data-focus-key='preset:card_drawn:0']")
    wait_for_result(page, "The game is over")
    last = live.store.recorded_events(game_id)[-1]
    assert (last.type, last.data, last.flags) == ("card_drawn", {"via": "action", "face": {"kind": "RIP"}}, [])
    assert live.store.get_game(game_id).status == "finished"
    assert problems == []
    context.close()


def test_the_record_button_is_within_reach_at_phone_size(live: Any, browser: Any) -> None:
    """After a draw, the card form's Record button is on screen without scrolling (it
    sticks to the bottom of the screen while its form is in view)."""
    context, page, refused, errors = watched_page(browser)
    create_from_form(page, live.url, ["Ana", "Ben", "Cy", "Dee"])
    page.click("#invite-close")
    page.click("[data-focus-key='quick:card_drawn']")
    wait_for_result(page, "Ana drew")
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("form.action-form[data-type=card_played] button[type=submit]").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    screenshot(page, "record-phone-record-in-reach")
    assert refused == [] and errors == []
    context.close()


def test_checks_that_could_not_run_are_one_quiet_line_and_no_flag(live: Any, browser: Any) -> None:
    context, page, refused, errors = watched_page(browser)
    page.goto(live.url + "/")
    page.select_option("#engine", "panic-in-the-air")
    for seat, name in enumerate(["Ana", "Ben"]):
        page.fill(f"#player{seat}", name)
    page.fill("#opt\\.panic-in-the-air\\.deck_total", "")       # the deck's size unknown
    page.click("text=Create the game and start recording")
    page.wait_for_selector(".quick-btn")
    page.click("#invite-close")
    page.click("[data-focus-key='quick:card_drawn']")
    wait_for_result(page, "Ana drew")
    assert "flagged" not in page.locator("#result").text_content()
    page.click("[data-focus-key='quick:card_drawn']")
    wait_for_text(page, "#log-unchecked", "2 checks could not run without the board's data")
    assert page.locator("#log .badge.flag").count() == 0, "no event is flagged"
    assert "Not checked: Start of the Game" in page.locator("#log .entry-details").first.text_content()
    screenshot(page, "record-phone-unchecked")
    assert refused == [] and errors == []
    context.close()
