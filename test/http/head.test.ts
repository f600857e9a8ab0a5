// The head log (docs/transparency-logs.md#platform-logs-the-head-log-and-the-operator-log) with real parts: an independent witness and a second appliance as witnesses, a real openssl TSA; publication, endpoints checked with independent code, a quorum held back, bad TSA replies, and a forked head refused.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { call, cleanupDirs, cli, ownedDir, sha, startServer, until, type Server } from '../helpers';
import { opensslVerifyToken, startTsa, type Tsa } from '../tsa-server';
import { cosignatureTimeOf, startIndependentWitness } from './independent-witness';
import { checkpointLines, consistencyOk, hexes, inclusionOk, leafHashOf, noteOk } from './independent-tlog';

const C = { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' };
let a1: Server;
let a2: Server;
let w1: ReturnType<typeof startIndependentWitness>;
let tsa: Tsa;
let badTsa: Tsa;
let a2Witness = { name: '', vkey: '' };
let headOrigin = '';
let platformKey: Buffer;
/** The head answers while the second witness does not yet know the head log, so no quorum can be met. */
let beforeFirstHead: { head: { status: number; body: any }; consistency: { status: number; body: any } };

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const headNow = () => call(a1, 'GET', '/v1/proof/head/checkpoint');
const bodyOf = (note: string) => note.slice(0, note.indexOf('\n\n') + 1);
/** The checkpoint of the tenant log once it covers `eventId`'s record. */
async function tenantCheckpointCovering(eventId: string) {
  return until(async () => {
    const p = await call(a1, 'GET', `/v1/proof/event/${eventId}`);
    return (
      p.status === 200 &&
      p.body.log?.tree_size &&
      (await call(a1, 'GET', '/v1/log/checkpoint', { key: a1.apiKey })).body
    );
  }, 20_000);
}
async function ingest(): Promise<string> {
  const r = await call(a1, 'POST', '/v1/events', {
    key: a1.apiKey,
    body: { event_type: 'head.test', payload: { at: Date.now() } },
  });
  expect(r.status).toBe(201);
  return r.body.event_id;
}
/** Ingests one record and waits until a published head holds its tenant log's checkpoint. */
async function publishedCovering(): Promise<{ head: any; cp: any }> {
  const cp = await tenantCheckpointCovering(await ingest());
  const inc = await until(async () => {
    const r = await call(
      a1,
      'GET',
      `/v1/proof/head/inclusion?origin=${encodeURIComponent(cp.origin)}&size=${cp.tree_size}`,
    );
    return r.status === 200 && r.body;
  }, 20_000);
  const head = (await call(a1, 'GET', `/v1/proof/head/checkpoint?tree_size=${inc.tree_size}`)).body;
  return { head, cp };
}

beforeAll(async () => {
  w1 = startIndependentWitness('witness.test/independent');
  [tsa, badTsa] = await Promise.all([startTsa(), startTsa()]);
  a2 = await startServer({ dataDir: ownedDir() });
  a2Witness = (await call(a2, 'GET', '/.well-known/svc-witness-key')).body;
  const dir = ownedDir();
  const policy = join(dir, 'policy.txt');
  writeFileSync(
    policy,
    [
      `witness ${w1.name} ${w1.vkey} ${w1.url}`,
      `witness ${a2Witness.name} ${a2Witness.vkey} ${a2.url}/witness`,
      `group both all ${w1.name} ${a2Witness.name}`,
      'quorum both',
      '',
    ].join('\n'),
  );
  // The TSAs' anchors: both CAs, so that a bad reply is refused for what it is (imprint, EKU), not for its chain.
  const anchors = join(dir, 'tsa-ca.pem');
  writeFileSync(anchors, tsa.caPem + badTsa.caPem);
  a1 = await startServer({
    dataDir: dir,
    env: {
      ...C,
      SVC_WITNESS_POLICY_FILE: policy,
      SVC_WITNESS_CA_FILE: join(a2.dataDir, 'tls', 'cert.pem'),
      SVC_TSA_URLS: `${tsa.url},${badTsa.url}`,
      SVC_TSA_CA_FILE: anchors,
    },
  });
  const pk = (await call(a1, 'GET', '/.well-known/svc-platform-key')).body;
  platformKey = Buffer.from(pk.public_key, 'base64url');
  headOrigin = pk.note_verifier_key.split('+')[0];
  w1.addLog(headOrigin, pk.note_verifier_key);
  beforeFirstHead = {
    head: await headNow(),
    consistency: await call(a1, 'GET', '/v1/proof/head/consistency?first=0&second=1'),
  };
  const added = await cli(a2.dataDir, 'witness', 'add-log', '--origin', headOrigin, '--vkey', pk.note_verifier_key);
  expect([added.code, added.stderr]).toEqual([0, '']);
}, 60_000);
afterAll(async () => {
  await Promise.all([a1?.stop(), a2?.stop()]);
  w1?.stop();
  tsa?.stop();
  badTsa?.stop();
  cleanupDirs();
});

describe('head log: keys and reserved names', () => {
  it('publishes note_verifier_key <public host>/head+<key id>+<base64(0x01 || platform key)>', async () => {
    const pk = (await call(a1, 'GET', '/.well-known/svc-platform-key')).body;
    expect(headOrigin).toBe(`localhost:${a1.port}/head`);
    const id = sha(Buffer.concat([Buffer.from(`${headOrigin}\n\x01`), platformKey])).slice(0, 8);
    expect(pk.note_verifier_key).toBe(
      `${headOrigin}+${id}+${Buffer.concat([Buffer.from([1]), platformKey]).toString('base64')}`,
    );
  });
  it('refuses the tenant domains head, operator and witness (CLI exit 1, invalid_payload)', async () => {
    for (const domain of ['head', 'operator', 'witness']) {
      const r = await cli(a1.dataDir, 'tenant', 'create', '--name', domain, '--domain', domain);
      expect([domain, r.code]).toEqual([domain, 1]);
      expect(r.stderr).toContain('invalid_payload');
    }
  });
  it('answers 404 checkpoint_not_found before the first published head', () => {
    const r = beforeFirstHead.head;
    expect([r.status, r.body.error]).toEqual([404, 'checkpoint_not_found']);
    expect(beforeFirstHead.consistency.body.error).toBe('invalid_tree_size');
  });
});

describe('head publication with two witnesses and a TSA', () => {
  let first: { head: any; cp: any };

  it("puts a record's tenant checkpoint in a head cosigned by both witnesses and stamped by the TSA", async () => {
    first = await publishedCovering();
    const { head } = first;
    expect(head.origin).toBe(headOrigin);
    const body = bodyOf(head.checkpoint);
    expect(checkpointLines(body)).toEqual({
      origin: headOrigin,
      size: head.tree_size,
      root: Buffer.from(head.root_hash, 'hex'),
    });
    // The platform signature line first, then one cosignature line per witness.
    const lines = head.checkpoint.slice(body.length + 1, -1).split('\n');
    expect(lines.length).toBe(3);
    expect(lines[0].startsWith(`\u2014 ${headOrigin} `)).toBe(true);
    expect(noteOk(head.checkpoint, headOrigin, platformKey)).toBe(true);
    const t1 = cosignatureTimeOf(lines[1], body, w1.vkey);
    const t2 = cosignatureTimeOf(lines[2], body, a2Witness.vkey);
    expect([t1 !== null, t2 !== null]).toEqual([true, true]);
    expect(head.cosignatures).toEqual([
      { witness: w1.name, key_id: w1.vkey.split('+')[1], time: t1 },
      { witness: a2Witness.name, key_id: a2Witness.vkey.split('+')[1], time: t2 },
    ]);
    expect(w1.state(headOrigin)!.size).toBeGreaterThanOrEqual(head.tree_size);
    const listed = (await cli(a2.dataDir, 'witness', 'list')).json.logs.find(
      (l: { origin: string }) => l.origin === headOrigin,
    );
    expect(listed.size).toBeGreaterThanOrEqual(head.tree_size);
  });

  it('carries a token over SHA-256 of the head body that openssl ts -verify accepts', async () => {
    const { head } = first;
    const good = head.timestamps.filter((t: { tsa: string }) => t.tsa === tsa.url);
    expect(good.length).toBe(1);
    const token = Buffer.from(good[0].token, 'base64');
    const v = await opensslVerifyToken(tsa, token, Buffer.from(bodyOf(head.checkpoint)));
    expect([v.ok, v.output]).toEqual([true, 'Verification: OK\n']);
    expect(Date.parse(good[0].gen_time)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('proves the head leaf of the checkpoint with independent code, by origin and size and by leaf index', async () => {
    const { head, cp } = first;
    const leafData = `svc-head-leaf/v1\n${sha(cp.origin)}\n${cp.tree_size}\n${Buffer.from(cp.root_hash, 'hex').toString('base64')}\n`;
    const leaf = leafHashOf(Buffer.from(leafData));
    const q = `origin=${encodeURIComponent(cp.origin)}&size=${cp.tree_size}&tree_size=${head.tree_size}`;
    const byCp = (await call(a1, 'GET', `/v1/proof/head/inclusion?${q}`)).body;
    expect(byCp.leaf_hash).toBe(leaf.toString('hex'));
    expect(byCp.root_hash).toBe(head.root_hash);
    expect(
      inclusionOk(byCp.leaf_index, head.tree_size, leaf, hexes(byCp.audit_path), Buffer.from(head.root_hash, 'hex')),
    ).toBe(true);
    const byIndex = (
      await call(a1, 'GET', `/v1/proof/head/inclusion?leaf_index=${byCp.leaf_index}&tree_size=${head.tree_size}`)
    ).body;
    expect(byIndex).toEqual(byCp);
    const unknown = await call(
      a1,
      'GET',
      `/v1/proof/head/inclusion?origin=${encodeURIComponent(cp.origin)}&size=${cp.tree_size + 1000}`,
    );
    expect([unknown.status, unknown.body.error]).toEqual([404, 'leaf_not_found']);
    const beyond = await call(a1, 'GET', `/v1/proof/head/inclusion?leaf_index=0&tree_size=${head.tree_size + 1000}`);
    expect([beyond.status, beyond.body.error]).toEqual([400, 'invalid_tree_size']);
  });

  it('proves every published head consistent with a later one, and serves each published head by size', async () => {
    const later = await publishedCovering();
    const [m, n] = [first.head.tree_size, later.head.tree_size];
    expect(n).toBeGreaterThan(m);
    const c = (await call(a1, 'GET', `/v1/proof/head/consistency?first=${m}&second=${n}`)).body;
    expect([c.first_root, c.second_root]).toEqual([first.head.root_hash, later.head.root_hash]);
    expect(
      consistencyOk(
        m,
        n,
        hexes(c.consistency_path),
        Buffer.from(c.first_root, 'hex'),
        Buffer.from(c.second_root, 'hex'),
      ),
    ).toBe(true);
    expect((await call(a1, 'GET', `/v1/proof/head/checkpoint?tree_size=${m}`)).body).toEqual(first.head);
  });
});

describe('head tiles (C2SP tlog-tiles under /tlog/head)', () => {
  it('serve the latest published head, and hash tiles and entry bundles of its leaves without a key', async () => {
    const head = (await headNow()).body;
    const cp = await call(a1, 'GET', '/tlog/head/checkpoint');
    expect([cp.status, cp.text]).toEqual([200, head.checkpoint]);
    const n = head.tree_size;
    expect(n).toBeLessThan(256);
    const res = await fetch(`${a1.url}/tlog/head/tile/0/000.p/${n}`, {
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    const hashes = Buffer.from(await res.arrayBuffer());
    expect(hashes.length).toBe(32 * n);
    const bundle = Buffer.from(
      await (
        await fetch(`${a1.url}/tlog/head/tile/entries/000.p/${n}`, {
          tls: { rejectUnauthorized: false },
          headers: { 'accept-encoding': 'identity' },
        } as RequestInit)
      ).arrayBuffer(),
    );
    const leaves: Buffer[] = [];
    for (let o = 0; o < bundle.length; ) {
      const len = bundle.readUInt16BE(o);
      leaves.push(leafHashOf(bundle.subarray(o + 2, o + 2 + len)));
      o += 2 + len;
    }
    expect(Buffer.concat(leaves).equals(hashes)).toBe(true);
    // Each entry is a head leaf: svc-head-leaf/v1, a hashed origin (no tenant named), a size and a root.
    expect(bundle.toString()).toContain('svc-head-leaf/v1\n');
    const tenantOrigin = (await call(a1, 'GET', '/v1/log/checkpoint', { key: a1.apiKey })).body.origin;
    expect(bundle.toString()).toContain(`\n${sha(tenantOrigin)}\n`);
    expect(bundle.toString()).not.toContain(tenantOrigin);
    const { mth } = await import('./independent-tlog');
    expect(mth(leaves).toString('hex')).toBe(head.root_hash);
    const beyond = await call(a1, 'GET', `/tlog/head/tile/0/000.p/${n + 1}`);
    expect(beyond.status).toBe(404);
  });
});

describe('trusted time: bad TSA replies are never kept', () => {
  for (const mode of ['wrong_imprint', 'no_eku', 'other_ca'] as const) {
    it(`keeps the good token and drops a reply with ${mode.replace('_', ' ')}`, async () => {
      badTsa.mode = mode;
      const asked = badTsa.requests;
      const { head } = await publishedCovering();
      expect(badTsa.requests).toBeGreaterThan(asked);
      expect(head.timestamps.map((t: { tsa: string }) => t.tsa)).toEqual([tsa.url]);
      const reason = { wrong_imprint: 'imprint', no_eku: 'eku', other_ca: 'chain' }[mode];
      await until(
        () => a1.output().includes(`"source":"tsa ${badTsa.url}"`) && a1.output().includes(`(${reason})`),
        10_000,
      );
    }, 30_000);
  }
});

describe('a witness down', () => {
  it('delays publication while ingest goes on (201), and publishes once the witness is back', async () => {
    await a2.stop();
    const id = await ingest();
    const cp = await tenantCheckpointCovering(id);
    const q = `/v1/proof/head/inclusion?origin=${encodeURIComponent(cp.origin)}&size=${cp.tree_size}`;
    // The checkpoint is a head leaf (409 leaf_pending, not 404) and a head over it was tried and refused for want of the quorum.
    const pending = await until(async () => {
      const r = await call(a1, 'GET', q);
      return r.status === 409 && r;
    }, 20_000);
    expect([pending.body.error, Number(pending.headers.get('retry-after'))]).toEqual(['leaf_pending', 2]);
    await until(
      () => new RegExp(`"source":"witness ${esc(a2Witness.name)}[^"]*".*unreachable`).test(a1.output()),
      20_000,
    );
    const before = (await headNow()).body.tree_size;
    for (let i = 0; i < 3; i++) await ingest();
    expect((await headNow()).body.tree_size).toBe(before);
    // On its own port again: the policy names its URL.
    a2 = await a2.restart({ SVC_PORT: String(a2.port) });
    const inc = await until(async () => {
      const r = await call(a1, 'GET', q);
      return r.status === 200 && r.body;
    }, 30_000);
    expect(inc.tree_size).toBeGreaterThan(before);
    const head = (await headNow()).body;
    expect(head.cosignatures.map((c: { witness: string }) => c.witness)).toEqual([w1.name, a2Witness.name]);
  }, 60_000);
});

describe('fork', () => {
  it('a head log rewritten in LMDB after the witnesses cosigned is refused by them, and no head is published any more', async () => {
    await a1.stop();
    // An operator with file access rewrites the head log's first leaf and lets the appliance rebuild the tree over it.
    const env = open({ path: join(a1.dataDir, 'db'), maxDbs: 128 });
    const db = (name: string, binary = false) =>
      env.openDB({ name, keyEncoding: 'ordered-binary', ...(binary ? { encoding: 'binary' as const } : {}) });
    const num = db('tlog_log_ids').get(['', 'head']) as number;
    const runs = db('tlog_leaf_runs', true);
    const nodes = db('tlog_nodes', true);
    const cps = db('tlog_checkpoints');
    await env.transaction(() => {
      const run = Buffer.from(runs.get([num, 0]) as Buffer);
      run[2] = run[2]! ^ 0xff;
      runs.putSync([num, 0], run);
      for (const k of nodes.getKeys({ start: [num], end: [num + 1] })) nodes.removeSync(k);
      for (const k of cps.getKeys({ start: [num], end: [num + 1] })) cps.removeSync(k);
      db('tlog_integrated').putSync(num, 0);
    });
    await env.close();
    a1 = await a1.restart();
    const published = (await headNow()).body;
    const cosignedBefore = w1.state(headOrigin)!.size;
    const cp = await tenantCheckpointCovering(await ingest());
    const q = `/v1/proof/head/inclusion?origin=${encodeURIComponent(cp.origin)}&size=${cp.tree_size}`;
    // Both witnesses refuse the rewritten history: its consistency proof (422), or its root at the size they hold (409).
    const refused = (name: string) => new RegExp(`"source":"witness ${esc(name)}[^"]*","error":"HTTP (422|409)`);
    await until(() => refused(w1.name).test(a1.output()) && refused(a2Witness.name).test(a1.output()), 20_000);
    for (let i = 0; i < 2; i++) await ingest();
    const r = await call(a1, 'GET', q);
    expect([r.status, r.body.error]).toEqual([409, 'leaf_pending']);
    expect((await headNow()).body).toEqual(published);
    expect(w1.state(headOrigin)!.size).toBe(cosignedBefore);
  }, 60_000);
});
