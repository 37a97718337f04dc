"""Visits: the desk checks players in and out (``CHECK_IN``); managers set credit limits and
overrule them (``SET_CREDIT_LIMIT``, ``OVERRIDE_CREDIT_LIMIT``). docs/api.md, "Visits"."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import WRITE_ERRORS
from api.filters import BaseFilterSet
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import acting_user
from api.scoped_fields import ScopedRowField
from api.viewsets import ApiDefaults
from ledger.counter.visit_selectors import visits_with_people
from ledger.counter.visit_services import (
    REASON_MAX_LENGTH,
    credit_limit_set,
    credit_standing,
    visit_check_in,
    visit_check_out,
)
from ledger.models import CreditLimit, Visit
from parlor import policy
from parlor.models import Player
from parlor.policy import Action


class VisitSerializer(serializers.ModelSerializer[Visit]):
    member_number = serializers.CharField(source="player.member_number", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)
    checked_in_by = serializers.CharField(source="checked_in_by.username", read_only=True)
    checked_out_by = serializers.CharField(
        source="checked_out_by.username", read_only=True, allow_null=True, default=None
    )
    override_by = serializers.CharField(
        source="override_by.username", read_only=True, allow_null=True, default=None
    )
    is_open = serializers.BooleanField(read_only=True)

    class Meta:
        model = Visit
        fields = [
            "id",
            "parlor",
            "player",
            "member_number",
            "name",
            "business_day",
            "is_open",
            "checked_in_at",
            "checked_in_by",
            "checked_out_at",
            "checked_out_by",
            "owed_at_check_in",
            "credit_limit_at_check_in",
            "override_by",
            "override_reason",
        ]
        read_only_fields = fields


class CheckInSerializer(serializers.Serializer[Any]):
    player = ScopedRowField(
        queryset=Player.objects.all(), action=Action.CHECK_IN, select_related=("parlor",)
    )
    override_reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=REASON_MAX_LENGTH,
        help_text="Only for a player who owes more than their credit limit, and only a "
        "manager's: why they are checked in all the same (kept on the visit).",
    )


class CreditSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    owed = serializers.IntegerField(help_text="What the player owes the parlor (minor unit).")
    limit = serializers.IntegerField(allow_null=True, help_text="Null: no limit set.")
    above_limit = serializers.BooleanField()


class CreditQuerySerializer(serializers.Serializer[Any]):
    player = ScopedRowField(queryset=Player.objects.all(), action=Action.CHECK_IN)


class VisitFilter(BaseFilterSet):
    is_open = django_filters.BooleanFilter(
        field_name="checked_out_at", lookup_expr="isnull", label="Only open (true) or closed."
    )

    class Meta:
        model = Visit
        fields = ["parlor", "player", "business_day"]


class VisitViewSet(
    ApiDefaults, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[Visit]
):
    """Players' visits, newest first: check-in (POST) and check-out."""

    serializer_class = VisitSerializer
    filterset_class = VisitFilter
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.CHECK_IN, "write": Action.CHECK_IN}

    def get_queryset(self) -> QuerySet[Visit]:
        return policy.scoped_to(visits_with_people(), self.request.user, Action.CHECK_IN)

    @extend_schema(
        request=CheckInSerializer,
        responses={201: VisitSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Check a player in for the parlor's business day. 409 "
        "visit_already_open when they are in already; 409 credit_limit_exceeded when they "
        "owe more than their credit limit, unless a manager gives an override_reason.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = CheckInSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        visit = visit_check_in(
            player=form.validated_data["player"],
            by=acting_user(request),
            override_reason=form.validated_data.get("override_reason"),
        )
        body = VisitSerializer(visits_with_people().get(pk=visit.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={200: VisitSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Record that the player left (409 visit_not_open if they had). The "
        "visit's money is settled by the check-out slip (not yet in the API).",
    )
    @action(detail=True, methods=["post"], url_path="check-out")
    @idempotent
    def check_out(self, request: Request, pk: str) -> Response:
        visit = visit_check_out(visit=self.get_object(), by=acting_user(request))
        return Response(VisitSerializer(visits_with_people().get(pk=visit.pk)).data)

    @extend_schema(
        parameters=[CreditQuerySerializer],
        responses={200: CreditSerializer},
        description="What the player owes against their credit limit: the desk's warning "
        "before a check-in.",
    )
    @action(detail=False, methods=["get"], pagination_class=None, filterset_class=None)
    def credit(self, request: Request) -> Response:
        query = CreditQuerySerializer(data=request.query_params, context={"request": request})
        query.is_valid(raise_exception=True)
        player = query.validated_data["player"]
        standing = credit_standing(player=player)
        return Response(
            {
                "player": player.pk,
                "owed": standing.owed,
                "limit": standing.limit,
                "above_limit": standing.above_limit,
            }
        )


class CreditLimitSerializer(serializers.ModelSerializer[CreditLimit]):
    set_by = serializers.CharField(source="set_by.username", read_only=True)

    class Meta:
        model = CreditLimit
        fields = ["player", "amount", "set_by", "set_at"]
        read_only_fields = ["set_by", "set_at"]


class CreditLimitInputSerializer(serializers.Serializer[Any]):
    player = ScopedRowField(queryset=Player.objects.all(), action=Action.SET_CREDIT_LIMIT)
    amount = serializers.IntegerField(
        min_value=0,
        max_value=2**63 - 1,
        allow_null=True,
        help_text="Money in the currency's minor unit; null removes the limit.",
    )


class CreditLimitViewSet(ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[CreditLimit]):
    """Players' credit limits (the desk reads them; managers set them)."""

    serializer_class = CreditLimitSerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.CHECK_IN, "write": Action.SET_CREDIT_LIMIT}

    def get_queryset(self) -> QuerySet[CreditLimit]:
        rows = CreditLimit.objects.select_related("player", "set_by").order_by("player_id")
        return policy.scoped_to(rows, self.request.user, Action.CHECK_IN, "player__parlor")

    @extend_schema(
        request=CreditLimitInputSerializer,
        responses={200: CreditLimitSerializer, 204: None, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Set a player's credit limit (managers); amount null removes it (204).",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = CreditLimitInputSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        limit = credit_limit_set(
            player=form.validated_data["player"],
            amount=form.validated_data["amount"],
            by=acting_user(request),
        )
        if limit is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(CreditLimitSerializer(limit).data)
