"""Alembic revision scripts (one file per schema change, oldest first)."""
