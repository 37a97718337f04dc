"""The check-out slip (issue 34): one settlement posting on confirmation, never one's own
visit, a correction after payment carried onto the next slip, the qualified invoice."""

from __future__ import annotations

import pytest
from django.db.models import Count, Sum

from ledger.books.audit import ledger_audit
from ledger.counter.models import CounterEntry, PaymentMethod
from ledger.counter.services import counter_entry_reverse
from ledger.counter.settle import visit_settle
from ledger.counter.slip import settled_slip, visit_slip
from ledger.counter.visit_services import visit_check_in
from ledger.counter.visits import InvoiceRegistration, Visit, VisitSettlement
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.floor.services import shift_clock_in
from ledger.models import AccountKind, HandResult, LedgerEntry, Posting, Session, Settlement
from ledger.play.corrections import hand_amend
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from parlor.models import Player
from parlor.policy import PolicyRefusal, Refusal
from tests.ledger.book_reading import unbalanced_postings
from tests.ledger.counter.helpers import Desk, cash_in_till, desk, money_of, record
from tests.ledger.factories import SessionFactory, draw, ron

pytestmark = pytest.mark.django_db


def _game(counter: Desk, seats: list[Player]) -> Session:
    session = SessionFactory(parlor=counter.parlor, players=seats, by=counter.manager)
    hand_record(session=session, hand=ron(0, 1), entered_by=counter.manager)
    session_close(session=session, by=counter.manager, stop=True)
    return session


def _net(session: Session, player: Player) -> int:
    row = Settlement.objects.get(session=session, player=player)
    return row.money - row.fee


@pytest.fixture
def counter() -> Desk:
    return desk(players=4)


def test_the_slip_lists_the_visit_and_is_settled_as_one_posting(counter: Desk) -> None:
    regular = counter.players[1]  # the discarder: loses the game
    visit = visit_check_in(player=regular, by=counter.staff)
    record(counter, "deposit_taken", 10000, player=regular)
    record(counter, "prepaid_topup", 3000, player=regular)
    record(counter, "sale_on_tab", 500, method="balance", player=regular, category="drink")
    first = _game(counter, counter.players)
    second = _game(counter, [counter.players[i] for i in (1, 0, 2, 3)])  # regular wins
    slip = visit_slip(visit=visit)

    assert [game.session for game in slip.games] == [first.pk, second.pk]
    assert [game.net for game in slip.games] == [_net(first, regular), _net(second, regular)]
    assert slip.games[0].placement == 4 and slip.games[1].placement == 1
    assert [line.kind for line in slip.lines] == ["deposit_taken", "prepaid_topup", "sale_on_tab"]
    assert slip.brought_forward == 0
    results = _net(first, regular) + _net(second, regular) - 500
    assert (slip.deposit, slip.prepaid, slip.results) == (10000, 3000, results)
    fees = slip.fees_total
    owed = -results
    assert owed > 0  # the loss at the first table is larger than the win at the second
    plan = slip.plan
    assert plan.prepaid_spent == min(3000, fees, owed)
    assert plan.deposit_applied == min(10000, owed - plan.prepaid_spent)
    assert plan.deposit_returned == 10000 - plan.deposit_applied
    assert plan.payment_received == owed - plan.prepaid_spent - plan.deposit_applied
    till_before = cash_in_till(counter.parlor)
    postings_before = Posting.objects.count()

    settlement = visit_settle(visit=visit, by=counter.staff, version=slip.version)

    # ONE posting, zero-sum, with one counter entry per part, all naming the visit.
    assert Posting.objects.count() == postings_before + 1
    assert unbalanced_postings() == []
    parts = CounterEntry.objects.filter(posting=settlement.posting).order_by("pk")
    assert {entry.visit_id for entry in parts} == {visit.pk}
    expected = {
        "prepaid_spent": plan.prepaid_spent,
        "deposit_applied": plan.deposit_applied,
        "deposit_returned": plan.deposit_returned,
        "payment_received": plan.payment_received,
    }
    assert {e.kind: e.amount for e in parts} == {k: v for k, v in expected.items() if v}
    totals = LedgerEntry.objects.filter(posting=settlement.posting).aggregate(m=Sum("money"))
    assert totals["m"] == 0
    # The books after: the deposit and the results settled, the prepaid rest kept.
    assert money_of(counter.parlor, AccountKind.PLAYER_DEPOSIT, regular) == 0
    assert money_of(counter.parlor, AccountKind.PLAYER, regular) == 0
    assert (
        money_of(counter.parlor, AccountKind.PLAYER_PREPAID, regular) == 3000 - plan.prepaid_spent
    )
    assert cash_in_till(counter.parlor) == (
        till_before + plan.payment_received - plan.deposit_returned
    )
    visit.refresh_from_db()
    assert not visit.is_open and visit.checked_out_by == counter.staff
    # The slip as confirmed is kept: its reprint is the same figures.
    assert settled_slip(visit=visit) == slip
    assert ledger_audit().ok, ledger_audit().lines()
    # A part of a confirmed slip is never reversed: the next slip carries any mistake.
    with pytest.raises(LedgerError) as refused:
        counter_entry_reverse(entry=parts[0], by=counter.manager, memo="undo")
    assert refused.value.code is LedgerErrorCode.SETTLED_ON_SLIP


def test_a_player_owed_money_receives_it_with_the_deposit(counter: Desk) -> None:
    winner = counter.players[0]
    visit = visit_check_in(player=winner, by=counter.staff)
    record(counter, "deposit_taken", 5000, player=winner)
    game = _game(counter, counter.players)
    slip = visit_slip(visit=visit)
    assert slip.plan.payment_made == _net(game, winner) > 0
    assert slip.plan.player_receives == 5000 + _net(game, winner)
    assert slip.plan.player_pays == 0
    before = cash_in_till(counter.parlor)
    visit_settle(visit=visit, by=counter.staff, version=slip.version)
    assert cash_in_till(counter.parlor) == before - slip.plan.player_receives


def test_a_staff_member_never_settles_their_own_visit(counter: Desk) -> None:
    player = counter.players[0]
    player.user = counter.staff
    player.save(update_fields=["user"])
    visit = visit_check_in(player=player, by=counter.manager)
    slip = visit_slip(visit=visit)
    with pytest.raises(PolicyRefusal) as refused:
        visit_settle(visit=visit, by=counter.staff, version=slip.version)
    assert refused.value.refusal is Refusal.OWN
    assert Visit.objects.get(pk=visit.pk).is_open
    # The manager is the player's login too? No: a colleague settles it.
    visit_settle(visit=visit, by=counter.manager, version=slip.version)


def test_nor_the_visit_of_the_player_they_sat_at_a_table_as(counter: Desk) -> None:
    house = counter.players[2]
    visit = visit_check_in(player=house, by=counter.staff)
    shift_clock_in(user=counter.manager, player=house, by=counter.manager)
    slip = visit_slip(visit=visit)
    with pytest.raises(PolicyRefusal) as refused:
        visit_settle(visit=visit, by=counter.manager, version=slip.version)
    assert refused.value.refusal is Refusal.OWN
    visit_settle(visit=visit, by=counter.staff, version=slip.version)


def test_a_slip_that_moved_since_it_was_shown_is_refused(counter: Desk) -> None:
    regular = counter.players[1]
    visit = visit_check_in(player=regular, by=counter.staff)
    shown = visit_slip(visit=visit)
    record(counter, "sale_on_tab", 700, method="balance", player=regular, category="food")
    with pytest.raises(LedgerError) as refused:
        visit_settle(visit=visit, by=counter.staff, version=shown.version)
    assert refused.value.code is LedgerErrorCode.SLIP_CHANGED
    assert not VisitSettlement.objects.exists()
    again = visit_slip(visit=visit)
    assert again.plan.payment_received == 700
    visit_settle(visit=visit, by=counter.staff, version=again.version, method=PaymentMethod.QR)
    assert cash_in_till(counter.parlor) == 0  # paid by QR: the till did not move


def test_a_player_still_seated_is_settled_after_the_game(counter: Desk) -> None:
    regular = counter.players[0]
    visit = visit_check_in(player=regular, by=counter.staff)
    session = SessionFactory(parlor=counter.parlor, players=counter.players, by=counter.manager)
    slip = visit_slip(visit=visit)
    assert slip.playing == [session.table.name]
    with pytest.raises(LedgerError) as refused:
        visit_settle(visit=visit, by=counter.staff, version=slip.version)
    assert refused.value.code is LedgerErrorCode.STILL_PLAYING


def test_a_correction_after_payment_is_carried_onto_the_next_slip(counter: Desk) -> None:
    regular = counter.players[1]
    visit = visit_check_in(player=regular, by=counter.staff)
    game = _game(counter, counter.players)
    paid_net = _net(game, regular)
    visit_settle(visit=visit, by=counter.staff, version=visit_slip(visit=visit).version)
    assert money_of(counter.parlor, AccountKind.PLAYER, regular) == 0
    # After the player paid and left, the manager finds the hand was a draw.
    hand = HandResult.objects.get(session=game, ordinal=1)
    hand_amend(hand=hand, payload=draw(0, 1), reason="it was a draw", by=counter.manager)
    session_close(session=game, by=counter.manager, stop=True)
    new_net = Settlement.objects.filter(session=game, player=regular).order_by("-pk")[0]
    difference = new_net.money - new_net.fee - paid_net
    assert difference != 0
    assert money_of(counter.parlor, AccountKind.PLAYER, regular) == difference

    second = visit_check_in(player=regular, by=counter.staff)
    slip = visit_slip(visit=second)
    assert slip.brought_forward == 0
    assert slip.games == []
    assert [(c.session, c.amount) for c in slip.corrections] == [(game.pk, difference)]
    assert slip.results == difference
    settlement = visit_settle(visit=second, by=counter.staff, version=slip.version)
    assert money_of(counter.parlor, AccountKind.PLAYER, regular) == 0
    assert settlement.slip["corrections"] == [
        {"session": game.pk, "table": game.table.name, "amount": difference}
    ]
    # The first slip, reprinted, still says what was paid then.
    first = settled_slip(visit=visit)
    assert first is not None and first.games[0].net == paid_net
    assert ledger_audit().ok


def test_the_slip_itemizes_a_qualified_invoice_where_the_parlor_is_registered(
    counter: Desk,
) -> None:
    regular = counter.players[1]
    visit = visit_check_in(player=regular, by=counter.staff)
    record(counter, "sale_on_tab", 550, method="balance", player=regular, category="drink")
    game = _game(counter, counter.players)
    assert visit_slip(visit=visit).invoice is None  # no registration number: no invoice
    InvoiceRegistration.objects.create(
        parlor=counter.parlor,
        registration_number="T1234567890123",
        issuer_name="Parlor Co., Ltd.",
        set_by=counter.manager,
    )
    invoice = visit_slip(visit=visit).invoice
    assert invoice is not None
    fee = Settlement.objects.get(session=game, player=regular).fee
    assert [(i.what, i.amount) for i in invoice.items] == [
        ("game_fee", fee),
        ("sale:drink", 550),
    ]
    assert invoice.total == fee + 550
    # Tax included at 10%: total x 10 / 110, rounded down once for the invoice.
    assert invoice.tax == (fee + 550) * 10 // 110
    assert invoice.registration_number == "T1234567890123"


def test_one_posting_per_settlement_in_the_counter_entries(counter: Desk) -> None:
    regular = counter.players[1]
    visit = visit_check_in(player=regular, by=counter.staff)
    record(counter, "deposit_taken", 10000, player=regular)
    _game(counter, counter.players)
    visit_settle(visit=visit, by=counter.staff, version=visit_slip(visit=visit).version)
    shared = (
        CounterEntry.objects.values("posting_id")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .values_list("posting_id", flat=True)
    )
    assert list(shared) == [VisitSettlement.objects.get(visit=visit).posting_id]
