"""What a request may carry, and how a refusal describes it without echoing what cannot be echoed.

Python's JSON parser (which FastAPI uses for request bodies) accepts ``NaN``, ``Infinity`` and numbers
like ``1e999`` (infinity again), and strings with lone surrogates (``"\\ud800"``: not Unicode text) or
control characters (``"\\u0000"``, which PostgreSQL cannot store in a text column). None of them has a
use in a request of this server, so every field of a request body is checked (``problem``) before it is
validated, and a refusal lists what was wrong in text that is always valid JSON (``describe_errors``).
Every request body model derives from ``CleanBody``, which does that check, so a string reaching SQL
is refused alike on SQLite and PostgreSQL (which cannot store NUL, where SQLite would).

>>> problem({"name": "Zoë"}) is None
True
>>> problem(float("nan"))
'must be a finite number, not NaN or Infinity'
>>> problem({"seats": [{"level": "a\\x00"}]})
'seats.0.level contains the control character U+0000 (text may not contain control characters)'
>>> clean("a\\ud800b\\x1b")
'a\\\\ud800b\\\\u001b'
"""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator, model_validator
from pydantic_core import PydanticCustomError

# C0 and C1 control characters, DEL, and the surrogate code points (never text on their own).
BAD_CHAR = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _what(ch: str) -> str:
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return f"a lone surrogate U+{code:04X} (not valid Unicode text)"
    return f"the control character U+{code:04X} (text may not contain control characters)"


def problem(value: Any, where: str = "") -> str | None:
    """Why ``value`` (parsed JSON) has no place in a request, or None: a number that is not finite, a
    string (or a key) with a control character or a lone surrogate, at any depth. ``where`` names the
    value in the message."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:  # a loop, not recursion: deeply nested input cannot exhaust the stack
        item, at = stack.pop()
        if isinstance(item, str):
            bad = BAD_CHAR.search(item)
            if bad is not None:
                return f"{at + ' ' if at else ''}contains {_what(bad.group())}"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"{at + ' ' if at else ''}must be a finite number, not NaN or Infinity"
        elif isinstance(item, dict):
            for key, sub in item.items():
                inner = f"{at}.{clean(key, 40)}" if at else clean(key, 40)
                stack.append((sub, inner))
                stack.append((key, f"a key in {at}" if at else "a key"))
        elif isinstance(item, (list, tuple)):
            for i, sub in enumerate(item):
                stack.append((sub, f"{at}.{i}" if at else str(i)))
    return None


def clean(value: Any, limit: int = 200) -> str:
    """``value`` as text that is always valid JSON in UTF-8: control characters and lone surrogates
    escaped as ``\\uXXXX``, at most ``limit`` characters."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return BAD_CHAR.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _echoable(value: Any) -> bool:
    """A short scalar that serializes as strict JSON: safe to send back in a refusal."""
    if value is None or isinstance(value, (bool, int)):
        return not isinstance(value, int) or abs(value) < 10**18
    if isinstance(value, (str, float)):
        return problem(value) is None and len(str(value)) <= 100
    return False


def describe_errors(errors: list[dict[str, Any]], limit: int = 10) -> tuple[str, list[dict[str, Any]]]:
    """Pydantic's validation errors as (one sentence per error joined by '; ', a list of
    ``{"loc", "msg", "type"[, "input"]}``), all of it strict JSON: locations and messages cleaned, the
    input echoed only when it is a short, clean scalar."""
    parts, out = [], []
    for e in errors[:limit]:
        loc = [x if isinstance(x, int) else clean(x, 40) for x in e.get("loc", ())]
        kind = clean(e.get("type", ""), 40)
        msg = clean(e.get("msg", ""), 300)
        if kind == "json_invalid":
            ctx = e.get("ctx") or {}
            at = next((x for x in loc if isinstance(x, int)), None)
            parts.append(f"the body is not JSON: {clean(ctx.get('error', 'malformed'), 100)}"
                         + (f" at character {at}" if at is not None else ""))
        else:
            where = ".".join(str(x) for x in loc if x != "body")
            parts.append(f"{where or 'body'}: {msg}")
        entry: dict[str, Any] = {"loc": loc, "msg": msg, "type": kind}
        if "input" in e and _echoable(e["input"]):
            entry["input"] = e["input"]
        out.append(entry)
    if len(errors) > limit:
        parts.append(f"and {len(errors) - limit} more")
    return "; ".join(parts), out


class CleanBody(BaseModel):
    """A request body: unknown fields refused, and every field (at any depth) and field name checked
    by ``problem`` before its own validation (422 naming the field)."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def _finite_and_clean(cls, value: Any) -> Any:
        why = problem(value)
        if why is not None:
            raise PydanticCustomError("unsafe_input", "{reason}", {"reason": why})
        return value

    @model_validator(mode="before")
    @classmethod
    def _clean_names(cls, data: Any) -> Any:
        """The field names too (an unknown one is refused, but its name is in the refusal)."""
        for key in data if isinstance(data, dict) else ():
            why = problem(key, "a field name")
            if why is not None:
                raise PydanticCustomError("unsafe_input", "{reason}", {"reason": why})
        return data
