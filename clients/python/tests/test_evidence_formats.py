"""The Python checks of COSE receipts and tlog-proofs over the worked example of docs/verification.md
(test/unit/vectors/cose-receipt-7-leaf.json): it verifies, every one-bit change is refused, and no input raises."""
from __future__ import annotations

import base64
import json

from hypothesis import given, settings, strategies as st

from conftest import REPO
from proof_ledger import verify_cose_receipt, verify_tlog_proof
from proof_ledger._cose_receipt import cose_kid, keys_of_cose_key_set
from proof_ledger._note import ED25519, typed_key_id

V = json.loads((REPO / "test/unit/vectors/cose-receipt-7-leaf.json").read_text("utf-8"))
RECEIPT = bytes.fromhex(V["receipt"])
ENTRY = bytes.fromhex(V["entry_hex"])
KEY = bytes.fromhex(V["public_key"])
VKEY = f"{V['origin']}+{typed_key_id(V['origin'], ED25519, KEY).hex()}+{base64.b64encode(bytes([1]) + KEY).decode()}"


def test_kid_and_key_set() -> None:
    assert cose_kid(KEY).hex() == V["kid"]
    assert keys_of_cose_key_set(bytes.fromhex(V["key_set"])) == [KEY]


def test_receipt_verifies_with_the_same_check_names() -> None:
    r = verify_cose_receipt(RECEIPT, ENTRY, [KEY], issuer=V["origin"], checkpoint=V["checkpoint"])
    assert [c["name"] for c in r["checks"]] == [
        "receipt_structure", "receipt_protected", "receipt_issuer", "receipt_key", "receipt_proof",
        "receipt_inclusion", "receipt_signature", "receipt_checkpoint",
    ]
    assert r["valid"] is True
    assert r["receipt"] == {"issuer": V["origin"], "kid": V["kid"], "tree_size": 7, "leaf_index": 4, "root": V["root"]}


def test_every_one_bit_change_is_refused() -> None:
    for bit in range(len(RECEIPT) * 8):
        c = bytearray(RECEIPT)
        c[bit >> 3] ^= 0x80 >> (bit & 7)
        assert not verify_cose_receipt(bytes(c), ENTRY, [KEY], checkpoint=V["checkpoint"])["valid"], bit


def test_tlog_proof_verifies_and_refuses_another_entry() -> None:
    assert verify_tlog_proof(V["tlog_proof"], ENTRY, log_keys=[VKEY])["valid"] is True
    r = verify_tlog_proof(V["tlog_proof"], b"record 3", log_keys=[VKEY])
    assert [c["name"] for c in r["checks"] if not c["ok"]] == ["tlog_proof_inclusion"]
    assert [c["name"] for c in verify_tlog_proof(V["tlog_proof"], ENTRY)["checks"] if not c["ok"]] == ["tlog_proof_log_key"]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.binary(max_size=40))
def test_any_receipt_bytes_give_a_verdict(data: bytes, entry: bytes) -> None:
    r = verify_cose_receipt(data, entry, [KEY], checkpoint="x")
    assert r["valid"] is False and r["checks"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_a_tlog_proof_verdict(text: str) -> None:
    assert verify_tlog_proof(text, ENTRY, log_keys=[VKEY])["valid"] is False
