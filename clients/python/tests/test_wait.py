"""Waiting for evidence against real appliances: wait="checkpoint"|"head" on every proof, audit event and bundle,
wait_sealed through the seal's checkpoint, wait_timeout carrying the last proof, the appliance's Retry-After obeyed
between polls, and verify() reporting a proof whose head is pending as incomplete."""
from __future__ import annotations

import time
import uuid
from typing import Iterator

import pytest

from appliance import Appliance, Fault, FaultProxy, start_appliance
from proof_ledger import ProofLedger, ProofLedgerError, verify

FAST = {"SVC_CHECKPOINT_SECONDS": "1", "SVC_HEAD_SECONDS": "1", "SVC_PUBLIC_RPS": "100000"}
# Checkpoints within a second, but no head for a day: a wait for the head runs out.
SLOW = {**FAST, "SVC_HEAD_SECONDS": "86400"}


@pytest.fixture(scope="module")
def fast() -> Iterator[Appliance]:
    a = start_appliance(FAST)
    yield a
    a.stop()


@pytest.fixture(scope="module")
def slow() -> Iterator[Appliance]:
    a = start_appliance(SLOW)
    yield a
    a.stop()


def client(a: Appliance) -> ProofLedger:
    return ProofLedger(a.url, a.api_key, ca=a.ca)


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


def test_proofs_and_audit_events_wait_for_their_head_and_verify_complete(fast: Appliance) -> None:
    c = client(fast)
    keys = c.keys.get("localhost")
    ev = c.events.create({"event_type": "wait.me", "payload": {"n": 1}})
    ai = c.ai.attest({"attestation_type": "decision", "input": unique("in"), "output": "out"})
    doc = c.documents.anchor({"document_hash": uuid.uuid4().hex * 2})
    org = unique("org")
    c.audit.create_org({"organization_id": org})
    ae = c.audit.create_event({"organization_id": org, "action": "user.login", "actor": {"type": "user", "id": "u"}})
    docs = [
        c.proofs.event(ev["event_id"], wait="head", timeout=60),
        c.proofs.ai(ai["attestation_id"], wait="head", timeout=60),
        c.proofs.document(doc["event_id"], wait="head", timeout=60),
        c.audit.get(ae["event_id"], wait="head", timeout=60),
    ]
    for d in docs:
        assert "/localhost" in d["log"]["checkpoint"] and isinstance(d["log"]["head"]["checkpoint"], str)
        r = verify(d, keys=keys)
        assert [x for x in r["checks"] if not x["ok"]] == []
        assert (r["valid"], r["complete"]) == (True, True)


def test_wait_sealed_returns_after_the_seal_checkpoint_and_the_bundle_verifies_complete(fast: Appliance) -> None:
    c = client(fast)
    t = c.traces.create({"label": unique("trace")})
    c.events.create({"event_type": "step", "payload": {"n": 1}, "trace_id": t["trace_id"]})
    c.ai.attest({"attestation_type": "output", "input": unique("in"), "output": "o", "trace_id": t["trace_id"]})
    c.traces.seal(t["trace_id"])
    assert c.traces.wait_sealed(t["trace_id"], timeout=60)["status"] == "sealed"
    assert isinstance(c.traces.proof(t["trace_id"])["seal"]["log"]["checkpoint"], str)
    bundle = c.traces.proof(t["trace_id"], wait="head", timeout=60)
    r = verify(bundle, keys=c.keys.get("localhost"))
    assert [x for x in r["checks"] if not x["ok"]] == []
    assert (r["valid"], r["complete"], r["kind"]) == (True, True, "trace_bundle")


def test_a_bundle_wait_goes_through_trace_not_sealed_never_sooner_than_retry_after(fast: Appliance, proxy_tls) -> None:
    proxy = FaultProxy(fast.port, fast.ca, *proxy_tls)
    try:
        c = ProofLedger(proxy.url, fast.api_key, ca=str(proxy_tls[0]))
        t = c.traces.create({"label": unique("trace")})
        c.events.create({"event_type": "step", "payload": {}, "trace_id": t["trace_id"]})
        path = f"/v1/traces/{t['trace_id']}/proof"
        proxy.faults.append(Fault("GET", path, "answer", 409, {"retry-after": "2"}, {"error": "trace_not_sealed", "message": "not yet"}))
        started = time.monotonic()
        c.traces.seal(t["trace_id"])
        bundle = c.traces.proof(t["trace_id"], wait="checkpoint", timeout=60)
        assert isinstance(bundle["seal"]["log"]["checkpoint"], str)
        asks = [s.at for s in proxy.seen if s.method == "GET" and s.path == path]
        assert len(asks) >= 2 and asks[1] - asks[0] >= 2
        assert time.monotonic() - started >= 2
    finally:
        proxy.stop()


def test_a_head_that_never_comes_raises_wait_timeout_with_the_last_proof_which_verifies_incomplete(slow: Appliance) -> None:
    c = client(slow)
    ev = c.events.create({"event_type": "wait.slow", "payload": {}})
    p = c.proofs.event(ev["event_id"], wait="checkpoint", timeout=60)
    assert "/localhost" in p["log"]["checkpoint"] and p["log"]["head"] == {"status": "pending"}
    started = time.monotonic()
    with pytest.raises(ProofLedgerError) as e:
        c.proofs.event(ev["event_id"], wait="head", timeout=2.5)
    assert (e.value.code, e.value.status) == ("wait_timeout", 0)
    assert time.monotonic() - started >= 2.4
    assert e.value.body["event_id"] == ev["event_id"] and e.value.body["log"]["checkpoint"] == p["log"]["checkpoint"]
    r = verify(e.value.body, keys=c.keys.get("localhost"))
    assert (r["valid"], r["complete"]) == (True, False)
    assert [x for x in r["checks"] if not x["ok"]] == []
    with pytest.raises(ValueError):
        c.proofs.event(ev["event_id"], wait="forever")


def test_wait_sealed_and_audit_get_raise_wait_timeout_when_the_head_is_asked_for(slow: Appliance) -> None:
    c = client(slow)
    t = c.traces.create({"label": unique("trace")})
    c.events.create({"event_type": "step", "payload": {}, "trace_id": t["trace_id"]})
    c.traces.seal(t["trace_id"])
    with pytest.raises(ProofLedgerError) as e:
        c.traces.wait_sealed(t["trace_id"], timeout=4, wait="head")
    assert e.value.code == "wait_timeout" and e.value.body["bundle_version"] == 1
    org = unique("org")
    c.audit.create_org({"organization_id": org})
    ae = c.audit.create_event({"organization_id": org, "action": "a.b", "actor": {"type": "user", "id": "u"}})
    with pytest.raises(ProofLedgerError) as a:
        c.audit.get(ae["event_id"], wait="head", timeout=1.5)
    assert a.value.code == "wait_timeout" and a.value.body["id"] == ae["event_id"]


def test_evidence_reached_on_hand_made_blocks() -> None:
    """The wait condition alone: pending, checkpointed, in a published head, and a sandbox record's block, which has
    no head at all (no head ever covers a sandbox log), ends at its checkpoint."""
    from proof_ledger._wait import evidence_reached

    cp = "example.test/log\n1\nAAAA\n\n\u2014 sig\n"
    docs = [
        {"log": {"status": "pending"}},
        {"log": {"checkpoint": cp, "head": {"status": "pending"}}},
        {"log": {"checkpoint": cp, "head": {"checkpoint": cp}}},
        {"log": {"checkpoint": cp}},
    ]
    assert [evidence_reached(d, "checkpoint") for d in docs] == [False, True, True, True]
    assert [evidence_reached(d, "head") for d in docs] == [False, False, True, True]
