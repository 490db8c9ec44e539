"""Drawn answers shared by the worker processes of one server: one file per answer.

Each granian worker keeps the answers it drew in its own memory (``AnswerCache``), so
fifty viewers stepping through batches nobody had drawn yet made *each* worker draw
every one (40-90 ms a Pan Am batch, on the same two cores).  Here the worker that draws
a batch leaves it in a folder both can read, and a lock per key makes the other wait
for that drawing instead of drawing it too: a batch is drawn once per server.

Safe under crashes: a file is written under a temporary name and renamed (a reader sees
all of it or nothing), and carries a digest of its bytes checked at every read, so a
file the disk kept only part of (a power cut before the data reached it: nothing is
fsynced, this is a cache) is ignored and drawn again.  The locks are ``flock``s, which
the kernel releases when their holder dies.  Bounded: once the files pass ``capacity``
bytes, the least recently used (a read touches its file) are removed.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import struct
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from recorder.http.cached_answers import Stored

MAGIC = b"TSA1"
HEADER = struct.Struct(">4sQ24s16s")  # magic, the answer's version, its ETag, the digest of its gzip bytes
SUFFIX = ".answer"
LOCK_STRIPES = 256  # lock files, by the first byte of a key's digest: bounded, never deleted (see _locked)
TRIM_EVERY = 8  # a process looks at the folder's size after writing capacity / TRIM_EVERY bytes
TRIM_TO = 0.75  # and, past capacity, removes the least recently used down to this share of it
STALE_SECONDS = 60.0  # a temporary file this old was left by a writer that died


def encoded(version: int, entry: Stored) -> bytes:
    """The file's bytes: a header naming the answer's version and validator, then the gzip."""
    digest = hashlib.blake2b(entry.gzipped, digest_size=16).digest()
    return HEADER.pack(MAGIC, version, entry.etag.encode(), digest) + entry.gzipped


def decoded(data: bytes, version: int) -> Stored | None:
    """The answer a file holds, or None if it is not a whole, intact answer at ``version``."""
    if len(data) < HEADER.size:
        return None
    magic, held, etag, digest = HEADER.unpack_from(data)
    gzipped = data[HEADER.size:]
    if magic != MAGIC or held != version or hashlib.blake2b(gzipped, digest_size=16).digest() != digest:
        return None
    return Stored(gzipped, etag.decode())


class SharedAnswers:
    """Answers by (key, version) in ``folder``, for every process given the same folder
    and ``scope`` (what else the answers depend on: the build, the database)."""

    def __init__(self, folder: Path, capacity_bytes: int, scope: str):
        self.folder = folder
        self.capacity = capacity_bytes
        self.scope = scope
        (folder / "locks").mkdir(parents=True, exist_ok=True)
        self._written = capacity_bytes  # the first write looks at what earlier processes left
        self._lock = threading.Lock()

    def name(self, key: str, version: int) -> str:
        return hashlib.blake2b(repr((self.scope, key, version)).encode(), digest_size=16).hexdigest()

    def get(self, key: str, version: int) -> Stored | None:
        path = self.folder / (self.name(key, version) + SUFFIX)
        try:
            data = path.read_bytes()
        except OSError:  # not drawn yet, or just evicted
            return None
        entry = decoded(data, version)
        with contextlib.suppress(OSError):
            if entry is None:
                path.unlink()  # damaged: drawn again
            else:
                os.utime(path)  # recently used: evicted last
        return entry

    def put(self, key: str, version: int, entry: Stored) -> None:
        name = self.name(key, version)
        data = encoded(version, entry)
        temporary = self.folder / f".{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        with open(temporary, "wb") as file:
            file.write(data)
        os.replace(temporary, self.folder / (name + SUFFIX))
        with self._lock:
            self._written += len(data)
            due = self._written >= self.capacity // TRIM_EVERY
            if due:
                self._written = 0
        if due:
            self.trim()

    def made(self, key: str, version: int, make: Callable[[], tuple[int, Stored]]) -> tuple[int, Stored]:
        """The answer at ``version`` (or the newer one ``make`` drew) and its version: left
        by any process, or drawn here while the others wait for it."""
        kept = self.get(key, version)
        if kept is not None:
            return version, kept
        with self._locked(self.name(key, version)):
            kept = self.get(key, version)  # drawn by another process while this one waited
            if kept is not None:
                return version, kept
            made = make()
            self.put(key, *made)
            return made

    @contextlib.contextmanager
    def _locked(self, name: str) -> Iterator[None]:
        # A lock file per key would have to be deleted some day, and deleting a file another
        # process is waiting to lock lets a third lock a new one beside it: so a fixed set
        # of stripes (two keys of one stripe wait for each other's drawing: 1 pair in 256).
        # Blocking: a holder that dies releases it; one that hangs hangs on the database,
        # which the waiters would also need.
        descriptor = os.open(self.folder / "locks" / name[:2], os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)  # releases the lock

    def trim(self) -> None:
        """Past ``capacity``, the least recently used answers removed (and what writers
        that died left behind): between two trims a process writes at most
        capacity / TRIM_EVERY more."""
        answers: list[tuple[float, int, str]] = []
        now = time.time()
        for item in os.scandir(self.folder):
            try:
                if not item.is_file():
                    continue
                stat = item.stat()
                if item.name.endswith(SUFFIX):
                    answers.append((stat.st_mtime, stat.st_size, item.path))
                elif item.name.endswith(".tmp") and stat.st_mtime < now - STALE_SECONDS:
                    os.unlink(item.path)
            except FileNotFoundError:  # removed by another process meanwhile
                continue
        held = sum(size for _, size, _ in answers)
        if held <= self.capacity:
            return
        for _, size, path in sorted(answers):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            held -= size
            if held <= self.capacity * TRIM_TO:
                return

    def held(self) -> int:
        """The bytes of answers in the folder now."""
        return sum(item.stat().st_size for item in os.scandir(self.folder) if item.name.endswith(SUFFIX))
