"""The parlor's admin: parlors, players, tables, rulesets, rates and memberships.

As in the ledger admin (``ledger.admin.roles``), every list is the user's
parlors' and every permission is the policy's (``parlor/policy.py``): players
are the desk's (``EDIT_PLAYERS``; deleting one is ``DELETE_PLAYERS``), tables,
rulesets and rates the managers' (``EDIT_TABLES``, ``EDIT_RULESETS``,
``EDIT_RATES``), memberships too (``MANAGE_MEMBERS``). A form's parlor
choices are the parlors where the user may do that, so nothing is created
in, or moved into, another parlor. Parlors themselves are added, renamed and
deleted by superusers only (no row of the policy's table gives it to a role).
"""

from typing import Any, ClassVar, TypeVar

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.db.models.fields.related import ForeignKey
from django.forms import ModelChoiceField
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from parlor import policy
from parlor.access import is_superuser
from parlor.admin_columns import amount_column
from parlor.admin_logins import player_login_view
from parlor.admin_scope import ScopedAdmin, may_anywhere
from parlor.forms import BUILT_FOR, PlayerAdminForm, ruleset_config_form
from parlor.models import Membership, Parlor, Player, PlayerClass, Rate, RulesetConfig, Table
from parlor.policy import Action
from parlor.services.logins import LoginRefusal, link_login
from parlor.services.players import accounts_of_parlors, login_accounts
from parlor.services.ruleset_options import HAND, configurable_rulesets, option_specs
from words import labels


@admin.register(Parlor)
class ParlorAdmin(ScopedAdmin[Parlor]):
    list_display = ["name", "currency_code", "time_zone"]
    search_fields = ["name"]
    parlor_path = "pk"
    view_action = Action.VIEW_RULES

    def has_add_permission(self, request: HttpRequest) -> bool:
        return is_superuser(request.user)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return is_superuser(request.user)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return is_superuser(request.user)


_ParlorOwned = TypeVar("_ParlorOwned", Player, Table, RulesetConfig, Rate, PlayerClass)


class ParlorOwnedAdmin(ScopedAdmin[_ParlorOwned]):
    list_select_related = ["parlor"]
    list_filter = [("parlor", admin.RelatedOnlyFieldListFilter), "is_active"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(ParlorOwnedAdmin[Player]):
    list_display = ["member_number", "name", "parlor", "contact", "is_active"]
    search_fields = ["member_number", "name", "contact"]
    edit_action = Action.EDIT_PLAYERS
    delete_action = Action.DELETE_PLAYERS

    form = PlayerAdminForm

    def formfield_for_dbfield(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        # The player's login: an account of the manager's parlors or of none, no other parlor's.
        if db_field.name == "user":
            kwargs["queryset"] = login_accounts(request.user)
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Player | None = None) -> Any:
        """The login is the managers' to link (LINK_LOGIN), a fee class theirs to give
        (EDIT_RATES); the desk sees both, read-only."""
        fields = list(super().get_readonly_fields(request, obj))
        # A class gives a fee discount: the managers' (EDIT_RATES), as the fees are.
        may_discount = (
            policy.allows(request.user, Action.EDIT_RATES, parlor_id=obj.parlor_id)
            if obj is not None
            else policy.may_anywhere(request.user, Action.EDIT_RATES)
        )
        if not may_discount:
            fields.append("fee_class")
        may_link = (
            policy.allows(request.user, Action.LINK_LOGIN, parlor_id=obj.parlor_id)
            if obj is not None
            else policy.may_anywhere(request.user, Action.LINK_LOGIN)
        )
        if obj is None:
            return fields if may_link else [*fields, "user"]
        return [*fields, "login_page"] if may_link else [*fields, "user"]

    @admin.display(description=_("login"))
    def login_page(self, obj: Player) -> str:
        """The login's name and the page that creates, resets and links it (LINK_LOGIN)."""
        name = obj.user.get_username() if obj.user is not None else ""
        url = reverse("admin:parlor_player_login", args=[obj.pk])
        words = _("Manage the login") if name else _("Create or link a login")
        return format_html('{} <a href="{}" id="player-login-link">{}</a>', name, url, words)

    def get_urls(self) -> list[URLPattern]:
        own = [
            path(
                "<path:object_id>/login/",
                self.admin_site.admin_view(self.login_view),
                name="parlor_player_login",
            )
        ]
        return own + super().get_urls()

    def login_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return player_login_view(self, request, object_id)

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        """A login chosen on the form is linked by the service: it makes the membership too."""
        wanted = obj.user if "user" in form.changed_data else None
        if "user" in form.changed_data:
            obj.user = Player.objects.get(pk=obj.pk).user if change else None
        super().save_model(request, obj, form, change)
        if "user" in form.changed_data:
            try:
                link_login(by=request.user, player=obj, login=wanted)
            except (LoginRefusal, policy.PolicyRefusal) as refused:
                messages.error(request, str(refused.message))


@admin.register(Table)
class TableAdmin(ParlorOwnedAdmin[Table]):
    list_display = ["name", "parlor", "is_active"]
    edit_action = delete_action = Action.EDIT_TABLES


# ledger.models.SessionState.OPEN: the parlor's admin reads sessions through the configuration's
# reverse relation only (the parlor room sits below the ledger's and imports nothing of it).
SESSION_OPEN = "open"


def open_sessions_of(config: RulesetConfig) -> list[Any]:
    """The open sessions (a reopened one too) that play by ``config``, with their tables."""
    return list(
        config.sessions.filter(state=SESSION_OPEN).select_related("table").order_by("pk")
    )


def open_sessions_keep_text(count: int) -> str:
    return ngettext(
        "%(count)d open session uses this configuration: it keeps the options it opened with."
        " Sessions opened from now on use the options saved here.",
        "%(count)d open sessions use this configuration: they keep the options they opened with."
        " Sessions opened from now on use the options saved here.",
        count,
    ) % {"count": count}


class RulesetFilter(admin.SimpleListFilter):
    """The rulesets by their names in the manager's language, never their slugs."""

    title = _("ruleset")
    parameter_name = "ruleset_slug"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(slug, str(name)) for slug, name in labels.RULESETS.items()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(ruleset_slug=self.value()) if self.value() else queryset


@admin.register(RulesetConfig)
class RulesetConfigAdmin(ParlorOwnedAdmin[RulesetConfig]):
    """Options as typed fields from the engine's schema (``parlor.forms``), not raw JSON."""

    list_display = ["name", "parlor", "ruleset", "is_active"]
    list_filter = [("parlor", admin.RelatedOnlyFieldListFilter), RulesetFilter, "is_active"]
    search_fields = ["name", "ruleset_slug"]
    view_action = Action.VIEW_RULES
    edit_action = delete_action = Action.EDIT_RULESETS

    change_form_template = "admin/parlor/rulesetconfig/change_form.html"

    @admin.display(description=_("engine ruleset"), ordering="ruleset_slug")
    def ruleset(self, config: RulesetConfig) -> str:
        return labels.label(labels.RULESETS, config.ruleset_slug)

    class Media:
        css = {"all": ["parlor/ruleset_form.css"]}
        js = ["parlor/ruleset_form.js"]

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The configuration's page names the open sessions that use it: they keep the
        options they opened with (docs/admin.md, "Ruleset configurations")."""
        config = self.get_object(request, unquote(object_id))
        sessions = [] if config is None else open_sessions_of(config)
        shown = {"open_sessions": sessions}
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **shown})

    def response_change(self, request: HttpRequest, obj: RulesetConfig) -> HttpResponse:
        count = len(open_sessions_of(obj))
        if count:
            messages.info(request, open_sessions_keep_text(count))
        return super().response_change(request, obj)

    def _slug(self, request: HttpRequest, obj: RulesetConfig | None) -> str:
        """The ruleset whose options the form shows: as posted, asked (?ruleset_slug=), stored."""
        known = configurable_rulesets()
        for asked in (request.POST.get("ruleset_slug"), request.GET.get("ruleset_slug")):
            if asked in known:
                return str(asked)
        return obj.ruleset_slug if obj is not None and obj.ruleset_slug in known else known[0]

    def get_form(
        self,
        request: HttpRequest,
        obj: RulesetConfig | None = None,
        change: bool = False,
        **kwargs: Any,
    ) -> Any:
        kwargs["form"] = ruleset_config_form(self._slug(request, obj))
        kwargs["fields"] = None  # every field of the form: the options come with it
        return super().get_form(request, obj, change, **kwargs)

    def get_fieldsets(self, request: HttpRequest, obj: RulesetConfig | None = None) -> Any:
        specs = option_specs(self._slug(request, obj))
        hand = [spec.field_name for spec in specs if spec.scope == HAND]
        game = [spec.field_name for spec in specs if spec.scope != HAND]
        return [
            (None, {"fields": ["parlor", "name", "ruleset_slug", "is_active", BUILT_FOR]}),
            (_("Hand rules (the engine's ruleset options)"), {"fields": hand}),
            (_("Game rules (length, uma and oka, chips, ties)"), {"fields": game}),
        ]


@admin.register(Rate)
class RateAdmin(ParlorOwnedAdmin[Rate]):
    list_display = [
        "name",
        "parlor",
        "point_unit",
        "money_per_unit_amount",
        "money_per_chip_amount",
        "game_fee_amount",
        "game_fee_payer",
        "top_fee_amount",
        "time_fee_amount",
        "points_only",
        "is_active",
    ]
    list_filter = [
        ("parlor", admin.RelatedOnlyFieldListFilter),
        "game_fee_payer",
        "points_only",
        "is_active",
    ]
    fieldsets = [
        (None, {"fields": ["parlor", "name", "is_active", "points_only"]}),
        (
            _("Points and chips in money"),
            {"fields": ["point_unit", "money_per_unit", "money_per_chip"]},
        ),
        (
            _("Fees (docs/fees.md)"),
            {
                "fields": [
                    "game_fee",
                    "game_fee_payer",
                    "top_fee",
                    "time_fee",
                    "time_fee_basis",
                    "time_fee_step_minutes",
                ]
            },
        ),
    ]
    top_fee_amount = amount_column(Rate, "top_fee", money_of=lambda r: r.parlor)
    time_fee_amount = amount_column(Rate, "time_fee", money_of=lambda r: r.parlor)
    money_per_unit_amount = amount_column(Rate, "money_per_unit", money_of=lambda r: r.parlor)
    money_per_chip_amount = amount_column(Rate, "money_per_chip", money_of=lambda r: r.parlor)
    game_fee_amount = amount_column(Rate, "game_fee", money_of=lambda r: r.parlor)
    view_action = Action.VIEW_RULES
    edit_action = delete_action = Action.EDIT_RATES


@admin.register(PlayerClass)
class PlayerClassAdmin(ParlorOwnedAdmin[PlayerClass]):
    """Player classes and their fee discounts (student, member tier, first visit): the
    managers', as the rates are (EDIT_RATES); the desk sees them."""

    list_display = [
        "name",
        "parlor",
        "percent_off",
        "amount_off_amount",
        "first_visit",
        "is_active",
    ]
    amount_off_amount = amount_column(PlayerClass, "amount_off", money_of=lambda c: c.parlor)
    view_action = Action.VIEW_BOOKS
    edit_action = delete_action = Action.EDIT_RATES


def member_choices(request: HttpRequest, action: Action = Action.MANAGE_MEMBERS) -> QuerySet[User]:
    """Accounts offered for ``action``: those of the user's parlors, and those of no parlor yet."""
    return accounts_of_parlors(request.user, action)


class MembershipFields:
    """The user choices of a membership form (the parlor's come from ``ScopedAdmin``)."""

    user_field: ClassVar[str] = "user"

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> ModelChoiceField[Any] | None:
        if db_field.name == "user":
            kwargs["queryset"] = member_choices(request)
        elif db_field.name == "parlor":
            kwargs["queryset"] = policy.scoped_to(
                Parlor.objects.all(), request.user, Action.MANAGE_MEMBERS, "pk"
            )
        field: ModelChoiceField[Any] | None = super().formfield_for_foreignkey(  # type: ignore[misc]
            db_field, request, **kwargs
        )
        return field


@admin.register(Membership)
class MembershipAdmin(MembershipFields, ScopedAdmin[Membership]):
    """A manager gives accounts a role in their own parlors (a superuser: in any)."""

    list_display = ["user", "parlor", "role"]
    list_filter = [("parlor", admin.RelatedOnlyFieldListFilter), "role"]
    list_select_related = ["user", "parlor"]
    search_fields = ["user__username", "user__first_name", "user__last_name"]
    view_action = edit_action = delete_action = Action.MANAGE_MEMBERS


class MembershipInline(MembershipFields, admin.TabularInline[Membership, User]):
    """The user's roles, one per parlor, on the user's page (only parlors one manages)."""

    model = Membership
    extra = 0
    fields = ["parlor", "role"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Membership]:
        return policy.scoped_to(super().get_queryset(request), request.user, Action.MANAGE_MEMBERS)

    def _manages(self, request: HttpRequest, obj: Any) -> bool:
        return may_anywhere(request, Action.MANAGE_MEMBERS)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._manages(request, obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._manages(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._manages(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._manages(request, obj)


class MemberUserAdmin(UserAdmin[User]):
    inlines = [*UserAdmin.inlines, MembershipInline]


admin.site.unregister(User)
admin.site.register(User, MemberUserAdmin)
