"""Wins at the table: records filled from the game, payments, multiple ron, pao."""

from __future__ import annotations

import pytest

from tests.engine.game.games import (
    DAISANGEN,
    PINFU_TANYAO,
    draw,
    error_of,
    game,
    last,
    lines,
    multi_ron,
    ron,
    settled,
    tsumo,
)

SPEED = "speed-tonpuu"


def test_ron_discarder_pays_total_less_the_sticks_and_the_winner_takes_the_pot() -> None:
    # Hand 0: draw, honba 1, seat 1's riichi stick stays. Hand 1: seat 2 (riichi) rons seat 3:
    # 3 han 30 fu = 3,900 + 300 honba; the two sticks come from the pot.
    result = settled(game(draw(1, riichi=[1]), ron(2, 3, riichi=[2])))
    out = last(result)
    assert out["wins"][0]["score"]["total"] == 3900 + 300 + 2000
    assert lines(out) == [(3, 2, 4200, 0)]
    assert out["deposits"] == [
        {"seat": 2, "points": -1000, "reason": "riichi"},
        {"seat": 2, "points": 2000, "reason": "sticks"},
    ]
    assert out["points_delta"] == [0, 0, 5200, -4200]


def test_tsumo_payers_pay_their_share_plus_an_equal_share_of_the_honba() -> None:
    # Honba 1; seat 2 tsumo, 3 han 20 fu: 700 from non-dealers, 1,300 from the dealer (seat 1),
    # each plus 100 honba.
    out = last(settled(game(draw(), tsumo(2))))
    assert lines(out) == [(0, 2, 800, 0), (1, 2, 1400, 0), (3, 2, 800, 0)]


def test_dealer_tsumo_is_paid_all() -> None:
    out = last(settled(game(tsumo(0))))
    assert lines(out) == [(1, 0, 1300, 0), (2, 0, 1300, 0), (3, 0, 1300, 0)]


def test_riichi_flag_is_filled_from_the_hands_riichi_list() -> None:
    out = last(settled(game(ron(1, 2, riichi=[1]))))
    assert {"name": "riichi", "han": 1} in out["wins"][0]["score"]["yaku"]
    assert out["wins"][0]["score"]["payment"] == {"ron": 3900}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("ruleset", "tenhou", "'tenhou' contradicts the game: the game's ruleset gives"
                              " 'riichi-standard'"),
        ("seat_wind", "E", "'E' contradicts the game: seat 1 with seat 0 dealing gives 'S'"),
        ("honba", 1, "1 contradicts the game: the honba this win takes gives 0"),
        ("riichi_sticks", 2, "2 contradicts the game: the riichi sticks this win takes gives 0"),
        ("win", "tsumo", "'tsumo' contradicts the game: seat 2 discarded gives 'ron'"),
        ("riichi", "riichi", "'riichi' contradicts the game: seat 1 is not in this hand's"
                             " riichi list"),
    ],
)
def test_record_contradicting_the_game_state_is_refused(
    field: str, value: object, message: str
) -> None:
    error = error_of(game(ron(1, 2, {**PINFU_TANYAO, field: value})))
    assert error == {"code": "bad_game", "message": f"hand 0: wins[0].record.{field}: {message}"}


def test_record_agreeing_with_the_game_state_is_accepted() -> None:
    record = {**PINFU_TANYAO, "ruleset": "riichi-standard", "seat_wind": "S",
              "round_wind": "E", "honba": 1, "riichi_sticks": 0, "win": "ron", "id": "mine"}
    out = last(settled(game(draw(0), ron(1, 2, record))))
    assert out["wins"][0]["score"]["id"] == "mine"


def test_hand_record_error_is_reported_with_the_hand_index() -> None:
    error = error_of(game(draw(), ron(1, 2, {"hand": "123m456p789s1234z", "win_tile": "4z"})))
    assert error["code"] == "wrong_tile_count"
    assert error["message"].startswith("hand 1: wins[0].record: ")


def test_double_ron_gives_honba_and_sticks_to_the_first_winner_from_the_discarder() -> None:
    # Seat 0 discards; seat 1 is first in turn order, then seat 3.
    result = settled(game(draw(0, riichi=[0]), multi_ron(0, 3, 1)))
    out = last(result)
    assert [w["winner"] for w in out["wins"]] == [1, 3]
    assert lines(out) == [(0, 1, 2300, 0), (0, 3, 2000, 0)]
    assert out["deposits"] == [{"seat": 1, "points": 1000, "reason": "sticks"}]


def test_double_ron_bonus_each_option_gives_every_winner_the_honba() -> None:
    out = last(settled(game(draw(0), multi_ron(0, 3, 1), multi_ron_bonus="each")))
    assert lines(out) == [(0, 1, 2300, 0), (0, 3, 2300, 0)]


def test_double_ron_by_the_dealer_keeps_the_deal() -> None:
    out = last(settled(game(multi_ron(2, 0, 1))))
    assert (out["dealer_after"], out["honba_after"]) == (0, 1)


def test_pao_pays_a_whole_yakuman_tsumo() -> None:
    # Seat 1 fed the third dragon to seat 2: seat 2's daisangen tsumo (8,000/16,000) is all
    # seat 1's.
    out = last(settled(game(tsumo(2, DAISANGEN) | {"wins": [
        {"winner": 2, "pao": 1, "record": {**DAISANGEN, "win": "tsumo"}}
    ]})))
    assert lines(out) == [(1, 2, 32000, 0)]
    assert out["transfers"][0]["reason"] == "pao"


def test_pao_splits_a_yakuman_ron_with_the_discarder() -> None:
    hand = {"kind": "win", "wins": [{"winner": 2, "discarder": 3, "pao": 1, "record": DAISANGEN}]}
    out = last(settled(game(draw(), hand)))
    # 32,000 split, the discarder paying the 300 honba.
    assert lines(out) == [(1, 2, 16000, 0), (3, 2, 16300, 0)]


def test_pao_needs_a_pao_yaku() -> None:
    hand = {"kind": "win", "wins": [{"winner": 2, "discarder": 3, "pao": 1,
                                     "record": PINFU_TANYAO}]}
    error = error_of(game(hand))
    assert error["message"] == (
        "hand 0: wins[0].pao: pao applies to daisangen, daisuushii under riichi-standard; this"
        " win has none of them"
    )


def test_special_suukantsu_is_a_double_yakuman_ron_for_20_chips() -> None:
    # "a special double yakuman ron dealt in by the player who contributed to the daiminkan
    # (this is not tsumo pao, so it's only 20 chips)"
    hand = {"kind": "win", "wins": [{"winner": 1, "discarder": 2, "special": "suukantsu"}]}
    out = last(settled(game(hand, ruleset=SPEED)))
    assert lines(out, "ron") == [(2, 1, 64000, 20)]


def test_special_suukantsu_tsumo_after_an_ankan_or_kakan() -> None:
    # Dealer tsumo: 32,000 all; 5 chips each per yakuman, two yakuman.
    hand = {"kind": "win", "wins": [{"winner": 0, "special": "suukantsu"}]}
    out = last(settled(game(hand, ruleset=SPEED)))
    assert lines(out, "tsumo") == [(1, 0, 32000, 10), (2, 0, 32000, 10), (3, 0, 32000, 10)]


def test_special_suukantsu_has_no_pao_and_only_in_speed_tonpuu() -> None:
    hand = {"kind": "win", "wins": [{"winner": 0, "special": "suukantsu", "pao": 1}]}
    assert error_of(game(hand, ruleset=SPEED))["message"] == (
        "hand 0: wins[0].pao: the special suukantsu win has no pao"
    )
    hand = {"kind": "win", "wins": [{"winner": 0, "special": "suukantsu"}]}
    assert error_of(game(hand))["message"] == (
        "hand 0: wins[0].special: riichi-standard has no special suukantsu win"
    )


def test_three_player_tsumo_is_paid_by_the_two_others() -> None:
    # Menzen tsumo with an East pair (2 fu in the East round): 1 han 30 fu, 300/500, and no
    # payment for the missing North (records/README.md, tenhou-sanma).
    sanma = {"hand": "123p456p789s11z234s", "win_tile": "4s"}
    out = last(settled(game(tsumo(1, sanma), ruleset="tenhou-sanma", players=3)))
    assert lines(out) == [(0, 1, 500, 0), (2, 1, 300, 0)]


# Rinshan kaihou after a daiminkan of 3s: tanki 5p, a red 0p. Rinshan, tanyao, aka: 3 han;
# 20 + open kan of simples 8 + tanki 2 + tsumo 2 = 32 -> 40 fu: 1,300 / 2,600, 1 chip each.
RINSHAN = {"hand": "234m406p678s55p", "win_tile": "5p", "win": "tsumo", "rinshan": True,
           "melds": [{"kind": "minkan", "tiles": "3333s"}]}
# Daisuushii (double yakuman): East, South, West called, North closed; 64,000 on ron.
DAISUUSHII = {"hand": "444z55m", "win_tile": "4z",
              "melds": [{"kind": "pon", "tiles": t} for t in ("111z", "222z", "333z")]}
# Suukantsu on a tanki ron (one yakuman, 32,000).
SUUKANTSU = {"hand": "55s", "win_tile": "5s",
             "melds": [{"kind": "ankan", "tiles": "1111m"}, {"kind": "ankan", "tiles": "2222p"},
                       {"kind": "minkan", "tiles": "3333s"}, {"kind": "kakan", "tiles": "4444p"}]}


@pytest.mark.parametrize(("record", "discarder", "expected"), [
    # "in the case of rinshan, pao pays the full amount", and 3 x the chips.
    (RINSHAN, None, [(1, 2, 5200, 3)]),
    # Ron: pao pays half the points and all the chips (20 for a double yakuman).
    (DAISUUSHII, 3, [(1, 2, 32000, 20), (3, 2, 32000, 0)]),
    (SUUKANTSU, 3, [(1, 2, 16000, 10), (3, 2, 16000, 0)]),
    (DAISANGEN, 3, [(1, 2, 16000, 10), (3, 2, 16000, 0)]),
])
def test_pao_is_on_for_daisangen_daisuushi_suukantsu_and_rinshan(
    record: dict, discarder: int | None, expected: list[tuple[int, int, int, int]]
) -> None:
    win = {"winner": 2, "pao": 1, "record": record}
    if discarder is not None:
        win["discarder"] = discarder
    out = last(settled(game({"kind": "win", "wins": [win]}, ruleset=SPEED)))
    assert [line for line in lines(out) if line[2]] == expected


def test_rinshan_is_no_pao_yaku_outside_speed_tonpuu() -> None:
    hand = {"kind": "win", "wins": [{"winner": 2, "pao": 1, "record": RINSHAN}]}
    assert error_of(game(hand))["message"].startswith("hand 0: wins[0].pao: pao applies to")
