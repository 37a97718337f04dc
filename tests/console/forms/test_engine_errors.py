"""An engine refusal lands beside the field its location names.

Each refusal is built as the engine builds it (``bad_game``, ``bad_field``,
``EngineError.within`` for a winner's record) about the game's hand 3, the
session's hand 4.
"""

from __future__ import annotations

import pytest

from console.forms.errors import EngineErrorTarget, engine_error_target
from engine.errors import EngineError, ErrorCode, bad_field
from engine.game.input import bad_game
from ledger.errors import LedgerError, LedgerErrorCode
from ledger.play.games import engine_refusal

REFUSED = LedgerErrorCode.HAND_REJECTED_BY_ENGINE


def refusal(error: EngineError, *, ordinal: int = 4) -> LedgerError:
    """The LedgerError hand_record raises for the engine's error about the new hand."""
    return engine_refusal(error, code=REFUSED, ordinals=[1, 2, 3, ordinal])


def of_record(error: EngineError, *, win: int = 0) -> EngineError:
    """``error`` of the record of win ``win`` of the game's hand 3."""
    return error.within("wins", win, "record", hand=3)


@pytest.mark.parametrize(
    ("error", "kind", "expected"),
    [
        (
            of_record(EngineError(ErrorCode.BAD_TILES, "cannot parse '2348xs'").within("hand")),
            "win",
            EngineErrorTarget(0, "hand", "cannot parse '2348xs'"),
        ),
        (
            of_record(bad_field("win_tile 9s is not in hand", field=("win_tile",)), win=1),
            "win",
            EngineErrorTarget(1, "win_tile", "win_tile 9s is not in hand"),
        ),
        (
            of_record(
                EngineError(ErrorCode.BAD_TILES, "cannot parse '9x'").within("dora_indicators")
            ),
            "win",
            EngineErrorTarget(None, "dora_indicators", "cannot parse '9x'"),
        ),
        (
            of_record(
                bad_field(
                    "melds[0] (pon 123s): a pon is three identical tiles",
                    field=("melds", 0),
                    meld=0,
                )
            ),
            "win",
            EngineErrorTarget(0, "melds", "melds[0] (pon 123s): a pon is three identical tiles"),
        ),
        (
            of_record(bad_field("flag 'ippatsu' needs riichi", field=("ippatsu",))),
            "win",
            EngineErrorTarget(0, "ippatsu", "flag 'ippatsu' needs riichi"),
        ),
        (
            of_record(bad_field("field 'riichi': 'double' is not allowed", field=("riichi",))),
            "win",
            EngineErrorTarget(0, "riichi_kind", "field 'riichi': 'double' is not allowed"),
        ),
        (
            of_record(EngineError(ErrorCode.NO_YAKU, "234m345p456s11188s has no yaku")),
            "win",
            EngineErrorTarget(0, "hand", "234m345p456s11188s has no yaku"),
        ),
        (
            of_record(EngineError(ErrorCode.WRONG_TILE_COUNT, "hand has 13 tiles and 0 melds")),
            "win",
            EngineErrorTarget(0, "hand", "hand has 13 tiles and 0 melds"),
        ),
        (
            bad_game(
                "'tsumo' contradicts the game", hand=3, field=("wins", 0, "record", "win")
            ),
            "win",
            EngineErrorTarget(None, "discarder", "'tsumo' contradicts the game"),
        ),
        (
            bad_game(
                "seat 0 is the winner, not the discarder",
                hand=3,
                field=("wins", 0, "discarder"),
                seat=0,
            ),
            "win",
            EngineErrorTarget(None, "discarder", "seat 0 is the winner, not the discarder"),
        ),
        (
            bad_game("seat 5 is not at the table (seats 0-3)", hand=3, field=("wins", 1, "winner")),
            "win",
            EngineErrorTarget(1, "winner", "seat 5 is not at the table (seats 0-3)"),
        ),
        (
            bad_game("seat 5 is not at the table (seats 0-3)", hand=3, field=("riichi", 0)),
            "win",
            EngineErrorTarget(None, "riichi", "seat 5 is not at the table (seats 0-3)"),
        ),
        (
            bad_game("riichi declarer seat 2 must be tenpai", hand=3, field=("tenpai", 1)),
            "draw",
            EngineErrorTarget(None, "tenpai", "riichi declarer seat 2 must be tenpai"),
        ),
        (
            bad_game("'foo' is not one of suufon_renta", hand=3, field=("cause",)),
            "abort",
            EngineErrorTarget(None, "abort_cause", "'foo' is not one of suufon_renta"),
        ),
        (
            bad_game("kuikae is a dead hand, not chonbo", hand=3, field=("cause",)),
            "chonbo",
            EngineErrorTarget(None, "chonbo_cause", "kuikae is a dead hand, not chonbo"),
        ),
        (
            bad_game("false_ron not corrected is chonbo", hand=3, field=("dead", 0, "cause")),
            "draw",
            EngineErrorTarget(None, "dead_cause", "false_ron not corrected is chonbo"),
        ),
    ],
)
def test_engine_locations_map_to_form_fields(
    error: EngineError, kind: str, expected: EngineErrorTarget
) -> None:
    assert engine_error_target(refusal(error), kind=kind) == expected


def test_a_refusal_naming_no_field_goes_above_the_form_whole() -> None:
    error = refusal(
        bad_game("the game already ended after hand {ended}", hand=3, hand_refs={"ended": 2})
    )

    assert engine_error_target(error, kind="win") == EngineErrorTarget(
        None, None, "hand 4: the game already ended after hand 3"
    )


def test_ledger_refusals_that_are_not_the_engines_go_above_the_form() -> None:
    error = LedgerError(LedgerErrorCode.SESSION_NOT_OPEN, "session 3 is closed", field=None)

    assert engine_error_target(error, kind="win") == EngineErrorTarget(
        None, None, "session 3 is closed"
    )


def test_a_correction_refused_for_a_later_hand_is_not_put_on_the_amended_hands_fields() -> None:
    # The game's hands 0..4 are the session's hands 1..4 and 6.
    ordinals = [1, 2, 3, 4, 6]
    later = engine_refusal(
        bad_game("seat 1 has busted", hand=4, field=("wins", 0, "discarder")),
        code=LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE,
        ordinals=ordinals,
    )
    same = engine_refusal(
        of_record(EngineError(ErrorCode.BAD_TILES, "cannot parse 'x'").within("hand")),
        code=LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE,
        ordinals=ordinals,
    )

    assert engine_error_target(later, kind="win", ordinal=4).field is None
    assert engine_error_target(same, kind="win", ordinal=4) == EngineErrorTarget(
        0, "hand", "cannot parse 'x'"
    )
