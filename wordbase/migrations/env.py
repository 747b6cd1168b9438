"""Alembic's environment: the revisions run on the connection that ``upgrade`` (in this
package's ``__init__``) hands over, inside the transaction it holds."""

from alembic import context

context.configure(connection=context.config.attributes["connection"])
with context.begin_transaction():
    context.run_migrations()
