"""Every refusal the engine names by a ``reason`` has a sentence, in English and in Japanese.

The engine's reasons are read from its source (every ``reason="..."``), so a new
refusal given a reason without a sentence fails here. The refusals the admin
form itself prevents (a seat the table has not, a riichi listed with no kind, a
winner named twice) are said through ``refusal_text`` directly.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from engine.errors import ErrorLocation, Reason
from engine_door.errors import EngineRefusal
from words.refusal_text import REASONS, refusal_text

ENGINE = Path(__file__).resolve().parents[2] / "engine"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SEATS = {0: "Aoi — East", 1: "Ben — South", 2: "Chie — West", 3: "Dai — North"}
# Every word a sentence may use, so that each one renders whatever its reason's params.
WORDS: dict[str, Any] = {
    key: "x"
    for key in (
        "player",
        "whose",
        "cause",
        "points",
        "stick",
        "tile",
        "tile_name",
        "meld",
        "abort",
        "text",
        "char",
        "digits",
        "code",
        "count",
        "copies",
        "hand_tiles",
        "melds",
        "total",
        "special",
        "riichi_kind",
        "hand",
        "players",
        "pao_yaku",
        "indicators",
        "kans",
        "gari",
        "value",
    )
}


def engine_reasons() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "reason":
                # ``reason=Reason.NO_YAKU`` (a bare string is refused by test_error_codes).
                found |= {
                    Reason[named.attr].value
                    for named in ast.walk(node.value)
                    if isinstance(named, ast.Attribute)
                    and isinstance(named.value, ast.Name)
                    and named.value.id == "Reason"
                }
    return found


def test_every_reason_the_engine_raises_has_a_sentence() -> None:
    reasons = engine_reasons()
    assert len(reasons) >= 50, sorted(reasons)
    assert sorted(reasons - set(REASONS)) == []


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_each_reason_has_an_english_and_a_japanese_sentence(reason: str) -> None:
    with translation.override("en"):
        english = REASONS[reason](dict(WORDS))
    with translation.override("ja"):
        japanese = REASONS[reason](dict(WORDS))

    assert english and not JAPANESE.search(english), english
    assert japanese != english and JAPANESE.search(japanese), (english, japanese)


def _said(reason: str, params: dict[str, Any], *, language: str, seat: int | None = None) -> str:
    refusal = EngineRefusal(
        ordinal=1, field=("wins", 0, "winner"), detail="(the engine's English)",
        location=ErrorLocation(hand=0, seat=seat), reason=reason, params=params,
    )  # fmt: skip
    with translation.override(language):
        return refusal_text(refusal, engine_code="bad_game", english="(engine)", seats=SEATS)


def test_a_seat_the_table_has_not_is_said_with_the_tables_size() -> None:
    params = {"players": 3}
    assert _said("seat_not_at_table", params, language="ja", seat=3) == (
        "その席はこの卓にありません（3人の卓です）。"
    )
    assert _said("seat_not_at_table", params, language="en", seat=3) == (
        "There is no such seat at this table: it seats 3 players."
    )


def test_a_riichi_listed_with_no_kind_names_the_player() -> None:
    said = _said("riichi_listed_kind_none", {"seat": 2}, language="ja")
    assert said == "Chie — Westはこの局で立直しています。立直の種類を「なし」にはできません。"


def test_a_winner_named_twice_names_the_player() -> None:
    said = _said("winner_twice", {"seat": 1}, language="ja")
    assert said == "Ben — Southがこの局で二度和了者になっています。"


def test_the_pao_yaku_are_listed_in_the_users_words() -> None:
    params = {"seat": 3, "yaku": "daisangen daisuushii"}
    assert "大三元・大四喜" in _said("pao_needs_pao_yaku", params, language="ja")
    assert "Daisangen, Daisuushii" in _said("pao_needs_pao_yaku", params, language="en")
