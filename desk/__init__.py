"""The desk: the staff's screens for the counter (visits) and the floor (waiting list, seating).

An interface like the console: it asks ``parlor/policy.py`` what to show and calls the
ledger's services (``ledger.counter``, ``ledger.floor``), never deciding a rule itself.
"""
