"""A small strict DER reader: enough of X.690 to walk CMS SignedData and TSTInfo (RFC 5652, RFC 3161)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
import re

__all__ = ["DerError", "Tlv", "read", "read_all", "oid_text"]


class DerError(ValueError):
    pass


@dataclass(frozen=True)
class Tlv:
    tag: int  # the identifier octet (class, constructed bit, number < 31)
    raw: bytes  # the whole encoding: identifier, length and content
    content: bytes

    @property
    def constructed(self) -> bool:
        return bool(self.tag & 0x20)

    @property
    def cls(self) -> int:
        return self.tag >> 6

    @property
    def number(self) -> int:
        return self.tag & 0x1F

    def children(self) -> list["Tlv"]:
        if not self.constructed:
            raise DerError(f"tag 0x{self.tag:02x} is primitive")
        return read_all(self.content)

    def integer(self) -> int:
        if self.tag != 0x02 or not self.content:
            raise DerError("not an INTEGER")
        return int.from_bytes(self.content, "big", signed=True)

    def oid(self) -> str:
        if self.tag != 0x06:
            raise DerError("not an OBJECT IDENTIFIER")
        return oid_text(self.content)

    def octets(self) -> bytes:
        if self.tag != 0x04:
            raise DerError("not an OCTET STRING")
        return self.content

    def generalized_time(self) -> datetime:
        """GeneralizedTime in UTC (RFC 3161: YYYYMMDDhhmmss[.fraction]Z), to the microsecond."""
        if self.tag != 0x18:
            raise DerError("not a GeneralizedTime")
        m = re.fullmatch(rb"(\d{14})(?:\.(\d{1,12}))?Z", self.content)
        if not m:
            raise DerError("GeneralizedTime is not YYYYMMDDhhmmss[.f]Z")
        t = datetime.strptime(m.group(1).decode(), "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)
        frac = (m.group(2) or b"").decode()
        return t.replace(microsecond=int((frac + "000000")[:6])) if frac else t


def read(data: bytes, pos: int = 0) -> tuple[Tlv, int]:
    """One TLV at `pos`: definite lengths only, minimal length octets (DER); returns it and the next position."""
    if pos + 2 > len(data):
        raise DerError("truncated")
    tag = data[pos]
    if tag & 0x1F == 0x1F:
        raise DerError("high tag numbers are not used here")
    n = data[pos + 1]
    i = pos + 2
    if n & 0x80:
        k = n & 0x7F
        if k == 0 or k > 4 or i + k > len(data) or data[i] == 0:
            raise DerError("bad length")
        n = int.from_bytes(data[i : i + k], "big")
        if n < 0x80:
            raise DerError("non-minimal length")
        i += k
    if i + n > len(data):
        raise DerError("truncated")
    return Tlv(tag, data[pos : i + n], data[i : i + n]), i + n


def read_all(data: bytes) -> list[Tlv]:
    out, pos = [], 0
    while pos < len(data):
        t, pos = read(data, pos)
        out.append(t)
    return out


def read_one(data: bytes) -> Tlv:
    t, end = read(data)
    if end != len(data):
        raise DerError("bytes follow the value")
    return t


def der_throughout(data: bytes) -> bool:
    """One TLV, and every constructed value in it, at any depth, exactly a sequence of TLVs (docs/verification.md
    "Time-stamp tokens": a token is DER throughout, so no reader can see another structure in it)."""
    try:
        stack = [read_one(data)]
        while stack:
            t = stack.pop()
            if t.constructed:
                stack.extend(t.children())
    except DerError:
        return False
    return True


def oid_text(b: bytes) -> str:
    if not b:
        raise DerError("empty OID")
    arcs, v = [], 0
    for byte in b:
        v = (v << 7) | (byte & 0x7F)
        if not byte & 0x80:
            arcs.append(v)
            v = 0
    if b[-1] & 0x80:
        raise DerError("truncated OID")
    first = min(arcs[0] // 40, 2)
    return ".".join(str(x) for x in [first, arcs[0] - 40 * first, *arcs[1:]])
