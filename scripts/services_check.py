"""Say which test services answer, PostgreSQL and Redis (make test prints it before the
tests): the tests that need one run against it, and are skipped when it does not answer."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from services import REDIS_TEST_URL, postgres_url, redis_url  # noqa: E402

if __name__ == "__main__":
    url = postgres_url()
    if url:
        print(f"PostgreSQL answers at {url}: the PostgreSQL tests will run.")
    else:
        print("PostgreSQL does not answer: the PostgreSQL tests will be skipped.")
    if redis_url():
        print(f"Redis answers at {REDIS_TEST_URL}: the Redis tests will run.")
    else:
        print(f"Redis does not answer at {REDIS_TEST_URL}: the Redis tests will be skipped.")
