"""Corrections, penalties and settlements in the admin: the audit trail, read-only.

Corrections are made from the session page (a manager's "Correct" beside a
hand), which calls ``correction_post``; penalties are written with their
hand (a chonbo hand, a dead hand); settlements by closing the session.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ledger import labels
from ledger.admin.columns import SessionColumn
from ledger.admin.filters import player_filter
from ledger.admin.roles import LedgerAdmin
from ledger.models import Correction, Penalty, Settlement


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
        "session__table",
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
    list_filter = ["kind", "cause", ("recorded_at", admin.DateFieldListFilter), "session__table"]
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


@admin.register(Settlement)
class SettlementAdmin(SessionColumn, LedgerAdmin[Settlement]):
    list_display = [
        "player",
        "session_link",
        "placement",
        "final_score",
        "points",
        "chips",
        "money",
        "fee",
        "net_money",
    ]
    list_filter = ["session__state", "session__table", player_filter("player_id")]
    list_select_related = ["player", "session__table"]
    search_fields = ["player__name", "player__member_number", "=session__id"]
    readonly_fields = (
        "session_link",
        "player",
        "seat",
        "placement",
        "final_score",
        "points",
        "chips",
        "chips_detail",
        "money",
        "fee",
        "net_money",
    )
    fields = readonly_fields

    @admin.display(description=_("net money"))
    def net_money(self, settlement: Settlement) -> int:
        return settlement.net_money
