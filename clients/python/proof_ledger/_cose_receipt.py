"""COSE Receipts of inclusion (RFC9162_SHA256, Ed25519): the RFC 9679 kid of a key, and the check of a receipt of an
entry against trusted keys, written independently of the appliance's TypeScript and held to the same check names."""
from __future__ import annotations

import hashlib
from typing import Any

from ._cbor import CborError, Tag, bstr, decode, head, tstr
from ._merkle import leaf_hash, root_from_inclusion
from ._note import ed25519_verify, parse_checkpoint, parse_note

__all__ = ["cose_kid", "verify_cose_receipt", "keys_of_cose_key_set"]


def cose_kid(public_key: bytes) -> bytes:
    """RFC 9679 thumbprint: SHA-256 of the deterministic CBOR of {1: 1, -1: 6, -2: x} (a3 01 01 20 06 21 58 20 || x)."""
    return hashlib.sha256(b"\xa3\x01\x01\x20\x06\x21" + bstr(public_key)).digest()


def _sig_structure(protected: bytes, root: bytes) -> bytes:
    return head(4, 4) + tstr("Signature1") + bstr(protected) + bstr(b"") + bstr(root)


def _read_protected(raw: bytes) -> tuple[bytes, str] | str:
    try:
        h = decode(raw)
    except CborError:
        return "the protected header is not a CBOR map"
    if not isinstance(h, dict):
        return "the protected header is not a CBOR map"
    if h.get(1) != -8:
        return f"alg (1) is {h.get(1)}, not -8 (EdDSA)"
    if h.get(395) != 1:
        return f"vds (395) is {h.get(395)}, not 1 (RFC9162_SHA256)"
    if 2 in h:
        return "crit (2) names header parameters this verifier does not process"
    kid = h.get(4)
    if not isinstance(kid, bytes) or len(kid) != 32:
        return "kid (4) is not a 32-byte COSE Key thumbprint"
    claims = h.get(15)
    iss = claims.get(1) if isinstance(claims, dict) else None
    if not isinstance(iss, str) or not iss:
        return "CWT claims (15) carry no iss (1)"
    return kid, iss


def _read_proof(unprotected: Any) -> tuple[int, int, list[bytes]] | str:
    if not isinstance(unprotected, dict):
        return "the unprotected header is not a map"
    vdp = unprotected.get(396)
    proofs = vdp.get(-1) if isinstance(vdp, dict) else None
    if not isinstance(proofs, list):
        return "no inclusion proofs (396 -> -1) in the unprotected header"
    if len(proofs) != 1 or not isinstance(proofs[0], bytes):
        return "expected exactly one inclusion proof (a byte string)"
    try:
        v = decode(proofs[0])
    except CborError:
        v = None
    if not isinstance(v, list) or len(v) != 3:
        return "the inclusion proof is not [tree_size, leaf_index, [path]]"
    size, index, path = v
    ok_ints = all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 2**53 - 1 for x in (size, index))
    if not ok_ints or index >= size:
        return "tree_size and leaf_index are not integers with leaf_index < tree_size"
    if not isinstance(path, list) or not all(isinstance(p, bytes) and len(p) == 32 for p in path):
        return "the inclusion path is not a list of 32-byte hashes"
    return size, index, path


def verify_cose_receipt(
    receipt: bytes,
    entry: bytes,
    keys: list[bytes],
    issuer: str | None = None,
    checkpoint: str | None = None,
) -> dict[str, Any]:
    """Checks a receipt of inclusion of `entry` (the leaf data) as the TypeScript verifyCoseReceipt does: the same
    check names, in the same order, and the verdict {valid, checks: [{name, ok, detail}], receipt}. Never raises."""
    checks: list[dict[str, Any]] = []
    facts: dict[str, Any] | None = None

    def add(name: str, ok: bool, detail: str) -> bool:
        checks.append({"name": name, "ok": ok, "detail": detail})
        return ok

    def done() -> dict[str, Any]:
        return {"valid": all(c["ok"] for c in checks), "checks": checks, "receipt": facts}

    try:
        try:
            outer = decode(receipt)
        except CborError:
            outer = None
        s1 = outer.value if isinstance(outer, Tag) and outer.tag == 18 else None
        shape = (
            isinstance(s1, list) and len(s1) == 4 and isinstance(s1[0], bytes) and s1[2] is None
            and isinstance(s1[3], bytes) and len(s1[3]) == 64
        )
        if not add("receipt_structure", shape, "a COSE_Sign1 (tag 18) with a detached payload" if shape
                   else "not a CBOR COSE_Sign1 (tag 18) of [protected, unprotected, nil, 64-byte signature]"):
            return done()
        protected, unprotected, _, signature = s1
        hdr = _read_protected(protected)
        if not add("receipt_protected", not isinstance(hdr, str), hdr if isinstance(hdr, str) else "EdDSA, RFC9162_SHA256"):
            return done()
        kid, iss = hdr
        if issuer is not None:
            add("receipt_issuer", iss == issuer, f"issued by {iss}" + ("" if iss == issuer else f", expected {issuer}"))
        key = next((k for k in keys if isinstance(k, bytes) and len(k) == 32 and cose_kid(k) == kid), None)
        add("receipt_key", key is not None, f"kid {kid.hex()} " + ("is a trusted key" if key else "is the thumbprint of no trusted key"))
        proof = _read_proof(unprotected)
        if not add("receipt_proof", not isinstance(proof, str), proof if isinstance(proof, str) else "one inclusion proof"):
            return done()
        size, index, path = proof
        root = root_from_inclusion(index, size, leaf_hash(entry), path) if isinstance(entry, bytes) else None
        facts = {"issuer": iss, "kid": kid.hex(), "tree_size": size, "leaf_index": index, "root": root.hex() if root else None}
        if not add("receipt_inclusion", root is not None, f"leaf {index} of {size}" if root
                   else f"the inclusion path does not fit leaf {index} of a tree of {size}"):
            return done()
        sig_ok = key is not None and ed25519_verify(key, _sig_structure(protected, root), signature)
        add("receipt_signature", sig_ok, "Ed25519 signature over the Sig_structure of the computed root" if sig_ok
            else "the signature does not verify over the computed root" if key else "not checked: no trusted key for this kid")
        if checkpoint is not None:
            note = parse_note(checkpoint) if isinstance(checkpoint, str) else None
            cp = parse_checkpoint(note.body) if note else None
            same = cp is not None and cp.origin == iss and cp.tree_size == size and cp.root == root
            add("receipt_checkpoint", same, f"the checkpoint of {iss} at size {size} has this root" if same
                else "the checkpoint given is not this receipt's tree")
    except Exception as e:  # noqa: BLE001 - a verdict, never an exception
        add("receipt_structure", False, f"unreadable receipt: {str(e)[:80]}")
    return done()


def keys_of_cose_key_set(data: bytes) -> list[bytes] | None:
    """The Ed25519 keys of a COSE Key Set whose kids (when present) are their thumbprints; None otherwise."""
    try:
        keys = decode(data)
    except CborError:
        return None
    if not isinstance(keys, list):
        return None
    out = []
    for k in keys:
        if not isinstance(k, dict) or k.get(1) != 1 or k.get(-1) != 6:
            return None
        x = k.get(-2)
        if not isinstance(x, bytes) or len(x) != 32 or (2 in k and k[2] != cose_kid(x)):
            return None
        out.append(x)
    return out
