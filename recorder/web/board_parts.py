"""A batch of frames with each board part sent once (``/frames?board=parts``).

Consecutive steps show mostly the same board: the same network, the same mats.
Frames with whole boards repeated that HTML in every frame (about 55 KB a Pan Am
board, 3 MB for 50 frames), and encoding it as JSON cost a batch more than its fold.
Here a frame's board is a list of chunks: a string is literal HTML, a number is a
part of the batch's ``parts`` list, which is itself such a list.  Joining the chunks,
each part joined the same way, gives exactly the frame's ``board_html``
(``static/js/viewer/frames.js`` does it in the browser).

>>> from recorder.web.fragments import Part
>>> inner = Part(("<b>x</b>",))
>>> table = PartTable()
>>> table.encode(("<p>", Part(("<i>", inner, "</i>")), inner, "</p>")), table.parts
(['<p>', 0, 1, '</p>'], [['<i>', 1, '</i>'], ['<b>x</b>']])
>>> assemble(['<p>', 0, 1, '</p>'], table.parts)
'<p><i><b>x</b></i><b>x</b></p>'
"""

from __future__ import annotations

from collections.abc import Sequence

from recorder.web.fragments import Chunk, Part

JsonChunk = str | int


class PartTable:
    """The distinct Parts of one batch, numbered in the order they are first met."""

    def __init__(self) -> None:
        self.parts: list[list[JsonChunk]] = []
        self._numbers: dict[int, int] = {}  # id(part) -> number; _held keeps those ids alive
        self._held: list[Part] = []

    def encode(self, chunks: Sequence[Chunk]) -> list[JsonChunk]:
        """``chunks`` with each Part replaced by its number."""
        return [chunk if isinstance(chunk, str) else self._number(chunk) for chunk in chunks]

    def _number(self, part: Part) -> int:
        number = self._numbers.get(id(part))
        if number is None:
            number = len(self.parts)
            self._numbers[id(part)] = number
            self._held.append(part)
            self.parts.append([])
            self.parts[number] = self.encode(part.chunks)
        return number


def assemble(chunks: Sequence[JsonChunk], parts: Sequence[Sequence[JsonChunk]]) -> str:
    """The HTML that ``chunks`` stand for (what the viewer's script does)."""
    return "".join(chunk if isinstance(chunk, str) else assemble(parts[chunk], parts) for chunk in chunks)
