"""ProofLedger: every endpoint of the appliance as a method, grouped by resource, over one transport (_transport.py:
keep-alive connections per thread, retries, Idempotency-Keys reused on the retries of a call, one error type). Every
create carries an Idempotency-Key, generated per call unless given, and answers `replayed`."""
from __future__ import annotations

import time
import uuid
from typing import Any, Callable, Iterator, Mapping
from urllib.parse import quote

from ._transport import Reply, Transport
from ._wait import DEFAULT_WAIT, poll_evidence, still_sealing
from .errors import ProofLedgerError

__all__ = ["ProofLedger"]

JSON = Any


def _seg(v: str) -> str:
    return quote(str(v), safe="")


def _created(r: Reply) -> JSON:
    """A create's answer: the record, and `replayed` (true when it is the stored answer of an earlier attempt)."""
    return {**r.body, "replayed": r.replayed}


class _Resource:
    def __init__(self, t: Transport) -> None:
        self._t = t

    def _get(self, path: str, query: Mapping[str, Any] | None = None, auth: bool = True) -> JSON:
        return self._t.call("GET", path, query=query, auth=auth).body

    def _create(self, path: str, body: Mapping[str, Any], idempotency_key: str | None,
                after_loss: Callable[[ProofLedgerError], Any] | None = None) -> JSON:
        """A POST that creates: one Idempotency-Key for the call (docs/api.md#idempotency), reused on its retries."""
        key = idempotency_key or str(uuid.uuid4())
        return _created(self._t.call("POST", path, body=dict(body), idempotency_key=key, after_loss=after_loss))

    def _pages(self, page: Callable[[str | None], JSON], items: str) -> Iterator[JSON]:
        """Follows next_cursor from page to page, yielding the `items` of each."""
        cursor: str | None = None
        while True:
            p = page(cursor)
            yield from p.get(items, [])
            cursor = p.get("next_cursor")
            if not cursor:
                return


class Events(_Resource):
    """The event ledger: POST/GET /v1/events, GET /v1/events/{id}, POST /v1/events/{id}/verify."""

    def create(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{event_type, payload, event_time?, trace_id?} -> {event_id, ingested_at, replayed}. A lost answer retried
        replays the stored 201: one event is stored."""
        return self._create("/v1/events", body, idempotency_key)

    def get(self, event_id: str) -> JSON:
        return self._get(f"/v1/events/{_seg(event_id)}")

    def list(self, **query: Any) -> JSON:
        """One page: page, limit (1-500), date_from, date_to (datetimes or text), event_type -> {events, page, limit,
        total, has_more}."""
        return self._get("/v1/events", query)

    def iterate(self, **query: Any) -> Iterator[JSON]:
        """Every event of every page from `page` (default 1) on, newest first."""
        page = int(query.pop("page", 1) or 1)
        while True:
            r = self.list(page=page, **query)
            yield from r.get("events", [])
            if not r.get("has_more") or not r.get("events"):
                return
            page += 1

    def verify(self, event_id: str, payload: Any = None, payload_hash: str | None = None) -> JSON:
        """Exactly one of payload (hashed by the appliance) or payload_hash."""
        body = {"payload_hash": payload_hash} if payload_hash is not None else {"payload": payload}
        return self._t.call("POST", f"/v1/events/{_seg(event_id)}/verify", body=body).body


class Ai(_Resource):
    """AI attestations: POST /v1/ai/attestations, GET /v1/ai/attestations/{id}."""

    def attest(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """A lost answer retried replays the stored 201; the same content sent anew answers status `duplicate`."""
        return self._create("/v1/ai/attestations", body, idempotency_key)

    def get(self, attestation_id: str) -> JSON:
        return self._get(f"/v1/ai/attestations/{_seg(attestation_id)}")


class Documents(_Resource):
    """Document anchors: POST /v1/document/anchor, GET /v1/document/{id}[/original], POST /v1/document/{id}/verify."""

    def anchor(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{document_hash, document_ref?, metadata?, original_bytes? (base64), trace_id?}: a lost answer retried replays
        the stored 201 of the anchor it made."""
        return self._create("/v1/document/anchor", body, idempotency_key)

    def get(self, event_id: str) -> JSON:
        return self._get(f"/v1/document/{_seg(event_id)}")

    def original(self, event_id: str) -> bytes:
        return self._t.call("GET", f"/v1/document/{_seg(event_id)}/original", binary=True).body

    def verify(self, event_id: str, document_hash: str) -> JSON:
        return self._t.call("POST", f"/v1/document/{_seg(event_id)}/verify", body={"document_hash": document_hash}).body


class Traces(_Resource):
    """Traces: create, get, seal, proof bundle (JSON and PDF), public flag."""

    def create(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{label, metadata?, public?}: a lost answer retried replays the stored 201 of the trace it opened."""
        return self._create("/v1/traces", body, idempotency_key)

    def get(self, trace_id: str) -> JSON:
        return self._get(f"/v1/traces/{_seg(trace_id)}")

    def seal(self, trace_id: str) -> JSON:
        """202 sealing. A retry after a lost answer that meets 409 trace_sealing or trace_sealed answers the 202 of the
        seal that lost attempt started."""
        def started(e: ProofLedgerError) -> JSON:
            if e.code in ("trace_sealing", "trace_sealed"):
                return {"trace_id": trace_id, "status": "sealing", "message": "sealing was started by an earlier attempt of this call"}
            return None
        return self._t.call("POST", f"/v1/traces/{_seg(trace_id)}/seal", after_loss=started).body

    def wait_sealed(self, trace_id: str, timeout: float = DEFAULT_WAIT, interval: float = 0.25, wait: str = "checkpoint") -> JSON:
        """Polls the trace until it is sealed, then its proof bundle until the seal's log block has its checkpoint
        (wait="head": also the published head): only then does the bundle verify with its log checks. Raises
        ProofLedgerError `timeout` while the trace is not sealed after `timeout` seconds, `wait_timeout` (its body
        the last bundle) when the evidence is not there by then."""
        end = time.monotonic() + timeout
        while True:
            t = self.get(trace_id)
            if t.get("status") == "sealed":
                poll_evidence(self._t, f"/v1/traces/{_seg(trace_id)}/proof", wait, None, not_yet=still_sealing, deadline=end)
                return t
            if time.monotonic() > end:
                raise ProofLedgerError("timeout", 0, f"trace {trace_id} is still {t.get('status')} after {timeout} s", None, t)
            time.sleep(interval)

    def proof(self, trace_id: str, wait: str | None = None, timeout: float | None = None) -> JSON:
        """The proof bundle. With wait="checkpoint" or "head", polls through 409 trace_not_sealed until every log
        block of the bundle has its checkpoint (or head); see Proofs.event."""
        return poll_evidence(self._t, f"/v1/traces/{_seg(trace_id)}/proof", wait, timeout, not_yet=still_sealing)

    def pdf(self, trace_id: str) -> bytes:
        return self._t.call("GET", f"/v1/traces/{_seg(trace_id)}/proof.pdf", binary=True, headers={"accept": "application/pdf"}).body

    def set_public(self, trace_id: str, enabled: bool) -> JSON:
        return self._t.call("POST", f"/v1/traces/{_seg(trace_id)}/public", body={"enabled": bool(enabled)}).body


class Audit(_Resource):
    """Audit logs: orgs, events (keyset pages), verification, integrity, retention, streams, portal, exports, org log."""

    def create_org(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{organization_id, name?}: a lost answer retried replays the stored 201 of the org it made."""
        return self._create("/v1/audit/orgs", body, idempotency_key)

    def list_orgs(self, limit: int | None = None, cursor: str | None = None) -> JSON:
        """One page in organization_id order: {orgs, next_cursor}."""
        return self._get("/v1/audit/orgs", {"limit": limit, "cursor": cursor})

    def iterate_orgs(self, limit: int | None = None) -> Iterator[JSON]:
        """Every organization, following next_cursor."""
        return self._pages(lambda c: self.list_orgs(limit=limit, cursor=c), "orgs")

    def get_org(self, organization_id: str) -> JSON:
        return self._get(f"/v1/audit/orgs/{_seg(organization_id)}")

    def archive_org(self, organization_id: str) -> JSON:
        return self._t.call("POST", f"/v1/audit/orgs/{_seg(organization_id)}/archive").body

    def unarchive_org(self, organization_id: str) -> JSON:
        return self._t.call("POST", f"/v1/audit/orgs/{_seg(organization_id)}/unarchive").body

    def delete_org(self, organization_id: str) -> JSON:
        return self._t.call("DELETE", f"/v1/audit/orgs/{_seg(organization_id)}").body

    def create_event(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{organization_id, action, actor, targets?, context?, metadata?, occurred_at? (datetime or text)} ->
        {event_id, status, replayed}. A retry after a lost answer meets 409 duplicate_event: the lost attempt was
        stored, and its answer {event_id, status: "accepted"} is returned with replayed true."""
        def stored(e: ProofLedgerError) -> JSON:
            if e.code == "duplicate_event" and isinstance(e.body, dict) and isinstance(e.body.get("event_id"), str):
                return {"event_id": e.body["event_id"], "status": "accepted"}
            return None
        return self._create("/v1/audit/events", body, idempotency_key, after_loss=stored)

    def list_events(self, **query: Any) -> JSON:
        """One page: organization_id, range_start, range_end (datetimes or RFC 3339 text), actions, actor_id,
        target_id, limit, cursor."""
        return self._get("/v1/audit/events", query)

    def iterate(self, **query: Any) -> Iterator[JSON]:
        """Every event of the query, newest first, following next_cursor."""
        return self._pages(lambda c: self.list_events(**{**query, "cursor": c}), "events")

    def get(self, event_id: str, wait: str | None = None, timeout: float | None = None) -> JSON:
        """GET /v1/audit/events/{id}: one event with its log block (verify it offline with `verify`). With `wait`,
        polls until the org log's checkpoint (or the head containing it) covers the event; see Proofs.event."""
        return poll_evidence(self._t, f"/v1/audit/events/{_seg(event_id)}", wait, timeout)

    def verify(self, event_id: str) -> JSON:
        return self._get(f"/v1/audit/events/{_seg(event_id)}/verify")

    def integrity(self, organization_id: str) -> JSON:
        return self._get(f"/v1/audit/orgs/{_seg(organization_id)}/integrity")

    def set_retention(self, organization_id: str, days: int) -> JSON:
        return self._t.call("PUT", f"/v1/audit/orgs/{_seg(organization_id)}/retention", body={"days": days}).body

    def create_stream(self, organization_id: str, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{type: "webhook", url} -> the stream with its signing_secret (only this answer, or its replay, shows it):
        keep it for construct_event."""
        return self._create(f"/v1/audit/orgs/{_seg(organization_id)}/streams", body, idempotency_key)

    def list_streams(self, organization_id: str, limit: int | None = None, cursor: str | None = None) -> JSON:
        """One page in creation order: {streams, next_cursor} (no secrets)."""
        return self._get(f"/v1/audit/orgs/{_seg(organization_id)}/streams", {"limit": limit, "cursor": cursor})

    def iterate_streams(self, organization_id: str, limit: int | None = None) -> Iterator[JSON]:
        """Every stream of the org, following next_cursor."""
        return self._pages(lambda c: self.list_streams(organization_id, limit=limit, cursor=c), "streams")

    def delete_stream(self, organization_id: str, stream_id: str) -> JSON:
        return self._t.call("DELETE", f"/v1/audit/orgs/{_seg(organization_id)}/streams/{_seg(stream_id)}").body

    def pause_stream(self, organization_id: str, stream_id: str) -> JSON:
        return self._t.call("POST", f"/v1/audit/orgs/{_seg(organization_id)}/streams/{_seg(stream_id)}/pause").body

    def resume_stream(self, organization_id: str, stream_id: str) -> JSON:
        return self._t.call("POST", f"/v1/audit/orgs/{_seg(organization_id)}/streams/{_seg(stream_id)}/resume").body

    def create_portal_session(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{organization_id, intent, ...} -> a single-use viewer link (url)."""
        return self._create("/v1/audit/portal_sessions", body, idempotency_key)

    def exchange_portal_link(self, token: str) -> JSON:
        """The link is single-use: not sent again after a lost answer."""
        return self._t.call("POST", "/v1/audit/portal/exchange", body={"token": token}, auth=False, repeatable=False).body

    def create_export(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{organization_id, format, filters?} -> 202 {id, status: "pending", ...}; poll get_export."""
        return self._create("/v1/audit/exports", body, idempotency_key)

    def get_export(self, export_id: str) -> JSON:
        return self._get(f"/v1/audit/exports/{_seg(export_id)}")

    def log_checkpoint(self, organization_id: str) -> JSON:
        return self._get(f"/v1/audit/orgs/{_seg(organization_id)}/log/checkpoint")

    def log_inclusion(self, organization_id: str, leaf_index: int | None = None, record_id: str | None = None, tree_size: int | None = None) -> JSON:
        return self._get(f"/v1/audit/orgs/{_seg(organization_id)}/log/inclusion", {"leaf_index": leaf_index, "record_id": record_id, "tree_size": tree_size})

    def log_consistency(self, organization_id: str, first: int, second: int) -> JSON:
        return self._get(f"/v1/audit/orgs/{_seg(organization_id)}/log/consistency", {"first": first, "second": second})


class Proofs(_Resource):
    """The public proof documents (no key needed): feed them to `verify`.

    Each takes wait="checkpoint" (poll until a signed checkpoint of the record's log covers it) or wait="head" (also
    the published head containing that checkpoint), and timeout= seconds (default 120): past it, ProofLedgerError
    `wait_timeout` whose body is the last proof seen. Without wait, the proof is answered as it is."""

    def event(self, event_id: str, wait: str | None = None, timeout: float | None = None) -> JSON:
        return poll_evidence(self._t, f"/v1/proof/event/{_seg(event_id)}", wait, timeout, auth=False)

    def ai(self, attestation_id: str, wait: str | None = None, timeout: float | None = None) -> JSON:
        return poll_evidence(self._t, f"/v1/proof/ai/{_seg(attestation_id)}", wait, timeout, auth=False)

    def document(self, event_id: str, wait: str | None = None, timeout: float | None = None) -> JSON:
        return poll_evidence(self._t, f"/v1/proof/document/{_seg(event_id)}", wait, timeout, auth=False)

    def trace(self, trace_id: str, wait: str | None = None, timeout: float | None = None) -> JSON:
        """A trace made public (traces.set_public); 404 proof_not_found otherwise."""
        return poll_evidence(self._t, f"/v1/proof/trace/{_seg(trace_id)}", wait, timeout, auth=False, not_yet=still_sealing)

    def evidence(self, kind: str, id: str, public: bool = False) -> bytes:
        """The evidence pack (ZIP bytes) of a record or sealed trace. kind: "event", "ai", "document" (no key),
        "trace" (the key's tenant's trace, scope read; public=True: a public trace, no key) or "audit" (audit:read).
        409 leaf_pending until its proof is complete."""
        if kind == "trace":
            path, auth = (f"/v1/proof/trace/{_seg(id)}/evidence", False) if public else (f"/v1/traces/{_seg(id)}/evidence", True)
        elif kind == "audit":
            path, auth = f"/v1/audit/events/{_seg(id)}/evidence", True
        elif kind in ("event", "ai", "document"):
            path, auth = f"/v1/proof/{kind}/{_seg(id)}/evidence", False
        else:
            raise ValueError(f"kind must be event, ai, document, trace or audit, not {kind!r}")
        return self._t.call("GET", path, binary=True, auth=auth, headers={"accept": "application/zip"}).body

    def verify_ai(self, attestation_id: str, content_hash: str) -> JSON:
        return self._t.call("POST", f"/v1/proof/ai/{_seg(attestation_id)}/verify", body={"content_hash": content_hash}, auth=False).body

    def verify_document(self, event_id: str, document_hash: str) -> JSON:
        return self._t.call("POST", f"/v1/proof/document/{_seg(event_id)}/verify", body={"document_hash": document_hash}, auth=False).body


class Log(_Resource):
    """The tenant's transparency log (read scope), and its public form by domain."""

    def checkpoint(self) -> JSON:
        return self._get("/v1/log/checkpoint")

    def inclusion(self, leaf_index: int | None = None, record_id: str | None = None, tree_size: int | None = None) -> JSON:
        return self._get("/v1/log/inclusion", {"leaf_index": leaf_index, "record_id": record_id, "tree_size": tree_size})

    def consistency(self, first: int, second: int) -> JSON:
        return self._get("/v1/log/consistency", {"first": first, "second": second})

    def integrity(self) -> JSON:
        return self._get("/v1/log/integrity")

    def public_checkpoint(self, domain: str) -> JSON:
        return self._get(f"/v1/proof/log/{_seg(domain)}/checkpoint", auth=False)

    def public_inclusion(self, domain: str, leaf_index: int | None = None, record_id: str | None = None, tree_size: int | None = None) -> JSON:
        return self._get(f"/v1/proof/log/{_seg(domain)}/inclusion", {"leaf_index": leaf_index, "record_id": record_id, "tree_size": tree_size}, auth=False)

    def public_consistency(self, domain: str, first: int, second: int) -> JSON:
        return self._get(f"/v1/proof/log/{_seg(domain)}/consistency", {"first": first, "second": second}, auth=False)


class Head(_Resource):
    """The appliance-wide head log (public)."""

    def checkpoint(self, tree_size: int | None = None) -> JSON:
        return self._get("/v1/proof/head/checkpoint", {"tree_size": tree_size}, auth=False)

    def inclusion(self, leaf_index: int | None = None, origin: str | None = None, size: int | None = None, tree_size: int | None = None) -> JSON:
        return self._get("/v1/proof/head/inclusion", {"leaf_index": leaf_index, "origin": origin, "size": size, "tree_size": tree_size}, auth=False)

    def consistency(self, first: int, second: int) -> JSON:
        return self._get("/v1/proof/head/consistency", {"first": first, "second": second}, auth=False)


class Keys(_Resource):
    """Published keys: a tenant's (GET /keys/{domain}), the platform key and the witness key."""

    def get(self, domain: str) -> JSON:
        return self._get(f"/keys/{_seg(domain)}", auth=False)

    def platform(self) -> JSON:
        return self._get("/.well-known/svc-platform-key", auth=False)

    def witness(self) -> JSON:
        return self._get("/.well-known/svc-witness-key", auth=False)


class Portal(_Resource):
    """The audit viewer API, with a session token from audit.exchange_portal_link (not the API key)."""

    def _session(self, session_token: str, path: str, query: Mapping[str, Any] | None = None) -> JSON:
        return self._t.call("GET", path, query=query, auth=False, headers={"authorization": f"Bearer {session_token}"}).body

    def events(self, session_token: str, **query: Any) -> JSON:
        return self._session(session_token, "/v1/portal/audit/events", query)

    def event(self, session_token: str, event_id: str) -> JSON:
        return self._session(session_token, f"/v1/portal/audit/events/{_seg(event_id)}")

    def verify(self, session_token: str, event_id: str) -> JSON:
        return self._session(session_token, f"/v1/portal/audit/events/{_seg(event_id)}/verify")

    def checkpoint(self, session_token: str) -> JSON:
        return self._session(session_token, "/v1/portal/audit/checkpoint")

    def streams(self, session_token: str) -> JSON:
        return self._session(session_token, "/v1/portal/streams")


class ProofLedger:
    """A client of one appliance.

    ProofLedger(base_url, api_key, ca=None, max_retries=3, timeout=30): `ca` is the path of a PEM file to trust (the
    appliance's self-signed certificate, DATA/tls/cert.pem); `max_retries` bounds the retries of one call (connection
    errors, 429, 503 and other 5xx; never other 4xx); `timeout` is in seconds per attempt. Safe to share between
    threads (each thread keeps its own keep-alive connection).
    """

    def __init__(self, base_url: str, api_key: str | None = None, ca: str | None = None, max_retries: int = 3, timeout: float = 30) -> None:
        self._t = Transport(base_url, api_key, ca, max_retries, timeout)
        self.events = Events(self._t)
        self.ai = Ai(self._t)
        self.documents = Documents(self._t)
        self.traces = Traces(self._t)
        self.audit = Audit(self._t)
        self.proofs = Proofs(self._t)
        self.log = Log(self._t)
        self.head = Head(self._t)
        self.keys = Keys(self._t)
        self.portal = Portal(self._t)

    def health(self) -> JSON:
        return self._t.call("GET", "/healthz", auth=False).body

    def request(self, method: str, path: str, **kw: Any) -> JSON:
        """Any other route, with the same retries and errors (query=, body=, auth=, idempotency_key=, binary=)."""
        return self._t.call(method, path, **kw).body

    def close(self) -> None:
        """Closes this thread's connection."""
        self._t.close()

    def __enter__(self) -> "ProofLedger":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
