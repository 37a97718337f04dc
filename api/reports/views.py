"""Background jobs in the API: exports (request, state and progress, download) and closes.

- ``POST /api/exports/``: request an export; 202 with the job (queued).
- ``GET /api/exports/``, ``GET /api/exports/{id}/``: state and progress.
- ``GET /api/exports/{id}/download/``: the file once done (409 ``export_not_ready`` before).
- ``POST /api/sessions/{id}/close-job/``: close the session in the background; 202 with
  the close's state. ``GET`` the same URL: the state (``idle``, ``queued``, ``failed``
  with the error, ``done``). Managers only.

Staff and managers export their parlors' books; a player's login may ask only
for its own statement and sees only the jobs it asked for. A job of another
parlor is 404, and a request naming another parlor or its player is 400 (they
do not exist for the user). See docs/jobs.md and docs/permissions.md.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import FileResponse, Http404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError, ErrorSerializer
from api.pagination import ApiPagination
from api.permissions import RolePermission
from api.reports.serializers import (
    CloseJobSerializer,
    CloseRequestSerializer,
    ExportJobSerializer,
    ExportRequestSerializer,
)
from api.scoping import books, member_player
from ledger.errors import LedgerErrorCode, RequestErrorCode
from ledger.models import Session
from ledger.settle.closing_selectors import session_close_state
from ledger.settle.queue import close_enqueue
from parlor import policy
from parlor.models import Player
from parlor.policy import Action
from reports.download import export_file_response, export_is_ready
from reports.models import ExportJob, ExportKind, ExportScope
from reports.queue import export_enqueue
from reports.services import ExportRequestError, export_request


def acting_user(request: Request) -> User:
    # RolePermission has let only signed-in users with a role through.
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user


class ExportJobViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[ExportJob]
):
    """Exports of the books (CSV, XLSX, PDF statements) built by a worker."""

    serializer_class = ExportJobSerializer
    pagination_class = ApiPagination
    permission_classes = [RolePermission]
    roles_by_action = {
        "read": Action.EXPORT_OWN,
        "create": Action.EXPORT_OWN,
        "download": Action.EXPORT_OWN,
    }

    def get_queryset(self) -> QuerySet[ExportJob]:
        """Every job of the parlors whose books the user exports; elsewhere, only its own."""
        user = self.request.user
        jobs = ExportJob.objects.select_related("requested_by").order_by("-requested_at", "-pk")
        books_ids = policy.allowed_parlor_ids(user, Action.EXPORT_BOOKS)
        if books_ids is None:
            return jobs
        own_ids = policy.allowed_parlor_ids(user, Action.EXPORT_OWN) or frozenset()
        return jobs.filter(
            Q(parlor_id__in=books_ids) | Q(parlor_id__in=own_ids, requested_by_id=user.pk)
        )

    @extend_schema(
        request=ExportRequestSerializer,
        responses={202: ExportJobSerializer, 400: ErrorSerializer, 403: ErrorSerializer},
        description="Queue an export; poll the job for its progress, then download it.",
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = ExportRequestSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        player: Player | None = data.get("player")
        parlor = data.get("parlor") or (player.parlor if player is not None else None)
        if parlor is None:
            raise ApiError(
                status_code=400,
                code=LedgerErrorCode.BAD_EXPORT,
                message="name the parlor",
                field="parlor",
            )
        self._check_own_statement(request, data, parlor.pk)
        try:
            job = export_request(
                kind=data["kind"], scope=data["scope"], format=data["format"], parlor=parlor,
                player=player, date_from=data.get("date_from"), date_to=data.get("date_to"),
                language=data.get("language", ""),
                by=acting_user(request),
            )  # fmt: skip
        except ExportRequestError as error:
            raise ApiError(
                status_code=400, code=error.code, message=error.message, field=error.field
            ) from None
        export_enqueue(job=job)
        job.refresh_from_db()
        body = ExportJobSerializer(job, context=self.get_serializer_context()).data
        return Response(body, status=status.HTTP_202_ACCEPTED)

    def _check_own_statement(self, request: Request, data: dict[str, Any], parlor_id: int) -> None:
        """Who may export: the policy's ``EXPORT_BOOKS``, or ``EXPORT_OWN`` for one's statement."""
        if policy.allows(request.user, Action.EXPORT_BOOKS, parlor_id=parlor_id):
            return
        own = member_player(request.user)
        if (
            own is not None
            and data["kind"] == ExportKind.STATEMENTS
            and data["scope"] == ExportScope.PLAYER
            and data.get("player") == own
        ):
            policy.check(request.user, Action.EXPORT_OWN, parlor_id=parlor_id)
            return
        raise ApiError(
            status_code=403,
            code=RequestErrorCode.NOT_ALLOWED,
            message="a player may export only their own statement (kind statements, scope"
            " player, their own player)",
        )

    @extend_schema(
        responses={(200, "application/octet-stream"): bytes, 409: ErrorSerializer},
        description="The export's file (CSV, XLSX, PDF, or a ZIP of PDFs), once it is done.",
    )
    @action(detail=True, methods=["get"], url_name="download")
    def download(self, request: Request, pk: str) -> FileResponse:
        job = self.get_object()
        if not export_is_ready(job):
            raise ApiError(
                status_code=409,
                code=RequestErrorCode.EXPORT_NOT_READY,
                message=f"export {job.pk} is {job.state}; download it once it is done",
            )
        return export_file_response(job)


class SessionCloseJobView(APIView):
    """The background close of one session: ask for it (202) or read its state."""

    permission_classes = [RolePermission]
    roles_by_action = {"read": Action.VIEW_BOOKS, "write": Action.CLOSE_SESSION}

    def _session(self, request: Request, session_pk: int, action: Action) -> Session:
        """Another parlor's session is 404; the role in its parlor is the policy's (403)."""
        session = books(Session.objects.all(), request.user).filter(pk=session_pk).first()
        if session is None:
            raise Http404("No such session.")
        policy.check(request.user, action, parlor_id=session.parlor_id)
        return session

    @extend_schema(responses={200: CloseJobSerializer})
    def get(self, request: Request, session_pk: int) -> Response:
        state = session_close_state(session=self._session(request, session_pk, Action.VIEW_BOOKS))
        return Response(CloseJobSerializer(state).data)

    @extend_schema(
        request=CloseRequestSerializer,
        responses={202: CloseJobSerializer},
        description="Queue the session's close: the game end, money at the rate, the fee. "
        "Idempotent: a closed session stays as it is. A refused close leaves the session "
        "open and the state 'failed' with the error.",
    )
    def post(self, request: Request, session_pk: int) -> Response:
        form = CloseRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        stop = form.validated_data["stop"]
        action = Action.STOP_SESSION if stop else Action.CLOSE_SESSION
        state = close_enqueue(
            session=self._session(request, session_pk, action),
            by=acting_user(request),
            stop=stop,
        )
        return Response(CloseJobSerializer(state).data, status=status.HTTP_202_ACCEPTED)
