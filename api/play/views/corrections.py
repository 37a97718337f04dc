"""Corrections: managers void or amend a live hand; the desk reads them."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from api.books.postings import seat_context
from api.errors import WRITE_ERRORS
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import acting_user
from api.play.filters import CorrectionFilter
from api.play.serializers.corrections import (
    CorrectionDetailSerializer,
    CorrectionInputSerializer,
    CorrectionSerializer,
)
from api.scoping import books
from api.viewsets import ApiDefaults
from ledger.models import Correction
from ledger.play.corrections import correction_post
from ledger.play.listings import corrections_with_details, sessions_with_seats
from parlor.policy import Action


class CorrectionViewSet(
    ApiDefaults,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[Correction],
):
    """Voids and amendments, newest last; the detail shows the hand versions they wrote."""

    filterset_class = CorrectionFilter
    parser_classes = [SafeJSONParser]
    # Voiding and amending are both the managers' (the service asks for the exact one).
    roles_by_action = {"read": Action.VIEW_BOOKS, "create": Action.VOID_HAND}

    def get_queryset(self) -> QuerySet[Correction]:
        corrections = Correction.objects.select_related("created_by")
        if self.action == "retrieve":
            corrections = corrections_with_details()
        return books(corrections, self.request.user, "session__parlor").order_by("created_at", "pk")

    def get_serializer_class(self) -> type[BaseSerializer[Correction]]:
        return CorrectionSerializer if self.action == "list" else CorrectionDetailSerializer

    def _render(self, correction_id: int) -> dict[str, Any]:
        correction = corrections_with_details().get(pk=correction_id)
        session = sessions_with_seats().get(pk=correction.session_id)
        context = {**self.get_serializer_context(), **seat_context(session)}
        return CorrectionDetailSerializer(correction, context=context).data

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(self._render(self.get_object().pk))

    @extend_schema(
        request=CorrectionInputSerializer,
        responses={201: CorrectionDetailSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Void a live hand, or amend it with a corrected hand (``payload``). The "
        "hands after it are re-settled; a closed session is reopened (close it again).",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = CorrectionInputSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        correction = correction_post(
            hand=form.validated_data["hand"],
            kind=form.validated_data["kind"],
            reason=form.validated_data["reason"],
            # The corrected hand goes to the engine as sent, unknown fields included.
            payload=form.validated_data.get("payload"),
            by=acting_user(request),
        )
        return Response(self._render(correction.pk), status=status.HTTP_201_CREATED)
