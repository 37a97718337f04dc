"""Visits: check-in and check-out, one open visit per player, credit limits and overrides."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from ledger.books.balances import player_balance
from ledger.counter.visit_services import (
    credit_limit_set,
    credit_standing,
    visit_check_in,
    visit_check_out,
)
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Session, Visit
from parlor.models import Player
from parlor.policy import PolicyRefusal, Refusal
from parlor.services.roles import ROLE_PLAYER
from tests.ledger.factories import UserFactory
from tests.parlor.factories import PlayerFactory, house_member


def _loser(session: Session) -> Player:
    """The seat that lost most money in the closed session (owes the parlor)."""
    players = [seat.player for seat in session.seats.all()]
    return min(players, key=lambda p: player_balance(player=p).money)


def test_check_in_records_the_business_day_and_who(staff: User) -> None:
    player = PlayerFactory()
    # 02:00 in Tokyo on the 2nd belongs to the business day of the 1st (closing hour 6).
    moment = datetime(2026, 11, 1, 17, 0, tzinfo=UTC)
    visit = visit_check_in(player=player, by=staff, now=moment)
    assert visit.business_day == date(2026, 11, 1)
    assert visit.checked_in_by == staff and visit.is_open
    assert visit.owed_at_check_in == 0 and visit.credit_limit_at_check_in is None


def test_one_open_visit_per_player(staff: User) -> None:
    player = PlayerFactory()
    visit_check_in(player=player, by=staff)
    with pytest.raises(LedgerError) as refused:
        visit_check_in(player=player, by=staff)
    assert refused.value.code is LedgerErrorCode.VISIT_ALREADY_OPEN
    assert Visit.objects.filter(player=player).count() == 1


def test_the_database_refuses_a_second_open_visit(staff: User) -> None:
    player = PlayerFactory()
    first = visit_check_in(player=player, by=staff)
    with pytest.raises(IntegrityError), transaction.atomic():
        Visit.objects.create(
            parlor=player.parlor,
            player=player,
            business_day=first.business_day,
            checked_in_by=staff,
        )


def test_check_out_then_in_again(staff: User) -> None:
    player = PlayerFactory()
    visit = visit_check_in(player=player, by=staff)
    out = visit_check_out(visit=visit, by=staff)
    assert out.checked_out_by == staff and not out.is_open
    with pytest.raises(LedgerError) as refused:
        visit_check_out(visit=visit, by=staff)
    assert refused.value.code is LedgerErrorCode.VISIT_NOT_OPEN
    again = visit_check_in(player=player, by=staff)
    assert again.pk != visit.pk and again.is_open


def test_an_inactive_player_is_not_checked_in(staff: User) -> None:
    player = PlayerFactory(is_active=False)
    with pytest.raises(LedgerError) as refused:
        visit_check_in(player=player, by=staff)
    assert refused.value.code is LedgerErrorCode.INACTIVE


def test_above_the_credit_limit_staff_are_refused_and_a_manager_overrides_with_why(
    closed_session: Session, staff: User, manager: User
) -> None:
    player = _loser(closed_session)
    owed = -player_balance(player=player).money
    assert owed > 0
    credit_limit_set(player=player, amount=owed - 1, by=manager)
    assert credit_standing(player=player).above_limit

    with pytest.raises(LedgerError) as refused:
        visit_check_in(player=player, by=staff)
    assert refused.value.code is LedgerErrorCode.CREDIT_LIMIT_EXCEEDED
    assert refused.value.params == {"player": str(player), "owed": owed, "limit": owed - 1}
    # Staff may not override, even with a reason.
    with pytest.raises(PolicyRefusal) as not_theirs:
        visit_check_in(player=player, by=staff, override_reason="regular, pays Friday")
    assert not_theirs.value.refusal is Refusal.ROLE
    assert not Visit.objects.filter(player=player).exists()

    visit = visit_check_in(player=player, by=manager, override_reason="regular, pays Friday")
    assert visit.override_by == manager
    assert visit.override_reason == "regular, pays Friday"
    assert (visit.owed_at_check_in, visit.credit_limit_at_check_in) == (owed, owed - 1)


def test_at_the_limit_is_not_above_it(closed_session: Session, staff: User, manager: User) -> None:
    player = _loser(closed_session)
    owed = -player_balance(player=player).money
    credit_limit_set(player=player, amount=owed, by=manager)
    visit = visit_check_in(player=player, by=staff, override_reason="not needed")
    # A reason below the limit overrides nothing and is not kept.
    assert visit.override_by is None and visit.override_reason == ""


def test_credit_limits_are_the_managers(staff: User, manager: User) -> None:
    player = PlayerFactory()
    with pytest.raises(PolicyRefusal):
        credit_limit_set(player=player, amount=10_000, by=staff)
    limit = credit_limit_set(player=player, amount=10_000, by=manager)
    assert limit is not None and limit.set_by == manager
    assert credit_standing(player=player).limit == 10_000
    assert credit_limit_set(player=player, amount=None, by=manager) is None
    assert credit_standing(player=player).limit is None


def test_players_and_other_parlors_may_not_check_in(db: None) -> None:
    player = PlayerFactory()
    member = house_member(UserFactory(username="member"), ROLE_PLAYER)
    with pytest.raises(PolicyRefusal) as refused:
        visit_check_in(player=player, by=member)
    assert refused.value.refusal is Refusal.ROLE
    stranger = UserFactory(username="stranger")
    with pytest.raises(PolicyRefusal) as refused:
        visit_check_in(player=player, by=stranger)
    assert refused.value.refusal is Refusal.NOT_MEMBER


def test_the_credit_limit_nets_the_deposit_held(staff: User, manager: User) -> None:
    """What a player owes, against their limit, is their results less the deposit held."""
    from ledger.counter.services import counter_entry_record
    from tests.ledger.counter.helpers import desk

    counter = desk(players=1)
    player = counter.players[0]
    counter_entry_record(
        parlor=counter.parlor, kind="sale_on_tab", amount=30000, method="balance",
        category="food", player=player, by=counter.staff,
    )  # fmt: skip
    assert credit_standing(player=player).owed == 30000
    counter_entry_record(
        parlor=counter.parlor, kind="deposit_taken", amount=20000, method="cash",
        player=player, by=counter.staff,
    )  # fmt: skip
    assert credit_standing(player=player).owed == 10000
    credit_limit_set(player=player, amount=10000, by=counter.manager)
    visit = visit_check_in(player=player, by=counter.staff)  # at the limit, not above it
    assert visit.owed_at_check_in == 10000
