"""The check-out slip printed (issue 34): HTML, A4 and the 80 mm receipt, English and
Japanese, every figure inside the page, the qualified invoice where the parlor is registered.

``VISIT_SLIP_OUT=/some/dir`` keeps the PDFs there, to be looked at (pdftoppm).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.utils import translation
from pypdf import PdfReader

from ledger.counter.settle import visit_settle
from ledger.counter.slip import settled_slip, visit_slip
from ledger.counter.visit_services import visit_check_in
from ledger.counter.visits import InvoiceRegistration, Visit
from ledger.play.hands import hand_record
from ledger.settle.settlements import session_close
from reports.slips import PX_PER_MM, Paper
from reports.visit_slips import visit_slip_html, visit_slip_layout
from tests.ledger.counter.helpers import desk, record
from tests.ledger.factories import SessionFactory, chonbo, ron
from tests.reports.support import require_pdf
from words.money import money_text

pytestmark = pytest.mark.django_db


def _boxes(box: object) -> list[object]:
    found = [box]
    for child in getattr(box, "children", None) or []:
        found += _boxes(child)
    return found


def _regulars_day() -> Visit:
    counter = desk(players=4)
    InvoiceRegistration.objects.create(
        parlor=counter.parlor,
        registration_number="T1234567890123",
        issuer_name="雀荘テスト株式会社",
        set_by=counter.manager,
    )
    regular = counter.players[1]
    regular.name = "山田 太郎"
    regular.save(update_fields=["name"])
    visit = visit_check_in(player=regular, by=counter.staff)
    record(counter, "deposit_taken", 10000, player=regular)
    record(counter, "prepaid_topup", 2000, player=regular, method="card")
    record(counter, "sale_on_tab", 450, method="balance", player=regular, category="drink")
    for seats in ((0, 1, 2, 3), (1, 0, 3, 2)):
        players = [counter.players[i] for i in seats]
        session = SessionFactory(parlor=counter.parlor, players=players, by=counter.manager)
        hand_record(session=session, hand=chonbo(1), entered_by=counter.manager)
        hand_record(session=session, hand=ron(0, 1), entered_by=counter.manager)
        session_close(session=session, by=counter.manager, stop=True)
    return visit


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_slip_prints_on_a4_and_the_receipt_with_every_figure_inside(language: str) -> None:
    require_pdf()
    from weasyprint.formatting_structure.boxes import InlineReplacedBox, TextBox

    visit = _regulars_day()
    slip = visit_slip(visit=visit)
    parlor = visit.parlor
    out = os.environ.get("VISIT_SLIP_OUT")
    with translation.override(language):
        html = visit_slip_html(slip=slip, visit=visit, settled=False, paper=Paper.A4)
        assert "T1234567890123" in html and ("適格請求書" in html or language != "ja")
        for paper, width_mm in ((Paper.A4, 210), (Paper.RECEIPT, 80)):
            document = visit_slip_layout(slip=slip, visit=visit, settled=False, paper=paper)
            pages = document.pages
            if paper == Paper.RECEIPT:
                assert len(pages) == 1
                assert 100 < pages[0].height / PX_PER_MM < 1000
            texts = []
            for page in pages:
                assert round(page.width / PX_PER_MM) == width_mm
                height_mm = page.height / PX_PER_MM
                drawn = [
                    box
                    for box in _boxes(page._page_box)
                    if isinstance(box, TextBox | InlineReplacedBox)
                ]
                for box in drawn:
                    left = box.position_x / PX_PER_MM  # type: ignore[attr-defined]
                    right = left + box.margin_width() / PX_PER_MM  # type: ignore[attr-defined]
                    bottom = (box.position_y + box.margin_height()) / PX_PER_MM  # type: ignore[attr-defined]
                    what = getattr(box, "text", "a picture")
                    assert left >= 2.9 and right <= width_mm - 2.9, (
                        f"{what!r} {left:.1f}-{right:.1f}"
                    )
                    assert bottom <= height_mm - 2.9, f"{what!r} ends at {bottom:.1f} mm"
                texts += [box.text for box in drawn if isinstance(box, TextBox)]
            joined = " ".join(texts)
            figures = [money_text(game.net, parlor, signed=True) for game in slip.games] + [
                money_text(slip.plan.player_pays or slip.plan.player_receives, parlor),
                money_text(slip.invoice.tax, parlor),  # type: ignore[union-attr]
                "T1234567890123",
            ]
            for figure in figures:
                assert figure in joined, (paper, figure)
            pdf = document.write_pdf()
            extracted = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
            assert "T1234567890123" in extracted or paper == Paper.A4
            if out:
                Path(out, f"visit-slip-{language}-{paper}.pdf").write_bytes(pdf)


def test_a_settled_slip_prints_as_confirmed() -> None:
    visit = _regulars_day()
    slip = visit_slip(visit=visit)
    visit_settle(visit=visit, by=visit.checked_in_by, version=slip.version)
    visit.refresh_from_db()
    kept = settled_slip(visit=visit)
    assert kept == slip
    with translation.override("en"):
        html = visit_slip_html(slip=kept, visit=visit, settled=True, paper=Paper.RECEIPT)
    assert "Settled by" in html
    assert money_text(slip.plan.player_pays, visit.parlor) in html
