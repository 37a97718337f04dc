"""Sessions: open (desk), list and read (desk), close and mark settled (managers), balances."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from api.books.serializers import SettlementSerializer
from api.errors import WRITE_ERRORS
from api.idempotency import IDEMPOTENCY_PARAMETER, idempotent, rolls_back_whole
from api.permissions import acting_user
from api.play.filters import SessionFilter
from api.play.serializers.sessions import (
    SessionBalancesSerializer,
    SessionOpenSerializer,
    SessionSerializer,
)
from api.play.views.bodies import session_balances_body
from api.scoping import books
from api.viewsets import ApiDefaults
from ledger.models import Session
from ledger.play.listings import sessions_with_seats
from ledger.play.session_selectors import session_row, session_with_accounts
from ledger.play.sessions import session_mark_settled, session_open
from ledger.settle.settlements import session_close
from parlor import policy
from parlor.policy import Action


class SessionViewSet(
    ApiDefaults, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet[Session]
):
    """Games at tables. Staff open them and record their hands; managers close them."""

    serializer_class = SessionSerializer
    filterset_class = SessionFilter
    roles_by_action = {
        "list": Action.VIEW_BOOKS,
        "retrieve": Action.VIEW_BOOKS,
        "balances": Action.VIEW_BOOKS,
        "create": Action.OPEN_SESSION,
        "close": Action.CLOSE_SESSION,
        "mark_settled": Action.MARK_SETTLED,
    }

    def get_queryset(self) -> QuerySet[Session]:
        """The sessions of the parlors where the user sees the books (others: 404)."""
        return books(sessions_with_seats(), self.request.user).order_by("-opened_at", "-pk")

    def get_object(self) -> Session:
        """Another parlor's session is 404; the role in its parlor is the policy's (403).

        The state is the service's to judge (closing a closed session returns its
        settlement again), so only the parlor and the role are asked here.
        """
        return self._seen(super().get_object())

    def _seen(self, session: Session | None) -> Session:
        """``get_object``'s answer for a session however it was read: 404 where the user does
        not see the books (as the scoped queryset), the policy's refusal for the role."""
        if session is None or not policy.allows(
            self.request.user, Action.VIEW_BOOKS, parlor_id=session.parlor_id
        ):
            raise Http404("No such session.")
        action = self.roles_by_action.get(self.action or "")
        if action is not None and action is not Action.VIEW_BOOKS:
            policy.check(self.request.user, action, parlor_id=session.parlor_id)
        return session

    def _render(self, session_id: int) -> dict[str, Any]:
        session = sessions_with_seats().get(pk=session_id)
        return SessionSerializer(session, context=self.get_serializer_context()).data

    @extend_schema(
        request=SessionOpenSerializer,
        responses={201: SessionSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Open a game: the table, the players in seat order (seat 0 deals first), "
        "the ruleset configuration and the rate (both copied onto the session).",
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        form = SessionOpenSerializer(data=request.data, context=self.get_serializer_context())
        form.is_valid(raise_exception=True)
        session = session_open(
            **form.validated_data,
            by=acting_user(request),
            savepoint=not rolls_back_whole(request),
        )
        # The session as written, its seats and players loaded: shown without a query.
        body = SessionSerializer(session, context=self.get_serializer_context()).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None,
        responses={200: SettlementSerializer(many=True), **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Settle the finished game in money: one settlement row per seat. "
        "Closing a closed session returns its settlement again.",
    )
    @action(detail=True, methods=["post"])
    @idempotent
    def close(self, request: Request, pk: str) -> Response:
        # The row alone: the service locks and reads what closing needs (seats included).
        session = self._seen(session_row(session_id=_session_id(pk)))
        rows = session_close(
            session=session, by=acting_user(request), savepoint=not rolls_back_whole(request)
        )
        return Response(SettlementSerializer(rows, many=True).data)

    @extend_schema(
        request=None,
        responses={200: SessionSerializer, **WRITE_ERRORS},
        parameters=[IDEMPOTENCY_PARAMETER],
        description="Record that a closed session's money changed hands; it is final then.",
    )
    @action(detail=True, methods=["post"], url_path="mark-settled")
    @idempotent
    def mark_settled(self, request: Request, pk: str) -> Response:
        session = session_mark_settled(session=self.get_object(), by=acting_user(request))
        return Response(self._render(session.pk))

    @extend_schema(responses={200: SessionBalancesSerializer})
    @action(detail=True, methods=["get"], pagination_class=None, filterset_class=None)
    def balances(self, request: Request, pk: str) -> Response:
        """Each seat's net in this session (points relative to the start), and the pot."""
        found = session_with_accounts(session_id=_session_id(pk))  # one query: all it needs
        session = self._seen(found[0] if found else None)
        accounts = found[1] if found else None
        return Response(session_balances_body(session=session, accounts=accounts))


def _session_id(pk: str) -> int:
    """The URL's session id; anything but a number is no session (404), as DRF's lookup."""
    try:
        return int(pk)
    except ValueError:
        raise Http404("No such session.") from None
