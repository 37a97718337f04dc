"""The REST API of table play: sessions, hands, corrections, penalties (``/api/sessions/...``).

Views (``views/``) parse, call one service or selector of the ledger and
render through serializers (``serializers/``); ``filters`` are the lists'
query filters, ``hand_numbers`` the retry guard on a hand's number, and
``answers`` the audit of the answers that the idempotent views stored.
"""
