"""Who pays whom: transfers derived from a win's spec output, draws and penalties.

Wins are read from the hand-record output only (``payment``, ``total``,
``chips``; spec/hand-record.md), never from engine internals, so any ruleset
that honours the spec settles here: a ron's discarder pays ``total`` minus
the riichi sticks; on tsumo each payer pays its ``payment`` entry plus an
equal share of the honba part (``total`` - sticks - the payments).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError, ErrorCode
from engine.game.pao import own_yakuman_chips, own_yakuman_points, pao_yakuman_share
from engine.game.rules import MANGAN_BASE, GameRules
from engine.game.table import Deposit, Transfer


def _off_spec(where: str, message: str) -> EngineError:
    return EngineError(ErrorCode.INTERNAL_ERROR, f"{where}the hand's score is off-spec: {message}")


def payer_points(
    outcome: Mapping[str, Any],
    *,
    winner: int,
    discarder: int | None,
    dealer: int,
    players: int,
    sticks_points: int,
    where: str,
) -> dict[int, int]:
    """What each payer owes the winner, honba included, riichi sticks excluded."""
    payment, total = outcome.get("payment"), outcome.get("total")
    if not isinstance(payment, Mapping) or type(total) is not int:
        raise _off_spec(where, "no payment object or integer total")
    owed_total = total - sticks_points
    if discarder is not None:
        if "ron" not in payment:
            raise _off_spec(where, f"a ron's payment has no 'ron' entry: {dict(payment)}")
        return {discarder: owed_total}
    payers = [seat for seat in range(players) if seat != winner]
    shares = {
        seat: _tsumo_share(payment, payer_is_dealer=seat == dealer, where=where)
        for seat in payers
    }
    honba_each, rest = divmod(owed_total - sum(shares.values()), len(payers))
    if rest or honba_each < 0:
        raise _off_spec(where, f"total {total} does not split evenly among the payers")
    return {seat: share + honba_each for seat, share in shares.items()}


def _tsumo_share(payment: Mapping[str, Any], *, payer_is_dealer: bool, where: str) -> int:
    own = "tsumo_dealer" if payer_is_dealer else "tsumo_non_dealer"
    for key in ("tsumo_each", "tsumo_all", own):
        if type(payment.get(key)) is int:
            return int(payment[key])
    raise _off_spec(where, f"a tsumo's payment has no share for this payer: {dict(payment)}")


def payer_chips(
    outcome: Mapping[str, Any], *, winner: int, discarder: int | None, players: int, where: str
) -> dict[int, int]:
    chips = outcome.get("chips")
    if chips is None:
        return {}
    key = "ron" if discarder is not None else "tsumo_each"
    if not isinstance(chips, Mapping) or type(chips.get(key)) is not int:
        raise _off_spec(where, f"expected chips {{{key!r}: N}}, got {chips!r}")
    if discarder is not None:
        return {discarder: chips[key]}
    return {seat: chips[key] for seat in range(players) if seat != winner}


def win_transfers(
    outcome: Mapping[str, Any],
    *,
    winner: int,
    discarder: int | None,
    pao: int | None,
    dealer: int,
    rules: GameRules,
    sticks_points: int,
    where: str,
) -> list[Transfer]:
    points = payer_points(
        outcome, winner=winner, discarder=discarder, dealer=dealer, players=rules.players,
        sticks_points=sticks_points, where=where,
    )
    chips = payer_chips(
        outcome, winner=winner, discarder=discarder, players=rules.players, where=where
    )
    share = pao_yakuman_share(outcome, rules) if pao is not None else None
    if pao is not None and share is not None:
        points = own_yakuman_points(outcome, points, share=share, pao=pao, discarder=discarder,
                                    rules=rules)
        if chips:
            chips = own_yakuman_chips(chips, share=share, pao=pao, discarder=discarder,
                                      rules=rules)
    elif pao is not None:
        points = _pao_points(outcome, points, pao=pao, discarder=discarder, rules=rules)
        if rules.pao_pays_all_chips:
            chips = {pao: sum(chips.values())} if chips else {}
    plain = "tsumo" if discarder is None else "ron"
    return [
        Transfer(seat, winner, points.get(seat, 0), chips.get(seat, 0),
                 "pao" if seat == pao and seat != discarder else plain)
        for seat in sorted(set(points) | set(chips))
        if points.get(seat, 0) or chips.get(seat, 0)
    ]


def _pao_points(
    outcome: Mapping[str, Any],
    owed: dict[int, int],
    *,
    pao: int,
    discarder: int | None,
    rules: GameRules,
) -> dict[int, int]:
    everything = sum(owed.values())
    if discarder is None or rules.pao_ron == "full":
        return {pao: everything}
    # Ron, split: pao pays half the hand's value, the discarder the rest and the honba.
    half = int(outcome["payment"]["ron"]) // 2
    split = {discarder: everything - half}
    split[pao] = split.get(pao, 0) + half
    return split


def limit_outcome(
    *,
    special: str,
    base: int,
    limit: str,
    yakuman: int,
    winner_is_dealer: bool,
    ron: bool,
    honba: int,
    sticks_points: int,
    rules: GameRules,
    each: int | None = None,
) -> dict[str, Any]:
    """A spec-shaped score for a game-level win paid at a limit (no hand record).

    ``each``: a points ruleset's win, ``{"tsumo_each": each}`` (or ``{"ron": each}``).
    """
    payers = rules.players - 1
    payment: dict[str, int]
    if each is not None:
        payment = {"ron": each} if ron else {"tsumo_each": each}
        paid = each if ron else each * payers
    elif ron:
        payment = {"ron": base * (6 if winner_is_dealer else 4)}
        paid = payment["ron"]
    elif winner_is_dealer:
        payment = {"tsumo_all": 2 * base}
        paid = 2 * base * payers
    else:
        payment = {"tsumo_dealer": 2 * base, "tsumo_non_dealer": base}
        paid = 2 * base + base * (payers - 1)
    outcome: dict[str, Any] = {
        "special": special,
        "limit": limit,
        "yakuman": yakuman,
        "payment": payment,
        "total": paid + rules.honba_per_payer * payers * honba + sticks_points,
    }
    if rules.chips_in_play:
        chips = yakuman * (rules.yakuman_chips_ron if ron else rules.yakuman_chips_tsumo_each)
        outcome["chips"] = {"ron": chips} if ron else {"tsumo_each": chips}
        # By cause, as a hand's chips are (engine.rulesets.speed_tonpuu.chips).
        outcome["chip_causes"] = (
            [{"cause": "yakuman", "count": yakuman, "chips": chips}] if chips else []
        )
    return outcome


def noten_lines(
    tenpai: frozenset[int], *, rules: GameRules
) -> tuple[list[Transfer], list[Deposit]]:
    noten = [seat for seat in rules.seats if seat not in tenpai]
    if not tenpai or not noten:
        return [], []
    if rules.noten_to_pot:
        each = rules.noten_total // len(noten)
        return [], [Deposit(seat, -each, "noten") for seat in noten]
    each = rules.noten_total // (len(noten) * len(tenpai))
    pairs = [(payer, payee) for payer in noten for payee in sorted(tenpai)]
    return [Transfer(payer, payee, each, 0, "noten") for payer, payee in pairs], []


def chonbo_transfers(*, offender: int, dealer: int, rules: GameRules) -> list[Transfer]:
    others = [seat for seat in rules.seats if seat != offender]
    if rules.chonbo_each is not None:
        return [Transfer(offender, seat, rules.chonbo_each, 0, "chonbo") for seat in others]
    # A mangan tsumo in reverse: what the others would pay the offender, it pays them.
    mangan = limit_outcome(
        special="chonbo", base=MANGAN_BASE, limit="mangan", yakuman=0,
        winner_is_dealer=offender == dealer, ron=False, honba=0, sticks_points=0,
        rules=rules,
    )
    owed = payer_points(
        mangan, winner=offender, discarder=None, dealer=dealer, players=rules.players,
        sticks_points=0, where="",
    )
    return [Transfer(offender, seat, owed[seat], 0, "chonbo") for seat in others]
