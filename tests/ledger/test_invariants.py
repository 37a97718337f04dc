"""The books' invariants under random play (hypothesis).

Random sequences of hands (wins, draws, chonbo, aborts; riichi declared at
random), random voids and amendments and closes, on riichi-standard East-only
games. Whatever the engine accepts or refuses, afterwards:

- every posting sums to zero in points, chips and money;
- balances are the sums of the entries, and match the engine's replay of the
  live hands (scores less the start, the pot);
- replaying the stored live hands reproduces every stored result;
- every posting of a corrected hand version has been reversed exactly once.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Sum
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import engine
from ledger.books.balances import player_balance, session_balances, session_scoreboard
from ledger.errors import LedgerError
from ledger.models import HandResult, LedgerEntry, Posting, PostingKind, Session, SessionState
from ledger.play.corrections import hand_amend, hand_void
from ledger.play.games import game_json, starting_points
from ledger.play.hands import hand_record
from ledger.play.session_selectors import session_accounts, session_live_hands
from ledger.settle.settlements import session_close
from parlor.services.roles import ROLE_MANAGER
from tests.ledger.book_reading import unbalanced_postings
from tests.ledger.factories import PINFU_TANYAO, SessionFactory, UserFactory
from tests.parlor.factories import house_member

pytestmark = pytest.mark.django_db

SEATS = st.integers(min_value=0, max_value=3)
RECORDS = st.sampled_from(
    [
        PINFU_TANYAO,
        # Daisangen, haku and hatsu called: a yakuman, so busts (and game ends) happen.
        {
            "hand": "777z234m55p",
            "melds": [{"kind": "pon", "tiles": "555z"}, {"kind": "pon", "tiles": "666z"}],
            "win_tile": "7z",
        },
    ]
)


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "draw", "chonbo", "abort"]))
    riichi = sorted(draw(st.sets(SEATS, max_size=2)))
    if kind == "ron":
        winner, discarder = draw(st.lists(SEATS, min_size=2, max_size=2, unique=True))
        win = {"winner": winner, "discarder": discarder, "record": dict(draw(RECORDS))}
        return {"kind": "win", "wins": [win], "riichi": riichi}
    if kind == "tsumo":
        record = dict(draw(RECORDS))
        return {
            "kind": "win",
            "wins": [{"winner": draw(SEATS), "record": record}],
            "riichi": riichi,
        }
    if kind == "draw":
        tenpai = sorted(set(riichi) | draw(st.sets(SEATS)))
        return {"kind": "draw", "tenpai": tenpai, "riichi": riichi}
    if kind == "chonbo":
        return {"kind": "chonbo", "offender": draw(SEATS)}
    return {"kind": "abort", "cause": "kyuushuu_kyuuhai"}


STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("record"), hands()),
        st.tuples(st.just("record"), hands()),
        st.tuples(st.just("record"), hands()),
        st.tuples(st.just("void"), st.integers(min_value=0, max_value=20)),
        st.tuples(st.just("amend"), st.tuples(st.integers(min_value=0, max_value=20), hands())),
        st.tuples(st.just("close"), st.none()),
    ),
    min_size=1,
    max_size=16,
)
# A close after the random steps, then maybe one more correction (which reopens the session).
ENDINGS = st.lists(
    st.one_of(
        st.tuples(st.just("close"), st.none()),
        st.tuples(st.just("void"), st.integers(min_value=0, max_value=20)),
    ),
    max_size=2,
).map(lambda tail: [("close", None), *tail])


def _counts() -> tuple[int, int]:
    return Posting.objects.count(), HandResult.objects.count()


def _play(session: Session, steps: list[tuple[str, Any]], user: User) -> None:
    for op, arg in steps:
        live = list(session_live_hands(session=session))
        before = _counts()
        try:
            if op == "record":
                hand_record(session=session, hand=arg, entered_by=user)
            elif op == "void" and live:
                hand_void(hand=live[arg % len(live)], reason="random void", by=user)
            elif op == "amend" and live:
                index, payload = arg
                hand_amend(hand=live[index % len(live)], payload=payload, reason="random", by=user)
            elif op == "close":
                session_close(session=session, by=user)
        except LedgerError as error:
            assert _counts() == before, "a refused operation wrote something"
            event(f"{op} refused: {error.code}")
        else:
            event(f"{op} done")
        session.refresh_from_db()


def _check_books(session: Session) -> None:
    assert unbalanced_postings() == []
    totals = LedgerEntry.objects.aggregate(p=Sum("points"), c=Sum("chips"), m=Sum("money"))
    assert all(not value for value in totals.values())

    accounts = session_accounts(session=session)
    balances = session_balances(session=session)
    for player, account in zip(accounts.players, accounts.seats, strict=True):
        entries = LedgerEntry.objects.filter(account=account)
        summed = entries.aggregate(p=Sum("points", default=0), m=Sum("money", default=0))
        balance = player_balance(player=player)
        assert (balance.points, balance.money) == (summed["p"], summed["m"])

    live = list(session_live_hands(session=session))
    replay = engine.settle_game(
        game_json(
            session=session,
            players=[p.member_number for p in accounts.players],
            payloads=[hand.payload for hand in live],
        )
    )
    assert replay["ok"], replay
    assert [hand.result for hand in live] == replay["hands"]

    if session.state == SessionState.CLOSED:
        assert all((b.points, b.chips) == (0, 0) for b in balances.values())
    elif live:
        start = starting_points(session=session)
        last = replay["hands"][-1]
        board = session_scoreboard(session=session)
        expected = tuple(score - start for score in last["scores"])
        assert board.points_total == expected
        for seat, account in enumerate(accounts.seats):
            assert (
                balances.get(account.pk, None) is None
                or balances[account.pk].points == (expected[seat])
            )

    corrected = HandResult.objects.filter(session=session).exclude(pk__in=[h.pk for h in live])
    for posting in Posting.objects.filter(hand__in=corrected).exclude(kind=PostingKind.CORRECTION):
        assert Posting.objects.filter(reverses=posting).count() == 1


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS, endings=ENDINGS)
def test_random_play_keeps_the_books_balanced_and_in_step_with_the_engine(
    steps: list[tuple[str, Any]], endings: list[tuple[str, Any]]
) -> None:
    with transaction.atomic():
        session = SessionFactory()
        user = house_member(UserFactory(username="hypothesis"), ROLE_MANAGER)
        _play(session, steps + endings, user)
        _check_books(session)
        transaction.set_rollback(True)
