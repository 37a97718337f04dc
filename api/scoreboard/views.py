"""``GET /api/scoreboard/{token}/``: a parlor's open tables for its screen, by secret link.

No login: the token (``ledger.models.ScoreboardLink``) is the key, and a
manager rotates it. The body holds no money. It carries an ``ETag``; a
request whose ``If-None-Match`` names it gets ``304 Not Modified`` and no
body, so a screen polling every second costs little. ``?lang=ja`` (or the
browser's language) picks the labels' language.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.templatetags.static import static
from django.utils import translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ledger.models import ScoreboardLink
from ledger.templatetags.ledger_tiles import tile_codes
from scoreboard.selectors import (
    TableView,
    parlor_scoreboard,
    scoreboard_link_of,
    scoreboard_waiting,
)
from scoreboard.views import requested_language
from words import labels
from words.hand_view import WinView

WIND_LETTERS = "ESWN"


def _tiles(text: Any) -> list[dict[str, str]]:
    codes = tile_codes(str(text)) if text else None
    return [{"code": code, "src": static(f"ledger/tiles/{code}.svg")} for code in codes or []]


def _win(win: WinView) -> dict[str, Any]:
    record = win.record
    return {
        "winner": win.winner,
        "discarder": win.discarder,
        "yaku": [{"name": line.name, "value": line.value} for line in win.yaku],
        "value": win.value,
        "limit": win.limit,
        "points": win.total,
        "hand": _tiles(record.get("hand")),
        "melds": [_tiles(meld.get("tiles")) for meld in record.get("melds") or []],
        "win_tile": _tiles(record.get("win_tile")),
    }


def table_body(table: TableView) -> dict[str, Any]:
    state = table.state
    wind = WIND_LETTERS.index(state.round_wind) if state.round_wind in WIND_LETTERS else 0
    last = table.last_hand
    return {
        "session": table.session_id,
        "table": table.table,
        "ruleset": table.ruleset,
        "round": {
            "wind": state.round_wind,
            "wind_label": str(labels.WINDS[wind]),
            "hand": state.round_hand,
        },
        "dealer": state.dealer,
        "honba": state.honba,
        "sticks": state.sticks,
        "hands_played": table.hands_played,
        "game_over": table.game_over,
        "seats": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "points": seat.points,
                "chips": seat.chips,
                "dealer": seat.is_dealer,
                "place": seat.place,
            }
            for seat in table.seats
        ],
        "last_hand": None
        if last is None
        else {
            "number": last.ordinal,
            "kind": last.view.kind,
            "kind_label": last.view.kind_label,
            "summary": last.view.summary,
            "wins": [_win(win) for win in last.view.wins],
            "game_ends": last.view.game_ends,
        },
    }


def scoreboard_body(link: ScoreboardLink) -> dict[str, Any]:
    return {
        "parlor": link.parlor.name,
        "tables": [table_body(table) for table in parlor_scoreboard(parlor=link.parlor)],
        "waiting": scoreboard_waiting(parlor=link.parlor),
    }


def body_etag(body: dict[str, Any]) -> str:
    encoded = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    return f'"{hashlib.sha256(encoded).hexdigest()[:32]}"'


class TileSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    src = serializers.CharField(help_text="The tile's picture (SVG).")


class ScoreboardWinSerializer(serializers.Serializer[Any]):
    winner = serializers.CharField()
    discarder = serializers.CharField(allow_null=True)
    yaku = serializers.ListField(child=serializers.DictField(child=serializers.CharField()))
    value = serializers.CharField()
    limit = serializers.CharField()
    points = serializers.IntegerField()
    hand = TileSerializer(many=True)
    melds = serializers.ListField(child=TileSerializer(many=True))
    win_tile = TileSerializer(many=True)


class ScoreboardLastHandSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    kind_label = serializers.CharField()
    summary = serializers.CharField()
    wins = ScoreboardWinSerializer(many=True)
    game_ends = serializers.ListField(child=serializers.CharField())


class ScoreboardSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    chips = serializers.IntegerField()
    dealer = serializers.BooleanField(help_text="Never once the game is over.")
    place = serializers.IntegerField(
        allow_null=True,
        help_text="The seat's final place (1 for first) once the game is over; null before."
        " Its points are then the final score, with the sticks left on the table to first"
        " where the rules give them.",
    )


class ScoreboardRoundSerializer(serializers.Serializer[Any]):
    wind = serializers.CharField()
    wind_label = serializers.CharField()
    hand = serializers.IntegerField(allow_null=True)


class ScoreboardTableSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField()
    table = serializers.CharField()
    ruleset = serializers.CharField()
    round = ScoreboardRoundSerializer()
    dealer = serializers.IntegerField()
    honba = serializers.IntegerField()
    sticks = serializers.IntegerField()
    hands_played = serializers.IntegerField()
    game_over = serializers.BooleanField()
    seats = ScoreboardSeatSerializer(many=True)
    last_hand = ScoreboardLastHandSerializer(allow_null=True)


class ScoreboardWaitingSerializer(serializers.Serializer[Any]):
    game = serializers.CharField(help_text="The ruleset configuration and the rate's name.")
    count = serializers.IntegerField()
    names = serializers.ListField(
        child=serializers.CharField(),
        help_text="In queue order; empty unless the manager shows the names (floor options).",
    )


class ScoreboardSerializer(serializers.Serializer[Any]):
    parlor = serializers.CharField()
    tables = ScoreboardTableSerializer(many=True)
    waiting = ScoreboardWaitingSerializer(many=True)


class ScoreboardView(APIView):
    """The parlor's open tables: seats, points, chips, dealer, round, honba, sticks, last hand."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("lang", OpenApiTypes.STR, enum=["en", "ja"], required=False),
            OpenApiParameter(
                "If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False
            ),
        ],
        responses={200: ScoreboardSerializer, 304: None, 404: None},
        auth=[],
    )
    def get(self, request: Request, token: str) -> Response:
        link = scoreboard_link_of(token)
        with translation.override(requested_language(request)):
            body = scoreboard_body(link)
        etag = body_etag(body)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if etag in request.headers.get("If-None-Match", ""):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        return Response(body, headers=headers)
