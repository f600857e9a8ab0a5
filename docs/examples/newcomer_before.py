"""The newcomer's integration as it had to be written before the client waited for evidence, typed webhook
deliveries, paged orgs, sent datetimes and retried every create safely (docs/newcomer.md): the same scenario as
newcomer.py, with the same environment. Lines ending in "[plumbing]" are what the library should have done."""
import datetime
import hashlib
import http.server
import json
import os
import ssl
import threading
import time
import uuid

from proof_ledger import ProofLedger, ProofLedgerError, verify, verify_webhook

ledger = ProofLedger(os.environ["SVC_URL"], os.environ["SVC_API_KEY"], ca=os.environ["SVC_CA"])
run = uuid.uuid4().hex[:8]


def retried(create):  # [plumbing]
    """A create retried after a lost answer could make a second object: one key of our own for all attempts."""
    key = str(uuid.uuid4())  # [plumbing]
    for attempt in range(4):  # [plumbing]
        try:  # [plumbing]
            return create(key)  # [plumbing]
        except ProofLedgerError as e:  # [plumbing]
            if e.code != "connection_error" or attempt == 3:  # [plumbing]
                raise  # [plumbing]
            time.sleep(0.5 * 2 ** attempt)  # [plumbing]


def until_logged(fetch, head=False):  # [plumbing]
    """The document once a checkpoint covers every log block in it (a bundle: each item's and the seal's)."""
    for _ in range(120):  # [plumbing]
        doc = fetch()  # [plumbing]
        blocks = [i.get("log") for i in doc["items"]] + [doc["seal"].get("log")] if "seal" in doc else [doc.get("log")]  # [plumbing]
        if all(b and "checkpoint" in b and (not head or "checkpoint" in b.get("head", {})) for b in blocks):  # [plumbing]
            return doc  # [plumbing]
        time.sleep(1)  # [plumbing]
    raise TimeoutError("no checkpoint after two minutes")  # [plumbing]

# 1. A business event, and its proof verified offline against the tenant's published keys.
paid = ledger.events.create({"event_type": "order.paid", "payload": {"order": f"A-{run}", "amount": 120}})
proof = until_logged(lambda: ledger.proofs.event(paid["event_id"]))
keys = ledger.keys.get(proof["organization"]["primary_domain"])
event_check = verify(proof, keys=keys)

# 2. An audit org for a customer, and a webhook stream to our own receiver.
secret = ""
deliveries = []
both = threading.Event()


class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers["content-length"]))
        if not verify_webhook(raw, self.headers.get("x-service-signature"), secret):
            self.send_response(401)
        else:
            body = json.loads(raw)  # [plumbing]
            if body.get("type") == "checkpoint" and isinstance(body.get("checkpoint"), str):  # [plumbing]
                deliveries.append({"type": "checkpoint"})  # [plumbing]
            elif isinstance(body.get("events"), list):  # [plumbing]
                deliveries.append({"type": "events", "events": body["events"]})  # [plumbing]
            self.send_response(204)
        self.send_header("content-length", "0")
        self.end_headers()
        if {"events", "checkpoint"} <= {d["type"] for d in deliveries}:
            both.set()

    def log_message(self, *args):
        pass


receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
tls.load_cert_chain(os.environ["HOOK_CERT"], os.environ["HOOK_KEY"])
receiver.socket = tls.wrap_socket(receiver.socket, server_side=True)
threading.Thread(target=receiver.serve_forever, daemon=True).start()
hook_url = f"https://127.0.0.1:{receiver.server_address[1]}/hook"

org = f"acme-{run}"
retried(lambda k: ledger.audit.create_org({"organization_id": org, "name": "Acme Corp"}, idempotency_key=k))
secret = retried(lambda k: ledger.audit.create_stream(org, {"type": "webhook", "url": hook_url}, idempotency_key=k))["signing_secret"]
login = ledger.audit.create_event({"organization_id": org, "action": "user.login", "actor": {"type": "user", "id": "u-1"},
                                   "context": {"ip": "10.0.0.1"}})
audit_event = until_logged(lambda: ledger.audit.get(login["event_id"]))
audit_check = verify(audit_event, keys=keys)

# 3. A trace of one decision: an event, an AI attestation and a document, sealed, its bundle verified offline.
trace = retried(lambda k: ledger.traces.create({"label": f"Claim {run}"}, idempotency_key=k))
ledger.events.create({"event_type": "claim.received", "payload": {"claim": run}, "trace_id": trace["trace_id"]})
ledger.ai.attest({"attestation_type": "decision", "input": f"approve claim {run}?", "output": "approved",
                  "model_provider": "acme", "model_name": "claims", "model_version": "3", "trace_id": trace["trace_id"]})
photo = hashlib.sha256(run.encode()).hexdigest()
ledger.documents.anchor({"document_hash": photo, "document_ref": "photo.jpg", "trace_id": trace["trace_id"]})
ledger.traces.seal(trace["trace_id"])
ledger.traces.wait_sealed(trace["trace_id"])
bundle = until_logged(lambda: ledger.traces.proof(trace["trace_id"]), head=True)
bundle_check = verify(bundle, keys=keys)

# 4. Errors carry the API's code.
errors = []
for attempt in (
    lambda: ledger.events.get("01a203bd-4122-7381-89b1-e368180a5208"),
    lambda: ledger.audit.create_org({"organization_id": org}),
    lambda: ProofLedger(os.environ["SVC_URL"], "svc_live_nope", ca=os.environ["SVC_CA"]).events.list(),
):
    try:
        attempt()
    except ProofLedgerError as e:
        errors.append(e.code)

# 5. Every org of the tenant, page after page, and the org's audit events of the last hour.
orgs, cursor = [], None  # [plumbing]
while True:  # [plumbing]
    page = ledger.audit.list_orgs(limit=2, cursor=cursor)  # [plumbing]
    orgs += [o["organization_id"] for o in page["orgs"]]  # [plumbing]
    cursor = page.get("next_cursor")  # [plumbing]
    if not cursor:  # [plumbing]
        break  # [plumbing]
hour_ago = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=1)
since = hour_ago.isoformat(timespec="milliseconds").replace("+00:00", "Z")  # [plumbing]
actions = [e["action"] for e in ledger.audit.iterate(organization_id=org, range_start=since)]

both.wait(60)
receiver.shutdown()
print(json.dumps({
    "event": {"valid": event_check["valid"], "complete": event_check["complete"]},
    "audit": {"valid": audit_check["valid"]},
    "bundle": {"valid": bundle_check["valid"], "complete": bundle_check["complete"], "items": len(bundle["items"])},
    "deliveries": [f"events:{','.join(e['action'] for e in d['events'])}" if d["type"] == "events" else "checkpoint"
                   for d in deliveries],
    "errors": errors,
    "org_listed": org in orgs,
    "actions": actions,
}))
