"""Logic-puzzle jobs: solve, rate and generate through the API with the sudoku type."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from crossforge.server.jobs.tasks import execute

PUZZLE = "..8..1....152.........6.7.1...73...9.84...36.7...85...9.3.5.........742....4..9..\n"


def test_solve_with_wait_returns_the_answer(make_app: Callable[..., Flask]) -> None:
    client = make_app(execute=execute).test_client()
    answer = client.post("/v1/puzzles/sudoku/solve", json={"puzzle": PUZZLE, "wait": 10})
    assert answer.status_code == 200, answer.get_json()
    job = answer.get_json()
    assert answer.headers["Location"] == f"/v1/jobs/{job['id']}"
    assert (job["kind"], job["type"], job["status"]) == ("solve", "sudoku", "succeeded")
    result = job["result"]
    assert result["status"] == "solved" and result["unique"] is True
    assert result["difficulty"]["score"] > 0
    assert set(job["links"]["downloads"]) == {"json", "txt", "svg"}
    picture = client.get(job["links"]["downloads"]["svg"])
    assert picture.mimetype == "image/svg+xml" and b"<svg" in picture.data
    text = client.get(job["links"]["downloads"]["txt"]).get_data(as_text=True)
    digits = "".join(ch for ch in text if ch.isdigit())
    assert digits == result["solution"]  # the solved picture, row by row


def test_rate_and_generate_as_queued_jobs(make_app: Callable[..., Flask]) -> None:
    app = make_app(execute=execute)
    client = app.test_client()
    rated = client.post("/v1/puzzles/sudoku/rate?wait=10", data=PUZZLE, content_type="text/plain")
    assert rated.status_code == 200, rated.get_json()
    assert rated.get_json()["result"]["status"] == "solved"
    made = client.post(
        "/v1/puzzles/sudoku/generate", json={"options": {"seed": 3, "timeout": 20}, "wait": 60}
    )
    assert made.status_code == 200, made.get_json()
    generated = made.get_json()["result"]
    assert generated["rating"]["unique"] is True
    assert len(generated["text"].strip()) == 81
    again = client.get(rated.headers["Location"] + "/events")
    assert b"event: done" in again.data


def test_bad_puzzle_requests_are_4xx(make_app: Callable[..., Flask]) -> None:
    client = make_app(execute=execute).test_client()
    cases = [
        ("/v1/puzzles/nonesuch/solve", {"puzzle": PUZZLE}, 404),
        ("/v1/puzzles/sudoku/solve", {}, 400),
        ("/v1/puzzles/sudoku/solve", {"puzzle": "12"}, 400),
        ("/v1/puzzles/sudoku/solve", {"puzzle": 7}, 400),
        ("/v1/puzzles/sudoku/solve", {"puzzle": PUZZLE, "strategy": "nonesuch"}, 404),
        ("/v1/puzzles/sudoku/rate", {"puzzle": PUZZLE, "strategy": "genetic"}, 400),
        ("/v1/puzzles/sudoku/solve", {"puzzle": PUZZLE, "options": {"timeout": "soon"}}, 400),
        ("/v1/puzzles/sudoku/solve", {"puzzle": PUZZLE, "options": []}, 400),
        ("/v1/puzzles/sudoku/solve", {"puzzle": PUZZLE, "wait": -1}, 400),
        ("/v1/puzzles/sudoku/generate", {"options": {"box": 9}}, 400),
        ("/v1/puzzles/sudoku/generate", {"options": {"level": "impossible"}}, 400),
        ("/v1/puzzles/sudoku/generate", {"options": {"difficulty": ["a", "b"]}}, 400),
        (
            "/v1/puzzles/sudoku/solve",
            {"puzzle": PUZZLE, "strategy": "genetic", "options": {"bogus": 1}},
            400,
        ),
    ]
    for url, body, status in cases:
        answer = client.post(url, json=body)
        assert answer.status_code == status, (body, answer.get_json())
        error = answer.get_json()["error"]
        assert error["code"] and error["message"]
    assert client.post("/v1/puzzles/sudoku/solve", data="x").status_code == 415


def test_a_400_quotes_at_most_the_start_of_a_huge_bad_line(
    make_app: Callable[..., Flask],
) -> None:
    """A parser quotes the line it cannot read; a 900 KB line must not come back whole."""
    client = make_app(execute=execute).test_client()
    for path, puzzle in [
        ("/v1/puzzles/shikaku/solve", "x" * 900_000),
        ("/v1/puzzles/regex/solve", "(" * 900_000),
    ]:
        answer = client.post(path, json={"puzzle": puzzle})
        message = answer.get_json()["error"]["message"]
        assert answer.status_code == 400 and message.startswith("line 1: "), message[:80]
        assert len(message) < 600 and message.endswith(" characters)"), message[-80:]
