"""A visit's check-out slip: every figure behind what the player pays or receives now.

The slip covers the player's books since their previous settled slip (its
``cut``, the last posting it covered; before a first slip, everything before
the check-in is brought forward as one figure):

- **games**: each game first settled since then, with the live settlement's
  points, chips, money, fee parts and net, and the player's penalties;
- **corrections**: a game settled on an earlier slip and corrected since moves
  the difference onto this one (docs/counter.md, "The check-out slip");
- **counter lines**: deposits, prepaid top-ups and spending, tab sales, sales
  paid at once during the visit, payments and reversals, each with what it did
  to the player's three balances;
- the balances now, and the **plan**: prepaid spent on the fees charged, the
  deposit applied to what is still owed and the rest returned, and the payment
  either way. What crosses the counter now is ``plan.player_pays`` or
  ``plan.player_receives``.

Everything is plain integers and codes (labels are the renderer's), so a
confirmed slip is kept as JSON (``VisitSettlement.slip``) and reprinted as it
was. ``version`` is the last posting the slip read: the confirmation names it,
and a slip that moved since it was shown is refused (``slip_changed``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db.models import Max, Q, Sum

from ledger.counter.kinds import RULES
from ledger.counter.models import CounterEntry
from ledger.counter.selectors import player_money
from ledger.counter.visits import InvoiceRegistration, Visit, VisitSettlement
from ledger.models import (
    AccountKind,
    LedgerEntry,
    Penalty,
    Posting,
    SessionSeat,
    SessionState,
    Settlement,
)
from ledger.play.models import live_hand_q
from ledger.settle.settlement_selectors import live_settlements

PLAYER_ACCOUNTS = (AccountKind.PLAYER, AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID)
FEE_PARTS = ("game", "top", "time")


@dataclass(frozen=True, slots=True)
class SlipGame:
    session: int
    table: str
    closed_at: str
    placement: int
    points: int
    chips: int
    money: int
    # The fee by part (game, top, time) and the discount taken off it (positive).
    fee_game: int
    fee_top: int
    fee_time: int
    discount: int
    discount_class: str
    fee: int
    # What the game put on the player's results: money less the fee.
    net: int
    points_only: bool
    # (hand number, penalty kind, cause) of the player's penalties in the live hands.
    penalties: list[tuple[int, str, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class SlipCorrection:
    """A game of an earlier slip, corrected since: the difference it moved."""

    session: int
    table: str
    amount: int


@dataclass(frozen=True, slots=True)
class SlipLine:
    """A counter entry of the slip and what it did to the player's three balances."""

    entry: int
    kind: str
    method: str
    category: str
    amount: int
    reversal: bool
    results: int
    deposit: int
    prepaid: int
    memo: str


@dataclass(frozen=True, slots=True)
class SlipPlan:
    """The settlement the slip proposes; every part zero or more (minor units)."""

    prepaid_spent: int = 0
    deposit_applied: int = 0
    deposit_returned: int = 0
    payment_received: int = 0
    payment_made: int = 0
    # Owed and left on the player's balance, when they pay less than the slip says.
    carried: int = 0

    @property
    def player_pays(self) -> int:
        return self.payment_received

    @property
    def player_receives(self) -> int:
        return self.payment_made + self.deposit_returned


@dataclass(frozen=True, slots=True)
class InvoiceItem:
    # "game_fee", "top_fee", "time_fee", "discount" (negative) or "sale:<category>".
    what: str
    session: int | None
    amount: int  # tax included


@dataclass(frozen=True, slots=True)
class SlipInvoice:
    """The qualified invoice's part (適格請求書; docs/counter.md, "Qualified invoice")."""

    registration_number: str
    issuer: str
    rate_percent: int
    items: list[InvoiceItem]
    total: int  # tax included, at the one rate
    tax: int  # the consumption tax in ``total``: rounded down once for the invoice


@dataclass(frozen=True, slots=True)
class VisitSlip:
    visit: int
    parlor: int
    player: int
    player_name: str
    member_number: str
    business_day: str
    checked_in_at: str
    cut: int
    version: int
    brought_forward: int
    games: list[SlipGame]
    corrections: list[SlipCorrection]
    lines: list[SlipLine]
    # Tables where the player is still seated in an open game: settled after it closes.
    playing: list[str]
    deposit: int
    prepaid: int
    results: int
    plan: SlipPlan
    invoice: SlipInvoice | None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def games_total(self) -> int:
        return sum(game.net for game in self.games)

    @property
    def fees_total(self) -> int:
        return sum(game.fee for game in self.games)


def slip_from_json(data: dict[str, Any]) -> VisitSlip:
    """A confirmed slip as it was kept (``VisitSettlement.slip``)."""
    body = dict(data)
    body["games"] = [
        SlipGame(**{**game, "penalties": [tuple(p) for p in game["penalties"]]})
        for game in body["games"]
    ]
    body["corrections"] = [SlipCorrection(**row) for row in body["corrections"]]
    body["lines"] = [SlipLine(**row) for row in body["lines"]]
    body["plan"] = SlipPlan(**body["plan"])
    invoice = body["invoice"]
    if invoice is not None:
        invoice = SlipInvoice(**{**invoice, "items": [InvoiceItem(**i) for i in invoice["items"]]})
    body["invoice"] = invoice
    return VisitSlip(**body)


def slip_cut(*, visit: Visit) -> int:
    """The last posting before this slip: the previous slip's, or the last before check-in."""
    previous = (
        VisitSettlement.objects.filter(visit__player_id=visit.player_id)
        .exclude(visit=visit)
        .aggregate(cut=Max("cut"))["cut"]
    )
    if previous is not None:
        return int(previous)
    before = Posting.objects.filter(created_at__lt=visit.checked_in_at).aggregate(last=Max("pk"))
    return int(before["last"] or 0)


def _line(entry: CounterEntry) -> SlipLine:
    rule = RULES[entry.kind]
    sign = -1 if entry.reverses_id is not None else 1
    gain = sign * rule.drawer_sign * entry.amount
    moved: dict[str, int] = defaultdict(int)
    moved[rule.other] += gain
    if rule.source is not None:
        moved[rule.source] -= gain
    return SlipLine(
        entry=entry.pk,
        kind=entry.kind,
        method=entry.method,
        category=entry.category,
        amount=entry.amount,
        reversal=entry.reverses_id is not None,
        results=moved[AccountKind.PLAYER] if entry.player_id else 0,
        deposit=moved[AccountKind.PLAYER_DEPOSIT] if entry.player_id else 0,
        prepaid=moved[AccountKind.PLAYER_PREPAID] if entry.player_id else 0,
        memo=entry.memo,
    )


def _games(
    *, visit: Visit, cut: int, moved: dict[int, int]
) -> tuple[list[SlipGame], list[SlipCorrection]]:
    """The games and corrections behind ``moved`` (session -> money on the results)."""
    if not moved:
        return [], []
    earlier = set(
        Settlement.objects.filter(
            session_id__in=moved, player_id=visit.player_id, posting_id__lte=cut
        ).values_list("session_id", flat=True)
    )
    live = {
        row.session_id: row
        for row in live_settlements(player=visit.player)
        .filter(session_id__in=moved)
        .select_related("session__table", "posting")
    }
    penalties: dict[int, list[tuple[int, str, str]]] = defaultdict(list)
    rows = (
        Penalty.objects.filter(session_id__in=moved, player_id=visit.player_id)
        .filter(live_hand_q("hand__"))
        .order_by("hand__ordinal", "pk")
        .values_list("session_id", "hand__ordinal", "kind", "cause")
    )
    for session, ordinal, kind, cause in rows:
        penalties[session].append((ordinal, kind, cause))
    games, corrections = [], []
    for session_id in sorted(moved):
        row = live.get(session_id)
        if session_id in earlier or row is None:
            table = row.session.table.name if row is not None else ""
            if moved[session_id]:
                corrections.append(SlipCorrection(session_id, table, moved[session_id]))
            continue
        detail = row.fee_detail or {}
        games.append(
            SlipGame(
                session=session_id,
                table=row.session.table.name,
                closed_at=row.posting.created_at.isoformat(),
                placement=row.placement,
                points=row.points,
                chips=row.chips,
                money=row.money,
                fee_game=int(detail.get("game", row.fee)),
                fee_top=int(detail.get("top", 0)),
                fee_time=int(detail.get("time", 0)),
                discount=int(detail.get("discount", 0)),
                discount_class=str(detail.get("class", "") or ""),
                fee=row.fee,
                net=moved[session_id],
                points_only=row.session.points_only,
                penalties=penalties[session_id],
            )
        )
    return games, corrections


def _plan(*, deposit: int, prepaid: int, results: int, fees: int, pays_now: int | None) -> SlipPlan:
    owed = max(0, -results)
    # Prepaid money is for fees (docs/counter.md): spent on this slip's fees, no more.
    prepaid_spent = min(prepaid, owed, max(fees, 0))
    owed -= prepaid_spent
    deposit_applied = min(deposit, owed)
    owed -= deposit_applied
    received = owed if pays_now is None else max(0, min(pays_now, owed))
    return SlipPlan(
        prepaid_spent=prepaid_spent,
        deposit_applied=deposit_applied,
        deposit_returned=deposit - deposit_applied,
        payment_received=received,
        payment_made=max(0, results),
        carried=owed - received,
    )


def _invoice(visit: Visit, games: list[SlipGame], lines: list[SlipLine]) -> SlipInvoice | None:
    registration = InvoiceRegistration.objects.filter(parlor_id=visit.parlor_id).first()
    if registration is None:
        return None
    items: list[InvoiceItem] = []
    for game in games:
        for what, amount in (
            ("game_fee", game.fee_game),
            ("top_fee", game.fee_top),
            ("time_fee", game.fee_time),
            ("discount", -game.discount),
        ):
            if amount:
                items.append(InvoiceItem(what, game.session, amount))
    for line in lines:
        if line.kind == "sale_on_tab":
            items.append(InvoiceItem(f"sale:{line.category}", None, -line.results))
    total = sum(item.amount for item in items)
    if not items or total <= 0:
        return None
    rate = registration.tax_rate_percent
    return SlipInvoice(
        registration_number=registration.registration_number,
        issuer=registration.issuer_name,
        rate_percent=rate,
        items=items,
        total=total,
        # Tax included: total x rate / (100 + rate), rounded down once per rate and invoice.
        tax=total * rate // (100 + rate),
    )


def visit_slip(*, visit: Visit, pays_now: int | None = None) -> VisitSlip:
    """The slip of an open visit as the books stand now (a settled one: ``settled_slip``)."""
    player = visit.player
    cut = slip_cut(visit=visit)
    mine = LedgerEntry.objects.filter(
        account__player_id=player.pk, account__kind__in=PLAYER_ACCOUNTS, posting_id__gt=cut
    )
    version = int(mine.aggregate(last=Max("posting_id"))["last"] or cut)
    results_rows = (
        mine.filter(account__kind=AccountKind.PLAYER, posting__session__isnull=False)
        .values("posting__session_id")
        .annotate(money=Sum("money"))
        .order_by()
    )
    moved = {row["posting__session_id"]: row["money"] for row in results_rows}
    games, corrections = _games(visit=visit, cut=cut, moved=moved)
    entries = (
        CounterEntry.objects.filter(Q(player_id=player.pk, posting_id__gt=cut) | Q(visit=visit))
        .order_by("pk")
        .distinct()
    )
    lines = [_line(entry) for entry in entries]
    money = player_money(player=player)
    since = sum(moved.values()) + sum(line.results for line in lines)
    playing = list(
        SessionSeat.objects.filter(player=player, session__state=SessionState.OPEN)
        .order_by("session_id")
        .values_list("session__table__name", flat=True)
    )
    return VisitSlip(
        visit=visit.pk,
        parlor=visit.parlor_id,
        player=player.pk,
        player_name=player.name,
        member_number=player.member_number,
        business_day=visit.business_day.isoformat(),
        checked_in_at=visit.checked_in_at.isoformat(),
        cut=cut,
        version=version,
        brought_forward=money.results - since,
        games=games,
        corrections=corrections,
        lines=lines,
        playing=playing,
        deposit=money.deposit,
        prepaid=money.prepaid,
        results=money.results,
        plan=_plan(
            deposit=money.deposit,
            prepaid=money.prepaid,
            results=money.results,
            fees=sum(game.fee for game in games),
            pays_now=pays_now,
        ),
        invoice=_invoice(visit, games, lines),
    )


def settled_slip(*, visit: Visit) -> VisitSlip | None:
    """The slip as it was confirmed, or None for a visit not settled with a slip."""
    kept = VisitSettlement.objects.filter(visit=visit).values_list("slip", flat=True).first()
    return slip_from_json(kept) if kept is not None else None
