"""The rules held to the same hand-checked values as the appliance's (test/unit/verify-grammar.test.ts): RFC 3339 and
GeneralizedTime, the cosignature time bound, and the Ed25519 rule (prime-order keys, S < L)."""
from __future__ import annotations

import secrets

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from proof_ledger._ed25519 import L, P, _IDENTITY, _add, _decode, _is_identity, _mul, ed25519_verify, prime_order_key
from proof_ledger._time import cosignature_time_ok, format_instant, parse_generalized_time, parse_rfc3339


def test_rfc3339_reads_zones_and_fractions_as_instants() -> None:
    assert parse_rfc3339("2026-11-25T10:04:11Z") == (1795601051, 0)
    assert parse_rfc3339("2026-11-25T12:04:11+02:00") == (1795601051, 0)
    assert parse_rfc3339("2026-11-25T05:34:11-04:30") == (1795601051, 0)
    assert parse_rfc3339("2026-11-25T10:04:11-00:00") == (1795601051, 0)
    assert parse_rfc3339("2026-11-25T10:04:11.123456789Z") == (1795601051, 123456789)
    assert parse_rfc3339("0000-01-01T00:00:00Z") == (-62167219200, 0)
    assert parse_rfc3339("9999-12-31T23:59:59.999999999Z") == (253402300799, 999999999)
    for t in ("2026-11-25T10:04:11Z", "2026-11-25T10:04:11.5Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"):
        assert format_instant(parse_rfc3339(t)) == t  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [
    "2026-11-25T10:04:11", "2026-11-25t10:04:11Z", "2026-11-25T10:04:11z", "2026-11-25 10:04:11Z",
    "Wed, 25 Nov 2026 10:04:11 GMT", "+002026-11-25T10:04:11Z", "10000-01-01T00:00:00Z",
    "2026-11-25T10:04:11.0000000000Z", "2026-11-25T10:04:11+0000", "2026-11-25T10:04Z", "2026-11-25",
    "2026-02-29T00:00:00Z", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-25T24:00:00Z",
    "2026-11-25T23:59:60Z", "2026-11-25T10:04:11+24:00", "２０２６-11-25T10:04:11Z", "2026-11-25T10:04:11Z\n", "",
    1795601051, float("nan"), float("inf"), None, {}, [],
])
def test_rfc3339_refuses_every_other_form(bad: object) -> None:
    assert parse_rfc3339(bad) is None


def test_generalized_time_is_read_strictly() -> None:
    assert parse_generalized_time("20261125100411Z") == (1795601051, 0)
    assert parse_generalized_time("20261125100411.25Z") == (1795601051, 250_000_000)
    for bad in ("20261125100411", "20261125100411.20Z", "20261125100411.Z", "20261125100411.1234567891Z", "20260230100411Z"):
        assert parse_generalized_time(bad) is None


def test_the_cosignature_time_bound() -> None:
    now = 1_800_000_000
    assert [cosignature_time_ok(t, now) for t in (1_577_836_800, 1_577_836_799, now + 600, now + 601, 10**13, 2**64 - 1)] == [
        True, False, True, False, False, False]
    assert cosignature_time_ok(1_700_000_000, float("nan")) is False


def _torsion() -> tuple:
    while True:
        p = _decode(secrets.token_bytes(32))
        if p is None:
            continue
        t = _mul(L, p)
        if not _is_identity(_mul(4, t)):
            return t


def _encode(p: tuple) -> bytes:
    x, y, z, _ = p
    zi = pow(z, P - 2, P)
    x, y = x * zi % P, y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def test_the_ed25519_rule() -> None:
    key = Ed25519PrivateKey.generate()
    pub = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    msg = b"proof"
    sig = key.sign(msg)
    assert prime_order_key(pub) and ed25519_verify(pub, msg, sig)
    t = _torsion()
    base = _decode(pub)
    mixed = _encode(_add(base, t))  # type: ignore[arg-type]
    for k in (_encode(_IDENTITY), _encode(t), mixed, (P).to_bytes(32, "little"), b"\x00" * 31):
        assert not prime_order_key(k)
    s = int.from_bytes(sig[32:], "little") + L
    assert not ed25519_verify(pub, msg, sig[:32] + s.to_bytes(32, "little"))
