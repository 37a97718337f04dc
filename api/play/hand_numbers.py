"""A hand POST says how a retry is recognised: an ``Idempotency-Key``, or the hand's number.

A retried POST without a key would record the hand twice, so the endpoints
that record a hand (``/api/sessions/{id}/hands/`` and the chonbo of
``/api/penalties/``) refuse a request that carries neither header with 428
Precondition Required. ``Expected-Hand-Number`` is the number (``ordinal``)
the client expects the hand to take; the service compares it under the
session's lock, so a retry after success, or a second desk entering the same
hand, gets 409 ``wrong_hand_number`` naming the session's next number.
Why a header and not a body field: docs/api.md, "Retries and duplicate hands".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status
from rest_framework.request import Request

from api.errors import ApiError
from api.idempotency import HEADER as IDEMPOTENCY_HEADER
from api.retry_guards import EXPECTED_HAND_NUMBER
from ledger.errors import LedgerError, LedgerErrorCode, RequestErrorCode

HEADER = EXPECTED_HAND_NUMBER
# Hand numbers are PostgreSQL integers; nine digits keep any accepted number in range.
_NUMBER = re.compile(r"[1-9][0-9]{0,8}")

HAND_NUMBER_PARAMETER = OpenApiParameter(
    name=HEADER,
    type=OpenApiTypes.INT,
    location=OpenApiParameter.HEADER,
    required=False,
    description=(
        "The number (ordinal) the hand is expected to take: 1 for a session's first hand,"
        " the preview's `ordinal`, or the last recorded hand's plus one. Another number is"
        " refused with 409 `wrong_hand_number` naming the session's next number. A hand"
        f" POST needs this header or {IDEMPOTENCY_HEADER} (428 `retry_guard_required`"
        " without either)."
    ),
)


def expected_hand_number(request: Request) -> int | None:
    """The ``Expected-Hand-Number`` header as a number; None when absent; 400 when malformed."""
    value = request.headers.get(HEADER)
    if value is None:
        return None
    if not _NUMBER.fullmatch(value.strip()):
        raise ApiError(
            status_code=status.HTTP_400_BAD_REQUEST,
            code=RequestErrorCode.BAD_HAND_NUMBER,
            message=f"{HEADER} must be a whole number from 1 to 999,999,999, not {value[:20]!r}",
            field=HEADER,
        )
    return int(value)


def hand_number_or_key(request: Request) -> int | None:
    """The expected hand number; 428 when the request carries neither it nor a key."""
    number = expected_hand_number(request)
    if number is None and request.headers.get(IDEMPOTENCY_HEADER) is None:
        raise ApiError(
            status_code=status.HTTP_428_PRECONDITION_REQUIRED,
            code=RequestErrorCode.RETRY_GUARD_REQUIRED,
            message=(
                f"a hand POST must carry an {IDEMPOTENCY_HEADER} header (a new unique string"
                " per hand, sent again unchanged on a retry) or an"
                f" {HEADER} header (the number the hand will take, e.g. the preview's"
                " ordinal), so that a retry never records the hand twice"
            ),
            field=f"{IDEMPOTENCY_HEADER}, {HEADER}",
        )
    return number


@contextmanager
def wrong_number_names_header() -> Iterator[None]:
    """A ``wrong_hand_number`` refusal names the header it came from."""
    try:
        yield
    except LedgerError as error:
        if error.code == LedgerErrorCode.WRONG_HAND_NUMBER:
            error.field = HEADER
        raise
