"""The newcomer's integration with proof_ledger (docs/newcomer.md): business events, an audit org with a webhook
stream, a sealed trace, proofs verified offline, typed webhook deliveries and errors. Run it with SVC_URL,
SVC_API_KEY (scopes read, write, audit:read, audit:write) and SVC_CA (the appliance's certificate), and HOOK_CERT /
HOOK_KEY (PEM files of the webhook receiver; the appliance must trust that certificate and may reach 127.0.0.1:
SVC_STREAM_CA_FILE, SVC_STREAM_ALLOW_CIDRS). Lines ending in "[plumbing]" are what the library could have done."""
import datetime
import hashlib
import http.server
import json
import os
import ssl
import threading
import uuid

from proof_ledger import ProofLedger, ProofLedgerError, construct_event, verify

ledger = ProofLedger(os.environ["SVC_URL"], os.environ["SVC_API_KEY"], ca=os.environ["SVC_CA"])
run = uuid.uuid4().hex[:8]

# 1. A business event, and its proof verified offline against the tenant's published keys.
paid = ledger.events.create({"event_type": "order.paid", "payload": {"order": f"A-{run}", "amount": 120}})
proof = ledger.proofs.event(paid["event_id"], wait="checkpoint")
keys = ledger.keys.get(proof["organization"]["primary_domain"])
event_check = verify(proof, keys=keys)

# 2. An audit org for a customer, and a webhook stream to our own receiver.
secret = ""
deliveries = []
both = threading.Event()


class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers["content-length"]))
        try:
            deliveries.append(construct_event(raw, self.headers.get("x-service-signature"), secret))
            self.send_response(204)
        except ProofLedgerError as e:
            self.send_response(401 if e.code == "invalid_signature" else 400)
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
ledger.audit.create_org({"organization_id": org, "name": "Acme Corp"})
secret = ledger.audit.create_stream(org, {"type": "webhook", "url": hook_url})["signing_secret"]
login = ledger.audit.create_event({"organization_id": org, "action": "user.login", "actor": {"type": "user", "id": "u-1"},
                                   "context": {"ip": "10.0.0.1"}})
audit_event = ledger.audit.get(login["event_id"], wait="checkpoint")
audit_check = verify(audit_event, keys=keys)

# 3. A trace of one decision: an event, an AI attestation and a document, sealed, its bundle verified offline.
trace = ledger.traces.create({"label": f"Claim {run}"})
ledger.events.create({"event_type": "claim.received", "payload": {"claim": run}, "trace_id": trace["trace_id"]})
ledger.ai.attest({"attestation_type": "decision", "input": f"approve claim {run}?", "output": "approved",
                  "model_provider": "acme", "model_name": "claims", "model_version": "3", "trace_id": trace["trace_id"]})
photo = hashlib.sha256(run.encode()).hexdigest()
ledger.documents.anchor({"document_hash": photo, "document_ref": "photo.jpg", "trace_id": trace["trace_id"]})
ledger.traces.seal(trace["trace_id"])
# The bundle exists once the seal is applied: the wait goes through 409 trace_not_sealed, then to the head.
bundle = ledger.traces.proof(trace["trace_id"], wait="head")
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
orgs = [o["organization_id"] for o in ledger.audit.iterate_orgs(limit=2)]
hour_ago = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=1)
actions = [e["action"] for e in ledger.audit.iterate(organization_id=org, range_start=hour_ago)]

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
