"""God's Playground's board shows the king's dice and the last battle while they are news (issue 41), seen on
the guided game's positions (``#/learn/gods-playground``, any step shown from localStorage 'meeple.learn'):

* the last battle's dice tray (``.gp-battle``) stays on its province only until a later phase begins or the
  round ends: it was still drawn over its province's cubes in round 2's nobles phase;
* the "King's dice" panel shows this round's latest king roll, phase 5's or phase 11's, with what each die
  did: it said "not rolled yet this round" in phases 11 and 12 after the enemies' attack dice, and in
  phases 8-10 once a treaty's price die had been rolled.

The steps are found from the scenario's positions (not by number), so a changed scenario moves them along.
Screens are kept in SHOTS to look at (not compared)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import meeple
from meeple.core import i18n
from meeple.learn import scenario, shown_from

pytestmark = pytest.mark.skipif("gods-playground" not in meeple.games(), reason="God's Playground is not registered")

GAME = "gods-playground"
SHOTS = Path("/tmp/gp-news-shots")
SIZES = {"1280": {"viewport": {"width": 1280, "height": 900}},
         "360": {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}}


def _view(k: int) -> dict:
    from meeple.server.services.learn import step_view

    return step_view(GAME, k)


def _first_shown(test: Callable[[dict, list[str]], bool]) -> dict:
    """The first shown step whose view passes ``test(observation, event ids)``."""
    lesson = scenario(GAME)
    k = shown_from(lesson, 0)
    while k < len(lesson.steps):
        step = _view(k)
        view = step["view"]
        if test(view["observation"], [event_id for event_id, _ in view["events"]]):
            return step
        k = shown_from(lesson, k + 1)
    raise AssertionError("the guided game has no such step")


def _log(name: str) -> str:
    return f"gods-playground.log.{name}"


def _open(browser, server: str, step: dict, size: str, lang: str = "en"):
    """A page at ``size`` showing the guided game's ``step``."""
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.goto(f"{server}/?lang={lang}#/learn/{GAME}")  # the first step (it keeps step 0) …
    page.wait_for_selector("[data-learn-count]")
    page.evaluate("(saved) => localStorage.setItem('meeple.learn', saved)", json.dumps({GAME: step["step"]}))
    page.reload()                                           # … then the kept step
    count = i18n.render("web.learn.step", {"n": step["number"], "total": step["total"]}, lang)
    page.wait_for_function("(text) => (document.querySelector('[data-learn-count]') || {}).textContent === text", arg=count)
    page.wait_for_selector("[data-board] .gp-king-dice")
    return context, page


def _shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _trays(page) -> list[str]:
    return page.eval_on_selector_all("[data-board] .gp-battle", "els => els.map((e) => e.dataset.battle)")


def _king_dice(page) -> dict:
    return page.eval_on_selector("[data-board] .gp-king-dice", """g => ({
        roll: g.dataset.kingRoll || null, text: g.textContent,
        dice: [...g.querySelectorAll('[data-piece=die]')].map((d) => ({ face: Number(d.dataset.face), did: d.dataset.did,
                                                                       tip: d.getAttribute('data-tip') })) })""")


# ---------------------------------------------------------------- the last battle's tray


@pytest.mark.parametrize("size", [pytest.param("1280", marks=pytest.mark.daily), "360"])
def test_the_last_battle_is_shown_while_it_is_news_and_gone_in_the_next_round(browser, server, size):
    # round 1, phase 12: the defence against the invaders (phase 11) just ended, nothing has happened since
    fresh = _first_shown(lambda o, ids: o["phase"] == 12 and ids[-1] == _log("battle_over"))
    province = fresh["view"]["events"][-1][1]["province"]
    context, page = _open(browser, server, fresh, size)
    _shoot(page, f"battle-fresh-{size}")
    assert _trays(page) == [str(province)]
    assert page.locator(f"[data-board] [data-battle='{province}'] [data-piece=die]").count() >= 1
    # the tray holds its line of words (it was cut off beside two dice)
    text, tray = page.eval_on_selector(f"[data-board] [data-battle='{province}']", """g => [
        g.querySelector('text').getBBox().width, g.querySelector('.battle-tray').getBBox().width]""")
    assert text + 10 <= tray, (text, tray)
    context.close()

    # round 2's nobles phase: round 1's battles are over and done with (the tray covered the province's cubes)
    later = _first_shown(lambda o, ids: o["round"] == 2 and o["phase"] == 2 and _log("battle_over") in ids)
    context, page = _open(browser, server, later, size)
    _shoot(page, f"battle-round2-{size}")
    assert page.locator("[data-board] [data-province]").count() >= 5  # the board is drawn …
    assert _trays(page) == []                                          # … without a battle
    assert page.console_errors == []
    context.close()


def test_a_campaign_is_no_longer_shown_once_the_enemies_attack(browser, server):
    # phase 11: the king's attack dice are rolled after phase 10's campaign; the defence has not ended yet
    step = _first_shown(lambda o, ids: o["phase"] == 11 and _log("attack_dice") in ids and _log("campaigns") in ids
                        and ids[-1] != _log("battle_over"))
    context, page = _open(browser, server, step, "1280")
    assert _trays(page) == []
    assert page.console_errors == []
    context.close()


# ---------------------------------------------------------------- the king's dice


def _attack(step: dict) -> tuple[list[int], int]:
    """Phase 11's dice, and the enemy that kept its treaty (-1: none)."""
    events = step["view"]["events"]
    dice = next(args["dice"] for event_id, args in events if event_id == _log("attack_dice"))
    kept = next((args["enemy"] for event_id, args in events if event_id == _log("keeps_treaty")), -1)
    return dice, kept


@pytest.mark.parametrize("size", [pytest.param("1280", marks=pytest.mark.daily), "360"])
def test_the_king_s_dice_show_the_enemies_attack_in_phases_11_and_12(browser, server, size):
    step = _first_shown(lambda o, ids: o["phase"] == 12 and _log("attack_dice") in ids)
    assert step["view"]["observation"]["dice"] == []  # the observation has forgotten them: the events tell
    dice, kept = _attack(step)
    context, page = _open(browser, server, step, size)
    _shoot(page, f"king-dice-phase12-{size}")
    panel = _king_dice(page)
    assert panel["roll"] == "11" and "not rolled yet" not in panel["text"]
    assert [d["face"] for d in panel["dice"]] == dice
    # round 1 (enemy cubes to spare, no Cossack to lose): a 1-5 strengthens its enemy unless it keeps the
    # treaty, a 6 does nothing
    assert [d["did"] for d in panel["dice"]] == ["treaty" if d - 1 == kept else "cube" if d <= 5 else "nothing" for d in dice]
    assert kept >= 0 and "treaty" in panel["text"]
    cube = next(d for d in panel["dice"] if d["did"] == "cube")
    assert "gain a strength cube (strength " in cube["tip"], cube
    assert page.console_errors == []
    context.close()


def test_the_king_s_dice_show_the_attack_in_chinese(browser, server):
    step = _first_shown(lambda o, ids: o["phase"] == 11 and _log("attack_dice") in ids)
    context, page = _open(browser, server, step, "1280", lang="zh")
    _shoot(page, "king-dice-phase11-zh-1280")
    panel = _king_dice(page)
    assert panel["roll"] == "11" and "阶段 11" in panel["text"] and "敌人入侵" in panel["text"]
    assert "和约" in panel["text"] and "本轮尚未掷骰" not in panel["text"]
    assert any("增加1个强大点数方块" in d["tip"] for d in panel["dice"])
    # each word under a die keeps to its die's 56 units (哈布斯堡帝国 ran into its neighbour's)
    widths = page.eval_on_selector_all("[data-board] .gp-king-dice text[text-anchor=middle]", "els => els.map((e) => e.getBBox().width)")
    assert len(widths) == len(panel["dice"]) and max(widths) <= 56, widths
    assert page.console_errors == []
    context.close()


def test_the_events_dice_stay_shown_after_a_treaty_s_price_is_rolled(browser, server):
    # phase 8: a treaty's price die was rolled (the observation's dice are emptied) after phase 5's events
    step = _first_shown(lambda o, ids: o["phase"] == 8 and _log("treaty_paid") in ids)
    assert step["view"]["observation"]["dice"] == []
    events = next(args["dice"] for event_id, args in step["view"]["events"] if event_id == _log("events"))
    context, page = _open(browser, server, step, "1280")
    panel = _king_dice(page)
    assert panel["roll"] == "5" and [d["face"] for d in panel["dice"]] == events
    assert all(d["did"] == ("cube" if d["face"] <= 5 else "nothing") for d in panel["dice"]), panel
    context.close()


def test_a_new_round_s_dice_are_not_rolled_yet(browser, server):
    step = _first_shown(lambda o, ids: o["round"] == 2 and o["phase"] < 5)
    context, page = _open(browser, server, step, "1280")
    panel = _king_dice(page)
    assert panel["roll"] is None and panel["dice"] == [] and "not rolled yet this round" in panel["text"]
    context.close()
