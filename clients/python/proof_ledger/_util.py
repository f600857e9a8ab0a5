"""Small shared readers: hex, base64url, JSON type tests that keep ECMAScript's strict equality (True is not 1)."""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from typing import Any

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "undefined"})()
_HEX = re.compile(r"^[0-9a-f]*$")
_B64URL = re.compile(r"^[A-Za-z0-9_-]*$")


def is_obj(v: Any) -> bool:
    return isinstance(v, dict)


def is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def num_eq(v: Any, n: int) -> bool:
    """`v === n` for a JSON number (1.0 and 1 are the same number; true is not)."""
    return is_num(v) and v == n


def is_index(v: Any) -> bool:
    """A safe non-negative integer (Number.isSafeInteger)."""
    return is_num(v) and v == int(v) and 0 <= v <= 2**53 - 1


def hex_bytes(v: Any, length: int | None = None) -> bytes | None:
    """Bytes of a lowercase hex string of an optional exact byte length; None when malformed."""
    if not isinstance(v, str) or len(v) % 2 or not _HEX.match(v):
        return None
    b = bytes.fromhex(v)
    return b if length is None or len(b) == length else None


def b64url_bytes(v: Any) -> bytes | None:
    if not isinstance(v, str) or not _B64URL.match(v) or len(v) % 4 == 1:
        return None
    try:
        return base64.urlsafe_b64decode(v + "=" * (-len(v) % 4))
    except (binascii.Error, ValueError):
        return None


def key_id_of(public_key: bytes) -> str:
    """DECISIONS 1: the first 16 hex characters of SHA-256(raw public key)."""
    return hashlib.sha256(public_key).hexdigest()[:16]


def clip(v: Any, n: int) -> str:
    s = v if isinstance(v, str) else "undefined" if v is MISSING else json.dumps(v, ensure_ascii=False)
    return s if len(s) <= n else s[: n - 3] + "..."


def short(v: Any) -> str:
    return clip(v, 24)


def name(v: Any) -> str:
    return clip(v, 64)
