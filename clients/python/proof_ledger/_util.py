"""Small shared readers: hex, base64url, JSON type tests that keep ECMAScript's strict equality (True is not 1)."""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from typing import Any

from ._canonical import es_number

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "undefined"})()
_HEX = re.compile(r"[0-9a-f]*")
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_B64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def is_obj(v: Any) -> bool:
    return isinstance(v, dict)


def is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def num_eq(v: Any, n: int) -> bool:
    """`v === n` for a JSON number (1.0 and 1 are the same number; true is not)."""
    return is_num(v) and v == n


def js_eq(a: Any, b: Any) -> bool:
    """ECMAScript's `a === b` for JSON values: numbers by value, strings, booleans and null by value and kind,
    objects and arrays only when they are the same object."""
    if is_num(a) and is_num(b):
        return a == b
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return a is b
    return type(a) is type(b) and a == b


def is_index(v: Any) -> bool:
    """A safe non-negative integer (Number.isSafeInteger): 5 and 5.0, never NaN, infinity or 2^53."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if isinstance(v, float) and not v.is_integer():
        return False
    return 0 <= v <= 2**53 - 1


def hex_bytes(v: Any, length: int | None = None) -> bytes | None:
    """Bytes of a lowercase hex string of an optional exact byte length; None when malformed."""
    if not isinstance(v, str) or len(v) % 2 or not _HEX.fullmatch(v):
        return None
    b = bytes.fromhex(v)
    return b if length is None or len(b) == length else None


def b64decode_strict(s: Any) -> bytes | None:
    """Standard padded base64 in its one canonical spelling (unused bits zero); None otherwise."""
    if not isinstance(s, str) or not _B64.fullmatch(s):
        return None
    try:
        raw = base64.b64decode(s, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if base64.b64encode(raw).decode("ascii") == s else None


def b64url_bytes(v: Any) -> bytes | None:
    """Base64url without padding (as /keys/{domain} writes keys), canonical; None otherwise."""
    if not isinstance(v, str) or not _B64URL.fullmatch(v) or len(v) % 4 == 1:
        return None
    std = v.replace("-", "+").replace("_", "/")
    return b64decode_strict(std + "=" * (-len(std) % 4))


def key_id_of(public_key: bytes) -> str:
    """The first 16 hex characters of SHA-256(raw public key)."""
    return hashlib.sha256(public_key).hexdigest()[:16]


def clip(v: Any, n: int) -> str:
    """A value for a detail: strings as they are, other JSON values as JSON text, clipped to n characters."""
    if isinstance(v, str):
        s = v
    elif v is MISSING:
        s = "undefined"
    else:
        try:
            s = json.dumps(v, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            s = repr(v)
    return s if len(s) <= n else s[: n - 3] + "..."


def short(v: Any) -> str:
    return clip(v, 24)


def name(v: Any) -> str:
    return clip(v, 64)


MAX_DEPTH = 512  # JSON nested deeper than this is refused (docs/verification.md "Reading the document")


def too_deep(v: Any) -> bool:
    """True when `v` nests lists and dicts deeper than MAX_DEPTH (walked without recursion)."""
    stack = [(v, 1)]
    while stack:
        x, depth = stack.pop()
        if not isinstance(x, (dict, list)):
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((y, depth + 1) for y in (x.values() if isinstance(x, dict) else x))
    return False


def _reject_constant(c: str) -> Any:
    raise ValueError(f"{c} is not JSON")


def _js_int(s: str) -> int | float:
    """An integer token as ECMAScript reads it: exact up to 2^53, else the nearest double (never Python's digit limit)."""
    if len(s) <= 17:
        n = int(s)
        if abs(n) <= 2**53:
            return n
    return float(s)


def js_loads(text: str) -> Any:
    """JSON.parse: NaN and Infinity are not JSON, numbers are doubles. Raises ValueError (or RecursionError)."""
    return json.loads(text, parse_constant=_reject_constant, parse_int=_js_int)


def utf8(s: str) -> bytes:
    """A string's UTF-8 bytes as TextEncoder writes them: a lone surrogate becomes U+FFFD."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in s).encode("utf-8")


def js_string(v: Any) -> str:
    """ECMAScript's String(v) for a JSON value (an object is "[object Object]", an array its elements joined by ",")."""
    if isinstance(v, str):
        return v
    if v is MISSING:
        return "undefined"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and v != v:
            return "NaN"
        if v in (float("inf"), float("-inf")):
            return "Infinity" if v > 0 else "-Infinity"
        return es_number(v)
    if isinstance(v, list):
        return ",".join("" if x is None or x is MISSING else js_string(x) for x in v)
    return "[object Object]"


def set_key(v: Any) -> Any:
    """A key under which two JSON values are the same member of an ECMAScript Set (SameValueZero; objects by identity)."""
    if v is MISSING:
        return ("undefined",)
    if v is None:
        return ("null",)
    if isinstance(v, bool):
        return ("boolean", v)
    if isinstance(v, (int, float)):
        return ("number", float(v))
    if isinstance(v, str):
        return ("string", v)
    return ("object", id(v))
