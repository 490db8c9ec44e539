"""``python -m serve [--host H] [--port P] [--instance DIR] ...``: see serve/run.py."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from serve import run
from serve.processes import ROOT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m serve", description=run.__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1", help="where nginx listens (default: %(default)s)")
    parser.add_argument("--port", type=int, default=8000,
                        help="nginx's port; 0 picks a free one (default: %(default)s)")
    parser.add_argument("--instance", type=Path, default=ROOT / "instance", metavar="DIR",
                        help="PostgreSQL's cluster, the logs, the key and nginx.conf go here (default: instance/)")
    parser.add_argument("--instances", type=int, default=2, metavar="N", help="app instances (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="server workers per instance (default: %(default)s)")
    parser.add_argument("--threads", type=int, default=16, help="threads per worker (default: %(default)s)")
    parser.add_argument("--no-demo", dest="demo", action="store_false", help="do not load the demo games")
    args = parser.parse_args(argv)
    return run.serve(run.Options(folder=args.instance, host=args.host, port=args.port, instances=args.instances,
                                 workers=args.workers, threads=args.threads, demo=args.demo))


if __name__ == "__main__":
    sys.exit(main())
