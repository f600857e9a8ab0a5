"""The Python client through a lossy proxy: the appliance answers every create, the proxy drops that first answer
(closes the connection), and the client, sending the same Idempotency-Key again, gets the stored answer (a stream's
signing secret included). Each create makes exactly one object: the appliance replayed the second attempt, and the
lists and the tenant's usage counters show one. The TypeScript suite does the same (test/http/ts-client-lossy.test.ts)."""
from __future__ import annotations

import hashlib
import uuid
from typing import Iterator

import pytest

from appliance import Appliance, FaultProxy, svc, until
from proof_ledger import ProofLedger

TAG = f"pylossy-{uuid.uuid4().hex[:10]}"
ORG = f"{TAG}-org"


@pytest.fixture(scope="module")
def tenant(appliance: Appliance) -> dict:
    t = svc(appliance, "tenant", "create", "--name", TAG, "--domain", f"{TAG}.test", "--plan", "enterprise")
    k = svc(appliance, "key", "create", "--tenant", t["tenant_id"], "--name", "lossy", "--scopes", "read,write,audit:read,audit:write")
    return {"tenant_id": t["tenant_id"], "key": k["api_key"]}


@pytest.fixture(scope="module")
def lossy_proxy(appliance: Appliance, proxy_tls) -> Iterator[FaultProxy]:
    p = FaultProxy(appliance.port, appliance.ca, *proxy_tls)
    p.lossy = True
    yield p
    p.stop()


@pytest.fixture(scope="module")
def lossy(lossy_proxy: FaultProxy, tenant: dict, proxy_tls) -> ProofLedger:
    return ProofLedger(lossy_proxy.url, tenant["key"], ca=str(proxy_tls[0]))


@pytest.fixture(scope="module")
def direct(appliance: Appliance, tenant: dict) -> ProofLedger:
    return ProofLedger(appliance.url, tenant["key"], ca=appliance.ca)


def replayed_once(proxy: FaultProxy, path: str, replayed_status: int = 201) -> None:
    """The two attempts of one create: the first answered by the appliance and dropped, the second its replay."""
    sent = proxy.attempts("POST", path)
    assert len(sent) == 2
    key = sent[0].headers.get("idempotency-key")
    assert key and len(key) >= 16 and sent[1].headers.get("idempotency-key") == key
    assert sent[0].dropped and sent[0].upstream is not None and sent[0].upstream[0] < 300
    assert (sent[1].dropped, sent[1].upstream) == (False, (replayed_status, replayed_status < 300))


def test_an_audit_org(lossy: ProofLedger, lossy_proxy: FaultProxy, direct: ProofLedger) -> None:
    r = lossy.audit.create_org({"organization_id": ORG, "name": "Lossy"})
    assert (r["organization_id"], r["replayed"]) == (ORG, True)
    replayed_once(lossy_proxy, "/v1/audit/orgs")
    assert [o["organization_id"] for o in direct.audit.iterate_orgs() if o["organization_id"] == ORG] == [ORG]


def test_a_stream_with_its_signing_secret(lossy: ProofLedger, lossy_proxy: FaultProxy, direct: ProofLedger) -> None:
    r = lossy.audit.create_stream(ORG, {"type": "webhook", "url": "https://127.0.0.1:9/hook"})
    assert r["signing_secret"].startswith("whsec_") and len(r["signing_secret"]) == 49 and r["replayed"] is True
    replayed_once(lossy_proxy, f"/v1/audit/orgs/{ORG}/streams")
    assert [s["id"] for s in direct.audit.iterate_streams(ORG)] == [r["id"]]


def test_a_trace_an_attestation_a_document_and_an_event(lossy: ProofLedger, lossy_proxy: FaultProxy, direct: ProofLedger,
                                                         appliance: Appliance, tenant: dict) -> None:
    trace = lossy.traces.create({"label": f"{TAG}-trace"})
    assert (trace["status"], trace["replayed"]) == ("open", True)
    replayed_once(lossy_proxy, "/v1/traces")
    ai = lossy.ai.attest({"attestation_type": "decision", "input": f"{TAG}-q", "output": "yes"})
    assert (ai["status"], ai["replayed"]) == ("accepted", True)
    replayed_once(lossy_proxy, "/v1/ai/attestations")
    digest = hashlib.sha256(TAG.encode()).hexdigest()
    doc = lossy.documents.anchor({"document_hash": digest})
    assert (doc["status"], doc["replayed"]) == ("accepted", True)
    replayed_once(lossy_proxy, "/v1/document/anchor")
    ev = lossy.events.create({"event_type": f"{TAG}.event", "payload": {"n": 1}})
    assert ev["replayed"] is True
    replayed_once(lossy_proxy, "/v1/events")
    assert [e["event_id"] for e in direct.events.iterate(event_type=f"{TAG}.event")] == [ev["event_id"]]
    assert direct.traces.get(trace["trace_id"])["label"] == f"{TAG}-trace"
    assert direct.documents.get(doc["event_id"])["document_hash"] == digest
    # One of each was made: the tenant's counters (a replay counts nothing).
    used = {k: v["used"] for k, v in svc(appliance, "tenant", "show", tenant["tenant_id"])["usage"].items()}
    assert (used["traces_per_month"], used["ai_attestations_per_month"], used["events_per_month"]) == (1, 1, 2)


def test_a_portal_session_and_an_export(lossy: ProofLedger, lossy_proxy: FaultProxy, direct: ProofLedger) -> None:
    link = lossy.audit.create_portal_session({"organization_id": ORG, "intent": "audit_logs"})
    assert "/portal#link=" in link["url"] and link["replayed"] is True
    replayed_once(lossy_proxy, "/v1/audit/portal_sessions")
    # The link answered is the one the appliance made: it exchanges.
    assert direct.audit.exchange_portal_link(link["url"].split("#link=")[1])["session_token"]
    job = lossy.audit.create_export({"organization_id": ORG, "format": "ndjson"})
    assert (job["status"], job["replayed"]) == ("pending", True)
    replayed_once(lossy_proxy, "/v1/audit/exports", 202)
    assert direct.audit.get_export(job["id"])["id"] == job["id"]


def test_an_audit_event_answers_the_event_its_lost_attempt_stored(lossy: ProofLedger, lossy_proxy: FaultProxy, direct: ProofLedger) -> None:
    r = lossy.audit.create_event({"organization_id": ORG, "action": "user.login", "actor": {"type": "user", "id": "u-1"}})
    assert (r["status"], r["replayed"]) == ("accepted", True)
    replayed_once(lossy_proxy, "/v1/audit/events", 409)
    assert until(lambda: [e["id"] for e in direct.audit.iterate(organization_id=ORG)]) == [r["event_id"]]
