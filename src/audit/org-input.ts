// Owns the input rules of audit organizations: organization_id, the create body, the retention body.
import { ApiError } from '../errors';
import { isPlainObject } from '../crypto/json-value';
import { MAX_ID_LEN } from './model';

/** docs/audit.md#orgs: organization_id is a string of at most 255 characters; missing -> invalid_organization_id (docs/api.md#errors). */
export function checkOrgId(v: unknown): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_ID_LEN) {
    throw new ApiError('invalid_organization_id', 'organization_id must be a string of 1-255 characters');
  }
  return v;
}

export function checkOrgBody(body: unknown): { organization_id: string; name: string } {
  if (!isPlainObject(body))
    throw new ApiError('invalid_organization_id', 'body must be a JSON object with organization_id');
  const organization_id = checkOrgId(body.organization_id);
  const name = body.name ?? organization_id;
  if (typeof name !== 'string' || name.length > MAX_ID_LEN)
    throw new ApiError('invalid_name', 'name must be a string of at most 255 characters');
  return { organization_id, name };
}

export function checkRetentionBody(body: unknown): number {
  const days = isPlainObject(body) ? body.days : undefined;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1)
    throw new ApiError('invalid_payload', 'days must be a positive integer'); // docs/api.md#errors: no named code
  return days;
}
