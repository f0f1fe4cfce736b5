"""Table chat (issue 40): what a line may say, the quick phrases, and how fast a seat may talk.

A line is either **free text** (shown to every reader exactly as typed) or a **quick phrase** (stored as
its id, shown to each reader in the reader's own language: a Chinese and an English player can greet
each other). Nothing here touches a game's state: a chat line is never a move.

>>> checked_line(" Hi there ", None)
('text', 'Hi there')
>>> checked_line(None, "good_game")
('phrase', 'good_game')
"""

from __future__ import annotations

import unicodedata
from collections import deque
from collections.abc import Hashable
from typing import Any

from meeple.server.errors import Unprocessable

MAX_CHARS = 300
"""The longest line, in characters (Unicode code points after NFC normalisation); longer is refused, never cut."""
WINDOW_SECONDS = 10.0
PER_WINDOW = 5
"""A seat may say at most ``PER_WINDOW`` lines in any ``WINDOW_SECONDS`` seconds (per game)."""
GAME_CAP = 1000
"""Lines stored per game at most; past it the game's chat is full (409)."""
SEAT_CAP = 300
"""Lines one seat may store in one game at most (so one seat cannot fill the game's chat alone)."""
HISTORY_LIMIT = 200
"""The most lines one ``GET …/chat`` returns (the newest first chosen, then listed oldest first)."""

QUICK_PHRASES = ("hello", "good_luck", "your_turn", "one_moment", "thanks", "well_played", "good_game")
"""The quick phrases' ids, in the order the board offers them; each is ``web.chat.phrase.<id>`` in the
catalogues of every language."""

TEXT, PHRASE = "text", "phrase"

# Characters a line may not hold: every control character (C0, C1, DEL: a line is one line), lone
# surrogates, unassigned code points, private use, the line and paragraph separators, and the
# bidirectional embeddings, overrides and isolates (they could reverse how the rest of the page reads).
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Cn", "Co", "Zl", "Zp"})
_BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def phrase_id(phrase: str) -> str:
    """The catalogue id of a quick phrase: ``web.chat.phrase.<phrase>``."""
    return f"web.chat.phrase.{phrase}"


def _refused_char(text: str) -> str | None:
    for ch in text:
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return ch
    return None


def checked_text(value: Any) -> str:
    """A free-text line as stored: NFC-normalised, spaces at either end dropped; Unprocessable (with its
    message id) for anything that is not text, holds a refused character, is blank or too long."""
    if not isinstance(value, str):
        raise Unprocessable("server.chat_not_text")
    if len(value) > 4 * MAX_CHARS:  # refused before any work on it (NFC never shortens this much)
        raise Unprocessable("server.chat_too_long", args={"limit": MAX_CHARS, "length": len(value)})
    text = unicodedata.normalize("NFC", value)
    bad = _refused_char(text)
    if bad is not None:
        raise Unprocessable("server.chat_control", args={"code": f"U+{ord(bad):04X}"})
    text = text.strip()
    if not text:
        raise Unprocessable("server.chat_blank")
    if len(text) > MAX_CHARS:
        raise Unprocessable("server.chat_too_long", args={"limit": MAX_CHARS, "length": len(text)})
    return text


def checked_line(text: Any, phrase: Any) -> tuple[str, str]:
    """``(kind, body)`` of a line asked for: ``("text", the text)`` or ``("phrase", its id)``; exactly one
    of ``text`` and ``phrase`` must be given. Unprocessable, with a message id, otherwise."""
    if (text is None) == (phrase is None):
        raise Unprocessable("server.chat_text_or_phrase")
    if phrase is not None:
        if not isinstance(phrase, str) or phrase not in QUICK_PHRASES:
            raise Unprocessable("server.chat_unknown_phrase", args={"phrases": ", ".join(QUICK_PHRASES)},
                                phrases=list(QUICK_PHRASES))
        return PHRASE, phrase
    return TEXT, checked_text(text)


class SlidingWindow:
    """At most ``limit`` events per key in any ``seconds`` seconds, remembered in memory (a first, cheap
    gate: the database's count is the rule across processes). The table is bounded: past ``max_keys``
    the keys whose last event is oldest are forgotten first."""

    def __init__(self, limit: int = PER_WINDOW, seconds: float = WINDOW_SECONDS, max_keys: int = 50_000) -> None:
        self.limit, self.seconds, self.max_keys = limit, seconds, max_keys
        self._times: dict[Hashable, deque[float]] = {}

    def wait(self, key: Hashable, now: float) -> float:
        """Seconds until ``key`` may act again (0.0: now)."""
        times = self._times.get(key)
        if times is None:
            return 0.0
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) < self.limit:
            return 0.0
        return times[0] + self.seconds - now

    def record(self, key: Hashable, now: float) -> None:
        """``key`` acted at ``now``."""
        times = self._times.get(key)
        if times is None:
            if len(self._times) >= self.max_keys:
                self._forget()
            times = self._times[key] = deque(maxlen=self.limit)
        times.append(now)

    def _forget(self) -> None:
        keep = sorted(self._times.items(), key=lambda item: item[1][-1] if item[1] else 0.0)
        self._times = dict(keep[len(keep) // 2:])
