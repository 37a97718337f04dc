"""One hand at the table: its rule checks, its lines, and what it does to the deal.

Each kind (win, exhaustive draw, abortive draw, chonbo) resolves to a
:class:`Resolution`: the hand's transfers and deposits, the winners in
order, whether the dealer keeps the deal, and what happens to the honba.
Rotation and the end of the game are the caller's (settle.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engine.errors import Reason
from engine.game.input import HandInput, bad_game
from engine.game.payments import chonbo_transfers, noten_lines
from engine.game.rules import GameRules
from engine.game.table import Deposit, GameState, Transfer
from engine.game.wins import Paid, Seating, pay_nagashi, pay_wins

HonbaChange = Literal["add", "reset", "keep"]


@dataclass(slots=True)
class Resolution:
    transfers: list[Transfer] = field(default_factory=list)
    deposits: list[Deposit] = field(default_factory=list)
    wins: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    dealer_stays: bool = True
    honba: HonbaChange = "add"
    # "agariyame" or "tenpaiyame" when the dealer passes after winning or being tenpai.
    passed: str | None = None


def resolve(hand: HandInput, table: GameState, seating: Seating) -> Resolution:
    rules = seating.rules
    _check_dead(hand, rules=rules)
    _check_suucha_riichi(hand, rules=rules)
    resolution = Resolution(deposits=_riichi_deposits(hand, table, rules=rules))
    if hand.kind == "win":
        _resolve_win(hand, seating, resolution)
    elif hand.kind == "draw":
        _resolve_draw(hand, seating, resolution)
    elif hand.kind == "abort":
        _resolve_abort(hand, rules, resolution)
    else:
        _resolve_chonbo(hand, seating, resolution)
    return resolution


def _riichi_deposits(hand: HandInput, table: GameState, *, rules: GameRules) -> list[Deposit]:
    for seat in hand.riichi:
        if rules.riichi_needs_stick and table.scores[seat] < rules.riichi_stick:
            raise bad_game(
                f"seat {seat} has {table.scores[seat]} points, less"
                f" than the {rules.riichi_stick}-point riichi stick",
                hand=hand.index, field=("riichi",), seat=seat, reason=Reason.RIICHI_SHORT_OF_STICK,
                params={"seat": seat, "points": table.scores[seat], "stick": rules.riichi_stick},
            )
    return [Deposit(seat, -rules.riichi_stick, "riichi") for seat in hand.riichi]


def _check_suucha_riichi(hand: HandInput, *, rules: GameRules) -> None:
    """Four riichi that stood abort the hand at once (abortive-draws.txt, "Suucha riichi"):
    a win, or a draw without a riichi on the last discard, cannot follow them."""
    if rules.players != 4 or len(hand.riichi) != 4:
        return
    if hand.kind == "win" or (hand.kind == "draw" and not hand.riichi_no_draws_left):
        raise bad_game(
            "four riichi that stood abort the hand (record an abort"
            " with cause 'suucha_riichi'); a fourth riichi whose declaration tile was ronned"
            " did not stand: leave it out", hand=hand.index, field=("riichi",)
        )


def _check_dead(hand: HandInput, *, rules: GameRules) -> None:
    for i, fault in enumerate(hand.dead):
        if fault.cause not in rules.penalty_causes("dead_hand"):
            raise bad_game(
                f"{fault.cause} not corrected is chonbo"
                f" under {rules.slug}, not a dead hand: record a chonbo hand",
                hand=hand.index, field=("dead", i, "cause"), seat=fault.seat,
                reason=Reason.CAUSE_IS_CHONBO, params={"cause": fault.cause, "seat": fault.seat},
            )


def _resolve_win(hand: HandInput, seating: Seating, resolution: Resolution) -> None:
    rules = seating.rules
    for j, win in enumerate(hand.wins):
        if win.winner in hand.dead_seats:
            raise bad_game(f"seat {win.winner} has a dead"
                           " hand and cannot win", hand=hand.index, field=("wins", j, "winner"),
                           seat=win.winner, reason=Reason.DEAD_HAND_CANNOT_WIN,
                           params={"seat": win.winner})
    if len(hand.wins) == 3 and not rules.triple_ron:
        raise bad_game(
            f"three rons on one discard abort the hand under"
            f" {rules.slug} (sanchahou): record an abort with cause 'sanchahou'",
            hand=hand.index, field=("wins",)
        )
    paid = pay_wins(hand, seating)
    _take_win(resolution, paid, seating=seating)
    if hand.dealer_passes:
        _pass(hand, resolution, rules, allowed=seating.dealer in paid.winners, kind="agariyame")


def _take_win(resolution: Resolution, paid: Paid, *, seating: Seating) -> None:
    rules = seating.rules
    resolution.transfers += paid.transfers
    resolution.deposits += paid.deposits
    resolution.wins = paid.outputs
    resolution.winners = paid.winners
    if rules.dealer_rotation == "winner":
        resolution.dealer_stays = paid.winners[0] == seating.dealer
    else:
        resolution.dealer_stays = seating.dealer in paid.winners and rules.renchan_on_dealer_win
    resolution.honba = "add" if resolution.dealer_stays else "reset"


def _check_draw(hand: HandInput, rules: GameRules) -> None:
    tenpai = set(hand.tenpai)
    for seat in hand.riichi:
        if seat not in tenpai and seat not in hand.dead_seats:
            raise bad_game(
                f"seat {seat} declared riichi, so it is tenpai (a riichi"
                " declared while noten is chonbo: record a chonbo hand)",
                hand=hand.index, field=("tenpai",), seat=seat, reason=Reason.RIICHI_IS_TENPAI,
                params={"seat": seat},
            )
    dead_tenpai = sorted(tenpai & hand.dead_seats)
    if dead_tenpai:
        raise bad_game(f"seat {dead_tenpai[0]} has a dead hand and counts as"
                       " noten", hand=hand.index, field=("tenpai",), seat=dead_tenpai[0],
                       reason=Reason.DEAD_HAND_IS_NOTEN, params={"seat": dead_tenpai[0]})
    for seat in hand.riichi_no_draws_left:
        if seat not in hand.riichi:
            raise bad_game(f"seat {seat} is not in 'riichi'",
                           hand=hand.index, field=("riichi_no_draws_left",))
        if not rules.riichi_with_no_draws_left:
            raise bad_game(f"{rules.slug} allows no riichi"
                           " without a draw left", hand=hand.index, field=("riichi_no_draws_left",),
                           reason=Reason.RULES_HAVE_NO_RIICHI_WITHOUT_DRAW)
    if hand.nagashi and rules.nagashi == "off":
        raise bad_game(f"{rules.slug} plays without nagashi mangan",
                       hand=hand.index, field=("nagashi",), reason=Reason.RULES_HAVE_NO_NAGASHI)
    dead_nagashi = sorted(set(hand.nagashi) & hand.dead_seats)
    if dead_nagashi and rules.nagashi in ("haneman_win", "points_win"):
        raise bad_game(f"seat {dead_nagashi[0]} has a dead hand and cannot win"
                       f" (nagashi is a win under {rules.slug})",
                       hand=hand.index, field=("nagashi",))


def _resolve_draw(hand: HandInput, seating: Seating, resolution: Resolution) -> None:
    rules = seating.rules
    _check_draw(hand, rules)
    tenpai = frozenset(hand.tenpai)
    nagashi_wins = bool(hand.nagashi) and rules.nagashi in ("haneman_win", "points_win")
    if nagashi_wins:
        _take_win(resolution, pay_nagashi(hand.nagashi, seating, as_win=True), seating=seating)
    else:
        if hand.nagashi:
            paid = pay_nagashi(hand.nagashi, seating, as_win=False)
            resolution.transfers += paid.transfers
            resolution.wins = paid.outputs
        else:
            transfers, deposits = noten_lines(tenpai, rules=rules)
            resolution.transfers += transfers
            resolution.deposits += deposits
        resolution.dealer_stays = rules.dealer_rotation == "winner" or (
            seating.dealer in tenpai and rules.renchan_on_dealer_tenpai
        )
        resolution.honba = "add"
    if hand.dealer_passes:
        won = seating.dealer in resolution.winners  # a nagashi win
        kind = "agariyame" if won else "tenpaiyame"
        _pass(hand, resolution, rules, allowed=won or seating.dealer in tenpai, kind=kind)


def _pass(
    hand: HandInput, resolution: Resolution, rules: GameRules, *, allowed: bool, kind: str
) -> None:
    where: dict[str, Any] = {"hand": hand.index, "field": ("dealer_passes",)}
    if rules.dealer_pass == "never":
        raise bad_game(f"{rules.slug} has no agariyame or tenpaiyame", **where,
                       reason=Reason.RULES_HAVE_NO_DEALER_PASS)
    if not allowed:
        done = "won" if kind == "agariyame" else "been tenpai"
        raise bad_game(f"only a dealer who has {done} may pass", **where,
                       reason=Reason.DEALER_MAY_NOT_PASS)
    resolution.passed = kind
    resolution.dealer_stays = False
    resolution.honba = "reset"


ABORT_NEEDS_FOUR = ("suufon_renta", "suucha_riichi", "sanchahou")


def _resolve_abort(hand: HandInput, rules: GameRules, resolution: Resolution) -> None:
    cause = hand.cause
    if cause in ABORT_NEEDS_FOUR and rules.players != 4:
        raise bad_game(f"{cause} needs four players", hand=hand.index, field=("cause",),
                       reason=Reason.ABORT_NEEDS_FOUR_PLAYERS, params={"cause": cause})
    if cause == "suucha_riichi" and len(hand.riichi) != rules.players:
        raise bad_game(f"suucha riichi needs all {rules.players} players in"
                       f" 'riichi', not {list(hand.riichi)}", hand=hand.index, field=("riichi",))
    if cause == "sanchahou" and rules.triple_ron:
        raise bad_game(f"{rules.slug} plays triple ron here: record the three"
                       " wins instead of sanchahou", hand=hand.index, field=("cause",))
    if cause == "suukaikan":
        _check_suukaikan(hand, rules)
    elif hand.kans:
        raise bad_game("only a suukaikan abort lists the kans", hand=hand.index, field=("kans",))
    if hand.caller is not None and cause != "kyuushuu_kyuuhai":
        raise bad_game("only kyuushuu kyuuhai has a caller", hand=hand.index, field=("caller",),
                       reason=Reason.CALLER_ONLY_FOR_KYUUSHUU)
    if hand.caller is not None and hand.caller in hand.riichi:
        raise bad_game(f"seat {hand.caller} calls kyuushuu kyuuhai on its first"
                       " draw, before any discard, so it cannot have declared riichi",
                       hand=hand.index, field=("caller",), seat=hand.caller,
                       reason=Reason.KYUUSHUU_CALLER_IN_RIICHI, params={"seat": hand.caller})
    if cause == "dealer_first_discard":
        if not rules.special_abort:
            raise bad_game(f"{rules.slug} has no agreed abort before the dealer's"
                           " first discard (the special_abort option is off)",
                           hand=hand.index, field=("cause",))
        if hand.riichi:
            raise bad_game("no riichi before the dealer's first discard",
                           hand=hand.index, field=("riichi",))
    # Abortive draws: no points move, sticks stay, the dealer keeps the deal, honba +1;
    # the agreed abort before the dealer's first discard adds no honba.
    resolution.dealer_stays = True
    resolution.honba = "keep" if cause == "dealer_first_discard" else "add"


def _check_suukaikan(hand: HandInput, rules: GameRules) -> None:
    if rules.suukaikan == "continue":
        raise bad_game("play continues after four kans under these rules"
                       " (suukaikan option 'continue')", hand=hand.index, field=("cause",))
    if hand.kans and len(hand.kans) != 4:
        raise bad_game("list the seat of each of the four kans", hand=hand.index, field=("kans",))
    if hand.kans and len(set(hand.kans)) == 1:
        raise bad_game(f"all four kans are seat {hand.kans[0]}'s: play continues"
                       " (a chance at suukantsu), there is no abort",
                       hand=hand.index, field=("kans",))


def _resolve_chonbo(hand: HandInput, seating: Seating, resolution: Resolution) -> None:
    rules = seating.rules
    assert hand.offender is not None and hand.cause is not None
    if hand.cause not in rules.penalty_causes("chonbo"):
        raise bad_game(
            f"{hand.cause} is a dead hand under {rules.slug}, not"
            " chonbo: list the seat in 'dead' on the hand as played",
            hand=hand.index, field=("cause",), seat=hand.offender,
            reason=Reason.CAUSE_IS_DEAD_HAND, params={"cause": hand.cause, "seat": hand.offender},
        )
    resolution.transfers = chonbo_transfers(
        offender=hand.offender, dealer=seating.dealer, rules=rules
    )
    # "the hand must be repeated, but no honba is added and all riichi declarers get one
    # riichi stick back" (abortive-draws text).
    resolution.deposits += [
        Deposit(seat, rules.riichi_stick, "riichi_returned") for seat in hand.riichi
    ]
    resolution.dealer_stays = True
    resolution.honba = "keep"
