"""The appliance's GET /openapi.json as a Python toolchain reads it: openapi-pydantic parses it as an OpenAPI 3.1
document, and every example in it is valid against its body's schema by the jsonschema package (draft 2020-12),
a second validator, written independently of the one the appliance's own tests use."""
from __future__ import annotations

import json
import ssl
import urllib.request
from typing import Any, Iterator

import pytest
from jsonschema import Draft202012Validator
from openapi_pydantic import parse_obj
from openapi_pydantic.v3.v3_1 import OpenAPI

from appliance import Appliance

# Bodies that are pages, scripts or bytes are described by kind, without a value.
DESCRIBED = {"text/html", "text/javascript", "text/css", "application/pdf", "application/octet-stream", "application/cose",
             "application/cbor", "application/zip"}


@pytest.fixture(scope="module")
def document(appliance: Appliance) -> dict[str, Any]:
    ctx = ssl.create_default_context(cafile=appliance.ca)
    ctx.check_hostname = False
    with urllib.request.urlopen(f"{appliance.url}/openapi.json", context=ctx, timeout=30) as r:
        return json.load(r)


def bodies(doc: dict[str, Any]) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(operation, status or 'body', media type, media object) for every request body and response."""
    for path, item in doc["paths"].items():
        for method, op in item.items():
            targets = [("body", op.get("requestBody"))] + list(op["responses"].items())
            for status, target in targets:
                for media_type, media in ((target or {}).get("content") or {}).items():
                    yield f"{method.upper()} {path}", status, media_type, media


def test_openapi_pydantic_parses_it_as_openapi_3_1(document: dict[str, Any]) -> None:
    parsed = parse_obj(document)
    assert isinstance(parsed, OpenAPI)
    assert parsed.openapi == "3.1.0"
    assert parsed.paths is not None and set(parsed.paths) == set(document["paths"])
    events = parsed.paths["/v1/events"].post
    assert events is not None and events.responses is not None
    created = events.responses["201"]
    assert created.headers is not None and "Idempotent-Replayed" in created.headers
    assert created.content is not None and created.content["application/json"].examples
    # Every body of the parsed document keeps its examples.
    count = 0
    for path, item in parsed.paths.items():
        for op in (item.get, item.put, item.post, item.delete):
            if op is None or op.responses is None:
                continue
            for status, response in op.responses.items():
                for media_type, media in (response.content or {}).items():
                    assert media.examples, f"{path} {status} {media_type}"
                    count += 1
    assert count > 600


def test_every_example_is_valid_against_its_schema(document: dict[str, Any]) -> None:
    checked, invalid = 0, []
    for op, status, media_type, media in bodies(document):
        # The document's components go beside the body's schema, so that its #/components/... references resolve.
        schema = {**media["schema"], "components": document["components"]}
        validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
        examples = media.get("examples") or {}
        assert examples, f"{op} {status} {media_type} has no example"
        for name, example in examples.items():
            if "value" not in example:
                assert media_type in DESCRIBED and example.get("description"), f"{op} {status} {name}"
                continue
            checked += 1
            invalid += [f"{op} {status} {media_type} {name}: {e.message}" for e in validator.iter_errors(example["value"])]
    assert invalid == []
    assert checked > 1000


def test_the_validator_refuses_an_example_that_does_not_fit(document: dict[str, Any]) -> None:
    media = document["paths"]["/v1/events"]["post"]["responses"]["201"]["content"]["application/json"]
    schema = {**media["schema"], "components": document["components"]}
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    good = next(iter(media["examples"].values()))["value"]
    assert list(validator.iter_errors(good)) == []
    assert [e.message for e in validator.iter_errors({"ingested_at": good["ingested_at"]})] == [
        "'event_id' is a required property"
    ]
    assert [e.message for e in validator.iter_errors({**good, "ingested_at": "yesterday"})] == [
        "'yesterday' is not a 'date-time'"
    ]
