"""The books as sheets to export: a header and rows streamed from the database.

Each sheet is one ``values_list`` query read with ``iterator(chunk_size=...)``
(a server-side cursor on PostgreSQL): no queryset is held whole and no model
instance is built, so a year of a busy parlor exports in bounded memory.
Times are turned into the parlor's local time here; the writers decide how
to print them. Money is the integer in the currency's minor unit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from ledger.counter.kinds import cash_effect
from ledger.counter.models import CounterEntry, TillClose
from ledger.models import AccountKind, LedgerEntry, Penalty, Settlement
from ledger.settle.business_days import business_day_of
from ledger.settle.settlement_selectors import live_settlements
from reports.scope import Window

CHUNK = 2000
Row = list[Any]


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet (or the one CSV) of an export."""

    title: str
    header: Sequence[str]
    query: QuerySet[Any, tuple[Any, ...]]
    shape: Callable[[tuple[Any, ...]], Row]

    def count(self) -> int:
        return int(self.query.count())

    def rows(self) -> Iterator[Row]:
        for row in self.query.iterator(chunk_size=CHUNK):
            yield self.shape(row)


class _Clock:
    """The parlor's local time and business day of a stored moment."""

    def __init__(self, window: Window) -> None:
        self.parlor = window.parlor
        self.zone = ZoneInfo(window.parlor.time_zone)

    def local(self, moment: datetime | None) -> datetime | None:
        return None if moment is None else moment.astimezone(self.zone)

    def business_day(self, moment: datetime) -> date:
        return business_day_of(parlor=self.parlor, moment=moment)


def window_settlements(window: Window) -> QuerySet[Settlement]:
    """The live settlements (``live_settlements``) of the window's parlor, player and days."""
    return live_settlements(parlor=window.parlor, player=window.player).filter(
        window.moment_filter("posting__created_at")
    )


SETTLEMENT_COLUMNS = (
    "business_day", "closed_at", "session", "table", "ruleset", "seat", "placement",
    "member_number", "player", "final_score", "points", "chips", "money", "fee", "net_money",
    "currency",
)  # fmt: skip


def settlements_sheet(window: Window) -> Sheet:
    """Live settlements (a close undone by a correction is not listed), oldest first."""
    clock, currency = _Clock(window), window.parlor.currency_code
    query = (
        window_settlements(window)
        .order_by("posting__created_at", "session_id", "seat")
        .values_list(
            "posting__created_at",
            "session_id",
            "session__table__name",
            "session__ruleset_config__name",
            "seat",
            "placement",
            "player__member_number",
            "player__name",
            "final_score",
            "points",
            "chips",
            "money",
            "fee",
        )  # fmt: skip
    )

    def shape(row: tuple[Any, ...]) -> Row:
        closed_at, *middle, money, fee = row
        return [
            clock.business_day(closed_at), clock.local(closed_at), *middle,
            money, fee, money - fee, currency,
        ]  # fmt: skip

    return Sheet("Settlements", SETTLEMENT_COLUMNS, query, shape)


ENTRY_COLUMNS = (
    "business_day", "posted_at", "posting", "posting_kind", "session", "table", "hand",
    "hand_version", "reason", "account", "member_number", "player", "points", "chips", "money",
    "currency", "reverses_posting", "correction", "memo",
)  # fmt: skip


def entries_sheet(window: Window) -> Sheet:
    """Every leg, reversals included; a player's export lists only the player's legs."""
    clock, currency = _Clock(window), window.parlor.currency_code
    entries = LedgerEntry.objects.filter(posting__session__parlor=window.parlor).filter(
        window.moment_filter("posting__created_at")
    )
    if window.player is not None:
        entries = entries.filter(account__kind=AccountKind.PLAYER, account__player=window.player)
    query = entries.order_by("posting_id", "pk").values_list(
        "posting__created_at", "posting_id", "posting__kind", "posting__session_id",
        "posting__session__table__name", "posting__hand__ordinal", "posting__hand__version",
        "reason", "account__kind", "account__player__member_number", "account__player__name",
        "points", "chips", "money", "posting__reverses_id", "posting__correction_id",
        "posting__memo",
    )  # fmt: skip

    def shape(row: tuple[Any, ...]) -> Row:
        posted_at, *middle, money, reverses, correction, memo = row
        return [
            clock.business_day(posted_at), clock.local(posted_at), *middle, money, currency,
            reverses, correction, memo,
        ]  # fmt: skip

    return Sheet("Ledger entries", ENTRY_COLUMNS, query, shape)


PENALTY_COLUMNS = (
    "member_number", "player", "business_day", "recorded_at", "session", "table", "hand",
    "hand_version", "kind", "cause", "seat", "recorded_by", "made_by_correction", "status",
    "correction", "correction_kind", "correction_reason", "corrected_by", "corrected_at",
)  # fmt: skip

STATUS_BY_CORRECTION_KIND = {"void": "voided", "amend": "amended"}


def penalties_sheet(window: Window) -> Sheet:
    """Every chonbo and dead hand, corrected versions included, by player then time.

    ``status``: ``live``; ``voided`` or ``amended`` when its hand version was
    corrected; ``re-settled`` when a correction of an earlier hand gave its
    hand a new version (which records the penalty again, as a ``live`` row
    ``made_by_correction``). The correction columns name the correction that
    retired the version.
    """
    clock = _Clock(window)
    penalties = Penalty.objects.filter(session__parlor=window.parlor).filter(
        window.moment_filter("recorded_at")
    )
    if window.player is not None:
        penalties = penalties.filter(player=window.player)
    query = penalties.order_by("player__member_number", "recorded_at", "pk").values_list(
        "player__member_number", "player__name", "recorded_at", "session_id",
        "session__table__name", "hand__ordinal", "hand__version", "kind", "cause", "seat",
        "recorded_by__username", "hand__correction_id",
        # The correction of this version (void or amend) ...
        "hand__corrected_by__id", "hand__corrected_by__kind", "hand__corrected_by__reason",
        "hand__corrected_by__created_by__username", "hand__corrected_by__created_at",
        # ... or the one that re-settled it into a newer version.
        "hand__superseded_by__correction__id", "hand__superseded_by__correction__kind",
        "hand__superseded_by__correction__reason",
        "hand__superseded_by__correction__created_by__username",
        "hand__superseded_by__correction__created_at",
    )  # fmt: skip

    def shape(row: tuple[Any, ...]) -> Row:
        member, name, recorded_at, *hand_columns, made_by = row[:12]
        corrected, resettled = row[12:17], row[17:22]
        if corrected[0] is not None:
            status, correction = STATUS_BY_CORRECTION_KIND[corrected[1]], corrected
        elif resettled[0] is not None:
            status, correction = "re-settled", resettled
        else:
            status, correction = "live", (None, None, None, None, None)
        number, kind, reason, by, at = correction
        return [
            member, name, clock.business_day(recorded_at), clock.local(recorded_at),
            *hand_columns, made_by, status, number, kind, reason, by, clock.local(at),
        ]  # fmt: skip

    return Sheet("Penalties", PENALTY_COLUMNS, query, shape)


COUNTER_COLUMNS = (
    "business_day", "recorded_at", "entry", "kind", "member_number", "player", "amount",
    "method", "category", "till_cash", "reverses_entry", "memo", "recorded_by", "currency",
)  # fmt: skip


def counter_sheet(window: Window) -> Sheet:
    """Every counter entry (deposits, prepaid, payments, sales, paid-outs, the till's cash
    and differences), reversals included; ``till_cash`` is what it did to the till."""
    clock, currency = _Clock(window), window.parlor.currency_code
    entries = CounterEntry.objects.filter(parlor=window.parlor).filter(
        window.moment_filter("created_at")
    )
    if window.player is not None:
        entries = entries.filter(player=window.player)
    query = entries.order_by("pk").values_list(
        "created_at", "pk", "kind", "player__member_number", "player__name", "amount", "method",
        "category", "reverses_id", "memo", "created_by__username",
    )  # fmt: skip

    def shape(row: tuple[Any, ...]) -> Row:
        at, pk, kind, number, name, amount, method, category, reverses, memo, by = row
        cash = cash_effect(kind=kind, method=method, amount=amount, reversal=reverses is not None)
        return [
            clock.business_day(at), clock.local(at), pk, kind, number, name, amount, method,
            category, cash, reverses, memo, by, currency,
        ]  # fmt: skip

    return Sheet("Counter", COUNTER_COLUMNS, query, shape)


TILL_COLUMNS = (
    "business_day", "closed_at", "close", "kind", "opening_float", "cash_entries", "expected",
    "counted", "difference", "denominations", "closed_by", "memo", "currency",
)  # fmt: skip


def till_sheet(window: Window) -> Sheet:
    """The till's closes: expected from the entries, counted, the difference (over/short)."""
    clock, currency = _Clock(window), window.parlor.currency_code
    closes = TillClose.objects.filter(parlor=window.parlor).filter(
        window.moment_filter("closed_at")
    )
    query = closes.order_by("pk").values_list(
        "closed_at", "pk", "kind", "opening_float", "cash_entries", "expected", "counted",
        "difference", "denominations", "closed_by__username", "memo",
    )  # fmt: skip

    def shape(row: tuple[Any, ...]) -> Row:
        at, *middle, denominations, by, memo = row
        # Largest note first (the database keeps the JSON's keys in its own order).
        faces = sorted(denominations.items(), key=lambda item: -int(item[0]))
        count = ", ".join(f"{face}x{pieces}" for face, pieces in faces)
        return [clock.business_day(at), clock.local(at), *middle, count, by, memo, currency]

    return Sheet("Till", TILL_COLUMNS, query, shape)


SUMMARY_COLUMNS = (
    "member_number", "player", "games", "first_places", "points", "chips", "money", "fee",
    "net_money", "currency",
)  # fmt: skip


def summary_sheet(window: Window) -> Sheet:
    """Per player: games closed in the window, first places, points, chips, money and fees."""
    currency = window.parlor.currency_code
    query = (
        window_settlements(window)
        .values("player__member_number", "player__name")
        .annotate(
            games=Count("pk"),
            firsts=Count("pk", filter=Q(placement=1)),
            total_points=Coalesce(Sum("points"), 0),
            total_chips=Coalesce(Sum("chips"), 0),
            total_money=Coalesce(Sum("money"), 0),
            total_fee=Coalesce(Sum("fee"), 0),
            net=Coalesce(Sum(F("money") - F("fee")), 0),
        )
        .order_by("player__member_number")
        .values_list(
            "player__member_number",
            "player__name",
            "games",
            "firsts",
            "total_points",
            "total_chips",
            "total_money",
            "total_fee",
            "net",
        )  # fmt: skip
    )

    def shape(row: tuple[Any, ...]) -> Row:
        return [*row, currency]

    return Sheet("Summary", SUMMARY_COLUMNS, query, shape)
