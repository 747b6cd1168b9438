"""``POST /v1/fills``: grids as JSON, text or files; checks; results and their downloads."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import puz
import pytest
from flask import Flask
from job_doubles import SQUARE, RefusingRunner, counting_execute

from crossforge.grids.crossword_file import CrosswordFile
from crossforge.grids.formats import dumps, loads
from crossforge.grids.model import Grid
from crossforge.server.jobs.runner import QueueFull
from crossforge.server.jobs.tasks import execute

OPEN = ["...", "...", "..."]


def test_fill_with_wait_and_every_download(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(execute=execute).test_client()
    body = {"grid": OPEN, "list": tiny_list, "options": {"seed": 1}, "wait": 20}
    answer = client.post("/v1/fills", json=body)
    assert answer.status_code == 200, answer.get_json()
    job = answer.get_json()
    assert job["status"] == "succeeded"
    assert job["result"]["grid"] == ["WAS", "ERA", "BED"]
    assert {e["word"] for e in job["result"]["entries"]} == {
        "WAS",
        "ERA",
        "BED",
        "WEB",
        "ARE",
        "SAD",
    }
    downloads = job["links"]["downloads"]
    assert set(downloads) == {"json", "txt", "svg", "puz", "ipuz", "xd"}
    across_lite = puz.load(client.get(downloads["puz"]).data)
    assert across_lite.solution == "WASERABED"
    assert across_lite.clues[0] == "Existed"
    ipuz = loads(client.get(downloads["ipuz"]).data, "ipuz")
    assert ipuz.grid.rows == ("WAS", "ERA", "BED")
    assert b"<svg" in client.get(downloads["svg"]).data
    assert client.get(downloads["txt"]).get_data(as_text=True) == "WAS\nERA\nBED\n"
    assert client.get(f"/v1/jobs/{job['id']}/result.pdf").status_code == 400


def test_a_russian_fill_downloads_in_cyrillic_but_not_as_puz(
    make_app: Callable[..., Flask], config: Any
) -> None:
    from crossforge.wordbase.store import WordStore

    with WordStore(config.database_url) as store:  # КОТ / ОДА / ТАК reads the same down
        store.create_list("ru", alphabet="ru")
        for word in ("КОТ", "ОДА", "ТАК"):
            store.put_entry("ru", word, 50, clues=["Домашний зверь"] if word == "КОТ" else [])
    client = make_app(execute=execute).test_client()
    options = {"seed": 1, "no_duplicates": False}
    body = {"grid": OPEN, "list": "ru", "options": options, "wait": 20}
    job = client.post("/v1/fills", json=body).get_json()
    assert job["result"]["grid"] == ["КОТ", "ОДА", "ТАК"]
    downloads = job["links"]["downloads"]
    assert json.loads(client.get(downloads["json"]).data)["grid"][0] == "КОТ"
    assert client.get(downloads["txt"]).get_data(as_text=True) == "КОТ\nОДА\nТАК\n"
    assert "Т" in client.get(downloads["svg"]).get_data(as_text=True)
    ipuz = loads(client.get(downloads["ipuz"]).data, "ipuz")
    assert ipuz.grid.rows == ("КОТ", "ОДА", "ТАК") and "Домашний зверь" in ipuz.clues.values()
    assert loads(client.get(downloads["xd"]).data, "xd").grid.rows == ("КОТ", "ОДА", "ТАК")
    answer = client.get(downloads["puz"])
    assert answer.status_code == 400  # bad input, as for any file a format cannot hold
    message = answer.get_json()["error"]["message"]
    assert "Cyrillic" in message and ".ipuz, .xd, .json or text" in message


def test_a_worker_loads_the_word_index_once(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(execute=counting_execute).test_client()
    body = {"grid": OPEN, "list": tiny_list, "wait": 20}
    loads_seen = [client.post("/v1/fills", json=body).get_json() for _ in range(3)]
    assert [job["result"]["index_loads"] for job in loads_seen] == [1, 1, 1]


def test_fill_on_postgresql(
    make_app: Callable[..., Flask],
    postgres_schema_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CROSSFORGE_INSTANCE", str(tmp_path / "instance"))
    client = make_app(execute=execute, database_url=postgres_schema_url).test_client()
    token_free = client.post("/v1/lists", json={"name": "square"})
    assert token_free.status_code == 201
    lines = "".join(f"{word};{score}\n" for word, score in SQUARE.items())
    assert client.post("/v1/lists/square/imports", data=lines).get_json()["added"] == 8
    body = {"grid": OPEN, "list": "square", "wait": 20}
    job = client.post("/v1/fills", json=body).get_json()
    assert job["status"] == "succeeded", job
    assert job["result"]["grid"] == ["WAS", "ERA", "BED"]
    assert (tmp_path / "instance" / "indexes").is_dir()  # the worker saved the index there


def test_text_body_and_uploaded_file(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(execute=execute).test_client()
    text = client.post(
        f"/v1/fills?list={tiny_list}&wait=20&min_score=40&no_duplicates=true",
        data="...\n...\n...\n",
        content_type="text/plain",
    )
    assert text.status_code == 200 and text.get_json()["result"]["grid"][0] == "WAS"
    strict = client.post(
        f"/v1/fills?list={tiny_list}&wait=20&min_score=60",
        data="...\n" * 3,
        content_type="text/plain",
    )
    assert strict.get_json()["result"]["status"] == "unsatisfiable"
    stray = client.post(
        f"/v1/fills?list={tiny_list}&colour=red", data="...\n" * 3, content_type="text/plain"
    )
    assert stray.status_code == 400
    blank = dumps(CrosswordFile(Grid.from_rows(OPEN)), "ipuz")
    upload = client.post(
        "/v1/fills",
        data={
            "grid": (io.BytesIO(blank), "blank.ipuz"),
            "list": tiny_list,
            "options": json.dumps({"min_score": 40}),
        },
    )
    assert upload.status_code == 202
    assert upload.headers["Location"] == f"/v1/jobs/{upload.get_json()['id']}"
    events = client.get(upload.headers["Location"] + "/events").get_data(as_text=True)
    done = json.loads(events.split("event: done\ndata: ")[1].split("\n")[0])
    assert done["status"] == "succeeded" and done["result"]["grid"] == ["WAS", "ERA", "BED"]


def test_unfillable_grid_is_a_finished_job_without_puz(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app(execute=execute).test_client()
    body = {"grid": OPEN, "list": tiny_list, "options": {"min_score": 60}, "wait": 20}
    job = client.post("/v1/fills", json=body).get_json()
    assert job["status"] == "succeeded"
    assert job["result"]["status"] == "unsatisfiable"
    assert "puz" not in job["links"]["downloads"]


def test_wait_as_an_option(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(execute=execute).test_client()
    body = {"grid": OPEN, "list": tiny_list, "options": {"seed": 1, "wait": 20}}
    answer = client.post("/v1/fills", json=body)
    assert answer.status_code == 200
    assert answer.get_json()["result"]["grid"] == ["WAS", "ERA", "BED"]


def test_bad_fill_requests_are_4xx(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(execute=execute, max_grid_size=4).test_client()
    cases = [
        ({"grid": ["..x", "...", "..?"], "list": tiny_list}, 400),
        ({"grid": ["...", ".."], "list": tiny_list}, 400),
        ({"grid": 5, "list": tiny_list}, 400),
        ({"list": tiny_list}, 400),
        ({"grid": ["." * 5] * 5, "list": tiny_list}, 400),
        ({"grid": ["..#", "...", "#.."], "list": tiny_list}, 400),
        ({"grid": OPEN, "list": "nope"}, 404),
        ({"grid": OPEN}, 404),
        ({"grid": OPEN, "list": tiny_list, "type": "nope"}, 404),
        ({"grid": OPEN, "list": tiny_list, "strategy": "nope"}, 404),
        ({"grid": OPEN, "list": tiny_list, "type": "sudoku"}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"colour": "red"}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"restarts": "often"}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"timeout": "soon"}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"min_score": 101}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"locked": {"1A": 5}}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"locked": {"9A": "WAS"}}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"locked": {"1A": "WASP"}}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"locked": {"1A": "W4S"}}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"banned": "WAS"}}, 400),
        ({"grid": OPEN, "list": tiny_list, "options": {"no_duplicates": "no"}}, 400),
        ({"grid": OPEN, "list": tiny_list, "extra": 1}, 400),
    ]
    for body, status in cases:
        answer = client.post("/v1/fills", json=body)
        assert answer.status_code == status, (body, answer.get_json())
        assert answer.get_json()["error"]["message"]
    missing_default = client.post("/v1/fills", json={"grid": OPEN}).get_json()["error"]
    assert "crossforge words build-default" in missing_default["message"]
    garbage = client.post("/v1/fills", data={"grid": (io.BytesIO(b"\x00junk"), "x.puz")})
    assert garbage.status_code == 400
    assert client.post("/v1/fills", data="{", content_type="application/json").status_code == 400


def test_full_queue_is_429(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(
        runner=RefusingRunner(QueueFull("3 jobs are already waiting (the limit is 3)"))
    ).test_client()
    answer = client.post("/v1/fills", json={"grid": OPEN, "list": tiny_list})
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "5"
    assert answer.get_json()["error"]["code"] == "queue_full"
    assert client.application.extensions["crossforge"].jobs.list() == []  # nothing recorded


def test_options_are_honoured_alike_in_every_body_form(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    """JSON, text with query options (as one JSON object or one by one) and an upload
    with form fields become the same job request (the echo double returns it)."""
    client = make_app().test_client()
    options = {"min_score": 30, "seed": 4, "banned": ["CAT"], "restarts": "none"}
    one_by_one = f"list={tiny_list}&min_score=30&seed=4&banned=[%22CAT%22]&restarts=none"
    text = "...\n...\n...\n"
    forms = {
        "json": client.post(
            "/v1/fills", json={"grid": OPEN, "list": tiny_list, "options": options, "wait": 10}
        ),
        "text, options as JSON": client.post(
            f"/v1/fills?list={tiny_list}&wait=10&options={json.dumps(options)}",
            data=text,
            content_type="text/plain",
        ),
        "text, options one by one": client.post(
            f"/v1/fills?wait=10&{one_by_one}", data=text, content_type="text/plain"
        ),
        "upload with form fields": client.post(
            "/v1/fills",
            data={
                "grid": (io.BytesIO(text.encode()), "grid.txt"),
                "list": tiny_list,
                "min_score": "30",
                "seed": "4",
                "banned": '["CAT"]',
                "restarts": "none",
                "wait": "10",
            },
            content_type="multipart/form-data",
        ),
    }
    requests = {}
    for form, answer in forms.items():
        assert answer.status_code == 200, (form, answer.get_json())
        request = answer.get_json()["result"]["request"]
        grid = request["type_request"].pop("grid")
        assert list(Grid.from_text(grid).rows if isinstance(grid, str) else grid) == OPEN
        requests[form] = request
    first = requests["json"]
    fields = first["type_request"]
    assert fields["min_score"] == 30 and fields["banned"] == ["CAT"]
    assert first["params"]["restarts"] == "none" and first["seed"] == 4
    assert all(request == first for request in requests.values()), requests


def test_the_query_string_adds_to_a_json_body(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app().test_client()
    body = {"grid": OPEN, "list": tiny_list, "options": {"seed": 4}}
    answer = client.post("/v1/fills?wait=10&min_score=30&strategy=annealing", json=body)
    assert answer.status_code == 200, answer.get_json()
    request = answer.get_json()["result"]["request"]
    assert (request["strategy"], request["seed"], request["type_request"]["min_score"]) == (
        "annealing",
        4,
        30,
    )
    for query in ("seed=5", "list=tiny", "type=", "wait=soon"):
        twice = client.post(f"/v1/fills?{query}", json=body)
        assert twice.status_code == 400, query


@pytest.mark.parametrize("body", ["rows", "text", "upload"])
def test_the_web_process_parses_the_grid_and_builds_the_problem_once(
    make_app: Callable[..., Flask],
    tiny_list: str,
    monkeypatch: pytest.MonkeyPatch,
    body: str,
) -> None:
    from crossforge.grids.rules import check
    from crossforge.plugins.puzzles.crossword.plugin import CrosswordType

    calls: dict[str, int] = {"grid": 0, "rules": 0, "problem": 0}

    def counted(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] += 1
            return original(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(Grid, "__init__", counted("grid", Grid.__init__))
    monkeypatch.setattr("crossforge.grids.rules.check", counted("rules", check))
    monkeypatch.setattr(CrosswordType, "problem", counted("problem", CrosswordType.problem))
    client = make_app(
        runner=RefusingRunner(QueueFull("3 jobs are already waiting (the limit is 3)"))
    ).test_client()  # queue nothing, run nothing
    if body == "rows":
        answer = client.post("/v1/fills", json={"grid": OPEN, "list": tiny_list})
    elif body == "text":
        answer = client.post(
            f"/v1/fills?list={tiny_list}", data="...\n...\n...\n", content_type="text/plain"
        )
    else:
        upload = (io.BytesIO(b"...\n...\n...\n"), "grid.txt")
        answer = client.post(
            "/v1/fills",
            data={"grid": upload, "list": tiny_list},
            content_type="multipart/form-data",
        )
    assert answer.status_code == 429  # checked, then refused by the full queue
    uploaded = 1 if body == "upload" else 0  # the uploaded file's own grid
    assert calls == {"grid": 1 + uploaded, "rules": 1, "problem": 1}


def test_entries_carry_their_tags(make_app: Callable[..., Flask], tiny_list: str) -> None:
    from jsonschema import Draft202012Validator

    from crossforge.server.api.schemas import JOB

    client = make_app(execute=execute).test_client()
    tagged = {"score": SQUARE["ERA"], "tags": ["theme-2024", "sensitive"]}
    assert client.put(f"/v1/lists/{tiny_list}/words/ERA", json=tagged).status_code in (200, 201)
    options = {"seed": 1, "allow_tags": ["sensitive"], "alternatives": 2}
    body = {"grid": OPEN, "list": tiny_list, "options": options, "wait": 20}
    job = client.post("/v1/fills", json=body).get_json()
    Draft202012Validator(JOB).validate(job)
    result = job["result"]
    assert result["grid"] == ["WAS", "ERA", "BED"]  # ERA let through by allow_tags
    found = {entry["word"]: entry["tags"] for entry in result["entries"]}
    assert found == {w: [] for w in ("WAS", "BED", "WEB", "ARE", "SAD")} | {
        "ERA": ["sensitive", "theme-2024"]
    }
    refused = client.post("/v1/fills", json={**body, "options": {"seed": 1}}).get_json()
    assert refused["result"]["status"] == "unsatisfiable"  # sensitive: left out by default


def test_a_library_grid_by_name(make_app: Callable[..., Flask], tiny_list: str) -> None:
    from crossforge.grids.library import load_grid

    client = make_app(execute=execute).test_client()
    body = {"grid": "american-15-themed", "list": tiny_list, "wait": 20}
    job = client.post("/v1/fills", json=body).get_json()
    rows = list(load_grid("american-15-themed").rows)
    assert job["status"] == "succeeded" and job["result"]["grid"] == rows  # no 15s in tiny
    circled = client.post(
        f"/v1/fills?list={tiny_list}&wait=20",
        data="american-15-themed-circles\n",
        content_type="text/plain",
    ).get_json()
    marks = sorted(load_grid("american-15-themed-circles").circled)
    assert circled["result"]["circled"] == [list(cell) for cell in marks]


def test_bad_library_grid_names_are_4xx(make_app: Callable[..., Flask], tiny_list: str) -> None:
    client = make_app(execute=execute, max_grid_size=15).test_client()
    cases = {
        "american-16-themed": (404, "unknown_grid", "'american-16-themed'"),
        "hex-side-3": (400, "invalid_field", "'hex-side-3' is a hexagon"),
        "american-21-sunday-a": (400, "grid_too_large", "21x21"),
    }
    for name, (status, code, words) in cases.items():
        for route in ("/v1/fills", "/v1/suggestions"):
            answer = client.post(route, json={"grid": name, "list": tiny_list})
            error = answer.get_json()["error"]
            assert (answer.status_code, error["code"]) == (status, code), (route, error)
            assert words in error["message"] and error["details"] == {"field": "grid"}


def test_a_fill_over_layered_lists(make_app: Callable[..., Flask], tiny_list: str) -> None:
    """The job's worker reads each layer at the version its check read; the upper list's
    score and clue win, its ban removes a word below."""
    client = make_app(execute=execute).test_client()
    assert client.post("/v1/lists", json={"name": "mine"}).status_code == 201
    client.put("/v1/lists/mine/words/WAS", json={"score": 99, "clues": ["Mine"]})
    client.put("/v1/lists/mine/words/CAT", json={"tags": ["banned"]})
    body = {"grid": OPEN, "list": ["mine", tiny_list], "options": {"seed": 1}, "wait": 20}
    job = client.post("/v1/fills", json=body).get_json()
    result = job["result"]
    assert result["status"] == "filled", job
    found = {entry["word"]: entry for entry in result["entries"]}
    assert found["WAS"]["score"] == 99 and found["WAS"]["clues"] == [{"text": "Mine"}]
    assert found["ERA"]["score"] == SQUARE["ERA"] and "CAT" not in found
    client.put("/v1/lists/mine/words/WEB", json={"tags": ["banned"]})  # WAS needs WEB
    again = client.post("/v1/fills", json=body).get_json()["result"]
    assert again["status"] == "unsatisfiable"
