"""What one game's live hands say about each seat: the counts the statistics add up.

Pure functions over the hands as stored (the payload staff entered and the engine's
outcome, ``engine_door.results.HandOutcome``); no database. The close counts its
game here and keeps one row per seat (``players.statistics.models.SeatGame``); the
rebuild command counts every live close again the same way.

How each hand counts (docs/statistics.md says why):

- Every live hand is a hand played by every seat: wins, exhaustive draws, abortive
  draws and chonbo hands (a chonbo hand is replayed, and the replay counts again).
- A win counts once for its winner; each winner of a double or triple ron has a win.
  Wins are the wins of ``win`` hands: a nagashi mangan is an exhaustive draw (counted
  under ``nagashi``), whatever the rules pay for it.
- A deal-in counts once per hand for the discarder, however many won on the discard;
  it is a deal-in to a riichi, an open or a closed hand by the first winner in paying
  order (the one atamahane would leave alone). Points dealt in are all the ron
  payments the discarder made in the hand.
- Points won: what the win's payers paid the winner (``ron``, ``tsumo`` and ``pao``
  lines, honba included); riichi sticks taken from the table are not a win's points.
- A riichi counts in every hand whose ``riichi`` list names the seat.
- Tenpai at an exhaustive draw: the seat is in the draw's ``tenpai`` list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine_door.results import HandOutcome, Win

# Melds that open a hand (an ankan keeps it closed): spec/hand-record.md, ``melds``.
OPEN_MELDS = frozenset({"chi", "pon", "minkan", "kakan"})
# The reasons of the lines that pay a win (docs/game-format.md, "Output").
WIN_PAYMENTS = frozenset({"ron", "tsumo", "pao"})
# Han of a win, as the distribution counts them: 1 to 12, then one bucket.
HAN_CAP = 13
YAKUMAN = "yakuman"


class DealInKind:
    RIICHI = "riichi"
    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One live hand: ``payload`` as entered (the game JSON's hand), ``outcome`` the engine's."""

    payload: Mapping[str, Any]
    outcome: HandOutcome


@dataclass(slots=True)
class SeatCounts:
    """One seat's counts over the hands of one game."""

    hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    open_wins: int = 0
    riichi_wins: int = 0
    points_won: int = 0
    # Sums of squares, per win and per deal-in hand: the spread of the averages.
    points_won_squares: int = 0
    deal_ins: int = 0
    deal_ins_riichi: int = 0
    deal_ins_open: int = 0
    deal_ins_closed: int = 0
    points_dealt_in: int = 0
    points_dealt_in_squares: int = 0
    riichi: int = 0
    draws: int = 0
    draws_tenpai: int = 0
    nagashi: int = 0
    aborts: int = 0
    chonbo: int = 0
    dead_hands: int = 0
    # Yaku name -> wins it counted in; han bucket ("1" .. "12", "13+", "yakuman") -> wins.
    yaku: Counter[str] = field(default_factory=Counter)
    han: Counter[str] = field(default_factory=Counter)


def game_counts(hands: Sequence[HandFacts], *, seats: int) -> list[SeatCounts]:
    """Each seat's counts over ``hands`` (a game's live hands in order), seat 0 first."""
    counts = [SeatCounts() for _ in range(seats)]
    for hand in hands:
        _count_hand(hand, counts)
    return counts


def _count_hand(hand: HandFacts, counts: list[SeatCounts]) -> None:
    payload, outcome = hand.payload, hand.outcome
    riichi = _seats(payload.get("riichi"))
    for seat, seat_counts in enumerate(counts):
        seat_counts.hands += 1
        seat_counts.riichi += seat in riichi
    for dead in payload.get("dead") or ():
        counts[int(dead["seat"])].dead_hands += 1
    kind = outcome.kind or str(payload.get("kind", ""))
    if kind == "win":
        _count_wins(payload, outcome, riichi, counts)
    elif kind == "draw":
        tenpai = _seats(payload.get("tenpai"))
        for seat, seat_counts in enumerate(counts):
            seat_counts.draws += 1
            seat_counts.draws_tenpai += seat in tenpai
        for seat in _seats(payload.get("nagashi")):
            counts[seat].nagashi += 1
    elif kind == "abort":
        for seat_counts in counts:
            seat_counts.aborts += 1
    elif kind == "chonbo":
        counts[int(payload["offender"])].chonbo += 1


def _count_wins(
    payload: Mapping[str, Any],
    outcome: HandOutcome,
    riichi: frozenset[int],
    counts: list[SeatCounts],
) -> None:
    records = {win.get("winner"): win for win in payload.get("wins") or ()}
    dealt_in: set[int] = set()
    for win in outcome.wins:
        entered = records.get(win.winner, {})
        is_open = _is_open(entered)
        winner = counts[win.winner]
        winner.wins += 1
        winner.tsumo_wins += win.tsumo
        winner.open_wins += is_open
        winner.riichi_wins += win.winner in riichi
        _count_value(win, winner)
        if win.discarder is None or win.discarder in dealt_in:
            continue
        dealt_in.add(win.discarder)
        discarder = counts[win.discarder]
        discarder.deal_ins += 1
        if win.winner in riichi:
            discarder.deal_ins_riichi += 1
        elif is_open:
            discarder.deal_ins_open += 1
        else:
            discarder.deal_ins_closed += 1
    won: Counter[int] = Counter()
    dealt: Counter[int] = Counter()
    for line in outcome.transfers:
        if line.reason in WIN_PAYMENTS:
            won[line.payee] += line.points
        if line.reason == "ron":
            dealt[line.payer] += line.points
    # A seat wins at most once in a hand, and deals in at most once: one value each.
    for seat, points in won.items():
        counts[seat].points_won += points
        counts[seat].points_won_squares += points * points
    for seat, points in dealt.items():
        counts[seat].points_dealt_in += points
        counts[seat].points_dealt_in_squares += points * points


def _count_value(win: Win, counts: SeatCounts) -> None:
    score = win.score
    for yaku in score.yaku:
        counts.yaku[yaku.name] += 1
    if score.special and not score.yaku:
        counts.yaku[score.special] += 1
    if score.yakuman:
        counts.han[YAKUMAN] += 1
    elif score.han:
        counts.han[han_bucket(score.han)] += 1


def han_bucket(han: int) -> str:
    """The han distribution's bucket of a win worth ``han`` (not yakuman)."""
    return f"{HAN_CAP}+" if han >= HAN_CAP else str(han)


HAN_BUCKETS = (*(str(han) for han in range(1, HAN_CAP)), f"{HAN_CAP}+", YAKUMAN)


def _is_open(win: Mapping[str, Any]) -> bool:
    record = win.get("record") or {}
    return any(meld.get("kind") in OPEN_MELDS for meld in record.get("melds") or ())


def _seats(values: Any) -> frozenset[int]:
    return frozenset(int(seat) for seat in values or ())


def averaged_places(scores: Sequence[int]) -> list[int]:
    """Each seat's place with ties averaged, in halves (2 x place: 5 is 2.5th).

    Two seats tied for second share 2nd and 3rd: 2.5 each; the average of k places
    starting at p is p + (k - 1) / 2, always a whole or a half.
    """
    halves = []
    for score in scores:
        above = sum(other > score for other in scores)
        tied = sum(other == score for other in scores)
        halves.append(2 * (above + 1) + (tied - 1))
    return halves


def busted_seats(scores: Sequence[int], *, game_ends: Sequence[str], bust: str) -> frozenset[int]:
    """The seats that busted the game (tobi) after its last hand: ``bust`` is the rules'
    (``below_zero``, ``at_zero`` or ``off``; engine.game.rules.GameRules.bust)."""
    if "tobi" not in game_ends or bust == "off":
        return frozenset()
    if bust == "at_zero":
        return frozenset(seat for seat, score in enumerate(scores) if score <= 0)
    return frozenset(seat for seat, score in enumerate(scores) if score < 0)
