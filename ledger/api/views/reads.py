"""What players may read of their own: balances, statement lines, settlements; and ``me``.

Staff and managers see every player's rows (and filter them); a player's
login sees only its own player's rows, however it filters.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, serializers, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.permissions import EVERYONE, own_rows_only, user_player, user_roles
from api.viewsets import ApiDefaults
from ledger.api.filters import PlayerBalanceFilter, SettlementFilter, StatementFilter
from ledger.api.serializers.reads import (
    PlayerBalanceSerializer,
    SettlementSerializer,
    StatementLineSerializer,
)
from ledger.models import LedgerEntry, Settlement
from ledger.selectors.listings import players_with_balances, statement_lines
from ledger.selectors.settlements import live_settlements
from parlor.models import Player


class BalanceViewSet(ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[Player]):
    """Each player's account balance: money from closed games, points and chips of open ones."""

    serializer_class = PlayerBalanceSerializer
    filterset_class = PlayerBalanceFilter
    roles_by_action = {"read": EVERYONE}

    def get_queryset(self) -> QuerySet[Player]:
        players = own_rows_only(
            Player.objects.order_by("parlor_id", "member_number", "pk"),
            request=self.request,
            player_field="pk",
        )
        return players_with_balances(players=players)


class StatementViewSet(ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[LedgerEntry]):
    """Statement lines: every entry on a player's account, newest first."""

    serializer_class = StatementLineSerializer
    filterset_class = StatementFilter
    roles_by_action = {"read": EVERYONE}

    def get_queryset(self) -> QuerySet[LedgerEntry]:
        return own_rows_only(
            statement_lines(), request=self.request, player_field="account__player"
        )


class SettlementViewSet(
    ApiDefaults,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[Settlement],
):
    """Each seat's closing figures and money, for every closed session (live closes only)."""

    serializer_class = SettlementSerializer
    filterset_class = SettlementFilter
    roles_by_action = {"read": EVERYONE}

    def get_queryset(self) -> QuerySet[Settlement]:
        return own_rows_only(live_settlements(), request=self.request, player_field="player")


class MeView(APIView):
    """Who the token belongs to: username, roles and the linked player."""

    # Any login may ask who it is, even one without a role yet.
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses=inline_serializer(
            "Me",
            {
                "username": serializers.CharField(),
                "roles": serializers.ListField(child=serializers.CharField()),
                "player": serializers.IntegerField(allow_null=True),
            },
        )
    )
    def get(self, request: Request) -> Response:
        player = user_player(request.user)
        body: dict[str, Any] = {
            "username": request.user.get_username(),
            "roles": sorted(user_roles(request.user)),
            "player": None if player is None else player.pk,
        }
        return Response(body)
