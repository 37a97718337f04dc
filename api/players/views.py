"""The data of a player's own pages: ``/api/me/sessions/``, ``/api/me/sessions/{id}/``,
``/api/me/days/``.

Any login linked to a player (``Player.user``) reads its own: the sessions it
sat in (with its own result), one session's live hands with the tiles as
entered, every seat's name, points and chips at that table (never their
money), and its money per business day. A session it did not sit in is 404.
The login reads them only while it is a member of its player's parlor
(``api.scoping.member_player``).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.pagination import ApiPagination
from api.scoping import member_player
from ledger.books.balances import session_scoreboard
from ledger.models import Session, Settlement
from ledger.play.engine_results import hand_outcome
from ledger.play.games import starting_points
from parlor.models import Player
from players.selectors import (
    player_days,
    player_results,
    player_session,
    player_sessions,
    session_placements,
)


def own_player(request: Request) -> Player:
    player = member_player(request.user)
    if player is None:
        raise PermissionDenied("no player is linked to this login")
    return player


class OwnResultSerializer(serializers.Serializer[Settlement]):
    placement = serializers.IntegerField()
    final_score = serializers.IntegerField()
    points = serializers.IntegerField()
    chips = serializers.IntegerField()
    money = serializers.IntegerField()
    fee = serializers.IntegerField()
    net_money = serializers.IntegerField()


class TableSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    is_me = serializers.BooleanField()


class MySessionSerializer(serializers.Serializer[Session]):
    id = serializers.IntegerField(source="pk")
    table = serializers.CharField(source="table.name")
    ruleset_config = serializers.CharField(source="ruleset_config.name")
    state = serializers.CharField()
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    seats = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()

    @extend_schema_field(TableSeatSerializer(many=True))
    def get_seats(self, session: Session) -> Any:
        me = self.context["player"].pk
        seats = [
            {"seat": seat.seat, "name": seat.player.name, "is_me": seat.player_id == me}
            for seat in session.seats.all()
        ]
        return TableSeatSerializer(seats, many=True).data

    @extend_schema_field(OwnResultSerializer(allow_null=True))
    def get_result(self, session: Session) -> Any:
        """The player's own live settlement; null while the session is open."""
        result = self.context["results"].get(session.pk)
        return None if result is None else OwnResultSerializer(result).data


class HandSeatSerializer(serializers.Serializer[Any]):
    points = serializers.IntegerField(help_text="This hand's change.")
    score = serializers.IntegerField(help_text="The seat's points after the hand.")
    chips = serializers.IntegerField(help_text="The seat's chips after the hand.")


class MyHandSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    payload = serializers.JSONField(help_text="The hand as entered: tiles, winners, riichi.")
    yaku = serializers.ListField(
        child=serializers.ListField(child=serializers.DictField()),
        help_text="Per win, the engine's yaku lines.",
    )
    seats = HandSeatSerializer(many=True)


class MySessionDetailSerializer(serializers.Serializer[Any]):
    session = MySessionSerializer()
    placements = serializers.DictField(child=serializers.IntegerField())
    hands = MyHandSerializer(many=True)


class MyDaySerializer(serializers.Serializer[Any]):
    day = serializers.DateField()
    games = serializers.IntegerField()
    points = serializers.IntegerField()
    chips = serializers.IntegerField()
    money = serializers.IntegerField()
    fee = serializers.IntegerField()
    net_money = serializers.IntegerField()


class MySessionsView(APIView):
    """The sessions the signed-in player sat in, newest first, with their own result."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MySessionSerializer(many=True))
    def get(self, request: Request) -> Response:
        player = own_player(request)
        paginator = ApiPagination()
        page = paginator.paginate_queryset(player_sessions(player=player), request, view=self)
        sessions = list(page or [])
        results = player_results(player=player, sessions=[s.pk for s in sessions])
        context = {"player": player, "results": results}
        data = MySessionSerializer(sessions, many=True, context=context).data  # type: ignore[arg-type]
        return paginator.get_paginated_response(data)


class MySessionView(APIView):
    """One of the player's sessions: seats, placements and every live hand."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MySessionDetailSerializer)
    def get(self, request: Request, session_pk: int) -> Response:
        player = own_player(request)
        session = player_session(player=player, session_id=session_pk)
        if session is None:
            raise Http404
        board = session_scoreboard(session=session)
        start = starting_points(session=session)
        hands = [
            {
                "number": row.hand.ordinal,
                "kind": row.hand.kind,
                "payload": row.hand.payload,
                "yaku": [
                    [entry.to_json() for entry in win.score.yaku]
                    for win in hand_outcome(row.hand).wins
                ],
                "seats": [
                    {"points": points, "score": start + total, "chips": chips}
                    for points, total, chips in zip(
                        row.points, row.points_total, row.chips_total, strict=True
                    )
                ],
            }
            for row in board.rows
        ]
        context = {
            "player": player,
            "results": player_results(player=player, sessions=[session.pk]),
        }
        body = {
            "session": MySessionSerializer(session, context=context).data,
            "placements": {str(k): v for k, v in session_placements(session=session).items()},
            "hands": MyHandSerializer(hands, many=True).data,
        }
        return Response(body)


class MyDaysView(APIView):
    """The player's closed games summed per business day, newest first."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MyDaySerializer(many=True))
    def get(self, request: Request) -> Response:
        days = player_days(player=own_player(request))
        rows = [
            {
                "day": day.day,
                "games": day.games,
                "points": day.points,
                "chips": day.chips,
                "money": day.money,
                "fee": day.fee,
                "net_money": day.net_money,
            }
            for day in days
        ]
        return Response(MyDaySerializer(rows, many=True).data)
