"""What a correction does to the game's end, and what the staff do next, in their words.

Shown in the correction and seat swap previews before Confirm, and on the session page
after a correction that moved the end, until the next hand is entered (issue 33).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ledger.models import Session
from ledger.play.game_end import GameEndChange, last_correction_end
from words import labels


def _why(causes: tuple[str, ...]) -> str:
    return ", ".join(str(labels.label(labels.GAME_ENDS, cause)) for cause in causes)


def end_moved(end: GameEndChange) -> str:
    """The move itself: "The game ended after hand 4 (...); after the correction it goes on."."""
    if end.before is not None and end.after is None:
        return _(
            "The game ended after hand %(before)d (%(why)s); after this correction it does not"
            " end there: it goes on."
        ) % {"before": end.before, "why": _why(end.why_before)}
    if end.before is None and end.after is not None:
        return _(
            "The game went on; after this correction it ends after hand %(after)d (%(why)s)."
        ) % {"after": end.after, "why": _why(end.why_after)}
    return _(
        "The game ended after hand %(before)d (%(why_before)s); after this correction it ends"
        " after hand %(after)d (%(why_after)s)."
    ) % {
        "before": end.before,
        "why_before": _why(end.why_before),
        "after": end.after,
        "why_after": _why(end.why_after),
    }


def next_step(end: GameEndChange, *, next_ordinal: int) -> str:
    """What the staff do once the correction is confirmed."""
    if end.after is not None:
        return _("Next: a manager closes the session to settle it in money; no more hands.")
    return _(
        "Next: enter hand %(number)d on the session page, or a manager stops the game where it"
        " stands and closes the session."
    ) % {"number": next_ordinal}


def game_end_sentences(end: GameEndChange, *, reopens: bool, next_ordinal: int) -> list[str]:
    """The preview's sentences: the move when there is one, then what comes next."""
    if not end.moves and not reopens:
        return []
    moved = [end_moved(end)] if end.moves else []
    return [*moved, next_step(end, next_ordinal=next_ordinal)]


def corrected_end_notice(session: Session, *, next_ordinal: int) -> list[str]:
    """The session page's word on a correction that moved the game's end (until a hand
    is entered after it): who corrected which hand, the move, and what comes next."""
    corrected = last_correction_end(session=session)
    if corrected is None:
        return []
    correction = corrected.correction
    return [
        _("The last correction (hand %(number)d, by %(who)s) moved the game's end.")
        % {"number": correction.hand.ordinal, "who": correction.created_by},
        end_moved(corrected.end),
        next_step(corrected.end, next_ordinal=next_ordinal),
    ]
