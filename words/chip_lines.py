"""A win's chips by cause, one line each, naming who pays and who receives.

The engine gives a win's chips by cause (``WinScore.chip_causes``: what each
payer pays for red fives, ura dora, yakuman...) and the game pays them in the
win's transfers (``chips`` on the ``ron``/``tsumo``/``pao`` lines). Here the
two are put side by side, nothing is scored: each cause becomes a line with
its payers, and the lines add up to the chips the transfers move. When the
transfers split the chips otherwise (pao paying only its own yakuman's share),
the causes cannot be placed on payers, and one line says what the transfers
move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine_door.results import WIN_REASONS, ChipCause, HandOutcome, Win
from words import labels

# The lines that pay a win's chips: its ron or tsumo, and a liable player's (pao).
PAID_BY = WIN_REASONS | {"pao"}


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


def _cause_label(cause: ChipCause) -> str:
    name = labels.label(labels.CHIP_CAUSES, cause.cause)
    if cause.count > 1:
        return _("%(cause)s ×%(count)d") % {"cause": name, "count": cause.count}
    return name


def chip_lines(win: Win, result: HandOutcome, *, name: Callable[[int], str]) -> list[ChipLine]:
    """The chips ``win`` takes, one line per cause (see the module's docstring);
    ``name``: a seat's name."""
    paid = [
        (line.payer, line.chips)
        for line in result.transfers
        if line.payee == win.winner and line.reason in PAID_BY and line.chips
    ]
    if not paid:
        return []
    payee = name(win.winner)
    payers = tuple(name(seat) for seat, _chips in paid)
    causes = win.score.chip_causes
    each = sum(c.chips for c in causes)
    amounts = {chips for _seat, chips in paid}
    if causes and amounts == {each}:
        return [ChipLine(_cause_label(c), payers, payee, c.chips) for c in causes]
    if causes and len(paid) == 1 and each and paid[0][1] % each == 0:
        # One payer for every payer's chips (pao covering a tsumo's chips: "pays 3x").
        times = paid[0][1] // each
        return [ChipLine(_cause_label(c), payers, payee, c.chips * times) for c in causes]
    return [ChipLine(_("chips"), (name(seat),), payee, chips) for seat, chips in paid]
