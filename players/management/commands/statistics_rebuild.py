"""``manage.py statistics_rebuild``: the players' statistics and ratings derived again.

Every ``SeatGame`` row of the live closes is counted again from the hands and
settlements, and every rating pool rated again from its first game, in the total
order (close time, then session id). The rows are derived data: this is how they are
made again after a change of the counting rules, a failed derivation (logged by the
close) or a restore. The work is ``players.statistics.services.statistics_rebuild``,
one transaction per parlor; the figures are the same every time.
"""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from parlor.models import Parlor
from players.statistics.services import statistics_rebuild


class Command(BaseCommand):
    help = (
        "Derive the players' statistics and ratings again from the books (every parlor, or"
        " those named by --parlor)."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--parlor", type=int, action="append", default=[], help="A parlor's id (repeatable)."
        )

    def handle(self, *args: Any, parlor: list[int], **options: Any) -> None:
        ids = sorted(parlor) or list(Parlor.objects.order_by("pk").values_list("pk", flat=True))
        unknown = set(ids) - set(Parlor.objects.filter(pk__in=ids).values_list("pk", flat=True))
        if unknown:
            raise CommandError(f"no parlor with id {', '.join(map(str, sorted(unknown)))}")
        report = statistics_rebuild(parlor_ids=ids)
        self.stdout.write(
            f"{len(ids)} parlor(s): {report.closes} closes, {report.seat_games} seat rows,"
            f" {report.rated_games} games rated."
        )
