"""The players' statistics over the API: a player's numbers and rating, the parlor's standings."""
