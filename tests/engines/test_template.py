"""The template engine (engines/_template/): its rules as scenarios, and the contract
suite run over a copy of it, as docs/NEW_GAME.md tells a newcomer to make one: a sixth
engine's skeleton passes the contract untouched."""

from __future__ import annotations

import importlib
import inspect
import shutil
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engines._template.engine import TemplateGame
from engines.base import Engine, Event, SetupError, State
from engines.table_engine import GAME_OVER, NOT_YOUR_TURN, UNKNOWN_PLAYER, GuardCode
from tests.engines import test_contract

ENGINE = TemplateGame()
TEMPLATE = Path(__file__).resolve().parents[2] / "engines" / "_template"


def play(state: State, *events: Event) -> State:
    for event in events:
        assert [v.code for v in ENGINE.check(state, event)] == [], event
        state = ENGINE.apply(state, event)
    return state


def scored(player: str, points: int) -> Event:
    return Event("points_scored", {"points": points}, player)


def ended(player: str) -> Event:
    return Event("turn_ended", {}, player)


def codes(state: State, event: Event) -> list[str]:
    return [v.code for v in ENGINE.check(state, event)]


def test_a_turn_scores_the_die_then_passes_to_the_next_seat() -> None:
    state = play(ENGINE.setup(["Ana", "Ben", "Cy"], {}), scored("Ana", 4), ended("Ana"), scored("Ben", 6))
    assert state["scores"] == {"Ana": 4, "Ben": 6, "Cy": 0} and state["current"] == "Ben"
    assert ENGINE.expected(state) == {"actors": ["Ben"], "event_types": ["turn_ended"], "options": {}}
    assert ENGINE.position(state) == {"round": None, "turn": 2, "label": "Turn 2 · Ben"}


def test_a_die_shows_one_to_six_and_scores_once_a_turn() -> None:
    state = ENGINE.setup(["Ana", "Ben"], {})
    assert codes(state, scored("Ana", 7)) == ["TT-T01"]
    assert codes(state, scored("Ana", 0)) == ["TT-T01"]
    assert codes(play(state, scored("Ana", 3)), scored("Ana", 9)) == ["TT-T01", "TT-T02"]
    assert codes(state, ended("Ana")) == ["TT-T03"]


def test_the_generic_guards_come_first_in_their_order() -> None:
    state = ENGINE.setup(["Ana", "Ben"], {})
    assert codes(state, Event("card_drawn", {}, "Ana")) == ["event/unknown-type"]
    assert codes(state, scored("Zed", 9)) == ["event/unknown-player"]
    assert codes(state, scored("Ben", 9)) == ["event/not-your-turn"]  # before the rule's own TT-T01
    assert codes(state, Event("points_scored", {"points": 2})) == []  # no actor: the current player's


class _StrangerFirst(TemplateGame):
    """A game whose stored refusals named a stranger before the end, in its own words."""

    guard_order = (UNKNOWN_PLAYER, GAME_OVER)
    guard_codes = {UNKNOWN_PLAYER: GuardCode("XX-C05", "Players", "{actor!r} is not at the table"),
                   GAME_OVER: GuardCode("XX-C26", "End of the Game"),
                   NOT_YOUR_TURN: GuardCode("XX-C02", "Turns", "{who} plays in {current}'s turn")}


def test_a_game_declares_its_guards_order_codes_and_words_without_writing_its_own_check() -> None:
    stranger_first = _StrangerFirst()
    over = play(ENGINE.setup(["Ana", "Ben"], {"target": 10}), scored("Ana", 6), ended("Ana"), scored("Ben", 1),
                ended("Ben"), scored("Ana", 6), ended("Ana"))
    assert codes(over, scored("Zed", 1)) == ["event/game-over"]  # the base's order: the end first
    [refused] = stranger_first.check(over, scored("Zed", 1))
    assert (refused.code, refused.rule, refused.message) == ("XX-C05", "Players", "'Zed' is not at the table")
    [ended_game] = stranger_first.check(over, scored("Ana", 1))
    assert (ended_game.code, ended_game.rule) == ("XX-C26", "End of the Game")
    assert ended_game.message == ENGINE.check(over, scored("Ana", 1))[0].message  # no words of its own: the base's
    [off_turn] = stranger_first.check(ENGINE.setup(["Ana", "Ben"], {}), scored("Ben", 2))
    assert (off_turn.code, off_turn.message) == ("XX-C02", "Ben plays in Ana's turn")


class _InPlace(TemplateGame):
    folds_in_place = True


class _InPlaceAnything(TemplateGame):
    folds_in_place = True
    folds_anything = True


def test_a_replay_folds_in_place_what_is_legal_and_judges_first_unless_the_game_folds_anything() -> None:
    refused = scored("Ana", 9)  # TT-T01, recorded anyway
    judged, trusting = _InPlace(), _InPlaceAnything()
    state = judged.setup(["Ana", "Ben"], {})
    legal = judged.apply_in_place(state, scored("Ana", 3))
    assert legal is state and state["scores"]["Ana"] == 3  # a legal event: into the replay's own state
    state = judged.setup(["Ana", "Ben"], {})
    kept = judged.apply_in_place(state, refused)
    assert kept is not state and state["scores"]["Ana"] == 0 and kept["scores"]["Ana"] == 9  # refused: a copy folds
    state = trusting.setup(["Ana", "Ben"], {})
    folded = trusting.apply_in_place(state, refused)
    assert folded is state and state["scores"]["Ana"] == 9  # no judgement first: in place, as apply would fold it
    assert folded == ENGINE.apply(ENGINE.setup(["Ana", "Ben"], {}), refused)


def _nothing_to_offer(state: State, who: str) -> dict[str, Any]:
    return {}


class _NothingOffered(TemplateGame):
    event_rules = {**TemplateGame.event_rules,
                   "points_scored": replace(TemplateGame.event_rules["points_scored"], offers=_nothing_to_offer)}


def test_a_type_whose_offers_hold_nothing_now_is_expected_without_options() -> None:
    state = ENGINE.setup(["Ana", "Ben"], {})
    assert ENGINE.expected(state)["options"] == {"points_scored": {"points": [1, 2, 3, 4, 5, 6]}}
    assert _NothingOffered().expected(state) == {"actors": ["Ana"], "event_types": ["points_scored"], "options": {}}


def test_the_game_ends_with_a_turn_at_the_target_and_ties_share_the_win() -> None:
    state = play(ENGINE.setup(["Ana", "Ben"], {"target": 10}), scored("Ana", 6), ended("Ana"), scored("Ben", 6),
                 ended("Ben"), scored("Ana", 4))
    assert not ENGINE.is_over(state)  # the turn has not ended yet
    state = play(state, ended("Ana"))
    assert ENGINE.is_over(state) and ENGINE.standings(state)["winners"] == ["Ana"]
    assert codes(state, scored("Ben", 6)) == ["event/game-over"]
    tie = play(ENGINE.setup(["Ana", "Ben"], {"target": 10}), scored("Ana", 5), ended("Ana"), scored("Ben", 6),
               ended("Ben"), scored("Ana", 5), ended("Ana"))
    assert [row["rank"] for row in ENGINE.standings(tie)["players"]] == [1, 2]
    assert ENGINE.standings(tie)["winners"] == ["Ana"]


def test_a_refused_event_recorded_anyway_folds_what_it_can_and_never_raises() -> None:
    state = ENGINE.setup(["Ana", "Ben"], {})
    twice = ENGINE.apply(ENGINE.apply(state, scored("Ana", 9)), scored("Ana", 2))  # a table's ruling: both stand
    assert twice["scores"]["Ana"] == 11
    unreadable = ENGINE.apply(state, Event("points_scored", {"points": "lots"}, "Ana"))
    assert unreadable == state and unreadable is not state
    assert ENGINE.describe(state, Event("points_scored", {}, "Ana")) == "Ana: points scored"


def test_a_setup_outside_two_to_four_players_is_refused_with_its_rule() -> None:
    with pytest.raises(SetupError) as refused:
        ENGINE.setup(["Ana"], {})
    assert [v.code for v in refused.value.violations] == ["TT-S01"]


@pytest.fixture(scope="module")
def copied_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """The template copied to a package of another name, untouched, as a sixth engine starts."""
    root = tmp_path_factory.mktemp("sixth")
    shutil.copytree(TEMPLATE, root / "sixth_game", ignore=shutil.ignore_patterns("__pycache__"))
    sys.path.insert(0, str(root))
    try:
        module = importlib.import_module("sixth_game.engine")
        assert Path(module.__file__ or "").is_relative_to(root)  # the copy, not the template
        yield module.TemplateGame()
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name == "sixth_game" or name.startswith("sixth_game.")]:
            del sys.modules[name]


CONTRACT = [(name, test) for name, test in inspect.getmembers(test_contract, inspect.isfunction)
            if name.startswith("test_") and "engine" in inspect.signature(test).parameters]


@pytest.mark.parametrize(("name", "contract_test"), CONTRACT, ids=[name for name, _ in CONTRACT])
def test_a_copy_of_the_template_passes_the_contract_suite(copied_engine: Engine, name: str, contract_test: Any) -> None:
    contract_test(engine=copied_engine)


def test_every_code_the_template_reports_is_declared_with_its_section() -> None:
    from engines.codes import published

    declared = {code.code: code for code in published(ENGINE.codes)}
    state = ENGINE.setup(["Ana", "Ben"], {})
    refusals = [*ENGINE.check(state, scored("Ana", 9)), *ENGINE.check(play(state, scored("Ana", 1)), scored("Ana", 2)),
                *ENGINE.check(state, ended("Ana")), *ENGINE.check(state, scored("Ben", 1)),
                *ENGINE.check(state, scored("Zed", 1)), *ENGINE.check(state, Event("x", {}, "Ana"))]
    over = play(ENGINE.setup(["Ana", "Ben"], {"target": 10}), scored("Ana", 6), ended("Ana"), scored("Ben", 1),
                ended("Ben"), scored("Ana", 6), ended("Ana"))
    refusals += ENGINE.check(over, scored("Ben", 1))
    assert {v.code for v in refusals} == {"TT-T01", "TT-T02", "TT-T03", "event/not-your-turn", "event/unknown-player",
                                          "event/unknown-type", "event/game-over"}
    assert all(v.rule in declared[v.code].sections for v in refusals)


def test_an_event_recorded_under_version_one_is_lifted_to_todays_shape() -> None:
    old = Event("points_scored", {"roll": 4}, "Ana")
    assert ENGINE.upcast(old, "1") == Event("points_scored", {"points": 4}, "Ana")
    assert ENGINE.upcast(old, "2") is old  # recorded under today's rules: as it is
    state = play(ENGINE.setup(["Ana", "Ben"], {}), ENGINE.upcast(old, "1"))
    assert state["scores"] == {"Ana": 4, "Ben": 0}
