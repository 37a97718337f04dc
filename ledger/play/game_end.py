"""Where a session's game ends, and whether its last correction moved that end.

A correction (a void, an amendment, a seat swap) re-scores the later hands: the
dealer order can change, and with it the hand the game ends after (issue 33).
The preview says so before it is confirmed; the session page says so afterwards,
until the next hand is entered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine_door.results import HandOutcome
from ledger.models import Correction, CorrectionKind, HandResult, Session
from ledger.play.engine_results import hand_outcome
from ledger.play.session_selectors import session_live_hands


@dataclass(frozen=True, slots=True)
class GameEndChange:
    """Where the game ends before and after a correction: the number of the hand it ended
    after and why (the engine's names), or None while it goes on."""

    before: int | None
    after: int | None
    why_before: tuple[str, ...] = ()
    why_after: tuple[str, ...] = ()

    @property
    def moves(self) -> bool:
        return (self.before, self.why_before) != (self.after, self.why_after)


def game_end_of(
    hands: Sequence[HandResult], outcomes: Sequence[HandOutcome]
) -> tuple[int | None, tuple[str, ...]]:
    """(the hand the game ended after, why) for live hands in order and their outcomes."""
    if not hands or not outcomes or not outcomes[-1].game_ends:
        return None, ()
    return hands[-1].ordinal, outcomes[-1].game_ends


@dataclass(frozen=True, slots=True)
class CorrectedEnd:
    correction: Correction
    end: GameEndChange


def last_correction_end(*, session: Session) -> CorrectedEnd | None:
    """The session's last correction, when it moved the game's end and no hand has been
    entered since; else None.

    The hands as they stood before it are today's live hands, except that each version
    it made is replaced by the one it superseded, and a hand it voided is back.
    """
    corrections = session.corrections.select_related("hand", "created_by")
    correction = corrections.order_by("created_at", "pk").last()
    if correction is None:
        return None
    live = list(session_live_hands(session=session))
    if any(h.correction_id != correction.pk and h.entered_at > correction.created_at for h in live):
        return None
    before = {h.ordinal: h for h in live if h.correction_id != correction.pk}
    replaced = HandResult.objects.filter(superseded_by__correction=correction)
    before.update((h.ordinal, h) for h in replaced)
    if correction.kind == CorrectionKind.VOID:
        before[correction.hand.ordinal] = correction.hand
    hands_before = [before[ordinal] for ordinal in sorted(before)]
    end_before = game_end_of(hands_before, [hand_outcome(h) for h in hands_before[-1:]])
    end_after = game_end_of(live, [hand_outcome(h) for h in live[-1:]])
    end = GameEndChange(end_before[0], end_after[0], end_before[1], end_after[1])
    return CorrectedEnd(correction, end) if end.moves else None
