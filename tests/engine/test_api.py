"""The engine's public API: score (dict -> dict), score_hand (typed), version."""

from __future__ import annotations

import pytest

import engine
from engine import HandRecord, ScoreResult, YakuEntry
from engine.errors import ErrorCode
from tests.engine.hands import record

HAND = record("234567m345p567s88p", "2m", id="api-1", riichi="riichi")


def test_version_is_a_string() -> None:
    assert isinstance(engine.__version__, str) and engine.__version__


def test_score_returns_the_spec_keys_in_spec_order() -> None:
    assert list(engine.score(HAND)) == [
        "id",
        "ok",
        "yaku",
        "han",
        "fu",
        "yakuman",
        "limit",
        "payment",
        "total",
    ]


def test_score_hand_gives_the_typed_form_of_score() -> None:
    result = engine.score_hand(HandRecord.from_dict(HAND))
    assert isinstance(result, ScoreResult) and result.ok
    assert result.yaku[0] == YakuEntry("riichi", 1, "han")
    assert result.to_dict() == engine.score(HAND)


def test_score_hand_returns_errors_instead_of_raising() -> None:
    result = engine.score_hand(HandRecord.from_dict({**HAND, "hand": "234567m345p567s89p"}))
    assert not result.ok and result.error_code is ErrorCode.NOT_A_WINNING_HAND
    assert result.error is not None and result.error.code is ErrorCode.NOT_A_WINNING_HAND


def test_evaluate_record_raises_for_a_hand_that_cannot_be_scored() -> None:
    with pytest.raises(engine.EngineError):
        engine.evaluate_record(
            HandRecord.from_dict(
                {**HAND, "hand": "123m456p789s234s99m", "win_tile": "9m", "riichi": "none"}
            )
        )


def test_rescoring_is_stable() -> None:
    assert engine.score(HAND) == engine.score(HAND)


def test_score_does_not_modify_its_input() -> None:
    before = {**HAND, "melds": list(HAND["melds"])}
    engine.score(HAND)
    assert before == HAND


def test_engine_does_not_import_django() -> None:
    import subprocess
    import sys

    code = "import sys, engine; engine.score({}); print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
