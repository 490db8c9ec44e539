"""The shared pieces of the protocol: rules-profile resolution and the registry."""

from __future__ import annotations

import pytest

import engines
from engines.base import SetupError, resolve_options

PANIC = engines.find("panic-in-the-air")


def codes(given: dict) -> list[str]:
    with pytest.raises(SetupError) as raised:
        resolve_options(PANIC, given)
    return [v.code for v in raised.value.violations]


def test_defaults_fill_every_option_not_given() -> None:
    resolved = resolve_options(PANIC, {"min_players": 3})
    assert resolved["min_players"] == 3 and resolved["deck_total"] == 63 and resolved["first_player"] is None


def test_null_is_accepted_only_where_the_option_says_so() -> None:
    assert resolve_options(PANIC, {"deck_total": None})["deck_total"] is None
    assert codes({"min_players": None}) == ["options/invalid"]


def test_wrong_types_are_refused_even_when_they_compare_equal() -> None:
    assert codes({"enforce_bottom10": 1}) == ["options/invalid"]  # 1 == True, but it is not a bool
    assert codes({"deck_total": "63"}) == ["options/invalid"]


def test_unknown_options_are_named() -> None:
    with pytest.raises(SetupError, match="Unknown option 'wnd'"):
        resolve_options(PANIC, {"wnd": "all"})


def test_registry_finds_engines_by_name_and_names_the_known_ones() -> None:
    assert engines.find("panic-in-the-air").title == "Panic in the Air"
    with pytest.raises(KeyError, match="panic-in-the-air"):
        engines.find("chess")
