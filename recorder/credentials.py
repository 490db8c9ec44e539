"""Who may write to a game: its owner token, and one revocable credential per device.

The owner token is the one shown once when the game is made (``games.write_token_hash``):
every game and API client made before device credentials keeps working with it.  Another
device joins with an invite: a short-lived, single-use code that any device with write
access makes on demand and the joining device exchanges for a token of its own.  Nothing
long-lived is ever shown on a page again, so a photographed QR code is worth ten minutes.

Who may do what (docs/DESIGN.md, "Device credentials"): any writer may invite and list the
devices; only the owner may revoke another device and rotate the owner token; a device may
revoke itself (leave).  A revocation marks ``revoked_at`` and a rotation keeps a row of the
retired owner token: nothing is deleted, and no event of the game is touched.

Every write checks the credential in the database, never in a per-process cache, so a
revocation holds at once in every app instance: the general append path reads it with the
game, and the one write folds it into its compare-and-set (recorder/store/writes.py).
"""

from __future__ import annotations

import hmac
import re
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, sessionmaker

from recorder.errors import Forbidden, NotFound, StoreError, Unauthorized
from recorder.models import NAME_MAX, DeviceCredential, DeviceInvite, Game
from recorder.tokens import new_token, token_digest

INVITE_SECONDS = 10 * 60
OWNER = "owner"
DEVICE = "device"
# How often one process records that a credential was used: a write per append would
# double the cost of an append for a column only people read.
TOUCH_EVERY_SECONDS = 60
SEEN_MAX = 4096
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class TokenRevoked(Forbidden):
    error = "token_revoked"


class InviteUnknown(Forbidden):
    error = "invite_unknown"


class InviteSpent(StoreError):
    """The invite existed but cannot be used any more (used, or expired): 410 Gone."""

    status = 410


class InviteUsed(InviteSpent):
    error = "invite_used"


class InviteExpired(InviteSpent):
    error = "invite_expired"


@dataclass(frozen=True)
class Writer:
    """Who a write token belongs to: the owner (``credential_id`` None) or a device."""

    game_id: str
    role: str
    credential_id: str | None
    token_hash: str

    @property
    def is_owner(self) -> bool:
        return self.role == OWNER


@dataclass(frozen=True)
class Invite:
    code: str
    expires_at: str


def stamp(moment: datetime) -> str:
    """A time as the store writes them (``utc_now_text``): ISO 8601, UTC, sortable as text."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


def parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def clean_label(label: str | None, fallback: str) -> str:
    """A device's name for people: one line, no control characters, at most NAME_MAX."""
    text = " ".join(CONTROL.sub(" ", label or "").split())
    return (text or fallback)[:NAME_MAX]


class Credentials:
    """Every read and write of device credentials and invites goes through here."""

    def __init__(self, readers: sessionmaker[Session], writers: sessionmaker[Session],
                 now: Callable[[], datetime] = lambda: datetime.now(UTC)):
        self._readers = readers
        self._writers = writers
        self.now = now
        # Digests this process has seen authorised, per game: only a hint that the head
        # append may try them (it checks them in the database); a wrong token never gets
        # that far, so guessing never takes the write lock.
        self._seen: OrderedDict[tuple[str, str], None] = OrderedDict()
        self._touched: dict[str, float] = {}
        self._lock = threading.Lock()

    # --------------------------------------------------------------- checking

    def writer(self, game: Game, token: str | None) -> Writer:
        """Who ``token`` writes to ``game`` as: 401 without one, 403 if it is not the game's
        (``token_revoked`` when it was and is no more)."""
        if not token:
            raise Unauthorized("This game needs its write token: Authorization: Bearer <token>")
        digest = token_digest(token)
        if hmac.compare_digest(digest, game.write_token_hash):
            found = Writer(game.id, OWNER, None, digest)
        else:
            with self._readers() as session:
                row = session.scalars(select(DeviceCredential).where(
                    DeviceCredential.token_hash == digest, DeviceCredential.game_id == game.id)).first()
            if row is None:
                raise Forbidden("That is not this game's write token")
            if row.revoked_at is not None:
                with self._lock:
                    self._seen.pop((game.id, digest), None)  # no more tries on the head for it here
                what = ("This owner token was replaced by a new one" if row.role == OWNER
                        else "This device's access to the game was revoked")
                raise TokenRevoked(f"{what}: ask someone at the table for a new invite", revoked_at=row.revoked_at)
            found = Writer(game.id, DEVICE, row.id, digest)
        self._remember_seen(game.id, digest)
        return found

    def may_try_head(self, game_id: str, digest: str) -> bool:
        """Whether this process has seen ``digest`` write to the game (the database still decides)."""
        with self._lock:
            return (game_id, digest) in self._seen

    def _remember_seen(self, game_id: str, digest: str) -> None:
        with self._lock:
            self._seen[(game_id, digest)] = None
            self._seen.move_to_end((game_id, digest))
            while len(self._seen) > SEEN_MAX:
                self._seen.popitem(last=False)

    def touch(self, game_id: str, digest: str) -> None:
        """Record that a device wrote, at most once a minute per process (best effort):
        a write per append would double an append's cost for a column only people read."""
        clock = time.monotonic()
        with self._lock:
            if clock - self._touched.get(digest, -TOUCH_EVERY_SECONDS) < TOUCH_EVERY_SECONDS:
                return
            self._touched[digest] = clock
            if len(self._touched) > SEEN_MAX:
                self._touched.clear()
        with self._writers() as session, session.begin():
            session.execute(update(DeviceCredential).where(
                DeviceCredential.token_hash == digest, DeviceCredential.game_id == game_id,
                DeviceCredential.role == DEVICE).values(last_used_at=stamp(self.now())))

    # ---------------------------------------------------------------- invites

    def invite(self, writer: Writer, seconds: int = INVITE_SECONDS) -> Invite:
        """A fresh single-use code for another device; only its digest is kept."""
        code = secrets.token_urlsafe(16)
        now = self.now()
        expires = stamp(now + timedelta(seconds=seconds))
        with self._writers() as session, session.begin():
            session.add(DeviceInvite(
                id=uuid.uuid4().hex, game_id=writer.game_id, code_hash=token_digest(code),
                created_by=writer.credential_id, created_at=stamp(now), expires_at=expires))
        return Invite(code, expires)

    def exchange(self, game_id: str, code: str, label: str) -> tuple[str, DeviceCredential]:
        """A device token for an invite code, which is spent by it (once, even when two
        devices race with the same code: the compare-and-set on ``used_at`` picks one)."""
        digest = token_digest(code.strip())
        now = self.now()
        token = new_token()
        with self._writers() as session, session.begin():
            invite = session.scalars(select(DeviceInvite).where(
                DeviceInvite.code_hash == digest, DeviceInvite.game_id == game_id)).first()
            if invite is None:
                raise InviteUnknown("That is not an invite to this game: ask for a new one")
            if invite.used_at is not None:
                raise InviteUsed("That invite was already used: each invite lets one device join, so ask for a new one",
                                 used_at=invite.used_at)
            if parse_stamp(invite.expires_at) <= now:
                raise InviteExpired("That invite expired (an invite works for ten minutes): ask for a new one",
                                    expires_at=invite.expires_at)
            credential = DeviceCredential(
                id=uuid.uuid4().hex, game_id=game_id, token_hash=token_digest(token), role=DEVICE,
                label=clean_label(label, "A device"), invited_by=invite.created_by, created_at=stamp(now))
            spent = session.execute(update(DeviceInvite).where(
                DeviceInvite.id == invite.id, DeviceInvite.used_at.is_(None)).values(
                used_at=stamp(now), used_by=credential.id))
            if spent.rowcount != 1:  # type: ignore[attr-defined]
                raise InviteUsed("That invite was just used by another device: each invite lets one device join")
            session.add(credential)
        return token, credential

    # ---------------------------------------------------------------- devices

    def devices(self, game_id: str) -> list[DeviceCredential]:
        """The game's device credentials and retired owner tokens, oldest first."""
        with self._readers() as session:
            return list(session.scalars(select(DeviceCredential).where(DeviceCredential.game_id == game_id)
                                        .order_by(DeviceCredential.created_at, DeviceCredential.id)))

    def revoke(self, writer: Writer, credential_id: str) -> DeviceCredential:
        """Mark a device's credential revoked: the owner may revoke any, a device itself."""
        if not writer.is_owner and writer.credential_id != credential_id:
            raise Forbidden("Only the game's owner token may revoke another device")
        with self._writers() as session, session.begin():
            row = session.get(DeviceCredential, credential_id)
            if row is None or row.game_id != writer.game_id or row.role != DEVICE:
                raise NotFound(f"No device {credential_id!r} for this game")
            if row.revoked_at is None:
                row.revoked_at = stamp(self.now())
        return row

    def rotate_owner(self, writer: Writer, game: Game) -> str:
        """A new owner token; the old one is retired (a revoked 'owner' row), and invites not
        yet used are spent, since whoever held the old token may have made them."""
        if not writer.is_owner:
            raise Forbidden("Only the game's owner token may rotate it")
        token = new_token()
        now = stamp(self.now())
        with self._writers() as session, session.begin():
            moved = session.execute(update(Game).where(
                Game.id == game.id, Game.write_token_hash == writer.token_hash).values(
                write_token_hash=token_digest(token)))
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                raise TokenRevoked("This owner token was just replaced by a new one")
            since = session.scalar(select(func.max(DeviceCredential.revoked_at)).where(
                DeviceCredential.game_id == game.id, DeviceCredential.role == OWNER))
            session.add(DeviceCredential(
                id=uuid.uuid4().hex, game_id=game.id, token_hash=writer.token_hash, role=OWNER,
                label="Owner token (rotated)", created_at=since or game.created_at, revoked_at=now))
            session.execute(update(DeviceInvite).where(
                DeviceInvite.game_id == game.id, DeviceInvite.used_at.is_(None),
                DeviceInvite.expires_at > now).values(expires_at=now))
        return token

    # ---------------------------------------------------------------- cookies

    def finished(self, game_ids: Iterable[str]) -> set[str]:
        """Which of these games are over (a browser's cookie forgets those first)."""
        ids = list(game_ids)
        if not ids:
            return set()
        with self._readers() as session:
            return set(session.scalars(select(Game.id).where(Game.id.in_(ids), Game.status == "finished")))


_BROWSERS = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("FxiOS", "Firefox"), ("CriOS", "Chrome"),
             ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"))
_SYSTEMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
            ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))


def label_from_user_agent(user_agent: str) -> str:
    """A name for a device that gave none: its browser and system, as people say them.

    >>> label_from_user_agent("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36")
    'Chrome on Android'
    >>> label_from_user_agent("curl/8.5.0")
    'A device'
    """
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), None)
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), None)
    if browser and system:
        return f"{browser} on {system}"
    return browser or system or "A device"
