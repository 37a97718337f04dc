"""A win's chips by cause, one line each, naming who pays and who receives.

The engine gives a win's chips by cause (``score["chip_causes"]``: what each
payer pays for red fives, ura dora, yakuman...) and the game pays them in the
win's transfers (``chips`` on the ``ron``/``tsumo``/``pao`` lines). Here the
two are put side by side, nothing is scored: each cause becomes a line with
its payers, and the lines add up to the chips the transfers move. When the
transfers split the chips otherwise (pao paying only its own yakuman's share),
the causes cannot be placed on payers, and one line says what the transfers
move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ledger import labels

WIN_REASONS = ("ron", "tsumo", "pao")


@dataclass(frozen=True, slots=True)
class ChipLine:
    """``chips`` from each of ``payers`` to ``payee`` for one cause (``total`` in all)."""

    cause: str
    payers: tuple[str, ...]
    payee: str
    chips: int

    @property
    def total(self) -> int:
        return self.chips * len(self.payers)

    @property
    def amount(self) -> str:
        if len(self.payers) > 1:
            return ngettext("%(chips)d chip each", "%(chips)d chips each", self.chips) % {
                "chips": self.chips
            }
        return ngettext("%(chips)d chip", "%(chips)d chips", self.chips) % {"chips": self.chips}


def _cause_label(cause: Mapping[str, Any]) -> str:
    name = labels.label(labels.CHIP_CAUSES, str(cause.get("cause", "")))
    count = cause.get("count")
    if isinstance(count, int) and count > 1:
        return _("%(cause)s ×%(count)d") % {"cause": name, "count": count}
    return name


def chip_lines(
    win: Mapping[str, Any], result: Mapping[str, Any], *, name: Callable[[Any], str]
) -> list[ChipLine]:
    """The chips ``win`` takes, one line per cause (see the module's docstring);
    ``name``: a seat's name."""
    winner = win.get("winner")
    paid = [
        (line.get("from"), int(line.get("chips", 0)))
        for line in result.get("transfers", [])
        if line.get("to") == winner and line.get("reason") in WIN_REASONS and line.get("chips")
    ]
    if not paid:
        return []
    payee = name(winner)
    payers = tuple(name(seat) for seat, _chips in paid)
    score: Mapping[str, Any] = win.get("score") or {}
    causes = [c for c in score.get("chip_causes") or [] if isinstance(c, Mapping)]
    each = sum(int(c.get("chips", 0)) for c in causes)
    amounts = {chips for _seat, chips in paid}
    if causes and amounts == {each}:
        return [ChipLine(_cause_label(c), payers, payee, int(c["chips"])) for c in causes]
    if causes and len(paid) == 1 and each and paid[0][1] % each == 0:
        # One payer for every payer's chips (pao covering a tsumo's chips: "pays 3x").
        times = paid[0][1] // each
        return [ChipLine(_cause_label(c), payers, payee, int(c["chips"]) * times) for c in causes]
    return [ChipLine(_("chips"), (name(seat),), payee, chips) for seat, chips in paid]
