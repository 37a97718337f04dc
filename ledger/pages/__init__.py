"""Pages outside the admin: the parlor's scoreboard screen and players' own pages."""
