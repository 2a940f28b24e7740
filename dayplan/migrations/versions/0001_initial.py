"""Initial schema: saved plans, preferences, idempotency keys.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "saved_plans",
        sa.Column("plan_id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("request_id", sa.String(300), nullable=False),
        sa.Column("plan_key", sa.String(2000), nullable=False),
        sa.Column("plan_hash", sa.String(64), nullable=False),
        sa.Column("plan_json", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(40), nullable=False),
        sa.UniqueConstraint("user_id", "request_id", name="uq_saved_plans_user_request"),
    )
    op.create_index("ix_saved_plans_user_id", "saved_plans", ["user_id"])
    op.create_table(
        "preferences",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("updated_at", sa.String(40), nullable=False),
        sa.UniqueConstraint("user_id", "kind", "value", name="uq_preferences_user_kind_value"),
    )
    op.create_index("ix_preferences_user_id", "preferences", ["user_id"])
    op.create_table(
        "idempotency_keys",
        sa.Column("user_id", sa.String(200), primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("claim_token", sa.String(32), nullable=False),
        sa.Column("lease_until", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("status_code", sa.Integer, nullable=True),
        sa.Column("media_type", sa.String(100), nullable=True),
        sa.Column("headers_json", sa.Text, nullable=True),
        sa.Column("body", sa.LargeBinary, nullable=True),
    )
    op.create_index(
        "ix_idempotency_keys_user_created", "idempotency_keys", ["user_id", "created_at"]
    )


def downgrade() -> None:
    op.drop_table("idempotency_keys")
    op.drop_table("preferences")
    op.drop_table("saved_plans")
