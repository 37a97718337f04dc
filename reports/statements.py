"""A player's PDF statement: totals, the games closed in the window, the biggest wins as tiles.

The HTML comes from ``reports/templates/reports/statements/statement.html`` and
WeasyPrint turns it into PDF. A statement is bounded whatever the window:
totals are database aggregates, the games listed are the latest
``MAX_GAMES`` (the statement says how many it leaves out) and the wins drawn
are the ``MAX_WINS`` biggest, picked while streaming the player's wins.
Tiles are the admin's pictures (``words/tile_art.py``) inlined as SVG data
URIs, so rendering needs no web server. The language is chosen when the
export is asked for (``ExportJob.language``), by default the player's login's.
"""

from __future__ import annotations

import base64
import heapq
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Count, F, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from engine_door.results import HandOutcome, Win
from ledger.models import HandKind, HandResult, LedgerEntry, Penalty
from ledger.settle.business_days import business_day_of
from ledger.settle.settlement_selectors import business_days_with_games
from ledger.templatetags.ledger_tiles import tile_codes
from parlor.models import Player
from parlor.services.preferences import user_language
from reports.scope import Window
from reports.sources import window_settlements
from words import labels
from words.money import money_text
from words.tile_art import tile_svg, tile_title

MAX_GAMES = 300
MAX_WINS = 12
MAX_PENALTIES = 50
TEMPLATE = "reports/statements/statement.html"
GAME_COLUMNS = "{:<10}  {:<5}  {:<10}  {:>7}  {:<4}  {:>5}  {:>8}  {:>8}  {:>5}  {:>12}  {:>12}"


def pdf_renderer() -> Callable[[str], bytes]:
    """HTML to PDF with WeasyPrint; a clear error when it (or Pango) cannot be loaded."""
    try:
        import weasyprint
    except (ImportError, OSError) as error:
        raise RuntimeError(
            f"PDF statements need WeasyPrint and the Pango libraries: {error}"
        ) from error

    def render(html: str) -> bytes:
        pdf = weasyprint.HTML(string=html).write_pdf()
        assert pdf is not None  # write_pdf returns bytes when given no target
        return bytes(pdf)

    return render


def statement_players(window: Window) -> list[Player]:
    """A player's export: that player; otherwise everyone who closed a game in the window."""
    if window.player is not None:
        return [window.player]
    ids = window_settlements(window).values_list("player_id", flat=True).distinct()
    return list(Player.objects.filter(pk__in=ids).order_by("member_number"))


@dataclass(frozen=True, slots=True)
class TilePicture:
    code: str
    title: str
    uri: str


@cache
def _picture(code: str) -> TilePicture:
    data = base64.b64encode(tile_svg(code).encode()).decode()
    return TilePicture(code, tile_title(code), f"data:image/svg+xml;base64,{data}")


def _pictures(text: Any) -> list[TilePicture]:
    codes = tile_codes(str(text or "")) or []
    return [_picture(code) for code in codes]


def _totals(window: Window, player: Player) -> dict[str, Any]:
    rows = window_settlements(window).filter(player=player)
    totals: dict[str, Any] = rows.aggregate(
        games=Count("pk"),
        **{f"place_{n}": Count("pk", filter=Q(placement=n)) for n in range(1, 5)},
        points=Coalesce(Sum("points"), 0),
        chips=Coalesce(Sum("chips"), 0),
        money=Coalesce(Sum("money"), 0),
        fee=Coalesce(Sum("fee"), 0),
    )
    parlor = window.parlor
    totals["money_text"] = money_text(totals["money"], parlor)
    totals["fee_text"] = money_text(totals["fee"], parlor)
    totals["net_text"] = money_text(totals["money"] - totals["fee"], parlor)
    return totals


def _game_lines(window: Window, player: Player, zone: ZoneInfo) -> list[str]:
    latest = (
        window_settlements(window)
        .filter(player=player)
        .order_by("-posting__created_at", "-session_id")
        .values_list(
            "posting__created_at",
            "session__table__name",
            "session_id",
            "seat",
            "placement",
            "final_score",
            "points",
            "chips",
            "money",
            "fee",
        )[:MAX_GAMES]  # fmt: skip
    )
    lines = []
    for closed_at, table, session, seat, place, score, points, chips, money, fee in latest:
        local = closed_at.astimezone(zone)
        # The business day, as in the header: a game closed at 02:00 belongs to the evening before.
        day = business_day_of(parlor=window.parlor, moment=closed_at)
        lines.append(
            GAME_COLUMNS.format(
                day.isoformat(),
                local.strftime("%H:%M"),
                str(table)[:10],
                session,
                str(labels.seat_wind(seat)),
                place,
                f"{score:,}",
                f"{points:+,}",
                f"{chips:+}",
                money_text(money, window.parlor),
                money_text(money - fee, window.parlor),
            )  # fmt: skip
        )
    return lines



def _player_wins(
    window: Window, player: Player
) -> Iterator[tuple[int, int, dict[str, Any], Win]]:
    """(points won, hand id, where, the win) for each live win of ``player`` in the window."""
    hands = (
        HandResult.objects.live()
        .filter(session__parlor=window.parlor, session__seats__player=player, kind=HandKind.WIN)
        .filter(window.moment_filter("entered_at"))
        .annotate(player_seat=F("session__seats__seat"))
        .values_list(
            "pk",
            "session_id",
            "session__table__name",
            "ordinal",
            "entered_at",
            "payload",
            "result",
            "player_seat",
        )  # fmt: skip
    )
    for pk, session, table, ordinal, entered_at, payload, result, seat in hands.iterator(500):
        records = {win.get("winner"): win.get("record") or {} for win in payload.get("wins", [])}
        for win in HandOutcome.from_json(result).wins:
            if win.winner != seat:
                continue
            yield win.score.total, pk, {
                "session_id": session, "table": table, "hand": ordinal,
                "entered_at": entered_at, "points_won": win.score.total,
                "record": records.get(seat, {}),
            }, win  # fmt: skip


def _drawn(where: dict[str, Any], win: Win, zone: ZoneInfo) -> dict[str, Any]:
    record, score = where["record"], win.score
    return {
        **where,
        "entered_at": where["entered_at"].astimezone(zone),
        "how": labels.label(labels.REASONS, "tsumo" if win.tsumo else "ron"),
        "tiles": _pictures(record.get("hand")),
        "tiles_text": record.get("hand", ""),
        "melds": [
            (labels.label(labels.MELDS, str(meld.get("kind", ""))), _pictures(meld.get("tiles")))
            for meld in record.get("melds") or []
            if isinstance(meld, Mapping)
        ],
        "win_tile": _pictures(record.get("win_tile")),
        "dora": _pictures("".join(str(t) for t in record.get("dora_indicators") or [])),
        "ura": _pictures("".join(str(t) for t in record.get("ura_indicators") or [])),
        "yaku": [labels.yaku_label(entry.name) for entry in score.yaku],
        "value": labels.score_value(score),
    }


def _biggest_wins(window: Window, player: Player, zone: ZoneInfo) -> list[dict[str, Any]]:
    biggest = heapq.nlargest(MAX_WINS, _player_wins(window, player), key=lambda w: (w[0], w[1]))
    return [_drawn(where, win, zone) for _total, _pk, where, win in biggest]


def _penalties(window: Window, player: Player, zone: ZoneInfo) -> list[dict[str, Any]]:
    """The player's chonbo and dead hands in the window (live hands), with the points each cost."""
    cost = (
        LedgerEntry.objects.filter(posting__hand=OuterRef("hand"), account__player=player)
        .values("account")
        .annotate(total=Sum("points"))
        .values("total")
    )
    rows = (
        Penalty.objects.filter(
            session__parlor=window.parlor,
            player=player,
            hand__superseded_by__isnull=True,
            hand__corrected_by__isnull=True,
        )
        .filter(window.moment_filter("recorded_at"))
        .annotate(points=Coalesce(Subquery(cost), 0))
        .select_related("session__table", "hand")
        .order_by("recorded_at", "pk")[:MAX_PENALTIES]
    )
    return [
        {
            "day": business_day_of(parlor=window.parlor, moment=penalty.recorded_at),
            "time": penalty.recorded_at.astimezone(zone),
            "session_id": penalty.session_id,
            "table": penalty.session.table.name,
            "hand": penalty.hand.ordinal,
            "kind": penalty.get_kind_display(),
            "cause": labels.label(labels.FAULTS, penalty.cause),
            "points": penalty.points,
        }
        for penalty in rows
    ]


def _period_text(window: Window) -> str:
    """The window's business days in the active language (Window.describe is for file names)."""
    first, last = window.first_day, window.last_day
    if first is None:
        return _("all time") if last is None else _("until %(day)s") % {"day": last}
    if first == last:
        return first.isoformat()
    if last is None:
        return _("from %(day)s") % {"day": first}
    return _("%(first)s to %(last)s") % {"first": first, "last": last}


def _days_with_games(window: Window, player: Player) -> str:
    days = business_days_with_games(
        parlor=window.parlor, player=player, before=window.since, after=window.until
    )
    return ", ".join(day.isoformat() for day in days)


def statement_html(*, window: Window, player: Player, language: str = "") -> str:
    """The statement's HTML in ``language``; by default the one the player's login chose."""
    if not language and player.user_id:
        language = user_language(user_id=player.user_id)
    zone = ZoneInfo(window.parlor.time_zone)
    # Times print in the parlor's zone: the template's |date filter uses the active one.
    with translation.override(language or settings.LANGUAGE_CODE), timezone.override(zone):
        totals = _totals(window, player)
        games = _game_lines(window, player, zone)
        header = GAME_COLUMNS.format(
            _("day"), _("time"), _("table"), _("session"), _("seat"), _("place"), _("score"),
            _("points"), _("chips"), _("money"), _("net"),
        )  # fmt: skip
        context = {
            "parlor": window.parlor,
            "player": player,
            "period": _period_text(window),
            "currency": window.parlor.currency_code,
            "generated_at": timezone.now().astimezone(zone),
            "totals": totals,
            "games": games,
            "game_header": header,
            "games_left_out": max(0, totals["games"] - len(games)),
            "days_with_games": [] if games else _days_with_games(window, player),
            "closing_hour": settings.LEDGER_CLOSING_HOUR,
            "wins": _biggest_wins(window, player, zone),
            "penalties": _penalties(window, player, zone),
            "max_penalties": MAX_PENALTIES,
            "max_wins": MAX_WINS,
            "LANGUAGE_CODE": translation.get_language(),
        }
        return render_to_string(TEMPLATE, context)
