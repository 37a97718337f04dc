"""The database's roles: the owner who migrates, the service that owns nothing (issue 30)."""
