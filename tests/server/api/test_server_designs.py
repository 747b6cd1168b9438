"""``POST /v1/designs``: a design job over HTTP, its result, downloads and refusals."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

import puz
import pytest
from design_list import store_every_word
from flask import Flask
from flask.testing import FlaskClient

from crossforge.grids.model import Grid
from crossforge.grids.rules import check, mirror_cell
from crossforge.server.config import ServerConfig
from crossforge.server.jobs.tasks import execute

NINE = "ABCCBAABC"


@pytest.fixture
def client(make_app: Callable[..., Flask], config: ServerConfig) -> FlaskClient:
    """A client of an app running real design jobs on the store holding list ``abc``."""
    store_every_word(config.database_url)
    return make_app(execute=execute).test_client()


def test_a_design_job_answers_designs_best_first_and_downloads_each(client: FlaskClient) -> None:
    body = {
        "size": [11, 11],
        "theme": ["ABCAB", {"answer": NINE, "revealer": True}, "CBACB"],
        "count": 2,
        "max_block_share": 0.3,
        "marks": "circled",
        "options": {"list": "abc", "seed": 5, "timeout": 8},
        "wait": 20,
    }
    answer = client.post("/v1/designs", json=body)
    assert answer.status_code == 200, answer.get_json()
    job = answer.get_json()
    assert (job["kind"], job["status"]) == ("design", "succeeded")
    result = job["result"]
    assert result["status"] == "designed" and 1 <= len(result["designs"]) <= 2
    for found in result["designs"]:
        grid = Grid.from_rows(found["grid"])
        assert check(grid, "american", max_words=result["max_words"], max_block_share=0.3) == []
        assert grid.is_filled
        circled = {tuple(cell) for cell in found["circled"]}
        assert {mirror_cell(11, 11, cell) for cell in circled} == circled  # symmetric marks
        theme = {entry["answer"]: entry for entry in found["theme"]}
        assert theme[NINE]["revealer"] and theme[NINE]["row"] == 5
        assert len(circled) == 5 + 9 + 5
    scores = [found["statistics"]["log2_fills"] for found in result["designs"]]
    assert scores == sorted(scores, reverse=True)  # tried in estimate order
    downloads = job["links"]["downloads"]
    assert set(downloads) == {"json", "txt", "svg", "puz", "ipuz", "xd"}
    across_lite = puz.load(client.get(downloads["puz"]).data)
    assert across_lite.solution == "".join(result["designs"][0]["grid"]).replace("#", ".")
    last = len(result["designs"]) - 1
    text = client.get(job["links"]["designs"][last]["txt"]).get_data(as_text=True)
    assert text.split("\n")[:11] == result["designs"][last]["grid"]
    whole = json.loads(client.get(downloads["json"]).data)
    assert whole["designs"] == result["designs"]
    missing = client.get(f"/v1/jobs/{job['id']}/result.txt?design=7")
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "no_design"
    events = client.get(f"/v1/jobs/{job['id']}/events").get_data(as_text=True)
    assert "event: done" in events


def test_bad_design_requests_are_4xx_naming_the_problem(client: FlaskClient) -> None:
    options = {"list": "abc"}
    cases = [
        ({"size": [7, 7], "theme": [NINE]}, "theme[0]", "too long for a 7x7 grid"),
        ({"size": [15, 30]}, "size.1", "30 is greater than the maximum of 21"),
        ({"theme": [{"answer": "ABCAB", "row": 3}]}, "theme[0]", "give both row and col"),
        ({"grid": ["..."]}, "grid", "unknown field"),
        ({"symmetry": "diagonal"}, "symmetry", "diagonal"),
        ({"max_words": 10**9}, "max_words", "15x15 grid holds at most 120 entries"),
    ]
    for fields, field, words in cases:
        answer = client.post("/v1/designs", json={**fields, "options": options})
        assert answer.status_code == 400, (fields, answer.get_json())
        error = answer.get_json()["error"]
        assert error["details"]["field"] == field and words in error["message"], error
    unknown = client.post("/v1/designs", json={"options": {"list": "nowhere"}})
    assert unknown.status_code == 404


def test_a_running_design_job_is_canceled(client: FlaskClient) -> None:
    body = {  # no word of the list reaches the floor: the designer draws for 10 s
        "size": [15, 15],
        "theme": [NINE],
        "options": {"list": "abc", "min_score": 90, "timeout": 30},
    }
    job = client.post("/v1/designs", json=body).get_json()
    path = f"/v1/jobs/{job['id']}"
    started = time.monotonic()
    while time.monotonic() - started < 15:
        job = client.get(path).get_json()
        if job["status"] == "running" and job.get("progress"):
            break
        time.sleep(0.05)
    assert job["progress"]["phase"] == "patterns", job
    assert client.post(f"{path}/cancel").status_code == 202
    while time.monotonic() - started < 20 and job["status"] == "running":
        time.sleep(0.05)
        job = client.get(path).get_json()
    assert job["status"] == "canceled", job
    assert client.post(f"{path}/cancel").status_code == 409


def test_without_a_filled_design_the_best_patterns_come_back_to_finish_by_hand(
    client: FlaskClient,
) -> None:
    """Fills allowed one search node give up on every pattern: the answer is
    ``no_design``, with the best patterns that passed the rules, theme letters in place
    and marked, for a constructor to fill by hand."""
    body = {
        "size": [11, 11],
        "theme": [NINE],
        "count": 2,
        "options": {"list": "abc", "timeout": 4, "max_nodes": 1, "max_block_share": 0.3},
        "wait": 20,
    }
    result = client.post("/v1/designs", json=body).get_json()["result"]
    assert (result["status"], result["designs"]) == ("no_design", []), result
    assert len(result["patterns"]) == 2
    for pattern in result["patterns"]:
        grid = Grid.from_rows(pattern["grid"])
        assert check(grid, "american", symmetry="rotational", max_block_share=0.3) == []
        assert pattern["fill_status"] == "gave_up"
        assert pattern["statistics"]["words"] == len(grid.slots(3))
        (theme,) = pattern["theme"]
        r, c = theme["row"], theme["col"]
        assert pattern["grid"][r][c : c + 9] == NINE and theme["in_list"] is False
        assert pattern["shaded"] == [[r, c + i] for i in range(9)]
        assert set("".join(pattern["grid"])) == {".", "#", *NINE}  # nothing else filled


def test_a_design_that_cannot_be_met_says_why(client: FlaskClient) -> None:
    body = {
        "size": [11, 11],
        "theme": [NINE],
        "max_words": 8,
        "options": {"list": "abc", "timeout": 5},
        "wait": 20,
    }
    job = client.post("/v1/designs", json=body).get_json()
    assert (job["status"], job["result"]["status"]) == ("succeeded", "no_design"), job
    assert job["result"]["designs"] == []
    assert "no pattern within the word limit" in job["result"]["reason"]
    assert "more than max_words 8" in job["result"]["reason"]
    crowded = client.post(
        "/v1/designs",
        json={"size": [9, 9], "theme": ["ABCABCA"] * 5, "options": {"list": "abc"}},
    )
    assert crowded.status_code == 400
    assert "find no symmetric across slots" in crowded.get_json()["error"]["message"]


def test_a_crossing_only_banned_words_fit_is_named_as_keeping_none(client: FlaskClient) -> None:
    """Every word with a C banned: no down through the theme's C has a word its fill may
    take, and the reason names that crossing as keeping none. The designer used to
    count banned words (and words of excluded tags) that no fill takes: thousands fit
    there, and the reason named no crossing."""
    from itertools import product

    banned = ["".join(p) for n in range(3, 8) for p in product("ABC", repeat=n) if "C" in p]
    body = {
        "size": [11, 11],
        "theme": ["ABACABA"],
        "options": {"list": "abc", "timeout": 3, "banned": banned, "max_block_share": 0.3},
        "wait": 20,
    }
    result = client.post("/v1/designs", json=body).get_json()["result"]
    assert result["status"] == "no_design", result
    hard = r"the down slot \.*C\.* from row \d+, column 5 \(from 0\) through ABACABA keeps 0 words"
    assert re.search(hard, result["reason"]), result["reason"]
