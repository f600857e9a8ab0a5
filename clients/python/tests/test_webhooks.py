"""verify_webhook and construct_event on real stream deliveries of a real appliance to a local HTTPS receiver: genuine
ones verify (construct_event: the tagged event batch or checkpoint); tampered bodies, other secrets, stale or malformed
signatures do not; the worked example of docs/webhooks.md."""
from __future__ import annotations

import json
import re
import uuid

import pytest

from appliance import Appliance, WebhookReceiver, until
from proof_ledger import ProofLedger, ProofLedgerError, construct_event, verify_webhook
from conftest import REPO


@pytest.fixture(scope="module")
def delivery(appliance: Appliance, receiver: WebhookReceiver) -> tuple[bytes, str, str]:
    c = ProofLedger(appliance.url, appliance.api_key, ca=appliance.ca)
    org = f"org-hooks-{uuid.uuid4().hex[:8]}"
    c.audit.create_org({"organization_id": org, "name": "Hooks"})
    stream = c.audit.create_stream(org, {"type": "webhook", "url": receiver.url})
    assert stream["signing_secret"].startswith("whsec_")
    event = c.audit.create_event({"organization_id": org, "action": "user.login", "actor": {"type": "user", "id": "u-1"}})

    def found():
        for raw, sig in list(receiver.deliveries):
            body = json.loads(raw)
            if body.get("org_id") == org and any(e["id"] == event["event_id"] for e in body.get("events", [])):
                return raw, sig
        return None

    raw, sig = until(found, timeout=60, every=0.2)
    return raw, sig, stream["signing_secret"]


def test_a_real_delivery_verifies(delivery: tuple[bytes, str, str]) -> None:
    raw, sig, secret = delivery
    assert re.fullmatch(r"t=\d+,v1=[0-9a-f]{64}", sig)
    assert verify_webhook(raw, sig, secret) is True


def test_a_tampered_body_or_signature_or_another_secret_does_not(delivery: tuple[bytes, str, str]) -> None:
    raw, sig, secret = delivery
    assert verify_webhook(raw.replace(b"user.login", b"user.logout"), sig, secret) is False
    assert verify_webhook(raw + b" ", sig, secret) is False
    assert verify_webhook(raw, sig[:-1] + ("0" if sig[-1] != "0" else "1"), secret) is False
    assert verify_webhook(raw, sig, "whsec_" + "A" * 43) is False
    t = int(sig.split(",")[0][2:])
    assert verify_webhook(raw, sig.replace(f"t={t}", f"t={t + 1}"), secret) is False


def test_a_stale_delivery_does_not(delivery: tuple[bytes, str, str]) -> None:
    raw, sig, secret = delivery
    t = int(sig.split(",")[0][2:])
    assert verify_webhook(raw, sig, secret, now=t + 299) is True
    assert verify_webhook(raw, sig, secret, now=t + 301) is False
    assert verify_webhook(raw, sig, secret, now=t - 301) is False
    assert verify_webhook(raw, sig, secret, tolerance_seconds=10, now=t + 11) is False


@pytest.mark.parametrize("header", [None, "", "v1=abc", "t=abc,v1=" + "0" * 64, "t=1795000000", "t=1795000000,v1=XYZ"])
def test_malformed_headers_do_not(header: str | None) -> None:
    assert verify_webhook(b"{}", header, "whsec_x", now=1795000000) is False


def test_the_worked_example_of_the_webhooks_page() -> None:
    doc = (REPO / "docs" / "webhooks.md").read_text("utf-8")
    body = re.search(r"Raw body \(699 bytes.*?```\n(.*?)\n```", doc, re.S).group(1).encode()
    assert len(body) == 699
    header = "t=1795000000,v1=1a07d3dc9be3ca45cdd2a5abff1434bba3b820ec47adaddd2fdd825d7b00b40a"
    secret = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
    assert verify_webhook(body, header, secret, now=1795000000) is True
    assert verify_webhook(body.decode(), header, secret, now=1795000000) is True
    assert verify_webhook(body, header, secret, now=1795000000 + 3600) is False


def test_construct_event_returns_the_tagged_deliveries(delivery: tuple[bytes, str, str], receiver: WebhookReceiver) -> None:
    raw, sig, secret = delivery
    batch = construct_event(raw, sig, secret)
    assert batch == {**json.loads(raw), "type": "events"}
    assert batch["events"][0]["action"] == "user.login" and batch["events"][0]["actor"]["id"] == "u-1"

    def checkpoint():
        for body, header in list(receiver.deliveries):
            if b'"type":"checkpoint"' in body and json.loads(body)["organization_id"] == batch["org_id"]:
                return body, header
        return None

    body, header = until(checkpoint, timeout=60, every=0.2)
    cp = construct_event(body.decode(), header, secret, tolerance_seconds=600)
    assert cp["type"] == "checkpoint" and cp["organization_id"] == batch["org_id"]
    assert re.fullmatch(r"[0-9a-f]{64}", cp["root_hash"]) and cp["checkpoint"].split("\n")[1] == str(cp["tree_size"])


@pytest.mark.parametrize("change", ["body", "secret", "header", "stale"])
def test_construct_event_raises_invalid_signature(delivery: tuple[bytes, str, str], change: str) -> None:
    raw, sig, secret = delivery
    t = int(sig.split(",")[0][2:])
    args = {
        "body": (raw.replace(b"user.login", b"user.logout"), sig, secret, {}),
        "secret": (raw, sig, secret + "x", {}),
        "header": (raw, None, secret, {}),
        "stale": (raw, sig, secret, {"now": t + 600}),
    }[change]
    with pytest.raises(ProofLedgerError) as e:
        construct_event(args[0], args[1], args[2], **args[3])
    assert (e.value.code, e.value.status) == ("invalid_signature", 0)
