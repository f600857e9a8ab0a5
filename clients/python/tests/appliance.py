"""Test support: a real appliance (`npm start` on a temp data dir, port 0) and its operator CLI, self-signed TLS for
the servers the tests own, a fault-injecting HTTPS proxy in front of the appliance, and an HTTPS webhook receiver."""
from __future__ import annotations

import datetime
import http.client
import http.server
import ipaddress
import json
import os
import queue
import re
import shutil
import signal
import ssl
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

REPO = Path(__file__).resolve().parent.parent.parent.parent


def make_tls(directory: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (usable as its own trust anchor) and its key, as PEM files."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = directory / f"{name}.pem", directory / f"{name}.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return cert_file, key_file


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    return ctx


@dataclass
class Appliance:
    url: str
    port: int
    data_dir: Path
    api_key: str
    ca: str
    proc: subprocess.Popen
    lines: list[str]

    def stop(self) -> None:
        # npm start runs in its own process group (ours): end that group, npm and the appliance under it.
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.proc.pid, signal.SIGKILL)
        shutil.rmtree(self.data_dir, ignore_errors=True)


def start_appliance(env: dict[str, str] | None = None) -> Appliance:
    """`npm start` on a fresh data dir with SVC_PORT=0; waits for the listening line and reads the bootstrap key
    (printed once on stdout, or DATA/bootstrap-api-key when the appliance writes it there)."""
    data = Path(tempfile.mkdtemp(prefix="svc-py-"))
    e = {**os.environ, "SVC_DATA_DIR": str(data), "SVC_PORT": "0", "SVC_HOST": "127.0.0.1", "SVC_LOG_LEVEL": "warn",
         "SVC_METRICS_ADDR": "127.0.0.1:0", **(env or {})}
    proc = subprocess.Popen(["npm", "start", "--silent"], cwd=REPO, env=e, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    lines: list[str] = []
    q: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:  # keep draining so the appliance never blocks on a full pipe
            lines.append(line)
            q.put(line)
        q.put(None)

    threading.Thread(target=pump, daemon=True).start()
    port, key, deadline = 0, "", time.monotonic() + 60
    while not (port and (key or (data / "bootstrap-api-key").exists())):
        try:
            line = q.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            line = ""
        if line is None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the appliance did not start:\n" + "".join(lines))
        m = re.search(r"listening on https?://[^:\s]+:(\d+)", line or "")
        port = port or (int(m.group(1)) if m else 0)
        k = re.search(r"^\s+(svc_live_[A-Za-z0-9_-]{43})\s*$", line or "")
        key = key or (k.group(1) if k else "")
    if not key:
        key = (data / "bootstrap-api-key").read_text().strip()
    return Appliance(f"https://127.0.0.1:{port}", port, data, key, str(data / "tls" / "cert.pem"), proc, lines)


# ---- the fault-injecting proxy ----

@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    at: float
    upstream: tuple[int, bool] | None = None  # the appliance's status and Idempotent-Replayed, when forwarded
    dropped: bool = False


@dataclass
class Fault:
    """What the proxy does with the next request matching `method` and `path` (a prefix): `drop` forwards it and
    closes the connection without answering (a lost acknowledgement); `answer` replies itself with `status`,
    `headers` and `body` (JSON when a dict, else plain text) without forwarding."""
    method: str
    path: str
    action: str
    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    body: Any = None


class FaultProxy:
    """`lossy`: the answer of the first POST with each Idempotency-Key is dropped (the appliance did the work)."""

    def __init__(self, upstream_port: int, upstream_ca: str, cert: Path, key: Path) -> None:
        self.upstream = ("127.0.0.1", upstream_port, ssl.create_default_context(cafile=upstream_ca))
        self.faults: list[Fault] = []
        self.seen: list[Seen] = []
        self.lossy = False
        self.keys_seen: set[str] = set()
        self.lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a: Any) -> None:
                pass

            def handle_one(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                seen = Seen(self.command, self.path.split("?")[0], {k.lower(): v for k, v in self.headers.items()}, time.monotonic())
                key = seen.headers.get("idempotency-key")
                with proxy.lock:
                    proxy.seen.append(seen)
                    fault = next((f for f in proxy.faults if f.method == self.command and self.path.startswith(f.path)), None)
                    if fault:
                        proxy.faults.remove(fault)
                    first_of_key = proxy.lossy and self.command == "POST" and key is not None and key not in proxy.keys_seen
                    if key is not None:
                        proxy.keys_seen.add(key)
                if fault and fault.action == "answer":
                    data = json.dumps(fault.body).encode() if isinstance(fault.body, dict) else str(fault.body or "").encode()
                    ctype = "application/json" if isinstance(fault.body, dict) else "text/plain"
                    self.send_response(fault.status)
                    for k, v in {"content-type": ctype, "content-length": str(len(data)), **fault.headers}.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                    return
                host, port, ctx = proxy.upstream
                c = http.client.HTTPSConnection(host, port, context=ctx, timeout=30)
                fwd = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "content-length")}
                c.request(self.command, self.path, body=body or None, headers=fwd)
                r = c.getresponse()
                data = r.read()
                c.close()
                seen.upstream = (r.status, r.getheader("idempotent-replayed", "") == "true")
                if (fault and fault.action == "drop") or first_of_key:
                    seen.dropped = True
                    self.close_connection = True  # the appliance answered; the client never hears it
                    return
                self.send_response(r.status)
                for k, v in r.getheaders():
                    if k.lower() not in ("connection", "transfer-encoding", "content-length", "keep-alive"):
                        self.send_header(k, v)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = handle_one

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.socket = server_context(cert, key).wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.url = f"https://127.0.0.1:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def add(self, *faults: Fault) -> None:
        with self.lock:
            self.faults.extend(faults)

    def reset(self) -> None:
        with self.lock:
            self.faults.clear()
            self.seen.clear()

    def requests(self, method: str, path: str) -> list[Seen]:
        """The requests on `method` whose path starts with `path`."""
        with self.lock:
            return [s for s in self.seen if s.method == method and s.path.startswith(path)]

    def attempts(self, method: str, path: str) -> list[Seen]:
        """The requests on exactly this method and path."""
        with self.lock:
            return [s for s in self.seen if s.method == method and s.path == path]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class WebhookReceiver:
    """An HTTPS endpoint that records each delivery's raw body and X-Service-Signature, answering 204."""

    def __init__(self, cert: Path, key: Path) -> None:
        self.deliveries: list[tuple[bytes, str]] = []
        self.lock = threading.Lock()
        recv = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a: Any) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                with recv.lock:
                    recv.deliveries.append((raw, self.headers.get("x-service-signature", "")))
                self.send_response(204)
                self.send_header("content-length", "0")
                self.end_headers()

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.socket = server_context(cert, key).wrap_socket(self.server.socket, server_side=True)
        self.url = f"https://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def svc(appliance: Appliance, *args: str) -> Any:
    """The operator CLI on the appliance's data directory (`svc --json ...`), its JSON answer."""
    bun = REPO / "node_modules" / ".bin" / "bun"
    p = subprocess.run([str(bun), "src/cli/index.ts", "--json", "--data-dir", str(appliance.data_dir), *args], cwd=REPO,
                       capture_output=True, text=True, timeout=120, env={**os.environ, "SVC_LOG_LEVEL": "warn"})
    if p.returncode != 0:
        raise RuntimeError(f"svc {' '.join(args)}: {p.stderr}")
    return json.loads(p.stdout)


def until(fn: Callable[[], Any], timeout: float = 30, every: float = 0.1) -> Any:
    """Polls `fn` until it returns something truthy (no fixed sleeps)."""
    end = time.monotonic() + timeout
    while True:
        v = fn()
        if v:
            return v
        if time.monotonic() > end:
            raise AssertionError("condition not met in time")
        time.sleep(every)
