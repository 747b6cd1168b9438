"""Say which test services answer, PostgreSQL and Redis, and whether a Chromium is there
(make test prints it before the tests): the tests that need one run against it, and are
skipped, saying why, when it is missing."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from services import (  # noqa: E402
    REDIS_TEST_URL,
    browser_skip_reason,
    chromium_path,
    postgres_url,
    redis_url,
)

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
    skipped = browser_skip_reason()
    if skipped:
        print(f"{skipped}: they will be skipped.")
    else:
        print(f"Chromium found at {chromium_path()}: the browser tests will run.")
