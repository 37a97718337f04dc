"""The counter's invariants under random sequences of games and counter operations
(hypothesis; issue 34).

Random deposits, returns, top-ups, prepaid spent, payments each way, sales
and paid-outs by cash, card or QR, floats and cash drops, reversals, and games
played at a table and stopped (their money and fees land on the players'
results). A model kept here, from its own table of which way each operation
moves money (not the service's), predicts which operations the service must
refuse (a deposit returned beyond what it holds, a payment beyond what is
owed). Afterwards:

- every posting sums to zero, and so does the whole book;
- the till account's balance is the negative of the cash the model counted
  from the accepted operations alone (no count is involved);
- each player's deposit held, prepaid balance and results are what the model
  says: the games' slips (money less fee) plus the counter's operations;
- each entry goes through the API with an Idempotency-Key, sent up to three times
  (retries): it is recorded once and every retry gets the first answer;
- a refused operation wrote nothing, and the audit is clean (stored answers included);
- a player's check-out slip (every player is checked in throughout) says the balances
  and the settlement the model computes on its own (prepaid spent on the slip's fees, the
  deposit applied then returned, the payment either way); confirmed through the API (sent
  up to three times) it is one settlement, and the balances after are the slip's.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ledger.books.audit import ledger_audit
from ledger.counter.models import CounterEntry
from ledger.counter.services import counter_entry_record, counter_entry_reverse
from ledger.counter.visit_services import visit_check_in
from ledger.counter.visits import Visit, VisitSettlement
from ledger.errors import LedgerError
from ledger.models import AccountKind, LedgerEntry, Posting, Settlement
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from tests.api.support import token_client
from tests.ledger.book_reading import unbalanced_postings
from tests.ledger.counter.helpers import Desk, cash_in_till, desk, money_of
from tests.ledger.factories import SessionFactory, ron

pytestmark = pytest.mark.django_db

# The model's own table: (drawer +1 in / -1 out, the player's account it moves and by
# how much per unit of amount): deposit, prepaid, results.
MOVES: dict[str, tuple[int, tuple[int, int, int]]] = {
    "deposit_taken": (+1, (+1, 0, 0)),
    "deposit_returned": (-1, (-1, 0, 0)),
    "deposit_applied": (0, (-1, 0, +1)),
    "prepaid_topup": (+1, (0, +1, 0)),
    "prepaid_spent": (0, (0, -1, +1)),
    "payment_received": (+1, (0, 0, +1)),
    "payment_made": (-1, (0, 0, -1)),
    "sale": (+1, (0, 0, 0)),
    "paid_out": (-1, (0, 0, 0)),
    "float_in": (+1, (0, 0, 0)),
    "cash_drop": (-1, (0, 0, 0)),
}
ENTRIES = "/api/counter/entries/"
PLAYER_OPS = {kind for kind, (_, moves) in MOVES.items() if any(moves)}
BALANCE_OPS = {"deposit_applied", "prepaid_spent"}
CASH_ONLY = {"float_in", "cash_drop"}
CATEGORY_OPS = {"sale", "paid_out"}
AMOUNTS = st.sampled_from([100, 500, 1000, 2500, 5000, 10000]) | st.integers(1, 30000)

ENTRY = st.tuples(
    st.just("entry"),
    st.sampled_from(sorted(MOVES)),
    st.integers(0, 3),
    AMOUNTS,
    st.sampled_from(["cash", "cash", "card", "qr"]),
    # How often the desk sends the same POST (same Idempotency-Key): retries after a
    # lost answer.
    st.sampled_from([1, 1, 2, 3]),
)
STEPS = st.lists(
    st.one_of(
        ENTRY,
        ENTRY,
        ENTRY,
        st.tuples(st.just("reverse"), st.integers(0, 40)),
        st.tuples(st.just("game"), st.permutations(range(4))),
        # A player leaves: prepaid spent on what they owe, the deposit applied, the rest paid.
        st.tuples(st.just("settle"), st.integers(0, 3)),
        # ... or through their check-out slip, confirmed (then checked in again).
        st.tuples(
            st.just("checkout"),
            st.integers(0, 3),
            st.sampled_from(["cash", "cash", "card", "qr"]),
            st.sampled_from([1, 1, 2, 3]),
        ),
    ),
    min_size=1,
    max_size=18,
)


@dataclass
class Model:
    cash: int = 0
    # player index -> [deposit, prepaid, results]
    money: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    # accepted entries, by their ids: (kind, player, amount, method)
    entries: list[tuple[int, str, int | None, int, str]] = field(default_factory=list)
    reversed: set[int] = field(default_factory=set)
    # player index -> the fees of their games since their last check-out slip
    fees: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    client: Any = None
    keys: int = 0

    def allows(self, kind: str, player: int | None, amount: int, *, reversal: bool) -> bool:
        sign = -1 if reversal else 1
        if player is None:
            return True
        deposit, prepaid, results = self.money[player]
        moves = [sign * m * amount for m in MOVES[kind][1]]
        if deposit + moves[0] < 0 or prepaid + moves[1] < 0:
            return False
        if reversal:
            return True
        if moves[2] > 0 and results + moves[2] > 0:
            return False
        return not (moves[2] < 0 and results + moves[2] < 0)

    def apply(
        self, kind: str, player: int | None, amount: int, method: str, *, reversal: bool
    ) -> None:
        sign = -1 if reversal else 1
        drawer, moves = MOVES[kind]
        if method == "cash":
            self.cash += sign * drawer * amount
        if player is not None:
            for i, m in enumerate(moves):
                self.money[player][i] += sign * m * amount


def _written() -> tuple[int, int]:
    return Posting.objects.count(), CounterEntry.objects.count()


def _step(counter: Desk, model: Model, step: tuple[Any, ...]) -> None:
    op = step[0]
    before = _written()
    if op == "entry":
        _, kind, who, amount, method, sends = step
        player = who if kind in PLAYER_OPS else None
        method = "balance" if kind in BALANCE_OPS else "cash" if kind in CASH_ONLY else method
        expected = model.allows(kind, player, amount, reversal=False)
        body = {
            "parlor": counter.parlor.pk,
            "kind": kind,
            "amount": amount,
            "method": method,
            "player": counter.players[player].pk if player is not None else None,
            "category": "drink" if kind in CATEGORY_OPS else "",
        }
        model.keys += 1
        key = f"entry-{model.keys}"
        answers = [
            model.client.post(ENTRIES, body, format="json", headers={"Idempotency-Key": key})
            for _ in range(sends)
        ]
        if answers[0].status_code != 201:
            assert not expected, f"{kind} {amount} refused: {answers[0].content[:300]!r}"
            assert answers[0].status_code == 409, answers[0].content[:300]
            assert _written() == before
            event(f"{kind} refused")
            return
        assert expected, f"{kind} {amount} was accepted; the model refuses it"
        assert all(answer.json() == answers[0].json() for answer in answers)
        # Recorded once, however often it was sent.
        assert _written() == (before[0] + 1, before[1] + 1)
        model.apply(kind, player, amount, method, reversal=False)
        model.entries.append((answers[0].json()["id"], kind, player, amount, method))
        event(f"{kind} recorded" + (f", sent {sends} times" if sends > 1 else ""))
    elif op == "reverse" and model.entries:
        pk, kind, player, amount, method = model.entries[step[1] % len(model.entries)]
        expected = pk not in model.reversed and model.allows(kind, player, amount, reversal=True)
        try:
            counter_entry_reverse(
                entry=CounterEntry.objects.get(pk=pk), by=counter.manager, memo="random"
            )
        except LedgerError as error:
            assert not expected, f"reversal of {kind} refused: {error.message}"
            assert _written() == before
            event("reversal refused")
            return
        assert expected, f"reversal of {kind} accepted; the model refuses it"
        model.reversed.add(pk)
        model.apply(kind, player, amount, method, reversal=True)
        event("reversal recorded")
    elif op == "settle":
        _settle(counter, model, step[1])
    elif op == "checkout":
        _checkout(counter, model, *step[1:])
    elif op == "game":
        seats = [counter.players[i] for i in step[1]]
        session = SessionFactory(parlor=counter.parlor, players=seats, by=counter.manager)
        hand_record(session=session, hand=ron(0, 1), entered_by=counter.manager)
        session_close(session=session, by=counter.manager, stop=True)
        for row in Settlement.objects.filter(session=session):
            model.money[counter.players.index(row.player)][2] += row.money - row.fee
            model.fees[counter.players.index(row.player)] += row.fee
        event("game played")


def _settle(counter: Desk, model: Model, who: int) -> None:
    """Settle a player's results at leave, each amount from the model's own figures."""
    player = counter.players[who]
    deposit, prepaid, results = model.money[who]
    steps = []
    if results < 0 and prepaid:
        steps.append(("prepaid_spent", min(prepaid, -results), "balance"))
        results += steps[-1][1]
    if results < 0 and deposit:
        steps.append(("deposit_applied", min(deposit, -results), "balance"))
        results += steps[-1][1]
    if results:
        steps.append(("payment_received" if results < 0 else "payment_made", abs(results), "cash"))
    for kind, amount, method in steps:
        entry = counter_entry_record(
            parlor=counter.parlor, kind=kind, amount=amount, method=method, by=counter.staff,
            player=player,
        )  # fmt: skip
        model.apply(kind, who, amount, method, reversal=False)
        model.entries.append((entry.pk, kind, who, amount, method))
        event(f"settled by {kind}")
    assert model.money[who][2] == 0


def _checkout(counter: Desk, model: Model, who: int, method: str, sends: int) -> None:
    """The player's check-out slip against the model's own settlement, then confirmed."""
    player = counter.players[who]
    visit = Visit.objects.get(player=player, checked_out_at__isnull=True)
    slip = model.client.get(f"/api/counter/visits/{visit.pk}/slip/").json()
    deposit, prepaid, results = model.money[who]
    owed = max(0, -results)
    spent = min(prepaid, owed, model.fees[who])
    applied = min(deposit, owed - spent)
    plan = {
        "prepaid_spent": spent,
        "deposit_applied": applied,
        "deposit_returned": deposit - applied,
        "payment_received": owed - spent - applied,
        "payment_made": max(0, results),
    }
    assert (slip["deposit"], slip["prepaid"], slip["results"]) == (deposit, prepaid, results)
    assert {key: slip["plan"][key] for key in plan} == plan
    before = VisitSettlement.objects.count()
    model.keys += 1
    body = {"version": slip["version"], "method": method}
    answers = [
        model.client.post(
            f"/api/counter/visits/{visit.pk}/settle/", body, format="json",
            headers={"Idempotency-Key": f"checkout-{model.keys}"},
        )  # fmt: skip
        for _ in range(sends)
    ]
    assert answers[0].status_code == 201, answers[0].content[:300]
    assert all(answer.json() == answers[0].json() for answer in answers)
    assert VisitSettlement.objects.count() == before + 1
    if method == "cash":
        model.cash += plan["payment_received"] - plan["deposit_returned"] - plan["payment_made"]
    model.money[who] = [0, prepaid - spent, 0]
    model.fees[who] = 0
    visit_check_in(player=player, by=counter.staff)
    event(f"checked out by {method}" + (f", sent {sends} times" if sends > 1 else ""))


def _check(counter: Desk, model: Model) -> None:
    assert unbalanced_postings() == []
    totals = LedgerEntry.objects.aggregate(m=Sum("money"), p=Sum("points"), c=Sum("chips"))
    assert not any(totals.values())
    assert cash_in_till(counter.parlor) == model.cash
    for index, player in enumerate(counter.players):
        held = [
            money_of(counter.parlor, kind, player)
            for kind in (AccountKind.PLAYER_DEPOSIT, AccountKind.PLAYER_PREPAID, AccountKind.PLAYER)
        ]
        assert held == model.money[index], f"player {index}"
    report = ledger_audit()
    assert report.ok, report.lines()


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_random_counter_operations_keep_the_till_and_the_three_balances(
    steps: list[tuple[Any, ...]],
) -> None:
    with transaction.atomic():
        counter = desk(players=4)
        for player in counter.players:
            visit_check_in(player=player, by=counter.staff)
        model = Model(client=token_client(counter.manager))
        for step in steps:
            _step(counter, model, step)
        _check(counter, model)
        transaction.set_rollback(True)
