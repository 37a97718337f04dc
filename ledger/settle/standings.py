"""The standings row of each seat of a close (``ledger.models.Standing``), derived in one place.

``session_close`` writes them beside its Settlement rows; the audit derives them
again from the stored settlement, session and penalties and compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.models import Session, Settlement, Standing
from ledger.play.penalty_selectors import session_seat_faults
from orm_bypass.inserts import rows_insert

# What the audit compares, all of a row but its id.
STANDING_FIELDS = (
    "session_id", "posting_id", "parlor_id", "ruleset_config_id", "closed_at", "player_id",
    "seat", "placement", "points", "chips", "money", "fee", "chonbo", "dead_hands",
)  # fmt: skip


def standing_for(
    row: Settlement, *, session: Session, faults: Mapping[int, tuple[int, int]]
) -> Standing:
    """The (unsaved) standings row of settlement ``row``; ``faults``: ``seat_faults`` of the
    game's live hands at the close. Reads ``row.posting`` (its created_at)."""
    chonbo, dead_hands = faults.get(row.seat, (0, 0))
    return Standing(
        session_id=session.pk,
        posting_id=row.posting_id,
        parlor_id=session.parlor_id,
        ruleset_config_id=session.ruleset_config_id,
        closed_at=row.posting.created_at,
        player_id=row.player_id,
        seat=row.seat,
        placement=row.placement,
        points=row.points,
        chips=row.chips,
        money=row.money,
        fee=row.fee,
        chonbo=chonbo,
        dead_hands=dead_hands,
    )


def standings_record(*, session: Session, rows: Sequence[Settlement]) -> list[Standing]:
    """Write the standings rows of a close: ``rows`` its settlements; the penalties of the
    hands it settled (the session's live hands, the session locked) are counted."""
    faults = session_seat_faults(session_id=session.pk)
    standings = [standing_for(row, session=session, faults=faults) for row in rows]
    rows_insert(Standing, standings)
    return standings
