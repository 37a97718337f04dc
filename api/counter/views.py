"""The counter's endpoints: entries (record, reverse, list), a player's three kinds of
money, the till's open period and its closes (docs/api.md, "The counter")."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.counter.serializers import (
    CounterEntryInputSerializer,
    CounterEntrySerializer,
    PlayerMoneySerializer,
    ReverseInputSerializer,
    TillCloseInputSerializer,
    TillCloseSerializer,
    TillPeriodSerializer,
)
from api.errors import WRITE_ERRORS, ApiError, ErrorSerializer
from api.filters import BaseFilterSet, IdFilter
from api.idempotency import HEADER, IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import RolePermission, acting_user
from api.scoping import books, books_or_own
from api.viewsets import ApiDefaults
from ledger.counter.denominations import denominations_of
from ledger.counter.models import CounterEntry, CounterEntryKind, PaymentMethod, TillClose
from ledger.counter.selectors import counter_entries, player_money
from ledger.counter.services import counter_entry_record, counter_entry_reverse
from ledger.counter.till import till_close, till_period
from ledger.errors import RequestErrorCode
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action

KEY_REQUIRED = {428: ErrorSerializer}
ANSWERS = {**WRITE_ERRORS, 428: ErrorSerializer}


def key_required(request: Request) -> None:
    """428 unless the POST carries an Idempotency-Key: a retry must never record twice."""
    if request.headers.get(HEADER) is None:
        raise ApiError(
            status_code=status.HTTP_428_PRECONDITION_REQUIRED,
            code=RequestErrorCode.RETRY_GUARD_REQUIRED,
            message=(
                f"a counter POST must carry an {HEADER} header (a new unique string per"
                " entry, sent again unchanged on a retry), so that a retry never records"
                " the money twice"
            ),
            field=HEADER,
        )


KEY_PARAMETER = OpenApiParameter(
    name=HEADER,
    type=OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    required=True,
    description=IDEMPOTENCY_PARAMETER.description
    + " Required here: without it the POST is refused with 428 `retry_guard_required`.",
)


class CounterEntryFilter(BaseFilterSet):
    parlor = IdFilter(field_name="parlor")
    player = IdFilter(field_name="player")
    kind = django_filters.ChoiceFilter(choices=CounterEntryKind.choices)
    method = django_filters.ChoiceFilter(choices=PaymentMethod.choices)
    business_day = django_filters.DateFilter()

    class Meta:
        model = CounterEntry
        fields = ["parlor", "player", "kind", "method", "business_day"]


class CounterEntryViewSet(
    ApiDefaults,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[CounterEntry],
):
    """Money at the counter: deposits, prepaid, payments, sales, paid-outs, the till's cash."""

    serializer_class = CounterEntrySerializer
    filterset_class = CounterEntryFilter
    parser_classes = [SafeJSONParser]
    roles_by_action = {
        "read": Action.VIEW_BOOKS,
        "create": Action.RECORD_COUNTER,
        "reverse": Action.CORRECT_COUNTER,
    }

    def get_queryset(self) -> QuerySet[CounterEntry]:
        return books(counter_entries(), self.request.user, "parlor")

    @extend_schema(
        request=CounterEntryInputSerializer,
        responses={201: CounterEntrySerializer, **ANSWERS},
        parameters=[KEY_PARAMETER],
        description="Record one counter entry and its posting (the desk: deposits, top-ups,"
        " payments, sales and paid-outs; a manager: float_in and cash_drop). 409"
        " `balance_exceeded` when it takes more than a deposit or prepaid balance holds or"
        " pays beyond what is owed.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        key_required(request)
        form = CounterEntryInputSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        entry = counter_entry_record(**form.validated_data, by=acting_user(request))
        return Response(CounterEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=ReverseInputSerializer,
        responses={201: CounterEntrySerializer, **ANSWERS},
        parameters=[KEY_PARAMETER],
        description="Take an entry back (a manager): a reversal entry whose posting mirrors"
        " the entry's. 409 `entry_already_reversed` the second time.",
    )
    @action(detail=True, methods=["post"])
    @idempotent
    def reverse(self, request: Request, pk: str | None = None) -> Response:
        key_required(request)
        entry = self.get_object()
        form = ReverseInputSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        reversal = counter_entry_reverse(
            entry=entry, by=acting_user(request), memo=form.validated_data["memo"]
        )
        return Response(CounterEntrySerializer(reversal).data, status=status.HTTP_201_CREATED)


class PlayerMoneyView(APIView):
    """A player's three kinds of money: deposit held, prepaid balance, results."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_OWN}

    @extend_schema(responses={200: PlayerMoneySerializer})
    def get(self, request: Request, player_pk: int) -> Response:
        players = books_or_own(
            Player.objects.all(), request.user, parlor_path="parlor", player_field="pk"
        )
        player = get_object_or_404(players, pk=player_pk)
        money = player_money(player=player)
        body = {
            "player": player.pk,
            "deposit": money.deposit,
            "prepaid": money.prepaid,
            "results": money.results,
            "at_leave": money.at_leave,
        }
        return Response(PlayerMoneySerializer(body).data)


def _parlor_for(request: Request, action: Action) -> Parlor:
    """The ``?parlor=`` of the request, among the parlors where the user may ``action``."""
    raw = request.query_params.get("parlor", "")
    if not raw.isdigit() or len(raw) > 18:
        raise ApiError(
            status_code=status.HTTP_400_BAD_REQUEST,
            code=RequestErrorCode.OUT_OF_RANGE,
            message="name the parlor: ?parlor=<id>",
            field="parlor",
        )
    parlors = policy.scoped_to(Parlor.objects.all(), request.user, action, "pk")
    return get_object_or_404(parlors, pk=int(raw))


class TillPeriodView(APIView):
    """The till's open period: the opening float, the cash of its entries, the expected till
    (a manager's: the desk counts without it)."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.MANAGE_TILL}

    @extend_schema(
        parameters=[OpenApiParameter("parlor", OpenApiTypes.INT, required=True)],
        responses={200: TillPeriodSerializer},
    )
    def get(self, request: Request) -> Response:
        parlor = _parlor_for(request, Action.MANAGE_TILL)
        period = till_period(parlor=parlor)
        faces = denominations_of(parlor.currency_code)
        body = {
            "parlor": parlor.pk,
            "previous_close": period.previous.pk if period.previous else None,
            "opening_float": period.opening_float,
            "cash_entries": period.cash_entries,
            "expected": period.expected,
            "entries": period.entries,
            "denominations": list(faces) if faces is not None else None,
        }
        return Response(TillPeriodSerializer(body).data)


class TillCloseFilter(BaseFilterSet):
    parlor = IdFilter(field_name="parlor")
    business_day = django_filters.DateFilter()

    class Meta:
        model = TillClose
        fields = ["parlor", "kind", "business_day"]


class TillCloseViewSet(
    ApiDefaults,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[TillClose],
):
    """The till's closes: counted by denomination, the difference posted to over/short."""

    serializer_class = TillCloseSerializer
    filterset_class = TillCloseFilter
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.VIEW_BOOKS, "create": Action.MANAGE_TILL}

    def get_queryset(self) -> QuerySet[TillClose]:
        closes = TillClose.objects.select_related("closed_by").order_by("-pk")
        return books(closes, self.request.user, "parlor")

    @extend_schema(
        request=TillCloseInputSerializer,
        responses={201: TillCloseSerializer, **ANSWERS},
        parameters=[KEY_PARAMETER],
        description="Count and close the till (a manager): at a shift handover or the end of"
        " the business day (one a day; 409 `till_already_closed`). The difference from the"
        " expected till is posted to over/short and shown.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        key_required(request)
        form = TillCloseInputSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        close = till_close(**form.validated_data, by=acting_user(request))
        return Response(TillCloseSerializer(close).data, status=status.HTTP_201_CREATED)
