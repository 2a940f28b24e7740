"""Alembic environment: runs the revisions on the connection ``dayplan.store.migrate`` passes
(``config.attributes["connection"]``), already inside the transaction it opened, so a whole
upgrade commits or rolls back as one (SQLite included: see the pysqlite recipe in
``dayplan.store``). Without a connection (the ``alembic`` command line) it opens one from
``sqlalchemy.url`` or ``DAYPLAN_DB_URL``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from dayplan.store import db_url, metadata

config = context.config


def _run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        transactional_ddl=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:  # pragma: no cover - the alembic CLI path
    engine = create_engine(config.get_main_option("sqlalchemy.url") or db_url())
    with engine.begin() as conn:
        _run(conn)
    engine.dispose()
