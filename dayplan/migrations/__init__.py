"""Alembic migrations for the store's schema (``saved_plans``, ``preferences``,
``idempotency_keys``). Shipped inside the package, so a plain install can migrate:
``dayplan.store.migrate(engine)`` runs them; ``Store`` calls it on open."""
