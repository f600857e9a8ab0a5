"""How one logical call reaches the appliance: http.client over TLS with a keep-alive connection per thread, JSON in
and out (times as RFC 3339), retries (Retry-After capped at 60 s, else exponential backoff with jitter), the
Idempotency-Key reused on every retry, and the 202 of a key in flight. The rules are the TypeScript client's too;
clients/retry-scenarios.json holds both to them."""
from __future__ import annotations

import datetime
import email.utils
import http.client
import json
import random
import socket
import ssl
import threading
import time
from typing import Any, Callable, Mapping, NamedTuple
from urllib.parse import urlencode, urlsplit

from . import __version__
from .errors import ProofLedgerError

MAX_RETRY_AFTER = 60.0
# How many 202 processing answers one call waits through (one per Retry-After, 1 s by default).
MAX_PROCESSING_POLLS = 60
BACKOFF_FIRST_STEP = 0.5
BACKOFF_CAP = 8.0
PLAIN_TEXT_CODES = {429: "rate_limited", 503: "overloaded"}


class Reply(NamedTuple):
    status: int
    body: Any
    replayed: bool
    #: Seconds from the answer's Retry-After (a 2xx may carry one too: a proof still waiting for its checkpoint).
    retry_after: float | None = None


def wire_time(v: datetime.datetime) -> str:
    """An aware datetime as RFC 3339 in UTC with milliseconds (as JavaScript's toISOString writes it; microseconds
    when it has them); a naive one is refused: its instant is unknown."""
    if v.tzinfo is None or v.utcoffset() is None:
        raise ValueError("times need a zone: give the datetime a tzinfo (e.g. datetime.timezone.utc)")
    spec = "milliseconds" if v.microsecond % 1000 == 0 else "microseconds"
    return v.astimezone(datetime.timezone.utc).isoformat(timespec=spec).replace("+00:00", "Z")


def _json_default(v: Any) -> Any:
    if isinstance(v, datetime.datetime):
        return wire_time(v)
    raise TypeError(f"{type(v).__name__} is not JSON serializable")


def _query_value(v: Any) -> Any:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, datetime.datetime):
        return wire_time(v)
    if isinstance(v, (list, tuple)):
        return ",".join(str(x) for x in v)
    return v


def retry_after_seconds(value: str | None) -> float | None:
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


def backoff(attempt: int) -> float:
    """Exponential backoff with jitter: a step of 0.5 s * 2^attempt (at most 8 s), each wait in [step/2, step]."""
    step = min(BACKOFF_CAP, BACKOFF_FIRST_STEP * 2**attempt)
    return step * random.uniform(0.5, 1.0)


def _processing(status: int, body: Any) -> bool:
    return status == 202 and isinstance(body, dict) and body.get("status") == "processing"


def error_of_answer(status: int, payload: bytes, retry_after: float | None) -> ProofLedgerError:
    """The API's JSON error when the body has one, else a framework's plain-text rejection (or a proxy's answer)."""
    text = payload.decode("utf-8", "replace")
    try:
        body = json.loads(text)
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        return ProofLedgerError(body["error"], status, str(body.get("message", body["error"])), retry_after, body)
    # docs/api.md "Errors": malformed bodies and non-integer paging are plain-text 400/415/422.
    code = PLAIN_TEXT_CODES.get(status, "bad_request" if status < 500 else "internal_error")
    return ProofLedgerError(code, status, text.strip()[:500] or f"HTTP {status}", retry_after, text)


class Transport:
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

    def _once(self, method: str, target: str, body: bytes | None, headers: dict[str, str], repeatable: bool) -> tuple[int, http.client.HTTPMessage, bytes, bool]:
        """One exchange: status, headers, body, and whether the request was sent a second time on a new connection
        (the kept-alive one closed before answering: idle, or it dropped an answer)."""
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
                if reused and repeatable and not fresh:
                    continue
                raise
            except BaseException:
                self._drop()
                raise
            self.local.used = True
            if r.getheader("connection", "").lower() == "close":
                self._drop()
            return r.status, r.headers, data, fresh
        raise AssertionError("unreachable")

    def call(self, method: str, path: str, *, query: Mapping[str, Any] | None = None, body: Any = None, raw_body: bytes | None = None,
             auth: bool = True, idempotency_key: str | None = None, binary: bool = False, headers: Mapping[str, str] | None = None,
             repeatable: bool | None = None, after_loss: Callable[[ProofLedgerError], Any] | None = None) -> Reply:
        """One logical call, retried as the rules say. `repeatable`: whether a retry after a lost answer or a 5xx may
        repeat the effect (default: all but DELETE). `after_loss`: given the error that answers a retry after an
        attempt that may have taken effect, the answer that attempt got, or None to keep the error."""
        q = {k: _query_value(v) for k, v in (query or {}).items() if v is not None}
        target = self.prefix + path + (f"?{urlencode(q)}" if q else "")
        h = {"accept": "application/json", "user-agent": f"proof-ledger-python/{__version__}", **(headers or {})}
        data = raw_body
        if body is not None:
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":"), default=_json_default).encode("utf-8")
            h["content-type"] = "application/json"
        if auth:
            if not self.api_key:
                raise ProofLedgerError("missing_api_key", 0, "this call needs an API key")
            h["authorization"] = f"Bearer {self.api_key}"
        if idempotency_key is not None:
            h["idempotency-key"] = idempotency_key  # the same key on every retry of this call
        repeat = method != "DELETE" if repeatable is None else repeatable
        retries = polls = 0
        # An earlier attempt of this call may have taken effect (its answer was lost, or a 5xx came after the work).
        may_have_acted = False
        while True:
            try:
                status, rh, payload, resent = self._once(method, target, data, h, repeat)
                may_have_acted = may_have_acted or resent
            except (OSError, http.client.HTTPException) as e:
                may_have_acted = True
                if repeat and retries < self.max_retries:
                    self.sleep(backoff(retries))
                    retries += 1
                    continue
                code = "timeout" if isinstance(e, (socket.timeout, TimeoutError)) else "connection_error"
                raise ProofLedgerError(code, 0, f"{method} {path}: {e.__class__.__name__}: {e}") from e
            ra = retry_after_seconds(rh.get("retry-after"))
            replayed = rh.get("idempotent-replayed", "") == "true"
            if 200 <= status < 300:
                if binary:
                    return Reply(status, payload, replayed)
                parsed = self._parse(payload)
                # docs/api.md#idempotency: the key's first request is still being written; ask again with the same key.
                if idempotency_key is not None and _processing(status, parsed):
                    if polls >= MAX_PROCESSING_POLLS:
                        raise ProofLedgerError("processing", 202, f"{method} {path}: still processing after {polls} polls", ra, parsed)
                    polls += 1
                    self.sleep(min(ra if ra is not None else 1.0, MAX_RETRY_AFTER))
                    continue
                return Reply(status, parsed, replayed, ra)
            err = error_of_answer(status, payload, ra)
            stored = after_loss(err) if may_have_acted and after_loss else None
            if stored is not None:
                return Reply(status, stored, True)
            # 429 and 503 are refusals before any effect; another 5xx may follow an effect, so only a repeatable call
            # retries. A spent monthly quota does not come back within a retry.
            retryable = (status == 429 and err.code != "quota_exceeded") or status == 503 or (status >= 500 and repeat)
            if not retryable or retries >= self.max_retries:
                raise err
            if status not in (429, 503):
                may_have_acted = True
            self.sleep(min(ra, MAX_RETRY_AFTER) if ra is not None else backoff(retries))
            retries += 1

    @staticmethod
    def _parse(payload: bytes) -> Any:
        if not payload:
            return None
        try:
            return json.loads(payload)
        except ValueError:
            return payload.decode("utf-8", "replace")
