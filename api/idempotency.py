"""The ``Idempotency-Key`` header: a retried POST never writes twice.

A POST carrying the header runs in one transaction that first inserts the
key's :class:`~api.models.IdempotencyRecord` (user, key, request
fingerprint; ``INSERT ... ON CONFLICT DO NOTHING`` on the unique key), then
does the work and stores the response in the same row.

- Same user, same key, same request, after success: the stored response is
  replayed with its status and an ``Idempotent-Replayed: true`` header;
  nothing is written.
- Same key with a different request (body, path or method): 422
  ``idempotency_key_reused``.
- Two concurrent requests with the same key: the second waits on the unique
  index until the first commits, then replays its response (or, if the first
  failed and rolled back, runs itself).
- A refused request (4xx or 5xx) stores nothing: its transaction rolls back
  with the key, so the client may fix the problem and retry with the same key.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db import connection, transaction
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
from ledger.errors import RequestErrorCode

HEADER = "Idempotency-Key"
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


def _claim(*, user: User, key: str, request: Request, fingerprint: str) -> int | None:
    """Insert the key's row; its id, or None when the key exists (committed by another request).

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
        "created_at": timezone.now(),
    }
    meta = IdempotencyRecord._meta
    by_name = {field.name: field for field in meta.concrete_fields}
    fields = [by_name[name] for name in values]
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        return quote(str(by_name[name].column))

    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(column(name) for name in values)})"
        f" VALUES ({', '.join(['%s'] * len(values))})"
        f" ON CONFLICT ({column('user')}, {column('key')}) DO NOTHING RETURNING {column('id')}"
    )
    params = [field.get_db_prep_save(values[field.name], connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def idempotent(view_method: V) -> V:
    """Decorate a POST handler of a DRF view so that it honours ``Idempotency-Key``."""

    @functools.wraps(view_method)
    def handle(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = _key_from(request)
        if key is None:
            return view_method(self, request, *args, **kwargs)
        user = acting_user(request)
        fingerprint = request_fingerprint(request)
        with transaction.atomic():
            claimed = _claim(user=user, key=key, request=request, fingerprint=fingerprint)
            if claimed is None:
                stored = IdempotencyRecord.objects.get(user=user, key=key)
                return _replay(stored, fingerprint=fingerprint, key=key)
            response = view_method(self, request, *args, **kwargs)
            if status.is_success(response.status_code):
                IdempotencyRecord.objects.filter(pk=claimed).update(
                    status_code=response.status_code, response_body=response.data
                )
            else:
                transaction.set_rollback(True)
            return response

    return handle  # type: ignore[return-value]
