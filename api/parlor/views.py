"""Players, tables, ruleset configurations and rates: lists with filters, and edits by role.

Who may do what is the policy's (docs/permissions.md): staff register and edit
players; managers change everything else and may delete a row nothing refers
to (deactivating is the usual way). A player sees their own player record, and
every ruleset configuration and rate of their parlor. Every list and object is
scoped to the user's parlors: another parlor's row answers 404, and a row is
created in, or moved to, only a parlor where the user may edit it.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from django.db.models import Model, QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.permissions import SAFE_METHODS

from api.errors import ErrorSerializer
from api.parlor.filters import PlayerFilter, RateFilter, RulesetConfigFilter, TableFilter
from api.parlor.serializers import (
    PlayerSerializer,
    RateSerializer,
    RulesetConfigSerializer,
    TableSerializer,
)
from api.permissions import action_required
from api.scoping import books_or_own
from api.viewsets import ApiDefaults
from parlor import policy
from parlor.models import Player, Rate, RulesetConfig, Table
from parlor.policy import Action

M = TypeVar("M", bound=Model)

_DELETE_DOC = extend_schema(
    description="Deletes a row nothing refers to; 409 `protected` otherwise (deactivate it).",
    responses={204: None, 409: ErrorSerializer},
)


class ParlorRowsViewSet(ApiDefaults, viewsets.ModelViewSet[M]):
    """Rows of one parlor each: read where the policy lets the user see them, edited by role."""

    base_queryset: ClassVar[QuerySet[Any]]

    def get_queryset(self) -> QuerySet[M]:
        rows: QuerySet[M] = self.base_queryset.all()
        return policy.scoped_to(rows, self.request.user, self.roles_by_action["read"])

    def get_object(self) -> M:
        """Another parlor's row is 404; a change the role may not make in its parlor is 403."""
        row = super().get_object()
        if self.request.method not in SAFE_METHODS:
            policy.check(
                self.request.user,
                action_required(self, self.request),
                parlor_id=getattr(row, "parlor_id"),  # noqa: B009  (every row has a parlor)
            )
        return row


@extend_schema_view(destroy=_DELETE_DOC)
class PlayerViewSet(ParlorRowsViewSet[Player]):
    """Members. Staff and managers list and register them; a player sees only themselves."""

    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    roles_by_action = {
        "read": Action.VIEW_OWN,
        "write": Action.EDIT_PLAYERS,
        "destroy": Action.DELETE_PLAYERS,
    }
    base_queryset = Player.objects.order_by("parlor_id", "member_number", "pk")

    def get_queryset(self) -> QuerySet[Player]:
        return books_or_own(
            self.base_queryset.all(), self.request.user, parlor_path="parlor", player_field="pk"
        )


@extend_schema_view(destroy=_DELETE_DOC)
class TableViewSet(ParlorRowsViewSet[Table]):
    serializer_class = TableSerializer
    filterset_class = TableFilter
    roles_by_action = {"read": Action.VIEW_BOOKS, "write": Action.EDIT_TABLES}
    base_queryset = Table.objects.order_by("parlor_id", "name", "pk")


@extend_schema_view(destroy=_DELETE_DOC)
class RulesetConfigViewSet(ParlorRowsViewSet[RulesetConfig]):
    """An engine ruleset with the parlor's options; the engine validates the options."""

    serializer_class = RulesetConfigSerializer
    filterset_class = RulesetConfigFilter
    roles_by_action = {"read": Action.VIEW_RULES, "write": Action.EDIT_RULESETS}
    base_queryset = RulesetConfig.objects.order_by("parlor_id", "name", "pk")


@extend_schema_view(destroy=_DELETE_DOC)
class RateViewSet(ParlorRowsViewSet[Rate]):
    serializer_class = RateSerializer
    filterset_class = RateFilter
    roles_by_action = {"read": Action.VIEW_RULES, "write": Action.EDIT_RATES}
    base_queryset = Rate.objects.order_by("parlor_id", "name", "pk")
