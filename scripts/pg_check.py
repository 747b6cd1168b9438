"""Say whether the PostgreSQL server for the store's tests answers (make test prints it)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from pg import postgres_url  # noqa: E402

if __name__ == "__main__":
    url = postgres_url()
    if url:
        print(f"PostgreSQL answers at {url}: the store's PostgreSQL tests will run.")
    else:
        print("PostgreSQL does not answer: the store's PostgreSQL tests will be skipped.")
