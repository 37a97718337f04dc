"""Field and model validators of the parlor app."""

from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

validate_currency_code = RegexValidator(
    regex=r"^[A-Z]{3}$",
    message=_("Enter an ISO 4217 currency code: three capital letters, e.g. JPY."),
)


def validate_time_zone(value: str) -> None:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValidationError(
            _("%(value)s is not an IANA time zone name such as Asia/Tokyo."),
            params={"value": value},
        ) from None


def validate_ruleset_options(*, ruleset_slug: str, options: Any) -> None:
    """Ask the engine whether `options` configure the ruleset `ruleset_slug`.

    Raises ValidationError on the field at fault, with the engine's message,
    which names the unknown or invalid option.
    """
    if not isinstance(options, dict):
        raise ValidationError({"options": _("Options must be a JSON object, e.g. {}.")})
    # Imported here: the engine is a separate library and models must import without it.
    from engine_door.errors import EngineError
    from engine_door.games import hand_rules
    from engine_door.rulesets import hand_rulesets

    if ruleset_slug not in hand_rulesets():
        raise ValidationError(
            {
                "ruleset_slug": _("Unknown ruleset %(slug)s; the engine has: %(known)s.")
                % {"slug": ruleset_slug, "known": ", ".join(sorted(hand_rulesets()))}
            }
        )
    try:
        hand_rules(ruleset_slug, options)
    except EngineError as error:
        raise ValidationError({"options": error.message}) from None


def validate_game_options(*, ruleset_slug: str, game_options: Any) -> None:
    """Ask the engine's game rules whether `game_options` configure `ruleset_slug`'s game.

    Raises ValidationError on `game_options` with the engine's message, which
    names the unknown or invalid option (`game_options.<name>`).
    """
    if not isinstance(game_options, dict):
        raise ValidationError({"game_options": _("Game options must be a JSON object, e.g. {}.")})
    from engine_door.errors import EngineError
    from engine_door.games import game_rules
    from engine_door.rulesets import game_rulesets

    if ruleset_slug not in game_rulesets():
        raise ValidationError(
            {
                "ruleset_slug": _("The engine has no game rules for %(slug)s; it has: %(known)s.")
                % {"slug": ruleset_slug, "known": ", ".join(game_rulesets())}
            }
        )
    try:
        game_rules(ruleset_slug, game_options)
    except EngineError as error:
        raise ValidationError({"game_options": error.message}) from None
