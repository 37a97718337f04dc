"""Admin forms of the ledger: typed fields in, the services' arguments out."""
