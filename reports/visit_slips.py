"""A visit's check-out slip printed: HTML for the screen, A4 PDF, an 80 mm receipt.

The figures are ``ledger.counter.slip``'s (a confirmed slip as it was kept); this
module words them in the active language and the parlor's money, and lays them
out with the session slip's stylesheet and PDF writer (``reports.slips``:
WeasyPrint, the receipt cut to its length). Where the parlor has an invoice
registration number the fees and tab sales are itemized as a qualified invoice
(適格請求書; docs/counter.md, "Qualified invoice").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from ledger.counter.models import CounterCategory, CounterEntryKind, PaymentMethod
from ledger.counter.slip import SlipGame, VisitSlip
from ledger.counter.visits import Visit
from ledger.models import PenaltyKind
from parlor.models import Parlor
from reports.slips import Paper, html_layout
from words import labels
from words.money import money_text

TEMPLATE = "reports/slips/visit_slip.html"


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    value: str
    strong: bool = False
    key: str = ""


def _money(amount: int, parlor: Parlor, *, signed: bool = False) -> str:
    return money_text(amount, parlor, signed=signed)


def _game_rows(game: SlipGame, parlor: Parlor) -> list[Row]:
    rows = [
        Row(_("place"), str(game.placement)),
        Row(_("points"), f"{game.points:+,}"),
        Row(_("chips"), f"{game.chips:+,}"),
    ]
    if game.points_only:
        rows.append(Row(_("money"), _("points only: no money is settled")))
        return rows
    rows.append(Row(_("money"), _money(game.money, parlor, signed=True)))
    for label, amount in (
        (_("game fee"), game.fee_game),
        (_("top fee"), game.fee_top),
        (_("time fee"), game.fee_time),
    ):
        if amount:
            rows.append(Row(label, _money(-amount, parlor)))
    if game.discount:
        rows.append(
            Row(
                _("discount (%(class)s)") % {"class": game.discount_class},
                _money(game.discount, parlor, signed=True),
            )
        )
    rows.append(Row(_("net"), _money(game.net, parlor, signed=True), strong=True, key="net"))
    return rows


def _penalties(game: SlipGame) -> list[str]:
    return [
        _("hand %(hand)s: %(kind)s (%(cause)s)")
        % {
            "hand": hand,
            "kind": PenaltyKind(kind).label if kind in PenaltyKind.values else kind,
            "cause": labels.label(labels.FAULTS, cause),
        }
        for hand, kind, cause in game.penalties
    ]


def _line_label(kind: str, category: str, reversal: bool) -> str:
    text = str(CounterEntryKind(kind).label)
    if category:
        text += f" ({CounterCategory(category).label})"
    return _("%(what)s, taken back") % {"what": text} if reversal else text


def _balance_effect(line: Any, parlor: Parlor) -> str:
    parts = []
    for label, amount in (
        (_("won/lost"), line.results),
        (_("deposit held"), line.deposit),
        (_("prepaid balance"), line.prepaid),
    ):
        if amount:
            parts.append(f"{label} {_money(amount, parlor, signed=True)}")
    return ", ".join(parts)


def _invoice_label(what: str) -> str:
    if what.startswith("sale:"):
        return str(CounterCategory(what.removeprefix("sale:")).label)
    return {
        "game_fee": _("game fee"),
        "top_fee": _("top fee"),
        "time_fee": _("time fee"),
        "discount": _("discount"),
    }[what]


def _when(text: str) -> datetime | None:
    moment = parse_datetime(text)
    return timezone.localtime(moment) if moment is not None else None


def slip_context(*, slip: VisitSlip, visit: Visit, settled: bool) -> dict[str, Any]:
    """The slip's words and figures, ready for the template (in the active language)."""
    parlor = visit.parlor
    plan = slip.plan
    games = [
        {
            "game": game,
            "closed_at": _when(game.closed_at),
            "rows": _game_rows(game, parlor),
            "penalties": _penalties(game),
        }
        for game in slip.games
    ]
    lines = [
        {
            "line": line,
            "label": _line_label(line.kind, line.category, line.reversal),
            "method": str(PaymentMethod(line.method).label),
            "amount": _money(line.amount, parlor),
            "effect": _balance_effect(line, parlor),
        }
        for line in slip.lines
    ]
    corrections = [
        Row(
            _("game #%(session)s (%(table)s), corrected") % {
                "session": c.session, "table": c.table
            },
            _money(c.amount, parlor, signed=True),
        )
        for c in slip.corrections
    ]  # fmt: skip
    balances = [
        Row(_("brought forward"), _money(slip.brought_forward, parlor, signed=True)),
        Row(_("games' net"), _money(slip.games_total, parlor, signed=True)),
        Row(_("won/lost now"), _money(slip.results, parlor, signed=True), strong=True),
        Row(_("deposit held"), _money(slip.deposit, parlor)),
        Row(_("prepaid balance"), _money(slip.prepaid, parlor)),
    ]
    settlement = [
        Row(label, _money(amount, parlor), key=key)
        for key, label, amount in (
            ("prepaid_spent", _("prepaid spent on fees"), plan.prepaid_spent),
            ("deposit_applied", _("deposit applied"), plan.deposit_applied),
            ("deposit_returned", _("deposit returned"), plan.deposit_returned),
            ("payment_made", _("winnings paid"), plan.payment_made),
            ("payment_received", _("payment from the player"), plan.payment_received),
            ("carried", _("left owing, carried to the next visit"), plan.carried),
        )
        if amount
    ]
    if plan.player_pays:
        due = Row(_("The player pays now"), _money(plan.player_pays, parlor), True, "pays")
    elif plan.player_receives:
        due = Row(
            _("The player receives now"), _money(plan.player_receives, parlor), True, "receives"
        )
    else:
        due = Row(_("Nothing to pay or receive"), _money(0, parlor), True, "nothing")
    invoice = None
    if slip.invoice is not None:
        invoice = {
            "invoice": slip.invoice,
            "items": [
                Row(
                    _invoice_label(item.what) + (f" · #{item.session}" if item.session else ""),
                    _money(item.amount, parlor),
                )
                for item in slip.invoice.items
            ],
            "total": _money(slip.invoice.total, parlor),
            "tax": _money(slip.invoice.tax, parlor),
        }
    return {
        "slip": slip,
        "visit": visit,
        "parlor": parlor,
        "settled": settled,
        "settlement_row": getattr(visit, "settlement", None) if settled else None,
        "checked_in_at": _when(slip.checked_in_at),
        "games": games,
        "lines": lines,
        "corrections": corrections,
        "balances": balances,
        "settlement": settlement,
        "due": due,
        "invoice": invoice,
        "currency": parlor.currency_code,
    }


def visit_slip_html(*, slip: VisitSlip, visit: Visit, settled: bool, paper: Paper) -> str:
    """The slip's HTML in the active language, in the parlor's time zone."""
    context = slip_context(slip=slip, visit=visit, settled=settled)
    return render_to_string(
        TEMPLATE,
        {
            **context,
            "paper": str(paper),
            "generated_at": timezone.localtime(),
            "LANGUAGE_CODE": translation.get_language(),
        },
    )


def visit_slip_layout(*, slip: VisitSlip, visit: Visit, settled: bool, paper: Paper) -> Any:
    return html_layout(visit_slip_html(slip=slip, visit=visit, settled=settled, paper=paper), paper)


def visit_slip_pdf(*, slip: VisitSlip, visit: Visit, settled: bool, paper: Paper) -> bytes:
    pdf = visit_slip_layout(slip=slip, visit=visit, settled=settled, paper=paper).write_pdf()
    assert pdf is not None
    return bytes(pdf)
