"""How many database transactions one fill costs, counted with SQLAlchemy events in the
web process and in its worker (issue 16's target: at most 5, on PostgreSQL too)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import job_doubles
import pytest
from flask import Flask
from job_doubles import SQUARE, count_transactions, transaction_counting_execute

from crossforge.wordbase.store import WordStore

TARGET = 5
"""Transactions one fill may cost, wherever they are begun."""


def test_a_fill_costs_at_most_five_transactions(
    make_app: Callable[..., Flask],
    any_database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path / "instance"))
    with WordStore(any_database_url) as store:
        store.create_list("square")
        for word, score in SQUARE.items():
            store.put_entry("square", word, score, clues=["Existed"] if word == "WAS" else [])
    app = make_app(execute=transaction_counting_execute, database_url=any_database_url)
    client = app.test_client()
    body = {"grid": ["...", "...", "..."], "list": "square", "wait": 20}
    first = client.post("/v1/fills", json=body).get_json()  # the worker starts, connects
    assert first["status"] == "succeeded", first
    count_transactions()
    before = job_doubles.TRANSACTIONS[0]
    job = client.post("/v1/fills", json=body).get_json()
    web = job_doubles.TRANSACTIONS[0] - before
    assert job["status"] == "succeeded", job
    worker = job["result"]["transactions"]
    assert web + worker <= TARGET, f"web process {web}, worker {worker}"
    assert worker >= 1  # the clue lookup: the worker's count is live
