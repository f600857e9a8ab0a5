// The TypeScript client through a lossy proxy: the appliance answers every create, the proxy drops that first answer
// (closes the connection), and the client, sending the same Idempotency-Key again, gets the stored answer (a stream's
// signing secret included). Each create makes exactly one object: the appliance replayed the second attempt, and the
// lists and the tenant's usage counters show one. The Python suite does the same (tests/test_lossy_proxy.py).
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { cli, sha, until } from '../helpers';
import { proxiedAppliance, type FaultProxy, type Proxied } from './fault-proxy';
import { ProofLedger } from '../../clients/typescript/src/index';

let p: Proxied;
let proxy: FaultProxy;
let lossy: ProofLedger;
let direct: ProofLedger;
const tag = `lossy-${Date.now()}`;
const org = `${tag}-org`;

beforeAll(async () => {
  p = await proxiedAppliance('lossy.test', { SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8' });
  proxy = p.proxy;
  proxy.lossy = true;
  lossy = new ProofLedger({ baseUrl: proxy.url, apiKey: p.key, ca: p.ca });
  direct = new ProofLedger({ baseUrl: p.server.url, apiKey: p.key, ca: p.ca });
});
afterAll(() => p.stop());

/** The two attempts of one create: the first answered by the appliance and dropped, the second its replay. */
function expectReplayedOnce(path: string, replayedStatus = 201) {
  const sent = proxy.attempts('POST', path);
  expect(sent).toHaveLength(2);
  expect(sent[0]!.key).toMatch(/^.{16,}$/);
  expect(sent[1]!.key).toBe(sent[0]!.key);
  expect(sent[0]!.dropped).toBe(true);
  expect(sent[0]!.upstream!.status).toBeLessThan(300);
  expect([sent[1]!.dropped, sent[1]!.upstream]).toEqual([
    false,
    { status: replayedStatus, replayed: replayedStatus < 300 },
  ]);
}

describe('every create through a proxy that drops its first answer', () => {
  it('an audit org', async () => {
    const r = await lossy.audit.createOrg({ organization_id: org, name: 'Lossy' });
    expect([r.organization_id, r.replayed]).toEqual([org, true]);
    expectReplayedOnce('/v1/audit/orgs');
    const all = [];
    for await (const o of direct.audit.iterateOrgs()) all.push(o.organization_id);
    expect(all.filter((o) => o === org)).toEqual([org]);
  });

  it('a stream, with its signing secret', async () => {
    const r = await lossy.audit.createStream(org, { type: 'webhook', url: 'https://127.0.0.1:9/hook' });
    expect(r.signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(r.replayed).toBe(true);
    expectReplayedOnce(`/v1/audit/orgs/${org}/streams`);
    const streams = [];
    for await (const x of direct.audit.iterateStreams(org)) streams.push(x.id);
    expect(streams).toEqual([r.id]);
  });

  it('a trace, an AI attestation, a document anchor and a ledger event', async () => {
    const trace = await lossy.traces.create({ label: `${tag}-trace` });
    expect([trace.status, trace.replayed]).toEqual(['open', true]);
    expectReplayedOnce('/v1/traces');
    const ai = await lossy.ai.attest({ attestation_type: 'decision', input: `${tag}-q`, output: 'yes' });
    expect([ai.status, ai.replayed]).toEqual(['accepted', true]);
    expectReplayedOnce('/v1/ai/attestations');
    const doc = await lossy.documents.anchor({ document_hash: sha(tag) });
    expect([doc.status, doc.replayed]).toEqual(['accepted', true]);
    expectReplayedOnce('/v1/document/anchor');
    const ev = await lossy.events.create({ event_type: `${tag}.event`, payload: { n: 1 } });
    expect(ev.replayed).toBe(true);
    expectReplayedOnce('/v1/events');
    const page = await direct.events.list({ event_type: `${tag}.event` });
    expect(page.events.map((e) => e.event_id)).toEqual([ev.event_id]);
    expect((await direct.traces.get(trace.trace_id)).label).toBe(`${tag}-trace`);
    expect((await direct.documents.get(doc.event_id)).document_hash).toBe(sha(tag));
    // One of each was made: the tenant's counters (a replay counts nothing).
    const shown = await cli(p.dir, 'tenant', 'show', p.tenantId);
    const used = Object.fromEntries(
      Object.entries(shown.json.usage).map(([k, v]) => [k, (v as { used: number }).used]),
    );
    expect(used).toMatchObject({ traces_per_month: 1, ai_attestations_per_month: 1, events_per_month: 2 });
  });

  it('a portal session and an export', async () => {
    const link = await lossy.audit.createPortalSession({ organization_id: org, intent: 'audit_logs' });
    expect([link.url, link.replayed]).toEqual([expect.stringContaining('/portal#link='), true]);
    expectReplayedOnce('/v1/audit/portal_sessions');
    // The link answered is the one the appliance made: it exchanges.
    const token = link.url.split('#link=')[1]!;
    const ex = await direct.request<{ session_token: string }>('POST', '/v1/audit/portal/exchange', {
      body: { token },
    });
    expect(ex.session_token).toBeTruthy();
    const job = await lossy.audit.createExport({ organization_id: org, format: 'ndjson' });
    expect([job.status, job.replayed]).toEqual(['pending', true]);
    expectReplayedOnce('/v1/audit/exports', 202);
    expect((await direct.audit.getExport(job.id)).id).toBe(job.id);
  });

  it('an audit event: the retry meets 409 duplicate_event and answers the stored event', async () => {
    const r = await lossy.audit.createEvent({
      organization_id: org,
      action: 'user.login',
      actor: { type: 'user', id: 'u-1' },
    });
    expect([r.status, r.replayed]).toEqual(['accepted', true]);
    expectReplayedOnce('/v1/audit/events', 409);
    const events = await until(async () => {
      const all = [];
      for await (const e of direct.audit.iterate({ organization_id: org })) all.push(e.id);
      return all.length ? all : null;
    });
    expect(events).toEqual([r.event_id]);
  });
});
