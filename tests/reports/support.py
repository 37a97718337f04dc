"""A closed session for the export tests, and the business day it belongs to.

The game is tests/ledger/tasks/support.py's ``GAME``: its figures (points,
money, fees, net per seat) are worked out by hand there.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.contrib.auth.models import User

from ledger.models import Session
from ledger.play.hands import hand_record
from ledger.settle.business_days import business_day_of
from ledger.settle.closing import session_close_once
from tests.ledger.factories import parlor_manager
from tests.ledger.tasks.support import finished_session


def closed_session(*, by: User, **factory: Any) -> Session:
    """The finished GAME, closed: settlement rows, game-end, conversion and fee postings."""
    session = finished_session(by=by, **factory)
    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))
    session.refresh_from_db()
    return session


def today(session: Session) -> date:
    """The business day the session was closed in (the test runs it all at once)."""
    moment = session.closed_at or session.opened_at
    return business_day_of(parlor=session.parlor, moment=moment)


def require_pdf() -> None:
    """Skip a PDF test where WeasyPrint cannot load (no Pango); fail it under REQUIRE_SERVICES."""
    from reports.statements import pdf_renderer
    from tests.conftest import REQUIRE_SERVICES

    try:
        pdf_renderer()
    except RuntimeError as error:
        if REQUIRE_SERVICES:
            pytest.fail(f"REQUIRE_SERVICES=1 but {error}", pytrace=False)
        pytest.skip(str(error))


def closed_speed_tonpuu(*, by: User) -> Session:
    """A Speed Tonpuu placement-only game (it pays in chips alone), played to its end and closed:
    tests/ledger/settle/test_settlements.py's ``SPEED_GAME`` at 100 a chip, no fee."""
    from tests.ledger.settle.test_settlements import SPEED_GAME, speed_tonpuu_session

    session = speed_tonpuu_session()
    for hand in SPEED_GAME:
        hand_record(session=session, hand=hand, entered_by=by)
    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))
    session.refresh_from_db()
    return session
