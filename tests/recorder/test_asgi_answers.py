"""How the ASGI bridge hands an answer from its thread to the loop: a short answer of a
declared length whole, at the end (no round trip to the loop per chunk); any other answer
chunk by chunk through the outbox, as a stream must go."""

from __future__ import annotations

from typing import Any

from recorder.asgi import WHOLE_ANSWER_BYTES, _Answer


class Outbox:
    """The bridge's outbox as the thread sees it: what was put, in order."""

    def __init__(self) -> None:
        self.put_messages: list[Any] = []
        self.gone = False

    def put(self, message: Any) -> None:
        self.put_messages.append(message)


def answered(headers: list[tuple[str, str]], chunks: list[bytes]) -> tuple[Outbox, list[Any]]:
    outbox = Outbox()
    answer = _Answer(outbox)  # type: ignore[arg-type]
    write = answer.start_response("200 OK", headers)
    for chunk in chunks:
        write(chunk)
    return outbox, answer.held()


def test_an_answer_of_a_short_declared_length_is_held_and_sent_whole() -> None:
    outbox, held = answered([("Content-Type", "text/css"), ("Content-Length", "11")], [b"hello", b"", b" world"])
    assert outbox.put_messages == []  # nothing crossed to the loop while the thread worked
    assert held == [
        {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/css"), (b"content-length", b"11")]},
        {"type": "http.response.body", "body": b"hello world", "more_body": True},
    ]


def test_an_answer_without_a_length_streams_chunk_by_chunk() -> None:
    outbox, held = answered([("Content-Type", "application/x-ndjson")], [b"{}\n", b"{}\n"])
    assert held == []
    assert [m["type"] for m in outbox.put_messages] == ["http.response.start", "http.response.body", "http.response.body"]
    assert [m.get("body") for m in outbox.put_messages[1:]] == [b"{}\n", b"{}\n"]


def test_an_answer_longer_than_the_bound_streams_too() -> None:
    length = str(WHOLE_ANSWER_BYTES + 1)
    outbox, held = answered([("Content-Length", length)], [b"x" * 8192])
    assert held == []
    assert len(outbox.put_messages) == 2 and outbox.put_messages[1]["body"] == b"x" * 8192


def test_a_held_answer_with_no_body_is_its_start_alone() -> None:
    outbox, held = answered([("Content-Length", "0")], [])
    assert outbox.put_messages == [] and [m["type"] for m in held] == ["http.response.start"]
