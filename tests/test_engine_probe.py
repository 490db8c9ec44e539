"""scripts/engine_probe.py, the tool that compares an engine's answers at two revisions
(docs/DESIGN.md, "One engine structure"): it finds a difference, and finds none where
there is none."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("engine_probe", ROOT / "scripts" / "engine_probe.py")
assert _SPEC is not None and _SPEC.loader is not None
probe: Any = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(probe)


def test_a_changed_word_of_one_probe_is_named_by_its_field() -> None:
    line = {"step": 0, "real": {"check": []}, "probes": [{"event": ["x", "Ana"], "check": [], "words": "Ana: x"}]}
    changed = {**line, "probes": [{"event": ["x", "Ana"], "check": [], "words": "Ana did x"}]}
    assert probe.differences([line], [line]) == {}
    assert list(probe.differences([line], [changed])) == ["probes.words"]
    assert list(probe.differences([line], [line, line])) == ["lines"]


def test_the_same_revision_twice_is_identical(capsys: Any) -> None:
    assert probe.main(["compare", "panic-in-the-air", "HEAD", "HEAD"]) == 0
    assert "panic-in-the-air: identical at HEAD and HEAD" in capsys.readouterr().out
