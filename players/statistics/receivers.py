"""The ledger's events (``ledger.settle.events``) heard: each runs one service, nothing more."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine_door.results import HandOutcome
from ledger.models import Posting, Session, Settlement
from players.statistics.services import close_derive, close_reversal_derive


def on_session_closed(
    sender: Any,
    *,
    session: Session,
    settlements: Sequence[Settlement],
    hands: Sequence[tuple[Mapping[str, Any], HandOutcome]],
    **_: Any,
) -> None:
    close_derive(session=session, settlements=settlements, hands=hands)


def on_close_reversed(sender: Any, *, session: Session, posting: Posting, **_: Any) -> None:
    close_reversal_derive(session=session, posting_created_at=posting.created_at)


def connect() -> None:
    from ledger.settle.events import close_reversed, session_closed

    session_closed.connect(on_session_closed, dispatch_uid="players.statistics.closed")
    close_reversed.connect(on_close_reversed, dispatch_uid="players.statistics.reversed")
