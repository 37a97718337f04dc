"""Wins at the table: the game fills each hand record in, scores it, and pays it.

The game knows the ruleset, the winner's seat wind (from the dealer), the
round wind, the honba and the riichi sticks; a record may omit them and
gets them filled in, or give them and must agree (a contradiction names the
field). Honba and sticks go to the first winner in turn order from the
discarder; with ``multi_ron_bonus=each`` every ron takes the honba.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError, Reason
from engine.fast import score_fast
from engine.game.input import HandInput, WinInput, bad_game
from engine.game.kans import check_kan_indicators
from engine.game.payments import limit_outcome, win_transfers
from engine.game.rules import HANEMAN_BASE, MANGAN_BASE, YAKUMAN_BASE, GameRules
from engine.game.table import Deposit, Transfer
from engine.record import HandRecord
from engine.reference import evaluate_record, internal_error


@dataclass(frozen=True, slots=True)
class Seating:
    """What the game knows about one hand's table when a win is scored."""

    rules: GameRules
    ruleset: str
    options: Mapping[str, Any]
    game_id: str
    dealer: int
    round_wind: str
    honba: int
    pot: int  # points in the pot, this hand's riichi deposits included

    def seat_wind(self, seat: int) -> str:
        return self.rules.winds[(seat - self.dealer) % self.rules.players]

    def bonus(self, *, first: bool) -> tuple[int, int]:
        """The honba and riichi sticks a win takes (the first winner's, or a later one's)."""
        honba = self.honba if first or self.rules.multi_ron_bonus == "each" else 0
        sticks = self.pot // self.rules.riichi_stick if first else 0
        return honba, sticks


@dataclass(slots=True)
class Paid:
    transfers: list[Transfer]
    deposits: list[Deposit]
    outputs: list[dict[str, Any]]
    winners: list[int]


def pay_wins(hand: HandInput, seating: Seating) -> Paid:
    """Score and pay every win of a win hand (one tsumo, or one or more rons)."""
    rules = seating.rules
    paid = Paid([], [], [], [])
    for j, win, honba, sticks in ordered_wins(hand, seating):
        where = f"hand {hand.index}: wins[{j}]"
        if win.record is not None:
            record = fill_record(win, seating, hand=hand, honba=honba, sticks=sticks, j=j)
            outcome = _scored(record, hand=hand.index, j=j)
            check_kan_indicators(record, rules, hand=hand.index, j=j)
            _check_pao(win, outcome, rules=rules, hand=hand.index, j=j)
        else:
            if not rules.special_suukantsu:
                raise bad_game(f"{rules.slug} has no special suukantsu win", hand=hand.index,
                               field=("wins", j, "special"))
            if win.pao is not None:
                raise bad_game("the special suukantsu win has no pao", hand=hand.index,
                               field=("wins", j, "pao"))
            outcome = limit_outcome(
                special="suukantsu", base=2 * YAKUMAN_BASE, limit="yakuman", yakuman=2,
                winner_is_dealer=win.winner == seating.dealer, ron=not win.tsumo,
                honba=honba, sticks_points=sticks * rules.riichi_stick, rules=rules,
            )
        _pay(paid, outcome, win=win, seating=seating, sticks=sticks, where=f"{where}: ")
    return paid


def ordered_wins(hand: HandInput, seating: Seating) -> list[tuple[int, WinInput, int, int]]:
    """(index in ``wins``, win, honba, riichi sticks) in paying order: from the discarder's
    right (the dealer's on tsumo); the first winner takes the sticks (and the honba)."""
    discarder = hand.wins[0].discarder
    after = seating.dealer - 1 if discarder is None else discarder
    players = seating.rules.players
    ordered = sorted(enumerate(hand.wins), key=lambda item: (item[1].winner - after - 1) % players)
    return [(j, win, *seating.bonus(first=n == 0)) for n, (j, win) in enumerate(ordered)]


def pay_nagashi(seats: Sequence[int], seating: Seating, *, as_win: bool) -> Paid:
    """Nagashi mangan at an exhaustive draw: a haneman win, or a mangan paid at the draw."""
    rules = seating.rules
    paid = Paid([], [], [], [])
    as_points = rules.nagashi == "points_win"  # a points ruleset's yakuman win
    for seat in sorted(seats, key=lambda seat: (seat - seating.dealer) % rules.players):
        honba, sticks = seating.bonus(first=not paid.winners) if as_win else (0, 0)
        dealer = seat == seating.dealer
        outcome = limit_outcome(
            special="nagashi_mangan",
            base=HANEMAN_BASE if as_win else MANGAN_BASE,
            limit="yakuman" if as_points else "haneman" if as_win else "mangan",
            yakuman=int(as_points), winner_is_dealer=dealer, ron=False, honba=honba,
            sticks_points=sticks * rules.riichi_stick, rules=rules,
            each=_nagashi_points(rules, dealer=dealer) if as_points else None,
        )
        win = WinInput(winner=seat, discarder=None, record=None, special=None, pao=None)
        _pay(paid, outcome, win=win, seating=seating, sticks=sticks, where="")
    return paid


def _nagashi_points(rules: GameRules, *, dealer: bool) -> int:
    bonus = rules.nagashi_bonus_each + (rules.nagashi_dealer_bonus_each if dealer else 0)
    return rules.nagashi_points_each + bonus


def _pay(
    paid: Paid,
    outcome: dict[str, Any],
    *,
    win: WinInput,
    seating: Seating,
    sticks: int,
    where: str,
) -> None:
    sticks_points = sticks * seating.rules.riichi_stick
    paid.transfers += win_transfers(
        outcome, winner=win.winner, discarder=win.discarder, pao=win.pao,
        dealer=seating.dealer, rules=seating.rules, sticks_points=sticks_points, where=where,
    )
    if sticks_points:
        paid.deposits.append(Deposit(win.winner, sticks_points, "sticks"))
    paid.outputs.append(
        {"winner": win.winner, "discarder": win.discarder, "pao": win.pao, "score": outcome}
    )
    paid.winners.append(win.winner)


def fill_record(
    win: WinInput, seating: Seating, *, hand: HandInput, honba: int, sticks: int, j: int
) -> dict[str, Any]:
    assert win.record is not None
    record = dict(win.record)
    declared = win.winner in hand.riichi
    expected: dict[str, tuple[Any, str]] = {
        "ruleset": (seating.ruleset, "the game's ruleset"),
        "win": ("tsumo" if win.tsumo else "ron", "the win names no discarder" if win.tsumo
                else f"seat {win.discarder} discarded"),
        "seat_wind": (seating.seat_wind(win.winner),
                      f"seat {win.winner} with seat {seating.dealer} dealing"),
        "round_wind": (seating.round_wind, "the round being played"),
        "honba": (honba, "the honba this win takes"),
        "riichi_sticks": (sticks, "the riichi sticks this win takes"),
    }
    for key, (value, why) in expected.items():
        if key in record and record[key] != value:
            raise bad_game(f"{record[key]!r} contradicts the game: {why} gives {value!r}",
                           hand=hand.index, field=("wins", j, "record", key))
        record[key] = value
    given = record.get("riichi", "riichi" if declared else "none")
    if (given != "none") != declared:
        listed = "is" if declared else "is not"
        raise bad_game(f"{given!r} contradicts the game: seat {win.winner}"
                       f" {listed} in this hand's riichi list", hand=hand.index,
                       field=("wins", j, "record", "riichi"), seat=win.winner,
                       reason=Reason.RIICHI_LISTED_KIND_NONE if declared
                       else Reason.RIICHI_KIND_NOT_LISTED, params={"seat": win.winner})
    record["riichi"] = given
    own_options = record.get("options", {})
    if not isinstance(own_options, Mapping):
        raise bad_game("must be an object", hand=hand.index,
                       field=("wins", j, "record", "options"))
    if seating.options:
        record["options"] = {**seating.options, **own_options}
    prefix = f"{seating.game_id}/" if seating.game_id else ""
    record.setdefault("id", f"{prefix}hand {hand.index} wins[{j}]")
    return record


def _scored(record: dict[str, Any], *, hand: int, j: int) -> dict[str, Any]:
    """The spec output of win ``j``'s record; its refusal raised where it sits in the game.

    The fast scorer answers a hand it takes and can pay; the reference path (its oracle,
    tests/engine/test_fast.py) scores the rest and names what is wrong with a refused one.
    """
    fast = score_fast(record)
    if fast is not None and fast["ok"]:
        return fast
    try:
        return evaluate_record(HandRecord.from_dict(record)).to_dict()
    except EngineError as error:
        raise error.within("wins", j, "record", hand=hand) from None
    except Exception as error:  # noqa: BLE001 - reported as engine.score reports it
        raise internal_error(error).within("wins", j, "record", hand=hand) from None


def _check_pao(
    win: WinInput, outcome: dict[str, Any], *, rules: GameRules, hand: int, j: int
) -> None:
    if win.pao is None:
        return
    names = {entry.get("name") for entry in outcome.get("yaku", []) if isinstance(entry, dict)}
    if not names & rules.pao_yaku:
        raise bad_game(
            f"pao applies to {', '.join(sorted(rules.pao_yaku))} under"
            f" {rules.slug}; this win has none of them", hand=hand, field=("wins", j, "pao"),
            reason=Reason.PAO_NEEDS_PAO_YAKU,
            params={"seat": win.pao, "yaku": " ".join(sorted(rules.pao_yaku))},
        )
