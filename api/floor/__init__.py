"""The floor's API (issue 36): waiting list, staff shifts, seat draws, table time."""
