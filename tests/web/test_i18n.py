"""The browser in Chinese and English (issue 18).

* The page's formatter (static/js/i18n.js ``t``) fills every message of the merged catalogue exactly as
  Python's ``meeple.core.i18n.render`` does, in both languages: terms, lists, plural forms, nested
  messages, core messages about a game, a placeholder without its argument. Run with node when there is
  one, else inside Chromium.
* A game of each kind opened with ``?lang=zh`` and played a few moves with the mouse shows no Latin word
  of three letters or more (the brand "meeple", the English button of the language switch and the name
  the test typed aside), no console error and no message id without a text; the switch back to English
  redraws the same game in English, in place; the choice is remembered, ``?lang=`` of an unknown
  language falls back quietly, and a browser that prefers Chinese gets Chinese.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import i18n

from .daily import by_default
from .play import start_game

STATIC = Path(meeple.__file__).resolve().parent / "web" / "static"
NODE = shutil.which("node")
LATIN = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
NAME = "Ming"  # the name the test types in the lobby: a player's own name is never translated
ALLOWED = {"meeple", NAME}
PLAYERS = {"citadels": 2, "kingsburg": 2, "versailles": 2, "gods-playground": 3, "cube-europe": 1}


# ---------------------------------------------------------------------------------------------- formatter
def _sample_key(namespace: str, kind: str) -> Any:
    """A key of the game's ``kind`` table in its Python type (list index or dict key), else None."""
    table = i18n.game_terms(namespace).get(kind)
    if table is None:
        return None
    if isinstance(table, dict):
        return next(iter(table)) if table else None
    return 0 if len(table) else None


def _args_for(message_id: str, text: str, n: int) -> dict[str, Any]:
    namespace = message_id.split(".", 1)[0]
    args: dict[str, Any] = {}
    for name in re.findall(r"\{(\w+)\}", text):
        if name == "n":
            args[name] = n
            continue
        kind = name.rstrip("0123456789_") or name
        key = _sample_key(namespace, kind)
        if key is None and kind.endswith("s"):
            one = _sample_key(namespace, kind[:-1])
            if one is not None:
                args[name] = [one, one]
                continue
        args[name] = key if key is not None else 7
    if "n" not in args:
        args["n"] = n
    return args


def formatter_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every message of both catalogues with arguments made for it (each plural one at n = 0, 1, 2), and
    hand-made cases: nested messages in a list, a core message naming a game, a missing argument."""
    en, zh = i18n.catalogue("en").messages, i18n.catalogue("zh").messages
    cases: list[tuple[str, dict[str, Any]]] = []
    for message_id in sorted(set(en) & set(zh)):
        entry = en[message_id]
        texts = entry if isinstance(entry, tuple) else (entry,)
        counts = (0, 1, 2) if isinstance(entry, tuple) else (3,)
        for n in counts:
            cases.append((message_id, _args_for(message_id, " ".join(texts), n)))
    msg = i18n.msg
    cases += [
        ("versailles.final_scores", {"scores": [msg("versailles.seat_score", seat=0, score=3),
                                                msg("versailles.seat_score", seat=1, score=15)]}),
        ("core.not_your_turn", {"seat": 1, "seats": [0, 2], "game": "citadels"}),
        ("core.not_your_turn", {"seat": 1}),  # {seats} stays as it is
        ("web.game.winners", {"n": 1, "seats": ["A"]}),
        ("web.game.winners", {"n": 2, "seats": ["A", "B"]}),
        ("web.versailles.workers", {"n": 1}),
        ("web.versailles.workers", {"n": 12}),
        ("citadels.builds", {"seat": 2, "district": "temple", "cost": 1}),
        ("web.board.choices", {"title": msg("web.versailles.move_to", location="x"), "n": 2}),
    ]
    return cases


_RUNNER = """
import { readFileSync } from "node:fs";
const mod = await import(process.argv[2]);
const data = JSON.parse(readFileSync(process.argv[3], "utf8"));
const out = {};
for (const [lang, cat] of Object.entries(data.catalogues)) {
  mod.use(cat, lang);
  out[lang] = data.cases.map(([id, args]) => mod.t(id, args));
}
process.stdout.write(JSON.stringify(out));
"""


def _js_outputs_node(payload: dict[str, Any], tmp_path: Path) -> dict[str, list[str]]:
    module = tmp_path / "i18n.mjs"
    module.write_text((STATIC / "js" / "i18n.js").read_text(encoding="utf-8"), encoding="utf-8")
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    runner = tmp_path / "run.mjs"
    runner.write_text(_RUNNER, encoding="utf-8")
    done = subprocess.run([NODE, str(runner), module.as_uri(), str(data)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _js_outputs_browser(payload: dict[str, Any], browser, server) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + "/static/css/meeple.css")
    out = page.evaluate("""async (data) => {
        const mod = await import("/static/js/i18n.js");
        const out = {};
        for (const [lang, cat] of Object.entries(data.catalogues)) {
          mod.use(cat, lang);
          out[lang] = data.cases.map(([id, args]) => mod.t(id, args));
        }
        return out;
    }""", payload)
    context.close()
    return out


def test_formatter_matches_python_render(tmp_path, request):  # type: ignore[no-untyped-def]
    cases = formatter_cases()
    assert len(cases) > 500
    payload = {"catalogues": {lang: i18n.catalogue_json(lang) for lang in ("en", "zh")},
               "cases": [[mid, args] for mid, args in cases]}
    if NODE:
        got = _js_outputs_node(payload, tmp_path)
    else:
        got = _js_outputs_browser(payload, request.getfixturevalue("browser"), request.getfixturevalue("server"))
    for lang in ("en", "zh"):
        wrong = [(mid, args, i18n.render(mid, args, lang), js)
                 for (mid, args), js in zip(cases, got[lang]) if i18n.render(mid, args, lang) != js]
        assert not wrong, f"{len(wrong)} messages differ in {lang}, e.g. {wrong[:5]}"
    # the hand-made cases say what they check
    i = {(mid, json.dumps(args, sort_keys=True)): k for k, (mid, args) in enumerate(cases)}

    def js(lang: str, mid: str, **args: Any) -> str:
        return got[lang][i[(mid, json.dumps(args, sort_keys=True))]]

    assert js("en", "web.versailles.workers", n=1) == "1 worker"
    assert js("en", "web.versailles.workers", n=12) == "12 workers"
    assert js("zh", "web.versailles.workers", n=12) == "12 个工人"
    assert js("zh", "citadels.builds", seat=2, district="temple", cost=1).startswith("绿方建造了神庙")
    assert "{seats}" in js("en", "core.not_your_turn", seat=1)
    scores = [i18n.msg("versailles.seat_score", seat=0, score=3), i18n.msg("versailles.seat_score", seat=1, score=15)]
    assert js("zh", "versailles.final_scores", scores=scores).count("、") == 1
    assert "Red" in js("en", "versailles.final_scores", scores=scores)


# ---------------------------------------------------------------------------------------------- the pages
def _visible_latin(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Latin words of 3+ letters on the page, each with its line (the language switch's own English
    button, the brand, the typed name and text marked as another language, e.g. the gallery's
    English game names, aside)."""
    text = page.evaluate("""() => {
        const aside = [document.getElementById('lang-switch'),
                       ...document.querySelectorAll('main [lang]:not([lang^="zh"])')].filter(Boolean);
        const before = aside.map((el) => el.style.display);
        aside.forEach((el) => { el.style.display = 'none'; });
        const t = document.body.innerText;
        aside.forEach((el, i) => { el.style.display = before[i]; });
        return t;
    }""")
    found = []
    for line in text.splitlines():
        for word in LATIN.findall(line):
            if word not in ALLOWED:
                found.append(f"{word!r} in {line.strip()[:160]!r}")
    return found


def _warnings(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [w for w in page.missing_ids]


@pytest.fixture
def zh_page(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.console_errors = []
    pg.missing_ids = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else
          (pg.missing_ids.append(m.text) if m.type == "warning" and "no text for message" in m.text else None))
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    yield pg
    context.close()


def _click_moves(page, moves: int, check) -> int:  # type: ignore[no-untyped-def]
    """Click ``moves`` moves with the mouse: a highlighted thing on the board when there is one, else the
    first button of the move list; ``check()`` after each."""
    done = 0
    for _ in range(moves * 20):
        if done >= moves or page.query_selector("#game-over"):
            break
        target = page.query_selector("#actions:not(.busy) button.action")
        if target is None:
            page.wait_for_timeout(50)
            continue
        on_board = page.query_selector("#board .legal:visible")  # a dormant target (data-needs) waits for its pick
        try:
            if on_board is not None and done % 2 == 0:
                on_board.click(timeout=2000)
                chooser = page.query_selector(".chooser button.action")
                if chooser is not None:
                    chooser.click(timeout=2000)
            else:
                target.click(timeout=2000)
        except Exception:  # the view was replaced under the click; look again
            continue
        done += 1
        page.wait_for_timeout(120)
        check()
    return done


def test_lobby_reads_in_chinese(zh_page, server):  # type: ignore[no-untyped-def]
    """Every game of the lobby's list with its options (help and choices) and seats, in Chinese."""
    page = zh_page
    page.goto(server + "/?lang=zh")
    page.wait_for_selector("#create")
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    seen: list[str] = []
    for game_id in sorted(meeple.games()):
        page.select_option("#game", game_id)
        info = meeple.games()[game_id]
        page.fill("#players", str(info.max_players))
        page.dispatch_event("#players", "change")
        seen += [f"{game_id}: {w}" for w in _visible_latin(page) if f"{game_id}: {w}" not in seen]
    assert seen == [], f"English in the Chinese lobby: {seen[:30]}"
    assert page.console_errors == [] and _warnings(page) == []


@pytest.mark.parametrize("game_id", by_default(sorted(PLAYERS), kept={"kingsburg"}))  # the others daily
def test_game_reads_in_chinese_and_switches_to_english(zh_page, server, game_id):  # type: ignore[no-untyped-def]
    page = zh_page
    if game_id not in meeple.games():
        pytest.skip(f"{game_id} is not registered")
    seen: list[str] = []
    start_game(page, server, game_id, PLAYERS[game_id], lang="zh", name=NAME)
    page.wait_for_selector("#actions button.action, #game-over")
    page.wait_for_timeout(300)

    def check() -> None:
        seen.extend(w for w in _visible_latin(page) if w not in seen)

    check()
    moves = _click_moves(page, 20, check)
    assert moves > 0
    assert seen == [], f"English on the Chinese {game_id} page: {seen[:30]}"
    assert page.console_errors == []
    assert _warnings(page) == []

    # the switch: the same game, in English, without leaving the page
    url = page.url
    before = page.inner_text("#log").count("\n")
    page.click("#lang-switch button[data-lang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => !/[\\u4e00-\\u9fff]/.test(document.getElementById('log').innerText)", timeout=15000)
    assert page.url.split("#")[1] == url.split("#")[1]
    assert page.inner_text("#log").count("\n") >= before
    main = page.inner_text("#main")
    assert not CJK.search(main), f"Chinese left on the English page: {CJK.findall(main)[:10]}"
    assert "Your move" in main and LATIN.search(page.inner_text("#log"))
    assert page.console_errors == []
    # and back: the URL's ?lang= follows the switch, so a reload keeps the language
    page.click("#lang-switch button[data-lang=zh]")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'")
    page.wait_for_timeout(500)
    assert "lang=zh" in page.url
    assert _visible_latin(page) == []


@pytest.mark.daily  # a whole game; test_game_reads_in_chinese_and_switches_to_english reads a board by default
def test_game_to_the_end_and_its_replay_in_chinese(zh_page, server):  # type: ignore[no-untyped-def]
    """Solo Cube Europe to the end in Chinese: the score summary, then the replay page."""
    from .play import play_to_end

    page = zh_page
    start_game(page, server, "cube-europe", 1, lang="zh")
    seen: list[str] = []
    moves = play_to_end(page)
    assert moves > 0
    summary = page.inner_text("#game-over")
    # solo: the rulebook's rank title and the score, never "nobody wins" (issue 41)
    assert "得分" in summary and "你的排名：" in summary and "无人获胜" not in summary
    seen += _visible_latin(page)
    page.click("#game-over a[href^='#/replay/']")
    page.wait_for_selector("#prev")
    page.click("#prev")
    page.wait_for_timeout(400)
    seen += _visible_latin(page)
    assert "回放" in page.inner_text("main")
    assert seen == [], f"English on the Chinese pages: {seen[:20]}"
    assert page.console_errors == [] and _warnings(page) == []
    # the replay switches too (same move, English words)
    page.click("#lang-switch button[data-lang=en]")
    page.wait_for_function("() => /Replay/.test(document.querySelector('main h1').innerText)")
    assert not CJK.search(page.inner_text("#main"))


def test_language_choice_is_remembered_and_unknown_codes_fall_back(browser, server):  # type: ignore[no-untyped-def]
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/?lang=zh")
    page.wait_for_selector("#create")
    assert "设置一局游戏" in page.inner_text("main")
    page.goto(server + "/")  # remembered
    page.wait_for_selector("#create")
    assert "设置一局游戏" in page.inner_text("main")
    page.click("#lang-switch button[data-lang=en]")  # the switch re-draws the lobby in place
    page.wait_for_function("() => /Set up a game/.test(document.querySelector('main').innerText)")
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert "Set up a game" in page.inner_text("main")
    page.goto(server + "/?lang=xx")  # quietly the remembered / default language
    page.wait_for_selector("#create")
    assert "Set up a game" in page.inner_text("main")
    assert errors == []
    context.close()
    # a browser that prefers Chinese gets Chinese without asking
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert "设置一局游戏" in page.inner_text("main")
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    context.close()


def test_lobby_switch_keeps_the_form(page, server):  # type: ignore[no-untyped-def]
    page.goto(server + "/?lang=en")
    page.wait_for_selector("#create")
    page.select_option("#game", "citadels")
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    page.select_option("#seat-2", "bot:random")
    page.fill("#player-name", NAME)
    page.click("#lang-switch button[data-lang=zh]")
    page.wait_for_function("() => /设置一局游戏/.test(document.querySelector('main').innerText)")
    assert page.input_value("#game") == "citadels"
    assert page.input_value("#players") == "4"
    assert page.input_value("#seat-2") == "bot:random"
    assert page.input_value("#player-name") == NAME
    assert page.console_errors == []
