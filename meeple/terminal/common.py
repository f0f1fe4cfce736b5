"""Helpers shared by the ``meeple`` subcommands: errors, game/option/seat parsing, boards, save files."""

from __future__ import annotations

import inspect
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

import meeple
from meeple.agents import AGENT_NAMES, game_module, make_agent
from meeple.core import CHANCE, Game, GameInfo, State, StateFormatError, UnknownGame, i18n
from meeple.core.i18n import Message, msg
from meeple.terminal.lang import current, rich, say

CLI_KEY = "meeple_cli"
"""Key under which a save file keeps the terminal's own settings (who is human, which bots)."""

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta", "bold cyan", "bold white")


class CliError(Exception):
    """A problem to report in one message, then exit with ``code`` (2: bad input, 1: bad file).

    ``message`` is a message id (its arguments as keywords) or a meeple error, said in the terminal's
    language: ``CliError("cli.no_save", 1, path="x.json")``."""

    def __init__(self, message: str | Message | Exception, code: int = 2, **args: Any) -> None:
        if isinstance(message, Exception):
            inner = getattr(message, "message", None)
            message = inner if isinstance(inner, Message) else Message("core.text", {"text": str(message)})
        elif isinstance(message, str):
            message = Message(message, args) if i18n.is_message_id(message) else Message("core.text", {"text": message})
        super().__init__(str(message))
        self.message = message
        self.code = code

    def render(self, lang: str | None = None) -> str:
        return self.message.render(lang or current())


def make_console(**kwargs: Any) -> Console:
    return Console(highlight=False, **kwargs)


def error_console() -> Console:
    return Console(stderr=True, highlight=False)


# ---------------------------------------------------------------------------- games and options
def game_info(game_id: str) -> GameInfo:
    """The registered game ``game_id``, or a CliError listing the games."""
    registry = meeple.games()
    if game_id not in registry:
        raise CliError("core.unknown_game", value=repr(game_id), games=", ".join(registry) or "-")
    return registry[game_id]


def players_text(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}–{info.max_players}"


def options_text(info: GameInfo) -> str:
    if not info.options:
        return say("cli.none")
    parts = []
    for opt in info.options:
        choices = "|".join(str(c) for c in opt.choices)
        parts.append(f"{opt.name}={opt.default}" + (f" ({choices})" if choices else ""))
    return ", ".join(parts)


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(raw: str, default: Any, choices: tuple[Any, ...]) -> Any:
    text = raw.strip()
    for choice in choices:
        if str(choice).lower() == text.lower():
            return choice
        if isinstance(choice, bool) and text.lower() in (_TRUE if choice else _FALSE):
            return choice
    if isinstance(default, bool):
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        return text
    for kind in (int, float):
        if isinstance(default, kind):
            try:
                return kind(text)
            except ValueError:
                return text
    return text


def parse_options(info: GameInfo, items: list[str] | None) -> dict[str, Any]:
    """``["name=value", ...]`` → typed option values (``meeple.load`` validates them)."""
    known = {o.name: o for o in info.options}
    out: dict[str, Any] = {}
    for item in items or []:
        if "=" not in item:
            raise CliError("cli.option_form", value=repr(item), title=i18n.title(info.id, info.name), options=options_text(info))
        name, raw = item.split("=", 1)
        key = name.strip().replace("-", "_")
        opt = known.get(key)
        out[key] = _coerce(raw, opt.default, opt.choices) if opt else raw
    return out


def load_game(game_id: str, players: int | None, option_items: list[str] | None) -> Game:
    info = game_info(game_id)
    options = parse_options(info, option_items)
    try:
        return meeple.load(game_id, players=players, **options)
    except UnknownGame as exc:
        if exc.message is not None and exc.message.id == "core.bad_player_count":
            span = f"{info.min_players}" + (f"..{info.max_players}" if info.max_players > info.min_players else "")
            raise CliError("cli.player_count_hint", error=exc.message.to_json(), span=span) from None
        raise CliError(exc) from None


def check_agent_names(game_id: str, names: list[str]) -> None:
    """Every name must make an agent for this game (``meeple.agents.make_agent`` says what is valid)."""
    for name in dict.fromkeys(names):
        try:
            make_agent(name, game_id=game_id, seed=0)
        except UnknownGame as exc:
            raise CliError(exc) from None
        except (ImportError, AttributeError):
            others = [a for a in AGENT_NAMES if a != name]
            raise CliError("cli.no_agent", title=i18n.title(game_id, game_id), agent=repr(name), agents=", ".join(others)) from None


def default_agent(game_id: str) -> str:
    try:
        make_agent("easy", game_id=game_id, seed=0)
        return "easy"
    except (ImportError, AttributeError, UnknownGame):
        return "random"


def split_names(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def parse_seat(text: str, game: Game) -> int:
    """A seat typed by a person: its number from 1, or its name in either language ("Red", "红方")."""
    n = game.players
    t = text.strip()
    if t.isdigit() and 1 <= int(t) <= n:
        return int(t) - 1
    for p in range(n):
        names = {game.seat_name(p).lower()} | {(i18n.term(game.id, "seat", p, lang) or "").lower() for lang in i18n.LANGUAGES}
        if t.lower() in names:
            return p
    lang = current()
    listed = ", ".join(f"{p + 1} ({i18n.term(game.id, 'seat', p, lang) or game.seat_name(p)})" for p in range(n))
    raise CliError("cli.no_seat", value=repr(text), n=n, seats=listed)


# ---------------------------------------------------------------------------- drawing
def seat_label(state: State, player: int | None, you: set[int] | None = None) -> Text:
    lang = current()
    if player is None:
        return Text(state.player_name(None, lang), style="dim")
    if player == CHANCE:
        return Text(state.player_name(CHANCE, lang), style="bold magenta")
    text = Text(state.player_name(player, lang), style=SEAT_STYLES[player % len(SEAT_STYLES)])
    if you and player in you and len(you) == 1:
        text.append(say("cli.you_mark"), style="dim")
    return text


def board(state: State, player: int | None) -> RenderableType:
    """The game's own view of ``state`` for ``player``; the observation itself if the game has no view."""
    viewer = None if player == CHANCE else player
    try:
        view = game_module(state.game.id, "view")
    except ImportError:
        return Pretty(state.observation(viewer))
    try:
        if "lang" in inspect.signature(view.render).parameters:
            return view.render(state, viewer, lang=current())
        return view.render(state, viewer)  # a plug-in's view that speaks one language
    except Exception as exc:  # a broken view must not lose the game in progress
        return Text.assemble((say("cli.view_failed", error=repr(exc)) + "\n", "red"), Text(json.dumps(state.observation(viewer))))


def score_table(state: State, you: set[int] | None = None, final: bool = False) -> Table:
    scores = state.scores()
    winners = set(state.winners()) if final else set()
    mark = final and state.players > 1
    table = Table(title=say("cli.final_score") if final else say("cli.score_so_far"), title_justify="left")
    table.add_column(say("cli.col_seat"))
    table.add_column(say("cli.col_score"), justify="right")
    if mark:
        table.add_column("")
    for p in range(state.players):
        row: list[Any] = [seat_label(state, p, you), f"{scores[p]:g}"]
        if mark:
            row.append(Text(say("cli.winner"), style="bold green") if p in winners else "")
        table.add_row(*row)
    return table


def winners_text(state: State) -> Text:
    winners = state.winners()
    if not winners:
        if state.players == 1:
            return Text(say("cli.game_lost"), style="bold red")
        return Text(say("cli.nobody_wins"), style="bold")
    if state.players == 1:
        return Text(say("cli.you_win"), style="bold green")
    names = Text(say("cli.list_separator")).join(seat_label(state, p) for p in winners)
    return rich("cli.wins", seats=names) if len(winners) == 1 else rich("cli.share_win", seats=names)


# ---------------------------------------------------------------------------- save files
def read_save(path: str | os.PathLike[str]) -> tuple[State, dict[str, Any]]:
    """Load a saved game; a missing, non-JSON or malformed file raises CliError (code 1) naming the fault."""
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError("cli.no_save", 1, path=str(p)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError("cli.cannot_read", 1, path=str(p), reason=str(exc)) from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise CliError("cli.save_not_json", 1, path=str(p), reason=exc.msg, line=exc.lineno, column=exc.colno) from None
    if not isinstance(data, dict):
        raise CliError("cli.save_not_object", 1, path=str(p), kind=type(data).__name__)
    data = dict(data)
    settings = data.pop(CLI_KEY, None)
    try:
        state = meeple.from_json(data)
    except StateFormatError as exc:
        reason = exc.message.to_json() if exc.message is not None else str(exc)
        older = exc.message is not None and exc.message.id in ("core.save_mismatch", "core.save_entry_illegal")
        raise CliError("cli.bad_save_older", 1, path=str(p), reason=reason) if older else \
            CliError("cli.bad_save", 1, path=str(p), reason=reason) from None
    return state, settings if isinstance(settings, dict) else {}


def write_save(path: str | os.PathLike[str], state: State, settings: dict[str, Any] | None = None) -> Path:
    """Save ``state`` (plus the terminal's settings) as JSON, atomically: a crash never leaves half a file."""
    target = Path(path)
    data = state.to_json()
    if settings:
        data[CLI_KEY] = settings
    directory = target.parent if str(target.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return target


def default_save_path(state: State) -> Path:
    """``meeple-<game>-<seed>.json`` in the current directory, numbered so no other file is overwritten."""
    base = f"meeple-{state.game.id}-{state.seed}"
    path = Path(f"{base}.json")
    k = 2
    while path.exists():
        path = Path(f"{base}-{k}.json")
        k += 1
    return path
