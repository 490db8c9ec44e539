"""Settings every gunicorn of this project shares (gunicorn reads this file from the
directory it starts in: ``make run``, ``make serve``, the soak and the benchmark).

Each worker tells the master it is alive by touching a file, at every turn of its
loop.  On a disk that is a metadata write the file system journals, and each
append's fsync then carries the heartbeats too: with the file in memory (``/dev/shm``,
as gunicorn's documentation advises) an append's commit under load took about 8% less
(measured with ``make bench``'s HTTP load, 460 against 510 µs).
"""

import os

worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
