"""Sending e-mail: the operator's SMTP server (``meeple serve --smtp URL``), one plain-text message at
a time, through ``aiosmtplib`` on the event loop (never inside a move: the notices service sends
from background tasks).

    smtp://host                      port 25, STARTTLS when the server offers it
    smtp://user:pass@host:587        the same, signed in (user and password percent-encoded)
    smtp+starttls://user:pass@host   port 587, STARTTLS required
    smtps://user:pass@host           port 465, TLS from the first byte

>>> SmtpConfig.parse("smtps://ann:s%40cret@mail.example.org").safe()
'smtps://ann@mail.example.org:465'
"""

from __future__ import annotations

import email.policy
import email.utils
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

SCHEMES = {"smtp": (25, None, False), "smtp+starttls": (587, True, False), "smtps": (465, False, True)}
"""scheme → (default port, STARTTLS: None when offered / True required / False never, implicit TLS)."""
SEND_TIMEOUT = 30.0
"""Seconds one message may take to hand over (connect, sign in, send) before it counts as failed."""


@dataclass(frozen=True)
class SmtpConfig:
    """Where and how to hand mail over; ``password`` is never shown (``safe``, ``repr``)."""

    scheme: str
    host: str
    port: int
    username: str | None = None
    password: str | None = None

    def __repr__(self) -> str:
        return f"SmtpConfig({self.safe()!r})"

    @classmethod
    def parse(cls, url: str) -> SmtpConfig:
        """The configuration of an ``smtp://``, ``smtp+starttls://`` or ``smtps://`` URL; ValueError saying
        why not (the message never repeats a password)."""
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError:
            raise ValueError("the SMTP URL is malformed: use smtp://user:password@host:port") from None
        scheme = parts.scheme.lower()
        if scheme not in SCHEMES:
            raise ValueError(f"unsupported SMTP URL scheme {scheme!r}: use smtp://, smtp+starttls:// or smtps://")
        if not parts.hostname:
            raise ValueError("the SMTP URL names no host: use smtp://user:password@host:port")
        if parts.path not in ("", "/") or parts.query or parts.fragment:
            raise ValueError("the SMTP URL takes no path, query or fragment: smtp://user:password@host:port")
        return cls(scheme, parts.hostname, port or SCHEMES[scheme][0],
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None)

    def safe(self) -> str:
        """The URL without its password (for the terminal and the logs)."""
        user = f"{self.username}@" if self.username else ""
        return f"{self.scheme}://{user}{self.host}:{self.port}"

    def default_from(self) -> str:
        """The From address when the operator gives none: ``meeple@<the SMTP host>``."""
        host = self.host if "." in self.host and not self.host.replace(".", "").isdigit() else "localhost"
        return f"meeple@{host}"


def compose(*, sender: str, to: str, subject: str, body: str, lang: str,
            unsubscribe: str | None = None) -> EmailMessage:
    """A plain-text UTF-8 message; ``unsubscribe``: the one-click link (RFC 2369 ``List-Unsubscribe``
    and RFC 8058 ``List-Unsubscribe-Post``). Header values holding CR or LF are refused (ValueError)
    by the standard library's policy: nothing a player typed can add a header."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = email.utils.formatdate(localtime=False)
    msg["Message-ID"] = email.utils.make_msgid(domain=sender.rsplit("@", 1)[-1])
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies
    if unsubscribe is not None:
        if any(ch.isspace() or ch in "<>" for ch in unsubscribe):
            raise ValueError("an unsubscribe link holds no space, line break or angle bracket")
        # raw, never folded into RFC 2047 encoded words (which a mail client would not read as a link)
        msg.set_raw("List-Unsubscribe", f"<{unsubscribe}>")
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg.set_content(body, charset="utf-8")  # (it replaces every Content-* header set before it)
    msg["Content-Language"] = "zh-Hans" if lang == "zh" else lang
    return msg


WIRE_POLICY = email.policy.SMTP.clone(refold_source="none")
"""CRLF line ends, long headers of our own (``List-Unsubscribe``) kept on one line as set."""


def wire_bytes(message: EmailMessage) -> bytes:
    """The message as it goes over SMTP."""
    return message.as_bytes(policy=WIRE_POLICY)


async def send(config: SmtpConfig, message: EmailMessage) -> None:
    """Hand ``message`` (from ``compose``: one plain sender and recipient) to the SMTP server; raises on
    any failure (the caller logs it without the address)."""
    import aiosmtplib

    starttls, implicit = SCHEMES[config.scheme][1], SCHEMES[config.scheme][2]
    await aiosmtplib.send(wire_bytes(message), sender=str(message["From"]), recipients=[str(message["To"])],
                          hostname=config.host, port=config.port, username=config.username,
                          password=config.password, use_tls=implicit, start_tls=starttls, timeout=SEND_TIMEOUT)
