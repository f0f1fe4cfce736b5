"""Issue 40's whole story, end to end: two accounts play a turn-based Kingsburg game over days.

Ann (English) invites Bob (Chinese) by name; both gave an address and opted in to "your turn" mail,
delivered to a real SMTP server on the loopback (``aiosmtpd``). A fake clock stands in for the days.
Each turn change mails the person now due; they greet each other at the table in their own
languages; the server stops and starts again; a turn Bob lets run out is played by his fallback bot
and the game goes on."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


from meeple.core import i18n
from meeple.server import chat as chat_rules
from meeple.server.turn_clock import DAY, HOUR

from .helpers import FakeClock, auth, client
from .test_email import ANN, BOB, SITE, Inbox, as_user, sign_up, smtp, to_move, verified

TURNS = {"pace": "turns", "move_seconds": DAY, "fallback_level": "random"}


@contextmanager
def server(url: str, port: int, clock: FakeClock) -> Iterator[Any]:
    """One server lifetime on the database ``url``, mailing through the SMTP server on ``port``."""
    with client(url, smtp_url=f"smtp://127.0.0.1:{port}", public_url=SITE, mail_from="meeple@meeple.test",
                deadline_check_every=3600.0) as c:
        c.app.state.hub.clock = clock
        yield c


def move_once(c: Any, gid: str, tokens: list[str]) -> int:
    """The first seat due plays its first legal action; that seat."""
    mover = to_move(c, gid)[0]
    v = c.get(f"/api/games/{gid}/view", headers=auth(tokens[mover])).json()
    assert v["your_turn"]
    r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
               json={"seq": v["seq"], "action": v["legal"][0]["action"]})
    assert r.status_code == 200, r.text
    return mover


def chat(c: Any, gid: str, lang: str) -> list[str]:
    """The table's chat as a reader of ``lang`` sees it."""
    r = c.get(f"/api/games/{gid}/chat", params={"lang": lang})
    assert r.status_code == 200, r.text
    return [line["text"] for line in r.json()["lines"]]


def chat_phrase(phrase: str, lang: str) -> str:
    text = i18n.render(chat_rules.phrase_id(phrase), None, lang)
    assert text and text != chat_rules.phrase_id(phrase)
    return text


def mails_to(inbox: Inbox, address: str) -> int:
    return len(inbox.to(address))


def test_two_accounts_play_turn_based_kingsburg_over_days_across_a_restart(
        sqlite_url: str, smtp: tuple[Inbox, int]) -> None:  # noqa: F811 (the fixture imported above)
    inbox, port = smtp
    clock = FakeClock()
    with server(sqlite_url, port, clock) as c:
        ann, bob = sign_up(c, "Ann"), sign_up(c, "Bob")
        verified(c, inbox, ann, ANN, "en")
        verified(c, inbox, bob, BOB, "zh")

        # Ann sets up a rated turn-based game and invites Bob by name: no link to copy
        r = c.post("/api/games", json={"game": "kingsburg", "players": 2, "seats": [{"kind": "human"}] * 2, "rated": True,
                                       **TURNS}, headers=as_user(c, ann))
        assert r.status_code == 201, r.text
        made = r.json()
        gid, tokens = made["id"], [made["token"]]
        r = c.post(f"/api/games/{gid}/invites", json={"name": "Bob"}, headers=as_user(c, ann))
        assert r.status_code == 201, r.text
        invitation = inbox.wait(3)[-1]  # two verification mails, then the invitation, in Bob's language
        assert inbox.rcpt[-1] == [BOB] and invitation["Content-Language"] == "zh-Hans"
        assert f"#/game/{gid}" in invitation.get_content()
        as_user(c, bob)
        waiting = c.get("/api/me/waiting").json()
        [offer] = [i for i in waiting["invites"] if i["game_id"] == gid]
        r = c.post(f"/api/invites/{offer['id']}/accept", headers=as_user(c, bob))
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
        c.cookies.clear()

        # they greet each other at the table, each reading the other in their own language
        assert c.post(f"/api/games/{gid}/chat?lang=en", json={"phrase": "hello"}, headers=auth(tokens[0])).status_code == 201
        assert c.post(f"/api/games/{gid}/chat?lang=zh", json={"phrase": "good_luck"}, headers=auth(tokens[1])).status_code == 201
        assert c.post(f"/api/games/{gid}/chat?lang=zh", json={"text": "我每天晚上下一步"}, headers=auth(tokens[1])).status_code == 201
        assert chat(c, gid, "en")[:2] == ["Hello!", chat_phrase("good_luck", "en")]
        assert chat(c, gid, "zh") == ["你好！", chat_phrase("good_luck", "zh"), "我每天晚上下一步"]
        assert c.get(f"/api/games/{gid}/spectate").json()["seq"] == 0  # nothing said is a move

        # the clock starts: the person due is mailed; every later turn change mails the new person due
        assert to_move(c, gid) == [0]
        assert inbox.wait(4)[-1]["To"] == ANN
        as_user(c, ann)
        assert [g["id"] for g in c.get("/api/me/waiting").json()["games"]] == [gid]  # "Waiting for you"
        c.cookies.clear()
        changes = 0
        while changes < 3:
            clock.now += 2 * HOUR  # a move every two hours: each notice is outside the last one's batch
            before = {ANN: mails_to(inbox, ANN), BOB: mails_to(inbox, BOB)}
            due_before, mailed = to_move(c, gid), len(inbox.messages)
            mover = move_once(c, gid, tokens)
            newly_due = [seat for seat in to_move(c, gid) if seat not in due_before]  # due now, not before
            if newly_due:  # the mover was due before: a seat due again after its own move is not mailed
                changes += 1
                inbox.wait(mailed + len(newly_due))
                for seat in newly_due:
                    address = (ANN, BOB)[seat]
                    assert mails_to(inbox, address) == before[address] + 1, (mover, due_before, newly_due)
        seq_before_restart = c.get(f"/api/games/{gid}/spectate").json()["seq"]

    # the server stops; two days pass; a new process finds the game and the deadline in the database
    clock.now += 2 * DAY
    with server(sqlite_url, port, clock) as c:
        due_before = to_move(c, gid)
        late_seat = due_before[0]
        mailed = len(inbox.messages)
        played = c.portal.call(c.app.state.hub.play_timeouts, clock.now)
        assert played == [(gid, late_seat)]  # the fallback bot played the decision whose time ran out
        newly_due = [seat for seat in to_move(c, gid) if seat not in due_before]
        inbox.wait(mailed + len(newly_due))  # the turn change after the timeout is mailed too
        assert sorted(inbox.rcpt[mailed:]) == sorted([(ANN, BOB)[seat]] for seat in newly_due)
        seat = c.get(f"/api/games/{gid}").json()["seats"][late_seat]
        assert seat["misses"] == 1 and seat["deadline"] is not None or late_seat not in to_move(c, gid)
        view = c.get(f"/api/games/{gid}/spectate").json()
        assert view["seq"] == seq_before_restart + 1 and not view.get("over")
        assert chat(c, gid, "en") == ["Hello!", chat_phrase("good_luck", "en"), "我每天晚上下一步"]  # kept
        assert c.post(f"/api/games/{gid}/chat?lang=zh", json={"phrase": "one_moment"},
                      headers=auth(tokens[late_seat])).status_code == 201
        assert chat(c, gid, "en")[-1] == chat_phrase("one_moment", "en")
        # the person who let their time run out is still at the table and can move again
        clock.now += HOUR
        if to_move(c, gid):
            move_once(c, gid, tokens)
