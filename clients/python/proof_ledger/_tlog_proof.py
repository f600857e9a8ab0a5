"""C2SP tlog-proof (c2sp.org/tlog-proof@v1): reading the text and checking it against trusted log keys and a witness
policy, with the check names of the appliance's TypeScript verifyTlogProof."""
from __future__ import annotations

import base64
import time
from typing import Any

from ._merkle import leaf_hash, verify_inclusion
from ._note import COSIGNATURE, b64decode_strict, cosigned_message, ed25519_verify, parse_checkpoint, parse_note, parse_vkey, typed_key_id, verify_note
from ._policy import Policy, PolicyError, parse_policy, quorum_met

__all__ = ["parse_tlog_proof", "verify_tlog_proof"]

HEADER = "c2sp.org/tlog-proof@v1"
EARLIEST_COSIGNATURE = 1577836800  # 2020-01-01T00:00:00Z
MAX_AHEAD_SECONDS = 600


def _canonical_b64(s: str) -> bytes | None:
    b = b64decode_strict(s)
    return b if b is not None and base64.b64encode(b).decode() == s else None


def parse_tlog_proof(text: str) -> dict[str, Any] | None:
    """{index, path, checkpoint, extra}; None when the text does not follow the format."""
    if not isinstance(text, str):
        return None
    lines = text.split("\n")
    at = 0
    if lines[0] != HEADER:
        return None
    at = 1
    extra = None
    if at < len(lines) and lines[at].startswith("extra "):
        extra = _canonical_b64(lines[at][len("extra ") :])
        if extra is None:
            return None
        at += 1
    if at >= len(lines) or not lines[at].startswith("index "):
        return None
    digits = lines[at][len("index ") :]
    if not digits.isascii() or not digits.isdigit() or (digits != "0" and digits.startswith("0")) or len(digits) > 16:
        return None
    index = int(digits)
    if index > 2**53 - 1:
        return None
    at += 1
    path = []
    while at < len(lines) and lines[at] != "":
        h = _canonical_b64(lines[at])
        if h is None or len(h) != 32:
            return None
        path.append(h)
        at += 1
    if at >= len(lines):
        return None
    return {"index": index, "path": path, "checkpoint": "\n".join(lines[at + 1 :]), "extra": extra}


def verify_tlog_proof(
    text: str,
    entry: bytes,
    log_keys: list[str] | None = None,
    policy: str | Policy | None = None,
    now: int | None = None,
) -> dict[str, Any]:
    """Verdict {valid, checks, proof, witnessed_by} with the names tlog_proof_format, tlog_proof_checkpoint,
    tlog_proof_log_key, tlog_proof_inclusion and, under a policy, tlog_proof_cosignatures and tlog_proof_quorum."""
    checks: list[dict[str, Any]] = []
    witnessed: list[str] = []
    facts: dict[str, Any] | None = None

    def add(name: str, ok: bool, detail: str) -> bool:
        checks.append({"name": name, "ok": ok, "detail": detail})
        return ok

    def done() -> dict[str, Any]:
        return {"valid": all(c["ok"] for c in checks), "checks": checks, "proof": facts, "witnessed_by": witnessed}

    try:
        if isinstance(policy, str):
            try:
                policy = parse_policy(policy)
            except PolicyError as e:
                add("tlog_proof_policy", False, str(e))
                return done()
        proof = parse_tlog_proof(text)
        if not add("tlog_proof_format", proof is not None, f"index {proof['index']}" if proof else f"not a {HEADER} text"):
            return done()
        note = parse_note(proof["checkpoint"])
        cp = parse_checkpoint(note.body) if note else None
        if not add("tlog_proof_checkpoint", cp is not None, f"{cp.origin} at size {cp.tree_size}" if cp else "not a signed checkpoint note"):
            return done()
        facts = {"origin": cp.origin, "tree_size": cp.tree_size, "index": proof["index"], "root": cp.root.hex()}
        candidates = [k for k in (parse_vkey(v) for v in (log_keys or [])) if k]
        if policy is not None:
            candidates += [(l.origin, l.public_key) for l in policy.logs]
        candidates = [k for k in candidates if k[0] == cp.origin]
        signed = any(verify_note(note, cp.origin, k[1]) for k in candidates)
        add("tlog_proof_log_key", signed, f"signed by a trusted key of {cp.origin}" if signed
            else f"no valid signature by a trusted key of {cp.origin}")
        included = isinstance(entry, bytes) and verify_inclusion(proof["index"], cp.tree_size, leaf_hash(entry), proof["path"], cp.root)
        add("tlog_proof_inclusion", included, f"the entry is leaf {proof['index']} of {cp.tree_size}" if included
            else "the audit path does not lead from the entry to the checkpoint's root")
        if policy is not None:
            clock = int(time.time()) if now is None else now
            names: set[str] = set()
            broken: list[str] = []
            lines = 0
            for w in policy.witnesses:
                kid = typed_key_id(w.key_name, COSIGNATURE, w.public_key)
                for s in note.signatures:
                    if s.name != w.key_name or s.key_id != kid:
                        continue
                    lines += 1
                    if len(s.signature) != 72:
                        broken.append(w.key_name)
                        continue
                    t = int.from_bytes(s.signature[:8], "big")
                    if not ed25519_verify(w.public_key, cosigned_message(note.body, t), s.signature[8:]):
                        broken.append(w.key_name)
                    elif EARLIEST_COSIGNATURE <= t <= clock + MAX_AHEAD_SECONDS and w.name not in names:
                        names.add(w.name)
                        witnessed.append(w.key_name)
            add("tlog_proof_cosignatures", not broken, f"a cosignature line of {', '.join(broken)} does not verify" if broken
                else f"{lines} cosignature lines of policy witnesses, {len(names)} valid and in time")
            met = quorum_met(policy, names)
            add("tlog_proof_quorum", met, f"quorum {'met' if met else 'not met'} ({len(names)} valid cosignatures by policy witnesses)")
    except Exception as e:  # noqa: BLE001 - a verdict, never an exception
        add("tlog_proof_format", False, f"unreadable proof: {str(e)[:80]}")
    return done()
