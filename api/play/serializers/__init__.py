"""Serializers of table play: inputs are parsed here, business rules stay in the services."""
