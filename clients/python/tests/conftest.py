"""Shared fixtures: the package on sys.path, the shared vectors, one real appliance per session (streams may reach
127.0.0.0/8 and trust the receiver's certificate), the fault-injecting proxy in front of it, the webhook receiver."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
REPO = HERE.parent.parent.parent
VECTORS = REPO / "test" / "vectors" / "proofs"

from appliance import Appliance, FaultProxy, WebhookReceiver, make_tls, start_appliance  # noqa: E402


@pytest.fixture(scope="session")
def tls_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="svc-py-tls-") as d:
        yield Path(d)


@pytest.fixture(scope="session")
def receiver(tls_dir: Path) -> Iterator[WebhookReceiver]:
    r = WebhookReceiver(*make_tls(tls_dir, "receiver"))
    yield r
    r.stop()


@pytest.fixture(scope="session")
def appliance(tls_dir: Path, receiver: WebhookReceiver) -> Iterator[Appliance]:
    a = start_appliance({"SVC_STREAM_ALLOW_CIDRS": "127.0.0.0/8", "SVC_STREAM_CA_FILE": str(tls_dir / "receiver.pem")})
    yield a
    a.stop()


@pytest.fixture(scope="session")
def proxy_tls(tls_dir: Path) -> tuple[Path, Path]:
    return make_tls(tls_dir, "proxy")


@pytest.fixture()
def proxy(appliance: Appliance, proxy_tls: tuple[Path, Path]) -> Iterator[FaultProxy]:
    p = FaultProxy(appliance.port, appliance.ca, *proxy_tls)
    yield p
    p.stop()
