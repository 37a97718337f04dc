"""A session's hands: list, read, record (desk) and preview (writes nothing).

The request body is one hand of the game JSON (docs/game-format.md) and goes
to ``hand_record`` / ``hand_preview`` exactly as sent: the engine judges it
and its errors name the field relative to the body (``wins[0].record.hand``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.books.postings import seat_numbers_context
from api.errors import WRITE_ERRORS, ErrorSerializer
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent, rolls_back_whole
from api.parsers import SafeJSONParser
from api.permissions import acting_user
from api.play.filters import include_corrected, include_corrected_parameter
from api.play.hand_numbers import (
    HAND_NUMBER_PARAMETER,
    hand_number_or_key,
    wrong_number_names_header,
)
from api.play.serializers.hands import (
    HandInputSerializer,
    HandPreviewSerializer,
    HandResultSerializer,
)
from api.viewsets import ApiDefaults
from ledger.models import HandResult, Session
from ledger.play.hands import hand_preview, hand_record_returning
from ledger.play.listings import (
    hand_just_written,
    hands_with_postings,
    session_with_seat_numbers,
)
from parlor import policy
from parlor.policy import Action

SESSION_PARAMETER = OpenApiParameter(
    "session_pk", OpenApiTypes.INT, OpenApiParameter.PATH, description="The session's id."
)
INCLUDE_CORRECTED = include_corrected_parameter("the hands")
ERRORS = {**WRITE_ERRORS, 403: ErrorSerializer}
RECORD_ERRORS = {**ERRORS, 428: ErrorSerializer}


def request_body(request: Request) -> Mapping[str, Any]:
    """The parsed JSON body as sent; the services refuse anything but an object, naming it."""
    return cast(Mapping[str, Any], request.data)


@extend_schema_view(
    list=extend_schema(parameters=[SESSION_PARAMETER, INCLUDE_CORRECTED]),
    retrieve=extend_schema(parameters=[SESSION_PARAMETER]),
)
class HandViewSet(
    ApiDefaults,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[HandResult],
):
    """The hands of one session in game order, with the engine's result and their postings."""

    serializer_class = HandResultSerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {
        "read": Action.VIEW_BOOKS,
        "create": Action.RECORD_HAND,
        "preview": Action.RECORD_HAND,
    }
    filterset_class = None

    def _session_and_seats(self) -> tuple[Session, dict[int, int]]:
        if not hasattr(self, "_loaded"):
            found = session_with_seat_numbers(session_id=int(self.kwargs["session_pk"]))
            if found is None:
                raise Http404("No such session.")
            # Another parlor's session does not exist (404); the role is the policy's (403).
            action = Action.RECORD_HAND if self.action == "preview" else Action.VIEW_BOOKS
            policy.check(self.request.user, action, parlor_id=found[0].parlor_id)
            self._loaded = found
        return self._loaded

    def session(self) -> Session:
        return self._session_and_seats()[0]

    def get_queryset(self) -> QuerySet[HandResult]:
        if getattr(self, "swagger_fake_view", False):
            return HandResult.objects.none()
        return hands_with_postings(
            session=self.session(),
            include_corrected=include_corrected(self.request) or self.action != "list",
        )

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
        if not getattr(self, "swagger_fake_view", False):
            context.update(seat_numbers_context(self._session_and_seats()[1]))
        return context

    @extend_schema(
        request=HandInputSerializer,
        responses={201: HandResultSerializer, **RECORD_ERRORS},
        parameters=[SESSION_PARAMETER, IDEMPOTENCY_PARAMETER, HAND_NUMBER_PARAMETER],
        description="Record the next hand of an open session. The response carries the "
        "engine's result and the postings written. The "
        "request must carry an Idempotency-Key or an Expected-Hand-Number header (428 "
        "without either), so that a retry never records the hand twice.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        expected = hand_number_or_key(request)
        # The service asks the policy (record a hand, or a chonbo or dead-hand penalty, in the
        # session's parlor and state): no query more than the recording's own.
        try:
            with wrong_number_names_header():
                recorded = hand_record_returning(
                    session_id=int(self.kwargs["session_pk"]),
                    hand=request_body(request),
                    entered_by=acting_user(request),
                    expected_ordinal=expected,
                    savepoint=not rolls_back_whole(request),
                )
        except Session.DoesNotExist:
            raise Http404("No such session.") from None
        # The service read the session and its seats and returns the hand with its postings:
        # showing it takes no query.
        self._loaded = (recorded.hand.session, recorded.seat_of)
        body = self.get_serializer(hand_just_written(recorded.hand)).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=HandInputSerializer,
        responses={200: HandPreviewSerializer, **ERRORS},
        parameters=[SESSION_PARAMETER],
        description="What recording the hand would do (the engine's result and the postings), "
        "writing nothing.",
    )
    @action(detail=False, methods=["post"])
    def preview(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        preview = hand_preview(session=self.session(), hand=request_body(request))
        body = HandPreviewSerializer(preview, context=self.get_serializer_context()).data
        return Response(body)
