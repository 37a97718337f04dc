"""Corrections, penalties and settlements in the admin: the audit trail, read-only.

Corrections are made from the session page (a manager's "Correct" beside a
hand), which calls ``correction_post``; penalties are written with their
hand (a chonbo hand, a dead hand); settlements by closing the session.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from ledger.admin.columns import SessionColumn
from ledger.admin.filters import player_filter
from ledger.admin.roles import LedgerAdmin
from ledger.models import Correction, Penalty, Settlement
from parlor.admin_columns import amount_column
from words import labels
from words.game_pays import game_pays_text, session_pays
from words.money import money_text

if TYPE_CHECKING:  # names of django-stubs only
    from django.contrib.admin.filters import _ListFilterChoices
    from django.utils.functional import _StrOrPromise as StrOrPromise
from ledger.settle.settlement_selectors import (
    only_live,
    only_superseded,
    settlement_is_live,
    with_superseding_correction,
)

SUPERSEDED, EVERY = "superseded", "all"


@admin.register(Correction)
class CorrectionAdmin(SessionColumn, LedgerAdmin[Correction]):
    list_display = [
        "__str__",
        "session_link",
        "kind",
        "reason",
        "reopened_session",
        "created_by",
        "created_at",
    ]
    list_filter = [
        "kind",
        "reopened_session",
        ("created_at", admin.DateFieldListFilter),
        ("session__table", admin.RelatedOnlyFieldListFilter),
    ]
    list_select_related = ["session__table", "hand", "created_by"]
    date_hierarchy = "created_at"
    search_fields = ["=session__id", "reason"]
    readonly_fields = (
        "session_link",
        "hand",
        "kind",
        "reason",
        "reopened_session",
        "created_by",
        "created_at",
    )
    fields = readonly_fields


@admin.register(Penalty)
class PenaltyAdmin(SessionColumn, LedgerAdmin[Penalty]):
    list_display = [
        "player",
        "kind",
        "cause_label",
        "session_link",
        "hand",
        "recorded_by",
        "recorded_at",
    ]
    list_filter = [
        "kind",
        "cause",
        ("recorded_at", admin.DateFieldListFilter),
        ("session__table", admin.RelatedOnlyFieldListFilter),
    ]
    list_select_related = ["player", "session__table", "hand", "recorded_by"]
    date_hierarchy = "recorded_at"
    search_fields = ["player__name", "player__member_number", "=session__id"]
    readonly_fields = (
        "player",
        "seat",
        "kind",
        "cause",
        "session_link",
        "hand",
        "recorded_by",
        "recorded_at",
    )
    fields = readonly_fields

    @admin.display(description=_("cause"), ordering="cause")
    def cause_label(self, penalty: Penalty) -> str:
        return labels.label(labels.FAULTS, penalty.cause)


class SettlementStatusFilter(admin.SimpleListFilter):
    """Live rows by default; superseded ones (retired by a reopening correction) on demand."""

    title = _("status")
    parameter_name = "status"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, StrOrPromise]]:
        return [(SUPERSEDED, _("superseded")), (EVERY, _("live and superseded"))]

    def choices(self, changelist: Any) -> Iterator[_ListFilterChoices]:
        choices = iter(super().choices(changelist))
        unfiltered = next(choices)  # Django's "All": no value chosen shows the live rows
        unfiltered["display"] = _("live")
        yield unfiltered
        yield from choices

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == SUPERSEDED:
            return only_superseded(queryset)
        if self.value() == EVERY:
            return queryset
        return only_live(queryset)


@admin.register(Settlement)
class SettlementAdmin(SessionColumn, LedgerAdmin[Settlement]):
    list_display = [
        "player",
        "status",
        "session_link",
        "placement",
        "final_score_amount",
        "points_amount",
        "chips_amount",
        "money_amount",
        "fee_amount",
        "net_money",
    ]
    list_filter = [
        SettlementStatusFilter,
        "session__state",
        ("session__table", admin.RelatedOnlyFieldListFilter),
        player_filter("player_id"),
    ]
    list_select_related = ["player", "session__table", "session__parlor"]
    search_fields = ["player__name", "player__member_number", "=session__id"]
    readonly_fields = (
        "session_link",
        "status",
        "player",
        "seat",
        "placement",
        "pays",
        "final_score_amount",
        "points_amount",
        "chips_amount",
        "chips_detail",
        "money_amount",
        "fee_amount",
        "net_money",
    )
    fields = readonly_fields
    final_score_amount = amount_column(Settlement, "final_score")
    # What the game pays (issue 33): a chips-only game's points, a chipless game's chips, dashed.
    points_amount = amount_column(
        Settlement, "points", signed=True, paid_if=lambda row: session_pays(row.session).points
    )
    chips_amount = amount_column(
        Settlement, "chips", signed=True, paid_if=lambda row: session_pays(row.session).chips
    )
    money_amount = amount_column(
        Settlement, "money", signed=True, money_of=lambda row: row.session.parlor
    )
    fee_amount = amount_column(Settlement, "fee", money_of=lambda row: row.session.parlor)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Settlement]:
        return with_superseding_correction(super().get_queryset(request))

    @admin.display(description=_("pays"))
    def pays(self, settlement: Settlement) -> str:
        return game_pays_text(session_pays(settlement.session))

    @admin.display(description=_("net money"))
    def net_money(self, settlement: Settlement) -> str:
        return money_text(settlement.net_money, settlement.session.parlor, signed=True)

    @admin.display(description=_("status"))
    def status(self, settlement: Settlement) -> str:
        """ "live", or "superseded" linked to the correction that reopened the session."""
        if settlement_is_live(settlement):
            return str(_("live"))
        correction_id = settlement.superseded_by_id  # type: ignore[attr-defined]
        url = reverse("admin:ledger_correction_change", args=[correction_id])
        return format_html(
            '<a href="{}">{}</a>',
            url,
            _("superseded by correction %(number)s") % {"number": correction_id},
        )
