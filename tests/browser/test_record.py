"""The recording page in a real browser, at phone size: what an assistant does all evening."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import PHONE, screenshot

pytestmark = pytest.mark.browser


def create_from_form(page: Any, base: str, players: list[str]) -> str:
    page.goto(base + "/")
    page.fill("#title", "Friday at Ana's")
    for seat, name in enumerate(players):
        page.fill(f"#player{seat}", name)
    page.click("text=Create the game and start recording")
    page.wait_for_selector(".quick-btn")
    return str(page.url.split("?")[0])


def wait_for_result(page: Any, text: str) -> None:
    page.wait_for_function(f"document.querySelector('#result').textContent.includes({text!r})")


def play(page: Any, target: str, kind: str, value: str | None = None) -> None:
    form = page.locator("form.action-form[data-type=card_played]")
    targets = form.locator("fieldset.seg").filter(has=page.locator("legend", has_text="Target"))
    targets.locator("label", has_text=re.compile(f"^{target}$")).click()
    form.locator("label", has_text=re.compile(f"^{kind}$")).click()
    if value:
        form.locator("label", has_text=re.compile(f"^{value}$")).click()
    form.locator("button[type=submit]").click()


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

    # Ana again: out of turn. The rule is shown; the table lets it stand.
    page.locator("#actor-options label:has-text('Ana')").click()
    page.click(".quick-btn")
    violation = page.locator("[data-result-for=quick] .violation")
    violation.wait_for()
    assert "PN-C02" in violation.text_content() and "Game Turns" in violation.text_content()
    screenshot(page, "record-phone-violation")
    assert len(live.store.recorded_events(game.id)) == 2, "a rejected action stores nothing"
    page.click("text=Record anyway (the table ruled it stands)")
    page.fill("#ask-reason", "Ana was owed a draw")
    page.click("#ask-ok")
    wait_for_result(page, "flagged")
    overridden = live.store.recorded_events(game.id)[2]
    assert overridden.override == {"reason": "Ana was owed a draw"}
    assert [f["code"] for f in overridden.flags] == ["PN-C02"]

    page.click("#undo-btn")                       # undo is one button (and a confirmation)
    page.click("#ask-ok")
    wait_for_result(page, "Undone")
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
    link = page.locator("#invite a[href*='#token='], #invite input[value*='#token=']").first
    join_url = link.get_attribute("href") or link.get_attribute("value")
    token = join_url.split("#token=")[1]

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
