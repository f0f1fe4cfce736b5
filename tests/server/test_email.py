""""Your turn" by e-mail (issue 40, part 2), against a real SMTP server on the loopback (``aiosmtpd``).

An address is verified by its link before any notice goes to it; setting one sends exactly one
verification mail, and the bounds keep any request from making the server mail an address twice in a
day; a turn-based game's decision passing to a person who opted in mails them once per game and
period, in their language, with the game's link and a one-click unsubscribe; the address never shows
in any view, profile, lobby or log line; without an SMTP server nothing is sent and nothing fails."""

from __future__ import annotations

import email
import email.policy
import logging
import re
import time
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller

from meeple.server import Settings, db
from meeple.server.accounts import CSRF_HEADER
from meeple.server.services.notices import newly_due
from meeple.server.turn_clock import DAY, HOUR

from .helpers import FakeClock, auth, client, free_port, serve_cli

PASSWORD = "correct horse battery"
SITE = "http://meeple.test/"
TURNS = {"pace": "turns", "move_seconds": DAY, "fallback_level": "random"}
ANN, BOB, EVE = "ann.lee+games@example.org", "bob@example.net", "eve@example.com"


class Inbox:
    """An aiosmtpd handler that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.rcpt: list[list[str]] = []
        self.raw: list[bytes] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.rcpt.append(list(envelope.rcpt_tos))
        self.raw.append(envelope.original_content or envelope.content)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))  # type: ignore[arg-type]
        return "250 OK"

    def wait(self, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages once there are ``count``; then a moment more, so one too many is seen too."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)
        assert len(self.messages) == count, [m["Subject"] for m in self.messages]
        return list(self.messages)

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m, rcpt in zip(self.messages, self.rcpt) if address in rcpt]



@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox, port = Inbox(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def _mail_client(url: str, smtp: tuple[Inbox, int]) -> Iterator[tuple[Any, Inbox, FakeClock]]:
    inbox, port = smtp
    with client(url, smtp_url=f"smtp://127.0.0.1:{port}", public_url=SITE, mail_from="meeple@meeple.test",
                deadline_check_every=3600.0) as c:
        clock = FakeClock()
        c.app.state.hub.clock = clock
        yield c, inbox, clock


@pytest.fixture
def mail(sqlite_url: str, smtp: tuple[Inbox, int]) -> Iterator[tuple[Any, Inbox, FakeClock]]:
    yield from _mail_client(sqlite_url, smtp)


@pytest.fixture
def mail_any_db(db_url: str, smtp: tuple[Inbox, int]) -> Iterator[tuple[Any, Inbox, FakeClock]]:
    """``mail`` on SQLite and on PostgreSQL."""
    yield from _mail_client(db_url, smtp)


# ---------------------------------------------------------------------------------------------- helpers
def sign_up(c: Any, name: str) -> dict[str, str]:
    """A new account, signed in; its cookies (``as_user`` puts them back)."""
    c.cookies.clear()
    r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return dict(c.cookies)


def as_user(c: Any, jar: dict[str, str]) -> dict[str, str]:
    """Speak as the account of ``jar``; the CSRF header its state-changing requests need."""
    c.cookies.clear()
    for k, v in jar.items():
        c.cookies.set(k, v)
    return {CSRF_HEADER: jar["meeple_csrf"]}


def set_address(c: Any, jar: dict[str, str], address: Any, lang: str = "en", **extra: Any) -> Any:
    return c.put(f"/api/me/email?lang={lang}", json={"address": address, **extra}, headers=as_user(c, jar))


def link_in(message: EmailMessage, path: str) -> str:
    found = re.search(re.escape(SITE + path) + r"\?token=[A-Za-z0-9_%-]+", message.get_content())
    assert found, message.get_content()
    return found.group()[len(SITE) - 1:]


def verified(c: Any, inbox: Inbox, jar: dict[str, str], address: str, lang: str = "en") -> None:
    """The account gives ``address`` in ``lang``, opens the verification link and opts in."""
    before = len(inbox.messages)
    r = set_address(c, jar, address, lang)
    assert r.status_code == 200 and r.json()["verification"] == "sent", r.text
    message = inbox.wait(before + 1)[-1]
    assert c.get(link_in(message, "api/email/verify")).status_code == 200
    r = c.patch("/api/me/email", json={"notices": True}, headers=as_user(c, jar))
    assert r.status_code == 200 and r.json()["verified"] and r.json()["notices"], r.text


def turn_based_game(c: Any, creator: dict[str, str], joiner: dict[str, str]) -> tuple[str, list[str]]:
    """A turn-based Kingsburg game: the creator at seat 0, the joiner at seat 1; their seat tokens."""
    r = c.post("/api/games", json={"game": "kingsburg", "players": 2, "seats": [{"kind": "human"}] * 2, **TURNS},
               headers=as_user(c, creator))
    assert r.status_code == 201, r.text
    made = r.json()
    r = c.post(f"/api/games/{made['id']}/join", json={"invite": made["invites"][0]["code"]}, headers=as_user(c, joiner))
    assert r.status_code == 200, r.text
    c.cookies.clear()
    return made["id"], [made["token"], r.json()["token"]]


def to_move(c: Any, gid: str) -> list[int]:
    return c.get(f"/api/games/{gid}/spectate").json()["to_move"]


def play_until_due(c: Any, gid: str, tokens: list[str], seat: int) -> None:
    """Whoever is due moves (their first legal action) until ``seat`` is due."""
    for _ in range(200):
        due = to_move(c, gid)
        if seat in due:
            return
        mover = due[0]
        v = c.get(f"/api/games/{gid}/view", headers=auth(tokens[mover])).json()
        r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
                   json={"seq": v["seq"], "action": v["legal"][0]["action"]})
        assert r.status_code == 200, r.text
    raise AssertionError(f"seat {seat} never became due")


def move_once(c: Any, gid: str, tokens: list[str]) -> int:
    """The seat due moves once; that seat."""
    mover = to_move(c, gid)[0]
    v = c.get(f"/api/games/{gid}/view", headers=auth(tokens[mover])).json()
    r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
               json={"seq": v["seq"], "action": v["legal"][0]["action"]})
    assert r.status_code == 200, r.text
    return mover


def stored(c: Any, table: sa.Table) -> list[dict[str, Any]]:
    with c.app.state.hub.engine.connect() as conn:
        return [dict(r) for r in conn.execute(sa.select(table)).mappings()]


# ---------------------------------------------------------------------------------------------- verification
def test_an_address_gets_one_verification_mail_and_its_link_verifies_it(mail) -> None:
    c, inbox, clock = mail
    ann = sign_up(c, "Ann")
    r = set_address(c, ann, ANN)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["verification"] == "sent" and body["mail"] is True
    assert (body["address"], body["verified"], body["notices"], body["lang"], body["pending"]) == (
        "a•••@example.org", False, False, "en", True)
    [message] = inbox.wait(1)
    assert inbox.rcpt == [[ANN]] and message["To"] == ANN and message["From"] == "meeple@meeple.test"
    assert message["Subject"] == "meeple: confirm your e-mail address" and "List-Unsubscribe" not in message
    assert "Ann" in message.get_content()
    link = link_in(message, "api/email/verify")
    # the same address again: no second mail while the first is recent
    r = set_address(c, ann, ANN)
    assert r.status_code == 200 and r.json()["verification"] == "already_sent"
    inbox.wait(1)
    # the token is stored hashed only
    [row] = stored(c, db.user_emails)
    assert link.split("token=")[1] not in str(row) and row["verify_hash"]
    page = c.get(link)
    assert page.status_code == 200 and "confirmed" in page.text and page.headers["content-type"].startswith("text/html")
    state = c.get("/api/me/email", headers=as_user(c, ann)).json()
    assert state["verified"] and not state["pending"] and not state["notices"]  # opting in is separate
    assert c.get(link).status_code == 400  # used
    # verified: the same address again sends nothing
    assert set_address(c, ann, ANN).json()["verification"] == "verified"
    inbox.wait(1)


def test_a_verification_link_expires_and_a_new_one_replaces_it(mail) -> None:
    c, inbox, clock = mail
    ann = sign_up(c, "Ann")
    set_address(c, ann, ANN, "zh")
    [first] = inbox.wait(1)
    assert first["Subject"] == "meeple：请确认你的电子邮箱地址" and first["Content-Language"] == "zh-Hans"
    clock.now += DAY + 1
    page = c.get(link_in(first, "api/email/verify"))
    assert page.status_code == 400 and "不是" not in page.text and "链接无效" not in page.text  # the reader's language: English here
    assert "not valid" in page.text
    r = set_address(c, ann, ANN)  # a day later: a new link, once
    assert r.json()["verification"] == "sent"
    second = inbox.wait(2)[-1]
    assert c.get(link_in(first, "api/email/verify")).status_code == 400  # the old one never works again
    assert c.get(link_in(second, "api/email/verify")).status_code == 200


def test_verification_mails_are_bounded_per_address_and_per_account(mail_any_db) -> None:
    c, inbox, clock = mail_any_db
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    for address in ("a@example.org", "b@example.org", "c@example.org"):
        assert set_address(c, ann, address).json()["verification"] == "sent"
    inbox.wait(3)
    r = set_address(c, ann, "d@example.org")  # a fourth address in a day: refused, nothing changes
    assert r.status_code == 429 and r.json()["error"] == "server.email_verify_limit" and "Retry-After" in r.headers
    assert c.get("/api/me/email", headers=as_user(c, ann)).json()["address"] == "c•••@example.org"
    # another account cannot make the server mail an address that had its verification mail today
    for _ in range(3):
        r = set_address(c, bob, "A@Example.org")
        assert r.status_code == 429, r.text
    assert c.get("/api/me/email", headers=as_user(c, bob)).json()["address"] is None
    inbox.wait(3)
    assert [len(inbox.to(a)) for a in ("a@example.org", "b@example.org", "c@example.org", "d@example.org")] == [1, 1, 1, 0]
    clock.now += DAY + 1  # the next day: one more to that address
    assert set_address(c, bob, "a@example.org").json()["verification"] == "sent"
    assert set_address(c, bob, "a@example.org").json()["verification"] == "already_sent"
    inbox.wait(4)
    assert len(inbox.to("a@example.org")) == 2


@pytest.mark.parametrize("address", [
    "", "ann", "ann@", "@example.org", "ann@example", "ann@@example.org", "ann lee@example.org",
    " ann@example.org", "ann@example.org\r\nBcc: eve@example.com", "ann@example.org\nX-Evil: 1",
    "ann@example.org\rX", "<ann@example.org>", "ann@example.org, eve@example.com", "ann@example.org;eve@example.com",
    "ann.@example.org", ".ann@example.org", "a..b@example.org", "ann@exa_mple.org", "ann@-example.org",
    "ännä@example.org", "ann@例子.中国", "a" * 65 + "@example.org", "a@" + "b" * 60 + "." + "c" * 200 + ".org",
    "ann@[127.0.0.1]", '"ann"@example.org', "ann@example.1", 42, None, ["ann@example.org"],
])
def test_a_bad_address_is_refused_and_nothing_is_stored_or_sent(mail, address: Any) -> None:
    c, inbox, _ = mail
    ann = sign_up(c, "Ann")
    r = set_address(c, ann, address)
    assert r.status_code == 422, r.text
    assert c.get("/api/me/email", headers=as_user(c, ann)).json()["address"] is None
    assert stored(c, db.user_emails) == [] and stored(c, db.email_verifications) == []
    assert inbox.messages == []


def test_the_address_refusals_speak_both_languages(mail) -> None:
    c, _, _ = mail
    ann = sign_up(c, "Ann")
    en, zh = set_address(c, ann, "ann@", "en").json(), set_address(c, ann, "ann@", "zh").json()
    assert en["error"] == zh["error"] == "server.email_address_bad" and en["detail"] != zh["detail"]
    assert "name@example.org" in en["detail"] and "电子邮箱" in zh["detail"]


def test_only_a_signed_in_player_has_an_address_and_preferences_need_one(mail) -> None:
    c, _, _ = mail
    c.cookies.clear()
    assert c.get("/api/me/email").status_code == 401
    assert c.put("/api/me/email", json={"address": ANN}).status_code == 401
    ann = sign_up(c, "Ann")
    r = c.put("/api/me/email", json={"address": ANN})  # no CSRF header
    assert r.status_code == 403
    r = c.patch("/api/me/email", json={"notices": True}, headers=as_user(c, ann))
    assert r.status_code == 409 and r.json()["error"] == "server.email_none"
    r = c.patch("/api/me/email", json={"lang": "fr"}, headers=as_user(c, ann))
    assert r.status_code == 422
    r = c.patch("/api/me/email", json={"notices": "yes"}, headers=as_user(c, ann))
    assert r.status_code == 422


# ---------------------------------------------------------------------------------------------- notices
def test_a_turn_change_mails_the_person_due_in_their_language_once_per_period(mail_any_db) -> None:
    c, inbox, clock = mail_any_db
    hub = c.app.state.hub
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    verified(c, inbox, ann, ANN, "en")
    verified(c, inbox, bob, BOB, "zh")
    base = len(inbox.messages)
    gid, tokens = turn_based_game(c, ann, bob)
    # Bob's join starts the clock: Ann (seat 0) is due and not at the board
    assert to_move(c, gid) == [0]
    [to_ann] = inbox.wait(base + 1)[base:]
    assert inbox.rcpt[-1] == [ANN]
    assert to_ann["Subject"] == "meeple: your turn in Kingsburg" and to_ann["Content-Language"] == "en"
    text = to_ann.get_content()
    assert f"{SITE}?lang=en#/game/{gid}" in text and "Ann" in text
    unsubscribe = link_in(to_ann, "api/email/unsubscribe")
    assert to_ann["List-Unsubscribe"] == f"<{SITE[:-1]}{unsubscribe}>"
    assert to_ann["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"List-Unsubscribe: <{SITE[:-1]}{unsubscribe}>\r\n".encode() in inbox.raw[-1]  # one line, not encoded
    # the decision passes to Bob: one mail, in Chinese
    play_until_due(c, gid, tokens, 1)
    [to_bob] = inbox.wait(base + 2)[base + 1:]
    assert inbox.rcpt[-1] == [BOB]
    assert to_bob["Subject"] == "meeple：Kingsburg 轮到你了" or to_bob["Subject"].startswith("meeple：")
    assert "轮到你" in to_bob["Subject"] and to_bob["Content-Language"] == "zh-Hans"
    assert f"{SITE}?lang=zh#/game/{gid}" in to_bob.get_content() and "退订" not in to_bob["Subject"]
    # batching: within the hour, the turn coming back to each of them mails nobody
    play_until_due(c, gid, tokens, 0)
    play_until_due(c, gid, tokens, 1)
    inbox.wait(base + 2)
    assert len(stored(c, db.email_notices)) == 2
    # an hour later the next turn change mails again
    clock.now += HOUR + 1
    play_until_due(c, gid, tokens, 0)
    assert inbox.wait(base + 3)[-1]["To"] == ANN
    assert hub.notices.failed == 0


def test_a_timeout_mails_the_person_whose_time_ran_out_and_who_is_due_again(mail) -> None:
    c, inbox, clock = mail
    hub = c.app.state.hub
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    verified(c, inbox, bob, BOB, "en")
    base = len(inbox.messages)
    gid, tokens = turn_based_game(c, ann, bob)
    inbox.wait(base)  # Ann has no address: nothing
    play_until_due(c, gid, tokens, 1)
    inbox.wait(base + 1)
    assert inbox.rcpt[-1] == [BOB]
    clock.now += DAY + 1  # Bob does not come: his bot plays his turn; if he is due again, a new mail
    played = c.portal.call(hub.play_timeouts, clock.now)
    assert played and played[0] == (gid, 1)
    if 1 in to_move(c, gid):
        assert inbox.wait(base + 2)[-1]["To"] == BOB
    else:  # Ann's turn now: she gets nothing (no address); Bob nothing either
        inbox.wait(base + 1)


def test_unsubscribing_stops_the_notices_without_signing_in(mail_any_db) -> None:
    c, inbox, clock = mail_any_db
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    verified(c, inbox, ann, ANN, "zh")
    base = len(inbox.messages)
    gid, tokens = turn_based_game(c, ann, bob)
    [notice] = inbox.wait(base + 1)[base:]
    c.cookies.clear()
    page = c.get(link_in(notice, "api/email/unsubscribe"))
    assert page.status_code == 200 and "已退订" in page.text  # in the reader's mail language
    assert c.get("/api/email/unsubscribe?token=" + "x" * 43).status_code == 400
    assert not c.get("/api/me/email", headers=as_user(c, ann)).json()["notices"]
    c.cookies.clear()
    clock.now += HOUR + 1
    play_until_due(c, gid, tokens, 1)
    play_until_due(c, gid, tokens, 0)
    inbox.wait(base + 1)  # nothing more
    # turning them on again; RFC 8058's one-click POST turns them off as well
    assert c.patch("/api/me/email", json={"notices": True}, headers=as_user(c, ann)).json()["notices"]
    c.cookies.clear()
    r = c.post(link_in(notice, "api/email/unsubscribe"), content=b"List-Unsubscribe=One-Click",
               headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200
    assert not c.get("/api/me/email", headers=as_user(c, ann)).json()["notices"]


def test_no_notice_to_a_person_at_the_board(mail) -> None:
    c, inbox, clock = mail
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    verified(c, inbox, bob, BOB, "en")
    base = len(inbox.messages)
    gid, tokens = turn_based_game(c, ann, bob)
    with c.websocket_connect(f"/api/games/{gid}/ws") as ws:  # Bob has the game open
        ws.send_json({"type": "hello", "token": tokens[1]})
        assert ws.receive_json()["type"] == "view"
        play_until_due(c, gid, tokens, 1)
        inbox.wait(base)
    play_until_due(c, gid, tokens, 0)  # Bob closed it: the next time it is his turn, a mail
    play_until_due(c, gid, tokens, 1)
    assert inbox.wait(base + 1)[-1]["To"] == BOB


def test_no_notice_before_verification_or_without_opting_in(mail) -> None:
    c, inbox, _ = mail
    hub = c.app.state.hub
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    set_address(c, ann, ANN)  # never verified
    set_address(c, bob, BOB)
    [_, to_bob] = inbox.wait(2)
    c.get(link_in(to_bob, "api/email/verify"))  # verified, not opted in
    gid, tokens = turn_based_game(c, ann, bob)
    play_until_due(c, gid, tokens, 1)
    inbox.wait(2)
    bob_id = c.get("/api/me", headers=as_user(c, bob)).json()["id"]
    assert c.portal.call(hub.invited, gid, bob_id) is False


def test_an_invitation_notice_is_mailed_once_per_period(mail) -> None:
    c, inbox, clock = mail
    hub = c.app.state.hub
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    verified(c, inbox, bob, BOB, "zh")
    bob_id = c.get("/api/me", headers=as_user(c, bob)).json()["id"]
    r = c.post("/api/games", json={"game": "kingsburg", "players": 2, "seats": [{"kind": "human"}] * 2, **TURNS},
               headers=as_user(c, ann))
    gid = r.json()["id"]
    base = len(inbox.messages)
    assert c.portal.call(hub.invited, gid, bob_id) is True
    message = inbox.wait(base + 1)[-1]
    assert "邀请" in message["Subject"] and f"#/game/{gid}" in message.get_content()
    assert c.portal.call(hub.invited, gid, bob_id) is False  # batched
    assert c.portal.call(hub.invited, "no-such-game", bob_id) is False
    clock.now += HOUR + 1
    assert c.portal.call(hub.invited, gid, bob_id) is True
    inbox.wait(base + 2)


def test_newly_due_leaves_out_the_seat_that_just_moved_itself() -> None:
    before = {0: 100.0, 1: None, 2: 50.0}
    after = [{"seat": 0, "deadline": 200.0}, {"seat": 1, "deadline": 200.0}, {"seat": 2, "deadline": 50.0}]
    assert newly_due(before, after, mover=0, timed_out=False) == [1]
    assert newly_due(before, after, mover=0, timed_out=True) == [0, 1]
    assert newly_due(before, [{"seat": 0, "deadline": None}, {"seat": 1, "deadline": None}], 0, False) == []


# ---------------------------------------------------------------------------------------------- privacy
def test_the_address_never_shows_to_anyone_nor_in_the_logs(mail, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    c, inbox, clock = mail
    ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
    verified(c, inbox, ann, ANN, "en")
    verified(c, inbox, bob, BOB, "en")
    gid, tokens = turn_based_game(c, ann, bob)
    play_until_due(c, gid, tokens, 1)
    inbox.wait(2 + 2)  # two verifications; Ann's turn at the start, then Bob's
    secret_bits = (ANN, BOB, "ann.lee", "example.org", "example.net")
    answers = [c.get(f"/api/games/{gid}"), c.get(f"/api/games/{gid}/spectate"), c.get("/api/lobby"),
               c.get(f"/api/games/{gid}/view", headers=auth(tokens[0])),
               c.get(f"/api/games/{gid}/view", headers=auth(tokens[1]))]
    for jar in (ann, bob):
        as_user(c, jar)
        answers += [c.get("/api/players/Ann"), c.get("/api/players/Bob"), c.get("/api/me"), c.get("/api/me/games")]
    # the owner alone sees their address, masked: the first letter and the domain
    assert c.get("/api/me/email", headers=as_user(c, ann)).json()["address"] == "a•••@example.org"
    assert c.get("/api/me/email", headers=as_user(c, bob)).json()["address"] == "b•••@example.net"
    c.cookies.clear()
    for r in answers:
        assert r.status_code == 200, r.text
        for bit in secret_bits:
            assert bit not in r.text, (r.url, bit)
    # the server's log lines name accounts by id, never their address (aiosmtpd's own log is the SMTP server's)
    lines = [r.getMessage() for r in caplog.records if not r.name.startswith("mail.log")]
    assert any("e-mail (turn) sent to account" in line for line in lines)
    for line in lines:
        for bit in secret_bits:
            assert bit not in line, line


def test_a_failing_smtp_server_is_logged_without_the_address_and_nothing_else_fails(
        sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    dead = free_port()  # nobody listens there
    with client(sqlite_url, smtp_url=f"smtp://127.0.0.1:{dead}", public_url=SITE) as c:
        hub = c.app.state.hub
        ann = sign_up(c, "Ann")
        r = set_address(c, ann, ANN)
        assert r.status_code == 200 and r.json()["verification"] == "sent"
        deadline = time.monotonic() + 10
        while hub.notices.failed == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hub.notices.failed == 1 and hub.notices.sent == 0
        # the mail was not handed over: it does not count, the account may ask again at once
        deadline = time.monotonic() + 5
        while stored(c, db.email_verifications) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stored(c, db.email_verifications) == []
        assert set_address(c, ann, ANN).json()["verification"] == "sent"
    lines = [r.getMessage() for r in caplog.records]
    assert any("e-mail (verify) to account" in line and "not sent" in line for line in lines)
    assert not any(ANN in line or "example.org" in line for line in lines)


def test_deleting_the_account_forgets_its_address(mail) -> None:
    c, inbox, _ = mail
    ann = sign_up(c, "Ann")
    verified(c, inbox, ann, ANN)
    r = c.request("DELETE", "/api/me", json={"password": PASSWORD}, headers=as_user(c, ann))
    assert r.status_code == 200, r.text
    assert stored(c, db.user_emails) == []


def test_removing_the_address(mail) -> None:
    c, inbox, _ = mail
    ann = sign_up(c, "Ann")
    verified(c, inbox, ann, ANN)
    r = c.delete("/api/me/email", headers=as_user(c, ann))
    assert r.status_code == 200 and r.json()["address"] is None
    assert stored(c, db.user_emails) == []


# ---------------------------------------------------------------------------------------------- no SMTP server
def test_without_an_smtp_server_nothing_is_sent_and_nothing_fails(sqlite_url: str) -> None:
    with client(sqlite_url, deadline_check_every=3600.0) as c:
        hub = c.app.state.hub
        clock = FakeClock()
        hub.clock = clock
        ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
        assert c.get("/api/me/email", headers=as_user(c, ann)).json() == {
            "mail": False, "address": None, "verified": False, "notices": False, "lang": None, "pending": False}
        r = set_address(c, ann, ANN)
        assert r.status_code == 409 and r.json()["error"] == "server.email_off"
        assert set_address(c, ann, ANN, "zh").json()["detail"] != r.json()["detail"]
        assert set_address(c, ann, "ann@").status_code == 422  # a bad address is still said to be bad
        assert stored(c, db.user_emails) == []
        gid, tokens = turn_based_game(c, ann, bob)
        play_until_due(c, gid, tokens, 1)
        clock.now += DAY + 1
        assert c.portal.call(hub.play_timeouts, clock.now) == [(gid, 1)]
        assert c.portal.call(hub.invited, gid, 1) is False
        assert hub.notices.sent == hub.notices.failed == 0


# ---------------------------------------------------------------------------------------------- settings
def test_the_operator_names_the_smtp_server_on_the_command_line(monkeypatch: pytest.MonkeyPatch, sqlite_url: str) -> None:
    out, made = serve_cli(monkeypatch, sqlite_url, "--smtp", "smtps://meeple:s3cret@mail.example.org",
                          "--mail-from", "games@example.org", "--public-url", "https://play.example.org/",
                          "--mail-batch", "7200")
    assert out.exit_code == 0, out.output
    [settings] = made
    assert (settings.smtp_url, settings.mail_from, settings.public_url, settings.email_batch) == (
        "smtps://meeple:s3cret@mail.example.org", "games@example.org", "https://play.example.org/", 7200.0)
    out, made = serve_cli(monkeypatch, sqlite_url)
    assert out.exit_code == 0 and made[0].smtp_url is None and made[0].public_url == "http://127.0.0.1:8000/"
    out, made = serve_cli(monkeypatch, sqlite_url, "--smtp", "imap://meeple:s3cret@mail.example.org")
    assert out.exit_code == 2 and made == [] and "s3cret" not in out.output and "smtp" in out.output


@pytest.mark.parametrize("bad", [
    {"smtp_url": "http://mail.example.org"}, {"smtp_url": "smtp://"}, {"smtp_url": "smtp://host:99999"},
    {"mail_from": "not an address"}, {"mail_from": "a@b.org\r\nBcc: x@y.org"}, {"public_url": "ftp://x"},
    {"email_batch": 1.0}, {"email_verify_per_address": 0},
])
def test_bad_email_settings_are_refused(sqlite_url: str, bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Settings(db_url=sqlite_url, **bad).check()


def test_the_mailer_keeps_passwords_out_and_refuses_header_injection() -> None:
    from meeple.server.mailer import SmtpConfig, compose, wire_bytes

    config = SmtpConfig.parse("smtp+starttls://ann%40x:p%3Ass@mail.example.org")
    assert (config.host, config.port, config.username, config.password) == ("mail.example.org", 587, "ann@x", "p:ss")
    assert "p:ss" not in config.safe() and "p:ss" not in repr(config)
    assert SmtpConfig.parse("smtp://127.0.0.1").port == 25 and SmtpConfig.parse("smtps://h.example.org").port == 465
    with pytest.raises(ValueError) as refused:
        SmtpConfig.parse("smtp://ann:s3cret@host.example.org/path")
    assert "s3cret" not in str(refused.value)
    for to in ("ann@example.org\r\nBcc: eve@example.com", "ann@example.org\nBcc: eve@example.com"):
        with pytest.raises(ValueError):
            compose(sender="meeple@example.org", to=to, subject="s", body="b", lang="en")
    with pytest.raises(ValueError):
        compose(sender="meeple@example.org", to="ann@example.org", subject="s", body="b", lang="en",
                unsubscribe="http://x.org/u?t=1>\r\nBcc: eve@example.com")
    raw = wire_bytes(compose(sender="meeple@example.org", to="ann@example.org", subject="轮到你了", body="好",
                             lang="zh", unsubscribe="http://x.org/api/email/unsubscribe?token=" + "t" * 43))
    assert raw.count(b"\r\nBcc") == 0 and b"\r\nList-Unsubscribe: <http://x.org/api/email/unsubscribe?token=" in raw
    assert "轮到你了".encode() not in raw  # the subject travels as an RFC 2047 encoded word
