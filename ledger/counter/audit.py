"""The counter's part of the ledger audit (``ledger.books.audit``): the till against
the entries, each entry against its posting, each till close against its period."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Sum

from ledger.books.audit import AuditFinding, AuditReport
from ledger.counter.kinds import MONEY_SIDE, RULES, cash_effect
from ledger.counter.models import CounterEntry, TillClose
from ledger.errors import AuditCheck
from ledger.models import Account, AccountKind, LedgerEntry, Posting

TILL_MISMATCH = AuditCheck.TILL_MISMATCH
COUNTER_ENTRY_MISMATCH = AuditCheck.COUNTER_ENTRY_MISMATCH


def counter_audit(report: AuditReport) -> None:
    _audit_tills(report)
    _audit_entries(report)
    _audit_closes(report)


def _audit_tills(report: AuditReport) -> None:
    """Each till holds the negative of the cash its entries moved (independently summed)."""
    cash: dict[int, int] = defaultdict(int)
    rows = CounterEntry.objects.values_list("parlor_id", "kind", "method", "amount", "reverses_id")
    for parlor, kind, method, amount, reverses in rows:
        cash[parlor] += cash_effect(
            kind=kind, method=method, amount=amount, reversal=reverses is not None
        )
    tills = Account.objects.filter(kind=AccountKind.TILL).annotate(
        money=Sum("entries__money", default=0)
    )
    seen = set()
    for till in tills.order_by("pk"):
        seen.add(till.parlor_id)
        if -till.money != cash[till.parlor_id]:
            report.findings.append(
                AuditFinding(
                    TILL_MISMATCH,
                    f"parlor {till.parlor_id} till",
                    f"the till account holds {-till.money} but the counter's cash entries sum"
                    f" to {cash[till.parlor_id]}",
                    {"till": -till.money, "entries": cash[till.parlor_id]},
                )
            )
    for parlor in sorted(set(cash) - seen):
        if cash[parlor]:
            report.findings.append(
                AuditFinding(
                    TILL_MISMATCH,
                    f"parlor {parlor} till",
                    f"the counter's cash entries sum to {cash[parlor]} but the parlor has no till",
                    {"till": 0, "entries": cash[parlor]},
                )
            )


def _expected_legs(
    entry: CounterEntry, original: CounterEntry | None
) -> dict[tuple[str, int | None], int]:
    """The money each (account kind, player) should gain from ``entry``'s posting."""
    rule = RULES[entry.kind]
    gain = rule.drawer_sign * entry.amount
    if original is not None:
        gain = -gain
    given_by = rule.source if rule.source is not None else MONEY_SIDE.get(entry.method)
    player_kinds = (
        AccountKind.PLAYER,
        AccountKind.PLAYER_DEPOSIT,
        AccountKind.PLAYER_PREPAID,
        AccountKind.MEMBER_ADVANCE,
    )
    legs: dict[tuple[str, int | None], int] = defaultdict(int)
    for kind, money in ((rule.other, gain), (given_by, -gain)):
        legs[(str(kind), entry.player_id if kind in player_kinds else None)] += money
    return dict(legs)


def _audit_entries(report: AuditReport) -> None:
    """Each posting of the counter moves exactly what its entries say (one entry each, or
    the parts of a visit's settlement together)."""
    entries = CounterEntry.objects.select_related("reverses").order_by("pk")
    legs_of: dict[int, dict[tuple[str, int | None], int]] = defaultdict(lambda: defaultdict(int))
    parlor_of: dict[int, set[int]] = defaultdict(set)
    rows = LedgerEntry.objects.filter(
        posting__in=CounterEntry.objects.values("posting_id")
    ).values_list(
        "posting_id", "account__kind", "account__player_id", "account__parlor_id", "money"
    )
    for posting, kind, player, parlor, money in rows:
        legs_of[posting][(kind, player)] += money
        parlor_of[posting].add(parlor)
    expected_of: dict[int, dict[tuple[str, int | None], int]] = defaultdict(
        lambda: defaultdict(int)
    )
    entries_of: dict[int, list[CounterEntry]] = defaultdict(list)
    mismatched: set[int] = set()
    for entry in entries:
        for key, money in _expected_legs(entry, entry.reverses).items():
            expected_of[entry.posting_id][key] += money
        entries_of[entry.posting_id].append(entry)
        original = entry.reverses
        if original is not None and (
            original.kind,
            original.amount,
            original.method,
            original.player_id,
        ) != (entry.kind, entry.amount, entry.method, entry.player_id):
            mismatched.add(entry.posting_id)
        if parlor_of.get(entry.posting_id, set()) - {entry.parlor_id}:
            mismatched.add(entry.posting_id)
    for posting_id, named in entries_of.items():
        expected = {key: money for key, money in expected_of[posting_id].items() if money}
        found = {key: money for key, money in legs_of.get(posting_id, {}).items() if money}
        if found == expected and posting_id not in mismatched:
            continue
        entry = named[0]
        wrong_parlor = parlor_of.get(posting_id, set()) - {entry.parlor_id}
        what = ", ".join(f"a {e.kind} of {e.amount} by {e.method}" for e in named)
        report.findings.append(
            AuditFinding(
                COUNTER_ENTRY_MISMATCH,
                f"counter entry {entry.pk}",
                f"its posting {posting_id} moves {_legs_text(found)}; {what} moves"
                f" {_legs_text(expected)}"
                + (f" (accounts of parlor {sorted(wrong_parlor)})" if wrong_parlor else "")
                + (
                    " (not what the entry it reverses was)"
                    if posting_id in mismatched and not wrong_parlor
                    else ""
                ),
                {"entry": entry.pk, "posting": posting_id},
            )
        )
    strays = Posting.objects.filter(session__isnull=True, counter_entries__isnull=True)
    for posting in strays.values_list("pk", flat=True).order_by("pk"):
        report.findings.append(
            AuditFinding(
                COUNTER_ENTRY_MISMATCH,
                f"posting {posting}",
                "the posting belongs to no session and no counter entry explains it",
                {"posting": posting},
            )
        )


def _legs_text(legs: dict[tuple[str, int | None], int]) -> str:
    parts = [
        f"{kind}{f' of player {player}' if player else ''} {money:+d}"
        for (kind, player), money in sorted(legs.items(), key=str)
    ]
    return ", ".join(parts) or "nothing"


def _audit_closes(report: AuditReport) -> None:
    """Each close's figures are its period's, recomputed from the entries."""
    entries = list(
        CounterEntry.objects.order_by("pk").values_list(
            "pk", "parlor_id", "kind", "method", "amount", "reverses_id"
        )
    )
    for close in TillClose.objects.select_related("previous").order_by("pk"):
        after = close.previous.last_entry_id or 0 if close.previous else 0
        upto = close.last_entry_id or 0
        difference_id = close.difference_entry_id
        cash = sum(
            cash_effect(kind=kind, method=method, amount=amount, reversal=reverses is not None)
            for pk, parlor, kind, method, amount, reverses in entries
            if parlor == close.parlor_id and after < pk <= upto and pk != difference_id
        )
        opening = close.previous.counted if close.previous else 0
        if (close.opening_float, close.cash_entries) != (opening, cash) or (
            close.previous is not None and close.previous.parlor_id != close.parlor_id
        ):
            report.findings.append(
                AuditFinding(
                    TILL_MISMATCH,
                    f"till close {close.pk}",
                    f"it says opening float {close.opening_float} and cash {close.cash_entries};"
                    f" the previous close and the period's entries say {opening} and {cash}",
                    {"close": close.pk, "opening_float": opening, "cash_entries": cash},
                )
            )
