// Owns the package's public surface: the client, its error, the offline verifier, the webhook helpers, the names of
// the API's types and the generated OpenAPI types (`paths`, `components`) for openapi-fetch and the like.
export { ProofLedger, type RequestOptions } from './client';
export { ProofLedgerError, type ClientErrorCode, type ErrorCode } from './errors';
export type { ClientOptions } from './http';
export type { KeyOption } from './resource';
export type { WaitFor, WaitOptions } from './wait';
export { verify, type VerifyCheck, type VerifyResult, type VerifyTrust } from './verify';
export { constructEvent, verifyWebhook, type WebhookOptions } from './webhook';
export type * from './types';
export type { components, paths } from './openapi';
