"""A batch of frames with each board part sent once (``/frames?board=parts``).

Consecutive steps show mostly the same board: the same network, the same mats.
Frames with whole boards repeated that HTML in every frame (about 55 KB a Pan Am
board, 3 MB for 50 frames), and encoding it as JSON cost a batch more than its fold.
Here a frame's board is a list of chunks: a string is literal HTML, a number is a
part of the batch's ``parts`` list, which is itself such a list.  Joining the chunks,
each part joined the same way, gives exactly the frame's ``board_html``
(``static/js/viewer/frames.js`` does it in the browser).

>>> from recorder.views.fragments import Part
>>> inner = Part(("<b>x</b>",))
>>> table = PartTable()
>>> table.encode(("<p>", Part(("<i>", inner, "</i>")), inner, Part(("<b>x</b>",)), "</p>")), table.parts
(['<p>', 1, 0, 0, '</p>'], [['<b>x</b>'], ['<i>', 0, '</i>']])
>>> assemble(['<p>', 1, 0, '</p>'], table.parts)
'<p><i><b>x</b></i><b>x</b></p>'
"""

from __future__ import annotations

from collections.abc import Sequence

from recorder.views.fragments import Chunk, Part

JsonChunk = str | int


class PartTable:
    """The distinct parts of one batch, numbered in the order they are finished (a part's
    own parts first).  Two blocks may draw the same HTML (two keys that look alike on the
    board): they are one part here."""

    def __init__(self) -> None:
        self.parts: list[list[JsonChunk]] = []
        self._numbers: dict[int, int] = {}  # id(part) -> number; _held keeps those ids alive
        self._held: list[Part] = []
        self._by_content: dict[tuple[JsonChunk, ...], int] = {}

    def encode(self, chunks: Sequence[Chunk]) -> list[JsonChunk]:
        """``chunks`` with each Part replaced by its number."""
        return [chunk if isinstance(chunk, str) else self._number(chunk) for chunk in chunks]

    def _number(self, part: Part) -> int:
        number = self._numbers.get(id(part))
        if number is None:
            encoded = self.encode(part.chunks)
            number = self._by_content.setdefault(tuple(encoded), len(self.parts))
            if number == len(self.parts):
                self.parts.append(encoded)
            self._numbers[id(part)] = number
            self._held.append(part)
        return number


def assemble(chunks: Sequence[JsonChunk], parts: Sequence[Sequence[JsonChunk]]) -> str:
    """The HTML that ``chunks`` stand for (what the viewer's script does)."""
    return "".join(chunk if isinstance(chunk, str) else assemble(parts[chunk], parts) for chunk in chunks)
