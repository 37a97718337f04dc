"""The ledger's door to the engine: errors renumbered to the session's hands, fields named.

The errors are built the way the engine builds them (``bad_game``, ``bad_field``,
``EngineError.within``); the ledger reads their location, never their text.
"""

from __future__ import annotations

import pytest

from engine.errors import EngineError, ErrorCode, bad_field
from engine.game.input import bad_game
from ledger.errors import LedgerErrorCode
from ledger.play.games import engine_refusal


@pytest.mark.parametrize(
    ("error", "renumbered", "field"),
    [
        (
            EngineError(ErrorCode.BAD_TILES, "cannot parse '1x'")
            .within("hand")
            .within("wins", 0, "record", hand=2),
            "hand 7: wins[0].record: hand: cannot parse '1x'",
            "wins[0].record.hand",
        ),
        (
            bad_game("'E' contradicts the game", hand=0, field=("wins", 0, "record", "seat_wind")),
            "hand 3: wins[0].record.seat_wind: 'E' contradicts the game",
            "wins[0].record.seat_wind",
        ),
        (
            bad_field("win_tile 9s is not in hand '234m'", field=("win_tile",)).within(
                "wins", 0, "record", hand=1
            ),
            "hand 5: wins[0].record: win_tile 9s is not in hand '234m'",
            "wins[0].record.win_tile",
        ),
        (
            bad_game("the game already ended after hand {ended} (tobi)", hand=3,
                     hand_refs={"ended": 2}),
            "hand 8: the game already ended after hand 7 (tobi)",
            None,
        ),
        (
            bad_field("game_options.uma: needs 4 entries", field=("game_options", "uma")),
            "game_options.uma: needs 4 entries",
            "game_options.uma",
        ),
    ],
)
def test_engine_errors_name_hands_by_their_session_number(
    error: EngineError, renumbered: str, field: str | None
) -> None:
    # Game positions 0..3 are the session's hands 3, 5, 7 and 8 (hands 4 and 6 voided).
    refused = engine_refusal(
        error, code=LedgerErrorCode.HAND_REJECTED_BY_ENGINE, ordinals=[3, 5, 7, 8]
    )

    assert (refused.message, refused.field) == (renumbered, field)
    assert refused.engine_code == error.code.value
    assert refused.refusal is not None
    assert refused.refusal.field == error.location.field
