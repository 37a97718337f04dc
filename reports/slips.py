"""A session's settlement slip: the closed game on one page, for the desk and the players.

Placements, final scores, points with oka and uma, hand chips and placement
chips apart (only what the game pays: a chips-only game shows no points column, a game
without chips no chips columns, and a sentence says which), fees, money per seat, the
penalties, and every live hand with its tiles (winning tile, dora and ura indicators).
The figures are the live settlement's (``ledger.settle.settlement_selectors``), so a re-closed
session's slip shows the new money and never the superseded one.

One template serves the screen, A4 and an 80 mm receipt printer; the PDF is
WeasyPrint's, with the tile pictures (``words/tile_art.py``) handed to it
directly, so rendering needs no web server and no font for the tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils import timezone, translation
from django.utils.translation import gettext

from engine_door.games import GamePays
from ledger.books.balances import session_scoreboard
from ledger.models import Penalty, Session, Settlement
from ledger.play.engine_results import hand_outcome
from ledger.play.games import starting_points
from ledger.settle.business_days import business_day_of
from ledger.settle.settlement_selectors import live_settlements
from words import labels
from words.game_pays import game_pays_text, session_pays
from words.hand_view import HandView, hand_view
from words.money import money_text
from words.tile_art import tile_svg

TEMPLATE = "reports/slips/slip.html"
TILE_URL_PREFIX = static("ledger/tiles/")


class Paper(StrEnum):
    """Where the slip is printed: an A4 sheet or an 80 mm receipt roll."""

    A4 = "a4"
    RECEIPT = "receipt"


@dataclass(frozen=True, slots=True)
class SlipSeat:
    seat: int
    wind: str
    name: str
    member_number: str
    placement: int
    final_score: int
    points: int
    hand_chips: int
    placement_chips: int
    chips: int
    money: str
    fee: str
    net: str
    # The fee by part when it is more than a game fee: (label, amount text), the discount
    # as a negative amount (docs/fees.md).
    fee_parts: list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class SlipPenalty:
    hand: int
    kind: str
    cause: str
    seat_wind: str
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class SlipHand:
    position: int
    view: HandView
    dora: str
    ura: str
    # Per seat: its wind, the points this hand moved, its score after the hand.
    seats: list[tuple[str, int, int]]


@dataclass(frozen=True, slots=True)
class SessionSlip:
    session: Session
    closed_at: datetime
    business_day: date
    seats: list[SlipSeat]
    penalties: list[SlipPenalty]
    hands: list[SlipHand]
    names: list[str]
    # What the game pays (points, chips or both): the slip shows only those columns and
    # says it in words (``pays_text``, in the slip's language).
    pays: GamePays
    pays_text: str


def _fee_parts(row: Settlement, session: Session) -> list[tuple[str, str]]:
    detail = row.fee_detail
    if not detail or (not detail["top"] and not detail["time"] and not detail["discount"]):
        return []
    parlor = session.parlor
    parts = [
        (gettext("game fee"), detail["game"]),
        (gettext("top fee"), detail["top"]),
        (gettext("time fee"), detail["time"]),
    ]
    shown = [(label, money_text(amount, parlor)) for label, amount in parts if amount]
    if detail["discount"]:
        label = gettext("discount (%(class)s)") % {"class": detail["class"]}
        shown.append((label, money_text(-detail["discount"], parlor)))
    return shown


def _seat(row: Settlement, session: Session) -> SlipSeat:
    parlor = session.parlor
    return SlipSeat(
        seat=row.seat,
        wind=str(labels.seat_wind(row.seat)),
        name=row.player.name,
        member_number=row.player.member_number,
        placement=row.placement,
        final_score=row.final_score,
        points=row.points,
        hand_chips=row.hand_chips,
        placement_chips=row.placement_chips,
        chips=row.chips,
        money=money_text(row.money, parlor),
        fee=money_text(row.fee, parlor),
        net=money_text(row.net_money, parlor),
        fee_parts=_fee_parts(row, session),
    )


def _indicators(payload: dict[str, Any], field: str) -> str:
    """The indicators of the hand's (first) win, as one tile string."""
    for win in payload.get("wins") or []:
        record = win.get("record") or {}
        tiles = record.get(field) or []
        return "".join(str(tile) for tile in tiles)
    return ""


def session_slip(*, session: Session) -> SessionSlip | None:
    """The slip of a closed or settled session; None while it has no live settlement."""
    rows = list(
        live_settlements(session=session).select_related("player", "posting").order_by("placement")
    )
    if not rows:
        return None
    board = session_scoreboard(session=session)
    names = [player.name for player in board.players]
    start = starting_points(session=session)
    hands = [
        SlipHand(
            position=row.position,
            view=hand_view(payload=row.hand.payload, result=hand_outcome(row.hand), names=names),
            dora=_indicators(row.hand.payload, "dora_indicators"),
            ura=_indicators(row.hand.payload, "ura_indicators"),
            seats=[
                (str(labels.seat_wind(seat)), points, start + total)
                for seat, (points, total) in enumerate(
                    zip(row.points, row.points_total, strict=True)
                )
            ],
        )
        for row in board.rows
    ]
    position_of = {row.hand.pk: row.position for row in board.rows}
    points_of = {row.hand.pk: row.points for row in board.rows}
    penalties = [
        SlipPenalty(
            hand=position_of[penalty.hand_id],
            kind=str(penalty.get_kind_display()),
            cause=labels.label(labels.FAULTS, penalty.cause),
            seat_wind=str(labels.seat_wind(penalty.seat)),
            name=names[penalty.seat],
            points=points_of[penalty.hand_id][penalty.seat],
        )
        for penalty in Penalty.objects.filter(session=session).order_by("hand__ordinal", "seat")
        # Penalties of voided or corrected hands are not part of the live game.
        if penalty.hand_id in position_of
    ]
    closed_at = rows[0].posting.created_at
    pays = session_pays(session)
    return SessionSlip(
        session=session,
        closed_at=closed_at,
        business_day=business_day_of(parlor=session.parlor, moment=closed_at),
        seats=[_seat(row, session) for row in rows],
        penalties=penalties,
        hands=hands,
        names=names,
        pays=pays,
        pays_text=game_pays_text(pays),
    )


@contextmanager
def slip_locale(*, session: Session, language: str = "") -> Iterator[None]:
    """Build and render a slip inside this: ``language`` (default the active one), parlor time.

    The slip's labels (winds, yaku, causes) are worded when it is built, so both steps
    must run in the language it is printed in.
    """
    zone = ZoneInfo(session.parlor.time_zone)
    chosen = language or translation.get_language() or settings.LANGUAGE_CODE
    with translation.override(chosen), timezone.override(zone):
        yield


def slip_html(*, slip: SessionSlip, paper: Paper) -> str:
    """The slip's HTML in the active language and time zone (see ``slip_locale``)."""
    session = slip.session
    return render_to_string(
        TEMPLATE,
        {
            "slip": slip,
            "session": session,
            "parlor": session.parlor,
            "paper": str(paper),
            "currency": session.parlor.currency_code,
            "generated_at": timezone.localtime(),
            "LANGUAGE_CODE": translation.get_language(),
        },
    )


def _tile_fetcher(fallback: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """WeasyPrint's URL fetcher, answering the tile pictures from ``tile_svg``."""

    def fetch(url: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        path = urlsplit(url).path
        if path.startswith(TILE_URL_PREFIX) and path.endswith(".svg"):
            code = path[len(TILE_URL_PREFIX) : -len(".svg")]
            return {"string": tile_svg(code).encode(), "mime_type": "image/svg+xml"}
        return fallback(url, *args, **kwargs)

    return fetch


def slip_pdf(*, slip: SessionSlip, paper: Paper) -> bytes:
    """The slip as PDF (A4 or an 80 mm roll), tiles drawn as paths."""
    document = slip_layout(slip=slip, paper=paper)
    pdf = document.write_pdf()
    assert pdf is not None  # write_pdf returns bytes when given no target
    return bytes(pdf)


# CSS pixels per millimetre (WeasyPrint lays out in CSS pixels, 96 per inch).
PX_PER_MM = 96 / 25.4
RECEIPT_MARGIN_MM = 3


def slip_layout(*, slip: SessionSlip, paper: Paper) -> Any:
    """WeasyPrint's laid-out document of the slip (its pages and boxes; tests read them)."""
    return html_layout(slip_html(slip=slip, paper=paper), paper)


def html_layout(text: str, paper: Paper) -> Any:
    """WeasyPrint's laid-out document of a slip's HTML (a session's or a visit's).

    The receipt is laid out once on a 2 m roll to measure its content, then again on a
    page exactly that long: a roll printer cuts where the slip ends, not two metres on.
    """
    try:
        import weasyprint
    except (ImportError, OSError) as error:
        raise RuntimeError(f"PDF slips need WeasyPrint and the Pango libraries: {error}") from error

    def laid_out(html: str) -> Any:
        return weasyprint.HTML(
            string=html,
            base_url="http://slip.invalid/",
            url_fetcher=_tile_fetcher(weasyprint.default_url_fetcher),
        ).render()

    document = laid_out(text)
    if paper != Paper.RECEIPT:
        return document
    root = document.pages[0]._page_box.children[0]
    length = root.margin_height() / PX_PER_MM + 2 * RECEIPT_MARGIN_MM + 1
    cut = f"<style>@page receipt {{ size: 80mm {length:.1f}mm; }}</style></head>"
    return laid_out(text.replace("</head>", cut, 1))
