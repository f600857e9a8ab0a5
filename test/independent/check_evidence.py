"""Independent checks of the appliance's standard evidence, written from the specifications only (COSE Receipts draft
with RFC 9052 and RFC 9162, RFC 9679, C2SP tlog-proof, signed-note, tlog-cosignature and tlog-policy), with cbor2 and
cryptography and no code of the appliance or its clients.

Reads a JSON list of jobs on stdin and writes a JSON list of results on stdout:
  {"type": "receipt", "receipt": b64, "entry": b64, "keys": [b64 raw Ed25519 key], "flips": bool}
      -> {"ok", "error", "issuer", "kid", "tree_size", "leaf_index", "accepted_flips": [[bit, tree_size, leaf_index]]}
  {"type": "key-set", "set": b64} -> {"ok", "error", "keys": [{"kid": hex, "x": b64}]}
  {"type": "key", "key": b64} -> {"ok", "error", "kid": hex, "x": b64}
  {"type": "tlog-proof", "text", "entry": b64, "vkeys": [vkey], "policy": text | null}
      -> {"ok", "error", "origin", "tree_size", "index", "cosigned_by": [names]}
  {"type": "transparent-statement", "statement": b64, "issuer_key": PEM, "log_keys": [b64], "head_keys": [b64]}
      -> {"ok", "error", "iss", "sub", "receipts", "log": {receipt facts}, "head": {receipt facts} | null}
     (SCITT architecture and reference API drafts: the Signed Statement's signature by its issuer, Ed25519 or ES256;
     its first receipt in 394 of inclusion of the statement with an empty unprotected header in the log; a second one,
     when present, of inclusion of that log checkpoint in the appliance's head, whose leaf is built from the first)
"""
import base64
import hashlib
import json
import sys
import time
from collections.abc import Mapping

import cbor2
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def sha256(b):
    return hashlib.sha256(b).digest()


def ed25519_ok(pub, msg, sig):
    try:
        Ed25519PublicKey.from_public_bytes(pub).verify(sig, msg)
        return True
    except (InvalidSignature, ValueError):
        return False


# ---- RFC 9162 2.1.3.2: verifying an inclusion proof, written from the RFC's steps ----
def root_from_path(index, size, leaf_hash, path):
    if index >= size:
        raise ValueError("leaf_index >= tree_size")
    fn, sn, r = index, size - 1, leaf_hash
    for p in path:
        if sn == 0:
            raise ValueError("path too long")
        if fn % 2 == 1 or fn == sn:
            r = sha256(b"\x01" + p + r)
            if fn % 2 == 0:
                while fn % 2 == 0 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = sha256(b"\x01" + r + p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ValueError("path too short")
    return r


# ---- RFC 9679: COSE Key thumbprint of an OKP key (kty 1, crv, x), deterministic CBOR ----
def thumbprint(x):
    # {1: 1, -1: 6, -2: x}: keys sorted by their encoded bytes (01 < 20 < 21), shortest forms.
    return sha256(bytes([0xA3, 0x01, 0x01, 0x20, 0x06, 0x21, 0x58, 0x20]) + x)


# ---- COSE Receipts (RFC9162_SHA256) over COSE_Sign1 (RFC 9052) ----
def check_receipt(receipt, entry, keys):
    msg = cbor2.loads(receipt)
    if not isinstance(msg, cbor2.CBORTag) or msg.tag != 18:
        raise ValueError("not a tagged COSE_Sign1")
    if not isinstance(msg.value, (list, tuple)) or len(msg.value) != 4:
        raise ValueError("COSE_Sign1 is not an array of 4")
    protected_bstr, unprotected, payload, signature = msg.value
    if not isinstance(protected_bstr, bytes) or not isinstance(signature, bytes):
        raise ValueError("protected or signature not a byte string")
    if payload is not None:
        raise ValueError("payload is not detached (nil)")
    protected = cbor2.loads(protected_bstr)
    if protected.get(1) != -8:
        raise ValueError("alg is not EdDSA")
    if protected.get(395) != 1:
        raise ValueError("vds is not RFC9162_SHA256")
    kid = protected.get(4)
    issuer = protected.get(15, {}).get(1)
    if not isinstance(unprotected, Mapping) or 396 not in unprotected:
        raise ValueError("no vdp")
    proofs = unprotected[396][-1]
    if len(proofs) != 1:
        raise ValueError("expected one inclusion proof")
    size, index, path = cbor2.loads(proofs[0])
    if not all(isinstance(v, int) and v >= 0 for v in (size, index)):
        raise ValueError("size or index not an unsigned integer")
    if not isinstance(path, (list, tuple)) or not all(isinstance(h, bytes) and len(h) == 32 for h in path):
        raise ValueError("path element is not a 32-byte hash")
    root = root_from_path(index, size, sha256(b"\x00" + entry), path)
    key = next((k for k in keys if thumbprint(k) == kid), None)
    if key is None:
        raise ValueError("kid names no trusted key")
    sig_structure = cbor2.dumps(["Signature1", protected_bstr, b"", root])
    if not ed25519_ok(key, sig_structure, signature):
        raise ValueError("signature does not verify")
    return {"issuer": issuer, "kid": kid.hex(), "tree_size": size, "leaf_index": index, "root": root.hex()}


def receipt_job(job):
    receipt = base64.b64decode(job["receipt"])
    entry = base64.b64decode(job["entry"])
    keys = [base64.b64decode(k) for k in job["keys"]]
    out = {"ok": False, "error": None}
    try:
        out.update(check_receipt(receipt, entry, keys))
        out["ok"] = True
    except Exception as e:  # any failure is a refusal
        out["error"] = f"{type(e).__name__}: {e}"
    if job.get("flips"):
        accepted = []
        for bit in range(len(receipt) * 8):
            changed = bytearray(receipt)
            changed[bit >> 3] ^= 0x80 >> (bit & 7)
            try:
                facts = check_receipt(bytes(changed), entry, keys)
                accepted.append([bit, facts["tree_size"], facts["leaf_index"]])
            except Exception:
                pass
        out["accepted_flips"] = accepted
    return out


def cose_key(k):
    if not isinstance(k, Mapping) or k.get(1) != 1 or k.get(-1) != 6:
        raise ValueError("not an OKP Ed25519 COSE_Key")
    x = k.get(-2)
    if not isinstance(x, bytes) or len(x) != 32:
        raise ValueError("x is not 32 bytes")
    if k.get(2) != thumbprint(x):
        raise ValueError("kid is not the RFC 9679 thumbprint")
    return {"kid": k[2].hex(), "x": base64.b64encode(x).decode()}


def key_set_job(job):
    try:
        keys = cbor2.loads(base64.b64decode(job["set"]))
        if not isinstance(keys, (list, tuple)):
            raise ValueError("not a COSE Key Set (array)")
        return {"ok": True, "error": None, "keys": [cose_key(k) for k in keys]}
    except Exception as e:
        return {"ok": False, "error": f"{type(e).__name__}: {e}"}


def key_job(job):
    try:
        return {"ok": True, "error": None, **cose_key(cbor2.loads(base64.b64decode(job["key"])))}
    except Exception as e:
        return {"ok": False, "error": f"{type(e).__name__}: {e}"}


# ---- C2SP signed-note, tlog-cosignature, tlog-policy and tlog-proof ----
def parse_vkey(vkey, sig_type):
    # The key name holds no "+"; the base64 key may.
    name, key_id, b64 = vkey.split("+", 2)
    raw = base64.b64decode(b64, validate=True)
    if raw[0] != sig_type or len(raw) != 33:
        raise ValueError("wrong vkey type")
    if sha256(name.encode() + b"\n" + raw[:1] + raw[1:])[:4].hex() != key_id:
        raise ValueError("vkey key id mismatch")
    return name, raw[1:]


def note_parts(note):
    body, _, sigs = note.partition("\n\n")
    body += "\n"
    if not sigs.endswith("\n"):
        raise ValueError("note does not end in a newline")
    lines = []
    for line in sigs[:-1].split("\n"):
        if not line.startswith("\u2014 "):
            raise ValueError("not a signature line")
        name, b64 = line[2:].split(" ")
        lines.append((name, base64.b64decode(b64, validate=True)))
    return body, lines


def quorum_of(policy_text):
    """(logs, witnesses {name: (key name, key)}, groups {name: (k, members)}, quorum) of a tlog-policy."""
    logs, witnesses, groups, quorum = [], {}, {}, None
    for raw in policy_text.split("\n"):
        words = raw.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "log":
            logs.append(parse_vkey(words[1], 0x01))
        elif words[0] == "witness":
            witnesses[words[1]] = parse_vkey(words[2], 0x04)
        elif words[0] == "group":
            members = words[3:]
            k = len(members) if words[2] == "all" else 1 if words[2] == "any" else int(words[2])
            groups[words[1]] = (k, members)
        elif words[0] == "quorum":
            quorum = words[1]
    return logs, witnesses, groups, quorum


def tlog_proof_job(job):
    out = {"ok": False, "error": None, "cosigned_by": []}
    try:
        text = job["text"]
        entry = base64.b64decode(job["entry"])
        lines = text.split("\n")
        if lines[0] != "c2sp.org/tlog-proof@v1":
            raise ValueError("bad first line")
        i = 1
        if lines[i].startswith("extra "):
            i += 1
        if not lines[i].startswith("index "):
            raise ValueError("no index line")
        digits = lines[i][6:]
        if not digits.isdigit() or (len(digits) > 1 and digits[0] == "0"):
            raise ValueError("bad index")
        index = int(digits)
        i += 1
        path = []
        while lines[i] != "":
            h = base64.b64decode(lines[i], validate=True)
            if len(h) != 32:
                raise ValueError("bad hash line")
            path.append(h)
            i += 1
        note = "\n".join(lines[i + 1 :])
        body, sigs = note_parts(note)
        origin, size_line, root_b64 = body[:-1].split("\n")
        size, root = int(size_line), base64.b64decode(root_b64, validate=True)
        logs = [parse_vkey(v, 0x01) for v in job.get("vkeys", [])]
        witnesses, groups, quorum = {}, {}, "none"
        if job.get("policy"):
            plogs, witnesses, groups, quorum = quorum_of(job["policy"])
            logs += plogs
        signed = False
        for name, key in logs:
            if name != origin:
                continue
            kid = sha256(name.encode() + b"\n\x01" + key)[:4]
            signed = signed or any(
                n == name and raw[:4] == kid and ed25519_ok(key, body.encode(), raw[4:]) for n, raw in sigs
            )
        if not signed:
            raise ValueError("checkpoint not signed by a trusted log key")
        if root_from_path(index, size, sha256(b"\x00" + entry), path) != root:
            raise ValueError("inclusion proof does not lead to the checkpoint root")
        cosigned = set()
        for wname, (key_name, key) in witnesses.items():
            kid = sha256(key_name.encode() + b"\n\x04" + key)[:4]
            for n, raw in sigs:
                if n != key_name or raw[:4] != kid or len(raw) != 76:
                    continue
                t = int.from_bytes(raw[4:12], "big")
                msg = f"cosignature/v1\ntime {t}\n{body}".encode()
                if ed25519_ok(key, msg, raw[12:]) and 1577836800 <= t <= time.time() + 600:
                    cosigned.add(wname)
        out["cosigned_by"] = sorted(cosigned)

        def met(name):
            if name in groups:
                k, members = groups[name]
                return sum(1 for m in members if met(m)) >= k
            return name in cosigned

        if quorum != "none" and not met(quorum):
            raise ValueError("witness quorum not met")
        out.update({"ok": True, "origin": origin, "tree_size": size, "index": index})
    except Exception as e:
        out["error"] = f"{type(e).__name__}: {e}"
    return out


# ---- SCITT Transparent Statements (architecture and SCRAPI drafts, RFC 9052, RFC 9597, COSE Hash Envelope) ----
def issuer_signature_ok(pem, alg, msg, sig):
    key = serialization.load_pem_public_key(pem.encode())
    try:
        if alg == -8 and isinstance(key, Ed25519PublicKey):
            key.verify(sig, msg)
            return True
        if alg == -7 and isinstance(key, ec.EllipticCurvePublicKey) and len(sig) == 64:
            # RFC 9053 2.1: COSE carries r || s; cryptography takes DER.
            der = encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big"))
            key.verify(der, msg, ec.ECDSA(hashes.SHA256()))
            return True
    except InvalidSignature:
        return False
    return False


def head_leaf(origin, size, root):
    """The appliance's head leaf of a log checkpoint (docs/verification.md): its origin hashed, its size and root."""
    digest = sha256(origin.encode()).hex()
    return f"svc-head-leaf/v1\n{digest}\n{size}\n{base64.b64encode(root).decode()}\n".encode()


def transparent_statement_job(job):
    out = {"ok": False, "error": None, "head": None}
    try:
        msg = cbor2.loads(base64.b64decode(job["statement"]))
        if not isinstance(msg, cbor2.CBORTag) or msg.tag != 18 or len(msg.value) != 4:
            raise ValueError("not a tagged COSE_Sign1")
        protected_bstr, unprotected, payload, signature = msg.value
        header = cbor2.loads(protected_bstr)
        claims = header.get(15, {})
        out["iss"], out["sub"] = claims.get(1), claims.get(2)
        if not isinstance(payload, bytes):
            raise ValueError("payload is not attached")
        sig_structure = cbor2.dumps(["Signature1", protected_bstr, b"", payload])
        if not issuer_signature_ok(job["issuer_key"], header.get(1), sig_structure, signature):
            raise ValueError("the issuer's signature does not verify")
        receipts = unprotected.get(394)
        if not isinstance(receipts, (list, tuple)) or not 1 <= len(receipts) <= 2:
            raise ValueError("394 does not hold one or two receipts")
        out["receipts"] = len(receipts)
        # The registered statement: the same COSE_Sign1 with an empty unprotected header (CBOR, shortest forms).
        registered = cbor2.dumps(cbor2.CBORTag(18, [protected_bstr, {}, payload, signature]))
        log_keys = [base64.b64decode(k) for k in job["log_keys"]]
        facts = check_receipt(receipts[0], registered, log_keys)
        out["log"] = facts
        if len(receipts) == 2:
            entry = head_leaf(facts["issuer"], facts["tree_size"], bytes.fromhex(facts["root"]))
            out["head"] = check_receipt(receipts[1], entry, [base64.b64decode(k) for k in job["head_keys"]])
        out["ok"] = True
    except Exception as e:
        out["error"] = f"{type(e).__name__}: {e}"
    return out


JOBS = {
    "receipt": receipt_job,
    "key-set": key_set_job,
    "key": key_job,
    "tlog-proof": tlog_proof_job,
    "transparent-statement": transparent_statement_job,
}

if __name__ == "__main__":
    jobs = json.load(sys.stdin)
    json.dump([JOBS[j["type"]](j) for j in jobs], sys.stdout)
