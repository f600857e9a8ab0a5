"""C2SP signed notes (Ed25519, type 0x01), tlog-checkpoint bodies, and tlog-cosignature v1 lines (type 0x04), in the
exact grammar of docs/verification.md "Signed notes"."""
from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass
from typing import Any

from ._ed25519 import ed25519_verify
from ._util import b64decode_strict

__all__ = [
    "Checkpoint", "NoteSignature", "ParsedNote", "b64decode_strict", "parse_note", "parse_checkpoint", "signature_of",
    "typed_key_id", "note_key_id", "parse_vkey", "valid_key_name", "verify_note", "ed25519_verify", "cosigned_message",
]

ED25519 = 0x01
COSIGNATURE = 0x04
SIG_PREFIX = "\u2014 "
MAX_SIGNATURES = 100  # as Go's golang.org/x/mod/sumdb/note
_CHECKPOINT = re.compile(r"([^\n]+)\n(0|[1-9][0-9]{0,15})\n([A-Za-z0-9+/=]+)\n")
_VKEY = re.compile(r"([^+]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)")
# C2SP: a key name holds no plus sign and no Unicode space (Go's unicode.IsSpace); control characters neither.
_BAD_KEY_NAME = re.compile("[+\u0000-\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


_SURROGATE = re.compile("[\ud800-\udfff]")
# C2SP signed-note: no control character but newline; U+FFFD is what a lenient decoder leaves of bytes not UTF-8.
_BAD_TEXT = re.compile("[\x00-\x09\x0b-\x1f\ufffd\ud800-\udfff]")


def _surrogate(s: str) -> bool:
    return _SURROGATE.search(s) is not None


def valid_key_name(name: str) -> bool:
    return bool(name) and not _BAD_KEY_NAME.search(name) and not _surrogate(name)


@dataclass(frozen=True)
class NoteSignature:
    name: str
    key_id: bytes
    signature: bytes  # everything after the 4-byte key id


@dataclass(frozen=True)
class ParsedNote:
    body: str
    signatures: tuple[NoteSignature, ...]


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    tree_size: int
    root: bytes


def parse_note(text: Any) -> ParsedNote | None:
    """The text (ending in a newline, separated from the signatures by the last empty line) and the signature lines
    `— <key name> <base64(key id || signature)>` of a signed note; valid UTF-8 without control characters but newline
    and without U+FFFD; nothing after the last newline. None otherwise. Remembered per text: the records of one
    checkpoint and one head share their notes."""
    return _parse_note(text) if isinstance(text, str) else None


@functools.lru_cache(maxsize=1024)
def _parse_note(text: str) -> ParsedNote | None:
    if not text.endswith("\n") or _BAD_TEXT.search(text):
        return None
    split = text.rfind("\n\n")
    if split < 0 or split + 2 == len(text):
        return None
    body = text[: split + 1]
    lines = text[split + 2 : -1].split("\n")
    if len(lines) > MAX_SIGNATURES:
        return None
    sigs: list[NoteSignature] = []
    for line in lines:
        if not line.startswith(SIG_PREFIX):
            return None
        rest = line[len(SIG_PREFIX) :]
        sp = rest.find(" ")
        if sp < 0 or not valid_key_name(rest[:sp]):
            return None
        raw = b64decode_strict(rest[sp + 1 :])
        if raw is None or len(raw) < 5:
            return None
        sigs.append(NoteSignature(rest[:sp], raw[:4], raw[4:]))
    return ParsedNote(body, tuple(sigs))


def signature_of(note: ParsedNote, name: str, key_id: bytes) -> NoteSignature | None:
    """The first line of key name `name` and key id `key_id` (C2SP: repeated lines of one key are ignored)."""
    return next((s for s in note.signatures if s.name == name and s.key_id == key_id), None)


def parse_checkpoint(body: str) -> Checkpoint | None:
    """Exactly the three lines origin, tree size (decimal, no leading zero, at most 2^53 - 1) and the base64 of a 32-byte
    root, each ending in a newline; no extension line. None otherwise."""
    m = _CHECKPOINT.fullmatch(body)
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


def parse_vkey(vkey: Any, sig_type: int = ED25519) -> tuple[str, bytes] | None:
    """`<name>+<hex key id>+<base64(type || key)>` -> (name, 32-byte key) when the key id matches; else None."""
    m = _VKEY.fullmatch(vkey) if isinstance(vkey, str) else None
    if not m or not valid_key_name(m.group(1)):
        return None
    raw = b64decode_strict(m.group(3))
    if raw is None or len(raw) != 33 or raw[0] != sig_type:
        return None
    key = raw[1:]
    return (m.group(1), key) if typed_key_id(m.group(1), sig_type, key).hex() == m.group(2) else None


def verify_note(note: ParsedNote, name: str, public_key: bytes) -> bool:
    """The first signature line under `name` with the key id of (name, key) verifies over the text."""
    s = signature_of(note, name, note_key_id(name, public_key))
    return s is not None and len(s.signature) == 64 and ed25519_verify(public_key, note.body.encode("utf-8"), s.signature)


def cosigned_message(body: str, time: int) -> bytes:
    """tlog-cosignature v1: `cosignature/v1\\ntime <t>\\n` followed by the checkpoint body."""
    return f"cosignature/v1\ntime {time}\n{body}".encode("utf-8")
