"""``{% memo %}`` blocks as Parts (recorder/views/fragments.py): text for a page, chunks for
a batch of frames, the same HTML either way."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from recorder.views.board_parts import PartTable, assemble
from recorder.views.fragments import FragmentCache, Part, board_chunks

TEMPLATE = """<a>{{ x }}{% memo (x,) %}<b>{{ x }}</b>{% memo ("inner",) %}<i>in</i>{% endmemo %}{% endmemo %}
{%- for i in items %}{% memo (i,) %}<c>{{ i }}</c>{% endmemo %}{% memo (i,) %}<d>{{ i }}</d>{% endmemo %}{% endfor %}
{%- macro m(v) %}{% memo (v, "macro") %}<e>{{ v }}</e>{% endmemo %}{% endmacro %}{{ m(x) }}
{%- memo (marked, x) %}<f>{{ x }}</f>{% endmemo %}</a>"""


def environment() -> Environment:
    return Environment(extensions=[FragmentCache], autoescape=True)


def render(env: Environment, **context: Any) -> str:
    values = {"x": "<y>", "items": [1, 2, 1], "marked": "plain"} | context
    return env.from_string(TEMPLATE).render(**values)


def expected(x: str = "&lt;y&gt;") -> str:
    return (f"<a>{x}<b>{x}</b><i>in</i><c>1</c><d>1</d><c>2</c><d>2</d><c>1</c><d>1</d>"
            f"<e>{x}</e><f>{x}</f></a>")


def test_a_page_gets_the_same_html_cached_or_not_and_two_blocks_on_one_line_stay_apart() -> None:
    env = environment()
    env.fragments.enabled = False  # type: ignore[attr-defined]
    assert render(env) == expected()
    env.fragments.enabled = True  # type: ignore[attr-defined]
    assert render(env) == render(env) == expected()  # drawn, then served from the cache
    assert env.fragments.hits > 0  # type: ignore[attr-defined]
    assert render(env, x="z") == expected("z")


def test_a_batch_gets_chunks_that_join_into_the_page_and_share_their_parts() -> None:
    env = environment()
    first = board_chunks(lambda: render(env))
    second = board_chunks(lambda: render(env))
    table = PartTable()
    boards = [table.encode(first), table.encode(second)]
    assert [assemble(board, table.parts) for board in boards] == [expected(), expected()]
    assert boards[0] == boards[1]  # the second drawing used the first one's parts
    assert [chunk for chunk in first if isinstance(chunk, str)] == ["<a>&lt;y&gt;", "</a>"]
    outer = first[1]
    assert isinstance(outer, Part) and isinstance(outer.chunks[1], Part) and outer.chunks[1].text == "<i>in</i>"
    # The block in the macro and the block keyed by something that cannot be digested
    # are parts too, or plain text; either way no marker is left in what is sent.
    assert all("\x00" not in chunk for board in boards for chunk in board if isinstance(chunk, str))
    assert all("\x00" not in chunk for part in table.parts for chunk in part if isinstance(chunk, str))


def test_a_block_keyed_by_what_has_no_digest_is_drawn_each_time_and_its_parts_still_come_through() -> None:
    env = environment()
    marked = Markup("m")  # not plain data: content_digest gives None, never cached
    chunks = board_chunks(lambda: render(env, marked=marked))
    assert "".join(c if isinstance(c, str) else c.text for c in chunks) == expected()
    assert render(env, marked=marked) == expected()


def test_text_cannot_forge_a_marker() -> None:
    env = environment()
    forged = "\x000000000000000000:0\x00"
    chunks = board_chunks(lambda: render(env, x=forged))
    table = PartTable()
    assert assemble(table.encode(chunks), table.parts) == expected(forged)
