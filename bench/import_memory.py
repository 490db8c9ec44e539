"""Figure 7 of ``make bench``: the server's peak memory while it judges a bulk import of
useless lines (``{}``, one a line), at 10^4 and at 10^6 lines (issue 22, part 3).

Why it is built this way:

- What is measured is the server process, not a function: each size gets a fresh child
  process (``python -m bench.import_memory --serve``) that runs the real app under
  werkzeug's single-threaded server, and the parent sends it the file over loopback as
  ``POST /api/import`` (NDJSON) would arrive, a chunk at a time, generated as it is sent.
  So the client's copy of the file is not in the server's memory, and the server's copy
  is whatever the service keeps.
- The figure is the child's ``VmHWM`` (its peak RSS since exec, read from
  ``/proc/<pid>/status``) after the import, beside the same child's RSS before it, after
  one small warm-up import has loaded the code and filled the caches every import needs.
- Flat means the 10^6-line peak is within a small factor of the 10^4-line one: the
  upload is spooled to a temporary file and read back a line at a time, and the report
  lists the first ``MAX_LISTED_PROBLEMS`` refusals and counts the rest.

``python -m bench.import_memory`` prints both figures; ``bench/run.py`` puts them in
its table.  Linux only (``/proc``), like the export figure's peak.
"""

from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = b"{}\n"
CHUNK_LINES = 20_000
SIZES = (10_000, 1_000_000)
QUICK_SIZES = (1_000, 10_000)


def status_kib(pid: int, field: str) -> int:
    """``VmHWM`` (peak RSS) or ``VmRSS`` of process ``pid``, in KiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/{pid}/status")


def body(lines: int) -> Iterator[bytes]:
    """The upload, made as it is sent."""
    for start in range(0, lines, CHUNK_LINES):
        yield LINE * min(CHUNK_LINES, lines - start)


def post(port: int, lines: int) -> tuple[int, dict[str, object], int]:
    """POST ``lines`` lines of ``{}`` as NDJSON; the status, the report and its size in bytes."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        conn.request("POST", "/api/import", body=body(lines),
                     headers={"Content-Type": "application/x-ndjson", "Content-Length": str(lines * len(LINE))})
        response = conn.getresponse()
        answer = response.read()
    finally:
        conn.close()
    return response.status, json.loads(answer), len(answer)


def one_size(lines: int, folder: Path) -> dict[str, float]:
    """Start a fresh server, warm it up, send ``lines`` lines; its memory before and at peak."""
    server = subprocess.Popen([sys.executable, "-m", "bench.import_memory", "--serve", str(folder / f"{lines}.db")],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        post(port, 100)  # the import code loaded, the caches it fills filled
        before = status_kib(server.pid, "VmRSS")
        started = time.perf_counter()
        status, report, size = post(port, lines)
        seconds = time.perf_counter() - started
        peak = status_kib(server.pid, "VmHWM")
        after = status_kib(server.pid, "VmRSS")
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stdout is not None:
            server.stdout.close()
    if status != 422 or report.get("refused") != lines:
        raise RuntimeError(f"{lines} lines of {{}}: answered {status}, refused {report.get('refused')}")
    return {"before_kib": before, "peak_kib": peak, "after_kib": after, "seconds": seconds,
            "answer_bytes": size, "listed": len(report["problems"]), "more": report["more_problems"]}  # type: ignore[arg-type]


def import_memory_figures(folder: Path, sizes: tuple[int, int] = SIZES) -> dict[str, float]:
    """The figures at the two sizes, and the ratio of their peaks."""
    small, large = sizes
    figures: dict[str, float] = {"import_lines_small": small, "import_lines_large": large}
    for name, lines in (("small", small), ("large", large)):
        for key, value in one_size(lines, folder).items():
            figures[f"import_{key}_{name}"] = value
    figures["import_memory_ratio"] = figures["import_peak_kib_large"] / figures["import_peak_kib_small"]
    figures["import_lines_per_s"] = large / figures["import_seconds_large"]
    return figures


def import_memory_lines(f: dict[str, float]) -> list[str]:
    """The figures for people, below the table."""
    out = []
    for name in ("small", "large"):
        out.append(f"7. import of {f[f'import_lines_{name}']:,.0f} lines of {{}}: server RSS "
                   f"{f[f'import_before_kib_{name}'] / 1024:.1f} MiB before, peak {f[f'import_peak_kib_{name}'] / 1024:.1f} MiB, "
                   f"{f[f'import_after_kib_{name}'] / 1024:.1f} MiB after; {f[f'import_seconds_{name}']:.1f} s; "
                   f"answer {f[f'import_answer_bytes_{name}'] / 1024:.1f} KiB ({f[f'import_listed_{name}']:.0f} problems "
                   f"listed, {f[f'import_more_{name}']:,.0f} counted)")
    return out


def serve(db_path: Path) -> None:
    """The child: the app on a migrated SQLite file, rate limits off, on a free port."""
    import logging

    from werkzeug.serving import make_server

    from recorder import create_app
    from recorder.migrate import upgrade

    app = create_app({"DATABASE_URL": f"sqlite:///{db_path}", "RATE_LIMITS": False,
                      "FRAMES_SHARED_DIR": str(db_path.parent / "frames")})
    upgrade(app.extensions["tablescribe.db"])
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request on the bench's output
    server = make_server("127.0.0.1", 0, app, threaded=False)
    print(server.port, flush=True)
    server.serve_forever()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1,000 and 10,000 lines")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve is not None:
        serve(args.serve)
        return
    with tempfile.TemporaryDirectory(prefix="tablescribe-import-bench-") as tmp:
        figures = import_memory_figures(Path(tmp), QUICK_SIZES if args.quick else SIZES)
    for line in import_memory_lines(figures):
        print(line)
    print(f"peak ratio {figures['import_memory_ratio']:.2f}x")


if __name__ == "__main__":
    main()
