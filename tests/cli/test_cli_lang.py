"""The terminal in Chinese and English (issue 18): ``--lang`` anywhere, ``MEEPLE_LANG``, the locale; an
unknown language is exit code 2 naming the available ones."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from meeple import cli
from meeple.core.i18n import LANGUAGES

HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
runner = CliRunner()


@pytest.fixture(autouse=True)
def _no_language_from_the_environment(monkeypatch: pytest.MonkeyPatch):
    for var in ("MEEPLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    yield
    cli.translate_help("en")


class Result:
    def __init__(self, exit_code: int, output: str) -> None:
        self.exit_code, self.output = exit_code, output


def _main(argv: list[str], input: str | None, env: dict[str, str] | None) -> Result:
    """``meeple ARGV`` through the console script's own entry point (which takes --lang from anywhere)."""
    with runner.isolation(input=input, env=env) as streams:
        try:
            cli.main(argv)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0
        output = streams[0].getvalue().decode()
    return Result(code, output)


def test_take_language_finds_the_flag_anywhere() -> None:
    assert cli.take_language(["rules", "citadels", "--lang", "zh"]) == ("zh", ["rules", "citadels"])
    assert cli.take_language(["--lang=zh", "list"]) == ("zh", ["list"])
    assert cli.take_language(["play", "--", "--lang", "zh"]) == (None, ["play", "--", "--lang", "zh"])


def test_list_in_chinese_names_the_games_as_the_rulebooks_do() -> None:
    result = _main(["--lang", "zh", "list"], None, None)
    assert result.exit_code == 0
    for name in ("富饶之城", "帝王堡", "凡尔赛", "方块欧洲"):
        assert name in result.output
    english = _main(["list"], None, None)
    assert "Citadels" in english.output and "富饶之城" not in english.output


def test_meeple_lang_and_the_locale_choose_when_no_flag_is_given() -> None:
    assert "富饶之城" in _main(["list"], None, {"MEEPLE_LANG": "zh"}).output
    assert "富饶之城" in _main(["list"], None, {"LANG": "zh_CN.UTF-8"}).output
    assert "Citadels" in _main(["list", "--lang", "en"], None, {"MEEPLE_LANG": "zh"}).output


@pytest.mark.parametrize("argv", [["--lang", "fr", "list"], ["list", "--lang=xx"]])
def test_an_unknown_language_exits_2_naming_the_available_ones(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2


def test_an_unknown_language_message_lists_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr", "list"])
    err = capsys.readouterr().err
    assert all(code in err for code in LANGUAGES) and "fr" in err


def test_rules_in_chinese_print_the_chinese_document() -> None:
    result = _main(["rules", "citadels", "--lang", "zh", "--raw"], None, None)
    assert result.exit_code == 0 and "假设（Assumptions）" in result.output
    assert "## Assumptions" in _main(["rules", "citadels", "--raw"], None, None).output


def test_help_is_translated() -> None:
    result = _main(["--lang", "zh", "play", "--help"], None, None)
    assert result.exit_code == 0 and "你的座位" in result.output
    assert "Your seat" in _main(["play", "--help"], None, None).output


def test_a_game_in_chinese_shows_no_english_words() -> None:
    """Play Cube Europe solo for a few actions and quit: every line on screen is Chinese, apart from
    command names quoted as what a player types, paths and the compact action notation."""
    result = _main(["--lang", "zh", "play", "cube-europe", "--seed", "3", "--players", "1"], "1\n1\n1\n退出\n", None)
    assert result.exit_code == 0, result.output
    assert "对局已保存到" in result.output and "你可以：" in result.output
    allowed = {"meeple", "play", "load", "json"}
    for line in result.output.splitlines():
        words = [w for w in LATIN_WORD.findall(re.sub(r"\S+\.json", "", line)) if w.lower() not in allowed]
        # the menu shows each action's notation after its sentence, in the action list only
        if words and not re.search(r"^\s*\d+\s", line):
            raise AssertionError(f"English on a Chinese screen: {line!r} ({words})")


def test_seats_may_be_named_in_either_language() -> None:
    from meeple.terminal.common import parse_seat

    import meeple

    game = meeple.load("versailles", players=3)
    assert parse_seat("蓝方", game) == parse_seat("Blue", game) == parse_seat("2", game) == 1


def test_the_ladder_in_chinese() -> None:
    """The bots' levels by their Chinese names, each with its sentence, in the game's opening lines and --help."""
    result = _main(["--lang", "zh", "play", "toy-dice", "--players", "3", "--seed", "5", "--opponents", "random,hard"],
                   "quit\n", None)
    assert "random（新手）——随机走合法的一步" in result.output and "hard（困难）——搜索最久，每步至多 3 秒" in result.output
    helped = "".join(_main(["--lang", "zh", "play", "--help"], None, None).output.replace("│", " ").split())
    assert helped.index("random（新手") < helped.index("easy（简单") < helped.index("normal（普通") < helped.index("hard（困难")
