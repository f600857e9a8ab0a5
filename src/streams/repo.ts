// Owns the streams area's sub-database; nothing outside src/streams/ touches it.
import { subDb } from '../store/env';
import type { StreamRow } from './model';

/** [tenant_id, organization_id, stream_id] -> stream row (an org's streams are one range). */
export const streams = () => subDb<StreamRow, [string, string, string]>('audit_streams');

export const streamKey = (r: Pick<StreamRow, 'tenant_id' | 'org_id' | 'id'>): [string, string, string] => [
  r.tenant_id,
  r.org_id,
  r.id,
];

/** The exclusive end of the keys of one org. */
export const orgRange = (tenantId: string, orgId: string) => ({
  start: [tenantId, orgId],
  end: [tenantId, orgId + '\u0000'],
});
