"""Template filters that draw tiles and name the engine's yaku, reasons and rules.

``{{ "234m0p"|tiles }}`` draws the tiles as pictures (words/tile_art.py);
a string that does not parse is shown as text, marked, never dropped.
``{{ name|yaku }}``, ``|reason``, ``|limit`` ... give the label in the active
language (words/labels.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from engine_door.errors import EngineError
from engine_door.tiles import parse_tiles, tile_name
from parlor.models import Parlor
from words import labels
from words.money import money_text

register = template.Library()


def tile_codes(text: str) -> list[str] | None:
    """The mpsz codes of ``text`` in the order written, or None when it does not parse."""
    try:
        return [tile_name(code) for code in parse_tiles("".join(text.split()))]
    except EngineError:
        return None


@register.filter
def tiles(text: Any, size: str = "") -> SafeString:
    """Pictures of the tiles of an mpsz string; ``|tiles:"small"`` for lists."""
    if not text:
        return SafeString("")
    text = str(text)
    codes = tile_codes(text)
    if codes is None:
        return format_html('<code class="tiles-unreadable">{}</code>', text)
    css = "tile tile-small" if size == "small" else "tile"
    images = format_html_join(
        "",
        '<img class="{}" src="{}" alt="{}" title="{}">',
        ((css, static(f"ledger/tiles/{code}.svg"), code, code) for code in codes),
    )
    return format_html('<span class="tiles" data-tiles="{}">{}</span>', text, images)


def _concealed_codes(record: Any) -> list[str] | None:
    """The record's hand less one copy of its winning tile (the spec's ``hand`` holds it)."""
    if not isinstance(record, Mapping) or not record.get("hand"):
        return None
    codes = tile_codes(str(record["hand"]))
    win = tile_codes(str(record.get("win_tile") or ""))
    if codes is None or not win or len(win) != 1 or win[0] not in codes:
        return codes
    at = len(codes) - 1 - codes[::-1].index(win[0])
    return codes[:at] + codes[at + 1 :]


@register.filter
def concealed(record: Any) -> str:
    """The tiles in hand before the winning tile, as mpsz (``{{ record|concealed|tiles }}``).

    A hand that does not parse is given back as written, to be shown marked.
    """
    codes = _concealed_codes(record)
    if codes is None:
        return str(record.get("hand") or "") if isinstance(record, Mapping) else ""
    # In the order written, each run of one suit under one letter: 234m345p...
    return "".join(
        code[0] + ("" if following[1:] == code[1:] else code[1])
        for code, following in zip(codes, [*codes[1:], ""], strict=True)
    )


@register.filter
def tile_count(record: Any) -> int:
    """How many pictures a hand's line holds: the concealed tiles, the melds' and the winning
    tile (the console's preview sizes its tiles by it, so that they stay on one line)."""
    if not isinstance(record, Mapping):
        return 0
    melds = record.get("melds") or []
    meld_codes = sum(
        len(tile_codes(str(meld.get("tiles", ""))) or ())
        for meld in melds
        if isinstance(meld, Mapping)
    )
    return len(_concealed_codes(record) or ()) + meld_codes + bool(record.get("win_tile"))


@register.filter
def meld_tiles(melds: Any, size: str = "") -> SafeString:
    """Each meld of a record's ``melds`` list drawn as a group, its kind above it."""
    if not isinstance(melds, Iterable):
        return SafeString("")
    groups = [
        (labels.label(labels.MELDS, str(meld.get("kind", ""))), tiles(meld.get("tiles", ""), size))
        for meld in melds
        if isinstance(meld, Mapping)
    ]
    return format_html_join(
        "",
        '<span class="meld"><span class="meld-kind">{}</span>{}</span>',
        groups,
    )


def _label_filter(table: labels.Labels) -> Callable[[Any], str]:
    def name_label(name: Any) -> str:
        return labels.label(table, str(name)) if name else ""

    return name_label


# {{ name|yaku }}, {{ name|limit }}, ...: the engine's names in the active language.
LABEL_FILTERS = {
    "limit": labels.LIMITS,
    "reason": labels.REASONS,
    "abort_cause": labels.ABORT_CAUSES,
    "fault": labels.FAULTS,
    "game_end": labels.GAME_ENDS,
    "ruleset": labels.RULESETS,
    "option": labels.OPTIONS,
    "meld": labels.MELDS,
}
for _name, _table in LABEL_FILTERS.items():
    register.filter(_name, _label_filter(_table))


@register.filter("yaku")
def yaku(name: Any) -> str:
    """A yaku's label, or the title its declaration carries (``labels.yaku_label``)."""
    return labels.yaku_label(str(name)) if name else ""


@register.filter
def wind(seat: Any) -> str:
    return labels.seat_wind(int(seat))


@register.filter
def signed(value: Any) -> str:
    """An amount with its sign and thousands separators: ``+3,900``, ``-1,000``, ``0``."""
    number = int(value)
    return f"{number:+,}" if number else "0"


@register.filter
def grouped(value: Any) -> str:
    """An integer with thousands separators and no sign for positives: ``25,000``."""
    return f"{int(value):,}"


@register.filter
def money(value: Any, parlor: Parlor) -> str:
    """Minor units as the parlor's currency writes them: ``1,400`` yen, ``14.00`` dollars."""
    return money_text(int(value), parlor)


@register.filter
def signed_money(value: Any, parlor: Parlor) -> str:
    """``money`` with the sign of a gain or a loss: ``+1,400``, ``-1,400``, ``0``."""
    return money_text(int(value), parlor, signed=True)
