"""How the API reports refusals: one JSON shape, a 4xx status, never a 500 for bad input.

The permission policy's refusals (``parlor.policy``) answer 404 for an object
of a parlor the user is not in (it does not exist for them), 403
``not_allowed`` for a role that may not, 409 for a session in the wrong state.
Ledger and engine refusals (``LedgerError``) and the API's own (idempotency,
protected rows) answer ``{"error": {"code", "message", "field"}}``;
``field`` names the request field at fault when there is one (relative to
the request body: ``wins[0].record.hand``). DRF's validation errors keep
their usual shape, field names as keys. See docs/api.md, "Errors".
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.db.models import ProtectedError
from django.http import Http404
from rest_framework import serializers, status
from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import exception_handler

from api.retry_guards import retry_advice
from ledger.errors import LedgerError, LedgerErrorCode, RequestErrorCode
from parlor import policy
from parlor.policy import PolicyRefusal, Refusal

# Every code an error body carries: the books' (services) or the interfaces'.
ErrorCode = LedgerErrorCode | RequestErrorCode

# Refusals because of the state of the books, not the request's content.
_CONFLICTS = frozenset(
    {
        LedgerErrorCode.TABLE_BUSY,
        LedgerErrorCode.VISIT_ALREADY_OPEN,
        LedgerErrorCode.VISIT_NOT_OPEN,
        LedgerErrorCode.CREDIT_LIMIT_EXCEEDED,
        LedgerErrorCode.NOT_CHECKED_IN,
        LedgerErrorCode.ALREADY_WAITING,
        LedgerErrorCode.NOT_WAITING,
        LedgerErrorCode.SHIFT_ALREADY_OPEN,
        LedgerErrorCode.SHIFT_NOT_OPEN,
        LedgerErrorCode.NO_PROPOSAL,
        LedgerErrorCode.DRAW_STALE,
        LedgerErrorCode.ALREADY_PAUSED,
        LedgerErrorCode.NOT_PAUSED,
        LedgerErrorCode.SESSION_NOT_OPEN,
        LedgerErrorCode.WRONG_HAND_NUMBER,
        LedgerErrorCode.HAND_NOT_LIVE,
        LedgerErrorCode.SESSION_SETTLED,
        LedgerErrorCode.GAME_NOT_FINISHED,
        LedgerErrorCode.SESSION_NOT_CLOSED,
        LedgerErrorCode.LEDGER_OUT_OF_STEP,
        LedgerErrorCode.BALANCE_EXCEEDED,
        LedgerErrorCode.ENTRY_ALREADY_REVERSED,
        LedgerErrorCode.TILL_ALREADY_CLOSED,
        LedgerErrorCode.SLIP_CHANGED,
        LedgerErrorCode.STILL_PLAYING,
        LedgerErrorCode.SETTLED_ON_SLIP,
    }
)
# The services' own safety nets: a request cannot cause these, a bug can.
_INTERNAL = frozenset({LedgerErrorCode.UNBALANCED_POSTING, LedgerErrorCode.NOT_AN_INTEGER})


def ledger_error_status(code: LedgerErrorCode) -> int:
    """400 for a bad request (the default), 409 for a conflict with the books' state."""
    if code in _CONFLICTS:
        return status.HTTP_409_CONFLICT
    if code in _INTERNAL:
        return status.HTTP_500_INTERNAL_SERVER_ERROR
    return status.HTTP_400_BAD_REQUEST


def error_body(code: ErrorCode, message: str, *, field: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if field is not None:
        error["field"] = field
    return {"error": error}


class ApiError(APIException):
    """An API-level refusal in the ledger's error shape (idempotency, chonbo by staff, ...)."""

    def __init__(
        self, *, status_code: int, code: ErrorCode, message: str, field: str | None = None
    ) -> None:
        super().__init__(detail=message, code=code)
        self.status_code = status_code
        self.body = error_body(code, message, field=field)


def _policy_refusal_response(exc: PolicyRefusal, context: dict[str, Any]) -> Response | None:
    """Another parlor's object does not exist (404); a role or state refusal says why."""
    if exc.refusal is Refusal.NOT_MEMBER:
        return exception_handler(Http404(), context)
    if exc.refusal is Refusal.SEATED:
        return Response(
            error_body(RequestErrorCode.SEATED_AT_TABLE, str(exc.message)),
            status=status.HTTP_403_FORBIDDEN,
        )
    if exc.refusal in (Refusal.ROLE, Refusal.OWN):
        return Response(
            error_body(RequestErrorCode.NOT_ALLOWED, str(exc.message)),
            status=status.HTTP_403_FORBIDDEN,
        )
    needed = policy.TABLE[exc.action].states or frozenset()
    code = _STATE_CODES.get(needed, LedgerErrorCode.SESSION_NOT_OPEN)
    return Response(error_body(code, str(exc.message)), status=status.HTTP_409_CONFLICT)


# The code of a refusal for the session's state, by the states the action needs.
_STATE_CODES = {
    frozenset({policy.OPEN}): LedgerErrorCode.SESSION_NOT_OPEN,
    frozenset({policy.CLOSED}): LedgerErrorCode.SESSION_NOT_CLOSED,
    frozenset({policy.OPEN, policy.CLOSED}): LedgerErrorCode.SESSION_SETTLED,
}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, PolicyRefusal):
        return _policy_refusal_response(exc, context)
    if isinstance(exc, LedgerError):
        return Response({"error": exc.to_dict()}, status=ledger_error_status(exc.code))
    if isinstance(exc, ApiError):
        return Response(exc.body, status=exc.status_code)
    if isinstance(exc, OperationalError | InterfaceError):
        # The request's transaction rolled back (docs/hardening.md, "Faults"); the advice
        # names the retry guard the request sent, not one it never had.
        request = context.get("request")
        advice = retry_advice(
            method=getattr(request, "method", "") or "",
            headers=getattr(request, "headers", None) or {},
        )
        return Response(
            error_body(
                RequestErrorCode.DATABASE_UNAVAILABLE,
                "the database failed during the request: its transaction was rolled back and"
                f" nothing was recorded. {advice}",
            ),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": "5"},
        )
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        message = f"the request body is larger than {limit:,} bytes, the most this API reads"
        return Response(
            error_body(RequestErrorCode.BODY_TOO_LARGE, message),
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, ProtectedError):
        used_by = sorted(
            {str(type(obj)._meta.verbose_name_plural) for obj in exc.protected_objects}
        )
        message = f"it is still used by {', '.join(used_by)}; deactivate it instead"
        return Response(
            error_body(RequestErrorCode.PROTECTED, message), status=status.HTTP_409_CONFLICT
        )
    return exception_handler(exc, context)


class ErrorDetailSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. session_not_open.")
    message = serializers.CharField(help_text="For people: names the hand, seat or field.")
    field = serializers.CharField(
        required=False, help_text="The request field at fault, e.g. wins[0].record.hand."
    )
    engine_code = serializers.CharField(
        required=False, help_text="The engine's own code (bad_tiles, no_yaku, bad_game, ...)."
    )


class ErrorSerializer(serializers.Serializer[Any]):
    error = ErrorDetailSerializer()


# The schema's error responses of a write: bad input, or the books' state refuses it.
WRITE_ERRORS: dict[int, type[ErrorSerializer]] = {400: ErrorSerializer, 409: ErrorSerializer}
