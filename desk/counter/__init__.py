"""The counter's screens: visits (check-in, check-out) and credit limits."""
