"""proof_ledger: the Python client of the proof-ledger appliance (every endpoint, safe retries with Idempotency-Keys,
one error type, webhook signatures and typed deliveries) and an offline verifier of its proofs written independently of the appliance's."""
__version__ = "0.1.0"

from ._verifier import verify
from .client import ProofLedger
from .errors import ProofLedgerError
from .webhooks import construct_event, verify_webhook

__all__ = ["ProofLedger", "ProofLedgerError", "construct_event", "verify", "verify_webhook", "__version__"]
