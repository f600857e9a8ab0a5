// Owns the package's public surface (SDK.md): the client, its error, the offline verifier and the webhook check.
export { ProofLedger } from './client';
export { ProofLedgerError, type ClientErrorCode } from './errors';
export type { ClientOptions } from './http';
export { verify, type VerifyCheck, type VerifyResult, type VerifyTrust } from './verify';
export { verifyWebhook, type WebhookOptions } from './webhook';
export type * from './types';
