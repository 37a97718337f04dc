from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from parlor.services.demo import demo_parlor_load


class Command(BaseCommand):
    help = "Load (or refresh) the demo parlor and print the demo accounts' credentials."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load even with DEBUG off (the demo accounts' passwords are public).",
        )

    def handle(self, *args: Any, force: bool, **options: Any) -> None:
        if not settings.DEBUG and not force:
            raise CommandError(
                "DEBUG is off: this looks like a production install, and the demo accounts "
                "have published passwords. Pass --force to load the demo anyway."
            )
        demo = demo_parlor_load()
        parlor = demo.parlor
        self.stdout.write(
            f'Demo parlor "{parlor.name}": players: {parlor.players.count()}, '
            f"tables: {parlor.tables.count()}, ruleset configurations: "
            f"{parlor.ruleset_configs.count()}, rates: {parlor.rates.count()}."
        )
        for config in demo.unchecked_ruleset_configs:
            self.stdout.write(
                self.style.WARNING(
                    f'Not checked by the engine, which has no ruleset "{config.ruleset_slug}" '
                    f'yet: "{config.name}".'
                )
            )
        self.stdout.write("Demo accounts for the admin (/admin/):")
        for account in demo.accounts:
            self.stdout.write(
                f"  {account.role:<8} username: {account.username:<13} password: {account.password}"
            )
