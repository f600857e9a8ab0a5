"""The `log` block of a record (docs/verification.md "The transparency log": leaf, inclusion, checkpoint note, origin,
signature) and its `head` block ("The head step": head leaf, head inclusion, the head key, cosignatures and quorum,
RFC 3161 tokens). Every check carries its one name (`log.inclusion`, `head.quorum`, ...)."""
from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from cryptography import x509
from cryptography.hazmat.primitives import hashes

from ._merkle import leaf_hash, verify_inclusion
from ._note import (
    COSIGNATURE, Checkpoint, cosigned_message, ed25519_verify, note_key_id, parse_checkpoint, parse_note, parse_vkey,
    signature_of, typed_key_id, verify_note,
)
from ._policy import Policy, describe_quorum, quorum_met
from ._time import COSIGNATURE_EPOCH, cosignature_time_ok, format_instant, parse_rfc3339
from ._timestamp import TimestampVerdict, parse_timestamp_token, verify_timestamp_token
from ._util import b64decode_strict, hex_bytes, is_index, is_obj, key_id_of

__all__ = ["Step", "LogResult", "HeadTrust", "HeadResult", "check_log_block", "check_head_block", "head_leaf_data"]

OID_SHA256 = "2.16.840.1.101.3.4.2.1"


@dataclass
class Step:
    check: str
    ok: bool
    detail: str
    skipped: bool = False  # not checked, and nothing the verdict rests on


@dataclass
class Opened:
    checkpoint: Checkpoint
    note: str
    public_key: bytes


@dataclass
class LogResult:
    status: str  # absent, pending, checked
    ok: bool = False
    steps: list[Step] = field(default_factory=list)
    leaf_index: int | None = None
    tree_size: int | None = None
    opened: Opened | None = None


def open_checkpoint(note_text: Any, keys: Sequence[bytes]) -> tuple[Opened | None, Checkpoint | None, str | None]:
    """The checkpoint a note holds and the first candidate key that signed it under key name = its origin."""
    note = parse_note(note_text)
    if note is None:
        return None, None, "the checkpoint is not a signed note"
    cp = parse_checkpoint(note.body)
    if cp is None:
        return None, None, "the note body is not a three-line checkpoint (origin, tree size, base64 root)"
    for k in keys:
        if len(k) == 32 and verify_note(note, cp.origin, k):
            return Opened(cp, note_text, k), cp, None
    named = [s.key_id.hex() for s in note.signatures if s.name == cp.origin]
    if named:
        known = ", ".join(note_key_id(cp.origin, k).hex() for k in keys) or "none"
        return None, cp, f"no signature by a known key of this log (note key id {', '.join(named)}; known keys give {known})"
    return None, cp, f"no signature under key name {cp.origin}"


def _hashes(v: Any) -> list[bytes] | None:
    if not isinstance(v, list):
        return None
    out = [hex_bytes(h, 32) for h in v]
    return None if any(h is None for h in out) else out  # type: ignore[return-value]


def check_log_block(leaf_data: bytes, log: Any, keys: Sequence[bytes], origin_ok: Callable[[str], bool], expected: str) -> LogResult:
    if log is None:
        return LogResult("absent")
    if is_obj(log) and log.get("status") == "pending":
        return LogResult("pending")
    l = log if is_obj(log) else {}
    res = LogResult("checked", leaf_index=int(l["leaf_index"]) if is_index(l.get("leaf_index")) else None,
                    tree_size=int(l["tree_size"]) if is_index(l.get("tree_size")) else None)
    steps = res.steps
    path, stated, root = _hashes(l.get("audit_path")), hex_bytes(l.get("leaf_hash"), 32), hex_bytes(l.get("root_hash"), 32)
    index, size = res.leaf_index, res.tree_size
    if index is None or size is None or index >= size or stated is None or root is None or path is None or not isinstance(l.get("checkpoint"), str):
        steps.append(Step("log.shape", False, "the log block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint}"))
        return res
    computed = leaf_hash(leaf_data)
    steps.append(Step("log.leaf_hash", computed == stated, "leaf_hash = SHA-256(0x00 || signed bytes)" if computed == stated
                      else f"SHA-256(0x00 || signed bytes) is {computed.hex()}, the block says {l.get('leaf_hash')}"))
    inc = verify_inclusion(index, size, computed, path, root)
    steps.append(Step("log.inclusion", inc, f"leaf {index} is in the tree of {size} leaves with root {root.hex()} ({len(path)} path hashes)" if inc
                      else f"the audit path does not lead from leaf {index} to root_hash in a tree of {size} leaves"))
    opened, cp, error = open_checkpoint(l["checkpoint"], keys)
    if cp is None:
        steps.append(Step("log.checkpoint", False, error or "unreadable checkpoint"))
        return res
    same = cp.tree_size == size and cp.root == root
    steps.append(Step("log.checkpoint", same, f"checkpoint {cp.origin} at tree size {cp.tree_size} has this root" if same
                      else f"the checkpoint says tree size {cp.tree_size} and root {cp.root.hex()}, the block {size} and {root.hex()}"))
    o_ok = origin_ok(cp.origin)
    steps.append(Step("log.origin", o_ok, f"origin {cp.origin}" if o_ok else f"origin {cp.origin} is not the expected log ({expected})"))
    if opened:
        steps.append(Step("log.signature", True, f"signed note verifies with key {key_id_of(opened.public_key)} (note key id {note_key_id(cp.origin, opened.public_key).hex()}) under key name {cp.origin}"))
    else:
        steps.append(Step("log.signature", False, error or "the checkpoint signature does not verify"))
    res.opened = opened
    res.ok = all(s.ok for s in steps)
    return res


def head_leaf_data(cp: Checkpoint) -> bytes:
    """`svc-head-leaf/v1\\n<hex SHA-256 of the origin>\\n<size>\\n<base64 root>\\n`."""
    origin_hash = hashlib.sha256(cp.origin.encode("utf-8")).hexdigest()
    return f"svc-head-leaf/v1\n{origin_hash}\n{cp.tree_size}\n{base64.b64encode(cp.root).decode()}\n".encode("utf-8")


@dataclass
class HeadTrust:
    """The verifier's own trust: its policy, the platform key, its TSA roots, and its clock (Unix seconds)."""
    policy: Policy | None = None
    anchors: Sequence[x509.Certificate] = ()
    platform_key: bytes | None = None
    now: float = 0.0


# Token verdicts already reached, by (anchor set, token, head body): every record proof built on one head carries the
# same tokens, so a verifier checking many proofs pays once per head. Sound because a verdict depends on nothing else
# (the chain is checked at the token's own genTime). Bounded: the oldest entries go first.
_VERDICTS: dict[bytes, TimestampVerdict] = {}
_MAX_VERDICTS = 1024


def _token_verdict(token: bytes, body: bytes, anchors: Sequence[x509.Certificate]) -> TimestampVerdict:
    h = hashlib.sha256()
    for a in anchors:
        h.update(a.fingerprint(hashes.SHA256()))
    key = h.digest() + hashlib.sha256(token).digest() + hashlib.sha256(body).digest()
    v = _VERDICTS.get(key)
    if v is None:
        if len(_VERDICTS) >= _MAX_VERDICTS:
            del _VERDICTS[next(iter(_VERDICTS))]
        v = _VERDICTS[key] = verify_timestamp_token(token, body, anchors)
    return v


@dataclass
class HeadResult:
    status: str  # absent, pending, checked
    steps: list[Step] = field(default_factory=list)
    existed_no_later_than: str | None = None
    witnessed_by: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(s.ok for s in self.steps)


def _when(t: int) -> str:
    return format_instant((t, 0)) if COSIGNATURE_EPOCH <= t < 253402300800 else f"{t} s"


def _head_key(origin: str, stated: Any, trust: HeadTrust, present: bool) -> tuple[bool, str, list[bytes]]:
    """The head's key as the trust decides it: the policy's log key of the origin, else the platform key given, else
    the `note_verifier_key` the file carries (which must then be the trusted key when there is one)."""
    file = parse_vkey(stated) if present else None
    if present and file is None:
        return False, "note_verifier_key is not an Ed25519 signed-note vkey whose key id matches its name and key", []
    if file and file[0] != origin:
        return False, f"note_verifier_key names {file[0]}, the head is signed as {origin}", []
    if trust.policy:
        keys = [l.public_key for l in trust.policy.logs if l.origin == origin]
        if not keys:
            return False, f"the policy has no log key for {origin}", keys
        if file and file[1] not in keys:
            return False, "note_verifier_key is not the policy's log key", keys
        return True, "the policy's log key", keys
    if trust.platform_key is not None:
        if file and file[1] != trust.platform_key:
            return False, "note_verifier_key is not the platform key given", [trust.platform_key]
        return True, "the platform key given", [trust.platform_key]
    if not file:
        return False, "the head carries no note_verifier_key, and no platform key or witness policy was given to check it with", []
    return True, "note_verifier_key of the file (no outside trust: give a policy or the platform key)", [file[1]]


def check_head_block(log_checkpoint: Any, head: Any, trust: HeadTrust) -> HeadResult:
    if head is None:
        return HeadResult("absent")
    if is_obj(head) and head.get("status") == "pending":
        return HeadResult("pending")
    r = HeadResult("checked")
    steps = r.steps
    counted: list[tuple[tuple[int, int], str]] = []
    h = head if is_obj(head) else {}
    path, stated, root = _hashes(h.get("audit_path")), hex_bytes(h.get("leaf_hash"), 32), hex_bytes(h.get("root_hash"), 32)
    stamps = h.get("timestamps", [])
    index = int(h["leaf_index"]) if is_index(h.get("leaf_index")) else None
    size = int(h["tree_size"]) if is_index(h.get("tree_size")) else None
    if index is None or size is None or index >= size or stated is None or root is None or path is None \
            or not isinstance(h.get("checkpoint"), str) or not isinstance(stamps, list):
        steps.append(Step("head.shape", False, "the head block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint, timestamps: [...]}"))
        return r
    log_note = parse_note(log_checkpoint)
    log_cp = parse_checkpoint(log_note.body) if log_note else None
    if log_cp is None:
        steps.append(Step("head.leaf", False, "the log block's checkpoint is not a checkpoint note, so it has no head leaf"))
        return r
    computed = leaf_hash(head_leaf_data(log_cp))
    steps.append(Step("head.leaf", computed == stated, "leaf_hash = SHA-256(0x00 || head leaf of the log's checkpoint)" if computed == stated
                      else f"the head leaf of the log's checkpoint hashes to {computed.hex()}, the head block says {h.get('leaf_hash')}"))
    inc = verify_inclusion(index, size, computed, path, root)
    steps.append(Step("head.inclusion", inc, f"the log's checkpoint is head leaf {index} of {size} ({len(path)} path hashes)" if inc
                      else f"the audit path does not lead from head leaf {index} to root_hash in a head of {size} leaves"))
    note_text = h["checkpoint"]
    note = parse_note(note_text)
    cp = parse_checkpoint(note.body) if note else None
    if note is None or cp is None:
        steps.append(Step("head.checkpoint", False, "the head checkpoint is not a signed three-line checkpoint note"))
        return r
    same = cp.tree_size == size and cp.root == root
    steps.append(Step("head.checkpoint", same, f"head checkpoint {cp.origin} at size {cp.tree_size} has this root" if same
                      else f"the head checkpoint says size {cp.tree_size} and root {cp.root.hex()}, the block {size} and {root.hex()}"))
    policy = trust.policy
    if policy:
        origin_ok = any(l.origin == cp.origin for l in policy.logs)
        why = f"the head origin {cp.origin} is not a log of the policy ({', '.join(l.origin for l in policy.logs) or 'none listed'})"
    else:
        origin_ok = cp.origin.endswith("/head")
        why = f"the head origin {cp.origin} does not end in /head"
    steps.append(Step("head.origin", origin_ok, f"head origin {cp.origin}" if origin_ok else why))
    key_ok, key_detail, keys = _head_key(cp.origin, h.get("note_verifier_key"), trust, "note_verifier_key" in h)
    steps.append(Step("head.key", key_ok, key_detail))
    opened, _, error = open_checkpoint(note_text, keys) if key_ok else (None, None, None)
    if opened:
        steps.append(Step("head.signature", True, f"the head note verifies with key {key_id_of(opened.public_key)}: {key_detail}"))
    else:
        steps.append(Step("head.signature", False, f"the head note is not signed by that key: {error}" if key_ok
                          else "not checked: no key to check the head note with (see head.key)"))
    signer_line = signature_of(note, cp.origin, note_key_id(cp.origin, opened.public_key)) if opened else None
    others = len({s.name for s in note.signatures if s is not signer_line})
    if policy:
        cosigned: set[str] = set()
        for w in policy.witnesses:
            kid = typed_key_id(w.key_name, COSIGNATURE, w.public_key)
            s = signature_of(note, w.key_name, kid)
            if s is None:
                continue
            name = f"head.cosignature[{w.name}]"
            t = int.from_bytes(s.signature[:8], "big") if len(s.signature) == 72 else None
            if t is None or not ed25519_verify(w.public_key, cosigned_message(note.body, t), s.signature[8:]):
                steps.append(Step(name, False, f"the cosignature line of witness {w.key_name} (key id {kid.hex()}) does not verify"))
                continue
            if not cosignature_time_ok(t, trust.now):
                steps.append(Step(name, True, f"not counted: witness {w.key_name} dated its valid cosignature {_when(t)}, before 2020-01-01 or more than 10 minutes ahead of the checking clock"))
                continue
            cosigned.add(w.name)
            if w.key_name not in r.witnessed_by:
                r.witnessed_by.append(w.key_name)
            steps.append(Step(name, True, f"witness {w.key_name} (key id {kid.hex()}) cosigned the head at {_when(t)}"))
        met = quorum_met(policy, cosigned)
        steps.append(Step("head.quorum", met, f"{'met' if met else 'not met'}: the policy requires {describe_quorum(policy)}; counted cosignatures from {', '.join(sorted(cosigned)) or 'no witness'}"))
    else:
        steps.append(Step("head.cosignatures", True, f"not checked: no witness policy given (the note has {others} other signature line(s))", skipped=True))
    body = note.body.encode("utf-8")
    digest = hashlib.sha256(body).digest()
    for i, s in enumerate(stamps):
        name = f"head.timestamp[{i}]"
        t = s if is_obj(s) else {}
        token = b64decode_strict(t.get("token")) if isinstance(t.get("token"), str) else None
        parsed = parse_timestamp_token(token) if token is not None else None
        if token is None or parsed is None:
            steps.append(Step(name, False, f"token is not {'a strict DER TimeStampToken' if token is not None else 'base64'}"))
            continue
        if parsed.imprint_algorithm != OID_SHA256 or parsed.imprint != digest:
            steps.append(Step(name, False, f"the token does not stamp SHA-256 of the head text ({digest.hex()})"))
            continue
        given = parse_rfc3339(t.get("gen_time"))
        if given is None or given != parsed.gen_time:
            shown = json.dumps(t["gen_time"]) if "gen_time" in t else "missing"
            steps.append(Step(name, False, f"gen_time {'says' if given else 'is not an RFC 3339 time:'} {shown}, the token {format_instant(parsed.gen_time)}"))
            continue
        if not trust.anchors:
            steps.append(Step(name, True, f"parsed: stamps the head text at {format_instant(parsed.gen_time)}; its signature and chain are not checked (no TSA roots given)"))
            continue
        v = _token_verdict(token, body, trust.anchors)
        if not v.ok:
            foreign = v.reason == "chain"  # a token from a TSA not trusted here is not evidence, nor a broken link
            steps.append(Step(name, foreign, f"{'not counted, ' if foreign else ''}{v.detail}"))
            continue
        counted.append((parsed.gen_time, v.tsa))
        steps.append(Step(name, True, f"{v.tsa} stamped the head text at {format_instant(parsed.gen_time)}, chained to a trusted TSA root"))
    if trust.anchors:
        steps.append(Step("head.time", bool(counted), "at least one token verifies to a trusted TSA root" if counted
                          else "no timestamp token verifies to a trusted TSA root" if stamps else "the head carries no timestamp token"))
    else:
        steps.append(Step("head.time", True, "not checked: no TSA roots given, so no time is claimed for the record", skipped=True))
    if counted:
        r.existed_no_later_than = format_instant(min(c[0] for c in counted))
    return r

