"""No tables of its own: the module makes Django send this app ``post_migrate`` (apps.py)."""
