"""Schemathesis drives every operation of the OpenAPI document with generated requests (valid
and invalid); the service must never answer 5xx and every answer must match its schema.

One check is replaced: a schema-valid body is not always a valid hand (the schema cannot say
"16 − 3k tiles, at most 4 copies"), so the library's 422 for such a body is correct; what the
test asserts instead is that the request validation itself never refuses a schema-valid body
(issue 12: 1,114 such cases before: 3.0 for an integer, snapshot with record, …)."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from twmj_api.main import create_app

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=60, derandomize=True, deadline=None)
def test_no_server_error(case: schemathesis.Case[Any]) -> None:
    response = case.call()
    case.validate_response(response, excluded_checks=[positive_data_acceptance])
    # In place of that check: a request the schema calls valid is never refused by the
    # request validation (`invalid_request`); only the library may refuse it, by its own code.
    positive = case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE
    if positive and response.status_code == 422:
        code = response.json()["error"]["code"]
        assert code != "invalid_request", (case.body, response.text)
