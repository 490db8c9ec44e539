"""The reverse proxy of ``make serve``: nginx, from a config written into the instance
folder at each start (its pid file, logs and temporary files there too, so nothing
needs a root-owned path), in front of the app instances."""

from __future__ import annotations

import os
import pwd
import shutil
import signal
from pathlib import Path

from serve.processes import Child

# The most a request body may be: an import (TABLESCRIBE_IMPORT_MAX_BYTES, 64 MiB).
MAX_BODY = "64m"
# A live stream writes at least every heartbeat (5 s): a read taking far longer means a dead app.
READ_TIMEOUT = "60s"
# Viewer frames answers the app marks immutable (their URL names the game's version and the
# build): kept on disk, shared by every instance, least recently used dropped past the size.
FRAMES_CACHE_SIZE = "1g"


def find_nginx() -> str | None:
    """nginx on the PATH, else Debian's /usr/sbin/nginx (not on a plain user's PATH)."""
    return shutil.which("nginx") or (os.access("/usr/sbin/nginx", os.X_OK) and "/usr/sbin/nginx") or None


def worker_user() -> str | None:
    """Whom nginx's workers run as when it is started as root (else: as whoever starts it)."""
    if os.geteuid() != 0:
        return None
    for name in ("www-data", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


def socket_folder(path: Path) -> Path:
    """The folder of the instances' Unix sockets: open to its owner only, and owned by
    nginx's worker user when nginx starts as root (root's instances can bind in it all
    the same), so that nobody else on the machine can reach an instance."""
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o700)
    user = worker_user()
    if user is not None:
        record = pwd.getpwnam(user)
        os.chown(path, record.pw_uid, record.pw_gid)
    return path


def config(listen: str, upstreams: list[str], folder: Path, logs: Path, user: str | None = None) -> str:
    """nginx.conf: ``listen`` (host:port) balanced over ``upstreams`` (``unix:/path`` or host:port each)."""
    servers = "\n".join(f"        server {upstream};" for upstream in upstreams)
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                          "scgi"))
    return f"""\
# Written by `make serve` (serve/proxy.py) at each start: edits here are lost.
{f"user {user};" if user else "# user: whoever starts nginx"}
worker_processes 2;
pid {folder / "nginx.pid"};
error_log {logs / "nginx-error.log"} warn;
# A stop waits this long for requests under way: open live streams are cut then.
worker_shutdown_timeout 5s;

events {{
    # Slow clients wait here (header and body timeouts, bodies buffered before they are
    # passed on), so there must be room for many.
    worker_connections 4096;
}}

http {{
    access_log {logs / "nginx-access.log"};
    server_tokens off;
{temp}
    client_max_body_size {MAX_BODY};

    # Only what the app allows is kept: an answer it sends with `Cache-Control: no-cache`
    # (a frames URL naming no version, or an older one) or with a cookie never is.
    proxy_cache_path {folder / "frames_cache"} levels=1:2 keys_zone=frames:16m max_size={FRAMES_CACHE_SIZE}
                     inactive=7d use_temp_path=off;

    # The app instances, in turn; a request an instance refuses goes to the next.
    upstream tablescribe {{
{servers}
    }}

    server {{
        listen {listen};

        # Overwritten, never appended: the app trusts one proxy (TABLESCRIBE_TRUSTED_PROXIES=1),
        # so what a client sends in these headers must not reach it.
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
        proxy_read_timeout {READ_TIMEOUT};

        location / {{
            proxy_pass http://tablescribe;
        }}

        # Viewer frames: fifty viewers asking for one batch cost the app one drawing (the
        # others wait for it: proxy_cache_lock), and the rest are sent from the cache.
        location ~ ^/api/games/[^/]+/frames$ {{
            proxy_pass http://tablescribe;
            proxy_cache frames;
            proxy_cache_lock on;
            proxy_cache_lock_timeout 30s;
            add_header X-Cache $upstream_cache_status always;
        }}

        # Live follow (Server-Sent Events): every update is passed on as it comes.
        location ~ ^/api/games/[^/]+/stream$ {{
            proxy_pass http://tablescribe;
            proxy_buffering off;
        }}
    }}
}}
"""


def nginx(conf: Path, logs: Path) -> Child:
    """nginx in the foreground (not a daemon), so that it stays our child; SIGQUIT asks it
    to finish the requests under way and stop."""
    binary = find_nginx()
    if binary is None:
        raise RuntimeError("nginx not found: apt-get install nginx")
    argv = [binary, "-c", str(conf), "-p", str(conf.parent), "-e", str(logs / "nginx-error.log"),
            "-g", "daemon off;"]
    # Whatever it prints before its error log is open goes to the same file.
    return Child("nginx", argv, logs / "nginx-error.log", stop_signal=signal.SIGQUIT)
