"""Referee games: a real table enters its own dice and cards, meeple keeps the rules and the score.

The check of issue 23: Kingsburg with entered dice reproduces the rulebook's example (seed 002, "玩家甲擲3顆骰
得出6、6、4 … 編號4 … 6 … 10 … 12 … 16"): Red's 6, 6, 4 may go to the advisors 4, 6, 10, 12 and 16 only.
"""

from __future__ import annotations

import time
from typing import Any

from .helpers import auth, client, create, humans, view


def _move(c: Any, gid: str, token: str, text: str) -> Any:
    seq = view(c, gid, token)["seq"]
    return c.post(f"/api/games/{gid}/actions", json={"seq": seq, "text": text}, headers=auth(token))


def _take_gold_until_the_dice(c: Any, gid: str, tokens: list[str]) -> dict[str, Any]:
    """Year 1 opens with the tied players' aid: everyone takes a gold; then the spring roll is due."""
    for _ in range(10):
        v = view(c, gid, tokens[0])
        if v["chance_due"]:
            return v
        seat = v["to_move"][0]
        assert _move(c, gid, tokens[seat], "take gold").status_code == 200
    raise AssertionError("no roll came")


def test_entered_dice_reproduce_the_rulebook_example(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        v = _take_gold_until_the_dice(c, gid, tokens)
        assert v["referee"] is True and v["chance_owner"] == 0 and v["to_move"] == []
        offered = [e["text"] for e in v["chance"]]
        assert "roll 6 6 4" in offered and len(offered) == len(set(offered)) == 56  # 3 dice: 56 multisets
        assert all(e["label"] for e in v["chance"])  # dice are public: their sentences may say the odds
        assert view(c, gid, tokens[1])["chance"] == []  # Red's roll is Red's to enter
        assert _move(c, gid, tokens[1], "roll 6 6 6").status_code == 422  # ... not Blue's
        assert _move(c, gid, tokens[0], "roll 6 6 4").status_code == 200
        assert _move(c, gid, tokens[1], "roll 6 6 6").status_code == 200
        v = view(c, gid, tokens[0])
        assert "Red rolls 6, 6, 4" in " ".join(v["log"])
        assert v["to_move"] == [0] and v["chance"] == []
        placements = sorted(int(e["text"].split()[1]) for e in v["legal"] if e["text"].startswith("place "))
        assert placements == [4, 6, 10, 12, 16]


def test_a_mistyped_die_is_taken_back_by_anyone_at_the_table(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        _take_gold_until_the_dice(c, gid, tokens)
        assert _move(c, gid, tokens[0], "roll 6 6 5").status_code == 200
        v = view(c, gid, tokens[1])
        assert v["can_undo"] is True
        r = c.post(f"/api/games/{gid}/undo", json={"seq": v["seq"]}, headers=auth(tokens[1]))
        assert r.status_code == 200, r.text
        v = view(c, gid, tokens[0])
        assert v["chance_owner"] == 0 and "roll 6 6 4" in [e["text"] for e in v["chance"]]
        assert _move(c, gid, tokens[0], "roll 6 6 4").status_code == 200
        assert "Red rolls 6, 6, 4" in " ".join(view(c, gid, tokens[0])["log"])


def test_a_bad_entry_is_refused_and_nothing_changes(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        before = _take_gold_until_the_dice(c, gid, tokens)
        for text in ("roll 7 7 7", "roll 6 6", "take gold", "roll"):
            r = _move(c, gid, tokens[0], text)
            assert r.status_code in (400, 422), (text, r.text)
            assert r.json()["detail"]
        after = view(c, gid, tokens[0])
        assert after["seq"] == before["seq"] and after["observation"] == before["observation"]
        spectator = c.get(f"/api/games/{gid}/spectate").json()
        assert spectator["chance"] == [] and spectator["chance_due"] is True


def test_an_ordinary_game_never_takes_chance_from_a_seat(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2)
        v = view(c, gid, tokens[0])
        assert "referee" not in v and "chance" not in v and "chance_due" not in v
        r = _move(c, gid, tokens[0], "roll 6 6 4")
        assert r.status_code in (400, 422)
        assert c.get(f"/api/games/{gid}").json()["referee"] is False


def test_a_referee_game_comes_back_after_a_restart(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        _take_gold_until_the_dice(c, gid, tokens)
        assert _move(c, gid, tokens[0], "roll 6 6 4").status_code == 200
        before = view(c, gid, tokens[1])
    with client(sqlite_url) as c:
        after = view(c, gid, tokens[1])
        assert c.get(f"/api/games/{gid}").json()["referee"] is True
        assert after["observation"] == before["observation"] and after["chance"] == before["chance"]
        assert after["chance_owner"] == 1


def test_a_bot_at_the_table_has_its_dice_entered_by_the_people(sqlite_url: str) -> None:
    with client(sqlite_url, bot_delay=0) as c:
        made = create(c, "kingsburg", 2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], referee=True)
        gid, token = made["id"], made["token"]
        for _ in range(400):
            time.sleep(0.01)  # the bot plays in the server's loop
            v = view(c, gid, token)
            if v["chance_due"] and v["chance_owner"] == 1:
                break
            if v["chance_due"]:
                assert _move(c, gid, token, v["chance"][0]["text"]).status_code == 200
            elif v["your_turn"]:
                assert _move(c, gid, token, v["legal"][0]["text"]).status_code == 200
        else:
            raise AssertionError("the bot's roll never came")
        assert v["chance"], "the person enters the roll of the bot's dice"
        assert _move(c, gid, token, v["chance"][0]["text"]).status_code == 200
