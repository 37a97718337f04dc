"""The scoreboard link as a QR code, for the TV's browser or a phone's camera (segno).

segno writes QR codes in pure Python (ISO/IEC 18004), with no image library: the PNG is
its own writer's. Error correction "M" (15 %) is read from across a room off a screen.
"""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass

import segno

# Pixels per module, and the quiet zone around the code in modules (the standard's four).
SCALE = 6
BORDER = 4


def qr_code(text: str) -> segno.QRCode:
    return segno.make(text, error="m", micro=False)


def qr_png(text: str) -> bytes:
    """``text`` as a black-on-white QR code PNG, SCALE pixels a module, BORDER modules round."""
    out = io.BytesIO()
    qr_code(text).save(out, kind="png", scale=SCALE, border=BORDER)
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class QrImage:
    """A QR code PNG as a ``data:`` URI (an ``<img>`` with no second request), and its side."""

    data_uri: str
    side: int


def qr_image(text: str) -> QrImage:
    side = qr_code(text).symbol_size(SCALE, BORDER)[0]
    data = base64.b64encode(qr_png(text)).decode("ascii")
    return QrImage(data_uri=f"data:image/png;base64,{data}", side=int(side))
