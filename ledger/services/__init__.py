"""The ledger's services: every write goes through one of these (HackSoft style).

- sessions: ``session_open``, ``session_mark_settled``
- hands: ``hand_record``, ``hand_preview``
- corrections: ``correction_post``, ``hand_void``, ``hand_amend``
- settlements: ``session_close``
- postings: ``posting_create``, ``posting_reverse`` (the books' only writers)
- accounts: ``accounts_ensure_for_session``

Services take keyword-only arguments and raise ``ledger.errors.LedgerError``.
"""
