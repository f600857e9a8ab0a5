"""C2SP signed notes (Ed25519, type 0x01), tlog-checkpoint bodies, and tlog-cosignature v1 lines (type 0x04)."""
from __future__ import annotations

import base64
import binascii
import hashlib
import re
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

__all__ = [
    "Checkpoint", "NoteSignature", "ParsedNote", "b64decode_strict", "parse_note", "parse_checkpoint",
    "typed_key_id", "note_key_id", "parse_vkey", "verify_note", "ed25519_verify", "cosigned_message",
]

ED25519 = 0x01
COSIGNATURE = 0x04
SIG_PREFIX = "\u2014 "
MAX_SIGNATURES = 100  # as Go's golang.org/x/mod/sumdb/note
_B64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")
_CHECKPOINT = re.compile(r"^([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/=]+)\n$")
_VKEY = re.compile(r"^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$")


def b64decode_strict(s: str) -> bytes | None:
    """Standard padded base64 only (the note format allows no other spelling); None when malformed."""
    if not isinstance(s, str) or not _B64.match(s):
        return None
    try:
        return base64.b64decode(s, validate=True)
    except (binascii.Error, ValueError):
        return None


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    if len(public_key) != 32 or len(signature) != 64:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
        return True
    except (InvalidSignature, ValueError):
        return False


@dataclass(frozen=True)
class NoteSignature:
    name: str
    key_id: bytes
    signature: bytes  # everything after the 4-byte key id


@dataclass(frozen=True)
class ParsedNote:
    body: str
    signatures: list[NoteSignature]


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    tree_size: int
    root: bytes


def parse_note(text: str) -> ParsedNote | None:
    """Body (ending in a newline) and signature lines of a signed note; None when malformed."""
    if not isinstance(text, str) or not text.endswith("\n"):
        return None
    split = text.rfind("\n\n")
    if split < 0:
        return None
    body = text[: split + 1]
    if any((ord(c) < 0x20 and c != "\n") or ord(c) == 0x7F or c == "\ufffd" for c in body):
        return None
    lines = text[split + 2 : -1].split("\n")
    if len(lines) > MAX_SIGNATURES:
        return None
    sigs: list[NoteSignature] = []
    for line in lines:
        if not line.startswith(SIG_PREFIX):
            return None
        rest = line[len(SIG_PREFIX) :]
        sp = rest.find(" ")
        if sp <= 0 or "+" in rest[:sp]:
            return None
        raw = b64decode_strict(rest[sp + 1 :])
        if raw is None or len(raw) < 5:
            return None
        sigs.append(NoteSignature(rest[:sp], raw[:4], raw[4:]))
    return ParsedNote(body, sigs)


def parse_checkpoint(body: str) -> Checkpoint | None:
    """A C2SP tlog-checkpoint body of exactly three lines; None when malformed."""
    m = _CHECKPOINT.match(body)
    if not m:
        return None
    size = int(m.group(2))
    root = b64decode_strict(m.group(3))
    if size > 2**53 - 1 or root is None or len(root) != 32:
        return None
    return Checkpoint(m.group(1), size, root)


def typed_key_id(name: str, sig_type: int, public_key: bytes) -> bytes:
    """First 4 bytes of SHA-256(key name || 0x0A || signature type || public key)."""
    return hashlib.sha256(name.encode("utf-8") + bytes([0x0A, sig_type]) + public_key).digest()[:4]


def note_key_id(name: str, public_key: bytes) -> bytes:
    return typed_key_id(name, ED25519, public_key)


def parse_vkey(vkey: str, sig_type: int = ED25519) -> tuple[str, bytes] | None:
    """`<name>+<hex key id>+<base64(type || key)>` -> (name, 32-byte key) when the key id matches; else None."""
    m = _VKEY.match(vkey) if isinstance(vkey, str) else None
    if not m:
        return None
    raw = b64decode_strict(m.group(3))
    if raw is None or len(raw) != 33 or raw[0] != sig_type:
        return None
    key = raw[1:]
    return (m.group(1), key) if typed_key_id(m.group(1), sig_type, key).hex() == m.group(2) else None


def verify_note(note: ParsedNote, name: str, public_key: bytes) -> bool:
    """A signature line under `name` with the key id of (name, key) that verifies over the body."""
    kid = note_key_id(name, public_key)
    msg = note.body.encode("utf-8")
    return any(s.name == name and s.key_id == kid and ed25519_verify(public_key, msg, s.signature) for s in note.signatures)


def cosigned_message(body: str, time: int) -> bytes:
    """tlog-cosignature v1: `cosignature/v1\\ntime <t>\\n` followed by the checkpoint body."""
    return f"cosignature/v1\ntime {time}\n{body}".encode("utf-8")
