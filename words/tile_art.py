"""Tile pictures drawn here, as SVG: one small file per tile, no third-party artwork.

Each tile is a 60 x 80 ivory face. Manzu carry the kanji numeral over 萬,
pinzu their circles and souzu their bamboo sticks in the usual layouts,
honours their kanji (東南西北白發中). Suited tiles have a small Arabic
index in the top-left corner and winds their letter. Red fives
(``0m 0p 0s``) are drawn in red and marked with a red corner dot.

Every character is an SVG path (outlines committed in ``words/tile_glyphs.py``),
never ``<text>``: a tile reads the same on a tablet without CJK fonts and in
the PDF renderer, whatever fonts the machine has.

The pictures are committed as static files (``ledger/static/ledger/tiles``)
so a web server serves them; ``python -m words.tile_art`` rewrites them and
a test checks the committed files match this module.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from words.tile_glyphs import GLYPHS, UNITS_PER_EM

WIDTH, HEIGHT = 60, 80
# The pictures are the ledger app's static files (their URLs: /static/ledger/tiles/...).
TILE_DIR = Path(__file__).resolve().parent.parent / "ledger" / "static" / "ledger" / "tiles"

INK = "#1b1b1b"
RED = "#c62828"
GREEN = "#2e7d32"
BLUE = "#1f4e9c"
INDEX = "#6b6256"

MANZU_NUMERALS = "一二三四五六七八九"
HONOURS = {
    1: ("東", INK, "E"),
    2: ("南", INK, "S"),
    3: ("西", INK, "W"),
    4: ("北", INK, "N"),
    5: ("白", BLUE, ""),
    6: ("發", GREEN, ""),
    7: ("中", RED, ""),
}
ENGLISH_NAMES = {"m": "man", "p": "pin", "s": "sou"}
HONOUR_NAMES = {
    1: "East wind",
    2: "South wind",
    3: "West wind",
    4: "North wind",
    5: "White dragon (haku)",
    6: "Green dragon (hatsu)",
    7: "Red dragon (chun)",
}

Pip = tuple[float, float, str]

# Pinzu circles: (x, y, colour) and one radius per tile.
PIN_LAYOUTS: dict[int, tuple[float, Sequence[Pip]]] = {
    1: (17, [(30, 42, RED)]),
    2: (11, [(30, 24, GREEN), (30, 60, BLUE)]),
    3: (9, [(17, 21, BLUE), (30, 42, RED), (43, 63, GREEN)]),
    4: (10, [(18, 26, BLUE), (42, 26, GREEN), (18, 58, GREEN), (42, 58, BLUE)]),
    5: (9, [(17, 21, BLUE), (43, 21, GREEN), (30, 42, RED), (17, 63, GREEN), (43, 63, BLUE)]),
    6: (
        8.5,
        [(18, 18, GREEN), (42, 18, GREEN)] + [(x, y, RED) for y in (45, 66) for x in (18, 42)],
    ),
    7: (
        7.5,
        [(16, 17, GREEN), (30, 23, GREEN), (44, 29, GREEN)]
        + [(x, y, RED) for y in (49, 68) for x in (18, 42)],
    ),
    8: (7, [(x, y, BLUE) for y in (15, 33, 51, 69) for x in (19, 41)]),
    9: (
        7.5,
        [(x, 19, BLUE) for x in (14, 30, 46)]
        + [(x, 42, RED) for x in (14, 30, 46)]
        + [(x, 65, GREEN) for x in (14, 30, 46)],
    ),
}

# Souzu sticks: centre (x, y) and colour; every stick is 7 x 20.
SOU_LAYOUTS: dict[int, Sequence[Pip]] = {
    2: [(30, 26, GREEN), (30, 58, GREEN)],
    3: [(30, 26, GREEN), (19, 58, GREEN), (41, 58, GREEN)],
    4: [(x, y, GREEN) for y in (26, 58) for x in (19, 41)],
    5: [(x, y, GREEN) for y in (22, 62) for x in (16, 44)] + [(30, 42, RED)],
    6: [(x, y, GREEN) for y in (26, 58) for x in (15, 30, 45)],
    7: [(30, 18, RED)] + [(x, y, GREEN) for y in (44, 66) for x in (15, 30, 45)],
    8: [(x, y, GREEN) for y in (26, 58) for x in (12, 24, 36, 48)],
    9: [(x, y, RED if x == 30 else GREEN) for y in (20, 43, 66) for x in (16, 30, 44)],
}


def _face(*, red: bool) -> list[str]:
    parts = [
        f'<rect x="1" y="3" width="{WIDTH - 2}" height="{HEIGHT - 4}" rx="7" fill="#b9ad95"/>',
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 4}" rx="7" fill="#fdfaf2"'
        ' stroke="#8f846f" stroke-width="1.5"/>',
    ]
    if red:
        parts.append(f'<circle cx="{WIDTH - 8}" cy="8" r="3.5" fill="{RED}"/>')
    return parts


def glyph_path(char: str, *, x: float, y: float, size: float, colour: str, centre: bool) -> str:
    """One character as a filled path, its baseline at ``y``; centred on ``x`` or starting there."""
    advance, outline = GLYPHS[char]
    scale = size / UNITS_PER_EM
    left = x - advance * scale / 2 if centre else x
    return (
        f'<path transform="translate({left:.2f} {y}) scale({scale:.4f} {-scale:.4f})"'
        f' fill="{colour}" d="{outline}"><desc>{char}</desc></path>'
    )


def _index(text: str) -> str:
    return glyph_path(text, x=4, y=12, size=10, colour=INDEX, centre=False)


def _kanji(text: str, *, x: float, y: float, size: float, colour: str) -> str:
    return glyph_path(text, x=x, y=y, size=size, colour=colour, centre=True)


def _circle(x: float, y: float, r: float, colour: str) -> str:
    ring = f'stroke="{colour}" stroke-width="{r / 3:.2f}"'
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fff" {ring}/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.38:.2f}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, colour: str, *, width: float = 7, height: float = 20) -> str:
    left, top = x - width / 2, y - height / 2
    return (
        f'<rect x="{left}" y="{top}" width="{width}" height="{height}" rx="{width / 2}"'
        f' fill="{colour}"/>'
        f'<rect x="{left}" y="{y - 1}" width="{width}" height="2" fill="#fdfaf2" opacity="0.8"/>'
    )


def _manzu(number: int, *, red: bool) -> list[str]:
    numeral_colour = RED if red else INK
    return [
        _kanji(MANZU_NUMERALS[number - 1], x=30, y=38, size=26, colour=numeral_colour),
        _kanji("萬", x=30, y=70, size=26, colour=RED),
    ]


def _pinzu(number: int, *, red: bool) -> list[str]:
    radius, pips = PIN_LAYOUTS[number]
    if number == 1:
        return [
            f'<circle cx="30" cy="42" r="{radius}" fill="#fff" stroke="{BLUE}" stroke-width="4"/>',
            f'<circle cx="30" cy="42" r="{radius - 6}" fill="#fff" stroke="{GREEN}"'
            ' stroke-width="3"/>',
            f'<circle cx="30" cy="42" r="5" fill="{RED}"/>',
        ]
    return [_circle(x, y, radius, RED if red else colour) for x, y, colour in pips]


def _souzu(number: int, *, red: bool) -> list[str]:
    if number == 1:
        # One tall stick with red nodes stands for the traditional bird.
        return [
            _stick(30, 43, GREEN, width=12, height=56),
            f'<rect x="24" y="28" width="12" height="4" fill="{RED}"/>',
            f'<rect x="24" y="54" width="12" height="4" fill="{RED}"/>',
        ]
    return [_stick(x, y, RED if red else colour) for x, y, colour in SOU_LAYOUTS[number]]


def tile_title(code: str) -> str:
    """English name of an mpsz tile code: ``"0p"`` is ``"5 pin (red)"``, ``"7z"`` red dragon."""
    digit, suit = int(code[0]), code[1]
    if suit == "z":
        return HONOUR_NAMES[digit]
    if digit == 0:
        return f"5 {ENGLISH_NAMES[suit]} (red)"
    return f"{digit} {ENGLISH_NAMES[suit]}"


def tile_svg(code: str) -> str:
    """The SVG document of one tile, e.g. ``tile_svg("0p")``; raises ValueError for a non-tile."""
    if code not in TILE_CODES:
        raise ValueError(f"{code!r} is not a tile (1m-9m, 1p-9p, 1s-9s, 0m/0p/0s, 1z-7z)")
    digit, suit = int(code[0]), code[1]
    red = digit == 0
    number = 5 if red else digit
    parts = _face(red=red)
    if suit == "z":
        kanji, colour, letter = HONOURS[number]
        if number == 5:
            parts.append(
                f'<rect x="9" y="11" width="42" height="56" rx="4" fill="none" stroke="{BLUE}"'
                ' stroke-width="3"/>'
            )
        parts.append(_kanji(kanji, x=30, y=53, size=34, colour=colour))
        if letter:
            parts.append(_index(letter))
    else:
        drawer = {"m": _manzu, "p": _pinzu, "s": _souzu}[suit]
        parts += drawer(number, red=red)
        parts.append(_index(str(number)))
    body = "".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="{WIDTH}" height="{HEIGHT}" role="img">'
        f"<title>{tile_title(code)}</title>{body}</svg>\n"
    )


TILE_CODES: tuple[str, ...] = tuple(
    [f"{n}{suit}" for suit in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
)


def tile_files_write(directory: Path = TILE_DIR) -> list[Path]:
    """Write every tile's SVG into ``directory``; returns the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for code in TILE_CODES:
        path = directory / f"{code}.svg"
        path.write_text(tile_svg(code), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    paths = tile_files_write()
    sys.stdout.write(f"wrote {len(paths)} tiles to {TILE_DIR}\n")
