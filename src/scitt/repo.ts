// Owns the SCITT sub-databases: registered statements (append-only), the per-tenant index of registered forms (one
// entry per registered form) and the tenants' issuers with their keys, revoked ones kept.
import { appendOnly } from '../store/append-only';
import { subDb } from '../store/env';
import type { IssuerRow, StatementRow } from './model';

/** Key [entry_id]: the registered statements; never updated, never deleted. */
export const statementRows = () => appendOnly<StatementRow>('scitt_statements');
/** Key [tenant_id, SHA-256 hex of the registered form] -> entry_id: taken in the statement's transaction. */
export const byRegisteredForm = () => subDb<string, [string, string]>('scitt_statements_by_form');
/** Key [tenant_id, iss, key_id]: every key a tenant registered for an issuer; at most one per iss not revoked. */
export const issuers = () => subDb<IssuerRow, [string, string, string]>('scitt_issuers');
