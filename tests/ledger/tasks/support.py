"""Sessions for the job tests: a finished game whose figures are worked out by hand.

``GAME`` is the game of tests/ledger/settle/test_settlements.py
(riichi-standard, East only): final scores 20,100 / 28,900 / 27,000 / 24,000
(the leftover stick to first place), points -29,900 / 38,900 / 7,000 /
-16,000, so at 50 per 1,000 points the money is -1,495 / 1,945 / 350 / -800
and, with a 500 fee from each player, the net -1,995 / 1,445 / -150 / -1,300.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from ledger.models import Posting, PostingKind, Session, SessionClose
from ledger.play.hands import hand_record
from tests.ledger.factories import SessionFactory, draw, ron

GAME = (ron(1, 0, riichi=[1]), draw(2, riichi=[2]), draw(), draw())
POINTS = [-29900, 38900, 7000, -16000]
MONEY = [-1495, 1945, 350, -800]
FEE = 500
NET = [-1995, 1445, -150, -1300]


def finished_session(
    *, by: User, hands: tuple[dict[str, Any], ...] = GAME, **factory: Any
) -> Session:
    """A session whose game has ended (not closed), at 50 per 1,000 points and a 500 fee each."""
    factory.setdefault("rate__money_per_unit", 50)
    factory.setdefault("rate__game_fee", FEE)
    session = SessionFactory(**factory)
    for hand in hands:
        hand_record(session=session, hand=hand, entered_by=by)
    return session


def unfinished_session(*, by: User, **factory: Any) -> Session:
    """A session whose game goes on: only its first hand is recorded."""
    return finished_session(by=by, hands=GAME[:1], **factory)


def close_postings(session: Session) -> dict[str, int]:
    """How many game-end, settlement and fee postings and SessionClose rows the session has."""
    postings = Posting.objects.filter(session=session)
    return {
        "game_end": postings.filter(kind=PostingKind.GAME_END).count(),
        "settlement": postings.filter(kind=PostingKind.SETTLEMENT).count(),
        "fee": postings.filter(kind=PostingKind.FEE).count(),
        "closes": SessionClose.objects.filter(session=session).count(),
    }


CLOSED_ONCE = {"game_end": 1, "settlement": 1, "fee": 1, "closes": 1}
NOT_CLOSED = {"game_end": 0, "settlement": 0, "fee": 0, "closes": 0}
