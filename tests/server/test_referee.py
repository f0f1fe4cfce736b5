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


# ---------------------------------------------------------------------- entries that conflict; the undo limit
def _enter_four(c: Any, gid: str, token: str, *cards: str) -> None:
    for card in cards:
        assert _move(c, gid, token, f"draw {card}").status_code == 200


def _undo(c: Any, gid: str, token: str) -> Any:
    return c.post(f"/api/games/{gid}/undo", json={"seq": view(c, gid, token)["seq"]}, headers=auth(token))


def test_a_card_another_seat_holds_is_taken_like_a_card_of_the_deck(sqlite_url: str) -> None:
    """Issue 37: an entry's answer never depends on another seat's hidden cards. Red holds the only Keep;
    Blue entering the Keep is answered as Blue entering the free Laboratory, but for a notice that every
    seat and spectator reads, naming nobody."""
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "citadels", 2, referee=True)
        _enter_four(c, gid, tokens[0], "keep", "temple", "temple", "temple")
        held = _move(c, gid, tokens[1], "draw keep")
        assert held.status_code == 200, held.text
        mine = held.json()["view"]
        assert mine["observation"]["hand"] == ["keep"]
        state = c.app.state.hub.live[gid].state
        state.check_invariants()
        red = view(c, gid, tokens[0])["observation"]["hand"]
        assert len(red) == 4 and "keep" not in red and red.count("temple") == 3  # a card of the deck for it
        notice = next(line for line in mine["log"] if line.startswith("Two entries conflict"))
        spectator = c.get(f"/api/games/{gid}/spectate").json()
        assert notice in view(c, gid, tokens[0])["log"] and notice in spectator["log"]
        assert not any(name in notice for name in ("Red", "Blue", "Keep"))

        # the same entry of a card that was in the deck: the same answer, but for the notice
        assert _undo(c, gid, tokens[1]).status_code == 200
        free = _move(c, gid, tokens[1], "draw laboratory")
        assert free.status_code == 200 and set(free.json()) == set(held.json())
        theirs = free.json()["view"]
        assert {**mine["observation"], "hand": None} == {**theirs["observation"], "hand": None}
        assert [line for line in mine["log"] if line != notice] == [
            line.replace("Laboratory", "Keep") for line in theirs["log"]]
        offered = [{e["text"] for e in v["chance"]} for v in (mine, theirs)]
        assert set(mine) == set(theirs) and offered[0] ^ offered[1] == {"draw keep", "draw laboratory"}
        c.app.state.hub.live[gid].state.check_invariants()

    with client(sqlite_url) as c:  # a restart: the game is rebuilt from its stored events
        assert view(c, gid, tokens[1])["observation"] == theirs["observation"]
        assert view(c, gid, tokens[1])["can_undo"] is False  # the entry after an undo stands, also after it


def test_a_reconciled_entry_replays_identically_after_a_restart(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "citadels", 2, referee=True)
        _enter_four(c, gid, tokens[0], "keep", "temple", "temple", "temple")
        assert _move(c, gid, tokens[1], "draw keep").status_code == 200
        _enter_four(c, gid, tokens[1], "temple", "manor", "manor")  # Red holds the temples: more conflicts
        before = [view(c, gid, token) for token in tokens]
        public = c.get(f"/api/games/{gid}/spectate").json()
        c.app.state.hub.live.pop(gid)  # evicted: the next request rebuilds it from the database
        assert [view(c, gid, token) for token in tokens] == before
        c.app.state.hub.live[gid].state.check_invariants()
    with client(sqlite_url) as c:
        for token, was in zip(tokens, before):
            now = view(c, gid, token)
            assert now["observation"] == was["observation"] and now["log"] == was["log"]
        assert c.get(f"/api/games/{gid}/spectate").json()["log"] == public["log"]
        c.app.state.hub.live[gid].state.check_invariants()


def test_an_entry_not_offered_is_refused_without_telling_the_deck(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "citadels", 2, referee=True)
        _enter_four(c, gid, tokens[0], "keep")
        r = _move(c, gid, tokens[0], "draw keep")  # Red holds the only Keep: it is not offered to Red
        assert r.status_code == 422 and r.json()["error"] == "server.chance_not_offered"
        assert "draw " not in r.json()["detail"]  # no outcome is listed: the legal ones are the deck's content


def test_a_chance_entry_taken_back_once_is_final(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        _take_gold_until_the_dice(c, gid, tokens)
        assert _move(c, gid, tokens[0], "roll 6 6 5").status_code == 200
        assert _undo(c, gid, tokens[1]).status_code == 200
        assert _move(c, gid, tokens[0], "roll 6 6 5").status_code == 200  # the same entry, again
        assert [view(c, gid, token)["can_undo"] for token in tokens] == [False, False]
        r = _undo(c, gid, tokens[0])
        assert r.status_code == 409 and r.json()["error"] == "server.undo_chance_once"


def test_after_one_correction_any_entry_at_that_position_stands(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        _take_gold_until_the_dice(c, gid, tokens)
        assert _move(c, gid, tokens[0], "roll 6 6 5").status_code == 200
        assert _undo(c, gid, tokens[0]).status_code == 200
        assert _move(c, gid, tokens[0], "roll 6 6 4").status_code == 200  # another entry: it stands too
        assert _undo(c, gid, tokens[1]).status_code == 409
    with client(sqlite_url) as c:  # the rule is rebuilt from the stored events
        assert view(c, gid, tokens[0])["can_undo"] is False


def test_taking_an_entry_back_spends_the_undoing_seats_undo_quota(sqlite_url: str) -> None:
    with client(sqlite_url, undo_burst=1, undo_rate=0.001) as c:
        gid, tokens = humans(c, "kingsburg", 2, referee=True)
        _take_gold_until_the_dice(c, gid, tokens)
        assert _move(c, gid, tokens[0], "roll 6 6 5").status_code == 200
        assert _undo(c, gid, tokens[1]).status_code == 200  # Blue's one undo
        assert _move(c, gid, tokens[0], "roll 6 6 4").status_code == 200
        assert _move(c, gid, tokens[1], "roll 1 1 1").status_code == 200  # Blue's own roll, next position
        r = _undo(c, gid, tokens[1])
        assert r.status_code == 429 and r.json()["error"] == "server.too_many_undos"
        assert _undo(c, gid, tokens[0]).status_code == 200  # Red's quota is its own
