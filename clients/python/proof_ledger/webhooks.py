"""verify_webhook: the X-Service-Signature of an audit stream delivery (docs/webhooks.md), checked in constant time."""
from __future__ import annotations

import hashlib
import hmac
import re
import time

__all__ = ["verify_webhook"]

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
