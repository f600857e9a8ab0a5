// Owns the input rules of the administration API's bodies and paging: every refusal is a JSON error naming the field
// (invalid_payload for a body of the wrong shape, the services' own codes for values they refuse).
import { isAbsolute } from 'node:path';
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { intParam } from '../params';
import { parseRfc3339 } from '../time';
import { decodeEntryCursor } from '../tlog/index';

type Body = Record<string, unknown>;

/** The body as an object; no body counts as `{}` where every field is optional. */
function object(body: unknown): Body {
  if (body === null || body === undefined) return {};
  if (!isPlainObject(body)) throw new ApiError('invalid_payload', 'The body must be a JSON object');
  return body;
}
function str(b: Body, field: string, required: true): string;
function str(b: Body, field: string, required: false): string | undefined;
function str(b: Body, field: string, required: boolean): string | undefined {
  const v = b[field];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string') throw new ApiError('invalid_payload', `${field} must be a string`);
  return v;
}
function bool(b: Body, field: string): boolean | undefined {
  const v = b[field];
  if (v !== undefined && typeof v !== 'boolean')
    throw new ApiError('invalid_payload', `${field} must be true or false`);
  return v;
}
function strings(b: Body, field: string, required: boolean): string[] {
  const v = b[field];
  if (v === undefined && !required) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new ApiError('invalid_payload', `${field} must be an array of strings`);
  return v as string[];
}

/** {name, scopes, allow_ips?}: the key's values are checked by the keys service (invalid_name, bad_request). */
export function keyBody(body: unknown) {
  const b = object(body);
  return { name: str(b, 'name', true), scopes: strings(b, 'scopes', true), allowIp: strings(b, 'allow_ips', false) };
}

/** {name, domain, plan?, issuer_name?, sandbox?}: `sandbox: true` makes a sandbox tenant (docs/api.md#sandbox-tenants). */
export function tenantBody(body: unknown) {
  const b = object(body);
  return {
    name: str(b, 'name', true),
    domain: str(b, 'domain', true),
    plan: str(b, 'plan', false),
    issuerName: str(b, 'issuer_name', false),
    sandbox: bool(b, 'sandbox') === true,
  };
}

export const planBody = (body: unknown): string => str(object(body), 'plan', true);

export function pastDueBody(body: unknown): boolean {
  const on = bool(object(body), 'on');
  if (on === undefined) throw new ApiError('invalid_payload', 'on must be true or false');
  return on;
}

export const verifyDomainBody = (body: unknown): boolean => bool(object(body), 'force') === true;

/** {as_of?}: RFC 3339; default now. */
export function retentionBody(body: unknown): Date {
  const raw = str(object(body), 'as_of', false);
  if (raw === undefined) return new Date();
  const t = parseRfc3339(raw);
  if (!t) throw new ApiError('invalid_payload', 'as_of must be an RFC 3339 timestamp');
  return new Date(t.ms);
}

/** {to, include_master_key?}: `to` is a path on the appliance, absolute so that it does not depend on its working directory. */
export function backupBody(body: unknown) {
  const b = object(body);
  const to = str(b, 'to', true);
  if (!isAbsolute(to)) throw new ApiError('invalid_payload', 'to must be an absolute path on the appliance');
  return { to, includeMasterKey: bool(b, 'include_master_key') === true };
}

export function witnessLogBody(body: unknown) {
  const b = object(body);
  return { origin: str(b, 'origin', true), vkey: str(b, 'vkey', true) };
}

/** {iss, public_key_pem}: a SCITT issuer's key; the key and iss themselves are checked by the SCITT service. */
export function issuerBody(body: unknown) {
  const b = object(body);
  return { iss: str(b, 'iss', true), publicKeyPem: str(b, 'public_key_pem', true) };
}

/** {iss}: the SCITT issuer to revoke. */
export const issuerRevokeBody = (body: unknown) => str(object(body), 'iss', true);

/** ?cursor&limit of an operator-log page: limit 1-1000, default 100 (above 1000 is clamped, as audit lists are). */
export function entryPageQuery(q: Record<string, string | undefined>): { from: number; limit: number } {
  return { from: decodeEntryCursor(q.cursor), limit: pageLimit(q.limit) };
}
export const pageLimit = (limit: string | undefined): number =>
  Math.min(1000, Math.max(1, intParam(limit, 100, 'limit must be an integer')));
