"""The floor (issue 36): who waits for which game, seat draws, staff on the floor, table time.

Design overview (docs/floor.md). A checked-in player (an open
:class:`~ledger.counter.visits.Visit`) joins the queue of a game, a ruleset
configuration at a rate (:class:`~ledger.floor.models.WaitingEntry`). When a table
is free and a queue holds enough players (or is one short and a staff member is
clocked in, :class:`~ledger.floor.models.StaffShift`), the desk proposes the table
and draws the seats with the operating system's randomness
(:class:`~ledger.floor.models.SeatDraw`, every draw and re-draw kept with who and
why); confirming opens the session with those seats through the books' own
``session_open`` in the same transaction. Table time is read from the sessions.
"""
