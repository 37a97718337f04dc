"""Melds as staff type them: ``pon 555z, ankan 1111z`` (kind then tiles, any separator)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from engine_door.vocabulary import MELD_KINDS
from ledger.errors import RequestErrorCode

_MELD = re.compile(rf"({'|'.join(MELD_KINDS)})\s*[:=]?\s*([0-9mpsz]+)")
_SEPARATORS = re.compile(r"[\s,;/]+")


def melds_parse(text: str) -> list[dict[str, str]]:
    """``"pon 555z, chi 234m"`` -> ``[{"kind": "pon", "tiles": "555z"}, ...]``.

    Only the shape is read here (a known kind followed by tile characters);
    the engine judges the tiles and names what is wrong with them.
    """
    text = text.strip().lower()
    melds: list[dict[str, str]] = []
    position = 0
    while position < len(text):
        gap = _SEPARATORS.match(text, position)
        if gap:
            position = gap.end()
            continue
        found = _MELD.match(text, position)
        if found is None:
            rest = text[position:].split()[0]
            raise ValidationError(
                _(
                    "Cannot read %(rest)r: write each meld as its kind and tiles, e.g."
                    " “pon 555z, chi 234m, ankan 1111z” (kinds: %(kinds)s)."
                ),
                code=RequestErrorCode.BAD_MELD,
                params={"rest": rest, "kinds": ", ".join(MELD_KINDS)},
            )
        melds.append({"kind": found.group(1), "tiles": found.group(2)})
        position = found.end()
    return melds


def melds_format(melds: Iterable[Mapping[str, Any]]) -> str:
    """The text ``melds_parse`` reads back into ``melds``."""
    return ", ".join(f"{meld['kind']} {meld['tiles']}" for meld in melds)
