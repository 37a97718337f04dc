"""Reading the books in tests: legs as plain tuples, sums per posting and per account."""

from __future__ import annotations

from django.db.models import Sum

from ledger.models import AccountKind, LedgerEntry, Posting, Session


def legs(posting: Posting) -> list[tuple[str, int, int, int, int, str]]:
    """(account kind, seat or -1, points, chips, money, reason) of each leg, in order."""
    seat_of = {seat.player_id: seat.seat for seat in posting.session.seats.all()}
    return [
        (
            entry.account.kind,
            seat_of.get(entry.account.player_id, -1),
            entry.points,
            entry.chips,
            entry.money,
            entry.reason,
        )
        for entry in posting.entries.select_related("account").order_by("pk")
    ]


def unbalanced_postings() -> list[int]:
    """Ids of postings whose legs do not sum to zero in points, chips or money."""
    sums = LedgerEntry.objects.values("posting_id").annotate(
        p=Sum("points"), c=Sum("chips"), m=Sum("money")
    )
    return [row["posting_id"] for row in sums if row["p"] or row["c"] or row["m"]]


def seat_points(session: Session) -> list[int]:
    """Each seat's points from this session's entries, seat 0 first."""
    seats = list(session.seats.order_by("seat"))
    totals = []
    for seat in seats:
        total = LedgerEntry.objects.filter(
            posting__session=session,
            account__kind=AccountKind.PLAYER,
            account__player_id=seat.player_id,
        ).aggregate(total=Sum("points", default=0))["total"]
        totals.append(total)
    return totals
