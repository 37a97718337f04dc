"""Counter entries: each kind's posting, the refusals, reversals, the policy (issue 34)."""

from __future__ import annotations

import pytest

from ledger.books.audit import ledger_audit
from ledger.counter.models import CounterEntry, PaymentMethod
from ledger.counter.models import CounterEntryKind as K
from ledger.counter.services import counter_entry_record, counter_entry_reverse
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import AccountKind, Posting, PostingKind
from parlor.policy import PolicyRefusal, Refusal
from tests.ledger.book_reading import unbalanced_postings
from tests.ledger.counter.helpers import Desk, cash_in_till, desk, money_of, record
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def counter() -> Desk:
    return desk()


def test_a_deposit_taken_and_returned_moves_the_till_and_the_deposit(counter: Desk) -> None:
    player = counter.players[0]
    taken = record(counter, K.DEPOSIT_TAKEN, 10000, player=player)

    assert cash_in_till(counter.parlor) == 10000
    assert money_of(counter.parlor, AccountKind.PLAYER_DEPOSIT, player) == 10000
    assert taken.posting.kind == PostingKind.COUNTER and taken.posting.session is None

    record(counter, K.DEPOSIT_RETURNED, 4000, player=player)

    assert cash_in_till(counter.parlor) == 6000
    assert money_of(counter.parlor, AccountKind.PLAYER_DEPOSIT, player) == 6000
    assert unbalanced_postings() == []
    assert ledger_audit().ok


def test_the_three_kinds_of_money_stay_apart(counter: Desk) -> None:
    player = counter.players[0]
    record(counter, K.DEPOSIT_TAKEN, 5000, player=player)
    record(counter, K.PREPAID_TOPUP, 3000, method=PaymentMethod.CARD, player=player)

    assert money_of(counter.parlor, AccountKind.PLAYER_DEPOSIT, player) == 5000
    assert money_of(counter.parlor, AccountKind.PLAYER_PREPAID, player) == 3000
    assert money_of(counter.parlor, AccountKind.PLAYER, player) == 0
    # The card top-up is owed by the card company, not in the drawer.
    assert cash_in_till(counter.parlor) == 5000
    assert money_of(counter.parlor, AccountKind.CARD_CLEARING) == -3000


def test_a_payment_settles_what_the_player_owes_and_no_more(counter: Desk) -> None:
    player = counter.players[0]
    record(counter, K.DEPOSIT_TAKEN, 5000, player=player)
    with pytest.raises(LedgerError) as refused:
        record(counter, K.PAYMENT_RECEIVED, 100, player=player)
    assert refused.value.code == LedgerErrorCode.BALANCE_EXCEEDED
    assert "owes 0" in refused.value.message

    with pytest.raises(LedgerError) as refused:
        record(counter, K.PAYMENT_MADE, 100, player=player)
    assert refused.value.code == LedgerErrorCode.BALANCE_EXCEEDED
    assert "is owed 0" in refused.value.message


def test_more_than_a_deposit_holds_is_refused(counter: Desk) -> None:
    player = counter.players[0]
    record(counter, K.DEPOSIT_TAKEN, 1000, player=player)

    with pytest.raises(LedgerError) as refused:
        record(counter, K.DEPOSIT_RETURNED, 1001, player=player)

    assert refused.value.code == LedgerErrorCode.BALANCE_EXCEEDED
    assert "holds 1000" in refused.value.message
    assert CounterEntry.objects.count() == 1


def test_a_sale_by_card_and_a_cash_paid_out_with_categories(counter: Desk) -> None:
    record(counter, K.SALE, 500, method=PaymentMethod.QR, category="drink")
    record(counter, K.SALE, 800, category="food")
    record(counter, K.PAID_OUT, 300, category="supplies")

    assert cash_in_till(counter.parlor) == 500
    assert money_of(counter.parlor, AccountKind.SALES) == 1300
    assert money_of(counter.parlor, AccountKind.QR_CLEARING) == -500
    assert money_of(counter.parlor, AccountKind.PAID_OUT) == -300
    assert ledger_audit().ok


@pytest.mark.parametrize(
    ("kind", "method", "extra", "field"),
    [
        (K.SALE, "cash", {}, "category"),
        (K.DEPOSIT_TAKEN, "cash", {}, "player"),
        (K.SALE, "cheque", {"category": "drink"}, "method"),
        (K.PREPAID_SPENT, "cash", {"with_player": True}, "method"),
        (K.FLOAT_IN, "card", {}, "method"),
        (K.TILL_OVER, "cash", {}, "kind"),
        ("gift", "cash", {}, "kind"),
    ],
)
def test_an_entry_that_does_not_fit_its_kind_is_refused(
    counter: Desk, kind: str, method: str, extra: dict[str, object], field: str
) -> None:
    kwargs = dict(extra)
    if kwargs.pop("with_player", False):
        kwargs["player"] = counter.players[0]
    by = counter.manager
    with pytest.raises(LedgerError) as refused:
        counter_entry_record(
            parlor=counter.parlor,
            kind=kind,
            amount=100,
            method=method,
            by=by,
            **kwargs,  # type: ignore[arg-type]
        )
    assert refused.value.code == LedgerErrorCode.BAD_COUNTER_ENTRY
    assert refused.value.field == field
    assert not Posting.objects.exists()


@pytest.mark.parametrize("amount", [0, -5, 1.5, "100", 10**13])
def test_an_amount_that_is_not_a_positive_whole_number_is_refused(
    counter: Desk, amount: object
) -> None:
    with pytest.raises(LedgerError) as refused:
        record(counter, K.SALE, amount, category="drink")  # type: ignore[arg-type]
    assert refused.value.field == "amount"


def test_a_player_of_another_parlor_is_refused(counter: Desk) -> None:
    stranger = PlayerFactory()
    with pytest.raises(LedgerError) as refused:
        record(counter, K.DEPOSIT_TAKEN, 100, player=stranger)
    assert refused.value.code == LedgerErrorCode.NOT_IN_PARLOR


def test_a_reversal_mirrors_the_entry_once(counter: Desk) -> None:
    player = counter.players[0]
    taken = record(counter, K.DEPOSIT_TAKEN, 2000, player=player)

    reversal = counter_entry_reverse(entry=taken, by=counter.manager, memo="wrong player")

    assert reversal.reverses == taken
    assert reversal.posting.reverses == taken.posting
    assert reversal.posting.kind == PostingKind.CORRECTION
    assert cash_in_till(counter.parlor) == 0
    assert money_of(counter.parlor, AccountKind.PLAYER_DEPOSIT, player) == 0
    for entry in (taken, reversal):
        with pytest.raises(LedgerError) as refused:
            counter_entry_reverse(entry=entry, by=counter.manager, memo="again")
        assert refused.value.code == LedgerErrorCode.ENTRY_ALREADY_REVERSED
    assert ledger_audit().ok


def test_a_reversal_never_takes_a_deposit_below_zero(counter: Desk) -> None:
    player = counter.players[0]
    taken = record(counter, K.DEPOSIT_TAKEN, 2000, player=player)
    record(counter, K.DEPOSIT_RETURNED, 2000, player=player)

    with pytest.raises(LedgerError) as refused:
        counter_entry_reverse(entry=taken, by=counter.manager, memo="typo")

    assert refused.value.code == LedgerErrorCode.BALANCE_EXCEEDED


def test_staff_record_but_only_managers_reverse_or_move_the_float(counter: Desk) -> None:
    taken = record(counter, K.SALE, 100, category="drink")

    with pytest.raises(PolicyRefusal) as refused:
        counter_entry_reverse(entry=taken, by=counter.staff, memo="no")
    assert refused.value.refusal == Refusal.ROLE
    with pytest.raises(PolicyRefusal):
        record(counter, K.FLOAT_IN, 30000)

    counter_entry_record(
        parlor=counter.parlor, kind=K.FLOAT_IN, amount=30000, method="cash", by=counter.manager
    )
    assert cash_in_till(counter.parlor) == 30100


def test_another_parlors_desk_cannot_record_here(counter: Desk) -> None:
    other = desk(players=0)
    with pytest.raises(PolicyRefusal) as refused:
        counter_entry_record(
            parlor=counter.parlor, kind=K.SALE, amount=100, method="cash", by=other.manager,
            category="drink",
        )  # fmt: skip
    assert refused.value.refusal == Refusal.NOT_MEMBER
