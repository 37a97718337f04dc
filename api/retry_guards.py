"""The headers by which a write says how its retry is recognised, and what a retry should send.

``Idempotency-Key`` (``api/idempotency.py``) and ``Expected-Hand-Number``
(``api/play/hand_numbers.py``) are named here, where the error handler
can read them without importing the views' machinery: a 503 that asks for
a retry names the guard the request actually sent (docs/api.md, "Retries
and duplicate hands"; docs/hardening.md, "Faults").
"""

from __future__ import annotations

from collections.abc import Mapping

IDEMPOTENCY_KEY = "Idempotency-Key"
EXPECTED_HAND_NUMBER = "Expected-Hand-Number"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _sent(headers: Mapping[str, str], name: str) -> bool:
    return bool((headers.get(name) or "").strip())


def retry_advice(*, method: str, headers: Mapping[str, str]) -> str:
    """How to retry a request the database dropped, by the guards it carried."""
    key, number = _sent(headers, IDEMPOTENCY_KEY), _sent(headers, EXPECTED_HAND_NUMBER)
    replays = "it records the request once, or replays it if it was in fact committed"
    refuses = (
        "if the hand was in fact recorded, the retry is refused with 409 wrong_hand_number"
        " naming the session's next number, and nothing is recorded twice"
    )
    if key and number:
        both = f"{IDEMPOTENCY_KEY} and {EXPECTED_HAND_NUMBER}"
        return f"Retry with the same {both}: the key {replays}"
    if key:
        return f"Retry with the same {IDEMPOTENCY_KEY}: {replays}"
    if number:
        return f"Retry with the same {EXPECTED_HAND_NUMBER}: {refuses}"
    if method.upper() in SAFE_METHODS:
        return "Retry the request"
    return (
        f"Retry the request; a write that carries an {IDEMPOTENCY_KEY} is recorded once even"
        " when the connection drops at the very commit"
    )
