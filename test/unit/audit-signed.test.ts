// The signed data of a new audit row, byte by byte.
import { describe, expect, it } from 'bun:test';
import { canonicalBytes, canonicalJson } from '../../src/crypto/canonical';
import { newRowSignedData } from '../../src/audit/append';
import type { AuditRow } from '../../src/audit/model';
import { signedDataOf } from '../../src/audit/event-row';

const row = (actor: unknown, targets: unknown, context: unknown, metadata: unknown): AuditRow => ({
  id: 'aevt_01HXYZ',
  org_id: 'org-1',
  seq: 7,
  schema_id: 'audit.v1',
  occurred_at: '2026-11-24T10:00:00Z',
  occurred_ms: 1795514400000,
  ingested_at: '2026-11-24T10:00:01.000Z',
  action: 'doc.update',
  actor_json: canonicalJson(actor),
  targets_json: canonicalJson(targets),
  context_json: canonicalJson(context),
  metadata_json: canonicalJson(metadata),
  actor_id: 'u1',
  target_ids: ['d1'],
  payload_hash: '',
  signature: Buffer.alloc(0),
  key_id: 'k',
  public_key: Buffer.alloc(0),
});

describe('signed data of a new audit row', () => {
  it('has exactly the bytes verification rebuilds from the stored columns', () => {
    const cases = [
      row(
        { type: 'user', id: 'u1', name: 'Ann' },
        [{ type: 'doc', id: 'd1' }],
        { location: '10.0.0.1', user_agent: 'x' },
        { n: 1 },
      ),
      row({ z: 1, a: { y: [3, 2, { b: null, a: 'é\u2028"\\' }] } }, [], undefined, undefined),
      row({ id: '\ud83d\ude00', '10': 1, '2': 2, b: -0, c: 1e21, d: 0.1 }, [{ id: 'x' }, { id: 'y' }], null, {
        nested: { deep: [true, false] },
      }),
    ];
    for (const r of cases) {
      const fast = Buffer.from(canonicalBytes(newRowSignedData(r))).toString();
      expect(fast).toBe(Buffer.from(canonicalBytes(signedDataOf(r))).toString());
      expect(fast).toContain(`"actor":${r.actor_json}`);
    }
  });
});
