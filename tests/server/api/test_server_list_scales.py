"""Word imports over HTTP judge a file's score scale unless ``scale`` is given."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from published_lists import stwl_like


def test_scale_auto_doubles_a_zero_to_fifty_list(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    body = "\n".join(stwl_like()).encode()
    answer = client.post("/v1/lists/stwl/imports?create=true", data=body)
    assert answer.status_code == 200
    assert answer.get_json()["detected"].startswith("scale 0-50")
    word = stwl_like()[0].split(";")[0]
    assert client.get(f"/v1/lists/stwl/words/{word}").get_json()["score"] == 100
    given = client.post("/v1/lists/raw/imports?create=true&scale=50", data=b"cat;50\n")
    assert given.status_code == 200 and given.get_json()["detected"] is None
    assert client.get("/v1/lists/raw/words/cat").get_json()["score"] == 100
    bad = client.post("/v1/lists/raw/imports?scale=60", data=b"cat;50\n")
    assert bad.status_code == 400
