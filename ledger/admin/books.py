"""The books in the admin: accounts, postings and their entries; read-only, never deleted."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ledger.admin.filters import player_filter
from ledger.admin.roles import LedgerAdmin
from ledger.models import Account, LedgerEntry, Posting
from parlor import policy
from parlor.admin_columns import amount_column
from parlor.admin_scope import ScopedAdmin, may
from parlor.policy import Action
from words import labels


@admin.register(Account)
class AccountAdmin(LedgerAdmin[Account]):
    parlor_path = "parlor"
    list_display = ["__str__", "kind", "parlor", "player", "table"]
    list_filter = ["kind", ("parlor", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["parlor", "player", "table"]
    search_fields = ["player__name", "player__member_number", "table__name"]


class EntryInline(admin.TabularInline[LedgerEntry, Posting]):
    model = LedgerEntry
    readonly_fields = ("account", "points", "chips", "money", "reason_label")
    fields = readonly_fields
    extra = 0
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet[LedgerEntry]:
        return (
            super()
            .get_queryset(request)
            .select_related("account__player", "account__table", "account__parlor")
        )

    def has_add_permission(self, request: HttpRequest, obj: Posting | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Posting | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Posting | None = None) -> bool:
        return False

    @admin.display(description=_("reason"))
    def reason_label(self, entry: LedgerEntry) -> str:
        return labels.label(labels.REASONS, entry.reason)


@admin.register(Posting)
class PostingAdmin(LedgerAdmin[Posting]):
    list_display = ["__str__", "session", "hand", "kind", "memo", "created_by", "created_at"]
    list_filter = [
        "kind",
        ("created_at", admin.DateFieldListFilter),
        ("session__table", admin.RelatedOnlyFieldListFilter),
        player_filter("session__seats__player_id"),
    ]
    list_select_related = ["session__table", "hand", "created_by"]
    date_hierarchy = "created_at"
    search_fields = ["=session__id", "memo"]
    inlines = [EntryInline]
    readonly_fields = (
        "session",
        "hand",
        "kind",
        "reverses",
        "correction",
        "memo",
        "created_by",
        "created_at",
    )
    fields = readonly_fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Posting]:
        """The user's parlors' postings: a session's by its parlor, and the counter's (no
        session) by the parlor whose accounts they move."""
        queryset = super(ScopedAdmin, self).get_queryset(request)
        ids = policy.allowed_parlor_ids(request.user, self.view_action)
        if ids is None:
            return queryset
        counter = Exists(
            LedgerEntry.objects.filter(posting=OuterRef("pk"), account__parlor__in=ids)
        )
        return queryset.filter(Q(session__parlor__in=ids) | (Q(session__isnull=True) & counter))

    def _allows(self, request: HttpRequest, action: Action | None, obj: Any) -> bool:
        if action is not None and obj is not None and obj.session_id is None:
            moved = LedgerEntry.objects.filter(posting=obj).values_list(
                "account__parlor_id", flat=True
            )
            return may(request, action, parlor_id=moved.first())
        return super()._allows(request, action, obj)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(LedgerAdmin[LedgerEntry]):
    parlor_path = "account__parlor"
    list_display = [
        "posting", "account", "points_amount", "chips_amount", "money_amount", "reason_label",
    ]  # fmt: skip
    list_filter = ["account__kind", "reason", "posting__kind"]
    list_select_related = ["posting", "account__player", "account__table", "account__parlor"]
    search_fields = [
        "account__player__name",
        "account__player__member_number",
        "=posting__session__id",
    ]
    readonly_fields = (
        "posting", "account", "points_amount", "chips_amount", "money_amount", "reason",
    )  # fmt: skip
    fields = readonly_fields
    points_amount = amount_column(LedgerEntry, "points", signed=True)
    chips_amount = amount_column(LedgerEntry, "chips", signed=True)
    money_amount = amount_column(
        LedgerEntry, "money", signed=True, money_of=lambda row: row.account.parlor
    )

    @admin.display(description=_("reason"), ordering="reason")
    def reason_label(self, entry: LedgerEntry) -> str:
        return labels.label(labels.REASONS, entry.reason)
