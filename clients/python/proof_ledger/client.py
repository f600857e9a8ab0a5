"""ProofLedger: every endpoint of the appliance as a method, over http.client with TLS, keep-alive connections per
thread, Idempotency-Keys generated once per logical call and reused on its retries, retries with Retry-After or
jittered exponential backoff, and one error type."""
from __future__ import annotations

import email.utils
import http.client
import json
import random
import ssl
import threading
import time
import uuid
from typing import Any, Iterator, Mapping
from urllib.parse import quote, urlencode, urlsplit

from . import __version__
from .errors import ProofLedgerError

__all__ = ["ProofLedger"]

JSON = Any
MAX_RETRY_AFTER = 60.0
# The 202 `processing` answer of a key still in flight is waited on this many times at most.
MAX_PROCESSING_WAITS = 30
PLAIN_TEXT_CODES = {429: "rate_limited", 503: "overloaded"}


def _seg(v: str) -> str:
    return quote(str(v), safe="")


def _retry_after(value: str | None) -> float | None:
    """Retry-After as seconds (delta-seconds or an HTTP date), None when absent or unreadable."""
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class _Transport:
    def __init__(self, base_url: str, api_key: str | None, ca: str | None, max_retries: int, timeout: float) -> None:
        u = urlsplit(base_url.rstrip("/"))
        if u.scheme not in ("https", "http") or not u.hostname:
            raise ValueError("base_url must be an absolute https URL")
        self.scheme, self.host, self.port = u.scheme, u.hostname, u.port
        self.prefix = u.path
        self.api_key = api_key
        self.ca = ca
        self.max_retries = max(0, int(max_retries))
        self.timeout = timeout
        self.ssl = ssl.create_default_context(cafile=ca) if u.scheme == "https" else None
        self.local = threading.local()
        self.sleep = time.sleep  # tests may replace it to observe the waits

    def _conn(self) -> http.client.HTTPConnection:
        c = getattr(self.local, "conn", None)
        if c is None:
            if self.scheme == "https":
                c = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout, context=self.ssl)
            else:
                c = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            self.local.conn = c
        return c

    def _drop(self) -> None:
        c = getattr(self.local, "conn", None)
        self.local.conn = None
        self.local.used = False
        if c is not None:
            c.close()

    def close(self) -> None:
        self._drop()

    def _once(self, method: str, target: str, body: bytes | None, headers: dict[str, str], replayable: bool) -> tuple[int, http.client.HTTPMessage, bytes]:
        for fresh in (False, True):
            c = self._conn()
            reused = getattr(self.local, "used", False)
            try:
                c.request(method, target, body=body, headers=headers)
                r = c.getresponse()
                data = r.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self._drop()
                # A keep-alive connection the server closed while idle: asked again at once on a new one (not a retry).
                if reused and replayable and not fresh:
                    continue
                raise
            except BaseException:
                self._drop()
                raise
            self.local.used = True
            if r.getheader("connection", "").lower() == "close":
                self._drop()
            return r.status, r.headers, data
        raise AssertionError("unreachable")

    def backoff(self, attempt: int) -> float:
        """Exponential (0.5 s, 1 s, 2 s, ... at most 30 s), each wait drawn between half and all of its step."""
        step = min(30.0, 0.5 * 2**attempt)
        return step * random.uniform(0.5, 1.0)

    def request(self, method: str, path: str, *, query: Mapping[str, Any] | None = None, body: Any = None, raw_body: bytes | None = None,
                auth: bool = True, idempotency_key: str | None = None, binary: bool = False, headers: Mapping[str, str] | None = None) -> Any:
        q = {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in (query or {}).items() if v is not None}
        target = self.prefix + path + (f"?{urlencode(q)}" if q else "")
        h = {"accept": "application/json", "user-agent": f"proof-ledger-python/{__version__}", **(headers or {})}
        data = raw_body
        if body is not None:
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            h["content-type"] = "application/json"
        if auth:
            if not self.api_key:
                raise ProofLedgerError("missing_api_key", 0, "this call needs an API key")
            h["authorization"] = f"Bearer {self.api_key}"
        if idempotency_key is not None:
            h["idempotency-key"] = idempotency_key  # the same key on every retry of this call
        attempt = waits = 0
        while True:
            try:
                status, rh, payload = self._once(method, target, data, h, method == "GET" or idempotency_key is not None)
            except (OSError, http.client.HTTPException) as e:
                if attempt < self.max_retries:
                    self.sleep(self.backoff(attempt))
                    attempt += 1
                    continue
                raise ProofLedgerError("connection_error", 0, f"{method} {path}: {e.__class__.__name__}: {e}") from e
            ra = _retry_after(rh.get("retry-after"))
            if status == 202 and idempotency_key is not None and waits < MAX_PROCESSING_WAITS and self._processing(payload):
                # SPEC: a retry while the first request with this key is in flight answers 202 processing.
                waits += 1
                self.sleep(min(ra, MAX_RETRY_AFTER) if ra is not None else self.backoff(min(waits, 3)))
                continue
            if status == 429 or status >= 500:
                if attempt < self.max_retries:
                    self.sleep(min(ra, MAX_RETRY_AFTER) if ra is not None else self.backoff(attempt))
                    attempt += 1
                    continue
            if status >= 400:
                raise self._error(status, payload, ra)
            if binary:
                return payload
            if not payload:
                return None
            try:
                return json.loads(payload)
            except ValueError:
                return payload.decode("utf-8", "replace")

    @staticmethod
    def _processing(payload: bytes) -> bool:
        try:
            return json.loads(payload).get("status") == "processing"
        except (ValueError, AttributeError):
            return False

    @staticmethod
    def _error(status: int, payload: bytes, retry_after: float | None) -> ProofLedgerError:
        text = payload.decode("utf-8", "replace")
        try:
            body = json.loads(text)
        except ValueError:
            body = None
        if isinstance(body, dict) and isinstance(body.get("error"), str):
            ra = retry_after if retry_after is not None else body.get("retry_after") if isinstance(body.get("retry_after"), (int, float)) else None
            return ProofLedgerError(body["error"], status, str(body.get("message", body["error"])), ra, body)
        # SPEC Errors: the framework rejects malformed bodies and non-integer paging with plain text.
        code = PLAIN_TEXT_CODES.get(status, "bad_request" if status < 500 else "internal_error")
        return ProofLedgerError(code, status, text.strip()[:500] or f"HTTP {status}", retry_after, text)


class _Resource:
    def __init__(self, t: _Transport) -> None:
        self._t = t


class Events(_Resource):
    """The event ledger: POST/GET /v1/events, GET /v1/events/{id}, POST /v1/events/{id}/verify."""

    def create(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{event_type, payload, event_time?, trace_id?} -> {event_id, ingested_at}. An Idempotency-Key is generated when
        none is given, and reused by every retry of this call: a lost answer retried stores one event."""
        return self._t.request("POST", "/v1/events", body=dict(body), idempotency_key=idempotency_key or str(uuid.uuid4()))

    def get(self, event_id: str) -> JSON:
        return self._t.request("GET", f"/v1/events/{_seg(event_id)}")

    def list(self, **query: Any) -> JSON:
        """One page: page, limit (1-500), date_from, date_to, event_type -> {events, page, limit, total, has_more}."""
        return self._t.request("GET", "/v1/events", query=query)

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
        return self._t.request("POST", f"/v1/events/{_seg(event_id)}/verify", body=body)


class Ai(_Resource):
    """AI attestations: POST /v1/ai/attestations, GET /v1/ai/attestations/{id}."""

    def attest(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """Idempotent on the payload hash: the same content again answers the original with status `duplicate`."""
        return self._t.request("POST", "/v1/ai/attestations", body=dict(body), idempotency_key=idempotency_key)

    def get(self, attestation_id: str) -> JSON:
        return self._t.request("GET", f"/v1/ai/attestations/{_seg(attestation_id)}")


class Documents(_Resource):
    """Document anchors: POST /v1/document/anchor, GET /v1/document/{id}[/original], POST /v1/document/{id}/verify."""

    def anchor(self, body: Mapping[str, Any]) -> JSON:
        """{document_hash, document_ref?, metadata?, original_bytes? (base64), trace_id?}. An anchor whose answer was
        lost and retried gives 409 document_already_anchored with the existing event_id in the error body."""
        return self._t.request("POST", "/v1/document/anchor", body=dict(body))

    def get(self, event_id: str) -> JSON:
        return self._t.request("GET", f"/v1/document/{_seg(event_id)}")

    def original(self, event_id: str) -> bytes:
        return self._t.request("GET", f"/v1/document/{_seg(event_id)}/original", binary=True)

    def verify(self, event_id: str, document_hash: str) -> JSON:
        return self._t.request("POST", f"/v1/document/{_seg(event_id)}/verify", body={"document_hash": document_hash})


class Traces(_Resource):
    """Traces: create, get, seal, proof bundle (JSON and PDF), public flag."""

    def create(self, body: Mapping[str, Any]) -> JSON:
        return self._t.request("POST", "/v1/traces", body=dict(body))

    def get(self, trace_id: str) -> JSON:
        return self._t.request("GET", f"/v1/traces/{_seg(trace_id)}")

    def seal(self, trace_id: str) -> JSON:
        return self._t.request("POST", f"/v1/traces/{_seg(trace_id)}/seal")

    def wait_sealed(self, trace_id: str, timeout: float = 60, interval: float = 0.25) -> JSON:
        """Polls the trace until it is sealed; raises ProofLedgerError `timeout` after `timeout` seconds."""
        end = time.monotonic() + timeout
        while True:
            t = self.get(trace_id)
            if t.get("status") == "sealed":
                return t
            if time.monotonic() > end:
                raise ProofLedgerError("timeout", 0, f"trace {trace_id} is still {t.get('status')} after {timeout} s", None, t)
            time.sleep(interval)

    def proof(self, trace_id: str) -> JSON:
        return self._t.request("GET", f"/v1/traces/{_seg(trace_id)}/proof")

    def pdf(self, trace_id: str) -> bytes:
        return self._t.request("GET", f"/v1/traces/{_seg(trace_id)}/proof.pdf", binary=True, headers={"accept": "application/pdf"})

    def set_public(self, trace_id: str, enabled: bool) -> JSON:
        return self._t.request("POST", f"/v1/traces/{_seg(trace_id)}/public", body={"enabled": bool(enabled)})


class Audit(_Resource):
    """Audit logs: orgs, events (keyset pages), verification, integrity, retention, streams, portal, exports, org log."""

    def create_org(self, body: Mapping[str, Any]) -> JSON:
        return self._t.request("POST", "/v1/audit/orgs", body=dict(body))

    def list_orgs(self) -> JSON:
        return self._t.request("GET", "/v1/audit/orgs")

    def get_org(self, organization_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/orgs/{_seg(organization_id)}")

    def archive_org(self, organization_id: str) -> JSON:
        return self._t.request("POST", f"/v1/audit/orgs/{_seg(organization_id)}/archive")

    def unarchive_org(self, organization_id: str) -> JSON:
        return self._t.request("POST", f"/v1/audit/orgs/{_seg(organization_id)}/unarchive")

    def delete_org(self, organization_id: str) -> JSON:
        return self._t.request("DELETE", f"/v1/audit/orgs/{_seg(organization_id)}")

    def create_event(self, body: Mapping[str, Any], idempotency_key: str | None = None) -> JSON:
        """{organization_id, action, actor, targets?, context?, metadata?, occurred_at?} -> {event_id, status}. The key
        (required by the API) is generated when none is given and reused on retries; a retry after a lost answer gets
        409 duplicate_event, returned here as the original {event_id, status: "duplicate"}."""
        key = idempotency_key or str(uuid.uuid4())
        try:
            return self._t.request("POST", "/v1/audit/events", body=dict(body), idempotency_key=key)
        except ProofLedgerError as e:
            # Only a retry of this very call can meet its own key: the first attempt was stored.
            if e.code == "duplicate_event" and idempotency_key is None and isinstance(e.body, dict) and e.body.get("event_id"):
                return {"event_id": e.body["event_id"], "status": "duplicate"}
            raise

    def list_events(self, **query: Any) -> JSON:
        """One page: organization_id, range_start, range_end, actions, actor_id, target_id, limit, cursor."""
        return self._t.request("GET", "/v1/audit/events", query=query)

    def iterate(self, **query: Any) -> Iterator[JSON]:
        """Every event of the query, newest first, following next_cursor."""
        while True:
            r = self.list_events(**query)
            yield from r.get("events", [])
            cursor = r.get("next_cursor")
            if not cursor:
                return
            query["cursor"] = cursor

    def get_event(self, event_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/events/{_seg(event_id)}")

    def verify(self, event_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/events/{_seg(event_id)}/verify")

    def integrity(self, organization_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/orgs/{_seg(organization_id)}/integrity")

    def set_retention(self, organization_id: str, days: int) -> JSON:
        return self._t.request("PUT", f"/v1/audit/orgs/{_seg(organization_id)}/retention", body={"days": days})

    def create_stream(self, organization_id: str, url: str, type: str = "webhook") -> JSON:
        """-> the stream with its signing_secret (shown once): keep it for verify_webhook."""
        return self._t.request("POST", f"/v1/audit/orgs/{_seg(organization_id)}/streams", body={"type": type, "url": url})

    def list_streams(self, organization_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/orgs/{_seg(organization_id)}/streams")

    def delete_stream(self, organization_id: str, stream_id: str) -> JSON:
        return self._t.request("DELETE", f"/v1/audit/orgs/{_seg(organization_id)}/streams/{_seg(stream_id)}")

    def pause_stream(self, organization_id: str, stream_id: str) -> JSON:
        return self._t.request("POST", f"/v1/audit/orgs/{_seg(organization_id)}/streams/{_seg(stream_id)}/pause")

    def resume_stream(self, organization_id: str, stream_id: str) -> JSON:
        return self._t.request("POST", f"/v1/audit/orgs/{_seg(organization_id)}/streams/{_seg(stream_id)}/resume")

    def create_portal_session(self, body: Mapping[str, Any]) -> JSON:
        return self._t.request("POST", "/v1/audit/portal_sessions", body=dict(body))

    def exchange_portal_link(self, token: str) -> JSON:
        return self._t.request("POST", "/v1/audit/portal/exchange", body={"token": token}, auth=False)

    def create_export(self, body: Mapping[str, Any]) -> JSON:
        return self._t.request("POST", "/v1/audit/exports", body=dict(body))

    def get_export(self, export_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/exports/{_seg(export_id)}")

    def log_checkpoint(self, organization_id: str) -> JSON:
        return self._t.request("GET", f"/v1/audit/orgs/{_seg(organization_id)}/log/checkpoint")

    def log_inclusion(self, organization_id: str, leaf_index: int | None = None, record_id: str | None = None, tree_size: int | None = None) -> JSON:
        return self._t.request("GET", f"/v1/audit/orgs/{_seg(organization_id)}/log/inclusion", query={"leaf_index": leaf_index, "record_id": record_id, "tree_size": tree_size})

    def log_consistency(self, organization_id: str, first: int, second: int) -> JSON:
        return self._t.request("GET", f"/v1/audit/orgs/{_seg(organization_id)}/log/consistency", query={"first": first, "second": second})


class Proofs(_Resource):
    """The public proof documents (no key needed): feed them to `verify`."""

    def event(self, event_id: str) -> JSON:
        return self._t.request("GET", f"/v1/proof/event/{_seg(event_id)}", auth=False)

    def ai(self, attestation_id: str) -> JSON:
        return self._t.request("GET", f"/v1/proof/ai/{_seg(attestation_id)}", auth=False)

    def document(self, event_id: str) -> JSON:
        return self._t.request("GET", f"/v1/proof/document/{_seg(event_id)}", auth=False)

    def trace(self, trace_id: str) -> JSON:
        """A trace made public (traces.set_public); 404 proof_not_found otherwise."""
        return self._t.request("GET", f"/v1/proof/trace/{_seg(trace_id)}", auth=False)

    def verify_ai(self, attestation_id: str, content_hash: str) -> JSON:
        return self._t.request("POST", f"/v1/proof/ai/{_seg(attestation_id)}/verify", body={"content_hash": content_hash}, auth=False)

    def verify_document(self, event_id: str, document_hash: str) -> JSON:
        return self._t.request("POST", f"/v1/proof/document/{_seg(event_id)}/verify", body={"document_hash": document_hash}, auth=False)


class Log(_Resource):
    """The tenant's transparency log (read scope), and its public form by domain."""

    def checkpoint(self) -> JSON:
        return self._t.request("GET", "/v1/log/checkpoint")

    def inclusion(self, leaf_index: int | None = None, record_id: str | None = None, tree_size: int | None = None) -> JSON:
        return self._t.request("GET", "/v1/log/inclusion", query={"leaf_index": leaf_index, "record_id": record_id, "tree_size": tree_size})

    def consistency(self, first: int, second: int) -> JSON:
        return self._t.request("GET", "/v1/log/consistency", query={"first": first, "second": second})

    def integrity(self) -> JSON:
        return self._t.request("GET", "/v1/log/integrity")

    def public_checkpoint(self, domain: str) -> JSON:
        return self._t.request("GET", f"/v1/proof/log/{_seg(domain)}/checkpoint", auth=False)

    def public_inclusion(self, domain: str, leaf_index: int | None = None, record_id: str | None = None, tree_size: int | None = None) -> JSON:
        return self._t.request("GET", f"/v1/proof/log/{_seg(domain)}/inclusion", query={"leaf_index": leaf_index, "record_id": record_id, "tree_size": tree_size}, auth=False)

    def public_consistency(self, domain: str, first: int, second: int) -> JSON:
        return self._t.request("GET", f"/v1/proof/log/{_seg(domain)}/consistency", query={"first": first, "second": second}, auth=False)


class Head(_Resource):
    """The appliance-wide head log (DECISIONS 11; public)."""

    def checkpoint(self, tree_size: int | None = None) -> JSON:
        return self._t.request("GET", "/v1/proof/head/checkpoint", query={"tree_size": tree_size}, auth=False)

    def inclusion(self, leaf_index: int | None = None, origin: str | None = None, size: int | None = None, tree_size: int | None = None) -> JSON:
        return self._t.request("GET", "/v1/proof/head/inclusion", query={"leaf_index": leaf_index, "origin": origin, "size": size, "tree_size": tree_size}, auth=False)

    def consistency(self, first: int, second: int) -> JSON:
        return self._t.request("GET", "/v1/proof/head/consistency", query={"first": first, "second": second}, auth=False)


class Keys(_Resource):
    """Published keys: a tenant's (GET /keys/{domain}), the platform key and the witness key."""

    def get(self, domain: str) -> JSON:
        return self._t.request("GET", f"/keys/{_seg(domain)}", auth=False)

    def platform(self) -> JSON:
        return self._t.request("GET", "/.well-known/svc-platform-key", auth=False)

    def witness(self) -> JSON:
        return self._t.request("GET", "/.well-known/svc-witness-key", auth=False)


class Portal(_Resource):
    """The audit viewer API, with a session token from audit.exchange_portal_link (not the API key)."""

    def _get(self, session_token: str, path: str, query: Mapping[str, Any] | None = None) -> JSON:
        return self._t.request("GET", path, query=query, auth=False, headers={"authorization": f"Bearer {session_token}"})

    def events(self, session_token: str, **query: Any) -> JSON:
        return self._get(session_token, "/v1/portal/audit/events", query)

    def event(self, session_token: str, event_id: str) -> JSON:
        return self._get(session_token, f"/v1/portal/audit/events/{_seg(event_id)}")

    def verify(self, session_token: str, event_id: str) -> JSON:
        return self._get(session_token, f"/v1/portal/audit/events/{_seg(event_id)}/verify")

    def checkpoint(self, session_token: str) -> JSON:
        return self._get(session_token, "/v1/portal/audit/checkpoint")

    def streams(self, session_token: str) -> JSON:
        return self._get(session_token, "/v1/portal/streams")


class ProofLedger:
    """A client of one appliance.

    ProofLedger(base_url, api_key, ca=None, max_retries=3, timeout=30): `ca` is the path of a PEM file to trust (the
    appliance's self-signed certificate, DATA/tls/cert.pem); `max_retries` bounds the retries of one call (connection
    errors, 429, 503 and other 5xx; never other 4xx); `timeout` is in seconds per attempt. Safe to share between
    threads (each thread keeps its own keep-alive connection).
    """

    def __init__(self, base_url: str, api_key: str | None = None, ca: str | None = None, max_retries: int = 3, timeout: float = 30) -> None:
        self._t = _Transport(base_url, api_key, ca, max_retries, timeout)
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
        return self._t.request("GET", "/healthz", auth=False)

    def request(self, method: str, path: str, **kw: Any) -> JSON:
        """Any other route, with the same retries and errors (query=, body=, auth=, idempotency_key=, binary=)."""
        return self._t.request(method, path, **kw)

    def close(self) -> None:
        """Closes this thread's connection."""
        self._t.close()

    def __enter__(self) -> "ProofLedger":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
