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

from api.counter.views import KEY_PARAMETER, key_required
from api.errors import WRITE_ERRORS
from api.filters import BaseFilterSet
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import acting_user
from api.scoped_fields import ScopedRowField
from api.viewsets import ApiDefaults
from ledger.counter.models import PaymentMethod
from ledger.counter.settle import visit_settle
from ledger.counter.slip import settled_slip, visit_slip
from ledger.counter.visit_selectors import visits_with_people
from ledger.counter.visit_services import (
    REASON_MAX_LENGTH,
    credit_limit_set,
    credit_standing,
    visit_check_in,
    visit_check_out,
)
from ledger.models import CreditLimit, Visit, VisitSettlement
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


class SlipPlanSerializer(serializers.Serializer[Any]):
    prepaid_spent = serializers.IntegerField()
    deposit_applied = serializers.IntegerField()
    deposit_returned = serializers.IntegerField()
    payment_received = serializers.IntegerField()
    payment_made = serializers.IntegerField()
    carried = serializers.IntegerField(help_text="Owed and left on the balance.")
    player_pays = serializers.IntegerField()
    player_receives = serializers.IntegerField()


class VisitSlipSerializer(serializers.Serializer[Any]):
    """A visit's check-out slip (docs/counter.md, "The check-out slip"): money in the
    currency's minor unit; ``version`` is what the confirmation names."""

    visit = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    member_number = serializers.CharField()
    business_day = serializers.DateField()
    settled = serializers.BooleanField()
    version = serializers.IntegerField()
    brought_forward = serializers.IntegerField()
    games = serializers.ListField(child=serializers.DictField())
    corrections = serializers.ListField(child=serializers.DictField())
    lines = serializers.ListField(child=serializers.DictField())
    playing = serializers.ListField(child=serializers.CharField())
    deposit = serializers.IntegerField()
    prepaid = serializers.IntegerField()
    results = serializers.IntegerField()
    plan = SlipPlanSerializer()
    invoice = serializers.DictField(allow_null=True)


class SettleSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(
        min_value=0, max_value=2**63 - 1, help_text="The slip's version, as shown."
    )
    method = serializers.ChoiceField(
        choices=[PaymentMethod.CASH, PaymentMethod.CARD, PaymentMethod.QR],
        default=PaymentMethod.CASH,
    )
    pays_now = serializers.IntegerField(
        min_value=0,
        max_value=2**63 - 1,
        required=False,
        allow_null=True,
        help_text="What a player who owes pays now, when less than the slip says; the rest"
        " stays on their balance.",
    )


class VisitSettlementSerializer(serializers.ModelSerializer[VisitSettlement]):
    settled_by = serializers.CharField(source="settled_by.username", read_only=True)
    entries = serializers.SerializerMethodField()

    class Meta:
        model = VisitSettlement
        fields = ["id", "visit", "posting", "cut", "settled_by", "settled_at", "entries", "slip"]
        read_only_fields = fields

    def get_entries(self, settlement: VisitSettlement) -> list[int]:
        if settlement.posting_id is None:
            return []
        return list(
            settlement.posting.counter_entries.order_by("pk").values_list("pk", flat=True)  # type: ignore[union-attr]
        )


def slip_body(visit: Visit) -> dict[str, Any]:
    kept = settled_slip(visit=visit)
    slip = kept if kept is not None else visit_slip(visit=visit)
    body = slip.as_json()
    body["settled"] = kept is not None
    body["plan"]["player_pays"] = slip.plan.player_pays
    body["plan"]["player_receives"] = slip.plan.player_receives
    return body


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
    roles_by_action = {
        "read": Action.CHECK_IN,
        "write": Action.CHECK_IN,
        "slip": Action.SETTLE_VISIT,
        "settle": Action.SETTLE_VISIT,
    }

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
        responses={200: VisitSlipSerializer},
        description="The visit's check-out slip: every game since the player's previous slip"
        " (points, chips, money, fees, penalties), corrections of earlier games, the counter's"
        " entries, the three balances and what the player pays or receives now. A settled"
        " visit answers its slip as confirmed.",
    )
    @action(detail=True, methods=["get"])
    def slip(self, request: Request, pk: str) -> Response:
        return Response(VisitSlipSerializer(slip_body(self.get_object())).data)

    @extend_schema(
        request=SettleSerializer,
        responses={201: VisitSettlementSerializer, **WRITE_ERRORS},
        parameters=[KEY_PARAMETER],
        description="Confirm the slip (its version as shown) and check the player out: one"
        " posting with the slip's parts. 409 slip_changed when the slip moved since it was"
        " shown, still_playing when the player sits in an open game, visit_not_open; 403 for"
        " one's own visit.",
    )
    @action(detail=True, methods=["post"])
    @idempotent
    def settle(self, request: Request, pk: str) -> Response:
        key_required(request)
        visit = self.get_object()
        form = SettleSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        settlement = visit_settle(
            visit=visit,
            by=acting_user(request),
            version=form.validated_data["version"],
            method=form.validated_data["method"],
            pays_now=form.validated_data.get("pays_now"),
        )
        return Response(VisitSettlementSerializer(settlement).data, status=status.HTTP_201_CREATED)

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
