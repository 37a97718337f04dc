"""A scoreboard link's page shows its address, a copy button and its QR code (issue 33, item 9).

The QR code is read back module by module: each module's square in the PNG is black exactly
where segno's matrix for the page's address has a dark module, inside a white quiet zone.
"""

from __future__ import annotations

import base64
import io
import re

import pytest
from PIL import Image

from ledger.models import ScoreboardLink
from parlor.services.roles import ROLE_MANAGER, ROLE_STAFF
from scoreboard.qr import BORDER, SCALE, qr_code
from tests.parlor.factories import ParlorFactory
from tests.scoreboard.test_links import CHANGELIST, signed_in

pytestmark = pytest.mark.django_db


def modules_of(png: bytes, size: int) -> list[list[bool]]:
    """The dark modules of a QR code PNG of ``size`` modules a side (its centres' pixels)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    assert image.size == ((size + 2 * BORDER) * SCALE,) * 2
    centre = SCALE // 2
    return [
        [image.getpixel(((BORDER + x) * SCALE + centre, (BORDER + y) * SCALE + centre)) < 128
         for x in range(size)]
        for y in range(size)
    ]  # fmt: skip


def test_save_and_view_shows_the_link_a_copy_button_and_its_qr_code() -> None:
    parlor = ParlorFactory()
    client = signed_in(ROLE_MANAGER)

    added = client.post(f"{CHANGELIST}add/", {"parlor": parlor.pk, "_continue": "1"})
    link = ScoreboardLink.objects.get(parlor=parlor)
    assert added.status_code == 302
    assert added["Location"] == f"{CHANGELIST}{link.pk}/change/"
    page = client.get(added["Location"]).content.decode()

    url = f"http://testserver/scoreboard/{link.token}/"
    assert f'<code id="screen-url">{url}</code>' in page
    assert 'id="copy-screen-url"' in page and ">Copy</button>" in page
    found = re.search(r'id="screen-qr" src="data:image/png;base64,([^"]+)"', page)
    assert found is not None
    png = base64.b64decode(found.group(1))
    matrix = qr_code(url).matrix
    expected = [[bool(module) for module in row] for row in matrix]
    assert modules_of(png, len(matrix)) == expected
    # The quiet zone is white all round.
    image = Image.open(io.BytesIO(png)).convert("L")
    side = image.size[0]
    band = BORDER * SCALE
    quiet = [image.getpixel((x, y)) for x in range(side) for y in range(band)]
    assert min(quiet) > 128


def test_staff_see_the_link_page_too() -> None:
    link = ScoreboardLink.objects.create(parlor=ParlorFactory())

    page = signed_in(ROLE_STAFF).get(f"{CHANGELIST}{link.pk}/change/").content.decode()

    assert f"/scoreboard/{link.token}/" in page and 'id="screen-qr"' in page
