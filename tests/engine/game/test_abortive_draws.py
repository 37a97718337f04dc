"""Abortive draws (abortive-draws.txt, "Consequences" and "Causes")."""

from __future__ import annotations

import pytest

from tests.engine.game.games import (
    abort,
    chonbo,
    draw,
    error_of,
    game,
    last,
    multi_ron,
    ron,
    settled,
)

SPEED = "speed-tonpuu"
CAUSES = [
    abort("suufon_renta"),
    abort("kyuushuu_kyuuhai", caller=2),
    abort("suucha_riichi", riichi=[0, 1, 2, 3]),
    abort("suukaikan", kans=[0, 2, 2, 3]),
    abort("sanchahou"),
]


@pytest.mark.parametrize("hand", CAUSES, ids=lambda hand: hand["cause"])
def test_abortive_draw_exchanges_no_points(hand: dict[str, object]) -> None:
    # "No points are exchanged between players"
    out = last(settled(game(hand)))
    assert out["transfers"] == []


def test_abortive_draw_does_not_apply_the_noten_penalty() -> None:
    # "The noten penalty per exhaustive draw is not applied": the riichi declarer (tenpai)
    # collects nothing from the others.
    out = last(settled(game(abort("kyuushuu_kyuuhai", riichi=[1], caller=0))))
    assert out["transfers"] == []
    assert out["points_delta"] == [0, -1000, 0, 0]


def test_abortive_draw_keeps_riichi_sticks_on_table() -> None:
    # "All riichi bets remain on the table and can be won during the next hand."
    result = settled(game(abort("suucha_riichi", riichi=[0, 1, 2, 3]), ron(2, 1)))
    aborted, win = result["hands"]
    assert aborted["sticks_after"] == 4
    assert win["deposits"] == [{"seat": 2, "points": 4000, "reason": "sticks"}]


@pytest.mark.parametrize("hand", CAUSES, ids=lambda hand: hand["cause"])
def test_abortive_draw_adds_one_honba(hand: dict[str, object]) -> None:
    # "As with an exhaustive draw, the honba count increases by one."
    result = settled(game(draw(0), hand))
    assert last(result)["honba_after"] == 2


@pytest.mark.parametrize("hand", CAUSES, ids=lambda hand: hand["cause"])
def test_abortive_draw_does_not_rotate_the_seats(hand: dict[str, object]) -> None:
    # "Finally, the seat winds do not rotate for the next hand." (also in the last dealership)
    result = settled(game(draw(), draw(), draw(), hand, ruleset=SPEED))
    assert last(result)["dealer_after"] == 3
    assert not result["finished"]


def test_suucha_riichi_needs_all_four_declarers() -> None:
    error = error_of(game(abort("suucha_riichi", riichi=[0, 1, 2])))
    assert error["message"] == (
        "hand 0: riichi: suucha riichi needs all 4 players in 'riichi', not [0, 1, 2]"
    )


def test_suucha_riichi_with_a_noten_riichi_is_chonbo_replayed_without_honba() -> None:
    # "Players without tenpai hands are punished with a chombo for declaring riichi while
    # noten. After committing a chombo, the hand must be repeated, but no honba is added and
    # all riichi declarers get one riichi stick back."
    result = settled(game(
        draw(1),
        chonbo(2, cause="false_riichi", riichi=[0, 1, 2, 3]),
        ruleset=SPEED,
    ))
    out = last(result)
    assert out["deposits"][4:] == [
        {"seat": seat, "points": 1000, "reason": "riichi_returned"} for seat in range(4)
    ]
    assert (out["dealer"], out["honba"]) == (1, 1)
    assert (out["dealer_after"], out["honba_after"], out["sticks_after"]) == (1, 1, 0)


@pytest.mark.parametrize("kans", [[0, 1, 2, 3], [1, 1, 1, 2], []])
def test_suukaikan_by_more_than_one_player_aborts(kans: list[int]) -> None:
    out = last(settled(game(abort("suukaikan", kans=kans))))
    assert (out["dealer_after"], out["honba_after"]) == (0, 1)


def test_suukaikan_by_one_player_does_not_abort() -> None:
    # "If all four quads are called by one player, play continues as to give the player the
    # opportunity to score the yakuman, suu kantsu."
    error = error_of(game(abort("suukaikan", kans=[2, 2, 2, 2]), ruleset=SPEED))
    assert error["message"] == (
        "hand 0: kans: all four kans are seat 2's: play continues (a chance at suukantsu),"
        " there is no abort"
    )


def test_suukaikan_continue_option_has_no_abort() -> None:
    # "Some rules may allow the game to go on, as if all quads had been declared by a single
    # player."
    error = error_of(game(abort("suukaikan"), suukaikan="continue"))
    assert error["message"] == (
        "hand 0: cause: play continues after four kans under these rules (suukaikan option"
        " 'continue')"
    )


def test_sanchahou_aborts_three_rons_by_default() -> None:
    error = error_of(game(multi_ron(0, 1, 2, 3)))
    assert error["message"] == (
        "hand 0: wins: three rons on one discard abort the hand under riichi-standard"
        " (sanchahou): record an abort with cause 'sanchahou'"
    )


def test_triple_ron_option_pays_all_three_from_the_discarder() -> None:
    # "variable rules may allow the use of the 'Triple Ron', where the one unfortunate player
    # pays points to all three hands."
    out = last(settled(game(multi_ron(0, 1, 2, 3), triple_ron=True)))
    assert out["points_delta"] == [-6000, 2000, 2000, 2000]
    assert (out["dealer_after"], out["honba_after"]) == (1, 0)


def test_sanchahou_is_no_abort_where_triple_ron_is_played() -> None:
    error = error_of(game(abort("sanchahou"), triple_ron=True))
    assert error["message"] == (
        "hand 0: cause: riichi-standard plays triple ron here: record the three wins instead"
        " of sanchahou"
    )


def test_special_abort_before_the_dealers_first_discard_adds_no_honba() -> None:
    # "Special abortive draw: before the dealer's first discard, every player agrees to
    # abort. This abort does not increase honba."
    result = settled(game(draw(0), abort("dealer_first_discard"), ruleset=SPEED,
                          special_abort=True))
    out = last(result)
    assert out["transfers"] == []
    assert (out["dealer_after"], out["honba_after"]) == (0, 1)


def test_special_abort_is_an_optional_rule() -> None:
    error = error_of(game(abort("dealer_first_discard"), ruleset=SPEED))
    assert error["message"] == (
        "hand 0: cause: speed-tonpuu has no agreed abort before the dealer's first discard"
        " (the special_abort option is off)"
    )


def test_special_abort_has_no_riichi() -> None:
    error = error_of(game(abort("dealer_first_discard", riichi=[1]), ruleset=SPEED,
                          special_abort=True))
    assert error["message"] == "hand 0: riichi: no riichi before the dealer's first discard"


def test_three_player_game_has_no_four_player_aborts() -> None:
    error = error_of(game(abort("suufon_renta"), ruleset="tenhou-sanma", players=3))
    assert error["message"] == "hand 0: cause: suufon_renta needs four players"


def test_suucha_riichi_fourth_declaration_ronned_is_no_riichi_and_the_ron_counts() -> None:
    # "If the riichi declaration tile of the fourth player is ronned, the fourth riichi is not
    # considered successful and the ron is counted." Seat 3's riichi did not stand: seat 2
    # (riichi, pinfu, tanyao: 3,900) takes the three sticks.
    out = last(settled(game(ron(2, 3, riichi=[0, 1, 2]), ruleset=SPEED)))
    assert out["scores"] == [24000, 24000, 30900, 21100]
    error = error_of(game(ron(2, 3, riichi=[0, 1, 2, 3]), ruleset=SPEED))
    assert error["message"] == (
        "hand 0: riichi: four riichi that stood abort the hand (record an abort with cause"
        " 'suucha_riichi'); a fourth riichi whose declaration tile was ronned did not stand:"
        " leave it out"
    )


def test_suucha_riichi_is_declared_when_all_four_players_have_declared_riichi() -> None:
    # "Suucha riichi ... is declared when all four players have declared riichi successfully"
    # (mandatory): no exhaustive draw after four riichi, unless the fourth came on the last
    # discard ("Riichi with no draws left is allowed").
    four = [0, 1, 2, 3]
    error = error_of(game(draw(*four, riichi=four), ruleset=SPEED))
    assert error["message"].startswith("hand 0: riichi: four riichi that stood abort the hand")
    out = last(settled(game(draw(*four, riichi=four, riichi_no_draws_left=[3]), ruleset=SPEED)))
    assert out["sticks_after"] == 4


def test_kyuushuu_kyuuhai_is_called_on_the_callers_first_draw() -> None:
    # "If a player's 14-tile hand after his initial draw is composed of 9 different honor or
    # terminal tiles, the player may announce this": before its first discard, so no riichi.
    out = last(settled(game(abort("kyuushuu_kyuuhai", caller=2, riichi=[0, 1]), ruleset=SPEED)))
    assert (out["sticks_after"], out["honba_after"]) == (2, 1)
    error = error_of(game(abort("kyuushuu_kyuuhai", caller=2, riichi=[2]), ruleset=SPEED))
    assert error["message"] == (
        "hand 0: caller: seat 2 calls kyuushuu kyuuhai on its first draw, before any discard,"
        " so it cannot have declared riichi"
    )
