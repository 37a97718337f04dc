"""An engine refusal lands beside the field it names."""

from __future__ import annotations

import pytest

from ledger.errors import LedgerError, LedgerErrorCode
from ledger.forms.errors import EngineErrorTarget, engine_error_target
from ledger.games import engine_error_where

REFUSED = LedgerErrorCode.HAND_REJECTED_BY_ENGINE


def refusal(engine_message: str, *, ordinal: int = 4) -> LedgerError:
    """The LedgerError hand_record raises for the engine's message about the new hand."""
    message, field = engine_error_where(engine_message, ordinals=[1, 2, 3, ordinal])
    return LedgerError(REFUSED, message, field=field)


@pytest.mark.parametrize(
    ("engine_message", "kind", "expected"),
    [
        (
            "hand 3: wins[0].record: hand: cannot parse '2348xs': unexpected 'x'",
            "win",
            EngineErrorTarget(0, "hand", "cannot parse '2348xs': unexpected 'x'"),
        ),
        (
            "hand 3: wins[1].record: win_tile: '9s' is not in the hand",
            "win",
            EngineErrorTarget(1, "win_tile", "'9s' is not in the hand"),
        ),
        (
            "hand 3: wins[0].record: dora_indicators: cannot parse '9x': unexpected 'x'",
            "win",
            EngineErrorTarget(None, "dora_indicators", "cannot parse '9x': unexpected 'x'"),
        ),
        (
            "hand 3: wins[0].record: melds[0] (pon 123s): a pon is three identical tiles",
            "win",
            EngineErrorTarget(0, "melds", "melds[0] (pon 123s): a pon is three identical tiles"),
        ),
        (
            "hand 3: wins[0].record: flag 'ippatsu' needs riichi",
            "win",
            EngineErrorTarget(0, "ippatsu", "flag 'ippatsu' needs riichi"),
        ),
        (
            "hand 3: wins[0].record: 234m345p456s11188s has no yaku (dora do not count)",
            "win",
            EngineErrorTarget(0, "hand", "234m345p456s11188s has no yaku (dora do not count)"),
        ),
        (
            "hand 3: wins[0].record: hand has 13 tiles and 0 melds: a winning hand needs 14",
            "win",
            EngineErrorTarget(0, "hand", "hand has 13 tiles and 0 melds: a winning hand needs 14"),
        ),
        (
            "hand 3: wins[0].record.win: 'tsumo' contradicts the game",
            "win",
            EngineErrorTarget(None, "discarder", "'tsumo' contradicts the game"),
        ),
        (
            "hand 3: wins[0].discarder: seat 0 is the winner, not the discarder",
            "win",
            EngineErrorTarget(None, "discarder", "seat 0 is the winner, not the discarder"),
        ),
        (
            "hand 3: wins[1].winner: seat 5 is not at the table (seats 0-3)",
            "win",
            EngineErrorTarget(1, "winner", "seat 5 is not at the table (seats 0-3)"),
        ),
        (
            "hand 3: riichi[0]: seat 5 is not at the table (seats 0-3)",
            "win",
            EngineErrorTarget(None, "riichi", "seat 5 is not at the table (seats 0-3)"),
        ),
        (
            "hand 3: tenpai[1]: riichi declarer seat 2 must be tenpai",
            "draw",
            EngineErrorTarget(None, "tenpai", "riichi declarer seat 2 must be tenpai"),
        ),
        (
            "hand 3: cause: 'foo' is not one of suufon_renta, kyuushuu_kyuuhai",
            "abort",
            EngineErrorTarget(
                None, "abort_cause", "'foo' is not one of suufon_renta, kyuushuu_kyuuhai"
            ),
        ),
        (
            "hand 3: cause: kuikae is a dead hand under riichi-standard, not chonbo",
            "chonbo",
            EngineErrorTarget(
                None, "chonbo_cause", "kuikae is a dead hand under riichi-standard, not chonbo"
            ),
        ),
        (
            "hand 3: dead[0].cause: false_ron not corrected is chonbo",
            "draw",
            EngineErrorTarget(None, "dead_cause", "false_ron not corrected is chonbo"),
        ),
    ],
)
def test_engine_field_paths_map_to_form_fields(
    engine_message: str, kind: str, expected: EngineErrorTarget
) -> None:
    assert engine_error_target(refusal(engine_message), kind=kind) == expected


def test_a_refusal_naming_no_field_goes_above_the_form_whole() -> None:
    error = refusal("hand 3: the game ended with hand 2; no hand can follow")

    assert engine_error_target(error, kind="win") == EngineErrorTarget(
        None, None, "hand 4: the game ended with hand 3; no hand can follow"
    )


def test_ledger_refusals_that_are_not_the_engines_go_above_the_form() -> None:
    error = LedgerError(LedgerErrorCode.SESSION_NOT_OPEN, "session 3 is closed", field=None)

    assert engine_error_target(error, kind="win") == EngineErrorTarget(
        None, None, "session 3 is closed"
    )


def test_a_correction_refused_for_a_later_hand_is_not_put_on_the_amended_hands_fields() -> None:
    later = LedgerError(
        LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE,
        "hand 6: wins[0].discarder: seat 1 has busted",
        field="wins[0].discarder",
    )
    same = LedgerError(
        LedgerErrorCode.CORRECTION_REJECTED_BY_ENGINE,
        "hand 4: wins[0].record: hand: cannot parse 'x'",
        field="wins[0].record.hand",
    )

    assert engine_error_target(later, kind="win", ordinal=4).field is None
    assert engine_error_target(same, kind="win", ordinal=4) == EngineErrorTarget(
        0, "hand", "cannot parse 'x'"
    )
