"""``unstorable``'s quick pass over JSON text never lets through what the exact walk refuses."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from recorder.jsonish import _plainly_storable, _walk, unstorable

# Text with NULs, lone surrogates and look-alike escapes; numbers at and beyond the limits.
TEXT = st.text(st.characters(codec=None, categories=None), max_size=8) | st.sampled_from(
    ["\x00", "\ud800", "\\u0000", "\\ud800", "{[", "9" * 16])
NUMBERS = (st.integers(-(2**60), 2**60) | st.sampled_from([2**53 - 1, 2**53, -(2**53)])
           | st.floats(allow_nan=True, allow_infinity=True))
JSONISH = st.recursive(st.none() | st.booleans() | NUMBERS | TEXT,
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                       max_leaves=30)


@settings(max_examples=400)
@given(JSONISH)
def test_the_quick_pass_only_says_yes_when_the_walk_does(value: Any) -> None:
    if _plainly_storable(value, 64):
        assert _walk(value, "", 64) is None
    assert unstorable(value) == _walk(value, "", 64)


def test_depth_still_counts() -> None:
    deep: Any = 1
    for _ in range(70):
        deep = [deep]
    assert unstorable({"a": deep}, "data") is not None
    assert unstorable({"a": deep}, "data")[1] == "Nested deeper than 64 levels."
