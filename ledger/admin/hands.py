"""Hand results in the admin: read-only, tiles drawn; a hand changes only by a correction."""

from __future__ import annotations

import json

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from ledger.admin.columns import SessionColumn
from ledger.admin.filters import player_filter
from ledger.admin.roles import LedgerAdmin
from ledger.models import HandResult
from ledger.play.engine_results import hand_outcome
from ledger.play.hands import hand_options
from words.hand_view import hand_view


def _names(hand: HandResult) -> list[str]:
    # Seats come prefetched with their players (get_queryset), so no query per row.
    return [seat.player.name for seat in hand.session.seats.all()]


@admin.register(HandResult)
class HandResultAdmin(SessionColumn, LedgerAdmin[HandResult]):
    list_display = [
        "__str__",
        "session_link",
        "tiles",
        "status",
        "entered_by",
        "entered_at",
    ]
    list_filter = [
        "kind",
        "session__state",
        ("entered_at", admin.DateFieldListFilter),
        ("session__table", admin.RelatedOnlyFieldListFilter),
        player_filter("session__seats__player_id"),
    ]
    date_hierarchy = "entered_at"
    search_fields = ["=session__id", "session__table__name", "session__seats__player__name"]
    list_per_page = 50
    readonly_fields = (
        "session_link",
        "ordinal",
        "version",
        "kind",
        "hand_drawn",
        "own_options",
        "status",
        "supersedes",
        "correction",
        "entered_by",
        "entered_at",
        "engine_version",
        "payload_json",
        "result_json",
    )
    fields = readonly_fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[HandResult]:
        return (
            super()
            .get_queryset(request)
            .select_related(
                "session__table",
                "entered_by",
                "superseded_by",
                "corrected_by",
                "supersedes",
                "correction",
            )
            .prefetch_related("session__seats__player")
        )

    @admin.display(description=_("hand"))
    def tiles(self, hand: HandResult) -> SafeString:
        return self._drawn(hand, size="small")

    @admin.display(description=_("hand"))
    def hand_drawn(self, hand: HandResult) -> SafeString:
        return self._drawn(hand, size="")

    def _drawn(self, hand: HandResult, *, size: str) -> SafeString:
        view = hand_view(payload=hand.payload, result=hand_outcome(hand), names=_names(hand))
        context = {"hand": view, "size": size}
        return SafeString(render_to_string("admin/ledger/hand/_summary.html", context))

    @admin.display(description=_("status"))
    def status(self, hand: HandResult) -> str:
        if hasattr(hand, "corrected_by"):
            return str(_("voided")) if hand.corrected_by.kind == "void" else str(_("amended"))
        if hasattr(hand, "superseded_by"):
            return str(_("re-settled"))
        return str(_("live"))

    @admin.display(description=_("ruleset options of this hand"))
    def own_options(self, hand: HandResult) -> str:
        """What the hand set for itself over the session's rules (the manager's: parlor.policy)."""
        options = hand_options(hand.payload)
        if not options:
            return str(_("none: the session's rules"))
        shown = (
            f"{field}: {json.dumps(values, ensure_ascii=False)}"
            for field, values in options.items()
        )
        return ", ".join(shown)

    @admin.display(description=_("hand as entered"))
    def payload_json(self, hand: HandResult) -> str:
        return format_html("<pre>{}</pre>", json.dumps(hand.payload, indent=2, ensure_ascii=False))

    @admin.display(description=_("engine result"))
    def result_json(self, hand: HandResult) -> str:
        return format_html("<pre>{}</pre>", json.dumps(hand.result, indent=2, ensure_ascii=False))
