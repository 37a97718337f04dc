"""Pao on stacked yakuman: the pao player pays only its own yakuman's share (an option).

speed-tonpuu-shuugi.txt: "pao is on for daisangen, daisuushi, suukantsu, and
rinshan" and "pao is responsible for covering the full shuugi amount (i.e.,
pays 3x shuugi in the case of tsumo)"; "yakuman may stack". The text names no
split when a pao yakuman stacks with another (daisangen + tsuuiisou), so by
default pao pays the whole hand (``pao_share: whole``). With ``pao_share:
own_yakuman`` the hand is cut by yakuman multiples: the pao yakuman's share
(P of the hand's Y multiples) is paid as a pao hand of its own, the rest as an
ordinary win:

- points: the hand's value before honba, V (the ron payment, or the sum of the
  tsumo payers' shares), gives the pao part V x P / Y. On tsumo the pao player
  pays that part and each payer (the pao player included) its own share of the
  rest plus its honba; on ron the pao part is split by ``pao_ron`` (half each,
  or all by the pao player) and the discarder pays the rest with the honba.
- chips: the pao player covers its yakuman's chips in full, P times the game's
  yakuman chips (10 on ron, 5 from each payer on tsumo); every other chip is
  paid as for an ordinary win.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game.rules import GameRules


def pao_yakuman_share(outcome: Mapping[str, Any], rules: GameRules) -> tuple[int, int] | None:
    """(pao multiples, all multiples) when the pao yakuman stack with others, else None."""
    if rules.pao_share != "own_yakuman":
        return None
    entries = [e for e in outcome.get("yaku", ()) if isinstance(e, Mapping) and "yakuman" in e]
    total = sum(int(e["yakuman"]) for e in entries)
    own = sum(int(e["yakuman"]) for e in entries if e.get("name") in rules.pao_yaku)
    return (own, total) if 0 < own < total else None


def own_yakuman_points(
    outcome: Mapping[str, Any],
    owed: Mapping[int, int],
    *,
    share: tuple[int, int],
    pao: int,
    discarder: int | None,
    rules: GameRules,
) -> dict[int, int]:
    """What each seat pays in points, honba included (``owed``: the ordinary win's lines)."""
    own, total = share
    payment = outcome["payment"]
    if discarder is not None:
        value = int(payment["ron"])
        pao_part = value * own // total
        by_pao = pao_part if rules.pao_ron == "full" else pao_part // 2
        lines = {discarder: owed[discarder] - by_pao}
        lines[pao] = lines.get(pao, 0) + by_pao
        return lines
    value = sum(owed.values()) - _honba(outcome, owed)
    honba_each = _honba(outcome, owed) // len(owed)
    rest = {seat: (amount - honba_each) * (total - own) // total for seat, amount in owed.items()}
    lines = {seat: part + honba_each for seat, part in rest.items()}
    lines[pao] += value - sum(rest.values())  # the pao part, and any rounding, to pao
    return lines


def own_yakuman_chips(
    chips: Mapping[int, int], *, share: tuple[int, int], pao: int, discarder: int | None,
    rules: GameRules,
) -> dict[int, int]:
    """Chips per seat: the pao yakuman's from the pao player, the rest as for a plain win."""
    own = share[0]
    per_payer = own * (rules.yakuman_chips_ron if discarder is not None
                       else rules.yakuman_chips_tsumo_each)
    lines = {seat: max(n - per_payer, 0) for seat, n in chips.items()}
    lines[pao] = lines.get(pao, 0) + sum(chips.values()) - sum(lines.values())
    return lines


def _honba(outcome: Mapping[str, Any], owed: Mapping[int, int]) -> int:
    """The honba part of a tsumo's lines: what the payers owe beyond their payment shares."""
    payment = outcome["payment"]
    for key in ("tsumo_each", "tsumo_all"):
        if key in payment:
            return sum(owed.values()) - int(payment[key]) * len(owed)
    base = int(payment["tsumo_dealer"]) + int(payment["tsumo_non_dealer"]) * (len(owed) - 1)
    return sum(owed.values()) - base
