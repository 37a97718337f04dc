"""The counter's API (issue 34): visits and credit limits; money at the counter beside them."""
