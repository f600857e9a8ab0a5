// The TypeScript client's verifyWebhook and constructEvent on real audit stream deliveries (a local HTTPS receiver):
// genuine ones pass (constructEvent: the typed event batch or checkpoint), tampered, foreign or stale ones do not.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { cleanup, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { constructEvent, ProofLedger, ProofLedgerError, verifyWebhook } from '../../clients/typescript/src/index';

type Delivery = { raw: string; signature: string; at: number };
const dir = tempDir();
const got: Delivery[] = [];
let s: Server;
let receiver: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 2,
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  } as any);
  writeFileSync(join(dir, 'receiver-ca.pem'), pems.cert);
  receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: pems.cert, key: pems.private },
    async fetch(req) {
      got.push({ raw: await req.text(), signature: req.headers.get('x-service-signature') ?? '', at: Date.now() });
      return new Response('ok');
    },
  });
  s = await startServer({
    dataDir: dir,
    env: {
      SVC_STREAM_CA_FILE: join(dir, 'receiver-ca.pem'),
      SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8',
      SVC_CHECKPOINT_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  receiver.stop(true);
  await s.stop();
  cleanup(dir);
});

let secret = '';

describe('verifyWebhook', () => {
  it('accepts real deliveries and refuses tampered, foreign or stale ones', async () => {
    const { key } = await newTenant(dir, 'hooks.test', 'audit:read,audit:write', 'enterprise');
    const c = new ProofLedger({ baseUrl: s.url, apiKey: key, ca: await Bun.file(join(dir, 'tls', 'cert.pem')).text() });
    await c.audit.createOrg({ organization_id: 'hooks' });
    const stream = await c.audit.createStream('hooks', {
      type: 'webhook',
      url: `https://localhost:${receiver.port}/hook`,
    });
    secret = stream.signing_secret!;
    expect(secret).toStartWith('whsec_');
    await c.audit.createEvent({ organization_id: 'hooks', action: 'user.login', actor: { type: 'user', id: 'u1' } });
    const d = await until(() => got.find((x) => x.raw.includes('"events"')), 20_000);
    expect(d.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(d.raw, d.signature, secret)).toBe(true);
    expect(verifyWebhook(new TextEncoder().encode(d.raw), d.signature, secret)).toBe(true);
    // Every delivery (event batches and checkpoints) carries a valid signature.
    for (const x of got) expect(verifyWebhook(x.raw, x.signature, secret)).toBe(true);
    // Tampered body, another secret, a changed time, a missing or malformed header.
    expect(verifyWebhook(d.raw.replace('user.login', 'user.logout'), d.signature, secret)).toBe(false);
    expect(verifyWebhook(d.raw + ' ', d.signature, secret)).toBe(false);
    expect(verifyWebhook(d.raw, d.signature, `${secret}x`)).toBe(false);
    const t = Number(/t=(\d+)/.exec(d.signature)![1]);
    expect(verifyWebhook(d.raw, d.signature.replace(`t=${t}`, `t=${t + 1}`), secret)).toBe(false);
    expect(verifyWebhook(d.raw, null, secret)).toBe(false);
    expect(verifyWebhook(d.raw, 'v1=abc', secret)).toBe(false);
    // Stale: the same genuine delivery, checked 10 minutes later, or with a tolerance it exceeds.
    expect(verifyWebhook(d.raw, d.signature, secret, { now: (t + 600) * 1000 })).toBe(false);
    expect(verifyWebhook(d.raw, d.signature, secret, { now: (t + 600) * 1000, toleranceSeconds: 900 })).toBe(true);
    expect(verifyWebhook(d.raw, d.signature, secret, { now: (t + 5) * 1000, toleranceSeconds: 2 })).toBe(false);
  });
});

describe('constructEvent', () => {
  it('returns the typed delivery of a genuine one: an event batch, a checkpoint', async () => {
    const batch = await until(() => got.find((x) => x.raw.includes('"events"')), 20_000);
    const events = constructEvent(batch.raw, batch.signature, secret);
    if (events.type !== 'events') throw new Error(`not an event batch: ${batch.raw}`);
    expect(events).toEqual({ ...JSON.parse(batch.raw), type: 'events' });
    expect([events.org_id, events.events[0]!.action, events.events[0]!.actor.id]).toEqual([
      'hooks',
      'user.login',
      'u1',
    ]);
    const cp = await until(() => got.find((x) => x.raw.includes('"type":"checkpoint"')), 30_000);
    const checkpoint = constructEvent(new TextEncoder().encode(cp.raw), cp.signature, secret, {
      toleranceSeconds: 600,
    });
    if (checkpoint.type !== 'checkpoint') throw new Error(`not a checkpoint: ${cp.raw}`);
    expect(checkpoint.organization_id).toBe('hooks');
    expect(checkpoint.tree_size).toBeGreaterThanOrEqual(1);
    expect(checkpoint.root_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(checkpoint.checkpoint.split('\n')[1]).toBe(String(checkpoint.tree_size));
  });

  it('throws ProofLedgerError invalid_signature for a tampered, foreign or stale delivery', async () => {
    const d = await until(() => got.find((x) => x.raw.includes('"events"')), 20_000);
    const t = Number(/t=(\d+)/.exec(d.signature)![1]);
    for (const [raw, header, key, o] of [
      [d.raw.replace('user.login', 'user.logout'), d.signature, secret, {}],
      [d.raw, d.signature, `${secret}x`, {}],
      [d.raw, undefined, secret, {}],
      [d.raw, d.signature, secret, { now: (t + 600) * 1000 }],
    ] as const) {
      let err: unknown;
      try {
        constructEvent(raw, header, key, o);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ProofLedgerError);
      expect([(err as ProofLedgerError).code, (err as ProofLedgerError).status]).toEqual(['invalid_signature', 0]);
    }
  });
});
