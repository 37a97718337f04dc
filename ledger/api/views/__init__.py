"""Views of the ledger API, one module per resource; each parses, calls one service, renders."""
