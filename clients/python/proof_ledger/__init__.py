"""proof_ledger: the Python client of the proof-ledger appliance (every endpoint, safe retries with Idempotency-Keys,
one error type, webhook signatures and typed deliveries) and an offline verifier of its proofs written independently of the appliance's."""
__version__ = "0.4.2"

from ._cose_receipt import verify_cose_receipt
from ._tlog_proof import verify_tlog_proof
from ._verifier import verify
from .client import ProofLedger
from .errors import ProofLedgerError
from .webhooks import construct_event, verify_webhook

__all__ = [
    "ProofLedger", "ProofLedgerError", "construct_event", "verify", "verify_cose_receipt", "verify_tlog_proof",
    "verify_webhook", "__version__",
]
