"""The time grammar of proofs (docs/verification.md "Times"): RFC 3339 instants in JSON, the GeneralizedTime of RFC 3161
tokens, compared and printed exactly. Whole numbers only (no datetime): any year from 0000 to 9999 and nine fraction
digits are kept exactly, and nothing here raises."""
from __future__ import annotations

import math
import re
from typing import Any, Optional, Tuple

__all__ = ["Instant", "parse_rfc3339", "parse_generalized_time", "format_instant", "cosignature_time_ok"]

Instant = Tuple[int, int]  # (seconds since 1970-01-01T00:00:00Z, nanoseconds): tuples compare as instants do

_RFC3339 = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})")
_GENERALIZED = re.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})(?:\.([0-9]{0,8}[1-9]))?Z")
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)

COSIGNATURE_EPOCH = 1577836800  # 2020-01-01T00:00:00Z
COSIGNATURE_SKEW = 600  # seconds a cosignature may be dated ahead of the checking clock


def _leap(y: int) -> bool:
    return (y % 4 == 0 and y % 100 != 0) or y % 400 == 0


def _days_from_civil(y: int, m: int, d: int) -> int:
    """Days from 1970-01-01 to the proleptic Gregorian date (H. Hinnant's days_from_civil)."""
    yy = y - 1 if m <= 2 else y
    era = yy // 400
    yoe = yy - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _instant(f: tuple, fraction: Optional[str], offset: int) -> Optional[Instant]:
    y, mo, d, h, mi, s = (int(x) for x in f)
    if not 1 <= mo <= 12 or not 1 <= d <= (29 if mo == 2 and _leap(y) else _DAYS[mo - 1]):
        return None
    if h > 23 or mi > 59 or s > 59:
        return None
    return (_days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset, int(fraction.ljust(9, "0")) if fraction else 0)


def parse_rfc3339(v: Any) -> Optional[Instant]:
    """`YYYY-MM-DDTHH:MM:SS`, at most nine fraction digits, then `Z` or `+HH:MM`/`-HH:MM`; uppercase T and Z, nothing
    else (no missing zone, space, RFC 2822, expanded year, impossible day or leap second). None otherwise."""
    if not isinstance(v, str):
        return None
    m = _RFC3339.fullmatch(v)
    if not m:
        return None
    zone, offset = m.group(8), 0
    if zone != "Z":
        oh, om = int(zone[1:3]), int(zone[4:6])
        if oh > 23 or om > 59:
            return None
        offset = (-1 if zone[0] == "-" else 1) * (oh * 3600 + om * 60)
    return _instant(m.groups()[:6], m.group(7), offset)


def parse_generalized_time(text: str) -> Optional[Instant]:
    """An RFC 3161 genTime: `YYYYMMDDHHMMSS`, a fraction of one to nine digits without trailing zeros (DER), `Z`."""
    m = _GENERALIZED.fullmatch(text)
    return _instant(m.groups()[:6], m.group(7), 0) if m else None


def format_instant(i: Instant) -> str:
    """`YYYY-MM-DDTHH:MM:SS[.fraction]Z` in UTC, the fraction without trailing zeros (omitted when zero)."""
    seconds, nanos = i
    days, secs = divmod(seconds, 86400)
    z = days + 719468  # H. Hinnant's civil_from_days
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    y = yoe + era * 400 + (1 if m <= 2 else 0)
    frac = "." + f"{nanos:09d}".rstrip("0") if nanos else ""
    return f"{y:04d}-{m:02d}-{d:02d}T{secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}{frac}Z"


def cosignature_time_ok(t: int, now: float) -> bool:
    """A cosignature counts only when dated from 2020-01-01 to ten minutes ahead of the checking clock (Unix seconds)."""
    return math.isfinite(now) and COSIGNATURE_EPOCH <= t <= math.floor(now) + COSIGNATURE_SKEW
