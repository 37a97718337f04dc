"""A hand that cannot be scored gets its error code and a message naming the culprit.

spec/hand-record.md: "A hand that cannot be scored gives {"id", "ok": false,
"error": {"code", "message"}}, never a crash and never a made-up score", and a
bad tile string, a tile outside the set, or too many copies is "rejected with a
clear error naming the offending tile".
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from tests.engine.hands import error_of, record, score

BARE = {"hand": "123m456p789s234s99m", "win_tile": "9m", "riichi": "riichi"}
MELDED = "123m456789p99m"  # eleven tiles, to go with one meld


def err(code: str, named: str, why: str, **fields: Any) -> Any:
    return pytest.param(code, named, {**BARE, **fields}, id=why)


ERRORS = [
    # bad_tiles: unparsable strings, tiles outside the set
    err("bad_tiles", "8z", "honour_8z_does_not_exist", hand="123m456p789s234s8z9m"),
    err("bad_tiles", "0z", "there_is_no_red_honour", dora_indicators="0z"),
    err("bad_tiles", "hand", "digits_without_a_suit", hand="123m456p789s234s99"),
    err("bad_tiles", "hand", "unknown_suit_letter", hand="123m456p789s234x99m"),
    err("bad_tiles", "melds", "garbage_in_a_meld", hand=MELDED, melds=(("pon", "pon!"),)),
    err("bad_tiles", "3m", "no_3m_in_three_player_set", ruleset="tenhou-sanma",
        hand="333m456p789s11122z", win_tile="2z"),
    # too_many_copies: counted over every physical tile the record names
    err("too_many_copies", "1m", "five_1m_in_hand", hand="11111m456p789s234s", win_tile="1m"),
    err("too_many_copies", "2p", "pon_plus_hand_copies", hand="22p456p789s234s", win_tile="2p",
        melds=(("pon", "222p"),)),
    err("too_many_copies", "0m", "only_one_red_5m", hand="123m406p789s00m999m", win_tile="9m"),
    err("too_many_copies", "5p", "the_set_has_three_plain_fives", hand="123m345555p789s99m"),
    err("too_many_copies", "9m", "indicators_are_physical_tiles_too", dora_indicators="9m9m9m"),
    # wrong_tile_count
    err("wrong_tile_count", "13", "thirteen_tiles", hand="123m456p789s234s9m"),
    err("wrong_tile_count", "15", "fifteen_tiles", hand="123m456p789s234s999m"),
    err("wrong_tile_count", "14", "a_meld_counts_three", hand="123m456p789s234s99m",
        melds=(("chi", "789m"),)),
    # not_a_winning_hand
    err("not_a_winning_hand", "", "fourteen_tiles_that_do_not_win", hand="123m456p789s235s99m"),
    err("not_a_winning_hand", "", "six_pairs_and_two_singles", hand="1133m5577p2288s67z",
        win_tile="7z"),
    # no_yaku
    err("no_yaku", "", "closed_ron_with_nothing", riichi="none"),
    err("no_yaku", "", "dora_are_not_yaku", riichi="none", dora_indicators="8m"),
    # bad_field: each names the field
    err("bad_field", "colour", "unknown_field_is_an_error", colour="red"),
    err("bad_field", "win", "win_must_be_ron_or_tsumo", win="rong"),
    err("bad_field", "seat_wind", "seat_wind_must_be_a_wind", seat_wind="X"),
    err("bad_field", "round_wind", "round_wind_must_be_a_wind", round_wind="east"),
    err("bad_field", "riichi", "riichi_must_be_a_known_kind", riichi="yes"),
    err("bad_field", "ippatsu", "flags_are_booleans", ippatsu="true"),
    err("bad_field", "honba", "honba_is_not_negative", honba=-1),
    err("bad_field", "honba", "honba_is_an_integer", honba="2"),
    err("bad_field", "riichi_sticks", "riichi_sticks_is_an_integer", riichi_sticks=1.5),
    err("bad_field", "ruleset", "unknown_ruleset", ruleset="no-such-rules"),
    err("bad_field", "win_tile", "win_tile_must_be_in_hand", win_tile="8m"),
    err("bad_field", "melds", "meld_kind_must_be_known", hand=MELDED,
        melds=(("kong", "789s"),)),
    err("bad_field", "melds", "a_chi_must_be_a_run", hand=MELDED,
        melds=(("chi", "135s"),)),
    err("bad_field", "melds", "a_pon_must_be_three_of_a_kind", hand=MELDED,
        melds=(("pon", "789s"),)),
    err("bad_field", "ippatsu", "ippatsu_needs_riichi", riichi="none", ippatsu=True),
    err("bad_field", "riichi", "riichi_needs_a_closed_hand", hand=MELDED,
        melds=(("chi", "789s"),)),
    err("bad_field", "rinshan", "rinshan_needs_a_kan", win="tsumo", rinshan=True),
    err("bad_field", "tenhou", "tenhou_is_the_dealers", win="tsumo", riichi="none", tenhou=True),
]


@pytest.mark.parametrize("code, named, fields", ERRORS)
def test_error_code_and_message_names_the_culprit(code: str, named: str,
                                                  fields: dict[str, Any]) -> None:
    got_code, message = error_of(score(**fields))
    assert got_code == code, message
    assert named in message, f"{message!r} does not name {named!r}"


@pytest.mark.parametrize("missing", ["hand", "win_tile", "win", "seat_wind", "round_wind",
                                     "ruleset"])
def test_missing_required_field_is_named(missing: str) -> None:
    rec = record(**BARE)
    del rec[missing]
    code, message = error_of(engine.score(rec))
    assert code == "bad_field" and missing in message


def test_error_echoes_the_id() -> None:
    result = engine.score(record(**{**BARE, "hand": "8z"}, id="table-3/hand-12"))
    assert result["id"] == "table-3/hand-12" and result["ok"] is False
    assert set(result) == {"id", "ok", "error"}


@pytest.mark.parametrize("not_a_record", [None, [], "hand", 7, ["id", "x"]])
def test_a_record_that_is_not_an_object_is_a_bad_field(not_a_record: Any) -> None:
    code, _ = error_of(engine.score(not_a_record))
    assert code == "bad_field"
