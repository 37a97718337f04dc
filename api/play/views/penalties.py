"""Penalties: the desk reads them (chonbo and dead hands) and records a chonbo (the policy's
``RECORD_PENALTY``: at the table the staff are the referees)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from api.books.postings import seat_numbers_context
from api.errors import WRITE_ERRORS, ErrorSerializer
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import acting_user
from api.play.filters import PenaltyFilter, include_corrected, include_corrected_parameter
from api.play.hand_numbers import (
    HAND_NUMBER_PARAMETER,
    hand_number_or_key,
    wrong_number_names_header,
)
from api.play.serializers.hands import HandResultSerializer
from api.play.serializers.penalties import (
    ChonboInputSerializer,
    ChonboRecordedSerializer,
    PenaltySerializer,
)
from api.scoping import books
from api.viewsets import ApiDefaults
from ledger.models import HandKind, Penalty
from ledger.play.hands import hand_record
from ledger.play.listings import hand_with_postings, session_with_seat_numbers
from ledger.play.penalty_selectors import penalties_for
from parlor.policy import Action

INCLUDE_CORRECTED = include_corrected_parameter("the penalties")


@extend_schema_view(list=extend_schema(parameters=[INCLUDE_CORRECTED]))
class PenaltyViewSet(
    ApiDefaults, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[Penalty]
):
    """Chonbo and dead-hand penalties of live hands, newest first."""

    serializer_class = PenaltySerializer
    filterset_class = PenaltyFilter
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.VIEW_BOOKS, "create": Action.RECORD_PENALTY}

    def get_queryset(self) -> QuerySet[Penalty]:
        penalties = penalties_for(
            include_corrected=include_corrected(self.request) or self.action != "list"
        )
        return books(penalties, self.request.user, "session__parlor")

    @extend_schema(
        request=ChonboInputSerializer,
        responses={201: ChonboRecordedSerializer, **WRITE_ERRORS, 428: ErrorSerializer},
        parameters=[IDEMPOTENCY_PARAMETER, HAND_NUMBER_PARAMETER],
        description="Record a chonbo as the session's next hand: the offender pays the rules' "
        "penalty and the hand is replayed. Dead hands are part of the hand staff record. "
        "Like a hand, it must carry an Idempotency-Key or an Expected-Hand-Number header.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        expected = hand_number_or_key(request)
        form = ChonboInputSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        session = data.pop("session")
        with wrong_number_names_header():
            hand = hand_record(
                session=session,
                hand={"kind": HandKind.CHONBO.value, **data},
                entered_by=acting_user(request),
                expected_ordinal=expected,
            )
        found = session_with_seat_numbers(session_id=session.pk)
        assert found is not None  # the hand was just recorded in it
        context = {**self.get_serializer_context(), **seat_numbers_context(found[1])}
        body = {
            "hand": HandResultSerializer(hand_with_postings(hand), context=context).data,
            "penalties": PenaltySerializer(
                penalties_for(include_corrected=True).filter(hand=hand), many=True
            ).data,
        }
        return Response(body, status=status.HTTP_201_CREATED)
