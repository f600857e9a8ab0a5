"""Never a crash (docs/verification.md "The result"): Hypothesis feeds the Python verifier malformed proofs (any JSON,
any bytes, the shared vectors with any field replaced by any value, numbers and times JSON or the rules cannot hold)
and malformed trust; every answer is a result of the one shape, never an exception, and the CLI exits 0 or 1 with at
most one line on stderr."""
from __future__ import annotations

import contextlib
import copy
import io
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import VECTORS
from proof_ledger import verify
from proof_ledger.__main__ import verify_main

MANIFEST = json.loads((VECTORS / "manifest.json").read_text("utf-8"))
DOCS = [json.loads((VECTORS / name).read_text("utf-8"))
        for name in ("event-proof.json", "ai-proof.json", "document-proof.json", "audit-event.json", "trace-bundle.json")]
POLICY = (VECTORS / "policy.txt").read_text("utf-8")
ROOTS = (VECTORS / "tsa-ca.pem").read_text("utf-8")
KEYS = json.loads((VECTORS / "keys-acme.example.json").read_text("utf-8"))
PLATFORM = json.loads((VECTORS / "platform-key.json").read_text("utf-8"))
FIELDS = {"valid", "trust", "complete", "sandbox", "checks", "existed_no_later_than", "witnessed_by", "kind", "signer", "unsigned"}
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Values JSON (and the rules) may meet: the edges of numbers, the forms of times, hex and base64 that almost fit.
EDGE_NUMBERS = st.sampled_from([0, -1, 1.0, 2**53, 2**53 - 1, 2**64, 10**400, float("inf"), float("-inf"), 1e-400, -0.0, 0.5])
EDGE_STRINGS = st.sampled_from([
    "", "2026-11-25T10:04:11", "2026-11-25T10:04:11Z", "2026-11-25 10:04:11Z", "10000-01-01T00:00:00Z",
    "2026-02-30T00:00:00Z", "2026-11-25T10:04:11.0000000000Z", "Wed, 25 Nov 2026 10:04:11 GMT", "\ud800", "\ufffd",
    "00" * 32, "0" * 63, "zz" * 32, "AAAA", "AAA=", "\u2014 x AAAA\n", "pending", "a\n\n\u2014 b AAAAAAA=\n", "x" * 5000,
])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | EDGE_NUMBERS | st.text(max_size=40) | EDGE_STRINGS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)


def paths(v: Any, at: tuple = ()) -> list[tuple]:
    """Every path to a value inside a document."""
    out = [at]
    if isinstance(v, dict):
        for k, x in v.items():
            out += paths(x, (*at, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += paths(x, (*at, i))
    return out


def replaced(doc: Any, path: tuple, value: Any) -> Any:
    d = copy.deepcopy(doc)
    if not path:
        return value
    o = d
    for k in path[:-1]:
        o = o[k]
    o[path[-1]] = value
    return d


def assert_result(r: Any) -> None:
    assert isinstance(r, dict) and set(r) == FIELDS
    assert isinstance(r["valid"], bool) and r["trust"] in ("file", "keys", "policy")
    assert isinstance(r["complete"], bool) and isinstance(r["sandbox"], bool)
    assert all(isinstance(c["name"], str) and isinstance(c["ok"], bool) and isinstance(c["detail"], str) for c in r["checks"])
    assert r["valid"] == all(c["ok"] for c in r["checks"])
    assert not any(c["name"] == "document.error" for c in r["checks"]), r["checks"]
    json.dumps(r)


@FUZZ
@given(JSON_VALUES)
def test_any_json_value_gives_a_result(v: Any) -> None:
    assert_result(verify(v))
    assert_result(verify(json.dumps(v, allow_nan=True)))


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes_give_a_result(b: bytes) -> None:
    assert_result(verify(b))


@FUZZ
@given(st.data())
def test_a_vector_with_any_field_replaced_gives_a_result_under_every_trust(data: st.DataObject) -> None:
    doc = data.draw(st.sampled_from(DOCS))
    path = data.draw(st.sampled_from(paths(doc)))
    value = data.draw(JSON_VALUES)
    bad = replaced(doc, path, value)
    trust = data.draw(st.sampled_from([{}, {"policy": POLICY, "tsa_roots": ROOTS}, {"keys": KEYS, "platform_key": PLATFORM}]))
    assert_result(verify(bad, **trust))
    # The same document as the text a file would hold, NaN and Infinity included.
    assert_result(verify(json.dumps(bad, allow_nan=True).encode()))


@FUZZ
@given(st.sampled_from(DOCS), st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=255))
def test_a_vector_with_a_byte_changed_gives_a_result(doc: Any, at: int, xor: int) -> None:
    b = bytearray(json.dumps(doc).encode())
    b[at % len(b)] ^= xor
    assert_result(verify(bytes(b), policy=POLICY, tsa_roots=ROOTS))


@FUZZ
@given(st.text(max_size=200), st.binary(max_size=200), JSON_VALUES)
def test_malformed_trust_gives_a_result(policy: str, roots: bytes, keys: Any) -> None:
    assert_result(verify(DOCS[0], policy=policy))
    assert_result(verify(DOCS[0], tsa_roots=roots))
    assert_result(verify(DOCS[0], keys=keys, platform_key=keys))


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=200) | JSON_VALUES.map(lambda v: json.dumps(v, allow_nan=True).encode()))
def test_the_cli_exits_0_or_1_with_at_most_one_stderr_line(tmp_path_factory: Any, content: bytes) -> None:
    f = tmp_path_factory.mktemp("fuzz") / "proof.json"
    f.write_bytes(content)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = verify_main(["verify", str(f), "--json"])
    assert_result(json.loads(out.getvalue()))
    assert code in (0, 1) and len(err.getvalue().splitlines()) == (0 if code == 0 else 1)
