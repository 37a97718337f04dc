"""The settlement slip of a session (issue #16): the live settlement, chips apart, penalties, hands.

Figures are checked against the books (the entries), not against the slip's own sums.
"""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from pypdf import PdfReader

from ledger.models import Session
from ledger.settle.closing import session_close_once
from reports.slips import Paper, session_slip, slip_html, slip_pdf
from tests.ledger.factories import chonbo, parlor_manager
from tests.ledger.tasks.support import GAME, finished_session
from tests.reports.support import closed_session, closed_speed_tonpuu, require_pdf
from tests.reports.test_reclose_sums import admin_client, books, reclosed
from words.money import money_text

pytestmark = pytest.mark.django_db

SEAT_ROW = re.compile(r'<tr class="seat" data-seat="\d" data-member="([^"]+)">(.*?)</tr>', re.S)
NET_CELL = re.compile(r'<td class="n net">([^<]+)</td>')
MM = 72 / 25.4  # PDF points per millimetre


def nets_on_slip(html: str) -> dict[str, str]:
    return {member: NET_CELL.findall(row)[0] for member, row in SEAT_ROW.findall(html)}


def with_chonbo(staff: User) -> Session:
    """GAME with a chonbo by seat 3 before its first hand: replayed, so the game ends the same."""
    session = finished_session(by=staff, hands=(chonbo(3), *GAME))
    session_close_once(session_id=session.pk, by=parlor_manager(session.parlor))
    session.refresh_from_db()
    return session


def test_the_slip_shows_each_seats_net_as_the_books_have_it_after_correct_and_reclose(
    staff: User, manager: User
) -> None:
    session = reclosed(staff, manager)
    slip = session_slip(session=session)
    assert slip is not None

    html = slip_html(slip=slip, paper=Paper.A4)

    parlor = session.parlor
    expected = {member: money_text(money, parlor) for member, money in books(session).items()}
    assert nets_on_slip(html) == expected  # the re-close's money, the superseded close nowhere
    assert [seat.placement for seat in slip.seats] == [1, 2, 3, 4]


def test_hand_chips_and_placement_chips_are_apart_and_add_up_to_the_seats_chips(
    staff: User,
) -> None:
    session = closed_speed_tonpuu(by=staff)
    slip = session_slip(session=session)
    assert slip is not None

    for seat in slip.seats:
        assert seat.hand_chips + seat.placement_chips == seat.chips
    assert [seat.chips for seat in slip.seats] == [14, 3, -5, -12]  # placement order
    assert len(slip.hands) == len(GAME)
    html = slip_html(slip=slip, paper=Paper.A4)
    assert "hand chips" in html and "placement chips" in html
    assert 'id="slip-hand-4"' in html


def header_cells(html: str) -> list[str]:
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", html, re.S)
    assert head is not None
    return re.findall(r"<th[^>]*>([^<]*)</th>", head.group(1))


def test_a_chips_only_game_shows_no_points_and_says_what_it_pays(staff: User) -> None:
    """Issue 33, item 5: Speed Tonpuu's placement-only battle pays in chips; its slip had a
    POINTS column of 0s, a rate per 1,000 points and a footnote about oka and uma."""
    session = closed_speed_tonpuu(by=staff)
    slip = session_slip(session=session)
    assert slip is not None

    html = slip_html(slip=slip, paper=Paper.A4)
    receipt = slip_html(slip=slip, paper=Paper.RECEIPT)

    assert header_cells(html)[2:5] == ["final score", "hand chips", "placement chips"]
    assert "points" not in header_cells(html)
    rate = re.search(r'id="slip-rate">(.*?)</p>', html, re.S)
    assert rate is not None and "per chip" in rate.group(1) and "points" not in rate.group(1)
    assert "This game pays in chips only" in html and "oka and uma in chips" in html
    assert "<th>points</th>" not in receipt and "hand chips" in receipt


def test_a_game_without_chips_shows_no_chips_and_says_what_it_pays(staff: User) -> None:
    session = closed_session(by=staff)
    slip = session_slip(session=session)
    assert slip is not None

    html = slip_html(slip=slip, paper=Paper.A4)
    receipt = slip_html(slip=slip, paper=Paper.RECEIPT)

    assert header_cells(html)[2:4] == ["final score", "points"]
    assert "hand chips" not in html and "placement chips" not in html
    assert "hand chips" not in receipt
    rate = re.search(r'id="slip-rate">(.*?)</p>', html, re.S)
    assert rate is not None and "per chip" not in rate.group(1)
    assert "per 1,000 points" in rate.group(1)
    assert "This game pays points only: the final score less the start, with oka and uma." in html


def test_a_penalty_is_listed_with_its_hand_player_cause_and_points(staff: User) -> None:
    session = with_chonbo(staff)
    slip = session_slip(session=session)
    assert slip is not None

    [penalty] = slip.penalties
    assert (penalty.hand, penalty.name) == (1, slip.names[3])
    assert penalty.points == -8000  # a non-dealer's chonbo: a mangan tsumo in reverse
    html = slip_html(slip=slip, paper=Paper.RECEIPT)
    assert 'class="penalty"' in html and "chonbo" in html.lower()


def test_the_winning_hand_is_drawn_with_its_tiles(staff: User) -> None:
    session = closed_session(by=staff)
    slip = session_slip(session=session)
    assert slip is not None

    html = slip_html(slip=slip, paper=Paper.A4)

    first = html[html.index('id="slip-hand-1"') : html.index('id="slip-hand-2"')]
    assert first.count("/static/ledger/tiles/") >= 14  # the hand, its winning tile, indicators


def test_an_open_session_has_no_slip(staff: User) -> None:
    session = finished_session(by=staff)
    assert session_slip(session=session) is None


def test_pdf_on_a4_and_on_an_80_mm_roll_with_the_tiles_as_pictures(staff: User) -> None:
    require_pdf()
    session = closed_session(by=staff)
    slip = session_slip(session=session)
    assert slip is not None

    a4 = PdfReader(io.BytesIO(slip_pdf(slip=slip, paper=Paper.A4)))
    roll = PdfReader(io.BytesIO(slip_pdf(slip=slip, paper=Paper.RECEIPT)))

    assert round(float(a4.pages[0].mediabox.width) / MM) == 210
    assert round(float(roll.pages[0].mediabox.width) / MM) == 80
    text = a4.pages[0].extract_text()
    assert "Settlement slip" in text and money_text(-1995, session.parlor) in text
    # The tiles reached the PDF as drawings, not as missing images.
    assert any("/XObject" in str(page.get("/Resources", {})) for page in a4.pages)


def test_the_session_page_links_the_slip_and_prints_it_in_the_language_asked(
    staff: User,
) -> None:
    session = closed_session(by=staff)
    client = admin_client()
    page = client.get(f"/admin/ledger/session/{session.pk}/change/").content.decode()
    url = f"/admin/ledger/session/{session.pk}/slip/"
    assert f'action="{url}"' in page

    english = client.get(url, {"paper": "a4", "format": "html"})
    japanese = client.get(url, {"paper": "receipt", "lang": "ja"})
    pdf = client.get(url, {"paper": "receipt", "format": "pdf"})

    assert english.status_code == 200 and "Settlement slip" in english.content.decode()
    assert "精算票" in japanese.content.decode()
    assert 'class="receipt"' in japanese.content.decode()
    assert pdf["Content-Type"] == "application/pdf"


def test_the_slip_of_an_open_session_answers_404_with_the_reason(staff: User) -> None:
    session = finished_session(by=staff)
    client = admin_client()
    response = client.get(f"/admin/ledger/session/{session.pk}/slip/")
    assert response.status_code == 404


def test_the_session_pages_settlement_is_in_placement_order_with_chips_apart(
    staff: User,
) -> None:
    session = closed_speed_tonpuu(by=staff)
    riichi = closed_session(by=staff)
    client = admin_client()

    page = client.get(f"/admin/ledger/session/{session.pk}/change/").content.decode()
    without_chips = client.get(f"/admin/ledger/session/{riichi.pk}/change/").content.decode()

    rows = re.findall(r'<tr class="settlement-row"><td>(\d)</td><td>([^<]+)</td>', page)
    assert [place for place, _name in rows] == ["1", "2", "3", "4"]
    assert "hand chips" in page and "placement chips" in page
    assert "This game pays in chips only" in page
    assert "hand chips" not in without_chips and "This game pays points only" in without_chips


def test_a_settlements_chips_split_into_placement_and_the_rest() -> None:
    from ledger.models import Settlement

    row = Settlement(chips=7, chips_detail={"hands": 4, "tobi": 0, "placement": 3, "total": 7})
    assert (row.hand_chips, row.placement_chips) == (4, 3)
    assert Settlement(chips=2, chips_detail={}).hand_chips == 2


def _boxes(box: object) -> list[object]:
    found = [box]
    for child in getattr(box, "children", None) or []:
        found += _boxes(child)
    return found


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_figure_of_the_80_mm_receipt_is_inside_the_roll(staff: User, language: str) -> None:
    """The issue: money, game fee and net ran off a 2 m page. Every text and tile box now lies
    inside the 80 mm page's printable width, and the page is as long as the slip."""
    require_pdf()
    from weasyprint.formatting_structure.boxes import InlineReplacedBox, TextBox

    from reports.slips import PX_PER_MM, slip_layout, slip_locale

    session = with_chonbo(staff)
    with slip_locale(session=session, language=language):
        slip = session_slip(session=session)
        assert slip is not None
        document = slip_layout(slip=slip, paper=Paper.RECEIPT)

    assert len(document.pages) == 1
    page = document.pages[0]
    width_mm, height_mm = page.width / PX_PER_MM, page.height / PX_PER_MM
    assert round(width_mm) == 80
    assert 100 < height_mm < 600  # the slip's own length, not a 2 m roll
    boxes = _boxes(page._page_box)
    drawn = [box for box in boxes if isinstance(box, TextBox | InlineReplacedBox)]
    assert drawn
    for box in drawn:
        left = box.position_x / PX_PER_MM  # type: ignore[attr-defined]
        right = left + box.margin_width() / PX_PER_MM  # type: ignore[attr-defined]
        bottom = (box.position_y + box.margin_height()) / PX_PER_MM  # type: ignore[attr-defined]
        what = getattr(box, "text", "a tile")
        assert left >= 2.9 and right <= 80 - 2.9, f"{what!r} at {left:.1f}-{right:.1f} mm"
        assert bottom <= height_mm - 2.9, f"{what!r} ends at {bottom:.1f} mm"
    texts = " ".join(box.text for box in drawn if isinstance(box, TextBox))
    for seat in slip.seats:
        for figure in (seat.money, seat.fee, seat.net, f"{seat.final_score:,}"):
            assert figure in texts, figure
    pdf = PdfReader(io.BytesIO(document.write_pdf()))
    assert round(float(pdf.pages[0].mediabox.width) / MM) == 80
    assert slip.seats[0].net in pdf.pages[0].extract_text()


@pytest.mark.parametrize("paper", [Paper.A4, Paper.RECEIPT])
def test_a_chips_only_games_pdf_says_what_it_pays_and_prints_no_points(
    staff: User, paper: Paper
) -> None:
    require_pdf()
    session = closed_speed_tonpuu(by=staff)
    slip = session_slip(session=session)
    assert slip is not None

    pdf = PdfReader(io.BytesIO(slip_pdf(slip=slip, paper=paper)))
    text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)

    assert "This game pays in chips only" in text
    assert "100 per chip" in text and "per 1,000 points" not in text
    assert "hand chips" in text
    assert re.search(r"\bpoints [+-]?\d", text) is None  # no points row or column of 0s
