"""Staff who play: back pay at the rate in force at the close, advances, the monthly statement
summed back to the postings, and the seated member kept from refereeing their own table."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum
from django.utils import timezone

from ledger.books.audit import ledger_audit
from ledger.counter.models import CounterEntryKind, PaymentMethod
from ledger.counter.services import counter_entry_record, counter_entry_reverse
from ledger.errors import AuditCheck, LedgerError, LedgerErrorCode
from ledger.floor.member_statement import member_statement
from ledger.floor.members import advances_outstanding, back_pay_rate_set, member_advance
from ledger.floor.seated import seated_user_ids
from ledger.floor.services import shift_clock_in, shift_clock_out
from ledger.models import (
    AccountKind,
    BackPay,
    BackPayRate,
    LedgerEntry,
    Posting,
    PostingKind,
    Session,
    SessionState,
)
from ledger.play.corrections import hand_void
from ledger.play.hands import hand_record
from ledger.settle.business_days import business_day_of
from ledger.settle.settlements import session_close
from parlor.models import Player
from parlor.policy import PolicyRefusal, Refusal
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF
from tests.ledger.factories import SessionFactory, UserFactory, draw, ron
from tests.ledger.floor.conftest import FloorWorld
from tests.parlor.factories import PlayerFactory, house_member

DAISANGEN = {
    "hand": "777z234m55p",
    "win_tile": "7z",
    "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
}


def _member(floor: FloorWorld, name: str = "Mei") -> tuple[User, Player]:
    """A staff member clocked in as their own player record."""
    user = house_member(UserFactory(username=f"staff-{name.lower()}"), ROLE_STAFF)
    player = PlayerFactory(parlor=floor.parlor, name=name)
    shift_clock_in(user=user, player=player, by=floor.staff)
    return user, player


def _game(floor: FloorWorld, *seated: Player, table: int = 0) -> Session:
    players = [*seated] + [PlayerFactory(parlor=floor.parlor) for _ in range(4 - len(seated))]
    return SessionFactory(
        parlor=floor.parlor, table=floor.tables[table], ruleset_config=floor.rules,
        rate=floor.rate, players=players,
    )  # fmt: skip


def _play_out(floor: FloorWorld, session: Session, winner: int = 3, loser: int = 0) -> None:
    """One hand that ends the game (a yakuman busts the loser), then the close."""
    hand_record(session=session, hand=ron(winner, loser, DAISANGEN), entered_by=floor.staff)
    session_close(session=session, by=floor.manager)


def _money(player: Player, kind: AccountKind) -> int:
    total = LedgerEntry.objects.filter(account__player=player, account__kind=kind).aggregate(
        money=Sum("money", default=0)
    )["money"]
    return int(total)


def test_back_pay_is_the_rate_in_force_at_the_close_each_change_kept(floor: FloorWorld) -> None:
    _user, member = _member(floor)
    first = back_pay_rate_set(parlor=floor.parlor, amount=500, by=floor.manager, memo="opening")
    session = _game(floor, member)
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=floor.staff)
    # Changed while the game runs: the close pays the rate in force then.
    second = back_pay_rate_set(parlor=floor.parlor, amount=700, by=floor.manager)
    session_close(session=session, by=floor.manager)
    back_pay_rate_set(parlor=floor.parlor, amount=900, by=floor.manager)

    (paid,) = BackPay.objects.filter(session=session)
    assert (paid.player, paid.amount, paid.rate) == (member, 700, second)
    assert paid.posting.kind == PostingKind.BACK_PAY and paid.posting.session == session
    legs = {(e.account.kind, e.account.player_id): e.money for e in paid.posting.entries.all()}
    assert legs == {
        (AccountKind.MEMBER_BACK_PAY, member.pk): 700,
        (AccountKind.BACK_PAY, None): -700,
    }
    # Only the member is paid; the other three are guests.
    assert BackPay.objects.count() == 1
    # Every change is kept, with who and when.
    rates = list(BackPayRate.objects.filter(parlor=floor.parlor).order_by("set_at", "pk"))
    assert [(r.amount, r.set_by) for r in rates] == [
        (500, floor.manager), (700, floor.manager), (900, floor.manager)
    ]  # fmt: skip
    assert rates[0] == first and first.memo == "opening"
    assert ledger_audit().findings == []


def test_only_managers_set_back_pay_and_never_below_zero(floor: FloorWorld) -> None:
    with pytest.raises(PolicyRefusal) as refused:
        back_pay_rate_set(parlor=floor.parlor, amount=500, by=floor.staff)
    assert refused.value.refusal is Refusal.ROLE
    for bad in (-1, 1.5, "500"):
        with pytest.raises(LedgerError) as wrong:
            back_pay_rate_set(parlor=floor.parlor, amount=bad, by=floor.manager)  # type: ignore[arg-type]
        assert wrong.value.code is LedgerErrorCode.BAD_AMOUNT and wrong.value.field == "amount"


def test_no_rate_or_a_game_before_the_shift_pays_no_back_pay(floor: FloorWorld) -> None:
    member = PlayerFactory(parlor=floor.parlor, name="Early")
    early = _game(floor, member)  # played before clocking in: as a guest
    user = house_member(UserFactory(username="early"), ROLE_STAFF)
    shift_clock_in(user=user, player=member, by=floor.staff)
    back_pay_rate_set(parlor=floor.parlor, amount=500, by=floor.manager)
    _play_out(floor, early)
    assert not BackPay.objects.exists()
    shift = shift_clock_out(shift=user.staff_shifts.get(), by=floor.staff)
    assert shift.clocked_out_at is not None


def test_a_reopened_game_reverses_its_back_pay_and_the_new_close_pays_again(
    floor: FloorWorld,
) -> None:
    _user, member = _member(floor)
    back_pay_rate_set(parlor=floor.parlor, amount=500, by=floor.manager)
    session = _game(floor, member)
    _play_out(floor, session)
    first = BackPay.objects.get(session=session)
    back_pay_rate_set(parlor=floor.parlor, amount=600, by=floor.manager)

    hand_void(hand=session.hands.get(), reason="wrong winner", by=floor.manager)
    session.refresh_from_db()
    assert session.state == SessionState.OPEN
    assert first.posting.reversed_by is not None  # reversed with the close
    assert _money(member, AccountKind.MEMBER_BACK_PAY) == 0

    _play_out(floor, session, winner=2, loser=1)
    second = BackPay.objects.exclude(pk=first.pk).get(session=session)
    assert second.amount == 600
    assert _money(member, AccountKind.MEMBER_BACK_PAY) == 600
    assert ledger_audit().findings == []


def test_advances_through_the_till_never_returned_beyond_what_is_out(floor: FloorWorld) -> None:
    _user, member = _member(floor)
    out = member_advance(parlor=floor.parlor, player=member, amount=10_000, by=floor.staff)
    assert (out.kind, out.method) == (CounterEntryKind.MEMBER_ADVANCE, PaymentMethod.CASH)
    member_advance(parlor=floor.parlor, player=member, amount=4_000, by=floor.staff, returned=True)
    assert advances_outstanding(player=member) == 6_000
    with pytest.raises(LedgerError) as beyond:
        member_advance(
            parlor=floor.parlor, player=member, amount=7_000, by=floor.staff, returned=True
        )
    assert beyond.value.code is LedgerErrorCode.BALANCE_EXCEEDED
    # A guest is no staff member; the counter's own form does not take these kinds.
    guest = PlayerFactory(parlor=floor.parlor)
    with pytest.raises(LedgerError) as not_member:
        member_advance(parlor=floor.parlor, player=guest, amount=1_000, by=floor.staff)
    assert not_member.value.code is LedgerErrorCode.NOT_A_MEMBER
    with pytest.raises(LedgerError) as by_hand:
        counter_entry_record(
            parlor=floor.parlor, kind=CounterEntryKind.MEMBER_ADVANCE, amount=1_000,
            method=PaymentMethod.CASH, by=floor.staff, player=member,
        )  # fmt: skip
    assert by_hand.value.code is LedgerErrorCode.BAD_COUNTER_ENTRY
    # A manager reverses a mistaken return like any counter entry; not the advance, since
    # that would leave more returned than advanced.
    returned = member.counter_entries.get(kind=CounterEntryKind.MEMBER_ADVANCE_RETURNED)
    counter_entry_reverse(entry=returned, by=floor.manager, memo="typed by mistake")
    assert advances_outstanding(player=member) == 10_000
    member_advance(parlor=floor.parlor, player=member, amount=10_000, by=floor.staff, returned=True)
    with pytest.raises(LedgerError) as undone:
        counter_entry_reverse(entry=out, by=floor.manager, memo="never advanced")
    assert undone.value.code is LedgerErrorCode.BALANCE_EXCEEDED
    assert ledger_audit().findings == []


def test_the_monthly_statement_sums_back_to_the_postings(floor: FloorWorld) -> None:
    _user, member = _member(floor)
    back_pay_rate_set(parlor=floor.parlor, amount=500, by=floor.manager)
    won = _game(floor, member)
    _play_out(floor, won, winner=0, loser=1)  # the member wins
    back_pay_rate_set(parlor=floor.parlor, amount=800, by=floor.manager)
    lost = _game(floor, member, table=1)
    _play_out(floor, lost, winner=3, loser=0)  # the member is busted
    member_advance(parlor=floor.parlor, player=member, amount=20_000, by=floor.staff)
    member_advance(parlor=floor.parlor, player=member, amount=5_000, by=floor.staff, returned=True)
    # Someone else's game and advance stay out of the member's statement.
    _other_user, other = _member(floor, "Ren")
    _play_out(floor, _game(floor, other))
    member_advance(parlor=floor.parlor, player=other, amount=3_000, by=floor.staff)

    # The month of the business day now (the parlor's day turns at its closing hour).
    day = business_day_of(parlor=floor.parlor, moment=timezone.now())
    statement = member_statement(parlor=floor.parlor, player=member, month=day)

    assert [line.session for line in statement.games] == [won, lost]
    entries = LedgerEntry.objects.filter(account__player=member)
    results = entries.filter(
        account__kind=AccountKind.PLAYER,
        posting__kind__in=[PostingKind.SETTLEMENT, PostingKind.FEE],
    ).aggregate(money=Sum("money"))["money"]
    assert statement.results == results == _money(member, AccountKind.PLAYER)
    assert statement.results == sum(
        s.money - s.fee for s in member.settlements.all()
    )  # the settlement rows say the same
    assert statement.back_pay == _money(member, AccountKind.MEMBER_BACK_PAY) == 500 + 800
    assert [line.back_pay for line in statement.games] == [500, 800]
    assert (statement.advanced, statement.returned) == (20_000, 5_000)
    assert statement.outstanding_before == 0
    assert statement.outstanding_after == -_money(member, AccountKind.MEMBER_ADVANCE) == 15_000
    assert statement.fees == sum(line.fee for line in statement.games) > 0
    # The month before holds nothing.
    before = member_statement(
        parlor=floor.parlor, player=member, month=date(day.year - 1, day.month, 1)
    )
    assert before.games == [] and before.back_pay == 0 and before.advances == []
    assert ledger_audit().findings == []


def test_a_seated_member_may_not_enter_correct_or_close_their_table(floor: FloorWorld) -> None:
    user, member = _member(floor)
    boss = house_member(UserFactory(username="boss"), ROLE_MANAGER)
    boss_player = PlayerFactory(parlor=floor.parlor, name="Boss")
    shift_clock_in(user=boss, player=boss_player, by=floor.staff)
    session = _game(floor, member, boss_player)
    assert seated_user_ids(session=session) == {user.pk, boss.pk}

    with pytest.raises(PolicyRefusal) as entering:
        hand_record(session=session, hand=draw(0), entered_by=user)
    assert entering.value.refusal is Refusal.SEATED
    hand = hand_record(session=session, hand=draw(0), entered_by=floor.staff)
    with pytest.raises(PolicyRefusal) as correcting:
        hand_void(hand=hand, reason="seated manager", by=boss)
    assert correcting.value.refusal is Refusal.SEATED
    hand_record(session=session, hand=ron(3, 0, DAISANGEN), entered_by=floor.staff)
    with pytest.raises(PolicyRefusal) as closing:
        session_close(session=session, by=boss)
    assert closing.value.refusal is Refusal.SEATED
    # At another table they referee as before.
    elsewhere = _game(floor, table=1)
    hand_record(session=elsewhere, hand=draw(0), entered_by=user)
    session_close(session=session, by=floor.manager)
    assert Session.objects.get(pk=session.pk).state == SessionState.CLOSED


def test_the_audit_finds_back_pay_off_its_rate_and_a_back_pay_posting_without_its_row(
    floor: FloorWorld,
) -> None:
    from ledger.books.postings import Leg, PlannedPosting, posting_create
    from ledger.floor.members import _back_pay_accounts

    _user, member = _member(floor)
    back_pay_rate_set(parlor=floor.parlor, amount=500, by=floor.manager)
    session = _game(floor, member)
    _play_out(floor, session)
    paid = BackPay.objects.get(session=session)
    assert ledger_audit().findings == []

    accounts = _back_pay_accounts(parlor_id=floor.parlor.pk, players=[member.pk])
    legs = (
        Leg(accounts[(AccountKind.MEMBER_BACK_PAY, member.pk)], "back_pay", money=700),
        Leg(accounts[(AccountKind.BACK_PAY, None)], "back_pay", money=-700),
    )
    # Paid twice, at an amount no rate says: a row at 700 naming the 500 rate, and a back
    # pay posting no row explains.
    for _ in range(2):
        extra = posting_create(
            session=session, planned=PlannedPosting(PostingKind.BACK_PAY, legs), by=floor.staff
        )
    BackPay.objects.create(
        parlor=floor.parlor, session=session, player=member, shift=paid.shift, rate=paid.rate,
        amount=700, posting=Posting.objects.filter(kind=PostingKind.BACK_PAY).exclude(
            pk__in=[paid.posting_id, extra.pk]
        ).get(),
    )  # fmt: skip
    found = [f for f in ledger_audit().findings if f.check == AuditCheck.BACK_PAY_MISMATCH]
    assert len(found) == 2, found
    assert any("rate in force" in f.message for f in found)
    assert any(f.subject == f"posting {extra.pk}" for f in found)
