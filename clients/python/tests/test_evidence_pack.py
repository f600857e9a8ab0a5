"""proofs.evidence against a real appliance (checkpoints and heads every second): the ZIP bytes of a record's and a
trace's pack, opened with zipfile, whose proof.json is the proof the client reads and verifies offline; 409
leaf_pending before the proof is complete, 404 for an unknown record, and an unknown kind refused before sending."""
from __future__ import annotations

import io
import json
import uuid
import zipfile
from typing import Iterator

import pytest

from appliance import Appliance, start_appliance, until
from proof_ledger import ProofLedger, ProofLedgerError, verify

FILES = ["receipt.cose", "head-receipt.cose", "proof.tlog-proof", "head.tlog-proof"]
SHARED = ["keys.json", "platform-key.json", "witness-policy.txt", "verify.html"]


@pytest.fixture(scope="module")
def fast() -> Iterator[Appliance]:
    a = start_appliance({"SVC_CHECKPOINT_SECONDS": "1", "SVC_HEAD_SECONDS": "1"})
    yield a
    a.stop()


@pytest.fixture()
def c(fast: Appliance) -> ProofLedger:
    return ProofLedger(fast.url, fast.api_key, ca=fast.ca, max_retries=0)


def pack_of(c: ProofLedger, kind: str, id: str) -> bytes:
    def ready() -> bytes | None:
        try:
            return c.proofs.evidence(kind, id)
        except ProofLedgerError as e:
            assert e.code == "leaf_pending", e
            return None
    return until(ready, timeout=60, every=0.25)


def test_a_record_pack_holds_the_proof_the_client_reads_and_it_verifies(c: ProofLedger) -> None:
    ev = c.events.create({"event_type": "py.pack", "payload": {"n": uuid.uuid4().hex}})
    z = zipfile.ZipFile(io.BytesIO(pack_of(c, "event", ev["event_id"])))
    assert z.namelist()[:2] == ["README.txt", "proof.json"]
    assert z.namelist()[2:] == FILES + SHARED
    proof = json.loads(z.read("proof.json"))
    assert proof == c.proofs.event(ev["event_id"])
    assert verify(z.read("proof.json"), keys=json.loads(z.read("keys.json")), platform_key=json.loads(z.read("platform-key.json")))["valid"]
    assert b"svc verify proof.json" in z.read("README.txt")


def test_a_trace_pack_has_a_directory_per_item_and_the_seal(c: ProofLedger) -> None:
    t = c.traces.create({"label": "py.pack"})
    c.events.create({"event_type": "step", "payload": {}, "trace_id": t["trace_id"]})
    c.traces.seal(t["trace_id"])
    c.traces.wait_sealed(t["trace_id"], timeout=30)
    z = zipfile.ZipFile(io.BytesIO(pack_of(c, "trace", t["trace_id"])))
    assert z.namelist() == ["README.txt", "proof.json", *[f"items/0/{f}" for f in FILES], *[f"seal/{f}" for f in FILES], *SHARED]
    assert json.loads(z.read("proof.json")) == c.traces.proof(t["trace_id"])
    with pytest.raises(ProofLedgerError) as e:
        c.proofs.evidence("trace", t["trace_id"], public=True)
    assert (e.value.status, e.value.code) == (404, "proof_not_found")


def test_pending_unknown_and_a_wrong_kind(c: ProofLedger) -> None:
    with pytest.raises(ProofLedgerError) as e:
        c.proofs.evidence("event", "00000000-0000-4000-8000-000000000000")
    assert (e.value.status, e.value.code) == (404, "proof_not_found")
    ev = c.events.create({"event_type": "py.pending", "payload": {}})
    with pytest.raises(ProofLedgerError) as e:
        c.proofs.evidence("event", ev["event_id"])
    assert (e.value.status, e.value.code) == (409, "leaf_pending")
    with pytest.raises(ValueError):
        c.proofs.evidence("nope", ev["event_id"])
