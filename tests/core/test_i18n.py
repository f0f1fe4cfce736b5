"""The message machinery (meeple.core.i18n): languages, rendering, plurals, nesting, catalogues."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from meeple.core import IllegalAction, i18n
from meeple.core.i18n import Message, UnknownLanguage, msg, render

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("code", "lang"), [("en", "en"), ("zh", "zh"), ("zh-CN", "zh"), ("zh_CN", "zh"),
                                             ("ZH-Hans", "zh"), (" en-GB ", "en"), (None, "en")])
def test_language_codes_are_normalised(code: str | None, lang: str) -> None:
    assert i18n.language(code) == lang


@pytest.mark.parametrize("code", ["fr", "", "zh-TW-x", "english please", 3])
def test_an_unknown_language_is_refused_with_the_list(code: object) -> None:
    with pytest.raises(UnknownLanguage) as info:
        i18n.language(code)  # type: ignore[arg-type]
    assert "en (English)" in str(info.value) and "zh (简体中文)" in str(info.value)


def test_accept_language_picks_the_best_language_meeple_speaks() -> None:
    assert i18n.from_accept_language("fr-FR,zh-CN;q=0.8,en;q=0.5") == "zh"
    assert i18n.from_accept_language("en;q=0.4,zh;q=0.9") == "zh"
    assert i18n.from_accept_language("zh;q=0,en") == "en"
    assert i18n.from_accept_language("fr, de") is None
    assert i18n.from_accept_language("zh;q=nonsense, en;q=0.5") == "en"
    assert i18n.from_accept_language(None) is None


def test_the_terminal_language_comes_from_flag_then_environment_then_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("MEEPLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.terminal_language() == "en"
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert i18n.terminal_language() == "zh"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.terminal_language() == "en"  # a locale meeple does not speak: English, quietly
    monkeypatch.setenv("MEEPLE_LANG", "zh")
    assert i18n.terminal_language() == "zh"
    assert i18n.terminal_language("en") == "en"
    monkeypatch.setenv("MEEPLE_LANG", "klingon")
    with pytest.raises(UnknownLanguage):  # a typo in the variable is said, not hidden
        i18n.terminal_language()


def test_placeholders_are_filled_and_a_missing_argument_stays_visible() -> None:
    assert render("cli.saved_to", {"path": "a.json"}, "en") == "Saved to a.json."
    assert render("cli.saved_to", {"path": "a.json"}, "zh") == "已保存到 a.json。"
    assert render("cli.saved_to", {}, "en") == "Saved to {path}."


def test_plural_forms_follow_the_catalogue_rule() -> None:
    one = render("cli.earlier_lines", {"n": 1}, "en")
    two = render("cli.earlier_lines", {"n": 2}, "en")
    assert "1 earlier line " in one and "2 earlier lines " in two
    assert render("cli.earlier_lines", {"n": 1}, "zh") == render("cli.earlier_lines", {"n": 1}, "zh")
    assert "之前还有 5 条" in render("cli.earlier_lines", {"n": 5}, "zh")
    assert i18n.catalogue("en").plural_forms.startswith("nplurals=2")
    assert i18n.catalogue("zh").plural_forms.startswith("nplurals=1")


def test_nested_messages_lists_and_seats_render_in_the_readers_language() -> None:
    args = {"error": msg("core.game_over"), "span": "2..5"}
    assert render("cli.player_count_hint", args, "en") == "the game is over; no more actions (use --players 2..5)"
    assert render("cli.player_count_hint", args, "zh") == "对局已经结束，不能再行动（请用 --players 2..5）"
    seats = {"game": "versailles", "seat": 1, "seats": [0, 2]}
    assert render("core.not_your_turn", seats, "en") == "it is not Blue's turn; waiting for Red, Green"
    assert render("core.not_your_turn", seats, "zh") == "现在不是蓝方的回合；正在等待红方、绿方"
    assert render("core.not_your_turn", {"game": "versailles", "seat": -1, "seats": [9]}, "en") == \
        "it is not chance's turn; waiting for Player 10"


def test_a_missing_message_falls_back_to_english_then_shows_its_id() -> None:
    assert render("cli.help.play", None, "en") == "cli.help.play"  # a Chinese-only id (its English is the code's)
    assert render("nowhere.to_be_found", {"n": 1}, "zh") == "nowhere.to_be_found {'n': 1}"


def test_messages_and_errors_say_themselves_in_each_language() -> None:
    message = Message("core.game_over", {})
    assert str(message) == "the game is over; no more actions" and message.render("zh") == "对局已经结束，不能再行动"
    error = IllegalAction("core.bad_seed", value="'x'")
    assert str(error) == "seed must be an integer, not 'x'" and error.render("zh") == "种子必须是整数，而不是 'x'"
    assert error.message == Message("core.bad_seed", {"value": "'x'"})
    plain = IllegalAction("a plug-in's own sentence")
    assert plain.message is None and str(plain) == plain.render("zh") == "a plug-in's own sentence"


def test_the_catalogue_json_carries_messages_plurals_and_every_games_terms() -> None:
    data = i18n.catalogue_json("zh")
    assert data["lang"] == "zh" and data["languages"] == i18n.LANGUAGES and data["list_separator"] == "、"
    assert data["messages"]["core.game_over"] == "对局已经结束，不能再行动"
    assert isinstance(data["messages"]["cli.earlier_lines"], list) and len(data["messages"]["cli.earlier_lines"]) == 1
    assert len(i18n.catalogue_json("en")["messages"]["cli.earlier_lines"]) == 2
    assert set(data["terms"]) >= {"citadels", "kingsburg", "versailles", "gods-playground", "cube-europe"}


def test_every_catalogue_is_complete_in_both_languages() -> None:
    """``tools/catalogues.py check``: every id the code names has text in English and Chinese, the same
    placeholders in both, and the right number of plural forms."""
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "catalogues.py"), "check"],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:]


def test_a_plug_in_adds_its_own_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``add_locale_dir``: a package outside meeple brings its words in both languages."""
    for lang, text in (("en", "The dragon wakes."), ("zh", "巨龙醒了。")):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "dragons.po").write_text(f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                                           f'msgid "dragons.wakes"\nmsgstr "{text}"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "_EXTRA_DIRS", [])
    monkeypatch.setattr(i18n, "_CATALOGUES", {})
    assert not i18n.has("dragons.wakes", "zh")
    i18n.add_locale_dir(tmp_path)
    assert render("dragons.wakes", None, "zh") == "巨龙醒了。" and render("dragons.wakes", None, "en") == "The dragon wakes."
