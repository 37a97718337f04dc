"""What players may read of their own: balances, statement lines, settlements; and ``me``.

Staff and managers see every player's rows of their parlors (and filter
them); a player's login sees only its own player's rows, in the parlor where
it is a player, however it filters (``api.scoping.books_or_own``). ``me``
lists the login's memberships: each parlor and the role in it.
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

from api.books.filters import PlayerBalanceFilter, SettlementFilter, StatementFilter
from api.books.serializers import (
    PlayerBalanceSerializer,
    SettlementSerializer,
    StatementLineSerializer,
)
from api.permissions import acting_user, user_roles
from api.scoping import books_or_own, member_player
from api.viewsets import ApiDefaults
from ledger.models import LedgerEntry, Settlement
from ledger.play.listings import players_with_balances, statement_lines
from ledger.settle.settlement_selectors import live_settlements
from parlor.access import is_superuser
from parlor.models import Membership, Player
from parlor.policy import Action


class BalanceViewSet(ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[Player]):
    """Each player's account balance: money from closed games, points and chips of open ones."""

    serializer_class = PlayerBalanceSerializer
    filterset_class = PlayerBalanceFilter
    roles_by_action = {"read": Action.VIEW_OWN}

    def get_queryset(self) -> QuerySet[Player]:
        players = books_or_own(
            Player.objects.order_by("parlor_id", "member_number", "pk"),
            self.request.user,
            parlor_path="parlor",
            player_field="pk",
        )
        return players_with_balances(players=players)


class StatementViewSet(ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[LedgerEntry]):
    """Statement lines: every entry on a player's account, newest first."""

    serializer_class = StatementLineSerializer
    filterset_class = StatementFilter
    roles_by_action = {"read": Action.VIEW_OWN}

    def get_queryset(self) -> QuerySet[LedgerEntry]:
        return books_or_own(
            statement_lines(),
            self.request.user,
            parlor_path="account__parlor",
            player_field="account__player",
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
    roles_by_action = {"read": Action.VIEW_OWN}

    def get_queryset(self) -> QuerySet[Settlement]:
        return books_or_own(
            live_settlements(),
            self.request.user,
            parlor_path="session__parlor",
            player_field="player",
        )


class MembershipSerializer(serializers.Serializer[Membership]):
    parlor = serializers.IntegerField(source="parlor_id")
    name = serializers.CharField(source="parlor.name")
    role = serializers.CharField()


class MeView(APIView):
    """Who the token belongs to: username, roles, memberships and the linked player."""

    # Any login may ask who it is, even one without a role yet.
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses=inline_serializer(
            "Me",
            {
                "username": serializers.CharField(),
                "roles": serializers.ListField(child=serializers.CharField()),
                "memberships": MembershipSerializer(many=True),
                "is_superuser": serializers.BooleanField(),
                "player": serializers.IntegerField(allow_null=True),
            },
        )
    )
    def get(self, request: Request) -> Response:
        player = member_player(request.user)
        memberships = Membership.objects.filter(user=acting_user(request)).select_related("parlor")
        body: dict[str, Any] = {
            "username": request.user.get_username(),
            "roles": sorted(user_roles(request.user)),
            "memberships": MembershipSerializer(
                memberships.order_by("parlor__name", "parlor_id"),  # type: ignore[arg-type]
                many=True,
            ).data,
            "is_superuser": is_superuser(request.user),
            "player": None if player is None else player.pk,
        }
        return Response(body)
