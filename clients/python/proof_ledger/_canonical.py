"""Canonical JSON (docs/verification.md#2-canonical-json): keys sorted by code point, no whitespace,
strings escaped and numbers printed exactly as ECMAScript's JSON.stringify does."""
from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any

__all__ = ["canonical_json", "canonical_bytes", "canonical_hash", "es_number", "sha256_hex"]


def es_number(x: int | float) -> str:
    """A JSON number as ECMAScript's Number::toString prints the double it parses to."""
    if isinstance(x, int) and abs(x) < 2**53:
        return str(x)
    try:
        f = float(x)
    except OverflowError:
        return "null"  # JSON.parse reads such an integer as Infinity, which JSON.stringify writes as null
    if math.isnan(f) or math.isinf(f):
        return "null"
    if f == 0:
        return "0"
    sign = "-" if f < 0 else ""
    r = repr(abs(f))  # the shortest digit string that reads back to the same double
    mant, _, exp = r.partition("e")
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0")
    lead = len(whole + frac) - len(digits)
    n = len(whole) + int(exp or "0") - lead  # decimal point position relative to the digits
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    return sign + digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))


_SURROGATE = re.compile("[\ud800-\udfff]")


def _string(s: str) -> str:
    out = json.dumps(s, ensure_ascii=False)
    # JSON.stringify writes a lone surrogate as \udxxx; Python leaves it raw (and it cannot be UTF-8 encoded).
    if _SURROGATE.search(s):
        out = "".join(f"\\u{ord(c):04x}" if 0xD800 <= ord(c) <= 0xDFFF else c for c in out)
    return out


def canonical_json(v: Any) -> str:
    """Canonical text of a JSON value as json.loads returns it."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        return es_number(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(canonical_json(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(_string(k) + ":" + canonical_json(v[k]) for k in sorted(v)) + "}"
    raise TypeError(f"not a JSON value: {type(v).__name__}")


def canonical_bytes(v: Any) -> bytes:
    return canonical_json(v).encode("utf-8", "surrogatepass")


def sha256_hex(data: bytes | str) -> str:
    """SHA-256 hex of bytes, or of a string's UTF-8 bytes as TextEncoder writes them (a lone surrogate as U+FFFD)."""
    if isinstance(data, str):
        data = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in data).encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def canonical_hash(v: Any) -> str:
    """SHA-256 hex of the canonical bytes of v (an event payload's payload_hash)."""
    return sha256_hex(canonical_bytes(v))
