"""The ruleset configuration form: one typed field per engine option, not raw JSON.

``ruleset_config_form(slug)`` builds a ModelForm class whose option fields
come from the engine's declared schema for ``slug`` (``option_specs``): a
checkbox for a boolean, a select for choices, a number for an integer, a
comma-separated list for an integer list; label and help in the active
language (``words.labels``, ``parlor.option_help``), the default named in the
help. Saving stores only the values that differ from the defaults, after the
engine has accepted them (its refusal shows on the option's field).

Changing the ruleset of a bound form shows the new ruleset's options with
their defaults and asks to check them and save again: the fields posted
were the old ruleset's.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from parlor.models import Player, RulesetConfig
from parlor.option_help import option_help
from parlor.services.players import player_parlor_change_refusal
from parlor.services.ruleset_options import (
    GAME,
    HAND,
    OptionSpec,
    configurable_rulesets,
    option_specs,
    overrides,
)
from parlor.validators import validate_game_options, validate_ruleset_options
from words import labels

BUILT_FOR = "options_for"


class IntListField(forms.Field):
    """Integers separated by commas, e.g. ``20000, 10000, -10000, -20000``."""

    def to_python(self, value: Any) -> list[int]:
        text = "" if value is None else str(value)
        try:
            return [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
        except ValueError:
            raise ValidationError(
                _("Write whole numbers separated by commas, e.g. 20000, 10000, -10000, -20000.")
            ) from None

    def prepare_value(self, value: Any) -> Any:
        return ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else value


def _shown(spec: OptionSpec, value: Any) -> str:
    """A value of the option as people read it: a choice by its label, never the engine's word
    (``words.labels.choice_label``); a list as it is typed."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return labels.choice_label(spec.name, value)


def option_field(spec: OptionSpec, initial: Any) -> forms.Field:
    """The form field of one engine option, typed by the engine's schema."""
    doc = option_help(spec.doc).rstrip()
    if doc and doc[-1] not in ".。)）":  # a sentence before the default's
        doc += "。" if doc[-1] > "\u3000" else "."
    help_text = f"{doc} " + gettext("Default: %(value)s.") % {"value": _shown(spec, spec.default)}
    common: dict[str, Any] = {
        "label": labels.label(labels.OPTIONS, spec.name),
        "help_text": help_text,
        "initial": initial,
    }
    if spec.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if spec.choices:
        by_text = {str(choice): choice for choice in spec.choices}
        return forms.TypedChoiceField(
            choices=[(c, _shown(spec, c)) for c in spec.choices],
            coerce=lambda text: by_text[str(text)],  # back to the engine's type (int or str)
            **common,
        )
    if spec.kind == "int":
        return forms.IntegerField(min_value=0 if spec.scope != HAND else None, **common)
    if spec.kind == "int_list":
        return IntListField(**common)
    return forms.CharField(**common)


class RulesetConfigFormBase(forms.ModelForm[RulesetConfig]):
    specs: list[OptionSpec] = []
    slug: str = ""

    class Meta:
        model = RulesetConfig
        fields = ["parlor", "name", "ruleset_slug", "is_active"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.is_bound and self.data.get(BUILT_FOR) != self.slug:
            # The ruleset changed: the posted option fields were the other ruleset's.
            data = QueryDict(mutable=True)
            data.update(self.data)
            for spec in self.specs:
                data[spec.field_name] = self.fields[spec.field_name].prepare_value(spec.default)
                if spec.kind == "bool" and not spec.default:
                    data.pop(spec.field_name, None)
            self.data = data
            self.ruleset_changed = True
        else:
            self.ruleset_changed = False
        if not self.is_bound:
            self.initial.update(
                initial_values(self.instance if self.instance.pk else None, self.specs)
            )
            self.initial[BUILT_FOR] = self.slug
            # A configuration shown with another ruleset's options (?ruleset_slug=, chosen on
            # its page) has that ruleset chosen, so that saving it is not a change of ruleset.
            self.initial["ruleset_slug"] = self.slug

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.ruleset_changed:
            raise ValidationError(
                _(
                    "The ruleset changed: its options are shown below with their defaults."
                    " Check them, then save again."
                )
            )
        chosen = overrides(self.specs, cleaned)
        options, game_options = chosen["options"], chosen["game_options"]
        try:
            validate_ruleset_options(ruleset_slug=self.slug, options=options)
            validate_game_options(ruleset_slug=self.slug, game_options=game_options)
        except ValidationError as refused:
            # On the option's field; the instance keeps its valid values, so the model's
            # own check (the same engine call) passes and does not report it twice.
            self._engine_refused(refused)
            return cleaned
        self.instance.options, self.instance.game_options = options, game_options
        return cleaned

    def _engine_refused(self, refused: ValidationError) -> None:
        """The engine's message on the option it names (``game_options.uma: ...``)."""
        for messages in refused.message_dict.values():
            for message in messages:
                scope, _dot, rest = message.partition(".")
                name = rest.split(":", 1)[0]
                field = f"{'opt' if scope == HAND else 'game'}__{name}"
                self.add_error(field if field in self.fields else None, message)


def ruleset_config_form(slug: str) -> type[RulesetConfigFormBase]:
    """A form class with the option fields of ``slug`` (initial: ``values`` or the defaults)."""
    specs = option_specs(slug)
    attrs: dict[str, Any] = {
        "specs": specs,
        "slug": slug,
        "ruleset_slug": forms.ChoiceField(
            label=_("engine ruleset"),
            choices=[(s, labels.label(labels.RULESETS, s)) for s in configurable_rulesets()],
            help_text=_("Changing it shows the new ruleset's options (with their defaults)."),
        ),
        BUILT_FOR: forms.CharField(widget=forms.HiddenInput, initial=slug, required=False),
    }
    for spec in specs:
        attrs[spec.field_name] = option_field(spec, spec.default)
    return type("RulesetConfigForm", (RulesetConfigFormBase,), attrs)


def initial_values(config: RulesetConfig | None, specs: list[OptionSpec]) -> dict[str, Any]:
    """The form's initial option values: the configuration's overrides, else the defaults."""
    stored: dict[str, dict[str, Any]] = {HAND: {}, GAME: {}}
    if config is not None:
        stored = {HAND: config.options, GAME: config.game_options}
    return {spec.field_name: stored[spec.scope].get(spec.name, spec.default) for spec in specs}


class PlayerAdminForm(forms.ModelForm[Player]):
    """A player's parlor is fixed once the books hold them: refused here, naming why.

    Without this the database's trigger refuses the UPDATE (ledger migration 0015) and the
    desk would see an error page instead of the reason beside the field.
    """

    class Meta:
        model = Player
        fields = [
            "parlor",
            "member_number",
            "name",
            "contact",
            "is_active",
            "fee_class",
            "user",
        ]

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        parlor = cleaned.get("parlor")
        if self.instance.pk is not None and parlor is not None:
            refusal = player_parlor_change_refusal(self.instance, parlor)
            if refusal is not None:
                self.add_error("parlor", refusal)
        return cleaned
