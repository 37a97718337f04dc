"""The counter's rows of the policy table, through the services (issue 34): the desk
takes deposits and records sales, the managers reverse entries and handle the till's cash,
a player does neither, and another parlor's desk cannot reach this counter."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from ledger.counter.models import CounterEntryKind as K
from ledger.counter.services import counter_entry_record, counter_entry_reverse
from ledger.counter.till import till_close
from parlor import policy
from parlor.models import Role
from parlor.policy import Action, PolicyRefusal, Refusal
from tests.ledger.counter.helpers import Desk, desk, record
from tests.parlor.factories import member_of

pytestmark = pytest.mark.django_db

Probe = Callable[[Desk, User], object]

PROBES: dict[Action, list[Probe]] = {
    Action.RECORD_COUNTER: [
        lambda d, by: counter_entry_record(
            parlor=d.parlor,
            kind=K.DEPOSIT_TAKEN,
            amount=1000,
            method="cash",
            by=by,
            player=d.players[0],
        ),
        lambda d, by: counter_entry_record(
            parlor=d.parlor, kind=K.SALE, amount=500, method="card", by=by, category="drink"
        ),
    ],
    Action.CORRECT_COUNTER: [
        lambda d, by: counter_entry_reverse(
            entry=record(d, K.SALE, 300, category="food"), by=by, memo="rung up twice"
        ),
    ],
    Action.MANAGE_TILL: [
        lambda d, by: counter_entry_record(
            parlor=d.parlor, kind=K.FLOAT_IN, amount=30000, method="cash", by=by
        ),
        lambda d, by: till_close(parlor=d.parlor, kind="shift", denominations={}, by=by),
    ],
}


def test_the_counters_rows_are_in_the_table() -> None:
    rows = dict(policy.rows())
    assert rows[Action.RECORD_COUNTER].roles == {Role.MANAGER, Role.STAFF}
    assert rows[Action.CORRECT_COUNTER].roles == {Role.MANAGER}
    assert rows[Action.MANAGE_TILL].roles == {Role.MANAGER}


@pytest.mark.parametrize("where", ["own parlor", "other parlor"])
@pytest.mark.parametrize("role", [Role.MANAGER, Role.STAFF, Role.PLAYER])
@pytest.mark.parametrize(
    ("action", "probe"),
    [(action, probe) for action, probes in PROBES.items() for probe in probes],
)
def test_the_counter_does_what_the_policy_table_says(
    action: Action, probe: Probe, role: Role, where: str
) -> None:
    counter = desk()
    home = counter.parlor if where == "own parlor" else desk(players=0).parlor
    user = member_of(home, role, username=f"probe-{role}")
    allowed = policy.allows(user, action, parlor_id=counter.parlor.pk)
    assert allowed == (where == "own parlor" and role in dict(policy.rows())[action].roles)

    if allowed:
        probe(counter, user)
        return
    with pytest.raises(PolicyRefusal) as refused:
        probe(counter, user)
    assert refused.value.action == action
    assert refused.value.refusal == (Refusal.ROLE if where == "own parlor" else Refusal.NOT_MEMBER)
