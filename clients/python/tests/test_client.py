"""ProofLedger against a real appliance through a fault-injecting HTTPS proxy: lost acknowledgements retried with the
same Idempotency-Key store one record, Retry-After is waited, 4xx are never retried, errors carry the API's code, the
202 processing answer is waited on, pages and cursors are followed, and the proofs it fetches verify offline."""
from __future__ import annotations

import datetime
import hashlib
import time
import uuid

import pytest

from appliance import Appliance, Fault, FaultProxy, until
from proof_ledger import ProofLedger, ProofLedgerError, verify


@pytest.fixture()
def client(appliance: Appliance, proxy: FaultProxy, proxy_tls) -> ProofLedger:
    c = ProofLedger(proxy.url, appliance.api_key, ca=str(proxy_tls[0]), max_retries=3, timeout=30)
    waits: list[float] = []
    real_sleep = c._t.sleep

    def sleep(s: float) -> None:
        waits.append(s)
        real_sleep(s)

    c._t.sleep = sleep
    c.waits = waits  # type: ignore[attr-defined]
    return c


@pytest.fixture()
def direct(appliance: Appliance) -> ProofLedger:
    return ProofLedger(appliance.url, appliance.api_key, ca=appliance.ca)


def unique(prefix: str) -> str:
    return f"{prefix}.{uuid.uuid4().hex[:12]}"


def test_a_lost_acknowledgement_retried_with_the_same_key_stores_exactly_one_event(client: ProofLedger, proxy: FaultProxy, direct: ProofLedger) -> None:
    kind = unique("py.lost")
    proxy.add(Fault("POST", "/v1/events", "drop"))
    created = client.events.create({"event_type": kind, "payload": {"n": 1}})
    sent = proxy.requests("POST", "/v1/events")
    assert len(sent) == 2
    keys = {s.headers["idempotency-key"] for s in sent}
    assert len(keys) == 1 and len(keys.pop()) >= 16
    stored = list(direct.events.iterate(event_type=kind))
    assert [e["event_id"] for e in stored] == [created["event_id"]]


def test_each_logical_call_gets_its_own_key_and_a_given_key_is_kept(client: ProofLedger, proxy: FaultProxy) -> None:
    kind = unique("py.keys")
    client.events.create({"event_type": kind, "payload": {"n": 1}})
    client.events.create({"event_type": kind, "payload": {"n": 1}})
    client.events.create({"event_type": kind, "payload": {"n": 2}}, idempotency_key="my-key-" + kind)
    keys = [s.headers["idempotency-key"] for s in proxy.requests("POST", "/v1/events")]
    assert len(set(keys[:2])) == 2 and keys[2] == "my-key-" + kind


def test_a_lost_audit_acknowledgement_stores_one_event_and_answers_its_id(client: ProofLedger, proxy: FaultProxy, direct: ProofLedger) -> None:
    org = unique("org")
    client.audit.create_org({"organization_id": org, "name": "Py"})
    proxy.add(Fault("POST", "/v1/audit/events", "drop"))
    r = client.audit.create_event({"organization_id": org, "action": "user.login", "actor": {"type": "user", "id": "u-1"}})
    sent = proxy.requests("POST", "/v1/audit/events")
    assert len(sent) == 2 and sent[0].headers["idempotency-key"] == sent[1].headers["idempotency-key"]
    events = until(lambda: list(direct.audit.iterate(organization_id=org)))
    assert [e["id"] for e in events] == [r["event_id"]]


@pytest.mark.parametrize("status,code", [(429, "rate_limited"), (503, "overloaded")])
def test_retry_after_is_waited(client: ProofLedger, proxy: FaultProxy, status: int, code: str) -> None:
    proxy.add(Fault("GET", "/v1/events", "answer", status, {"retry-after": "1"}, {"error": code, "message": "wait"}))
    t0 = time.monotonic()
    page = client.events.list(limit=1)
    sent = proxy.requests("GET", "/v1/events")
    assert "events" in page and len(sent) == 2
    assert sent[1].at - sent[0].at >= 0.95 and time.monotonic() - t0 >= 0.95
    assert client.waits == [1.0]  # type: ignore[attr-defined]


def test_retry_after_is_capped_at_60_seconds(client: ProofLedger, proxy: FaultProxy) -> None:
    client._t.sleep = client.waits.append  # type: ignore[attr-defined]  # record the wait, do not spend it
    proxy.add(Fault("GET", "/v1/events", "answer", 503, {"retry-after": "3600"}, {"error": "overloaded", "message": "x"}))
    client.events.list(limit=1)
    assert client.waits == [60.0]  # type: ignore[attr-defined]


def test_a_500_is_retried_with_backoff_and_retries_are_bounded(client: ProofLedger, proxy: FaultProxy) -> None:
    proxy.add(Fault("GET", "/v1/events", "answer", 500, {}, {"error": "db_error", "message": "x"}))
    assert "events" in client.events.list(limit=1)
    assert len(client.waits) == 1 and 0.25 <= client.waits[0] <= 0.5  # type: ignore[attr-defined]
    proxy.reset()
    client.waits.clear()  # type: ignore[attr-defined]
    proxy.add(*[Fault("GET", "/v1/events", "answer", 503, {"retry-after": "0"}, {"error": "overloaded", "message": "busy"}) for _ in range(5)])
    with pytest.raises(ProofLedgerError) as e:
        client.events.list(limit=1)
    assert (e.value.code, e.value.status, e.value.retry_after) == ("overloaded", 503, 0.0)
    assert len(proxy.requests("GET", "/v1/events")) == 4  # the call and max_retries = 3 retries


def test_a_plain_text_400_is_bad_request_and_not_retried(client: ProofLedger, proxy: FaultProxy) -> None:
    proxy.add(Fault("POST", "/v1/events", "answer", 400, {}, "Bad Request"))
    with pytest.raises(ProofLedgerError) as e:
        client.events.create({"event_type": "x", "payload": {}})
    assert (e.value.code, e.value.status, e.value.body) == ("bad_request", 400, "Bad Request")
    assert len(proxy.requests("POST", "/v1/events")) == 1


def test_api_errors_carry_the_code_and_4xx_are_not_retried(client: ProofLedger, proxy: FaultProxy) -> None:
    with pytest.raises(ProofLedgerError) as e:
        client.events.create({"event_type": "", "payload": {}})
    assert (e.value.code, e.value.status) == ("invalid_event_type", 400)
    assert e.value.body["error"] == "invalid_event_type"
    with pytest.raises(ProofLedgerError) as e:
        client.events.get(str(uuid.uuid4()))
    assert (e.value.code, e.value.status) == ("event_not_found", 404)
    with pytest.raises(ProofLedgerError) as e:
        client.traces.proof(str(uuid.uuid4()))
    assert e.value.code == "trace_not_found"
    assert len(proxy.requests("POST", "/v1/events")) == 1 and len(proxy.requests("GET", "/v1/events/")) == 1
    anon = ProofLedger(proxy.url, "svc_live_" + "A" * 43, ca=client._t.ca)
    with pytest.raises(ProofLedgerError) as e:
        anon.events.list()
    assert (e.value.code, e.value.status) == ("invalid_api_key", 401)


def test_the_202_processing_answer_is_waited_on_and_asked_again_with_the_same_key(client: ProofLedger, proxy: FaultProxy, direct: ProofLedger) -> None:
    kind = unique("py.processing")
    proxy.add(Fault("POST", "/v1/events", "answer", 202, {"retry-after": "1"}, {"status": "processing"}))
    r = client.events.create({"event_type": kind, "payload": {"n": 1}})
    sent = proxy.requests("POST", "/v1/events")
    assert len(sent) == 2 and sent[0].headers["idempotency-key"] == sent[1].headers["idempotency-key"]
    assert client.waits == [1.0]  # type: ignore[attr-defined]
    assert [e["event_id"] for e in direct.events.iterate(event_type=kind)] == [r["event_id"]]


def test_connection_errors_are_retried_then_reported(appliance: Appliance) -> None:
    c = ProofLedger("https://127.0.0.1:1", appliance.api_key, ca=appliance.ca, max_retries=2)
    c._t.sleep = lambda s: None
    with pytest.raises(ProofLedgerError) as e:
        c.health()
    assert (e.value.code, e.value.status) == ("connection_error", 0)


def test_events_iterate_follows_every_page(direct: ProofLedger) -> None:
    kind = unique("py.pages")
    ids = {direct.events.create({"event_type": kind, "payload": {"i": i}})["event_id"] for i in range(7)}
    seen = [e["event_id"] for e in direct.events.iterate(event_type=kind, limit=3)]
    assert sorted(seen) == sorted(ids)


def test_audit_iterate_follows_next_cursor(direct: ProofLedger) -> None:
    org = unique("org")
    direct.audit.create_org({"organization_id": org, "name": "Pages"})
    made = [direct.audit.create_event({"organization_id": org, "action": "doc.read", "actor": {"type": "user", "id": f"u-{i}"}})["event_id"] for i in range(5)]
    seen = until(lambda: (lambda s: s if len(s) == 5 else None)([e["id"] for e in direct.audit.iterate(organization_id=org, limit=2)]))
    assert sorted(seen) == sorted(made)


def wait_logged(fetch):
    """The document once a signed checkpoint covers it (its log block, and a bundle's every block, complete)."""
    def done():
        d = fetch()
        blocks = [*(i.get("log") for i in d["items"]), d["seal"].get("log")] if "bundle_version" in d else [d.get("log")]
        return d if all(isinstance(b, dict) and "leaf_index" in b for b in blocks) else None
    return until(done, timeout=30, every=0.25)


def test_proofs_and_bundles_from_the_appliance_verify_offline(direct: ProofLedger, appliance: Appliance) -> None:
    payload = {"order": unique("A"), "amount": 12.5, "items": [{"sku": "X1", "qty": 2}]}
    ev = direct.events.create({"event_type": "order.paid", "payload": payload})
    ai = direct.ai.attest({"attestation_type": "decision", "input": unique("question"), "output": {"ok": True}, "subject": {"user": "u-1"}})
    doc = direct.documents.anchor({"document_hash": hashlib.sha256(uuid.uuid4().bytes).hexdigest(), "document_ref": "x.pdf", "metadata": {"pages": 1}})
    trace = direct.traces.create({"label": unique("trace"), "metadata": {"period": "2025-01"}})
    direct.events.create({"event_type": "in.trace", "payload": {"a": 1}, "trace_id": trace["trace_id"]})
    direct.ai.attest({"attestation_type": "output", "input": unique("in"), "output": "out", "trace_id": trace["trace_id"]})
    direct.traces.seal(trace["trace_id"])
    sealed = direct.traces.wait_sealed(trace["trace_id"], timeout=30)
    assert sealed["status"] == "sealed" and sealed["item_count"] == 2
    keys = direct.keys.get("localhost")
    platform = direct.keys.platform()
    event_proof = wait_logged(lambda: direct.proofs.event(ev["event_id"]))
    for d in (event_proof, wait_logged(lambda: direct.proofs.ai(ai["attestation_id"])), wait_logged(lambda: direct.proofs.document(doc["event_id"])),
              wait_logged(lambda: direct.traces.proof(trace["trace_id"]))):
        r = verify(d, keys=keys, platform_key=platform)
        assert r["valid"], [c for c in r["checks"] if not c["ok"]]
        assert r["signer"]["published_for"] == "localhost"
        assert not any(c.get("skipped") and c["name"].endswith(".log.status") for c in r["checks"])
    assert verify({**event_proof, "payload": payload})["valid"]
    assert not verify({**event_proof, "payload": {**payload, "amount": 13}})["valid"]
    direct.traces.set_public(trace["trace_id"], True)
    assert verify(wait_logged(lambda: direct.proofs.trace(trace["trace_id"])))["valid"]
    assert direct.traces.pdf(trace["trace_id"]).startswith(b"%PDF")
    assert direct.log.checkpoint()["tree_size"] >= 5
    assert direct.events.verify(ev["event_id"], payload=payload)["match_result"] is True
    assert direct.proofs.verify_document(doc["event_id"], doc["document_hash"])["match_result"] is True


def test_an_audit_event_verifies_offline_against_the_org_log(direct: ProofLedger) -> None:
    org = unique("org")
    direct.audit.create_org({"organization_id": org, "name": "Verify"})
    r = direct.audit.create_event({"organization_id": org, "action": "user.login", "actor": {"type": "user", "id": "u-9"}, "metadata": {"ip": "10.0.0.1"}})
    e = wait_logged(lambda: direct.audit.get(r["event_id"]))
    report = verify(e, keys=direct.keys.get("localhost"))
    assert report["valid"] and report["kind"] == "audit_event"
    e["metadata"] = {"ip": "10.0.0.2"}
    assert not verify(e)["valid"]
    assert direct.audit.verify(r["event_id"])["valid"] is True


def test_the_head_checkpoint_method_names_its_route(direct: ProofLedger) -> None:
    # docs/transparency-logs.md#head-endpoints-public-rate-limited-like-the-other-public-routes: 404 checkpoint_not_found before the first published head (or while the appliance has no head log).
    try:
        h = direct.head.checkpoint()
        assert h["origin"].endswith("/head")
    except ProofLedgerError as e:
        assert e.status == 404


def test_times_go_as_datetimes_with_a_zone_and_a_naive_one_is_refused_before_sending(client: ProofLedger, proxy: FaultProxy, direct: ProofLedger) -> None:
    org = unique("org")
    direct.audit.create_org({"organization_id": org})
    cet = datetime.timezone(datetime.timedelta(hours=1))
    at = datetime.datetime(2025, 3, 1, 13, 30, 0, 250000, tzinfo=cet)
    made = direct.audit.create_event({"organization_id": org, "action": "doc.read", "actor": {"type": "user", "id": "u"}, "occurred_at": at})
    e = until(lambda: direct.audit.get(made["event_id"]))
    assert e["occurred_at"] == "2025-03-01T12:30:00.250Z"
    inside = [x["id"] for x in direct.audit.iterate(organization_id=org, range_start=at, range_end=at + datetime.timedelta(seconds=1))]
    after = list(direct.audit.iterate(organization_id=org, range_start=at + datetime.timedelta(milliseconds=1)))
    assert (inside, after) == ([made["event_id"]], [])
    kind = unique("py.dt")
    ev = direct.events.create({"event_type": kind, "payload": {}, "event_time": at})
    assert direct.events.get(ev["event_id"])["event_time"].startswith("2025-03-01T12:30:00.25")
    assert [x["event_id"] for x in direct.events.iterate(event_type=kind, date_from=at - datetime.timedelta(days=1))] == [ev["event_id"]]
    naive = datetime.datetime(2025, 3, 1, 12, 0)
    for call in (lambda: client.audit.list_events(organization_id=org, range_start=naive),
                 lambda: client.events.create({"event_type": kind, "payload": {}, "event_time": naive})):
        with pytest.raises(ValueError, match="times need a zone"):
            call()
    assert proxy.requests("GET", "/v1/audit/events") == [] and proxy.requests("POST", "/v1/events") == []


def test_replayed_tells_a_stored_answer_from_a_new_one(direct: ProofLedger) -> None:
    key = unique("key")
    body = {"organization_id": unique("org"), "name": "Replay"}
    first = direct.audit.create_org(body, idempotency_key=key)
    again = direct.audit.create_org(body, idempotency_key=key)
    assert (first["replayed"], again["replayed"]) == (False, True)
    assert {k: v for k, v in again.items() if k != "replayed"} == {k: v for k, v in first.items() if k != "replayed"}
    with pytest.raises(ProofLedgerError) as e:
        direct.audit.create_org({**body, "name": "Other"}, idempotency_key=key)
    assert (e.value.code, e.value.status) == ("idempotency_key_reuse_mismatch", 409)


def test_orgs_and_streams_page_by_cursor(direct: ProofLedger) -> None:
    prefix = unique("pg")
    orgs = [direct.audit.create_org({"organization_id": f"{prefix}-{i}"})["organization_id"] for i in range(3)]
    first = direct.audit.list_orgs(limit=1)
    assert len(first["orgs"]) == 1 and first["next_cursor"]
    assert [o["organization_id"] for o in direct.audit.iterate_orgs(limit=2) if o["organization_id"].startswith(prefix)] == orgs
    streams = [direct.audit.create_stream(orgs[0], {"type": "webhook", "url": f"https://127.0.0.1:9/h{i}"})["id"] for i in range(3)]
    page = direct.audit.list_streams(orgs[0], limit=2)
    assert len(page["streams"]) == 2 and page["next_cursor"] and "signing_secret" not in page["streams"][0]
    assert [s["id"] for s in direct.audit.iterate_streams(orgs[0], limit=2)] == streams
