"""Limits on what a hand payload may hold, checked before the engine or the database sees it.

A hand is a small JSON object (docs/game-format.md): a few levels deep, short
tile strings, an optional note. Anything far past that is a mistake or an
attack: a body nested a thousand levels deep, a megabyte note that every later
replay of the session carries, a NUL byte or a lone surrogate that PostgreSQL's
JSON type refuses at commit. ``hand_payload_check`` refuses each with
``bad_hand`` and the path of the field at fault (docs/hardening.md, "Limits").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ledger.errors import LedgerError, LedgerErrorCode

# docs/hardening.md, "Limits": keep the numbers and the table there in step.
MAX_DEPTH = 12
MAX_NODES = 2_000
MAX_STRING_CHARS = 200
MAX_NOTE_CHARS = 1_000
MAX_PAYLOAD_BYTES = 32_768
# Free text of the ledger's own records (a correction's reason).
MAX_REASON_CHARS = 1_000


def _refuse(
    message: str, field: str, code: LedgerErrorCode = LedgerErrorCode.BAD_HAND
) -> LedgerError:
    return LedgerError(code, message, field=field or None)


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def text_check(
    text: str, *, field: str, limit: int, code: LedgerErrorCode = LedgerErrorCode.BAD_HAND
) -> None:
    """A string PostgreSQL can store (no NUL, no lone surrogate) of at most ``limit`` characters."""
    if len(text) > limit:
        raise _refuse(f"{field} is {len(text):,} characters long; at most {limit:,}", field, code)
    if "\x00" in text:
        raise _refuse(f"{field} holds a NUL character (\\u0000)", field, code)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        message = f"{field} holds a lone surrogate: not valid Unicode text"
        raise _refuse(message, field, code) from None


def reason_check(reason: str) -> None:
    """A correction's reason: storable text of at most MAX_REASON_CHARS characters."""
    text_check(reason, field="reason", limit=MAX_REASON_CHARS, code=LedgerErrorCode.BAD_TEXT)


def hand_payload_check(payload: Mapping[str, Any], *, prefix: str = "") -> None:
    """Refuse a payload past the limits above, naming the field (walked without recursion).

    ``prefix`` is where the hand sits in the request (``payload`` in a correction).
    """
    try:
        _walk(payload)
    except LedgerError as error:
        if prefix:
            inner = error.field
            error.field = _join(prefix, inner) if inner and inner != "hand" else prefix
            error.message = f"{prefix}: {error.message}"
        raise


def _walk(payload: Mapping[str, Any]) -> None:
    stack: list[tuple[str, Any, int]] = [("", payload, 1)]
    nodes = 0
    while stack:
        path, value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise _refuse(f"the hand holds more than {MAX_NODES:,} values", "hand")
        if isinstance(value, str):
            limit = MAX_NOTE_CHARS if path == "note" else MAX_STRING_CHARS
            text_check(value, field=path or "hand", limit=limit)
        elif isinstance(value, Mapping | list):
            if depth > MAX_DEPTH:
                raise _refuse(f"{path} is nested deeper than {MAX_DEPTH} levels", path)
            items = value.items() if isinstance(value, Mapping) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    text_check(key, field=_join(path, "<key>"), limit=MAX_STRING_CHARS)
                stack.append((_join(path, key), item, depth + 1))
    size = len(json.dumps(payload, ensure_ascii=False).encode("utf-8"))
    if size > MAX_PAYLOAD_BYTES:
        raise _refuse(f"the hand is {size:,} bytes as JSON; at most {MAX_PAYLOAD_BYTES:,}", "hand")
