"""Staff who play over the API: the back pay rate, advances (アウト), members' statements.

Who may is the policy's: ``set_back_pay`` for the rate (its history too), ``member_advance``
for advances and the list of members with what they owe, ``view_member_statements`` for a
member's monthly statement (docs/floor.md, "Staff who play"). Every write takes an
``Idempotency-Key``; its stored answer is read back by the audit (api/floor/answers.py).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.counter.serializers import CounterEntrySerializer
from api.errors import WRITE_ERRORS
from api.floor.views import floor_parlor
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import RolePermission, acting_user
from api.scoped_fields import ScopedRowField
from api.scoping import limit_fields
from api.viewsets import ApiDefaults
from ledger.counter.models import CounterEntry, CounterEntryKind
from ledger.counter.services import MAX_AMOUNT
from ledger.floor.member_statement import MemberStatement, member_statement
from ledger.floor.members import (
    MEMO_MAX_LENGTH,
    advances_outstanding,
    back_pay_rate_set,
    member_advance,
    member_players,
)
from ledger.floor.models import BackPayRate
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action

MEMBER_KINDS = (CounterEntryKind.MEMBER_ADVANCE, CounterEntryKind.MEMBER_ADVANCE_RETURNED)
MONTH = re.compile(r"^(\d{4})-(\d{2})$")


# --- bodies --------------------------------------------------------------------------------


class BackPayRateSerializer(serializers.ModelSerializer[BackPayRate]):
    set_by = serializers.CharField(source="set_by.username", read_only=True)

    class Meta:
        model = BackPayRate
        fields = ["id", "parlor", "amount", "set_at", "set_by", "memo"]
        read_only_fields = fields


class BackPayRateInputSerializer(serializers.Serializer[Any]):
    parlor = serializers.PrimaryKeyRelatedField(queryset=Parlor.objects.all())
    amount = serializers.IntegerField(
        min_value=0,
        max_value=MAX_AMOUNT,
        help_text="Back pay per game played, in the currency's minor unit; from now on.",
    )
    memo = serializers.CharField(
        required=False, allow_blank=True, max_length=MEMO_MAX_LENGTH, default=""
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Another parlor does not exist for the user (400)."""
        return limit_fields(self, super().get_fields(), Action.SET_BACK_PAY, {"parlor": "pk"})


class AdvanceInputSerializer(serializers.Serializer[Any]):
    player = ScopedRowField(queryset=Player.objects.all(), action=Action.MEMBER_ADVANCE)
    amount = serializers.IntegerField(
        min_value=1, max_value=MAX_AMOUNT, help_text="Cash, in the currency's minor unit."
    )
    returned = serializers.BooleanField(
        default=False, help_text="true: the member gives cash back (at most what is out)."
    )
    memo = serializers.CharField(
        required=False, allow_blank=True, max_length=MEMO_MAX_LENGTH, default=""
    )


class MemberSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    member_number = serializers.CharField()
    advances_outstanding = serializers.SerializerMethodField(
        help_text="Cash advanced and not yet returned, in the currency's minor unit."
    )

    def get_advances_outstanding(self, player: Player) -> int:
        return advances_outstanding(player=player)


class GameLineSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(source="session.pk")
    closed_at = serializers.DateTimeField()
    table = serializers.CharField()
    placement = serializers.IntegerField()
    result = serializers.IntegerField(help_text="Money the close moved, the fee included.")
    fee = serializers.IntegerField()
    back_pay = serializers.IntegerField()


class AdvanceLineSerializer(serializers.Serializer[Any]):
    entry = serializers.IntegerField(source="entry.pk")
    kind = serializers.CharField(source="entry.kind")
    business_day = serializers.DateField(source="entry.business_day")
    amount = serializers.IntegerField(help_text="On the advances account: out -, back +.")
    memo = serializers.CharField(source="entry.memo")
    recorded_by = serializers.CharField(source="entry.created_by.username")


class MemberStatementSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player.pk")
    name = serializers.CharField(source="player.name")
    month = serializers.DateField()
    currency = serializers.CharField(source="parlor.currency_code")
    games = GameLineSerializer(many=True)
    results = serializers.IntegerField()
    fees = serializers.IntegerField()
    back_pay = serializers.IntegerField()
    advances = AdvanceLineSerializer(many=True)
    advanced = serializers.IntegerField()
    returned = serializers.IntegerField()
    outstanding_before = serializers.IntegerField()
    outstanding_after = serializers.IntegerField()


class MonthQuerySerializer(serializers.Serializer[Any]):
    month = serializers.RegexField(MONTH, help_text="YYYY-MM: the parlor's business days.")

    def validate_month(self, value: str) -> date:
        found = MONTH.match(value)
        assert found is not None
        year, month = int(found[1]), int(found[2])
        if not (1 <= month <= 12 and 2000 <= year <= 2999):
            raise serializers.ValidationError("a month from 2000-01 to 2999-12")
        return date(year, month, 1)


# --- views ---------------------------------------------------------------------------------


class BackPayRateViewSet(
    ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[BackPayRate]
):  # fmt: skip
    """The back pay per game, every change kept (newest first): the manager's."""

    serializer_class = BackPayRateSerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.SET_BACK_PAY, "write": Action.SET_BACK_PAY}

    def get_queryset(self) -> QuerySet[BackPayRate]:
        rows = BackPayRate.objects.select_related("set_by").order_by("-set_at", "-pk")
        return policy.scoped_to(rows, self.request.user, Action.SET_BACK_PAY)

    @extend_schema(
        request=BackPayRateInputSerializer,
        responses={201: BackPayRateSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Set the back pay per game played from now on; a game's close pays the "
        "rate in force then. The rates before stay on record.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = BackPayRateInputSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        rate = back_pay_rate_set(**form.validated_data, by=acting_user(request))
        return Response(BackPayRateSerializer(rate).data, status=status.HTTP_201_CREATED)


class MemberAdvanceViewSet(
    ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[CounterEntry]
):  # fmt: skip
    """Cash advanced to staff members who play (アウト) and returned: counter entries."""

    serializer_class = CounterEntrySerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.MEMBER_ADVANCE, "write": Action.MEMBER_ADVANCE}

    def get_queryset(self) -> QuerySet[CounterEntry]:
        rows = CounterEntry.objects.filter(kind__in=MEMBER_KINDS).select_related(
            "player", "created_by"
        )
        return policy.scoped_to(rows.order_by("-pk"), self.request.user, Action.MEMBER_ADVANCE)

    @extend_schema(
        request=AdvanceInputSerializer,
        responses={201: CounterEntrySerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Advance a staff member cash from the till to play with, or take it back "
        "(returned: true; 409 balance_exceeded beyond what is out; 400 not_a_member for a "
        "player no staff member clocked in as).",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = AdvanceInputSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        player: Player = form.validated_data["player"]
        entry = member_advance(
            parlor=player.parlor,
            player=player,
            amount=form.validated_data["amount"],
            returned=form.validated_data["returned"],
            memo=form.validated_data["memo"],
            by=acting_user(request),
        )
        return Response(CounterEntrySerializer(entry).data, status=status.HTTP_201_CREATED)


def _member(request: Request, player_pk: int, action: Action) -> Player:
    player = Player.objects.select_related("parlor").filter(pk=player_pk).first()
    if player is None or not policy.allows(request.user, action, parlor_id=player.parlor_id):
        raise Http404("No such member.")
    if not member_players(parlor=player.parlor).filter(pk=player.pk).exists():
        raise Http404("No such member.")
    return player


class MembersView(APIView):
    """The parlor's staff members who play (someone clocked in as them), with what they owe."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.MEMBER_ADVANCE}

    @extend_schema(
        parameters=[OpenApiParameter("parlor", int, required=True)],
        responses={200: MemberSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        parlor = floor_parlor(request, action=Action.MEMBER_ADVANCE)
        return Response(MemberSerializer(member_players(parlor=parlor), many=True).data)


class MemberStatementView(APIView):
    """A member's monthly statement for payroll: games, results, back pay, advances."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_MEMBER_STATEMENTS}

    @extend_schema(parameters=[MonthQuerySerializer], responses={200: MemberStatementSerializer})
    def get(self, request: Request, player_pk: int) -> Response:
        player = _member(request, player_pk, Action.VIEW_MEMBER_STATEMENTS)
        query = MonthQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        statement: MemberStatement = member_statement(
            parlor=player.parlor, player=player, month=query.validated_data["month"]
        )
        return Response(MemberStatementSerializer(statement).data)
