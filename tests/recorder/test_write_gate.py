"""Appends to one SQLite file queue at the WriteGate: threads and processes alike."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from recorder.db import WriteGate, make_engine

HOLD_SECONDS = 0.6


def test_a_writer_in_another_process_holds_the_gate_until_it_lets_go(tmp_path: Path) -> None:
    db = make_engine(f"sqlite:///{tmp_path / 'store.db'}")
    gate = WriteGate(db)
    assert gate.path == f"{tmp_path / 'store.db'}-writers.lock"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, os, sys, time\n"
         f"fd = os.open({gate.path!r}, os.O_RDWR | os.O_CREAT)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\n"
         "print('held', flush=True)\n"
         f"time.sleep({HOLD_SECONDS})\n"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        with gate.held():
            waited = time.monotonic() - started
    finally:
        holder.wait(timeout=10)
        holder.stdout.close()  # type: ignore[union-attr]
    assert waited >= HOLD_SECONDS * 0.5
    started = time.monotonic()
    with gate.held():  # free now: no wait at all
        assert time.monotonic() - started < 0.1
    db.dispose()


def test_memory_databases_and_postgresql_have_no_gate() -> None:
    assert WriteGate(make_engine("sqlite://")).path is None
    assert WriteGate(make_engine("postgresql+psycopg://nobody@localhost/none")).path is None
