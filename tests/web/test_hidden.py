"""Two people, two browsers, one Citadels game: neither page ever shows the other's hand."""

import json
import time

import pytest

import meeple

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")


def _my_view(page, gid):
    return page.evaluate(
        """async (gid) => {
            const seat = JSON.parse(localStorage.getItem('meeple.seats'))[gid];
            const r = await fetch(`/api/games/${gid}/view`, {headers: {Authorization: `Bearer ${seat.token}`}});
            return await r.json();
        }""", gid)


@pytest.mark.parametrize("most_moves", [60, pytest.param(None, marks=pytest.mark.daily)], ids=["60-moves", "whole-game"])
def test_two_browsers_never_see_each_others_hand(browser, server, most_moves):
    """By default the first 60 moves (the drafts and turns of the first rounds, a check every 5); daily a whole game."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    a, b = a_ctx.new_page(), b_ctx.new_page()
    errors = []
    for pg in (a, b):
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    a.goto(server + "/")
    a.wait_for_selector("#create")
    a.select_option("#game", "citadels")
    a.fill("#players", "2")
    a.dispatch_event("#players", "change")
    a.select_option("#seat-1", "human")
    a.click("#create")
    link = a.wait_for_selector(".invite-link").input_value()
    gid = link.split("#/join/")[1].split("/")[0]
    a.click("text=Go to the game")
    b.goto(link)
    b.fill("#join-name", "Bea")  # an invited person names themselves before joining
    b.click("#join-button")
    for pg in (a, b):
        pg.wait_for_selector("#status")
    checks = moves = 0
    deadline = time.time() + 300
    while time.time() < deadline:
        if a.query_selector("#game-over") and b.query_selector("#game-over"):
            break
        if most_moves is not None and moves >= most_moves:
            break
        for me, other in ((a, b), (b, a)):
            button = me.query_selector("#actions:not(.busy) button.action")
            if button is None:
                continue
            try:
                button.click(timeout=2000)
                moves += 1
            except Exception:
                continue
            if moves % 5 == 0:
                me.wait_for_timeout(150)
                mine, theirs = _my_view(me, gid), _my_view(other, gid)
                known = json.dumps(mine).lower()
                text = me.inner_text("main").lower()
                for card in theirs["observation"]["hand"]:
                    if card.lower() not in known:
                        assert card.lower().replace("_", " ") not in text and card.lower() not in text, \
                            f"{card} from the other hand is on this page"
                checks += 1
        a.wait_for_timeout(20)
    if most_moves is None:
        assert a.query_selector("#game-over") and b.query_selector("#game-over")
    else:
        assert moves >= most_moves, f"only {moves} moves in 300 s"
    assert checks >= 5 and errors == []
    a_ctx.close()
    b_ctx.close()
