"""Admins whose rows are the user's parlors', every permission asked of ``parlor/policy.py``.

:class:`ScopedAdmin` lists only the rows of the parlors where the user may
do its ``view_action`` (``policy.scoped_to``); opening another parlor's row
by its URL answers 404, as the API does. Adding, changing and deleting are
its ``edit_action`` and ``delete_action`` in the row's parlor, and a form's
foreign-key choices are the parlors (and their rows) where the user may do
that: nothing is created in, or moved into, another parlor. The ledger's
admins (``ledger.admin.roles``) and the parlor's (``parlor.admin``) use it.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db.models import Model, QuerySet
from django.db.models.fields.related import ForeignKey
from django.forms import ModelChoiceField
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from parlor import policy
from parlor.models import Parlor
from parlor.policy import Action

_M = TypeVar("_M", bound=Model)


def may(
    request: HttpRequest, action: Action, *, parlor_id: int | None, state: str | None = None
) -> bool:
    return policy.allows(request.user, action, parlor_id=parlor_id, state=state)


def may_anywhere(request: HttpRequest, action: Action) -> bool:
    return policy.may_anywhere(request.user, action)


def parlor_id_of(obj: Any, parlor_path: str) -> int | None:
    """The id of the parlor ``obj`` belongs to, along ``parlor_path`` ("session__parlor", "pk")."""
    if parlor_path == "pk":
        return int(obj.pk)
    *hops, last = parlor_path.split("__")
    for hop in hops:
        obj = getattr(obj, hop, None)
        if obj is None:
            return None
    value = getattr(obj, f"{last}_id", None)
    return None if value is None else int(value)


def parlors_for(request: HttpRequest, action: Action) -> QuerySet[Parlor]:
    """The parlors where the user may do ``action``: a form's parlor choices."""
    return policy.scoped_to(Parlor.objects.all(), request.user, action, "pk")


class ScopedAdmin(admin.ModelAdmin[_M]):
    """An admin whose rows are the user's parlors' (``parlor_path``), decided by the policy.

    ``view_action`` lists and shows rows; ``edit_action`` adds and changes
    them (None: nobody, through the generic forms); ``delete_action``
    deletes them (None: nobody). ``parlor_actions`` names the action each
    foreign key's choices are scoped to (default ``edit_action``); the
    choices of a model with a parlor follow its ``parlor`` field.
    """

    parlor_path: ClassVar[str] = "parlor"
    view_action: ClassVar[Action] = Action.VIEW_BOOKS
    edit_action: ClassVar[Action | None] = None
    delete_action: ClassVar[Action | None] = None

    def get_queryset(self, request: HttpRequest) -> QuerySet[_M]:
        queryset = super().get_queryset(request)
        return policy.scoped_to(queryset, request.user, self.view_action, self.parlor_path)

    def _allows(self, request: HttpRequest, action: Action | None, obj: Any) -> bool:
        if action is None:
            return False
        if obj is None:
            return may_anywhere(request, action)
        return may(request, action, parlor_id=parlor_id_of(obj, self.parlor_path))

    def has_module_permission(self, request: HttpRequest) -> bool:
        return may_anywhere(request, self.view_action)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._allows(request, self.view_action, obj) or self.has_change_permission(
            request, obj
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self._allows(request, self.edit_action, None)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._allows(request, self.edit_action, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._allows(request, self.delete_action, obj)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        if self.delete_action is None:
            actions.pop("delete_selected", None)
        return actions

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        action = self.edit_action or self.view_action
        if db_field.related_model is Parlor:
            kwargs["queryset"] = parlors_for(request, action)
        elif hasattr(db_field.related_model, "parlor"):
            kwargs["queryset"] = policy.scoped_to(
                db_field.related_model._default_manager.all(), request.user, action
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def _found_or_404(self, request: HttpRequest, object_id: str) -> None:
        """Another parlor's row (or one the user's role may not see) answers 404, before the
        admin's model-wide permission check could answer 403 and tell it exists."""
        if self.get_object(request, unquote(object_id)) is None:
            raise Http404(_("Not found in the parlors you work in."))

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        self._found_or_404(request, object_id)
        return super().change_view(request, object_id, form_url, extra_context)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        self._found_or_404(request, object_id)
        return super().delete_view(request, object_id, extra_context)

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        self._found_or_404(request, object_id)
        return super().history_view(request, object_id, extra_context)

    def _get_obj_does_not_exist_redirect(
        self, request: HttpRequest, opts: Any, object_id: str
    ) -> Any:
        # Another parlor's row does not exist for this user: 404, as in the API (not the
        # admin's redirect to the index, which would tell a probe nothing else either).
        raise Http404(_("Not found in the parlors you work in."))
