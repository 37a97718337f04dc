"""What the admin pages show of a hand: its payload and engine result with names resolved.

Templates cannot index a list by a seat number, so these small view models
carry player names, labels and amounts ready to print. Nothing here
computes a score: every number is the engine's (a ``HandOutcome``, from
``HandResult.result`` or a ``HandPreview``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine_door.results import WIN_REASONS, HandOutcome, ScoredYaku, Transfer, Win, WinScore
from words import labels
from words.chip_lines import ChipLine, chip_lines


@dataclass(frozen=True, slots=True)
class YakuLine:
    name: str
    value: str


@dataclass(frozen=True, slots=True)
class WinView:
    winner: str
    discarder: str | None
    pao: str | None
    record: Mapping[str, Any]
    yaku: list[YakuLine]
    value: str
    limit: str
    payment: str
    total: int
    chips: str
    # The parts of ``total`` beyond the payment: the honba it takes and the riichi sticks.
    honba: int = 0
    sticks: int = 0
    # The chips by cause (red fives, ura dora, yakuman...), each with who pays whom.
    chip_lines: list[ChipLine] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class MoveView:
    """One transfer (payer to payee) or deposit (a seat into or out of the pot)."""

    payer: str
    payee: str
    points: int
    chips: int
    reason: str
    penalty: bool = False  # a chonbo's payment: shown as a penalty line


@dataclass(slots=True)
class HandView:
    kind: str
    kind_label: str
    summary: str
    wins: list[WinView] = field(default_factory=list)
    moves: list[MoveView] = field(default_factory=list)
    game_ends: list[str] = field(default_factory=list)
    dead_hands: list[str] = field(default_factory=list)

    @property
    def moves_carry_chips(self) -> bool:
        """Whether any payment moves chips: a chips column of zeros is left out."""
        return any(move.chips for move in self.moves)


class Named(Protocol):
    """A seated player (``parlor.models.Player``): the pages show their name."""

    @property
    def name(self) -> str: ...


def seat_names(players: Sequence[Named]) -> list[str]:
    return [player.name for player in players]


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("seat %(seat)s") % {"seat": seat}


def _payment(payment: Mapping[str, Any]) -> str:
    if "ron" in payment:
        return f"{labels.label(labels.REASONS, 'ron')} {payment['ron']:,}"
    if "tsumo_all" in payment:
        return _("%(each)s all") % {"each": f"{payment['tsumo_all']:,}"}
    if "tsumo_each" in payment:
        return _("%(each)s each") % {"each": f"{payment['tsumo_each']:,}"}
    if "tsumo_dealer" in payment:
        return f"{payment.get('tsumo_non_dealer', 0):,} / {payment['tsumo_dealer']:,}"
    return ""


def _chips(chips: Mapping[str, Any]) -> str:
    if chips.get("ron"):
        count = chips["ron"]
        return ngettext(
            "%(chips)s chip from the discarder", "%(chips)s chips from the discarder", count
        ) % {"chips": count}
    if chips.get("tsumo_each"):
        count = chips["tsumo_each"]
        return ngettext("%(chips)s chip from each", "%(chips)s chips from each", count) % {
            "chips": count
        }
    return ""


def _yaku_line(entry: ScoredYaku) -> YakuLine:
    name = labels.yaku_label(entry.name)
    if entry.unit == "yakuman" and entry.value:
        value = _("%(count)d× yakuman") % {"count": entry.value}
    elif entry.unit == "points":
        value = _("%(points)s pt") % {"points": entry.value}
    else:
        value = _("%(han)s han") % {"han": entry.value}
    return YakuLine(name, value)


def _win_view(
    win: Win, record: Mapping[str, Any], names: Sequence[str], result: HandOutcome
) -> WinView:
    score = win.score
    return WinView(
        winner=_name(names, win.winner),
        discarder=None if win.discarder is None else _name(names, win.discarder),
        pao=None if win.pao is None else _name(names, win.pao),
        record=record,
        yaku=[_yaku_line(entry) for entry in score.yaku]
        or ([YakuLine(labels.yaku_label(str(score.special)), "")] if score.special else []),
        value=labels.score_value(score),
        limit=labels.label(labels.LIMITS, score.limit) if score.limit else "",
        payment=_payment(score.payment),
        total=score.total,
        chips=_chips(score.chips),
        honba=sum(
            honba_part(line, result) for line in result.transfers if line.payee == win.winner
        ),
        sticks=result.sticks_taken(win.winner),
        chip_lines=chip_lines(win, result, name=lambda seat: _name(names, seat)),
    )


def _records_by_winner(payload: Mapping[str, Any]) -> dict[Any, Mapping[str, Any]]:
    return {win.get("winner"): win.get("record") or {} for win in payload.get("wins", [])}


def _summary(payload: Mapping[str, Any], result: HandOutcome, names: Sequence[str]) -> str:
    kind = payload.get("kind")
    if kind == "win":
        parts = []
        for win in result.wins:
            winner = _name(names, win.winner)
            if win.discarder is None:
                parts.append(_("%(winner)s tsumo") % {"winner": winner})
            else:
                parts.append(
                    _("%(winner)s ron from %(discarder)s")
                    % {"winner": winner, "discarder": _name(names, win.discarder)}
                )
        return "; ".join(parts)
    if kind == "draw":
        tenpai = ", ".join(_name(names, seat) for seat in payload.get("tenpai", []))
        return _("tenpai: %(seats)s") % {"seats": tenpai or _("nobody")}
    if kind == "abort":
        return labels.label(labels.ABORT_CAUSES, str(payload.get("cause", "")))
    if kind == "chonbo":
        return _("%(offender)s: %(fault)s") % {
            "offender": _name(names, payload.get("offender")),
            "fault": labels.label(labels.FAULTS, str(payload.get("cause", "other"))),
        }
    return ""


def _payment_share(score: WinScore, *, ron: bool, payer_is_dealer: bool) -> int | None:
    """What one payer owes for the hand's value alone (the engine's payment), if it says."""
    payment = score.payment
    own = "tsumo_dealer" if payer_is_dealer else "tsumo_non_dealer"
    for key in ("ron",) if ron else ("tsumo_each", "tsumo_all", own):
        if type(payment.get(key)) is int:
            return int(payment[key])
    return None


def honba_part(line: Transfer, result: HandOutcome) -> int:
    """The honba inside a win's transfer: the line's points beyond the engine's payment.

    The engine pays a win's honba with its base in one transfer (``ron`` 2,900 at one
    honba for a 2,600 hand); this splits the engine's own two figures, nothing is scored.
    A pao line, or a win whose payment does not say, keeps its honba inside (0).
    """
    if line.reason not in WIN_REASONS:
        return 0
    for win in result.wins:
        if win.winner != line.payee or win.pao is not None:
            continue
        share = _payment_share(
            win.score, ron=line.reason == "ron", payer_is_dealer=line.payer == result.dealer
        )
        if share is not None and 0 < share < line.points:
            return line.points - share
    return 0


def _moves(result: HandOutcome, names: Sequence[str], payload: Mapping[str, Any]) -> list[MoveView]:
    pot = _("table (sticks)")
    moves: list[MoveView] = []
    for line in result.transfers:
        payer, payee = _name(names, line.payer), _name(names, line.payee)
        honba = honba_part(line, result)
        reason = labels.label(labels.REASONS, line.reason)
        penalty = line.reason == "chonbo"
        if penalty and payload.get("kind") == "chonbo":
            # A penalty names its fault on its own lines ("Chonbo: False ron").
            reason = _("%(penalty)s: %(fault)s") % {
                "penalty": reason,
                "fault": labels.label(labels.FAULTS, str(payload.get("cause") or "other")),
            }
        moves.append(
            MoveView(payer, payee, line.points - honba, line.chips, reason, penalty=penalty)
        )
        if honba:
            # Honba on its own line (issue 15: "a Ron 1,000 moved 4,000").
            moves.append(MoveView(payer, payee, honba, 0, labels.label(labels.REASONS, "honba")))
    for deposit in result.deposits:
        points = deposit.points
        seat = _name(names, deposit.seat)
        reason = labels.label(labels.REASONS, deposit.reason)
        payer, payee = (seat, pot) if points < 0 else (pot, seat)
        moves.append(MoveView(payer=payer, payee=payee, points=abs(points), chips=0, reason=reason))
    return moves


def _dead_hands(payload: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """Each dead hand of the hand as "Ben: dead hand (False riichi)" (a penalty of that hand)."""
    return [
        _("%(player)s: dead hand (%(fault)s)")
        % {
            "player": _name(names, fault.get("seat")),
            "fault": labels.label(labels.FAULTS, str(fault.get("cause", "other"))),
        }
        for fault in payload.get("dead", [])
        if isinstance(fault, Mapping)
    ]


def hand_view(*, payload: Mapping[str, Any], result: HandOutcome, names: Sequence[str]) -> HandView:
    """The hand as the pages show it: who won what, with which yaku, and who paid whom."""
    kind = str(payload.get("kind", ""))
    records = _records_by_winner(payload)
    return HandView(
        kind=kind,
        kind_label=labels.label(labels.HAND_KINDS, kind) if kind in labels.HAND_KINDS else kind,
        summary=_summary(payload, result, names),
        wins=[_win_view(win, records.get(win.winner, {}), names, result) for win in result.wins],
        moves=_moves(result, names, payload),
        game_ends=[labels.label(labels.GAME_ENDS, end) for end in result.game_ends],
        dead_hands=_dead_hands(payload, names),
    )
