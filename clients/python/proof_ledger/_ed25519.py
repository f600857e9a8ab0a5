"""The one Ed25519 rule (docs/verification.md "Ed25519"): a public key is the canonical encoding of a point of prime
order, S is below the group order L, and the equation is the cofactorless one, which OpenSSL (under `cryptography`)
checks by re-encoding [S]B - [k]A and comparing it with R. The point arithmetic below only decides whether a key is
acceptable; verification itself is OpenSSL's."""
from __future__ import annotations

import hashlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

__all__ = ["L", "prime_order_key", "scalar_canonical", "ed25519_verify"]

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, P - 2, P) % P
_SQRT_M1 = pow(2, (P - 1) // 4, P)

Point = tuple[int, int, int, int]  # extended coordinates (X, Y, Z, T)
_IDENTITY: Point = (0, 1, 1, 0)


def _decode(b: bytes) -> Point | None:
    """RFC 8032 5.1.3, strictly: y < p, x recovered, and no x = 0 with the sign bit set."""
    n = int.from_bytes(b, "little")
    sign, y = n >> 255, n & ((1 << 255) - 1)
    if y >= P:
        return None
    u, v = (y * y - 1) % P, (_D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    vx2 = v * x * x % P
    if vx2 == (-u) % P:
        x = x * _SQRT_M1 % P
    elif vx2 != u:
        return None
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = P - x
    return (x, y, 1, x * y % P)


def _add(a: Point, b: Point) -> Point:
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % P
    bb = (y1 + x1) * (y2 + x2) % P
    cc = 2 * _D * t1 * t2 % P
    dd = 2 * z1 * z2 % P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def _mul(n: int, p: Point) -> Point:
    r = _IDENTITY
    while n:
        if n & 1:
            r = _add(r, p)
        p = _add(p, p)
        n >>= 1
    return r


def _is_identity(p: Point) -> bool:
    return p[0] % P == 0 and (p[1] - p[2]) % P == 0


_VERDICTS: dict[bytes, bool] = {}  # keys are few (a tenant's, the platform's, the witnesses'); each costs a multiplication


def prime_order_key(public_key: bytes) -> bool:
    """32 bytes encoding a curve point canonically, of prime order L: neither of small order nor with a small-order
    component (a "mixed-order" key). Remembered per key."""
    if not isinstance(public_key, bytes) or len(public_key) != 32:
        return False
    v = _VERDICTS.get(public_key)
    if v is None:
        a = _decode(public_key)
        v = a is not None and not _is_identity(_mul(8, a)) and _is_identity(_mul(L, a))
        if len(_VERDICTS) >= 1024:
            del _VERDICTS[next(iter(_VERDICTS))]
        _VERDICTS[public_key] = v
    return v


def scalar_canonical(signature: bytes) -> bool:
    """64 bytes whose S half (little-endian) is below L."""
    return len(signature) == 64 and int.from_bytes(signature[32:], "little") < L


# Verdicts per (key, signature, SHA-256 of the message): the records of one checkpoint and of one head share their
# notes, so a batch of proofs verifies each note once. Sound because a verdict depends on nothing else. Bounded.
_SIGNATURE_VERDICTS: dict[bytes, bool] = {}


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """The rule: the key and S checks above, then OpenSSL's cofactorless verification. Never raises."""
    if len(public_key) != 32 or not scalar_canonical(signature) or not prime_order_key(public_key):
        return False
    k = public_key + signature + hashlib.sha256(message).digest()
    v = _SIGNATURE_VERDICTS.get(k)
    if v is None:
        try:
            Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
            v = True
        except (InvalidSignature, ValueError):
            v = False
        if len(_SIGNATURE_VERDICTS) >= 4096:
            del _SIGNATURE_VERDICTS[next(iter(_SIGNATURE_VERDICTS))]
        _SIGNATURE_VERDICTS[k] = v
    return v
