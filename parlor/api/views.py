"""Players, tables, ruleset configurations and rates: lists with filters, and edits by role.

Staff register and edit players; managers change everything else and may
delete a row nothing refers to (deactivating is the usual way). A player
sees their own player record, and every ruleset configuration and rate.
"""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets

from api.errors import ErrorSerializer
from api.permissions import (
    DESK,
    EVERYONE,
    MANAGERS,
    own_rows_only,
)
from api.viewsets import ApiDefaults
from parlor.api.filters import PlayerFilter, RateFilter, RulesetConfigFilter, TableFilter
from parlor.api.serializers import (
    PlayerSerializer,
    RateSerializer,
    RulesetConfigSerializer,
    TableSerializer,
)
from parlor.models import Player, Rate, RulesetConfig, Table

_DELETE_DOC = extend_schema(
    description="Deletes a row nothing refers to; 409 `protected` otherwise (deactivate it).",
    responses={204: None, 409: ErrorSerializer},
)


@extend_schema_view(destroy=_DELETE_DOC)
class PlayerViewSet(ApiDefaults, viewsets.ModelViewSet[Player]):
    """Members. Staff and managers list and register them; a player sees only themselves."""

    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    roles_by_action = {"read": EVERYONE, "write": DESK, "destroy": MANAGERS}

    def get_queryset(self) -> QuerySet[Player]:
        players = Player.objects.order_by("parlor_id", "member_number", "pk")
        return own_rows_only(players, request=self.request, player_field="pk")


@extend_schema_view(destroy=_DELETE_DOC)
class TableViewSet(ApiDefaults, viewsets.ModelViewSet[Table]):
    serializer_class = TableSerializer
    filterset_class = TableFilter
    roles_by_action = {"read": DESK, "write": MANAGERS}
    queryset = Table.objects.order_by("parlor_id", "name", "pk")


@extend_schema_view(destroy=_DELETE_DOC)
class RulesetConfigViewSet(ApiDefaults, viewsets.ModelViewSet[RulesetConfig]):
    """An engine ruleset with the parlor's options; the engine validates the options."""

    serializer_class = RulesetConfigSerializer
    filterset_class = RulesetConfigFilter
    roles_by_action = {"read": EVERYONE, "write": MANAGERS}
    queryset = RulesetConfig.objects.order_by("parlor_id", "name", "pk")


@extend_schema_view(destroy=_DELETE_DOC)
class RateViewSet(ApiDefaults, viewsets.ModelViewSet[Rate]):
    serializer_class = RateSerializer
    filterset_class = RateFilter
    roles_by_action = {"read": EVERYONE, "write": MANAGERS}
    queryset = Rate.objects.order_by("parlor_id", "name", "pk")
