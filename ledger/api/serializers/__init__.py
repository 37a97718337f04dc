"""Serializers of the ledger API: inputs are parsed here, business rules stay in the services."""
