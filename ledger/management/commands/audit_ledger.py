"""``manage.py audit_ledger``: the books checked against their invariants; exit 1 on a finding."""

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from ledger.books.audit import ledger_audit


class Command(BaseCommand):
    help = (
        "Check that every posting sums to zero, every balance equals the sum of its entries, and"
        " every live hand re-scores to its stored result with the current engine. Exit status 0"
        " when clean, 1 with the list of findings otherwise."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--session",
            type=int,
            action="append",
            dest="sessions",
            metavar="ID",
            help="Limit the session checks to this session (repeatable); postings are all checked.",
        )
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="Print the report as JSON."
        )

    def handle(self, *args: Any, sessions: list[int] | None, as_json: bool, **options: Any) -> None:
        report = ledger_audit(session_ids=sessions)
        if as_json:
            self.stdout.write(json.dumps(report.to_dict(), indent=2, sort_keys=True))
        else:
            for line in report.lines():
                self.stdout.write(line)
        if not report.ok:
            raise CommandError(f"the ledger audit found {len(report.findings)} problem(s)")
