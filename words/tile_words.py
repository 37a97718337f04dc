"""A tile as people say it, in the user's language: "5-pin (5p)", "五筒（5p）", "red dragon (7z)".

The mpsz code stays beside the name: it is what the staff typed, and what the
tile picker shows. Honour and suit names are gettext messages (``locale/ja``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

NUMBERS = (
    pgettext_lazy("tile number", "1"),
    pgettext_lazy("tile number", "2"),
    pgettext_lazy("tile number", "3"),
    pgettext_lazy("tile number", "4"),
    pgettext_lazy("tile number", "5"),
    pgettext_lazy("tile number", "6"),
    pgettext_lazy("tile number", "7"),
    pgettext_lazy("tile number", "8"),
    pgettext_lazy("tile number", "9"),
)
SUITS = {
    "m": pgettext_lazy("tile suit", "man"),
    "p": pgettext_lazy("tile suit", "pin"),
    "s": pgettext_lazy("tile suit", "sou"),
}
HONOURS = (
    pgettext_lazy("tile", "East"),
    pgettext_lazy("tile", "South"),
    pgettext_lazy("tile", "West"),
    pgettext_lazy("tile", "North"),
    pgettext_lazy("tile", "white dragon"),
    pgettext_lazy("tile", "green dragon"),
    pgettext_lazy("tile", "red dragon"),
)


def tile_words(code: str) -> str:
    """``"5p"`` as "5-pin (5p)"; a code that is not one tile is given back as it is."""
    if len(code) != 2 or not code[0].isdigit() or code[1] not in "mpsz":
        return code
    digit, suit = int(code[0]), code[1]
    if suit == "z":
        if not 1 <= digit <= len(HONOURS):
            return code
        name = str(HONOURS[digit - 1])
    elif digit == 0:
        name = _("red %(number)s-%(suit)s") % {"number": NUMBERS[4], "suit": SUITS[suit]}
    else:
        name = _("%(number)s-%(suit)s") % {"number": NUMBERS[digit - 1], "suit": SUITS[suit]}
    return _("%(name)s (%(code)s)") % {"name": name, "code": code}
