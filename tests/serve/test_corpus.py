"""The corpus of broken inputs (tests/corpus/broken) through the server (issues 12, 13): each
file uploaded on the start page, or sent as an encounter (or a save) to the API, is refused
with the message the CLI gives, and no server error."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from serve.support import app_client

CORPUS = Path(__file__).parents[1] / "corpus" / "broken"
EXPECT: dict[str, Any] = yaml.safe_load((CORPUS / "expect.yaml").read_text())


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return app_client(f"sqlite:///{tmp_path_factory.mktemp('corpus') / 'tables.db'}")


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_an_upload_on_the_start_page_is_refused_with_the_clis_words(
    client: TestClient, name: str
) -> None:
    raw = (CORPUS / name).read_bytes()
    reply = client.post("/tables", files={"upload": (name, raw)}, follow_redirects=False)
    expected = EXPECT[name]
    if isinstance(expected, dict) and expected.get("ok"):
        assert reply.status_code == 303, reply.text
        return
    assert reply.status_code == 422, reply.text
    if expected == SAVE:  # the start page resumes a save (issue 33): `fracas replay`'s words
        expected = replay_words(CORPUS / name)
    assert expected in html.unescape(reply.text)


SAVE = "use `fracas replay`"  # what `fracas run` says of a save


def replay_words(path: Path) -> str:
    """What `fracas replay` says of a broken save, after the file's name."""
    from typer.testing import CliRunner

    from fracas.cli.app import app

    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    return result.output.strip().split(f"{path}: ", 1)[1].replace(str(path), "<uploaded save>")


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_the_api_refuses_it_as_an_encounter_or_a_save(client: TestClient, name: str) -> None:
    raw = (CORPUS / name).read_bytes()
    expected = EXPECT[name]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("JSON carries text: this file's bytes are tested through the upload")
    body: dict[str, Any] = {
        "encounter": text,
        "format": "toml" if name.endswith(".toml") else "yaml",
    }
    if name.endswith(".json"):  # sent as it is: a test's own parser may not take it either
        content = '{"save": ' + text + "}"
        headers = {"Content-Type": "application/json"}
        reply = client.post("/api/tables", content=content, headers=headers)
    else:
        reply = client.post("/api/tables", json=body)
    if isinstance(expected, dict) and expected.get("ok"):
        return
    assert 400 <= reply.status_code < 500, reply.text
    problem = reply.json()
    assert problem["status"] == reply.status_code and problem["error"]
    if not name.endswith(".json") and "\x00" not in text:
        assert expected in problem["error"], problem
