"""The ``hogkit`` subcommands, one module per area; each exposes ``register(subparsers)``."""
