"""Every player's balances for the manager's balances page, and one player's ledger.

A player holds up to three kinds of money in the books, each its own account
(``Account.kind``): what they won or lost at the tables (``player``), a
deposit held for them (``player_deposit``) and a prepaid balance
(``player_prepaid``); the counter's kinds come with the counter
(``ledger.counter``). Each column here is the sum of one kind's entries, so a
kind with no account yet reads 0 and the page needs no change when it comes.

Signs are the player's: a positive balance is money the parlor holds for, or
owes, the player; a negative one is what the player owes. "Due" is what
settles at the counter when they leave: their results plus the deposit held
(the deposit is returned, or covers a loss). A prepaid balance is spent on
fees and is not paid out, so it is shown beside, not in, what is due
(docs/ledger.md, "Balances").

Both selectors answer in a fixed number of queries: the balances page in one
(``parlor_balances``), a player's ledger in two (``player_ledger``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.db.models import (
    BigIntegerField,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from ledger.models import LedgerEntry, Posting, SessionSeat
from parlor.models import Parlor, Player

RESULTS, DEPOSIT, PREPAID = "player", "player_deposit", "player_prepaid"
# The player's account kinds, in the columns' order, with the words the pages use.
PLAYER_ACCOUNT_KINDS = (RESULTS, DEPOSIT, PREPAID)
ACCOUNT_LABELS = {
    RESULTS: _("won or lost"),
    DEPOSIT: _("deposit held"),
    PREPAID: _("prepaid"),
}


class BalanceFilter(StrEnum):
    """The page's filters: who owes the parlor, whom it owes, who is above their limit."""

    OWES_PARLOR = "owes"
    PARLOR_OWES = "owed"
    ABOVE_LIMIT = "above_limit"


@dataclass(frozen=True, slots=True)
class PlayerBalanceRow:
    player_id: int
    member_number: str
    name: str
    is_active: bool
    credit_limit: int | None
    results: int
    deposit: int
    prepaid: int
    # Points and chips of games still open (closed games are money).
    points: int
    chips: int
    last_game: datetime | None

    @property
    def due(self) -> int:
        """What settles at the counter now: results and the deposit held (player's sign)."""
        return self.results + self.deposit

    @property
    def above_limit(self) -> bool:
        return self.credit_limit is not None and -self.due > self.credit_limit


def _sum_of(kind: str, field: str = "money") -> Coalesce:
    entries = (
        LedgerEntry.objects.filter(account__player=OuterRef("pk"), account__kind=kind)
        .order_by()
        .values("account__player")
        .annotate(total=Sum(field))
        .values("total")
    )
    return Coalesce(Subquery(entries, output_field=BigIntegerField()), Value(0))


def _last_game() -> Subquery:
    seats = SessionSeat.objects.filter(player=OuterRef("pk")).order_by("-session__opened_at")
    return Subquery(seats.values("session__opened_at")[:1])


def balances_queryset(*, parlor: Parlor) -> QuerySet[Player]:
    """The parlor's players with each balance as an annotation (one query when read)."""
    return Player.objects.filter(parlor=parlor).annotate(
        results=_sum_of(RESULTS),
        deposit=_sum_of(DEPOSIT),
        prepaid=_sum_of(PREPAID),
        open_points=_sum_of(RESULTS, "points"),
        open_chips=_sum_of(RESULTS, "chips"),
        last_game=_last_game(),
        due=F("results") + F("deposit"),
        # The manager's limit (ledger.counter.CreditLimit, one row per player; none: no limit).
        limit=F("credit_limit__amount"),
    )


# On the annotations of ``balances_queryset``.
_FILTERS = {
    BalanceFilter.OWES_PARLOR: Q(due__lt=0),
    BalanceFilter.PARLOR_OWES: Q(due__gt=0),
    BalanceFilter.ABOVE_LIMIT: Q(limit__isnull=False, due__lt=-F("limit")),
}


def parlor_balances(
    *, parlor: Parlor, only: BalanceFilter | None = None, search: str = ""
) -> list[PlayerBalanceRow]:
    """Every player of ``parlor`` (or those ``only`` picks) with their balances; one query."""
    players = balances_queryset(parlor=parlor)
    if only is not None:
        players = players.filter(_FILTERS[only])
    if search:
        players = players.filter(Q(name__icontains=search) | Q(member_number__icontains=search))
    return [
        PlayerBalanceRow(
            player_id=player.pk,
            member_number=player.member_number,
            name=player.name,
            is_active=player.is_active,
            credit_limit=player.limit,  # type: ignore[attr-defined]
            results=player.results,  # type: ignore[attr-defined]
            deposit=player.deposit,  # type: ignore[attr-defined]
            prepaid=player.prepaid,  # type: ignore[attr-defined]
            points=player.open_points,  # type: ignore[attr-defined]
            chips=player.open_chips,  # type: ignore[attr-defined]
            last_game=player.last_game,  # type: ignore[attr-defined]
        )
        for player in players.order_by("member_number")
    ]


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One posting that moved one of the player's accounts, with what stands behind it."""

    posting_id: int
    created_at: datetime
    kind: str
    kind_label: str
    memo: str
    session_id: int | None
    session_label: str
    # Which of the player's accounts it moved, and by how much.
    account_kind: str
    account_label: str
    points: int
    chips: int
    money: int
    # The account's money after this posting (running, per account kind).
    balance: int
    reverses_id: int | None


def player_ledger(*, player: Player) -> list[LedgerLine]:
    """Every posting on ``player``'s accounts, oldest first, with running balances; 2 queries.

    One line per posting and account (a posting's legs on one account are summed).
    """
    rows = (
        LedgerEntry.objects.filter(account__player=player, account__kind__in=PLAYER_ACCOUNT_KINDS)
        .values("posting_id", "account__kind")
        .annotate(points=Sum("points"), chips=Sum("chips"), money=Sum("money"))
        .order_by("posting_id", "account__kind")
    )
    sums = list(rows)
    postings = {
        posting.pk: posting
        for posting in Posting.objects.filter(pk__in={row["posting_id"] for row in sums})
        .select_related("session__table")
        .only(
            "pk",
            "created_at",
            "kind",
            "memo",
            "reverses_id",
            "session_id",
            "session__table__name",
            "session__opened_at",
        )
    }
    # Postings are numbered as they are made: by id is the order they happened in.
    running: dict[str, int] = {}
    lines = []
    for row in sums:
        posting = postings[row["posting_id"]]
        kind = row["account__kind"]
        running[kind] = running.get(kind, 0) + row["money"]
        session = posting.session if posting.session_id is not None else None
        lines.append(
            LedgerLine(
                posting_id=posting.pk,
                created_at=posting.created_at,
                kind=posting.kind,
                kind_label=str(posting.get_kind_display()),
                memo=posting.memo,
                session_id=posting.session_id,
                session_label=f"{session.table.name} #{session.pk}" if session else "",
                account_kind=kind,
                account_label=str(ACCOUNT_LABELS[kind]),
                points=row["points"],
                chips=row["chips"],
                money=row["money"],
                balance=running[kind],
                reverses_id=posting.reverses_id,
            )
        )
    return lines
