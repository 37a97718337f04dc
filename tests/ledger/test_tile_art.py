"""The tile pictures: drawn by words/tile_art.py, committed as static files, well-formed SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from typing import Any

import pytest

from words.tile_art import RED, TILE_CODES, TILE_DIR, tile_svg, tile_title
from words.tile_glyphs import GLYPHS

SVG = "{http://www.w3.org/2000/svg}"


def test_every_tile_has_a_picture_34_kinds_and_3_red_fives() -> None:
    assert len(TILE_CODES) == 37
    assert {code for code in TILE_CODES if code[0] == "0"} == {"0m", "0p", "0s"}


@pytest.mark.parametrize("code", TILE_CODES)
def test_the_committed_picture_is_the_drawn_one(code: str) -> None:
    committed = (TILE_DIR / f"{code}.svg").read_text(encoding="utf-8")

    assert committed == tile_svg(code), "redraw: python -m words.tile_art"


@pytest.mark.parametrize("code", TILE_CODES)
def test_each_picture_is_well_formed_svg_titled_with_the_tiles_name(code: str) -> None:
    root = ElementTree.fromstring(tile_svg(code))

    assert root.tag == f"{SVG}svg"
    assert root.findtext(f"{SVG}title") == tile_title(code)


@pytest.mark.parametrize(("red", "plain"), [("0m", "5m"), ("0p", "5p"), ("0s", "5s")])
def test_red_fives_are_marked_red_and_differ_from_plain_fives(red: str, plain: str) -> None:
    assert tile_svg(red) != tile_svg(plain)
    assert tile_svg(red).count(RED) > tile_svg(plain).count(RED)
    assert tile_title(red).endswith("(red)")


@pytest.mark.parametrize(
    ("code", "kanji"),
    [
        ("1z", "東"),
        ("2z", "南"),
        ("3z", "西"),
        ("4z", "北"),
        ("5z", "白"),
        ("6z", "發"),
        ("7z", "中"),
        ("3m", "三"),
        ("9m", "九"),
    ],
)
def test_honours_and_manzu_carry_their_kanji_as_outlines_not_text(code: str, kanji: str) -> None:
    svg = tile_svg(code)

    assert f'd="{GLYPHS[kanji][1]}"><desc>{kanji}</desc></path>' in svg
    assert "<text" not in svg and "font-family" not in svg


def test_a_non_tile_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'8z' is not a tile"):
        tile_svg("8z")


def test_the_committed_glyphs_are_the_fonts_outlines() -> None:
    """words/tile_glyphs.py is what the builder writes from Noto Serif CJK JP Bold."""
    from words.tile_glyph_build import FONT, TARGET, glyph_outlines, module_text

    if not FONT.exists():
        pytest.skip(f"{FONT} is not installed (fonts-noto-cjk); the committed glyphs stand")
    assert TARGET.read_text(encoding="utf-8") == module_text(glyph_outlines(FONT))


@pytest.mark.parametrize("code", ["7z", "9m", "1z"])
def test_the_pdf_renderer_draws_a_tile_without_any_font(code: str) -> None:
    """WeasyPrint (the statements) draws the tile as vector paths: no font, no text in the PDF.

    With the former ``<text>`` kanji this PDF held a CJK font and the text "中".
    """
    import base64
    import io

    import weasyprint
    from pypdf import PdfReader

    data = base64.b64encode(tile_svg(code).encode()).decode()
    html = f'<img src="data:image/svg+xml;base64,{data}" width="60" height="80">'
    document = weasyprint.HTML(string=html).write_pdf()
    page = PdfReader(io.BytesIO(document)).pages[0]

    assert _fonts(page["/Resources"]) == []
    assert page.extract_text() == ""
    assert len(page.get_contents().get_data()) > 1000  # the outlines are drawn


def _fonts(resources: Any) -> list[Any]:
    """Every font named in a PDF resource dictionary and the forms it draws."""
    resources = resources.get_object()
    found = list(resources.get("/Font", {}).get_object().values())
    for form in resources.get("/XObject", {}).get_object().values():
        form = form.get_object()
        if "/Resources" in form:
            found += _fonts(form["/Resources"])
    return found
