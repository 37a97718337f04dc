"""The floor over the API: the desk's view, the waiting list, staff shifts and seat draws.

Every write takes an ``Idempotency-Key``; who may is the policy's ``RUN_FLOOR``
(opening a drawn table asks ``OPEN_SESSION`` too). A draw's body names the table and
the game only: the players are the desk's proposal and the seats the operating
system's draw, so no field chooses an outcome (docs/floor.md).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import WRITE_ERRORS
from api.floor.serializers import (
    ClockInSerializer,
    FloorSerializer,
    ParlorQuerySerializer,
    PauseInputSerializer,
    QueueJoinSerializer,
    SeatDrawInputSerializer,
    SeatDrawSerializer,
    SessionPauseSerializer,
    StaffShiftSerializer,
    WaitingEntrySerializer,
)
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from api.parsers import SafeJSONParser
from api.permissions import RolePermission, acting_user
from api.play.serializers.sessions import SessionSerializer
from api.viewsets import ApiDefaults
from ledger.floor.pauses import pause_end, pause_start
from ledger.floor.selectors import floor_now
from ledger.floor.services import (
    queue_join,
    queue_leave,
    seat_draw,
    seat_draw_confirm,
    shift_clock_in,
    shift_clock_out,
)
from ledger.models import SeatDraw, Session, SessionPause, StaffShift, WaitingEntry
from ledger.play.listings import sessions_with_seats
from parlor import policy
from parlor.models import Parlor
from parlor.policy import Action


def floor_parlor(request: Request, action: Action = Action.RUN_FLOOR) -> Parlor:
    """The ``?parlor=`` of the request, where the user may do ``action`` (else 404)."""
    query = ParlorQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    parlor = Parlor.objects.filter(pk=query.validated_data["parlor"]).first()
    if parlor is None or not policy.allows(request.user, action, parlor_id=parlor.pk):
        raise Http404("No such parlor.")
    return parlor


class FloorView(APIView):
    """The desk's view of a parlor's floor now: queues, staff, free tables, draws, proposals."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.RUN_FLOOR}

    @extend_schema(parameters=[ParlorQuerySerializer], responses={200: FloorSerializer})
    def get(self, request: Request) -> Response:
        floor = floor_now(parlor=floor_parlor(request))
        return Response(FloorSerializer(floor, context={"now": floor.now}).data)


class WaitingEntryViewSet(
    ApiDefaults, mixins.ListModelMixin, mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[WaitingEntry],
):  # fmt: skip
    """Players waiting for a game, each queue in order (``?all=true``: those who left too)."""

    serializer_class = WaitingEntrySerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.RUN_FLOOR, "write": Action.RUN_FLOOR}

    def get_queryset(self) -> QuerySet[WaitingEntry]:
        rows = WaitingEntry.objects.select_related("player", "added_by").order_by(
            "ruleset_config_id", "rate_id", "joined_at", "pk"
        )
        if self.action == "list" and self.request.query_params.get("all") != "true":
            rows = rows.filter(left_at__isnull=True)
        return policy.scoped_to(rows, self.request.user, Action.RUN_FLOOR)

    def get_serializer_context(self) -> dict[str, Any]:
        return {**super().get_serializer_context(), "now": timezone.now()}

    @extend_schema(
        request=QueueJoinSerializer,
        responses={201: WaitingEntrySerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Put a checked-in player at the end of a game's queue (409 "
        "not_checked_in, already_waiting).",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = QueueJoinSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        entry = queue_join(**form.validated_data, by=acting_user(request))
        body = WaitingEntrySerializer(entry, context=self.get_serializer_context()).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={200: WaitingEntrySerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="The player leaves the queue (409 not_waiting if they had).",
    )
    @action(detail=True, methods=["post"])
    @idempotent
    def leave(self, request: Request, pk: str) -> Response:
        entry = queue_leave(entry=self.get_object(), by=acting_user(request))
        return Response(WaitingEntrySerializer(entry, context=self.get_serializer_context()).data)


class StaffShiftViewSet(ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[StaffShift]):
    """Staff on the floor (open shifts first), clocked in and out by the desk."""

    serializer_class = StaffShiftSerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.RUN_FLOOR, "write": Action.RUN_FLOOR}

    def get_queryset(self) -> QuerySet[StaffShift]:
        rows = StaffShift.objects.select_related("user", "player").order_by("-clocked_in_at", "-pk")
        return policy.scoped_to(rows, self.request.user, Action.RUN_FLOOR)

    @extend_schema(
        request=ClockInSerializer,
        responses={201: StaffShiftSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Clock a staff member in; they may be proposed to fill a seat.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = ClockInSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        shift = shift_clock_in(**form.validated_data, by=acting_user(request))
        return Response(StaffShiftSerializer(shift).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={200: StaffShiftSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
    )
    @action(detail=True, methods=["post"], url_path="clock-out")
    @idempotent
    def clock_out(self, request: Request, pk: str) -> Response:
        """Clock the staff member out (409 shift_not_open if they were)."""
        shift = shift_clock_out(shift=self.get_object(), by=acting_user(request))
        return Response(StaffShiftSerializer(shift).data)


class SeatDrawViewSet(
    ApiDefaults, mixins.ListModelMixin, mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[SeatDraw],
):  # fmt: skip
    """Every seat draw and re-draw, newest first, with who drew and why."""

    serializer_class = SeatDrawSerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.RUN_FLOOR, "write": Action.RUN_FLOOR}

    def get_queryset(self) -> QuerySet[SeatDraw]:
        rows = SeatDraw.objects.select_related("drawn_by").order_by("-drawn_at", "-pk")
        return policy.scoped_to(rows, self.request.user, Action.RUN_FLOOR)

    @extend_schema(
        request=SeatDrawInputSerializer,
        responses={201: SeatDrawSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Draw the seats of the desk's proposal for a free table and a game "
        "(409 no_proposal without one). While the table has a draw, this is a re-draw and "
        "needs a reason.",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = SeatDrawInputSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        drawn = seat_draw(**form.validated_data, by=acting_user(request))
        return Response(SeatDrawSerializer(drawn).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={201: SessionSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Open the session of the draw with its seats (409 draw_stale when it "
        "was drawn again or opened, or a player left the queue).",
    )
    @action(detail=True, methods=["post"], url_path="open")
    @idempotent
    def open_session(self, request: Request, pk: str) -> Response:
        session = seat_draw_confirm(draw=self.get_object(), by=acting_user(request))
        body = SessionSerializer(sessions_with_seats().get(pk=session.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


class SessionPauseViewSet(
    ApiDefaults, mixins.ListModelMixin, viewsets.GenericViewSet[SessionPause]
):
    """Pauses in the tables' time, newest first: the desk pauses a playing table and resumes it."""

    serializer_class = SessionPauseSerializer
    parser_classes = [SafeJSONParser]
    roles_by_action = {"read": Action.RUN_FLOOR, "write": Action.RUN_FLOOR}

    def get_queryset(self) -> QuerySet[SessionPause]:
        rows = SessionPause.objects.select_related("started_by", "ended_by").order_by(
            "-started_at", "-pk"
        )
        return policy.scoped_to(rows, self.request.user, Action.RUN_FLOOR, "session__parlor")

    def _session(self, request: Request) -> Session:
        form = PauseInputSerializer(data=request.data, context={"request": request})
        form.is_valid(raise_exception=True)
        session: Session = form.validated_data["session"]
        return session

    @extend_schema(
        request=PauseInputSerializer,
        responses={201: SessionPauseSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Pause an open session's table time from now (409 already_paused, "
        "session_not_open).",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        pause = pause_start(session=self._session(request), by=acting_user(request))
        return Response(SessionPauseSerializer(pause).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=PauseInputSerializer,
        responses={200: SessionPauseSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Resume the session's table time (409 not_paused).",
    )
    @action(detail=False, methods=["post"])
    @idempotent
    def resume(self, request: Request) -> Response:
        pause = pause_end(session=self._session(request), by=acting_user(request))
        return Response(SessionPauseSerializer(pause).data)
