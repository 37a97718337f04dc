"""session_close: the game's end, points and chips into money, the fee; worked out by hand.

The game of these tests (riichi-standard, East only, 25,000 start, 30,000
return, uma 20/10/-10/-20 thousand; ``GAME`` below):

1. Seat 1 riichi, pinfu tanyao ron off seat 0: 3 han 30 fu = 3,900 and
   seat 1's own stick back. Seat 1 becomes dealer.
2. Seat 2 riichi, exhaustive draw, seat 2 alone tenpai: 1,000 from each of
   the three others; seat 2's stick stays on the table. Seat 2 deals (1 honba).
3. and 4. Draws with everyone noten: the deal passes to seat 3, then back
   to seat 0: four dealerships played, the game ends.

Scores 20,100 / 27,900 / 27,000 / 24,000 and 1,000 on the table, which
goes to first place: seat 1 at 28,900. Placements 4 / 1 / 2 / 3.
Each seat's points: (score - 25,000) + (uma - 5,000) + oka 20,000 for first:
seat 0: -4,900 - 25,000 = -29,900; seat 1: 3,900 + 35,000 = 38,900;
seat 2: 2,000 + 5,000 = 7,000; seat 3: -1,000 - 15,000 = -16,000.
"""

from __future__ import annotations

import factory
import pytest
from django.contrib.auth.models import User

from ledger.books.audit import ledger_audit
from ledger.books.balances import Balance, account_balance, player_balance, session_balances
from ledger.books.postings import Leg, PlannedPosting, posting_create
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.models import AccountKind, Posting, PostingKind, Session, SessionState
from ledger.play.corrections import hand_void
from ledger.play.session_selectors import session_accounts
from ledger.settle.settlements import money_for, session_close
from parlor.models import GameFeePayer
from tests.fixtures.sessions import Record
from tests.ledger.book_reading import legs, unbalanced_postings
from tests.ledger.factories import SessionFactory, draw, parlor_manager, ron
from tests.parlor.factories import PlayerFactory

pytestmark = pytest.mark.django_db

GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())
POINTS = [-29900, 38900, 7000, -16000]


def closed_session(record: Record, staff: User, **rate: object) -> Session:
    session = SessionFactory(**{f"rate__{name}": value for name, value in rate.items()})
    record(session, *GAME)
    session_close(session=session, by=parlor_manager(session.parlor))
    return session


def test_close_settles_points_in_money_at_the_rate(
    manager: User, record: Record, staff: User
) -> None:
    session = SessionFactory(rate__money_per_unit=50, rate__game_fee=500)
    record(session, *GAME)

    rows = session_close(session=session, by=manager)

    assert [row.final_score for row in rows] == [20100, 28900, 27000, 24000]
    assert [row.placement for row in rows] == [4, 1, 2, 3]
    assert [row.points for row in rows] == POINTS
    # 50 per 1,000 points: -1,495 / 1,945 / 350 / -800; then 500 each for the game.
    assert [row.money for row in rows] == [-1495, 1945, 350, -800]
    assert [row.fee for row in rows] == [500] * 4
    assert [row.net_money for row in rows] == [-1995, 1445, -150, -1300]
    session.refresh_from_db()
    assert (session.state, session.closed_by) == (SessionState.CLOSED, manager)


def test_close_posts_leftover_sticks_then_oka_and_uma(record: Record, staff: User) -> None:
    session = closed_session(record, staff)

    game_end = Posting.objects.get(session=session, kind=PostingKind.GAME_END)
    assert legs(game_end) == [
        ("table_pot", -1, -1000, 0, 0, "leftover_sticks"),
        ("player", 1, 1000, 0, 0, "leftover_sticks"),
        # Points before: -4,900 / 4,900 after the stick / 2,000 / -1,000.
        ("player", 0, -25000, 0, 0, "game_end"),
        ("player", 1, 35000, 0, 0, "game_end"),
        ("player", 2, 5000, 0, 0, "game_end"),
        ("player", 3, -15000, 0, 0, "game_end"),
    ]


def test_after_close_only_money_is_left_on_any_account(record: Record, staff: User) -> None:
    session = closed_session(record, staff, money_per_unit=50, game_fee=500)

    balances = session_balances(session=session)
    assert all((b.points, b.chips) == (0, 0) for b in balances.values())
    accounts = session_accounts(session=session)
    assert account_balance(account=accounts.fee).money == 2000
    assert sum(b.money for b in balances.values()) == 0
    assert player_balance(player=accounts.players[1]).money == 1945 - 500
    assert unbalanced_postings() == []


def test_money_is_rounded_down_and_the_remainder_goes_to_the_house(
    record: Record, staff: User
) -> None:
    # 55 per 1,000: -1,644.5 -> -1,645; 2,139.5 -> 2,139; 385; -880. They sum to -1.
    session = closed_session(record, staff, money_per_unit=55, game_fee=0)

    settlement = Posting.objects.get(session=session, kind=PostingKind.SETTLEMENT)
    money = [(kind, seat, m, reason) for kind, seat, _, _, m, reason in legs(settlement)]
    assert money == [
        ("player", 0, -1645, "conversion"),
        ("player", 1, 2139, "conversion"),
        ("player", 2, 385, "conversion"),
        ("player", 3, -880, "conversion"),
        ("house", -1, 1, "rounding"),
    ]
    assert (
        not Posting.objects.filter(session=session, kind=PostingKind.FEE).first().entries.exists()
    )


@pytest.mark.parametrize(
    ("payer", "fees"),
    [
        (GameFeePayer.EACH_PLAYER, [300, 300, 300, 300]),
        (GameFeePayer.WINNER, [0, 300, 0, 0]),
        (GameFeePayer.LOSER, [300, 0, 0, 0]),
    ],
)
def test_game_fee_is_paid_by_whom_the_rate_says(
    record: Record, staff: User, payer: GameFeePayer, fees: list[int]
) -> None:
    session = closed_session(record, staff, game_fee=300, game_fee_payer=payer)

    rows = session_accounts(session=session)
    assert [r.fee for r in session.settlements.order_by("seat")] == fees
    assert account_balance(account=rows.fee).money == sum(fees)


def test_leftover_sticks_kept_by_the_house_are_paid_to_it_in_money(
    manager: User, record: Record, staff: User
) -> None:
    session = SessionFactory(
        ruleset_config__game_options={"length": "east", "leftover_sticks": "house"},
        rate__money_per_unit=50,
        rate__game_fee=0,
    )
    record(session, *GAME)

    rows = session_close(session=session, by=manager)

    # Seat 1 ends on 27,900 without the stick; it is still first.
    assert [row.points for row in rows] == [-29900, 37900, 7000, -16000]
    house = session_accounts(session=session).house
    assert account_balance(account=house).money == 50  # 1,000 points at 50 per 1,000
    assert [row.money for row in rows] == [-1495, 1895, 350, -800]


def test_close_is_idempotent(manager: User, record: Record, staff: User) -> None:
    session = SessionFactory()
    record(session, *GAME)
    first = session_close(session=session, by=manager)
    postings = Posting.objects.count()

    again = session_close(session=session, by=manager)

    assert again == first
    assert Posting.objects.count() == postings


def test_a_game_still_going_cannot_be_closed(
    manager: User, session: Session, record: Record, staff: User
) -> None:
    record(session, *GAME[:3])

    with pytest.raises(LedgerError) as refused:
        session_close(session=session, by=manager)

    assert refused.value.code == LedgerErrorCode.GAME_NOT_FINISHED
    assert session.postings.exclude(hand__isnull=False).count() == 0


def test_a_game_stopped_by_the_manager_closes_on_the_scores_as_they_stand(
    manager: User, session: Session, record: Record, staff: User
) -> None:
    # The fourth hand of GAME is a draw with everyone noten: it changes no score, so the
    # game stopped after three hands settles exactly as the whole game does.
    record(session, *GAME[:3])

    rows = session_close(session=session, by=manager, stop=True)

    assert [row.points for row in rows] == POINTS
    assert [row.placement for row in rows] == [4, 1, 2, 3]
    session.refresh_from_db()
    assert session.state == SessionState.CLOSED


def test_close_refuses_books_that_disagree_with_the_engine(
    manager: User, session: Session, record: Record, staff: User
) -> None:
    record(session, *GAME)
    # A balanced posting no hand explains: the books no longer match the engine's replay.
    seats = session_accounts(session=session).seats
    stray = (Leg(seats[0], "stray", -1000), Leg(seats[1], "stray", 1000))
    posting_create(session=session, planned=PlannedPosting(PostingKind.HAND, stray), by=staff)

    with pytest.raises(LedgerError) as refused:
        session_close(session=session, by=manager)

    assert refused.value.code == LedgerErrorCode.LEDGER_OUT_OF_STEP
    assert "seat 0" in refused.value.message


@pytest.mark.parametrize(
    ("points", "chips", "per_1000", "per_chip", "money"),
    [
        (38900, 0, 50, 100, 1945),
        (-29900, 0, 55, 100, -1645),  # -1,644.5 rounds down
        (29900, 0, 55, 100, 1644),  # 1,644.5 rounds down
        (100, 0, 3, 0, 0),  # 0.3 rounds down to 0
        (-100, 0, 3, 0, -1),  # -0.3 rounds down to -1
        (0, 13, 50, 250, 3250),
        (-5000, -11, 50, 250, -3000),
    ],
)
def test_money_for_rounds_points_down_and_prices_chips_exactly(
    points: int, chips: int, per_1000: int, per_chip: int, money: int
) -> None:
    assert (
        money_for(
            points=points,
            chips=chips,
            money_per_unit=per_1000,
            point_unit=1000,
            money_per_chip=per_chip,
        )
        == money
    )


@pytest.mark.parametrize(
    ("points", "unit", "per_unit", "money"),
    [
        (-37, 1, 50, -1850),  # Toutenkou: 50 per point
        (38900, 100, 5, 1945),  # per 100 points
        (-150, 100, 5, -8),  # -7.5 rounds down
        (38900, 1000, 50, 1945),
    ],
)
def test_money_for_prices_the_rates_point_unit(
    points: int, unit: int, per_unit: int, money: int
) -> None:
    figures = {"points": points, "chips": 0, "money_per_chip": 0}
    assert money_for(**figures, money_per_unit=per_unit, point_unit=unit) == money


def test_player_accounts_hold_no_points_after_close(record: Record, staff: User) -> None:
    session = closed_session(record, staff)

    for account in session_accounts(session=session).seats:
        assert account.kind == AccountKind.PLAYER
        assert account_balance(account=account).points == 0


# Speed Tonpuu (docs/game-format.md, "speed-tonpuu"): placement-only battle, oka and uma
# as chips 13/3/-5/-11; a red five is a chip ("1 red 0m0p0s: +1 han and +1 shuugi").
RED_PINFU_TANYAO = {"hand": "234m340p456s23488s", "win_tile": "4s"}
SPEED_GAME = (ron(1, 0, RED_PINFU_TANYAO, riichi=[1]), draw(2, riichi=[2]), draw(), draw())


def speed_tonpuu_session(**game_options: object) -> Session:
    return SessionFactory(
        ruleset_config__ruleset_slug="speed-tonpuu",
        ruleset_config__game_options=game_options,
        rate__money_per_unit=50,
        rate__money_per_chip=100,
        rate__game_fee=0,
    )


def test_placement_only_game_settles_chips_and_voids_raw_points(
    manager: User, record: Record, staff: User
) -> None:
    # Hand 1: riichi pinfu tanyao aka, kiriage mangan 8,000 and 1 chip from seat 0.
    # Final scores 16,000 / 33,000 (stick included) / 27,000 / 24,000: placements 4/1/2/3.
    session = speed_tonpuu_session()
    record(session, *SPEED_GAME)

    rows = session_close(session=session, by=manager)

    assert [row.placement for row in rows] == [4, 1, 2, 3]
    assert [row.points for row in rows] == [0, 0, 0, 0]
    assert [row.chips for row in rows] == [-1 - 11, 1 + 13, 3, -5]
    assert [row.money for row in rows] == [-1200, 1400, 300, -500]
    game_end = Posting.objects.get(session=session, kind=PostingKind.GAME_END)
    assert [leg for leg in legs(game_end) if leg[-1] == "game_end"] == [
        # Raw points (-9,000 / 8,000 / 2,000 / -1,000 after the stick) taken back.
        ("player", 0, 9000, 0, 0, "game_end"),
        ("player", 1, -8000, 0, 0, "game_end"),
        ("player", 2, -2000, 0, 0, "game_end"),
        ("player", 3, 1000, 0, 0, "game_end"),
    ]
    assert all((b.points, b.chips) == (0, 0) for b in session_balances(session=session).values())


def test_placement_only_game_lets_sticks_kept_by_the_house_lapse(
    manager: User, record: Record, staff: User
) -> None:
    session = speed_tonpuu_session(leftover_sticks="house")
    record(session, *SPEED_GAME)

    rows = session_close(session=session, by=manager)

    house = session_accounts(session=session).house
    assert account_balance(account=house) == Balance(points=0, chips=0, money=0)
    assert [row.money for row in rows] == [-1200, 1400, 300, -500]
    assert unbalanced_postings() == []


def test_three_player_game_closes_with_three_settlements(
    manager: User, record: Record, staff: User
) -> None:
    # tenhou-sanma, East only, no sudden death: 35,000 start, 40,000 return, uma 15/0/-15
    # thousand. Three all-noten draws pass the deal round; tied scores place by seat (seat 0
    # first). 1st: 15,000 - 5,000 + oka 15,000 = 25,000; 2nd: -5,000; 3rd: -20,000.
    session = SessionFactory(
        ruleset_config__ruleset_slug="tenhou-sanma",
        ruleset_config__game_options={
            "length": "east", "sudden_death": False, "uma": [15000, 0, -15000]
        },
        players=factory.LazyAttribute(lambda o: [PlayerFactory(parlor=o.parlor) for _ in "abc"]),
        rate__money_per_unit=50,
        rate__game_fee=0,
    )
    record(session, draw(), draw(), draw())

    rows = session_close(session=session, by=manager)

    assert [row.placement for row in rows] == [1, 2, 3]
    assert [row.points for row in rows] == [25000, -5000, -20000]
    assert [row.money for row in rows] == [1250, -250, -1000]


def test_tied_seats_share_their_places_oka_and_uma_when_the_ruleset_says_so(
    manager: User, record: Record, staff: User
) -> None:
    session = SessionFactory(
        ruleset_config__game_options={"length": "east", "ties": "share"},
        rate__money_per_unit=50,
    )
    # Seats 0 and 1 tenpai at the first draw, then four noten draws: 26,500 / 26,500 /
    # 23,500 / 23,500. Sharing, first and second split 35,000 + 5,000; third and fourth
    # -15,000 - 25,000.
    record(session, draw(0, 1), draw(), draw(), draw(), draw())

    rows = session_close(session=session, by=manager)

    assert [row.final_score for row in rows] == [26500, 26500, 23500, 23500]
    assert [row.placement for row in rows] == [1, 1, 3, 3]
    assert [row.points for row in rows] == [21500, 21500, -21500, -21500]
    assert [row.money for row in rows] == [1075, 1075, -1075, -1075]


@pytest.mark.parametrize("voided", [True, False], ids=["only-hand-voided", "no-hand"])
def test_a_game_stopped_before_any_live_hand_closes_at_the_start(
    manager: User, record: Record, voided: bool
) -> None:
    # It raised IndexError (a server error on the admin's stop confirmation).
    session = SessionFactory()
    if voided:
        (hand,) = record(session, draw(0))
        hand_void(hand=hand, reason="entered at the wrong table", by=manager)

    rows = session_close(session=session, by=manager, stop=True)

    session.refresh_from_db()
    assert session.state == SessionState.CLOSED
    assert len(rows) == 4
    assert sum(row.points for row in rows) == 0
    assert sum(row.net_money + row.fee for row in rows) == 0
    assert ledger_audit(session_ids=[session.pk]).ok
