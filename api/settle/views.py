"""The parlor's standings: ``GET /api/standings/`` (JSON) and ``/api/standings/file/`` (CSV, XLSX).

Query: ``parlor`` (required), ``date_from`` and ``date_to`` (business days, both
included; default: the month of today's business day), ``ruleset_config``
(optional) and ``ordering`` (a column, ``-`` first for descending; default
``-net_money``). Staff and managers only (the policy's ``VIEW_BOOKS``): the
standings show every player's money. Another parlor's standings are 404.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.periods import BIGINT_MAX, PeriodQuerySerializer
from api.permissions import RolePermission
from ledger.settle.standing_selectors import SORT_FIELDS, Standings, month_of, parlor_standings
from parlor import policy
from parlor.models import Parlor
from parlor.policy import Action
from reports.standings import CONTENT_TYPES, standings_file, standings_file_name


class StandingsQuerySerializer(PeriodQuerySerializer):
    parlor = serializers.IntegerField(min_value=1, max_value=BIGINT_MAX)
    date_from = serializers.DateField(
        required=False, help_text="First business day (default: the 1st of this month)."
    )
    date_to = serializers.DateField(
        required=False, help_text="Last business day, included (default: the month's last)."
    )
    ruleset_config = serializers.IntegerField(required=False, min_value=1, max_value=BIGINT_MAX)
    ordering = serializers.ChoiceField(
        choices=[*SORT_FIELDS, *(f"-{name}" for name in SORT_FIELDS)],
        default="-net_money",
        required=False,
    )


class StandingsFileQuerySerializer(StandingsQuerySerializer):
    file_format = serializers.ChoiceField(choices=["csv", "xlsx"])


class StandingsRowSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player_id")
    member_number = serializers.CharField()
    player_name = serializers.CharField()
    ruleset_config = serializers.IntegerField(source="ruleset_config_id")
    ruleset_config_name = serializers.CharField()
    games = serializers.IntegerField()
    first = serializers.IntegerField()
    second = serializers.IntegerField()
    third = serializers.IntegerField()
    fourth = serializers.IntegerField()
    average_placement = serializers.DecimalField(max_digits=4, decimal_places=2)
    points = serializers.IntegerField()
    chips = serializers.IntegerField()
    money = serializers.IntegerField(help_text="Points and chips at the rate, before the fee.")
    fee = serializers.IntegerField()
    net_money = serializers.IntegerField(help_text="money less the game fee: what was taken home.")
    chonbo = serializers.IntegerField()
    dead_hands = serializers.IntegerField()


class StandingsSerializer(serializers.Serializer[Any]):
    parlor = serializers.IntegerField(source="parlor.pk")
    currency_code = serializers.CharField(source="parlor.currency_code")
    date_from = serializers.DateField(source="first_day")
    date_to = serializers.DateField(source="last_day")
    ruleset_config = serializers.IntegerField(source="ruleset_config_id", allow_null=True)
    rows = StandingsRowSerializer(many=True)


def standings_for(request: Request, query: type[StandingsQuerySerializer]) -> tuple[Standings, Any]:
    params = query(data=request.query_params)
    params.is_valid(raise_exception=True)
    data = params.validated_data
    parlor = get_object_or_404(Parlor, pk=data["parlor"])
    policy.check(request.user, Action.VIEW_BOOKS, parlor_id=parlor.pk)
    first, last = month_of(parlor=parlor, moment=timezone.now())
    standings = parlor_standings(
        parlor=parlor,
        first_day=data.get("date_from") or first,
        last_day=data.get("date_to") or max(last, data.get("date_from") or last),
        ruleset_config_id=data.get("ruleset_config"),
        ordering=data.get("ordering") or "-net_money",
    )
    return standings, data


class StandingsView(APIView):
    """Each player's record per ruleset configuration over a span of business days."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_BOOKS}

    @extend_schema(parameters=[StandingsQuerySerializer], responses=StandingsSerializer)
    def get(self, request: Request) -> Response:
        standings, _ = standings_for(request, StandingsQuerySerializer)
        return Response(StandingsSerializer(standings).data)


class StandingsFileView(APIView):
    """The same standings as a CSV or XLSX file (``file_format``)."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_BOOKS}

    @extend_schema(
        parameters=[StandingsFileQuerySerializer],
        responses={(200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY)},
    )
    def get(self, request: Request) -> HttpResponse:
        standings, data = standings_for(request, StandingsFileQuerySerializer)
        file_format = data["file_format"]
        response = HttpResponse(
            standings_file(standings, file_format), content_type=CONTENT_TYPES[file_format]
        )
        name = standings_file_name(standings, file_format)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
