"""The Python client against the retry scenarios both client libraries share (clients/retry-scenarios.json; the
TypeScript suite runs the same file): a real appliance behind a fault-injecting proxy, each scenario's faults queued,
its call made, and the attempts the proxy saw and the outcome compared with what the scenario expects."""
from __future__ import annotations

import hashlib
import json
import re
import uuid
from typing import Any

import pytest

from appliance import Appliance, Fault, FaultProxy
from conftest import REPO
from proof_ledger import ProofLedger, ProofLedgerError
from proof_ledger import _transport

SCENARIOS = json.loads((REPO / "clients" / "retry-scenarios.json").read_text())


def fill(value: Any, names: dict[str, str]) -> Any:
    """`value` with $unique, $unique_hash, $org and $trace replaced, at any depth."""
    if isinstance(value, str):
        return re.sub(r"\$(unique_hash|unique|org|trace)", lambda m: names[m.group(1)], value)
    if isinstance(value, list):
        return [fill(v, names) for v in value]
    if isinstance(value, dict):
        return {k: fill(v, names) for k, v in value.items()}
    return value


def test_the_rules_are_the_constants_of_the_client() -> None:
    rules = SCENARIOS["rules"]
    assert (_transport.MAX_RETRY_AFTER, _transport.MAX_PROCESSING_POLLS) == (rules["retry_after_cap_s"], rules["processing_polls"])
    first, cap = rules["backoff_first_step_s"], rules["backoff_cap_s"]
    for _ in range(200):
        assert first / 2 <= _transport.backoff(0) <= first and cap / 2 <= _transport.backoff(10) <= cap
    assert ProofLedger("https://x.test", "k")._t.max_retries == rules["max_retries"]


@pytest.mark.parametrize("sc", SCENARIOS["scenarios"], ids=[s["name"] for s in SCENARIOS["scenarios"]])
def test_scenario(sc: dict, appliance: Appliance, proxy: FaultProxy, proxy_tls) -> None:
    unique = f"sc-{uuid.uuid4().hex[:12]}"
    names = {"unique": unique, "unique_hash": hashlib.sha256(unique.encode()).hexdigest(), "org": "", "trace": ""}
    direct = ProofLedger(appliance.url, appliance.api_key, ca=appliance.ca)
    text = json.dumps(sc)
    if "$org" in text:
        names["org"] = f"org-{unique}"
        direct.audit.create_org({"organization_id": names["org"]})
    if "$trace" in text:
        names["trace"] = direct.traces.create({"label": unique})["trace_id"]
        direct.events.create({"event_type": "scenario.step", "payload": {}, "trace_id": names["trace"]})
    faults = fill(sc["faults"], names)
    proxy.add(*[Fault(f["method"], f["path"], f["action"], f.get("status", 0), f.get("headers", {}), f.get("body")) for f in faults])
    client = ProofLedger(proxy.url, appliance.api_key, ca=str(proxy_tls[0]), max_retries=sc.get("max_retries", SCENARIOS["rules"]["max_retries"]))
    resource, method = sc["call"].split(".")
    since = len(proxy.seen)
    try:
        outcome: Any = getattr(getattr(client, resource), method)(*fill(sc.get("args", []), names), **sc.get("query", {}))
    except ProofLedgerError as e:
        outcome = e
    route = (faults[0]["method"], faults[0]["path"]) if faults else (proxy.seen[since].method, proxy.seen[since].path)
    attempts = [s for s in proxy.seen[since:] if (s.method, s.path) == route]
    expect = sc["expect"]
    assert len(attempts) == expect["attempts"]
    keys = {a.headers.get("idempotency-key") for a in attempts}
    assert len(keys) == 1
    key = keys.pop()
    if expect["same_key"]:
        assert key is not None and len(key) >= 16
    else:
        assert key is None
    for a, b in zip(attempts, attempts[1:]):
        assert b.at - a.at >= expect.get("min_gap_s", 0)
    if "error" in expect:
        assert isinstance(outcome, ProofLedgerError), outcome
        assert (outcome.code, outcome.status) == (expect["error"]["code"], expect["error"]["status"])
    else:
        assert not isinstance(outcome, ProofLedgerError), outcome
        assert {k: outcome.get(k) for k in expect.get("ok", {})} == fill(expect.get("ok", {}), names)
        for f in expect.get("present", []):
            assert outcome.get(f), f
    assert proxy.faults == []
