"""factory_boy factories for parlor models, for any test that needs a parlor."""

from typing import Any

import factory

from parlor.models import GameFeePayer, Parlor, Player, Rate, RulesetConfig, Table


class ParlorFactory(factory.django.DjangoModelFactory[Parlor]):
    class Meta:
        model = Parlor

    name = factory.Sequence(lambda n: f"Parlor {n}")
    currency_code = "JPY"
    time_zone = "Asia/Tokyo"


class PlayerFactory(factory.django.DjangoModelFactory[Player]):
    class Meta:
        model = Player

    parlor = factory.SubFactory(ParlorFactory)
    member_number = factory.Sequence(lambda n: f"M{n:04d}")
    name = factory.Sequence(lambda n: f"Player {n}")


class TableFactory(factory.django.DjangoModelFactory[Table]):
    class Meta:
        model = Table

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Table {n}")


class RulesetConfigFactory(factory.django.DjangoModelFactory[RulesetConfig]):
    class Meta:
        model = RulesetConfig

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Ruleset {n}")
    ruleset_slug = "speed-tonpuu"
    options: Any = factory.LazyFunction(dict)


class RateFactory(factory.django.DjangoModelFactory[Rate]):
    class Meta:
        model = Rate

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Rate {n}")
    money_per_unit = 50
    money_per_chip = 100
    game_fee = 500
    game_fee_payer = GameFeePayer.EACH_PLAYER
