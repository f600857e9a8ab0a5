"""The `log` block of a record (DECISIONS 10: leaf, inclusion, checkpoint note, origin, signature) and its `head`
block (DECISIONS 11: head leaf, head inclusion, platform signature, cosignatures and quorum, RFC 3161 tokens)."""
from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Sequence

from cryptography import x509
from cryptography.hazmat.primitives import hashes

from ._merkle import leaf_hash, verify_inclusion
from ._note import (
    COSIGNATURE, Checkpoint, b64decode_strict, cosigned_message, ed25519_verify, note_key_id, parse_checkpoint,
    parse_note, typed_key_id, verify_note,
)
from ._policy import Policy, describe_quorum, quorum_met
from ._timestamp import TimestampVerdict, verify_timestamp_token
from ._util import hex_bytes, is_index, is_obj, key_id_of

__all__ = ["Step", "LogResult", "HeadTrust", "HeadResult", "check_log_block", "check_head_block", "head_leaf_data", "rfc3339"]


@dataclass
class Step:
    check: str
    ok: bool
    detail: str
    skipped: bool = False  # not checked for want of a key (no policy, no platform key): shown, never deciding


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
    note = parse_note(note_text) if isinstance(note_text, str) else None
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
    res = LogResult("checked", leaf_index=l.get("leaf_index") if is_index(l.get("leaf_index")) else None,
                    tree_size=l.get("tree_size") if is_index(l.get("tree_size")) else None)
    steps = res.steps
    path, stated, root = _hashes(l.get("audit_path")), hex_bytes(l.get("leaf_hash"), 32), hex_bytes(l.get("root_hash"), 32)
    index, size = res.leaf_index, res.tree_size
    if index is None or size is None or index >= size or stated is None or root is None or path is None or not isinstance(l.get("checkpoint"), str):
        steps.append(Step("log_shape", False, "the log block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint}"))
        return res
    computed = leaf_hash(leaf_data)
    steps.append(Step("leaf_hash", computed == stated, "leaf_hash = SHA-256(0x00 || signed bytes)" if computed == stated
                      else f"SHA-256(0x00 || signed bytes) is {computed.hex()}, the block says {l.get('leaf_hash')}"))
    inc = verify_inclusion(int(index), int(size), computed, path, root)
    steps.append(Step("inclusion", inc, f"leaf {index} is in the tree of {size} leaves with root {root.hex()} ({len(path)} path hashes)" if inc
                      else f"the audit path does not lead from leaf {index} to root_hash in a tree of {size} leaves"))
    opened, cp, error = open_checkpoint(l["checkpoint"], keys)
    if cp is None:
        steps.append(Step("checkpoint", False, error or "unreadable checkpoint"))
        res.ok = False
        return res
    same = cp.tree_size == size and cp.root == root
    steps.append(Step("checkpoint", same, f"checkpoint {cp.origin} at tree size {cp.tree_size} has this root" if same
                      else f"the checkpoint says tree size {cp.tree_size} and root {cp.root.hex()}, the block {size} and {root.hex()}"))
    o_ok = origin_ok(cp.origin)
    steps.append(Step("origin", o_ok, f"origin {cp.origin}" if o_ok else f"origin {cp.origin} is not the expected log ({expected})"))
    if opened:
        steps.append(Step("checkpoint_signature", True, f"signed note verifies with key {key_id_of(opened.public_key)} (note key id {note_key_id(cp.origin, opened.public_key).hex()}) under key name {cp.origin}"))
    else:
        steps.append(Step("checkpoint_signature", False, error or "the checkpoint signature does not verify"))
    res.opened = opened
    res.ok = all(s.ok for s in steps)
    return res


def head_leaf_data(cp: Checkpoint) -> bytes:
    """DECISIONS 11: `svc-head-leaf/v1\\n<hex SHA-256 of the origin>\\n<size>\\n<base64 root>\\n`."""
    origin_hash = hashlib.sha256(cp.origin.encode("utf-8")).hexdigest()
    return f"svc-head-leaf/v1\n{origin_hash}\n{cp.tree_size}\n{base64.b64encode(cp.root).decode()}\n".encode("utf-8")


def rfc3339(t: datetime) -> str:
    """UTC with milliseconds, as ECMAScript's toISOString, without `.000`."""
    t = t.astimezone(timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + f".{t.microsecond // 1000:03d}Z".replace(".000Z", "Z")


def _millis(t: datetime) -> int:
    return (t - datetime(1970, 1, 1, tzinfo=timezone.utc)) // timedelta(milliseconds=1)


def parse_time(v: Any) -> datetime | None:
    """An RFC 3339 timestamp as a UTC datetime (None when unreadable)."""
    if not isinstance(v, str) or len(v) < 20:
        return None
    s = v.strip()
    if s[-1] in "zZ":
        s = s[:-1] + "+00:00"
    main, dot, rest = s.partition(".")
    if dot:  # fractions: Python reads at most 6 digits; ECMAScript keeps milliseconds
        digits = re.match(r"[0-9]*", rest).group(0)  # type: ignore[union-attr]
        s = main + "." + (digits + "000000")[:6] + rest[len(digits):]
    try:
        t = datetime.fromisoformat(s.replace("t", "T"))
    except ValueError:
        return None
    return t.astimezone(timezone.utc) if t.tzinfo else None


@dataclass
class HeadTrust:
    policy: Policy | None = None
    anchors: Sequence[x509.Certificate] = ()
    platform_keys: Sequence[bytes] = ()


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


def _cosignatures(note_text: str, body: str, policy: Policy) -> list[tuple[int, str, int | None, bool]]:
    """(witness index, key id hex, time, ok) for every line by a policy witness (matched by key name and key id)."""
    note = parse_note(note_text)
    out: list[tuple[int, str, int | None, bool]] = []
    if note is None:
        return out
    for i, w in enumerate(policy.witnesses):
        kid = typed_key_id(w.key_name, COSIGNATURE, w.public_key)
        for s in note.signatures:
            if s.name != w.key_name or s.key_id != kid:
                continue
            rest = s.signature
            t = int.from_bytes(rest[:8], "big") if len(rest) == 72 else None
            ok = t is not None and t <= 2**53 - 1 and ed25519_verify(w.public_key, cosigned_message(body, t), rest[8:])
            out.append((i, kid.hex(), t, ok))
    return out


def check_head_block(log_checkpoint: Any, head: Any, trust: HeadTrust) -> HeadResult:
    if head is None:
        return HeadResult("absent")
    if is_obj(head) and head.get("status") == "pending":
        return HeadResult("pending")
    r = HeadResult("checked")
    steps, times = r.steps, []
    h = head if is_obj(head) else {}
    path, stated, root = _hashes(h.get("audit_path")), hex_bytes(h.get("leaf_hash"), 32), hex_bytes(h.get("root_hash"), 32)
    stamps = h.get("timestamps", [])
    index = h.get("leaf_index") if is_index(h.get("leaf_index")) else None
    size = h.get("tree_size") if is_index(h.get("tree_size")) else None
    if index is None or size is None or index >= size or stated is None or root is None or path is None \
            or not isinstance(h.get("checkpoint"), str) or not isinstance(stamps, list):
        steps.append(Step("head", False, "the head block is not {leaf_index < tree_size, leaf_hash, audit_path: [hex], root_hash, checkpoint, timestamps: [...]}"))
        return r
    log_note = parse_note(log_checkpoint) if isinstance(log_checkpoint, str) else None
    log_cp = parse_checkpoint(log_note.body) if log_note else None
    if log_cp is None:
        steps.append(Step("head_leaf", False, "the log block's checkpoint is not a checkpoint note, so it has no head leaf"))
        return r
    computed = leaf_hash(head_leaf_data(log_cp))
    steps.append(Step("head_leaf", computed == stated, "leaf_hash = SHA-256(0x00 || head leaf of the log's checkpoint)" if computed == stated
                      else f"the head leaf of the log's checkpoint hashes to {computed.hex()}, the head block says {h.get('leaf_hash')}"))
    inc = verify_inclusion(int(index), int(size), computed, path, root)
    steps.append(Step("head_inclusion", inc, f"the log's checkpoint is head leaf {index} of {size} ({len(path)} path hashes)" if inc
                      else f"the audit path does not lead from head leaf {index} to root_hash in a head of {size} leaves"))
    note_text = h["checkpoint"]
    note = parse_note(note_text)
    cp = parse_checkpoint(note.body) if note else None
    if note is None or cp is None:
        steps.append(Step("head_checkpoint", False, "the head checkpoint is not a signed three-line checkpoint note"))
        return r
    same = cp.tree_size == size and cp.root == root
    steps.append(Step("head_checkpoint", same, f"head checkpoint {cp.origin} at size {cp.tree_size} has this root" if same
                      else f"the head checkpoint says size {cp.tree_size} and root {cp.root.hex()}, the block {size} and {root.hex()}"))
    policy = trust.policy
    if policy:
        logs = [l for l in policy.logs if l.origin == cp.origin]
        origin_ok = bool(logs)
        keys = [l.public_key for l in logs]
        why = f"the head origin {cp.origin} is not a log of the policy ({', '.join(l.origin for l in policy.logs) or 'none listed'})"
    else:
        origin_ok = cp.origin.endswith("/head")
        keys = list(trust.platform_keys)
        why = f"the head origin {cp.origin} does not end in /head"
    steps.append(Step("head_origin", origin_ok, f"head origin {cp.origin}" if origin_ok else why))
    opened, _, error = open_checkpoint(note_text, keys) if keys else (None, None, None)
    if opened:
        steps.append(Step("head_signature", True, f"the head note verifies with the platform key {key_id_of(opened.public_key)} {'of the policy' if policy else 'given'}"))
    elif not keys and not policy:
        # Never silently shorter: with neither a policy nor a platform key the signature is shown as not checked.
        steps.append(Step("head_signature", True, "not checked: no platform key was given (a witness policy, or the platform key file)", skipped=True))
    else:
        steps.append(Step("head_signature", False, f"the head note is not signed by the platform key: {error}" if keys else "no platform key to check the head note against"))
    if policy:
        cosigned: set[str] = set()
        for i, kid, t, ok in _cosignatures(note_text, note.body, policy):
            w = policy.witnesses[i]
            if ok:
                cosigned.add(w.name)
                if w.key_name not in r.witnessed_by:
                    r.witnessed_by.append(w.key_name)
            when = rfc3339(datetime.fromtimestamp(t, timezone.utc)) if ok and t is not None else ""
            steps.append(Step("head_cosignature", ok, f"witness {w.key_name} (key id {kid}) cosigned the head at {when}" if ok
                              else f"the cosignature line of witness {w.key_name} (key id {kid}) does not verify"))
        met = quorum_met(policy, cosigned)
        steps.append(Step("head_quorum", met, f"{'met' if met else 'not met'}: the policy requires {describe_quorum(policy)}; valid cosignatures from {', '.join(sorted(cosigned)) or 'no witness'}"))
    else:
        others = len(note.signatures) - (1 if opened else 0)
        against = "the platform key file" if opened else "no platform key"
        steps.append(Step("head_trust", True, f"no outside trust was applied: the head is checked against {against}, and its {others} other signature line(s) are not checked (give a witness policy)"))
    body = note.body.encode("utf-8")
    for i, s in enumerate(stamps, 1):
        t = s if is_obj(s) else {}
        label = f"timestamp {i}" + (f" ({t['tsa']})" if isinstance(t.get("tsa"), str) else "")
        token = b64decode_strict(t.get("token")) if isinstance(t.get("token"), str) else None
        if not token:
            steps.append(Step("head_timestamp", False, f"{label}: token is not base64 DER"))
            continue
        v = _token_verdict(token, body, trust.anchors)
        if not v.ok:
            foreign = v.reason == "chain"  # a token from a TSA not trusted here is not evidence, nor a broken link
            steps.append(Step("head_timestamp", foreign, f"{label}: {'not counted, ' if foreign else ''}{v.detail}"))
            continue
        assert v.gen_time is not None
        stated_t = parse_time(t.get("gen_time"))
        if stated_t is None or _millis(stated_t) != _millis(v.gen_time):
            steps.append(Step("head_timestamp", False, f"{label}: gen_time says {t.get('gen_time')}, the token {rfc3339(v.gen_time)}"))
            continue
        times.append(v.gen_time)
        chained = ", chained to a trusted TSA root" if v.chain_checked else " (its chain was not checked: no TSA roots given)"
        steps.append(Step("head_timestamp", True, f"{label}: {v.tsa} stamped SHA-256 of the head body at {rfc3339(v.gen_time)}{chained}"))
    if trust.anchors and not times:
        steps.append(Step("head_timestamp", False, "no timestamp token chains to a trusted TSA root" if stamps else "the head carries no timestamp token"))
    if times:
        r.existed_no_later_than = rfc3339(min(times))
    return r
