"""Tables, seats and the log of changes (fracas 0.3, issue 12).

Revision ID: 0001
Revises:
Create Date: 2026-11-25
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
        "fracas_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("gm_token", sa.String(64), nullable=False),
        sa.Column("setup", sa.JSON, nullable=False),
    )
    op.create_table(
        "fracas_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("fracas_tables.id"), primary_key=True),
        sa.Column("seat", sa.String(200), primary_key=True),
        sa.Column("decides", sa.String(16), nullable=False),
        sa.Column("dice", sa.String(16), nullable=False),
        sa.Column("token", sa.String(64), nullable=True, index=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "fracas_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("fracas_tables.id"), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("author", sa.String(200), nullable=False),
        sa.Column("op", sa.JSON, nullable=False),
        sa.Column("journal_from", sa.Integer, nullable=False),
        sa.Column("entries", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "position", name="one_change_per_position"),
    )


def downgrade() -> None:
    op.drop_table("fracas_changes")
    op.drop_table("fracas_seats")
    op.drop_table("fracas_tables")
