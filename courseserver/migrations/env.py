"""Alembic's environment for the course database: run on the connection the server hands over
(``config.attributes["connection"]``), or on the URL in ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from courseserver.models import Base

target_metadata = Base.metadata


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        engine = create_engine(context.config.get_main_option("sqlalchemy.url"))
        with engine.connect() as connection:
            _migrate(connection)
        return
    _migrate(connection)


def _migrate(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=context.config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run()
