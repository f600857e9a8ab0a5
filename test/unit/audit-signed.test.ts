// The signed data of a new audit row, byte by byte.
import { describe, expect, it } from 'bun:test';
import { canonicalBytes, canonicalJson } from '../../src/crypto/canonical';
import { newRowSignedData } from '../../src/audit/append';
import type { AuditRow } from '../../src/audit/model';
import { signedDataOf, toEventOut } from '../../src/audit/event-row';
import { AUDIT_SIGNED_FIELDS } from '../../src/crypto/signed';
import { auditSignedBytes } from '../../src/verify/records';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers';

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

describe('the signed fields of an audit event', () => {
  it('are one list, in canonical order, that every builder and the Python verifier follow', () => {
    expect([...AUDIT_SIGNED_FIELDS]).toEqual([...AUDIT_SIGNED_FIELDS].sort());
    const r = row({ id: 'u' }, [], null, null);
    // The writer's, the stored row's and the offline verifier's signed data carry exactly these keys.
    expect(Object.keys(newRowSignedData(r)).sort()).toEqual([...AUDIT_SIGNED_FIELDS]);
    expect(Object.keys(signedDataOf(r)).sort()).toEqual([...AUDIT_SIGNED_FIELDS]);
    const shown = { ...toEventOut(r), payload_hash: 'x', signature: 'y', extra: 1 };
    expect(Object.keys(JSON.parse(Buffer.from(auditSignedBytes(shown)).toString())).sort()).toEqual([
      ...AUDIT_SIGNED_FIELDS,
    ]);
    const python = readFileSync(join(ROOT, 'clients/python/proof_ledger/_rules.py'), 'utf8');
    const tuple = /^AUDIT_SIGNED = \(([^)]*)\)/m.exec(python)?.[1] ?? '';
    expect([...tuple.matchAll(/"([a-z_]+)"/g)].map((m) => m[1])).toEqual([...AUDIT_SIGNED_FIELDS]);
  });
});
