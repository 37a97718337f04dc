"""The statistics' endpoints (docs/api.md, "Statistics"): numbers and ratings, never money.

- ``GET /api/me/statistics/``: the signed-in player's own (``view_own``).
- ``GET /api/players/{id}/statistics/``: any player of a parlor where the user may
  ``view_statistics`` (the desk); a player of another parlor is 404.
- ``GET /api/statistics/standings/?parlor=``: the parlor's players per ruleset
  configuration, with their ratings (``view_standings``: every member, players too).

Query: ``date_from`` and ``date_to`` (business days, both included; the player's
default: all their games; the standings': this month), ``ruleset_config``; the
standings also ``min_games`` and ``ordering`` (a column, ``-`` first for descending;
default ``-rating``), ``page`` and ``page_size`` (50 lines a page, 500 at most). Each
answers from one selector (``players.statistics.selectors``).
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import RolePermission
from api.players.views import own_player
from api.statistics.serializers import (
    PlayerStatisticsQuerySerializer,
    PlayerStatisticsSerializer,
    StatisticsStandingsQuerySerializer,
    StatisticsStandingsSerializer,
)
from ledger.settle.standing_selectors import month_of
from parlor import policy
from parlor.models import Parlor, Player
from parlor.policy import Action
from players.statistics.selectors import Period, player_statistics, statistics_standings

PAGE_SIZE = 50


def _query(request: Request, serializer: type[PlayerStatisticsQuerySerializer]) -> Any:
    params = serializer(data=request.query_params)
    params.is_valid(raise_exception=True)
    return params.validated_data


def _player_answer(request: Request, player: Player) -> Response:
    data = _query(request, PlayerStatisticsQuerySerializer)
    statistics = player_statistics(
        player=player,
        period=Period(data.get("date_from"), data.get("date_to")),
        ruleset_config_id=data.get("ruleset_config"),
    )
    return Response(PlayerStatisticsSerializer(statistics).data)


class MyStatisticsView(APIView):
    """The signed-in player's numbers per ruleset configuration, games and rating over time."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_OWN}

    @extend_schema(
        parameters=[PlayerStatisticsQuerySerializer], responses=PlayerStatisticsSerializer
    )
    def get(self, request: Request) -> Response:
        return _player_answer(request, own_player(request))


class PlayerStatisticsView(APIView):
    """One player's numbers, games and rating over time (the desk's view of a player)."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_STATISTICS}

    @extend_schema(
        parameters=[PlayerStatisticsQuerySerializer], responses=PlayerStatisticsSerializer
    )
    def get(self, request: Request, player_pk: int) -> Response:
        scoped = policy.scoped_to(
            Player.objects.select_related("parlor"), request.user, Action.VIEW_STATISTICS
        )
        return _player_answer(request, get_object_or_404(scoped, pk=player_pk))


class StatisticsStandingsView(APIView):
    """The parlor's players per ruleset configuration: games, placements, rates, rating."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_STANDINGS}

    @extend_schema(
        parameters=[StatisticsStandingsQuerySerializer], responses=StatisticsStandingsSerializer
    )
    def get(self, request: Request) -> Response:
        data = _query(request, StatisticsStandingsQuerySerializer)
        scoped = policy.scoped_to(Parlor.objects.all(), request.user, Action.VIEW_STANDINGS, "pk")
        parlor = get_object_or_404(scoped, pk=data["parlor"])
        first, last = month_of(parlor=parlor, moment=timezone.now())
        first = data.get("date_from") or first
        last = data.get("date_to") or max(last, first)
        standings = statistics_standings(
            parlor=parlor,
            period=Period(first, last),
            ruleset_config_id=data.get("ruleset_config"),
            min_games=data.get("min_games") or 0,
            ordering=data.get("ordering") or "-rating",
        )
        size = data.get("page_size") or PAGE_SIZE
        number = data.get("page") or 1
        shown = {
            "count": len(standings.lines),
            "page": number,
            "page_size": size,
            "parlor": standings.parlor,
            "period": standings.period,
            "ruleset_config_id": standings.ruleset_config_id,
            "min_games": standings.min_games,
            "ordering": standings.ordering,
            "lines": standings.lines[(number - 1) * size : number * size],
        }
        return Response(StatisticsStandingsSerializer(shown).data)
