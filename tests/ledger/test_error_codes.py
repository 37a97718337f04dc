"""Every error code is a member of an enum, and every engine refusal reason is worded.

Codes a client or a report reads (``{"error": {"code"}}``, a job's error, an audit
finding's check) come from ``LedgerErrorCode``, ``RequestErrorCode``, ``JobErrorCode``,
``AuditCheck`` (``ledger/errors.py``, ``ledger/settle/models.py``) or the engine's
``ErrorCode``; the engine's finer ``Reason`` of a refusal is one enum its raisers and
``words.refusal_text`` share. A code written as a bare string beside them would
drift unseen, so none is.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.errors import Reason
from ledger.books.audit import AuditFinding, AuditReport
from ledger.errors import AuditCheck
from words.refusal_text import REASONS

ROOT = Path(__file__).resolve().parents[2]
# `code="not_found"`, `"code": "not_found"`, `AuditFinding("balance_mismatch", ...)`.
LOOSE_CODE = re.compile(
    r"""\bcode\s*=\s*["'][a-z_]+["']|["']code["']\s*:\s*["'][a-z_]+["']"""
    r"""|AuditFinding\(\s*["']|reason\s*=\s*["'][a-z_]+["']"""
)


def test_no_module_writes_an_error_code_as_a_bare_string() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for package in ("ledger", "parlor", "api", "engine")
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        # A docstring quoting the JSON (``{"code": "bad_field"}``) is not a code written.
        if LOOSE_CODE.search(line) and "``" not in line
    ]
    assert found == []


def test_the_check_catches_the_shapes_it_forbids() -> None:
    for line in (
        'raise ValidationError("...", code="out_of_range")',
        'return {"code": "not_found", "message": message}',
        'AuditFinding("balance_mismatch", subject, message)',
        'raise bad_game("...", reason="pao_is_winner")',
    ):
        assert LOOSE_CODE.search(line), line


def test_every_reason_the_engine_gives_has_a_sentence() -> None:
    assert set(REASONS) == set(Reason)


def test_an_audit_report_names_its_checks_by_their_codes() -> None:
    report = AuditReport(engine_version="test")
    report.findings.append(AuditFinding(AuditCheck.BALANCE_MISMATCH, "session 1", "differs"))
    (finding,) = report.to_dict()["findings"]
    assert finding["check"] == "balance_mismatch" and type(finding["check"]) is str
    assert report.lines()[1] == "[balance_mismatch] session 1: differs"
