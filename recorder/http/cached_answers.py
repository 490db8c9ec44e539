"""Answers computed once and then sent as stored bytes: compressed once, validated by ETag.

A batch of viewer frames costs tens of milliseconds to draw and weighs 150 KB; fifty
viewers of one game ask for the same batches.  So the answer is kept as gzip bytes
(gzip-6 makes a Pan Am batch 12x smaller in about a millisecond: compressing once per
entry, never per request) with a weak ETag, in a cache bounded by the compressed bytes
it holds.  brotli would shrink it a little more but is not in the standard library; gzip
is what every client takes.

Whether an answer may be cached for good is the caller's decision (``immutable``): only
an answer at a URL naming everything it depends on (the game's version, the build).
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import zlib
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

from flask import Request, Response

from recorder.caches import VersionedCache

if TYPE_CHECKING:
    from recorder.http.shared_answers import SharedAnswers

GZIP_LEVEL = 6
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # kept, but asked about each time: the ETag answers most of them with 304
JSON = "application/json"


@dataclass(frozen=True)
class Stored:
    """One answer as sent: its gzip bytes and the (weak) validator of its content."""

    gzipped: bytes
    etag: str  # unquoted; sent as W/"etag"


def stored(body: bytes, *key: object) -> Stored:
    """``body`` compressed, with a weak ETag made from ``key`` (what the content is a
    function of, so the validator can be checked before anything is computed)."""
    return Stored(gzip.compress(body, GZIP_LEVEL, mtime=0), etag_of(*key))


def etag_of(*key: object) -> str:
    """A validator for what ``key`` names; weak, as one serves the gzip and the plain form
    (the same JSON)."""
    return hashlib.blake2b(repr(key).encode(), digest_size=12).hexdigest()


def answer(entry: Stored, request: Request, immutable: bool) -> Response:
    """200 with the stored bytes (plain for a client that takes no gzip), or 304 when the
    client already holds them."""
    headers = {"ETag": f'W/"{entry.etag}"', "Cache-Control": IMMUTABLE if immutable else REVALIDATE,
               "Vary": "Accept-Encoding"}
    if request.if_none_match.contains_weak(entry.etag):
        return Response(status=304, headers=headers)
    if request.accept_encodings.quality("gzip") > 0:
        response = Response(entry.gzipped, mimetype=JSON, headers={**headers, "Content-Encoding": "gzip"})
    else:
        response = Response(zlib.decompress(entry.gzipped, wbits=31), mimetype=JSON, headers=headers)
    return response


class AnswerCache(VersionedCache[Stored]):
    """Stored answers by (key, game version), least recently used dropped first once the
    compressed bytes held pass ``capacity``; an answer at an older version is replaced.

    Fifty viewers arriving at once ask for the same batch: ``made`` draws it once and
    the others wait for that drawing, instead of each drawing it again on the same cores.
    With ``shared``, what another worker process drew is taken from it, and a batch is
    drawn once across the processes too (recorder/http/shared_answers.py); only
    through ``made``, at the version the database names, so that the files' older
    versions are never taken for the current one.
    """

    def __init__(self, capacity_bytes: int, shared: SharedAnswers | None = None):
        super().__init__(capacity_bytes, weigh=lambda entry: len(entry.gzipped) + 200)
        self.shared = shared
        self._drawing: dict[tuple[str, int], Future[tuple[int, Stored]]] = {}
        self._drawing_lock = threading.Lock()

    def made(self, key: str, version: int, make: Callable[[], tuple[int, Stored]]) -> tuple[int, Stored]:
        """The answer at ``version`` (or a newer one, if the game moved on while it was
        drawn) and its version: kept, being drawn by another thread (or process), or
        drawn by ``make``."""
        kept = self.get(key, version)
        if kept is not None:
            return version, kept
        with self._drawing_lock:
            drawing = self._drawing.get((key, version))
            leader = drawing is None
            if drawing is None:
                drawing = self._drawing[(key, version)] = Future()
        if not leader:
            return drawing.result()
        try:
            made = make() if self.shared is None else self.shared.made(key, version, make)
            self.put(key, *made)
            drawing.set_result(made)
            return made
        except BaseException as error:  # the waiters get the same error (a 404, a broken database)
            drawing.set_exception(error)
            raise
        finally:
            with self._drawing_lock:
                del self._drawing[(key, version)]
