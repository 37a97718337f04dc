"""The tile pictures read without any CJK font: Chromium with only DejaVu draws their kanji.

The browser runs with a fontconfig that knows DejaVu alone (no Noto CJK), so
any ``<text>`` kanji would come out as the same empty box; the tiles' paths
must still put ink of the kanji's colour where the kanji stands.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import start_browser
from words.tile_art import GREEN, INK, RED, TILE_CODES, tile_svg

FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{cache}</cachedir></fontconfig>
"""
SCALE = 3  # each 60 x 80 tile drawn at 180 x 240 CSS pixels


@pytest.fixture(scope="module")
def latin_only_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    folder = tmp_path_factory.mktemp("fonts")
    conf = folder / "fonts.conf"
    conf.write_text(FONTS_CONF.format(cache=folder / "cache"), encoding="utf-8")
    driver = start_browser(env={"FONTCONFIG_FILE": str(conf)}, window=(900, 700))
    try:
        yield driver
    finally:
        driver.quit()


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _mask(png: bytes, colour: str) -> list[bool]:
    """Which pixels are within a small distance of ``colour`` (antialiased edges excluded)."""
    from PIL import Image

    target = _rgb(colour)
    data = Image.open(io.BytesIO(png)).convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return [sum(abs(a - b) for a, b in zip(pixel, target, strict=True)) < 40 for pixel in pixels]


def _ink(png: bytes, colour: str) -> int:
    return sum(_mask(png, colour))


def _render(driver: Any, code: str) -> bytes:
    from selenium.webdriver.common.by import By

    data = base64.b64encode(tile_svg(code).encode()).decode()
    html = (
        "<html><body style='margin:0;background:#fff'>"
        f"<img id='tile' width='{60 * SCALE}' height='{80 * SCALE}'"
        f" src='data:image/svg+xml;base64,{data}'></body></html>"
    )
    driver.get("data:text/html;base64," + base64.b64encode(html.encode()).decode())
    png: bytes = driver.find_element(By.ID, "tile").screenshot_as_png
    return png


def test_the_browser_really_has_no_cjk_font(latin_only_browser: Any) -> None:
    """Guard for the test below: two different kanji as text draw the same box (.notdef)."""
    script = """
        const c = document.createElement('canvas'); c.width = 60; c.height = 60;
        const g = c.getContext('2d'); g.font = '48px serif'; g.fillText(arguments[0], 4, 50);
        return c.toDataURL();
    """
    latin_only_browser.get("about:blank")
    middle = latin_only_browser.execute_script(script, "中")
    ten_thousand = latin_only_browser.execute_script(script, "萬")
    letter_a = latin_only_browser.execute_script(script, "A")
    assert middle == ten_thousand  # both the missing-glyph box
    assert middle != letter_a


def test_no_tile_draws_text() -> None:
    for code in TILE_CODES:
        assert "<text" not in tile_svg(code), code


@pytest.mark.parametrize(
    ("code", "colour", "least"),
    [
        ("1z", INK, 1500),  # 東
        ("4z", INK, 1500),  # 北
        ("6z", GREEN, 1500),  # 發
        ("7z", RED, 1500),  # 中
        ("9m", INK, 700),  # 九 (and 萬 in red below it)
        ("9m", RED, 1200),
        ("0m", RED, 2000),  # red five: both kanji red
    ],
)
def test_kanji_tiles_show_ink_in_a_browser_without_cjk_fonts(
    latin_only_browser: Any, code: str, colour: str, least: int, tmp_path: Path
) -> None:
    png = _render(latin_only_browser, code)
    (tmp_path / f"{code}.png").write_bytes(png)

    assert _ink(png, colour) >= least, f"{code}: too little {colour} ink; see {tmp_path}"


def test_each_wind_draws_its_own_kanji_not_one_missing_glyph_box(
    latin_only_browser: Any,
) -> None:
    """With ``<text>`` and no CJK font, 東南西北 were the same box; as paths they differ."""
    masks = {
        code: _mask(_render(latin_only_browser, code), INK) for code in ("1z", "2z", "3z", "4z")
    }
    codes = sorted(masks)
    for index, first in enumerate(codes):
        for second in codes[index + 1 :]:
            differing = sum(a != b for a, b in zip(masks[first], masks[second], strict=True))
            assert differing > 1000, (first, second, differing)
