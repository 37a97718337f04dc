"""``manage.py rescore_hands``: every stored hand re-scored with the current engine.

Exit 1 when a stored score differs from the engine's (or the engine refuses a
stored hand). The work is ``ledger.play.rescoring``; this command only
draws the progress bar and prints the report.
"""

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ledger.play.rescoring import RANGE_SIZE, RescoreReport, describe, rescore_hands

BAR = 30


class Command(BaseCommand):
    help = (
        "Re-score every stored win hand (every version) with the current engine over all cores"
        " and report the hands whose stored score differs. Exit status 1 when one does."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--workers", type=int, default=0, help="Processes (default: one per core)."
        )
        parser.add_argument(
            "--range-size", type=int, default=RANGE_SIZE, help="Hand ids per unit of work."
        )
        parser.add_argument(
            "--no-progress", action="store_true", help="No progress bar (on stderr)."
        )
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="Print the report as JSON."
        )

    def handle(
        self,
        *args: Any,
        workers: int,
        range_size: int,
        no_progress: bool,
        as_json: bool,
        **options: Any,
    ) -> None:
        report = rescore_hands(
            workers=workers,
            range_size=range_size,
            progress=None if no_progress else self._progress,
        )
        if not no_progress:
            self.stderr.write("")
        if as_json:
            self.stdout.write(json.dumps(describe(report), indent=2, sort_keys=True))
        else:
            for line in report.lines():
                self.stdout.write(line)
        if not report.ok:
            raise CommandError(f"{report.mismatches} stored hand score(s) differ")

    def _progress(self, done: int, total: int, report: RescoreReport) -> None:
        share = done / total if total else 1.0
        filled = int(BAR * share)
        self.stderr.write(
            f"\r[{'#' * filled}{'.' * (BAR - filled)}] {share:4.0%} {report.hands:,} hands,"
            f" {report.mismatches} mismatches",
            ending="",
        )
        self.stderr.flush()
