"""The floor desk's screens: queues, proposals and seat draws, staff on the floor, table time."""
