"""The HTTP API keeps its OpenAPI contract (issue 31): Schemathesis generates requests from
``/openapi.json`` for every operation, valid and invalid, sends them to the real app (SQLite in a
temporary folder) with a seat token and a host token where the schema declares them, and every
built-in check passes: each status is documented with its body, a 405's ``Allow`` lists the path's
methods, valid data is accepted, invalid data refused, a missing token refused.

Half of the requests name a real game (a lobby game of two people, one seated), the others a code
drawn at random (404)."""

from __future__ import annotations

import tempfile

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import CHECKS as registered
from schemathesis.checks import load_all_checks
from schemathesis.specs.openapi.checks import positive_data_acceptance

from landlords.server.app import Limits, create_app
from landlords.server.clock import ManualClock

# the test client's one address may ask as often as the cases need (the limits have tests of their own)
LIMITS = Limits(rate_per_second=1000, burst=10**6, exempt=("testclient",))
EXAMPLES = 25  # per operation and phase


# the app is built at import, for the schema the cases are generated from; Schemathesis starts its
# lifespan at the first request and stops it at the interpreter's exit
FOLDER = tempfile.TemporaryDirectory(prefix="landlords-contract-")
APP = create_app(f"sqlite:///{FOLDER.name}/server.db", clock=ManualClock(), limits=LIMITS)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
load_all_checks()


@pytest.fixture(scope="module")
def game() -> dict[str, str]:
    """A lobby game with Ann seated: its code, her seat token, the host token."""
    made = schema["/api/games"]["POST"].Case(body={"name": "Ann", "seats": [{"kind": "person"}] * 2}).call()
    assert made.status_code == 201, made.text
    return made.json()


def token_for(case, game: dict[str, str]) -> dict[str, str]:
    """The token the operation's security scheme asks for (none where it declares none)."""
    names = {name for need in case.operation.definition.raw.get("security", []) for name in need}
    if "hostToken" in names:
        return {"Authorization": f"Bearer {game['host_token']}"}
    if "seatToken" in names:
        return {"Authorization": f"Bearer {game['token']}"}
    return {}


def valid_accepted(ctx, response, case) -> None:
    """Schemathesis's ``positive_data_acceptance``, but a 422 with a refusal in words (``detail`` a
    string) is an answer to valid data too: the server's own checks of what a schema cannot say (a
    strategy's parameters, a house rule's value, an edition its ruleset does not fit, a square past
    the board, a name like one at the table). A 422 of the validator (``detail`` a list) to a request
    the schema calls valid fails, as does any other refusal but those of a token (401, 403), a code
    (404), a state (409) or a rate (429)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code < 400:
        return
    if response.status_code in (401, 403, 404, 409, 429):
        return
    if response.status_code == 422 and isinstance(response.json().get("detail"), str):
        return
    raise AssertionError(f"valid data refused: {response.status_code} {response.text[:300]}")


def test_every_error_is_one_model_and_the_tokens_are_schemes():
    raw = schema.raw_schema
    assert set(raw["components"]["securitySchemes"]) == {"seatToken", "hostToken"}
    assert "HTTPValidationError" not in raw["components"]["schemas"]
    for path, item in raw["paths"].items():
        for method, op in item.items():
            for status, answer in op["responses"].items():
                if status.startswith(("4", "5")):
                    ref = answer["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/Problem"), (method, path, status)
    create = raw["components"]["schemas"]["CreateGame"]["properties"]
    assert "classic-us" in create["edition"]["anyOf"][0]["enum"]
    assert "hasbro-ru" in create["ruleset"]["enum"]


# every built-in check, with valid_accepted for positive_data_acceptance
CHECKS = [c for c in registered.get_all() if c is not positive_data_acceptance] + [valid_accepted]


@schema.parametrize()
@schema.given(real=st.booleans())
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_openapi_contract(case, real, game):
    if real and "code" in (case.path_parameters or {}):
        case.path_parameters["code"] = game["code"]
    case.call_and_validate(headers=token_for(case, game), checks=CHECKS)


def test_a_405_names_every_method_of_the_path(game):
    """Starlette named the methods of the first route that matched (``Allow: POST`` for /api/games)."""
    answer = schema["/api/games"]["GET"].Case(method="OPTIONS").call()
    assert answer.status_code == 405
    assert answer.headers["allow"] == ["GET, POST"]
    assert answer.json() == {"detail": "Method Not Allowed"}


@pytest.mark.parametrize("token", ["host_token", "token"])
def test_a_refusal_never_repeats_a_token(game, token):
    """A seat token where the host's is needed, and the other way round: 403, the token not in the body."""
    path = "/api/games/{code}/start" if token == "token" else "/api/games/{code}/trade"
    method = "POST" if token == "token" else "GET"
    case = schema[path][method].Case(path_parameters={"code": game["code"]})
    answer = case.call(headers={"Authorization": f"Bearer {game[token]}"})
    assert answer.status_code == 403, answer.text
    assert game[token] not in answer.text and game["code"] not in answer.text
    assert answer.json()["code"] if token == "token" else answer.json()["detail"]
