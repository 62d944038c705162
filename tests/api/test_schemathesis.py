"""Schemathesis drives every operation of the OpenAPI document with generated requests (valid
and invalid); the service must never answer 5xx and every answer must match its schema.

One check is left out: a schema-valid body is not always a valid hand (the schema cannot say
"16 − 3k tiles, at most 4 copies"), so the library's 422 for such a body is correct."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from twmj_api.main import create_app

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=60, derandomize=True, deadline=None)
def test_no_server_error(case: schemathesis.Case[Any]) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
