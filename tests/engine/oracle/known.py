"""Known disagreements with the `mahjong` package, each a named predicate.

Every predicate recognises one class of hands on which the package is wrong
by a rule that docs/engine-oracle.md quotes; the differential test skips a
disagreement only when one of these says so, and counts the skips by name.
A predicate sees the record and both answers, so it can be exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Predicate = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], bool]

# name -> predicate; empty while every disagreement found so far has been fixed in the engine
KNOWN: dict[str, Predicate] = {}


def known_disagreement(record: dict[str, Any], ours: dict[str, Any],
                       theirs: dict[str, Any]) -> str | None:
    """The name of the documented rule that explains this disagreement, if any."""
    for name, predicate in KNOWN.items():
        if predicate(record, ours, theirs):
            return name
    return None
