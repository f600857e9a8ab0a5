"""RFC 6962 / RFC 9162 Merkle hashing: leaf and node hashes, inclusion and consistency proof checks."""
from __future__ import annotations

import hashlib

__all__ = ["leaf_hash", "node_hash", "root_from_inclusion", "verify_inclusion", "verify_consistency", "EMPTY_ROOT"]

EMPTY_ROOT = hashlib.sha256(b"").digest()


def leaf_hash(data: bytes) -> bytes:
    """SHA-256(0x00 || leaf data)."""
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """SHA-256(0x01 || left || right)."""
    return hashlib.sha256(b"\x01" + left + right).digest()


def root_from_inclusion(index: int, size: int, leaf: bytes, path: list[bytes]) -> bytes | None:
    """RFC 9162 2.1.3.2: the root the audit path leads to from `leaf` at `index`; None when the path cannot fit."""
    if not (0 <= index < size) or len(leaf) != 32 or any(len(p) != 32 for p in path):
        return None
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return None
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while fn and not fn & 1:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    return r if sn == 0 else None


def verify_inclusion(index: int, size: int, leaf: bytes, path: list[bytes], root: bytes) -> bool:
    r = root_from_inclusion(index, size, leaf, path)
    return r is not None and r == root


def verify_consistency(first: int, second: int, path: list[bytes], first_root: bytes, second_root: bytes) -> bool:
    """RFC 9162 2.1.4.2: the tree of `first` leaves is a prefix of the tree of `second` leaves."""
    if not 0 <= first <= second:
        return False
    if first == 0:
        return not path and first_root == EMPTY_ROOT and (second > 0 or second_root == first_root)
    if first == second:
        return not path and first_root == second_root
    if not path or any(len(p) != 32 for p in path):
        return False
    proof = [first_root, *path] if first & (first - 1) == 0 else list(path)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = proof[0]
    for c in proof[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            while fn and not fn & 1:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == first_root and sr == second_root
