"""Devices at the table (issue 22, part 7), at phone size: the owner invites a phone, the
phone joins with the single-use link and records, the owner revokes it from the devices
list, and the phone's next action is refused with a clear message."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_record import create_from_form, wait_for_result
from tests.browser.tokens import browser_token

pytestmark = pytest.mark.browser


def test_an_invited_phone_records_until_the_owner_revokes_it(live: Any, browser: Any) -> None:
    owner = browser.new_context(viewport=PHONE)
    page = owner.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_from_form(page, live.url, ["Ana", "Ben", "Cy"])
    game = live.store.list_games()[0][0]
    owner_token = browser_token(owner, game.id)
    page.wait_for_function("() => document.querySelector('#join-url').value.includes('#invite=')")
    assert page.locator("#invite-qr svg").count() == 1, "the invite's QR code"
    assert owner_token not in page.content(), "no long-lived token in the page"
    page.locator("#device-list li").first.wait_for()
    screenshot(page, "devices-phone-invite")
    join_url = page.locator("#join-url").input_value()

    phone = browser.new_context(viewport=PHONE)
    other = phone.new_page()
    other.on("pageerror", lambda error: errors.append(str(error)))
    other.goto(join_url)
    other.wait_for_selector(".quick-btn")
    assert browser_token(phone, game.id) != owner_token, "the phone holds a token of its own"
    other.click(".quick-btn")
    wait_for_result(other, "Ana drew")
    assert len(live.store.recorded_events(game.id)) == 1

    # The owner's list now shows the phone; Revoke takes its access away.
    phone_row = page.locator("#device-list li", has_text="(this device)").first
    assert phone_row.count() == 1
    revoke = page.locator("#device-list .device-revoke")
    revoke.first.wait_for()
    assert revoke.count() == 1 and "Chrom" in page.locator("#device-list").text_content()
    screenshot(page, "devices-phone-listed")
    revoke.first.click()
    page.wait_for_function("() => document.querySelector('#invite-result').textContent.includes('can no longer record')")
    page.wait_for_function("() => !document.querySelector('#device-list .device-revoke')")
    screenshot(page, "devices-phone-revoked-owner")

    # The phone's next action is refused, and says why.
    other.click(".quick-btn")
    refusal = other.locator(".violation.revoked")
    refusal.wait_for()
    text = refusal.text_content()
    assert "this device can no longer record this game" in text and "revoked" in text
    assert len(live.store.recorded_events(game.id)) == 1, "nothing recorded after the revocation"
    screenshot(other, "devices-phone-refused")
    other.click("text=Join again with a new invite")
    other.wait_for_selector("#join-form")
    assert "access to the game was revoked" in other.locator("#join-refused").text_content()
    screenshot(other, "devices-phone-join-again")

    # The owner replaces the owner token: the browser keeps the new one and keeps recording.
    page.click("#owner-token summary")
    page.click("#owner-rotate")
    page.locator("#owner-new-token").wait_for()
    new_token = page.locator("#owner-new-token").input_value()
    assert new_token != owner_token and browser_token(owner, game.id) == new_token
    screenshot(page, "devices-phone-owner-token-replaced")
    page.click("#invite-close")
    page.click(".quick-btn")
    wait_for_result(page, "drew")
    assert len(live.store.recorded_events(game.id)) == 2
    assert errors == []
    owner.close()
    phone.close()
