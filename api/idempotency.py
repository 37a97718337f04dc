"""The ``Idempotency-Key`` header: a retried POST never writes twice.

A POST carrying the header runs in one transaction that does the work and
then inserts the key's :class:`~api.models.IdempotencyRecord` (user,
key, request fingerprint, the response) with ``INSERT ... ON CONFLICT DO
NOTHING`` on the unique key: one statement, at the end.

- Same user, same key, same request, after success: the insert finds the
  key taken, this request's writes are rolled back and the stored response
  is replayed with its status and an ``Idempotent-Replayed: true`` header.
  A retry whose work now fails (the session has moved on, a newer hand
  number is expected) finds the stored response the same way.
- Same key with a different request (body, path or method): 422
  ``idempotency_key_reused``, nothing written.
- Two concurrent requests with the same key: the second's insert waits on
  the unique index until the first commits, then finds the key taken and
  rolls back (or, if the first rolled back, commits itself). Requests on
  one session already queue on the session's lock before any work.
- A refused request (4xx or 5xx) stores nothing: its transaction rolls back,
  so the client may fix the problem and retry with the same key.

Inserting the key last, not first, saves a statement per request (the
response is written with the key instead of by a second UPDATE); the price
is that a duplicate does its work before it is rolled back, which only
retries pay.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Field
from django.http import QueryDict
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import ApiError
from api.models import IdempotencyRecord
from api.permissions import acting_user
from api.retry_guards import IDEMPOTENCY_KEY
from ledger.errors import RequestErrorCode

HEADER = IDEMPOTENCY_KEY
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255

IDEMPOTENCY_PARAMETER = OpenApiParameter(
    name=HEADER,
    type=OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    required=False,
    description=(
        "Any unique string (a UUID) chosen by the client. A retry with the same key and"
        " body replays the first response instead of writing again; the same key with"
        " another body is refused with 422."
    ),
)

V = TypeVar("V", bound=Callable[..., Response])


def _canonical(data: Any) -> Any:
    if isinstance(data, QueryDict):
        return {key: data.getlist(key) for key in sorted(data.keys())}
    return data


def request_fingerprint(request: Request) -> str:
    """sha256 of the method, the path and the body's canonical JSON (key order ignored)."""
    text = json.dumps(
        [request.method, request.path, _canonical(request.data)],
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _key_from(request: Request) -> str | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH or not key.isprintable():
        raise ApiError(
            status_code=status.HTTP_400_BAD_REQUEST,
            code=RequestErrorCode.BAD_IDEMPOTENCY_KEY,
            message=f"{HEADER} must be 1 to {MAX_KEY_LENGTH} printable characters",
            field=HEADER,
        )
    return key


def _replay(record: IdempotencyRecord, *, fingerprint: str, key: str) -> Response:
    if record.fingerprint != fingerprint:
        raise ApiError(
            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
            code=RequestErrorCode.IDEMPOTENCY_KEY_REUSED,
            message=(
                f"{HEADER} {key!r} was already used for a different request"
                f" ({record.method} {record.path} with another body); use a new key"
            ),
            field=HEADER,
        )
    assert record.status_code is not None  # rows without a response are never committed
    response = Response(record.response_body, status=record.status_code)
    response[REPLAYED_HEADER] = "true"
    return response


def _store(
    *, user: User, key: str, request: Request, fingerprint: str, response: Response
) -> bool:
    """Insert the key's row with the response; False when the key exists (another request
    with it committed first).

    ``INSERT ... ON CONFLICT DO NOTHING`` waits for a concurrent transaction
    holding the same key to end, then inserts (it rolled back) or does nothing
    (it committed), without aborting this transaction: no savepoint needed.
    """
    values = {
        "user": user.pk,
        "key": key,
        "method": request.method or "",
        "path": request.path[:255],
        "fingerprint": fingerprint,
        "status_code": response.status_code,
        "response_body": response.data,
        "created_at": timezone.now(),
    }
    sql, fields = _store_statement(tuple(values))
    params = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone() is not None


@functools.cache
def _store_statement(names: tuple[str, ...]) -> tuple[str, list[Field[Any, Any]]]:
    """The key's insert for these fields, and the fields: built once per process."""
    meta = IdempotencyRecord._meta
    by_name = {field.name: field for field in meta.concrete_fields}
    fields = [by_name[name] for name in names]
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        return quote(str(by_name[name].column))

    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(column(name) for name in names)})"
        f" VALUES ({', '.join(['%s'] * len(names))})"
        f" ON CONFLICT ({column('user')}, {column('key')}) DO NOTHING RETURNING {column('id')}"
    )
    return sql, fields


def _stored(*, user: User, key: str) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(user=user, key=key).first()


_WHOLE = "_idempotent_transaction"


def rolls_back_whole(request: Request) -> bool:
    """True inside an idempotent POST's transaction: any refusal rolls all of it back, so
    the services it calls need no savepoints of their own."""
    return bool(getattr(request, _WHOLE, False))


def idempotent(view_method: V) -> V:
    """Decorate a POST handler of a DRF view so that it honours ``Idempotency-Key``.

    The handler may skip the savepoints of the services it calls (``rolls_back_whole``):
    the transaction here rolls back whole on any refusal.
    """

    @functools.wraps(view_method)
    def handle(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = _key_from(request)
        if key is None:
            return view_method(self, request, *args, **kwargs)
        user = acting_user(request)
        fingerprint = request_fingerprint(request)
        try:
            with transaction.atomic():
                setattr(request, _WHOLE, True)
                try:
                    response = view_method(self, request, *args, **kwargs)
                finally:
                    setattr(request, _WHOLE, False)
                done = status.is_success(response.status_code) and _store(
                    user=user, key=key, request=request, fingerprint=fingerprint,
                    response=response,
                )  # fmt: skip
                if done:
                    return response
                transaction.set_rollback(True)
        except Exception:
            stored = _stored(user=user, key=key)
            if stored is None:
                raise
            return _replay(stored, fingerprint=fingerprint, key=key)
        stored = _stored(user=user, key=key)
        if stored is None:  # refused, and the key was never used: nothing to replay
            return response
        return _replay(stored, fingerprint=fingerprint, key=key)

    # Marks the views whose answers are stored (the audit reads each: api/<domain>/answers.py).
    handle.stores_answers = True  # type: ignore[attr-defined]
    return handle  # type: ignore[return-value]
