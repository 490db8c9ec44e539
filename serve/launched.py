"""``make serve`` started as a child in a throwaway folder, for what drives it from outside
(tests/test_serve.py, bench/behind_proxy.py): ready when it prints ``READY_LINE``,
stopped with SIGTERM, and PostgreSQL stopped even if that stop failed."""

from __future__ import annotations

import contextlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from serve.postgres import Cluster
from serve.processes import ROOT
from serve.run import READY_LINE


class NotReady(RuntimeError):
    """``make serve`` exited or did not come up in time; the message holds what it printed."""


@dataclass
class Launched:
    process: subprocess.Popen[bytes]
    output: Path  # what it printed
    folder: Path
    printed: str  # up to its ready line
    port: int  # nginx's


@contextlib.contextmanager
def launched(arguments: list[str], env: dict[str, str], start_seconds: float, prefix: str) -> Iterator[Launched]:
    """``python -m serve --port 0 --instance <folder>/instance ARGUMENTS`` until the block ends."""
    # Not a private folder of pytest's or of tempfile's defaults: PostgreSQL and nginx's
    # workers run as their own users when we are root, and must reach it.
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    folder.chmod(0o755)
    output = folder / "serve.out"
    with open(output, "wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "serve", "--port", "0", "--instance", str(folder / "instance"),
                                    *arguments], cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        printed = _ready(process, output, start_seconds)
        port = int(re.findall(rf"{READY_LINE}http://127\.0\.0\.1:(\d+)", printed)[0])
        yield Launched(process, output, folder, printed, port)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        cluster = Cluster(folder / "instance" / "pg")
        if cluster.initialized and cluster.running():  # only if the stop above failed
            cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


def _ready(process: subprocess.Popen[bytes], output: Path, start_seconds: float) -> str:
    deadline = time.monotonic() + start_seconds
    while time.monotonic() < deadline:
        printed = output.read_text()
        if READY_LINE in printed:
            return printed
        if process.poll() is not None:
            raise NotReady(f"serve exited ({process.returncode}) before it was ready:\n{printed}")
        time.sleep(0.1)
    raise NotReady(f"serve not ready after {start_seconds} s:\n{output.read_text()}")
