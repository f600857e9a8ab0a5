// The TypeScript client's proofs.evidence against a real appliance (checkpoints and heads every second): the ZIP bytes
// of every kind equal to the route's answer, the kind choosing the route (the tenant's or the public trace route, the
// audit route with its key), 409 leaf_pending before the proof is complete and 404 as ProofLedgerErrors.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupDirs, newTenant, ownedDir, startServer, until, type Server } from '../helpers';
import { ProofLedger, ProofLedgerError, type EvidenceKind } from '../../clients/typescript/src/index';

let s: Server;
let c: ProofLedger;
let key = '';

beforeAll(async () => {
  const dir = ownedDir();
  s = await startServer({
    dataDir: dir,
    env: { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' },
  });
  key = (await newTenant(dir, 'ts-evidence.test', 'read,write,audit:read,audit:write', 'enterprise')).key;
  c = new ProofLedger({
    baseUrl: s.url,
    apiKey: key,
    ca: readFileSync(join(dir, 'tls', 'cert.pem'), 'utf8'),
    maxRetries: 0,
  });
});
afterAll(async () => {
  await s?.stop();
  cleanupDirs();
});

/** The pack once complete (409 leaf_pending until then). */
const packOf = (kind: EvidenceKind, id: string, o: { public?: boolean } = {}) =>
  until(
    () =>
      c.proofs.evidence(kind, id, o).catch((e) => {
        if (!(e instanceof ProofLedgerError) || e.code !== 'leaf_pending') throw e;
        return null;
      }),
    60_000,
    200,
  );
const routeBytes = async (path: string, withKey: boolean) =>
  new Uint8Array(
    await (
      await fetch(s.url + path, {
        headers: withKey ? { authorization: `Bearer ${key}` } : {},
        tls: { rejectUnauthorized: false },
      } as RequestInit)
    ).arrayBuffer(),
  );

describe('proofs.evidence', () => {
  it('answers the ZIP bytes of each kind, as its route does', async () => {
    const ev = await c.events.create({ event_type: 'ts.pack', payload: { n: 1 } });
    const ai = await c.ai.attest({ attestation_type: 'output', input: 'q', output: 'a' });
    const doc = await c.documents.anchor({ document_hash: 'ab'.repeat(32) });
    const t = await c.traces.create({ label: 'ts.pack' });
    await c.events.create({ event_type: 'step', payload: {}, trace_id: t.trace_id });
    await c.traces.seal(t.trace_id);
    await c.traces.waitSealed(t.trace_id, { timeoutMs: 30_000 });
    await c.traces.setPublic(t.trace_id, true);
    await c.audit.createOrg({ organization_id: 'org-ts' });
    const a = await c.audit.createEvent({ organization_id: 'org-ts', action: 'x.y', actor: { type: 'user', id: 'u' } });
    const cases: Array<[EvidenceKind, string, string, boolean, { public?: boolean }]> = [
      ['event', ev.event_id, `/v1/proof/event/${ev.event_id}/evidence`, false, {}],
      ['ai', ai.attestation_id, `/v1/proof/ai/${ai.attestation_id}/evidence`, false, {}],
      ['document', doc.event_id, `/v1/proof/document/${doc.event_id}/evidence`, false, {}],
      ['trace', t.trace_id, `/v1/traces/${t.trace_id}/evidence`, true, {}],
      ['trace', t.trace_id, `/v1/proof/trace/${t.trace_id}/evidence`, false, { public: true }],
      ['audit', a.event_id, `/v1/audit/events/${a.event_id}/evidence`, true, {}],
    ];
    for (const [kind, id, path, withKey, o] of cases) {
      const got = await packOf(kind, id, o);
      expect(got).toBeInstanceOf(Uint8Array);
      // A ZIP: its local file header signature, then the first entry, README.txt.
      expect([kind, [...got.slice(0, 4)]]).toEqual([kind, [0x50, 0x4b, 0x03, 0x04]]);
      expect(new TextDecoder().decode(got.slice(30, 40))).toBe('README.txt');
      expect([kind, path, Buffer.from(got).equals(Buffer.from(await routeBytes(path, withKey)))]).toEqual([
        kind,
        path,
        true,
      ]);
    }
  }, 120_000);

  it('throws ProofLedgerError 409 leaf_pending before the proof is complete, and 404 for an unknown record', async () => {
    const ev = await c.events.create({ event_type: 'ts.pending', payload: {} });
    const pending = await c.proofs.evidence('event', ev.event_id).catch((e) => e);
    expect(pending).toBeInstanceOf(ProofLedgerError);
    expect([pending.status, pending.code]).toEqual([409, 'leaf_pending']);
    const none = await c.proofs.evidence('ai', '00000000-0000-4000-8000-000000000000').catch((e) => e);
    expect([none.status, none.code]).toEqual([404, 'proof_not_found']);
  });
});
