"""The REST API of the settled results: the standings over a period, as JSON or a file."""
