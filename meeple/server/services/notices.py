"""E-mail notices (docs/server.md, E-mail notices): "your turn" in a turn-based game, "you are invited",
and the verification of an address, each in the reader's language, sent from background tasks through
the operator's SMTP server (``mailer``). Without one (``Settings.smtp_url`` None) nothing is sent and
nothing fails.

Who is mailed: an account with a verified address that opted in, about a game in play, when that
game's decision passes to its seat (``turns_passed``, called by ``Play`` after a move or a timeout and
by ``Games`` when the last seat is taken and the clock starts) and it has no WebSocket open on that game
in this process; at most one message per account and game every ``email_batch`` seconds (the claim is
a row in ``email_notices``: of several processes, one sends). Failures are logged with the account's
id and the error's kind, never the address.

>>> await hub.notices.invited(game_id, user_id)   # True: a message was handed to the SMTP server
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from email.message import EmailMessage
from typing import Any
from urllib.parse import quote

from sqlalchemy import select

import meeple
from meeple.core import i18n
from meeple.server import db, turn_clock
from meeple.server import email_addresses as emails
from meeple.server.live_game import LiveGame
from meeple.server.mailer import SmtpConfig, compose, send
from meeple.server.services.runtime import Runtime
from meeple.server.store import Store

log = logging.getLogger("meeple.server")

Transport = Callable[[SmtpConfig, EmailMessage], Awaitable[None]]


def newly_due(before: Mapping[int, float | None], after: Sequence[Mapping[str, Any]], mover: int,
              timed_out: bool) -> list[int]:
    """The seats to whom a turn-based game's decision has just passed: those whose deadline was set or
    renewed by this change, except the seat that has just acted itself (it is at the board); a seat
    whose time ran out and is due again counts."""
    return [int(r["seat"]) for r in after
            if r.get("deadline") is not None and r.get("deadline") != before.get(int(r["seat"]))
            and (int(r["seat"]) != mover or timed_out)]


def game_title(game: str, lang: str) -> str:
    info = meeple.games().get(game)
    return i18n.game_text(game, "title", info.name if info else game, lang)


class Notices:
    def __init__(self, runtime: Runtime, store: Store) -> None:
        self.runtime, self.store = runtime, store
        self.settings = settings = runtime.settings
        self.smtp = SmtpConfig.parse(settings.smtp_url) if settings.smtp_url else None
        self.sender = settings.mail_from or (self.smtp.default_from() if self.smtp else "meeple@localhost")
        self.site = (settings.public_url or "http://127.0.0.1:8000/").rstrip("/") + "/"
        self.transport: Transport = send
        """How a message is handed over (tests may replace it)."""
        self.sent = 0
        self.failed = 0

    @property
    def enabled(self) -> bool:
        """Whether this server sends e-mail at all (the operator gave an SMTP server)."""
        return self.smtp is not None

    def bounds(self) -> emails.Bounds:
        s = self.settings
        return emails.Bounds(s.email_verify_window, s.email_verify_per_address, s.email_verify_per_account,
                             s.email_verify_lifetime)

    # ------------------------------------------------------------------ hooks
    def turns_passed(self, g: LiveGame, seats: Iterable[int]) -> None:
        """A turn-based game's decision passed to ``seats``: mail each account there that is not at the
        board (no WebSocket of its seat on this game in this process), in the background."""
        if not self.enabled or not turn_clock.is_turn_based(g.row):
            return
        for seat in seats:
            row = g.seats[seat]
            user_id = row.get("user_id")
            if row["kind"] != "human" or user_id is None or row.get("away") or self.connected(g, seat):
                continue
            self.runtime.spawn(self.your_turn(g.id, int(user_id)))

    @staticmethod
    def connected(g: LiveGame, seat: int) -> bool:
        return any(sub.seat == seat for sub in g.subscribers)

    async def your_turn(self, game_id: str, user_id: int) -> bool:
        """Mail "your turn in …" to the account (if it may be mailed now); whether a message was sent."""
        return await self._notice("turn", game_id, user_id)

    async def invited(self, game_id: str, user_id: int) -> bool:
        """Mail "you are invited to …" to the account (same conditions and batching as ``your_turn``)."""
        return await self._notice("invite", game_id, user_id)

    def send_verification(self, verification: emails.Verification) -> None:
        """Send the verification mail of an address just set, in the background."""
        self.runtime.spawn(self._verification(verification))

    # ------------------------------------------------------------------ sending
    async def _notice(self, kind: str, game_id: str, user_id: int) -> bool:
        if not self.enabled:
            return False
        now = self.runtime.clock()
        period = self.settings.email_batch

        def job(conn: Any) -> tuple[emails.Recipient, str] | None:
            game = conn.execute(select(db.games.c.game, db.games.c.status).where(db.games.c.id == game_id)).first()
            if game is None or game.status not in db.PLAYING:
                return None
            found = emails.recipient(conn, user_id)
            if found is None or not emails.claim_notice(conn, user_id, game_id, kind, now, period):
                return None
            return found, str(game.game)

        claimed = await self.store.write(job)
        if claimed is None:
            return False
        to, game = claimed
        if await self._deliver(lambda: self.notice_message(kind, to, game_id, game), user_id, kind):
            return True
        await self.store.write(lambda c: emails.release_notice(c, user_id, game_id, now))
        return False

    async def _verification(self, verification: emails.Verification) -> bool:
        if await self._deliver(lambda: self.verification_message(verification), verification.user_id, "verify"):
            return True
        await self.store.write(lambda c: emails.unsend(c, verification))
        return False

    async def _deliver(self, build: Callable[[], EmailMessage], user_id: int, kind: str) -> bool:
        """Compose (``build``) and hand over one message; False, logged, on any failure of either."""
        assert self.smtp is not None
        try:
            await self.transport(self.smtp, build())
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure of the SMTP server is logged, never raised
            self.failed += 1  # the error's kind only: its text may quote the address
            log.warning("e-mail (%s) to account %s was not sent: %s", kind, user_id, type(exc).__name__)
            return False
        self.sent += 1
        log.info("e-mail (%s) sent to account %s", kind, user_id)
        return True

    # ------------------------------------------------------------------ the messages
    def link(self, path: str, **query: str) -> str:
        """An absolute link to ``path`` on this server (``public_url``)."""
        q = "&".join(f"{k}={quote(v, safe='')}" for k, v in query.items())
        return f"{self.site}{path}{'?' + q if q else ''}"

    def notice_message(self, kind: str, to: emails.Recipient, game_id: str, game: str) -> EmailMessage:
        lang = to.lang
        unsubscribe = self.link("api/email/unsubscribe", token=to.unsubscribe_token)
        args = {"name": to.name, "title": game_title(game, lang),
                "link": f"{self.link('', lang=lang)}#/game/{quote(game_id, safe='')}"}
        footer = i18n.render("server.email.footer", {"minutes": f"{self.settings.email_batch / 60:.0f}",
                                                     "unsubscribe": unsubscribe}, lang)
        body = i18n.render(f"server.email.{kind}_body", args, lang) + "\n\n-- \n" + footer + "\n"
        return compose(sender=self.sender, to=to.address, subject=i18n.render(f"server.email.{kind}_subject", args, lang),
                       body=body, lang=lang, unsubscribe=unsubscribe)

    def verification_message(self, v: emails.Verification) -> EmailMessage:
        args = {"name": v.name, "site": self.site, "link": self.link("api/email/verify", token=v.token),
                "hours": f"{self.settings.email_verify_lifetime / 3600:.0f}"}
        return compose(sender=self.sender, to=v.address, subject=i18n.render("server.email.verify_subject", args, v.lang),
                       body=i18n.render("server.email.verify_body", args, v.lang) + "\n", lang=v.lang)
