"""factory_boy factories for ledger tests (and the API and admin tests built on them).

``SessionFactory`` opens a session through ``session_open``, so every
session a test gets has its seats, copied rules and accounts, as in use.
The hands below are the game JSON's hands (docs/game-format.md) for the
``riichi-standard`` ruleset; the values of ``PINFU_TANYAO`` are fixed by
the rules: 2 han 30 fu (non-dealer ron 2,000, dealer ron 2,900; riichi
makes it 3 han: 3,900 non-dealer), 3 han 20 fu on tsumo (700/1,300).
"""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth.models import User

from ledger.models import Session
from ledger.play.games import ruleset_game_rules
from ledger.play.sessions import session_open
from parlor.models import Parlor, Role
from tests.parlor.factories import (
    ParlorFactory,
    PlayerFactory,
    RateFactory,
    RulesetConfigFactory,
    TableFactory,
    member_of,
)

PINFU_TANYAO = {"hand": "234m345p456s23488s", "win_tile": "4s"}


class UserFactory(factory.django.DjangoModelFactory[User]):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"staff{n}")
    is_staff = True


def parlor_manager(parlor: Parlor) -> User:
    """The manager account of ``parlor`` (made on first use; one per parlor)."""
    return member_of(parlor, Role.MANAGER, user=UserFactory(username=f"manager-of-{parlor.pk}"))


def point_unit_of(session: Any) -> int:
    """The point unit of the (factory's) session's ruleset configuration."""
    config = session.ruleset_config
    return ruleset_game_rules(
        ruleset_slug=config.ruleset_slug, options=config.options, game_options=config.game_options
    ).point_unit


class SessionFactory(factory.Factory[Session]):
    """A session opened by ``session_open``: four seats, riichi-standard East only."""

    class Meta:
        model = Session

    parlor = factory.SubFactory(ParlorFactory)
    table = factory.SubFactory(TableFactory, parlor=factory.SelfAttribute("..parlor"))
    ruleset_config = factory.SubFactory(
        RulesetConfigFactory,
        parlor=factory.SelfAttribute("..parlor"),
        ruleset_slug="riichi-standard",
        game_options={"length": "east"},
    )
    # A rate of the point scale the ruleset scores in (a session refuses another).
    rate = factory.SubFactory(
        RateFactory,
        parlor=factory.SelfAttribute("..parlor"),
        point_unit=factory.LazyAttribute(lambda rate: point_unit_of(rate.factory_parent)),
    )
    players: Any = factory.LazyAttribute(
        lambda o: [PlayerFactory(parlor=o.parlor) for _ in range(4)]
    )
    # The parlor's manager opens it (the policy refuses an account of another parlor).
    by = factory.LazyAttribute(lambda o: parlor_manager(o.parlor))

    @classmethod
    def _create(cls, model_class: type[Session], *args: Any, **kwargs: Any) -> Session:
        kwargs.pop("parlor")
        return session_open(**kwargs)

    @classmethod
    def _build(cls, model_class: type[Session], *args: Any, **kwargs: Any) -> Session:
        raise NotImplementedError("a session exists only once session_open has opened it")


def ron(
    winner: int, discarder: int, record: dict[str, Any] | None = None, **hand: Any
) -> dict[str, Any]:
    win = {"winner": winner, "discarder": discarder, "record": dict(record or PINFU_TANYAO)}
    return {"kind": "win", "wins": [win], **hand}


def tsumo(winner: int, record: dict[str, Any] | None = None, **hand: Any) -> dict[str, Any]:
    return {
        "kind": "win",
        "wins": [{"winner": winner, "record": dict(record or PINFU_TANYAO)}],
        **hand,
    }


def draw(*tenpai: int, **hand: Any) -> dict[str, Any]:
    return {"kind": "draw", "tenpai": list(tenpai), **hand}


def chonbo(offender: int, **hand: Any) -> dict[str, Any]:
    return {"kind": "chonbo", "offender": offender, **hand}


def abort(cause: str, **hand: Any) -> dict[str, Any]:
    return {"kind": "abort", "cause": cause, **hand}
