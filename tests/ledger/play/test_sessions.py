"""session_open and session_mark_settled: seats, copied rules, accounts, the state machine."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

import engine
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import Account, AccountKind, Session, SessionState
from ledger.play.sessions import session_mark_settled, session_open
from ledger.settle.settlements import session_close
from parlor.models import PointUnit
from tests.fixtures.sessions import Record
from tests.ledger.factories import SessionFactory, draw
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
)

pytestmark = pytest.mark.django_db


def open_kwargs(**overrides: Any) -> dict[str, Any]:
    parlor = ParlorFactory()
    kwargs: dict[str, Any] = {
        "table": TableFactory(parlor=parlor),
        "players": [PlayerFactory(parlor=parlor) for _ in range(4)],
        "ruleset_config": RulesetConfigFactory(
            parlor=parlor, ruleset_slug="riichi-standard", game_options={"length": "east"}
        ),
        "rate": RateFactory(parlor=parlor, money_per_unit=50, game_fee=400),
    }
    kwargs.update(overrides)
    return kwargs


def test_open_seats_the_players_in_order_and_copies_rules_and_rate(staff: User) -> None:
    kwargs = open_kwargs()

    session = session_open(**kwargs, by=staff)

    seats = list(session.seats.order_by("seat"))
    assert [seat.player for seat in seats] == kwargs["players"]
    assert [seat.seat for seat in seats] == [0, 1, 2, 3]
    assert session.state == SessionState.OPEN
    assert session.opened_by == staff
    # The complete option set: the configuration's length, every other option's default.
    assert session.ruleset_slug == "riichi-standard"
    assert session.game_options == engine.complete_options(
        "riichi-standard", {}, {"length": "east"}
    )[1]
    assert (session.money_per_unit, session.game_fee) == (50, 400)
    # Later edits of the configuration leave the session's copy alone.
    kwargs["rate"].game_fee = 900
    kwargs["rate"].save()
    session.refresh_from_db()
    assert session.game_fee == 400


def test_open_creates_the_accounts_the_session_posts_to(staff: User) -> None:
    kwargs = open_kwargs()

    session = session_open(**kwargs, by=staff)

    kinds = sorted(Account.objects.filter(parlor=session.parlor).values_list("kind", flat=True))
    assert kinds == sorted(["player"] * 4 + ["table_pot", "parlor_fee", "house"])


def test_a_player_account_serves_every_session_of_the_player(staff: User) -> None:
    first = SessionFactory()
    players = [seat.player for seat in first.seats.order_by("seat")]
    table = TableFactory(parlor=first.parlor)

    session_open(
        table=table,
        players=players,
        ruleset_config=first.ruleset_config,
        rate=first.rate,
        by=staff,
    )

    assert Account.objects.filter(kind=AccountKind.PLAYER, player=players[0]).count() == 1


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        pytest.param(
            lambda kw: {"players": kw["players"][:3]},
            LedgerErrorCode.WRONG_NUMBER_OF_SEATS,
            "players",
            id="three-at-a-four-player-game",
        ),
        pytest.param(
            lambda kw: {"players": [*kw["players"][:3], kw["players"][0]]},
            LedgerErrorCode.PLAYER_SEATED_TWICE,
            "players[3]",
            id="seated-twice",
        ),
        pytest.param(
            lambda kw: {"players": [*kw["players"][:3], PlayerFactory()]},
            LedgerErrorCode.NOT_IN_PARLOR,
            "players[3]",
            id="player-of-another-parlor",
        ),
        pytest.param(
            lambda kw: {"rate": RateFactory()},
            LedgerErrorCode.NOT_IN_PARLOR,
            "rate",
            id="rate-of-another-parlor",
        ),
        pytest.param(
            lambda kw: {
                "players": [
                    *kw["players"][:3],
                    PlayerFactory(parlor=kw["table"].parlor, is_active=False),
                ]
            },
            LedgerErrorCode.INACTIVE,
            "players[3]",
            id="inactive-player",
        ),
        pytest.param(
            lambda kw: {
                "ruleset_config": RulesetConfigFactory(
                    parlor=kw["table"].parlor,
                    ruleset_slug="riichi-standard",
                    game_options={"length": "forever"},
                )
            },
            LedgerErrorCode.BAD_RULESET_CONFIG,
            "game_options",
            id="game-option-the-engine-refuses",
        ),
    ],
)
def test_open_refuses(staff: User, change: Any, code: LedgerErrorCode, field: str) -> None:
    kwargs = open_kwargs()
    kwargs.update(change(kwargs))

    with pytest.raises(LedgerError) as refused:
        session_open(**kwargs, by=staff)

    assert (refused.value.code, refused.value.field) == (code, field)
    assert not Session.objects.exists()


def test_a_toutenkou_session_refuses_a_rate_per_1000_points_and_takes_one_per_point(
    staff: User,
) -> None:
    kwargs = open_kwargs()
    parlor = kwargs["table"].parlor
    kwargs["ruleset_config"] = RulesetConfigFactory(parlor=parlor, ruleset_slug="toutenkou")
    kwargs["players"] = kwargs["players"][:3]

    with pytest.raises(LedgerError) as refused:
        session_open(**kwargs, by=staff)  # the default rate prices 1,000 points

    assert (refused.value.code, refused.value.field) == (
        LedgerErrorCode.RATE_SCALE_MISMATCH,
        "rate",
    )
    assert "per 1,000 points" in refused.value.message and "per point" in refused.value.message
    kwargs["rate"] = RateFactory(parlor=parlor, point_unit=PointUnit.PER_POINT, money_per_unit=50)
    session = session_open(**kwargs, by=staff)
    assert (session.point_unit, session.money_per_unit) == (1, 50)


def test_a_riichi_session_refuses_a_rate_per_point(staff: User) -> None:
    kwargs = open_kwargs()
    kwargs["rate"] = RateFactory(parlor=kwargs["table"].parlor, point_unit=PointUnit.PER_POINT)

    with pytest.raises(LedgerError) as refused:
        session_open(**kwargs, by=staff)

    assert refused.value.code == LedgerErrorCode.RATE_SCALE_MISMATCH
    assert not Session.objects.exists()


def test_three_player_ruleset_seats_three(staff: User) -> None:
    kwargs = open_kwargs()
    parlor = kwargs["table"].parlor
    kwargs["ruleset_config"] = RulesetConfigFactory(parlor=parlor, ruleset_slug="tenhou-sanma")
    kwargs["players"] = kwargs["players"][:3]

    session = session_open(**kwargs, by=staff)

    assert session.seats.count() == 3


def test_a_table_hosts_one_open_session(staff: User, session: Session) -> None:
    others = [PlayerFactory(parlor=session.parlor) for _ in range(4)]

    with pytest.raises(LedgerError) as refused:
        session_open(
            table=session.table,
            players=others,
            ruleset_config=session.ruleset_config,
            rate=session.rate,
            by=staff,
        )

    assert refused.value.code == LedgerErrorCode.TABLE_BUSY


def test_mark_settled_needs_a_closed_session_and_is_idempotent(
    session: Session, staff: User, manager: User, record: Record
) -> None:
    with pytest.raises(LedgerError) as refused:
        session_mark_settled(session=session, by=manager)
    assert refused.value.code == LedgerErrorCode.SESSION_NOT_CLOSED

    record(session, draw(), draw(), draw(), draw())
    session_close(session=session, by=manager)
    settled = session_mark_settled(session=session, by=manager)
    again = session_mark_settled(session=session, by=manager)

    assert settled.state == again.state == SessionState.SETTLED
    assert again.settled_by == manager
