"""PostgreSQL guards the counter's tables as it guards the books (issue 34).

Counter entries and till closes refuse UPDATE, DELETE and TRUNCATE, to the
service role (no privilege) and to the owner (the triggers of migration
ledger/0025); a counter posting that does not balance fails at commit (the
books' deferred trigger); and the audit finds a till or an entry changed
behind the guards. Each test commits, as the other guard tests do.
"""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from ledger.books.audit import ledger_audit
from ledger.counter.models import CounterEntry, TillClose
from ledger.counter.models import CounterEntryKind as K
from ledger.counter.till import till_close
from ledger.errors import AuditCheck
from ledger.models import Account, AccountKind, LedgerEntry
from tests.database import refused, tampering, tampers
from tests.ledger.counter.helpers import Desk, desk, record

pytestmark = [pytest.mark.requires_postgres, tampers]


@pytest.fixture
def counter() -> Desk:
    counter = desk()
    record(counter, K.DEPOSIT_TAKEN, 10000, player=counter.players[0])
    record(counter, K.SALE, 500, category="drink")
    till_close(parlor=counter.parlor, kind="shift", denominations={"10000": 1}, by=counter.manager)
    return counter


def _run(statement: str) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statement)


@pytest.mark.parametrize("model", [CounterEntry, TillClose], ids=lambda m: m.__name__)
@pytest.mark.parametrize(
    ("statement", "trigger"),
    [
        ("UPDATE {table} SET memo = 'changed'", "append-only: UPDATE is refused"),
        ("DELETE FROM {table}", "append-only: DELETE is refused"),
        ("TRUNCATE {table} CASCADE", "append-only: TRUNCATE is refused"),
    ],
    ids=["update", "delete", "truncate"],
)
def test_the_counters_tables_refuse_changes(
    counter: Desk, model: type, statement: str, trigger: str, sql_role: str
) -> None:
    table = model._meta.db_table  # type: ignore[attr-defined]
    with refused(sql_role, trigger=f"ledger table {table} is {trigger}"):
        _run(statement.format(table=table))

    assert model.objects.count() == (3 if model is CounterEntry else 1)  # type: ignore[attr-defined]


def test_an_unbalanced_counter_posting_fails_at_commit(counter: Desk) -> None:
    entry = CounterEntry.objects.filter(kind=K.SALE).get()
    leg = LedgerEntry.objects.filter(posting=entry.posting).first()
    assert leg is not None
    with pytest.raises(Exception, match="does not balance"), transaction.atomic():
        LedgerEntry.objects.create(
            posting=entry.posting, account=leg.account, money=1, reason="sale"
        )

    assert ledger_audit().ok


def test_the_audit_finds_a_till_moved_behind_the_guards(counter: Desk) -> None:
    till = Account.objects.get(parlor=counter.parlor, kind=AccountKind.TILL)
    sales = Account.objects.get(parlor=counter.parlor, kind=AccountKind.SALES)
    leg = LedgerEntry.objects.get(account=till, posting__counter_entries__kind=K.SALE)
    with tampering(LedgerEntry):
        # Both legs moved by 100: the posting still balances; the till no longer agrees.
        LedgerEntry.objects.filter(pk=leg.pk).update(money=leg.money - 100)
        LedgerEntry.objects.filter(account=sales).update(money=600)

    checks = {finding.check for finding in ledger_audit().findings}

    assert AuditCheck.TILL_MISMATCH in checks
    assert AuditCheck.COUNTER_ENTRY_MISMATCH in checks


def test_the_audit_finds_a_close_whose_figures_are_not_its_periods(counter: Desk) -> None:
    with tampering(TillClose):
        TillClose.objects.update(opening_float=5000, expected=15500, difference=-5500)

    findings = [f for f in ledger_audit().findings if f.check == AuditCheck.TILL_MISMATCH]

    assert [f.subject for f in findings] == [f"till close {TillClose.objects.get().pk}"]
