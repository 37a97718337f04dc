"""Reads for lists (the REST API's): querysets that load what their rows show up front.

Each function returns a queryset whose evaluation takes a fixed number of
queries whatever the number of rows (joins and prefetches), so a list of one
hand and a list of fifty cost the same number of round trips.
"""

from __future__ import annotations

from django.db.models import F, Prefetch, Q, QuerySet, Sum, prefetch_related_objects
from django.db.models.functions import Coalesce

from ledger.models import (
    AccountKind,
    Correction,
    HandResult,
    LedgerEntry,
    Posting,
    PostingKind,
    Session,
    SessionSeat,
)
from parlor.models import Player


def postings_with_entries() -> Prefetch[str, QuerySet[Posting], str]:
    """Prefetch of a row's postings with their entries and accounts (two queries)."""
    entries = LedgerEntry.objects.select_related("account").order_by("pk")
    return Prefetch(
        "postings", queryset=Posting.objects.prefetch_related(Prefetch("entries", entries))
    )


def session_with_seat_numbers(*, session_id: int) -> tuple[Session, dict[int, int]] | None:
    """The session and each seated player's id -> seat, in one query; None if no such session."""
    seats = list(SessionSeat.objects.filter(session_id=session_id).select_related("session"))
    if not seats:  # every session has its seats from the moment it opens
        return None
    return seats[0].session, {seat.player_id: seat.seat for seat in seats}


def hand_with_postings(hand: HandResult) -> HandResult:
    """``hand`` (a live version just written) with its postings and entries loaded."""
    prefetch_related_objects([hand], postings_with_entries())
    hand.superseded_by_pk = hand.corrected_by_pk = None  # type: ignore[attr-defined]
    return hand


def hand_just_written(hand: HandResult) -> HandResult:
    """``hand`` as ``hand_result_write`` returned it (postings and entries loaded), marked live."""
    hand.superseded_by_pk = hand.corrected_by_pk = None  # type: ignore[attr-defined]
    return hand


def sessions_with_seats() -> QuerySet[Session]:
    seats = SessionSeat.objects.select_related("player").order_by("seat")
    return Session.objects.select_related("opened_by").prefetch_related(Prefetch("seats", seats))


def hands_with_postings(
    *, session: Session, include_corrected: bool = False
) -> QuerySet[HandResult]:
    """The session's hand versions in game order, live ones only unless ``include_corrected``.

    Each row carries ``superseded_by_pk`` and ``corrected_by_pk`` (None while live).
    """
    hands = (
        HandResult.objects.filter(session=session)
        .select_related("entered_by")
        .annotate(superseded_by_pk=F("superseded_by__pk"), corrected_by_pk=F("corrected_by__pk"))
        .prefetch_related(postings_with_entries())
        .order_by("ordinal", "version")
    )
    if not include_corrected:
        hands = hands.live()
    return hands


def corrections_with_details() -> QuerySet[Correction]:
    """Corrections with the hand versions they wrote (and postings) and ``reversals``."""
    hand_versions = (
        HandResult.objects.select_related("entered_by")
        .annotate(superseded_by_pk=F("superseded_by__pk"), corrected_by_pk=F("corrected_by__pk"))
        .prefetch_related(postings_with_entries())
        .order_by("ordinal", "version")
    )
    entries = LedgerEntry.objects.select_related("account").order_by("pk")
    reversals = Posting.objects.filter(kind=PostingKind.CORRECTION).prefetch_related(
        Prefetch("entries", entries)
    )
    return Correction.objects.select_related("created_by").prefetch_related(
        Prefetch("hand_versions", hand_versions),
        Prefetch("postings", reversals, to_attr="reversals"),
    )


def players_with_balances(*, players: QuerySet[Player]) -> QuerySet[Player]:
    """``players`` annotated with their account's ``points``, ``chips`` and ``money``."""
    own = Q(ledger_accounts__kind=AccountKind.PLAYER)
    return players.annotate(
        **{
            amount: Coalesce(Sum(f"ledger_accounts__entries__{amount}", filter=own), 0)
            for amount in ("points", "chips", "money")
        }
    )


def statement_lines() -> QuerySet[LedgerEntry]:
    """Entries on players' accounts, newest first, with their posting and hand."""
    return (
        LedgerEntry.objects.filter(account__kind=AccountKind.PLAYER)
        .select_related("account", "posting", "posting__hand")
        .order_by("-posting__created_at", "-pk")
    )
