"""How a rate or a mean reads on a page: its value, its standard error, a small sample marked.

``{% rate figure %}`` prints a percentage with its standard error under it (``23.4%`` /
``±4.1``); ``{% mean figure 2 %}`` a mean the same way, to that many places (halves up, as the
money standings round the average placement). A figure whose sample is
small (``players.statistics.figures.SMALL_SAMPLE``) carries a dagger and the class
``small-sample``; the title says the sample in words (hover, or a screen reader).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from players.statistics.figures import Mean, Rate

register = template.Library()
DASH = "–"


def _figure(text: str, error: str | None, sample: int, small: bool) -> SafeString:
    title = _("%(sample)s in the sample") % {"sample": sample}
    if small:
        title = _("%(sample)s in the sample: too few to mean much") % {"sample": sample}
    return format_html(
        '<span class="figure{}" title="{}"><span class="value">{}{}</span>{}</span>',
        " small-sample" if small else "",
        title,
        text,
        mark_safe('<sup class="dagger">†</sup>') if small else "",
        format_html('<span class="error">±{}</span>', error) if error is not None else "",
    )


@register.simple_tag
def rate(figure: Rate) -> SafeString:
    percent = figure.percent
    if percent is None:
        return format_html('<span class="figure empty">{}</span>', DASH)
    error = figure.error_percent
    shown_error = None if error is None else str(error)
    return _figure(f"{percent}%", shown_error, figure.sample, figure.small)


@register.simple_tag
def mean(figure: Mean, places: int = 0) -> SafeString:
    value = figure.value
    if value is None:
        return format_html('<span class="figure empty">{}</span>', DASH)
    step = Decimal(1).scaleb(-places)
    error = figure.standard_error
    return _figure(
        f"{value.quantize(step, ROUND_HALF_UP):,}",
        None if error is None else f"{error.quantize(step, ROUND_HALF_UP):,}",
        figure.sample,
        figure.small,
    )


@register.filter
def half_up(value: Decimal | None, places: int = 2) -> str:
    """``value`` to ``places`` places, halves up (the pages' one rounding for display)."""
    if value is None:
        return DASH
    return f"{value.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP):,}"
