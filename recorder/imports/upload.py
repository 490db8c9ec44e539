"""An upload read to its end before any game of it goes in, in memory that does not grow
with it: the bytes go to a temporary file (in memory while small), and the games are then
read from it a line at a time.

Whole first, because a client that drops the connection half way must not leave games
stored whose write tokens it never got; to a file, because the body of a bulk import is
as large as ``IMPORT_MAX_BYTES`` allows and holding it, and then a list of its lines, in
the worker is what made a file of a million empty lines cost gigabytes (issue 22, part 3).
"""

from __future__ import annotations

import tempfile
from typing import IO

CHUNK_BYTES = 64 * 1024
# Smaller bodies stay in memory; larger ones go to disk as they arrive.
IN_MEMORY_BYTES = 1024 * 1024


def spooled(stream: IO[bytes]) -> IO[bytes]:
    """The whole of ``stream``, rewound, in a temporary file (deleted when closed).  The
    stream's length is the caller's to bound (werkzeug's ``max_content_length``)."""
    spool = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY_BYTES, prefix="tablescribe-import-")
    try:
        while chunk := stream.read(CHUNK_BYTES):
            spool.write(chunk)
        spool.seek(0)
    except BaseException:
        spool.close()
        raise
    return spool
