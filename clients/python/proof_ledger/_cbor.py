"""The little CBOR (RFC 8949) the receipt check needs: a strict decoder of one data item (definite lengths, integers,
byte and text strings, arrays, maps, tags, false/true/null) and the head writer that builds a Sig_structure."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["CborError", "Tag", "decode", "head", "bstr", "tstr"]

MAX_DEPTH = 64


class CborError(ValueError):
    """Bytes that are not exactly one well-formed CBOR data item of the kinds read here."""


@dataclass(frozen=True)
class Tag:
    tag: int
    value: Any


def head(major: int, n: int) -> bytes:
    """The shortest head of major type `major` with argument `n` (RFC 8949 4.2.1)."""
    if n < 24:
        return bytes([major << 5 | n])
    for ai, size in ((24, 1), (25, 2), (26, 4), (27, 8)):
        if n < 1 << (8 * size):
            return bytes([major << 5 | ai]) + n.to_bytes(size, "big")
    raise CborError("integer too large")


def bstr(b: bytes) -> bytes:
    return head(2, len(b)) + b


def tstr(s: str) -> bytes:
    raw = s.encode("utf-8")
    return head(3, len(raw)) + raw


def decode(data: bytes) -> Any:
    """The one data item `data` holds; CborError on anything else (trailing bytes, indefinite lengths, floats...)."""
    if not isinstance(data, (bytes, bytearray)):
        raise CborError("not bytes")
    value, at = _item(bytes(data), 0, 0)
    if at != len(data):
        raise CborError("bytes after the data item")
    return value


def _arg(data: bytes, at: int, ai: int) -> tuple[int, int]:
    if ai < 24:
        return ai, at
    sizes = {24: 1, 25: 2, 26: 4, 27: 8}
    if ai not in sizes:
        raise CborError("indefinite length or reserved additional information")
    end = at + sizes[ai]
    if end > len(data):
        raise CborError("truncated")
    return int.from_bytes(data[at:end], "big"), end


def _item(data: bytes, at: int, depth: int) -> tuple[Any, int]:
    if depth > MAX_DEPTH:
        raise CborError("nested too deeply")
    if at >= len(data):
        raise CborError("truncated")
    ib = data[at]
    major, ai = ib >> 5, ib & 31
    if major == 7:
        simple = {20: False, 21: True, 22: None}
        if ai not in simple:
            raise CborError("only false, true and null are read among simple values and floats")
        return simple[ai], at + 1
    n, at = _arg(data, at + 1, ai)
    if major == 0:
        return n, at
    if major == 1:
        return -1 - n, at
    if major in (2, 3):
        if at + n > len(data):
            raise CborError("truncated string")
        raw = data[at : at + n]
        if major == 2:
            return raw, at + n
        try:
            return raw.decode("utf-8"), at + n
        except UnicodeDecodeError as e:
            raise CborError("text string is not UTF-8") from e
    if major == 4:
        out = []
        for _ in range(n):
            v, at = _item(data, at, depth + 1)
            out.append(v)
        return out, at
    if major == 5:
        m: dict[Any, Any] = {}
        for _ in range(n):
            k, at = _item(data, at, depth + 1)
            if isinstance(k, (list, dict, Tag)):
                raise CborError("map key is not an integer or a string")
            v, at = _item(data, at, depth + 1)
            if k in m:
                raise CborError("duplicate map key")
            m[k] = v
        return m, at
    v, at = _item(data, at, depth + 1)
    return Tag(n, v), at
