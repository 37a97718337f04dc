"""Views of table play, one module per resource; each parses, calls one service, renders."""
