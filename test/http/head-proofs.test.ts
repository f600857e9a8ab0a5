// Record proofs carry the head (docs/verification.md#15-the-head-step-head-leaf-cosignatures-time-stamp-tokens): from head pending to complete with two witnesses and a real openssl TSA, never changing again; `svc verify --policy --tsa-ca` and the proof page accept it, each broken link exits 1 naming it, and a forked head log fails.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { open } from 'lmdb';
import {
  call,
  cleanupDirs,
  cli,
  launchChromium,
  newTenant,
  ownedDir,
  sha,
  startServer,
  until,
  type Server,
} from '../helpers';
import { opensslVerifyToken, startTsa, type Tsa } from '../tsa-server';
import { startIndependentWitness, vkeyFor } from './independent-witness';
import { inclusionOk, leafHashOf, noteOk } from './independent-tlog';

const C = { SVC_CHECKPOINT_SECONDS: '1', SVC_HEAD_SECONDS: '1', SVC_PUBLIC_RPS: '100000' };
let a1: Server;
let a2: Server;
let w1: ReturnType<typeof startIndependentWitness>;
let tsa: Tsa;
let otherTsa: Tsa;
let dir: string;
let platform: { public_key: string; note_verifier_key: string };
let a2Witness = { name: '', vkey: '' };
let policyFile = '';

const bodyOf = (note: string) => note.slice(0, note.indexOf('\n\n') + 1);
const proofOf = (id: string) => call(a1, 'GET', `/v1/proof/event/${id}`);
async function ingest(): Promise<string> {
  const r = await call(a1, 'POST', '/v1/events', {
    key: a1.apiKey,
    body: { event_type: 'head.proof', payload: { at: Date.now() } },
  });
  expect(r.status).toBe(201);
  return r.body.event_id;
}
/** Polls the proof until its head is complete; returns the reply (text kept for byte comparisons). */
const complete = (id: string) =>
  until(
    async () => {
      const r = await proofOf(id);
      return r.status === 200 && r.body.log?.head?.checkpoint && r;
    },
    30_000,
    20,
  );

let n = 0;
/** Writes `value` (a proof, a policy, a PEM) to a file of the test's data dir and returns its path. */
function file(value: unknown, ext = 'json'): string {
  const path = join(dir, `f${++n}.${ext}`);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}
const policy = (extra: string[] = [], quorum = 'both') =>
  [
    `log ${platform.note_verifier_key}`,
    `witness ${w1.name} ${w1.vkey}`,
    `witness ${a2Witness.name} ${a2Witness.vkey}`,
    `group both all ${w1.name} ${a2Witness.name}`,
    ...extra,
    `quorum ${quorum}`,
    '',
  ].join('\n');
const verify = (proofFile: string, ...flags: string[]) => cli(dir, 'verify', proofFile, ...flags);

beforeAll(async () => {
  w1 = startIndependentWitness('witness.test/independent');
  [tsa, otherTsa] = await Promise.all([startTsa(), startTsa('other_ca')]);
  a2 = await startServer({ dataDir: ownedDir() });
  a2Witness = (await call(a2, 'GET', '/.well-known/svc-witness-key')).body;
  dir = ownedDir();
  // The appliance's own policy: both witnesses must cosign (it has no `log` line; the verifier's policy adds one).
  const applianceDir = ownedDir();
  const appliancePolicy = join(applianceDir, 'policy.txt');
  writeFileSync(
    appliancePolicy,
    [
      `witness ${w1.name} ${w1.vkey} ${w1.url}`,
      `witness ${a2Witness.name} ${a2Witness.vkey} ${a2.url}/witness`,
      `group both all ${w1.name} ${a2Witness.name}`,
      'quorum both',
      '',
    ].join('\n'),
  );
  a1 = await startServer({
    dataDir: applianceDir,
    env: {
      ...C,
      SVC_WITNESS_POLICY_FILE: appliancePolicy,
      SVC_WITNESS_CA_FILE: join(a2.dataDir, 'tls', 'cert.pem'),
      SVC_TSA_URLS: tsa.url,
      SVC_TSA_CA_FILE: tsa.caFile,
    },
  });
  platform = (await call(a1, 'GET', '/.well-known/svc-platform-key')).body;
  const headOrigin = platform.note_verifier_key.split('+')[0]!;
  w1.addLog(headOrigin, platform.note_verifier_key);
  const added = await cli(
    a2.dataDir,
    'witness',
    'add-log',
    '--origin',
    headOrigin,
    '--vkey',
    platform.note_verifier_key,
  );
  expect([added.code, added.stderr]).toEqual([0, '']);
  policyFile = file(policy(), 'policy');
}, 60_000);
afterAll(async () => {
  await Promise.all([a1?.stop(), a2?.stop()]);
  w1?.stop();
  tsa?.stop();
  otherTsa?.stop();
  cleanupDirs();
});

describe('GET /v1/proof/event/{id}: log.head', () => {
  let first: { id: string; text: string; body: any };

  it('is {status: "pending"} once a checkpoint covers the record, then the complete head evidence', async () => {
    const id = await ingest();
    // Polled often: the head comes at least one integrator pass after the tenant checkpoint, plus witnesses and TSA.
    const pending = await until(
      async () => {
        const r = await proofOf(id);
        return r.status === 200 && r.body.log?.tree_size !== undefined && r.body;
      },
      20_000,
      10,
    );
    expect(pending.log.head).toEqual({ status: 'pending' });
    const r = await complete(id);
    const { log } = r.body;
    expect(Object.keys(log)).toEqual([
      'leaf_index',
      'tree_size',
      'leaf_hash',
      'audit_path',
      'root_hash',
      'checkpoint',
      'head',
    ]);
    expect(Object.keys(log.head)).toEqual([
      'leaf_index',
      'tree_size',
      'leaf_hash',
      'audit_path',
      'root_hash',
      'checkpoint',
      'note_verifier_key',
      'timestamps',
    ]);
    // Independent code: the head leaf of the log checkpoint, its inclusion in the head, the head note's platform signature.
    const cpBody = bodyOf(log.checkpoint).split('\n');
    const leafData = `svc-head-leaf/v1\n${sha(cpBody[0]!)}\n${cpBody[1]}\n${cpBody[2]}\n`;
    const leaf = leafHashOf(Buffer.from(leafData));
    expect(log.head.leaf_hash).toBe(leaf.toString('hex'));
    expect(
      inclusionOk(
        log.head.leaf_index,
        log.head.tree_size,
        leaf,
        log.head.audit_path.map((h: string) => Buffer.from(h, 'hex')),
        Buffer.from(log.head.root_hash, 'hex'),
      ),
    ).toBe(true);
    const headOrigin = platform.note_verifier_key.split('+')[0]!;
    expect(noteOk(log.head.checkpoint, headOrigin, Buffer.from(platform.public_key, 'base64url'))).toBe(true);
    expect(bodyOf(log.head.checkpoint)).toBe(
      `${headOrigin}\n${log.head.tree_size}\n${Buffer.from(log.head.root_hash, 'hex').toString('base64')}\n`,
    );
    // Two cosignature lines after the platform's, and a token over the head body that openssl ts -verify accepts.
    expect(
      log.head.checkpoint
        .slice(bodyOf(log.head.checkpoint).length + 1, -1)
        .split('\n')
        .map((l: string) => l.split(' ')[1]),
    ).toEqual([headOrigin, w1.name, a2Witness.name]);
    expect(log.head.timestamps.map((t: { tsa: string }) => t.tsa)).toEqual([tsa.url]);
    const v = await opensslVerifyToken(
      tsa,
      Buffer.from(log.head.timestamps[0].token, 'base64'),
      Buffer.from(bodyOf(log.head.checkpoint)),
    );
    expect([v.ok, v.output]).toEqual([true, 'Verification: OK\n']);
    // The log block is built on the smallest checkpoint in that head: the one the head leaf commits to.
    expect(log.tree_size).toBe(Number(cpBody[1]));
    first = { id, text: r.text, body: r.body };
  }, 40_000);

  it('never changes once complete: byte-identical across later checkpoints and heads', async () => {
    const id2 = await ingest();
    const later = (await complete(id2)).body.log;
    expect(later.tree_size).toBeGreaterThan(first.body.log.tree_size);
    expect(later.head.tree_size).toBeGreaterThan(first.body.log.head.tree_size);
    expect((await proofOf(first.id)).text).toBe(first.text);
  }, 40_000);
});

describe('svc verify FILE --policy P --tsa-ca PEM', () => {
  let proof: any;
  let good: string;

  beforeAll(async () => {
    // A record whose head has earlier head leaves, so that its head audit path is not empty.
    await complete(await ingest());
    proof = (await complete(await ingest())).body;
    expect(proof.log.head.audit_path.length).toBeGreaterThan(0);
    good = file(proof);
  }, 60_000);

  it('exits 0 with existed_no_later_than and witnessed_by under the verifier policy and TSA roots', async () => {
    const r = await verify(good, '--policy', policyFile, '--tsa-ca', tsa.caFile);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.json.valid).toBe(true);
    expect(r.json.trust).toBe('policy');
    expect(r.json.existed_no_later_than).toBe(proof.log.head.timestamps[0].gen_time);
    expect(Math.abs(Date.parse(r.json.existed_no_later_than) - Date.now())).toBeLessThan(120_000);
    expect(r.json.witnessed_by).toEqual([w1.name, a2Witness.name]);
    const checks = r.json.checks.map((c: { name: string; ok: boolean }) => `${c.name}:${c.ok}`);
    expect(checks).toEqual(
      expect.arrayContaining([
        'record.head.leaf:true',
        'record.head.inclusion:true',
        'record.head.key:true',
        'record.head.signature:true',
        `record.head.cosignature[${w1.name}]:true`,
        'record.head.quorum:true',
        'record.head.timestamp[0]:true',
        'record.head.time:true',
      ]),
    );
    const text = await verifyText(good, '--policy', policyFile, '--tsa-ca', tsa.caFile);
    expect(text).toMatch(
      /existed no later than \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC according to Test TSA, cosigned by witness\.test\/independent, /,
    );
  }, 30_000);

  it('without outside trust checks the head against the key in the file and says that no time was checked', async () => {
    const r = await verify(good);
    expect([r.code, r.json.valid, r.json.trust, r.json.witnessed_by, r.json.existed_no_later_than]).toEqual([
      0,
      true,
      'file',
      [],
      null,
    ]);
    const named = (n: string) => r.json.checks.find((c: { name: string }) => c.name === n);
    expect(named('record.head.key').detail).toMatch(/note_verifier_key of the file \(no outside trust/);
    expect(named('record.head.signature')).toMatchObject({ ok: true });
    expect(named('record.head.cosignatures')).toMatchObject({ skipped: true });
    expect(named('record.head.time')).toMatchObject({
      skipped: true,
      detail: expect.stringMatching(/^not checked: no TSA roots/),
    });
    const text = await verifyText(good);
    expect(text).toMatch(/No outside trust was applied/);
    expect(text).toMatch(/its time was not checked \(no TSA roots given\)/);
    // A flipped bit in the head signature is refused without outside trust too.
    const bad = await verify(
      file({
        ...proof,
        log: { ...proof.log, head: { ...proof.log.head, checkpoint: brokenLine(proof.log.head.checkpoint, 0) } },
      }),
    );
    expect([bad.code, bad.stderr]).toEqual([
      1,
      expect.stringMatching(/^error: NOT VERIFIED: record\.head\.signature: /),
    ]);
    // The platform key file is the head's key: trust keys.
    const withKey = await verify(good, '--platform-key', file(platform));
    expect([withKey.json.valid, withKey.json.trust]).toEqual([true, 'keys']);
  }, 30_000);

  it("passes the OpenSSL commands of docs/verification.md's head example on its token", async () => {
    const doc = readFileSync(join(import.meta.dir, '../../docs/verification.md'), 'utf8');
    const commands =
      /## 16\.[\s\S]*?as\n`token\.b64` and your TSA roots as `tsa-roots\.pem`:\n\n```\n([\s\S]*?)```/.exec(doc)![1]!;
    const work = ownedDir();
    writeFileSync(join(work, 'head-note.txt'), proof.log.head.checkpoint);
    writeFileSync(join(work, 'token.b64'), `${proof.log.head.timestamps[0].token}\n`);
    writeFileSync(join(work, 'tsa-roots.pem'), tsa.caPem);
    const p = Bun.spawn(['bash', '-euo', 'pipefail', '-c', commands], { cwd: work, stdout: 'pipe', stderr: 'pipe' });
    const [out, err] = [await new Response(p.stdout).text(), await new Response(p.stderr).text()];
    expect([await p.exited, err.replace(/^Using configuration from .*\n/gm, '')]).toEqual([0, '']);
    expect(out).toContain('Verification: OK');
    expect(out).toMatch(/Time stamp: /);
    expect(readFileSync(join(work, 'head.txt'), 'utf8')).toBe(bodyOf(proof.log.head.checkpoint));
  }, 30_000);

  const flip = (b64: string, at: number) => {
    const raw = Buffer.from(b64, 'base64');
    raw[at] = raw[at]! ^ 1;
    return raw.toString('base64');
  };
  /** The head note with signature line `i` (0: the platform's) changed in one byte of its signature. */
  const brokenLine = (note: string, i: number) => {
    const body = bodyOf(note);
    const lines = note.slice(body.length + 1, -1).split('\n');
    const [dash, name, sig] = lines[i]!.split(' ') as [string, string, string];
    lines[i] = `${dash} ${name} ${flip(sig, 40)}`;
    return `${body}\n${lines.join('\n')}\n`;
  };
  const withHead = (head: Record<string, unknown>) => ({
    ...proof,
    log: { ...proof.log, head: { ...proof.log.head, ...head } },
  });

  const cases: Array<[string, () => Promise<[unknown, string[]]>, RegExp]> = [
    [
      'a changed head leaf hash',
      async () => [withHead({ leaf_hash: sha('other leaf') }), []],
      /record\.head\.leaf: the head leaf of the log's checkpoint hashes to/,
    ],
    [
      'a changed head inclusion path',
      async () => [withHead({ audit_path: [sha('x'), ...proof.log.head.audit_path.slice(1)] }), []],
      /record\.head\.inclusion: the audit path does not lead/,
    ],
    [
      'a head note signature that does not verify',
      async () => [withHead({ checkpoint: brokenLine(proof.log.head.checkpoint, 0) }), []],
      /record\.head\.signature: the head note is not signed by that key/,
    ],
    [
      'a cosignature that does not verify',
      async () => [withHead({ checkpoint: brokenLine(proof.log.head.checkpoint, 1) }), []],
      /record\.head\.cosignature\[witness\.test\/independent\]: the cosignature line of witness witness\.test\/independent/,
    ],
    [
      'a quorum unmet under a stricter policy',
      async () => {
        const { publicKey } = generateKeyPairSync('ed25519');
        const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
        const w3 = vkeyFor('witness.test/third', 0x04, raw);
        return [
          proof,
          [
            '--policy',
            file(
              policy(
                [`witness witness.test/third ${w3}`, `group three all ${w1.name} ${a2Witness.name} witness.test/third`],
                'three',
              ),
              'policy',
            ),
          ],
        ];
      },
      /record\.head\.quorum: not met: the policy requires all of/,
    ],
    [
      'a token from another CA',
      async () => [withHead({ timestamps: [await foreignToken(bodyOf(proof.log.head.checkpoint))] }), []],
      /record\.head\.time: no timestamp token verifies to a trusted TSA root/,
    ],
    [
      'a wrong TSA root',
      async () => [proof, ['--tsa-ca', file(tsa.otherCaPem, 'pem')]],
      /record\.head\.time: no timestamp token verifies to a trusted TSA root/,
    ],
  ];
  for (const [what, make, named] of cases) {
    it(`exits 1 naming the broken link: ${what}`, async () => {
      const [doc, flags] = await make();
      // A case's own --policy or --tsa-ca replaces the good one (a flag is given once).
      const trust = { '--policy': policyFile, '--tsa-ca': tsa.caFile } as Record<string, string>;
      for (let i = 0; i < flags.length; i += 2) trust[flags[i]!] = flags[i + 1]!;
      const r = await verify(file(doc), ...Object.entries(trust).flat());
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n').filter(Boolean).length).toBe(1);
      expect(r.stderr).toMatch(named);
    }, 30_000);
  }
});

/** `svc verify` in its text form (no --json), as a reader sees it. */
async function verifyText(proofFile: string, ...flags: string[]): Promise<string> {
  const p = Bun.spawn(['bun', 'src/cli/index.ts', '--data-dir', dir, 'verify', proofFile, ...flags], {
    cwd: join(import.meta.dir, '..', '..'),
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, SVC_LOG_LEVEL: 'warn' },
  });
  const out = await new Response(p.stdout).text();
  await p.exited;
  return out;
}

/** A token over `body` from the TSA that chains to the other CA, asked for with openssl ts -query. */
async function foreignToken(body: string): Promise<{ token: string; gen_time: string; tsa: string }> {
  const data = file(body, 'txt');
  const run = async (...args: string[]) => {
    const p = Bun.spawn(['openssl', ...args], { stdout: 'pipe', stderr: 'pipe' });
    const out = Buffer.from(await new Response(p.stdout).arrayBuffer());
    if ((await p.exited) !== 0) throw new Error(await new Response(p.stderr).text());
    return out;
  };
  const query = await run('ts', '-query', '-data', data, '-sha256', '-cert');
  const reply = Buffer.from(
    await (
      await fetch(otherTsa.url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: query,
      })
    ).arrayBuffer(),
  );
  const replyFile = file('', 'tsr');
  writeFileSync(replyFile, reply);
  const token = await run('ts', '-reply', '-in', replyFile, '-token_out');
  const text = (await run('ts', '-reply', '-in', replyFile, '-text')).toString();
  const m = /Time stamp: (.+)/.exec(text)!;
  return {
    token: token.toString('base64'),
    gen_time: new Date(m[1]!).toISOString().replace('.000Z', 'Z'),
    tsa: otherTsa.url,
  };
}

describe('the proof page', () => {
  it('shows the head step checked in the browser, claims no time until the visitor gives TSA roots, then says when', async () => {
    const id = await ingest();
    await complete(id);
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
      await page.goto(`${a1.url}/proof/event/${id}`);
      await page.locator('#head-status').waitFor();
      expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
      expect(await page.locator('#head-status').getAttribute('data-head')).toBe('checked');
      expect(await page.locator('#head-status').textContent()).toMatch(
        /^The record is in a published head; its time was not checked \(no TSA roots given\), cosigned by witness\.test\/independent, .*as the head note names them/,
      );
      const lines = await page
        .locator('.card:has(#head-status) li')
        .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-check')}=${e.getAttribute('data-ok')}`));
      expect(lines).toEqual(
        expect.arrayContaining([
          "Head leaf is the hash of the log's checkpoint=true",
          'Head signed by the head key (C2SP signed note)=true',
          'RFC 3161 time-stamp token over the head [0]=true',
        ]),
      );
      expect(lines.filter((l) => l.endsWith('=false'))).toEqual([]);
      expect(await page.locator('.card:has(#head-status)').textContent()).toContain(
        'Checked against the platform key given.',
      );
      // The visitor's own TSA roots: the page checks the tokens against them, and only now says when.
      await page.locator('#tsa-roots-field summary').click();
      await page.locator('#tsa-roots').fill(tsa.caPem);
      await Promise.all([page.waitForEvent('load'), page.locator('#tsa-roots-apply').click()]);
      await page.locator('#head-status').waitFor();
      expect(await page.locator('#head-status').textContent()).toMatch(
        /^The record existed no later than \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC according to Test TSA, cosigned by witness\.test\/independent, /,
      );
      expect(await page.locator('#tsa-roots-state').textContent()).toContain('checked against these roots');
      expect(await page.locator('#verdict').getAttribute('data-valid')).toBe('true');
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('every document kind carries and verifies its head', () => {
  it('an audit event (GET /v1/audit/events/{id}) under the verifier policy and TSA roots', async () => {
    const t = await newTenant(a1.dataDir, 'audit.head.test');
    expect((await call(a1, 'POST', '/v1/audit/orgs', { key: t.key, body: { organization_id: 'org-h' } })).status).toBe(
      201,
    );
    const e = await call(a1, 'POST', '/v1/audit/events', {
      key: t.key,
      body: { organization_id: 'org-h', action: 'user.login', actor: { type: 'user', id: 'u1' } },
      headers: { 'idempotency-key': 'head-1' },
    });
    expect(e.status).toBe(201);
    const ev = await until(
      async () => {
        const r = await call(a1, 'GET', `/v1/audit/events/${e.body.event_id}`, { key: t.key });
        return r.status === 200 && r.body.log?.head?.checkpoint && r.body;
      },
      30_000,
      50,
    );
    const r = await verify(file(ev), '--policy', policyFile, '--tsa-ca', tsa.caFile);
    expect([r.code, r.json.kind, r.json.witnessed_by]).toEqual([0, 'audit_event', [w1.name, a2Witness.name]]);
    expect(r.json.existed_no_later_than).toBe(ev.log.head.timestamps[0].gen_time);
  }, 60_000);

  it('a trace bundle: every item and the seal, and the PDF prints the evidence in words', async () => {
    const t = await newTenant(a1.dataDir, 'trace.head.test', 'read,write', 'enterprise');
    const post = (path: string, body: unknown) => call(a1, 'POST', path, { key: t.key, body });
    const traceId = (await post('/v1/traces', { label: 'Claim 7' })).body.trace_id;
    for (let i = 0; i < 3; i++)
      expect((await post('/v1/events', { event_type: 'claim.step', payload: { i }, trace_id: traceId })).status).toBe(
        201,
      );
    expect((await post(`/v1/traces/${traceId}/seal`, undefined)).status).toBe(202);
    const bundle = await until(
      async () => {
        const b = (await call(a1, 'GET', `/v1/traces/${traceId}/proof`, { key: t.key })).body;
        return b.seal?.log?.head?.checkpoint && b.items.every((i: any) => i.log?.head?.checkpoint) && b;
      },
      30_000,
      50,
    );
    const r = await verify(file(bundle), '--policy', policyFile, '--tsa-ca', tsa.caFile);
    expect([r.code, r.json.kind, r.json.witnessed_by]).toEqual([0, 'trace_bundle', [w1.name, a2Witness.name]]);
    expect(
      r.json.checks.filter((c: { name: string; ok: boolean }) => c.name.endsWith('.head.quorum') && c.ok),
    ).toHaveLength(4);
    const res = await fetch(`${a1.url}/v1/traces/${traceId}/proof.pdf`, {
      headers: { authorization: `Bearer ${t.key}` },
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(res.status).toBe(200);
    const pdf = file('', 'pdf');
    writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
    if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, Buffer.from(await Bun.file(pdf).arrayBuffer()));
    const p = Bun.spawn(['pdftotext', pdf, '-'], { stdout: 'pipe' });
    const text = (await new Response(p.stdout).text()).replace(/\s+/g, ' ');
    const when = bundle.seal.log.head.timestamps[0].gen_time.slice(0, 19).replace('T', ' ');
    expect(text).toContain(
      `existed no later than ${when} UTC according to Test TSA, cosigned by ${w1.name}, ${a2Witness.name}.`,
    );
    expect(text).toContain(`Head size ${bundle.seal.log.head.tree_size}`);
    expect(text.replace(/ /g, '')).toContain(bundle.seal.log.head.root_hash);
    expect(text).toContain("VALID when this PDF was made, against the appliance's witness policy and TSA roots");
  }, 60_000);
});

describe('fork', () => {
  it('a head log rewritten in LMDB after the witnesses cosigned makes svc verify --policy fail on the rewritten proof', async () => {
    const id = await ingest();
    const before = await complete(id);
    await a1.stop();
    const env = open({ path: join(a1.dataDir, 'db'), maxDbs: 128 });
    const db = (name: string, binary = false) =>
      env.openDB({ name, keyEncoding: 'ordered-binary', ...(binary ? { encoding: 'binary' as const } : {}) });
    const num = db('tlog_log_ids').get(['', 'head']) as number;
    const runs = db('tlog_leaf_runs', true);
    const nodes = db('tlog_nodes', true);
    await env.transaction(() => {
      const run = Buffer.from(runs.get([num, 0]) as Buffer);
      run[2] = run[2]! ^ 0xff;
      runs.putSync([num, 0], run);
      for (const k of nodes.getKeys({ start: [num], end: [num + 1] })) nodes.removeSync(k);
      db('tlog_integrated').putSync(num, 0);
    });
    await env.close();
    a1 = await a1.restart();
    const rewritten = await until(async () => {
      const r = await proofOf(id);
      return r.status === 200 && r.text !== before.text && r.body;
    }, 20_000);
    // Still cosigned by both witnesses, but over the history they saw: the rewritten tree does not lead to it.
    expect(rewritten.log.head.checkpoint).toBe(before.body.log.head.checkpoint);
    const r = await verify(file(rewritten), '--policy', policyFile, '--tsa-ca', tsa.caFile);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/record\.head\.(leaf|inclusion|checkpoint)/);
    expect((await verify(file(before.body), '--policy', policyFile, '--tsa-ca', tsa.caFile)).code).toBe(0);
  }, 60_000);
});
