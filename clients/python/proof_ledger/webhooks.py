"""The receiver's side of an audit stream delivery (docs/webhooks.md): verify_webhook checks its X-Service-Signature in
constant time; construct_event returns the delivery of a body that passes, tagged `events` or `checkpoint`."""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Any

from ._types import WebhookDelivery
from .errors import ProofLedgerError

__all__ = ["construct_event", "verify_webhook"]

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def verify_webhook(raw_body: bytes | str, signature_header: str | None, secret: str, tolerance_seconds: float = 300, now: float | None = None) -> bool:
    """True only when `signature_header` (`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`) is a
    signature by `secret` (the stream's whole `whsec_...` string) over exactly these body bytes, made within
    `tolerance_seconds` of now. Pass the raw bytes as received, before any JSON parsing."""
    if not isinstance(signature_header, str) or not isinstance(secret, str) or not secret:
        return False
    parts: dict[str, list[str]] = {}
    for p in signature_header.split(","):
        k, sep, v = p.strip().partition("=")
        if sep:
            parts.setdefault(k, []).append(v)
    t_text = (parts.get("t") or [""])[0]
    if not re.fullmatch(r"[0-9]{1,12}", t_text):
        return False
    t = int(t_text)
    if abs((time.time() if now is None else now) - t) > tolerance_seconds:
        return False
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    expected = hmac.new(secret.encode("utf-8"), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    # Any v1 of the header may match (a receiver may be sent several during a secret rotation).
    ok = False
    for v in parts.get("v1", []):
        ok |= bool(_HEX64.match(v)) and hmac.compare_digest(expected, v)
    return ok


def construct_event(raw_body: bytes | str, signature_header: str | None, secret: str, tolerance_seconds: float = 300,
                    now: float | None = None) -> WebhookDelivery:
    """The delivery in `raw_body` once its signature verifies (as verify_webhook), parsed and tagged: `type: "events"`
    for a batch of audit events (stream_id, org_id, events), `type: "checkpoint"` for a signed checkpoint of the org's
    log (organization_id, tree_size, root_hash, checkpoint). Raises ProofLedgerError `invalid_signature` when the
    signature does not verify (wrong secret, altered body, outside the tolerance, malformed header), and
    `invalid_payload` for a signed body that is neither."""
    if not verify_webhook(raw_body, signature_header, secret, tolerance_seconds, now):
        raise ProofLedgerError("invalid_signature", 0, "X-Service-Signature does not verify for this body and secret within the tolerance")
    try:
        body = json.loads(raw_body)
    except ValueError:
        body = None
    d = body if isinstance(body, dict) else {}
    if d.get("type") == "checkpoint" and isinstance(d.get("checkpoint"), str):
        return d  # type: ignore[return-value]
    if isinstance(d.get("events"), list) and isinstance(d.get("stream_id"), str):
        return {**d, "type": "events"}  # type: ignore[return-value]
    raise ProofLedgerError("invalid_payload", 0, "a signed body that is neither an event batch nor a checkpoint delivery", None, body)
