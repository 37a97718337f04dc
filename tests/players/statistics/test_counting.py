"""Each count sums back to the hands: a win once, a double ron for both winners, a deal-in
to the discarder, draws and aborts among the hands played (players.statistics.counting)."""

from __future__ import annotations

from players.statistics.counting import (
    averaged_places,
    busted_seats,
    game_counts,
)
from tests.players.statistics.games import (
    ANKAN_TSUMO,
    PINFU,
    TANYAO_PON,
    ron,
    settled,
    tsumo,
)

VARIED = [
    # Double ron on seat 0's discard: seat 1 in riichi, seat 2 open.
    {"kind": "win", "riichi": [1], "wins": [ron(1, 0), ron(2, 0, TANYAO_PON)]},
    {"kind": "draw", "tenpai": [1, 3]},
    {"kind": "abort", "cause": "kyuushuu_kyuuhai"},
    {"kind": "win", "wins": [tsumo(3)]},
    {"kind": "chonbo", "offender": 2, "cause": "false_ron"},
    {"kind": "win", "wins": [ron(0, 3, ANKAN_TSUMO)], "dead": [{"seat": 1, "cause": "kuikae"}]},
    {"kind": "draw", "tenpai": [], "riichi": [], "nagashi": [2]},
]


def test_every_seat_plays_every_hand_draws_and_aborts_included() -> None:
    _, facts = settled(VARIED)
    counts = game_counts(facts, seats=4)
    assert [c.hands for c in counts] == [len(VARIED)] * 4
    assert [c.draws for c in counts] == [2] * 4
    assert [c.aborts for c in counts] == [1] * 4


def test_a_double_ron_is_a_win_for_both_winners_and_one_deal_in() -> None:
    _, facts = settled(VARIED[:1])
    counts = game_counts(facts, seats=4)
    assert [c.wins for c in counts] == [0, 1, 1, 0]
    assert [c.deal_ins for c in counts] == [1, 0, 0, 0]
    # The first winner in paying order (seat 1, in riichi) says what was dealt into.
    assert (counts[0].deal_ins_riichi, counts[0].deal_ins_open, counts[0].deal_ins_closed) == (
        1,
        0,
        0,
    )
    # Both ron payments are what seat 0 dealt in; each winner's own is its points won.
    outcome = facts[0].outcome
    assert counts[0].points_dealt_in == -outcome.points_delta[0]
    assert counts[1].points_won + counts[2].points_won == counts[0].points_dealt_in
    assert counts[2].open_wins == 1 and counts[1].riichi_wins == 1


def test_counts_sum_back_to_the_hands() -> None:
    _, facts = settled(VARIED)
    counts = game_counts(facts, seats=4)
    win_entries = sum(len(h["wins"]) for h in VARIED if h["kind"] == "win")
    ron_hands = sum(
        any(w.get("discarder") is not None for w in h["wins"]) for h in VARIED if h["kind"] == "win"
    )
    assert sum(c.wins for c in counts) == win_entries == 4
    assert sum(c.tsumo_wins for c in counts) == 1
    assert sum(c.deal_ins for c in counts) == ron_hands == 2
    for c in counts:
        assert c.deal_ins == c.deal_ins_riichi + c.deal_ins_open + c.deal_ins_closed
        assert c.draws_tenpai <= c.draws
    assert [c.draws_tenpai for c in counts] == [0, 1, 0, 1]
    assert [c.nagashi for c in counts] == [0, 0, 1, 0]
    assert [c.chonbo for c in counts] == [0, 0, 1, 0]
    assert [c.dead_hands for c in counts] == [0, 1, 0, 0]
    assert [c.riichi for c in counts] == [0, 1, 0, 0]
    # An ankan keeps a hand closed: seat 3 dealt into a closed hand.
    assert counts[3].deal_ins_closed == 1 and counts[0].open_wins == 0
    # Every win's yaku and han are counted once, for its winner.
    assert sum(sum(c.han.values()) for c in counts) == win_entries
    assert counts[1].yaku["riichi"] == 1 and counts[1].yaku["pinfu"] == 1


def test_points_won_and_dealt_in_are_the_win_payments() -> None:
    outcome, facts = settled(VARIED)
    counts = game_counts(facts, seats=4)
    paid = [
        line
        for hand in outcome.hands
        if hand.kind == "win"
        for line in hand.transfers
        if line.reason in ("ron", "tsumo")
    ]
    assert sum(c.points_won for c in counts) == sum(line.points for line in paid)
    assert sum(c.points_dealt_in for c in counts) == sum(
        line.points for line in paid if line.reason == "ron"
    )


def test_ties_average_their_places() -> None:
    # In halves: 2 is 1st, 5 is 2.5th.
    assert averaged_places([40000, 25000, 25000, 10000]) == [2, 5, 5, 8]
    assert averaged_places([25000, 25000, 25000, 25000]) == [5, 5, 5, 5]
    assert averaged_places([30000, 30000, 30000, 10000]) == [4, 4, 4, 8]
    assert averaged_places([35000, 35000, 35000]) == [4, 4, 4]
    assert averaged_places([1, 2, 3, 4]) == [8, 6, 4, 2]


def test_the_seats_below_zero_busted_the_game() -> None:
    scores = [52000, 31000, 18000, -1000]
    assert busted_seats(scores, game_ends=["tobi"], bust="below_zero") == {3}
    assert busted_seats([60000, 30000, 10000, 0], game_ends=["tobi"], bust="at_zero") == {3}
    assert busted_seats([60000, 30000, 10000, 0], game_ends=["tobi"], bust="below_zero") == set()
    assert busted_seats(scores, game_ends=["rounds_complete"], bust="below_zero") == set()


def test_a_tsumo_is_paid_by_every_other_seat_and_deals_in_no_one() -> None:
    _, facts = settled([{"kind": "win", "wins": [tsumo(2)]}])
    counts = game_counts(facts, seats=4)
    assert [c.deal_ins for c in counts] == [0, 0, 0, 0]
    assert counts[2].tsumo_wins == 1
    assert counts[2].points_won == -sum(facts[0].outcome.points_delta[s] for s in (0, 1, 3))


def test_the_yaku_of_a_pinfu_ron() -> None:
    _, facts = settled([{"kind": "win", "wins": [ron(1, 0, PINFU)]}])
    counts = game_counts(facts, seats=4)
    assert dict(counts[1].yaku) == {"pinfu": 1, "tanyao": 1}
    assert dict(counts[1].han) == {"2": 1}
