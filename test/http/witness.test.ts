// The appliance as a C2SP tlog-witness (docs/operations.md#the-appliance-as-a-witness): its key, `svc witness`, every add-checkpoint answer, state across restarts, races, and the push client.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, cleanup, cli, startServer, tempDir, type Server } from '../helpers';
import {
  addCheckpointBody,
  cosignatureTimeOf,
  keyIdFor,
  vkeyParts,
  startIndependentWitness,
  testLog,
  type TestLog,
} from './independent-witness';
import { pushCheckpoint } from '../../src/witness/client';
import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';

const dir = tempDir();
const ENV = { SVC_PUBLIC_RPS: '100000' };
let s: Server;
let vkey = '';

const post = (body: string, headers: Record<string, string> = { 'content-type': 'text/plain' }) =>
  call(s, 'POST', '/witness/add-checkpoint', { raw: body, headers });
const push = (log: TestLog, old: number, size = log.leaves.length, opts: Parameters<TestLog['note']>[1] = {}) =>
  post(addCheckpointBody(old, log.proof(old, size), log.note(size, opts)));

async function newLog(name: string): Promise<TestLog> {
  const log = testLog(`log.test/${name}`);
  const r = await cli(dir, 'witness', 'add-log', '--origin', log.origin, '--vkey', log.vkey);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return log;
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: ENV });
  vkey = (await call(s, 'GET', '/.well-known/svc-witness-key')).body.vkey;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('GET /.well-known/svc-witness-key', () => {
  it('publishes the name <public host>/witness and a type 0x04 vkey whose key id is SHA-256(name || 0x0A || 0x04 || key)[:4]', async () => {
    const r = await call(s, 'GET', '/.well-known/svc-witness-key');
    expect(r.status).toBe(200);
    expect(r.body.name).toBe(`localhost:${s.port}/witness`);
    const { name, id, raw } = vkeyParts(r.body.vkey);
    expect([name, raw.length, raw[0]]).toEqual([r.body.name, 33, 0x04]);
    expect(id).toBe(keyIdFor(name, 0x04, raw.subarray(1)).toString('hex'));
    expect(r.body.key_id).toBe(id);
  });
});

describe('svc witness', () => {
  it('add-log refuses a malformed vkey, a key id that does not match, and a duplicate origin (exit 1)', async () => {
    const log = testLog('log.test/cli');
    const bad = await cli(
      dir,
      'witness',
      'add-log',
      '--origin',
      log.origin,
      '--vkey',
      log.vkey.replace(/\+[0-9a-f]{8}\+/, '+00000000+'),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('vkey');
    expect((await cli(dir, 'witness', 'add-log', '--origin', log.origin, '--vkey', 'not-a-vkey')).code).toBe(1);
    expect((await cli(dir, 'witness', 'add-log', '--origin', log.origin, '--vkey', log.vkey)).code).toBe(0);
    const dup = await cli(dir, 'witness', 'add-log', '--origin', log.origin, '--vkey', log.vkey);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('already witnessed');
  });
  it('list --json shows the witness key and each log with its last cosigned size', async () => {
    const log = await newLog('listed');
    log.append(3);
    expect((await push(log, 0)).status).toBe(200);
    const r = await cli(dir, 'witness', 'list');
    expect(r.code).toBe(0);
    expect(r.json.witness.vkey).toBe(vkey);
    const row = r.json.logs.find((l: { origin: string }) => l.origin === log.origin);
    expect(row).toEqual(expect.objectContaining({ origin: log.origin, vkey: log.vkey, size: 3 }));
    expect(row.root_hash).toBe(Buffer.from(log.body().split('\n')[2]!, 'base64').toString('hex'));
  });
});

describe('POST /witness/add-checkpoint', () => {
  it('cosigns a first checkpoint (old 0): 200 with one cosignature line that verifies against the published vkey', async () => {
    const log = await newLog('first');
    log.append(5);
    const r = await push(log, 0);
    expect(r.status).toBe(200);
    expect(r.text.endsWith('\n')).toBe(true);
    const lines = r.text.split('\n').filter(Boolean);
    expect(lines.length).toBe(1);
    const time = cosignatureTimeOf(lines[0]!, log.body(), vkey);
    expect(time).not.toBeNull();
    expect(Math.abs(time! - Date.now() / 1000)).toBeLessThan(60);
    // Not a signature over anything else: the same line does not verify for another body.
    expect(cosignatureTimeOf(lines[0]!, log.body(4), vkey)).toBeNull();
  });

  it('takes the body whatever its Content-Type', async () => {
    const log = await newLog('content-type');
    log.append(2);
    expect(
      (await post(addCheckpointBody(0, [], log.note()), { 'content-type': 'application/octet-stream' })).status,
    ).toBe(200);
  });

  it('answers 404 for a log it does not follow', async () => {
    const log = testLog('log.test/unknown');
    log.append(1);
    expect((await push(log, 0)).status).toBe(404);
  });

  it('answers 403 when no signature is by the log key (signatures of unknown keys are ignored)', async () => {
    const log = await newLog('forged');
    log.append(2);
    const other = generateKeyPairSync('ed25519').privateKey;
    expect((await push(log, 0, 2, { key: other })).status).toBe(403);
    // A valid note with an extra line by an unknown key is accepted.
    const extra = `${log.note()}\u2014 someone.else/key ${Buffer.alloc(68, 7).toString('base64')}\n`;
    expect((await post(addCheckpointBody(0, [], extra))).status).toBe(200);
  });

  it('answers 400 for malformed requests and for an old size above the checkpoint size', async () => {
    const log = await newLog('malformed');
    log.append(4);
    const note = log.note();
    for (const body of [
      note, // no old line
      `old 01\n\n${note}`,
      `old -1\n\n${note}`,
      `old 0\nnot base64!\n\n${note}`,
      `old 0\n${Buffer.alloc(31).toString('base64')}\n\n${note}`,
      `old 0\n${`${Buffer.alloc(32).toString('base64')}\n`.repeat(64)}\n${note}`,
      `old 0\n\n${log.origin}\nfour\nAAAA\n\n\u2014 x AAAA\n`,
    ]) {
      expect([body.slice(0, 12), (await post(body)).status]).toEqual([body.slice(0, 12), 400]);
    }
    expect((await post('')).status).toBe(400);
    expect((await push(log, 0)).status).toBe(200);
    log.append(1);
    expect((await post(addCheckpointBody(6, [], log.note()))).status).toBe(400);
  });

  it('answers 409 with the last cosigned size as text/x.tlog.size when the old size is not it', async () => {
    const log = await newLog('conflict');
    log.append(7);
    expect((await push(log, 0)).status).toBe(200);
    log.append(3);
    const r = await push(log, 0);
    expect(r.status).toBe(409);
    expect(r.headers.get('content-type')).toBe('text/x.tlog.size');
    expect(r.text).toBe('7\n');
    const wrong = await post(addCheckpointBody(5, log.proof(5), log.note()));
    expect([wrong.status, wrong.text]).toEqual([409, '7\n']);
    expect((await push(log, 7)).status).toBe(200);
  });

  it('answers 409 for the same size with another root (a fork), and 200 for the same checkpoint again', async () => {
    const log = await newLog('fork');
    log.append(4);
    expect((await push(log, 0)).status).toBe(200);
    const forked = await post(addCheckpointBody(4, [], log.note(4, { root: Buffer.alloc(32, 1) })));
    expect([forked.status, forked.text]).toEqual([409, '4\n']);
    const again = await push(log, 4);
    expect(again.status).toBe(200);
    expect(cosignatureTimeOf(again.text, log.body(), vkey)).not.toBeNull();
  });

  it('answers 422 for a consistency proof that does not verify, and keeps the old state', async () => {
    const log = await newLog('bad-proof');
    log.append(6);
    expect((await push(log, 0)).status).toBe(200);
    log.append(5);
    const proof = log.proof(6);
    proof[0] = Buffer.alloc(32, 9);
    expect((await post(addCheckpointBody(6, proof, log.note()))).status).toBe(422);
    expect((await post(addCheckpointBody(6, [], log.note()))).status).toBe(422);
    // From size 0 the proof must be empty.
    const fresh = await newLog('bad-proof-zero');
    fresh.append(3);
    expect((await post(addCheckpointBody(0, [Buffer.alloc(32)], fresh.note()))).status).toBe(422);
    const ok = await push(log, 6);
    expect(ok.status).toBe(200);
  });

  it('lets exactly one of concurrent requests with the same old size advance the state', async () => {
    const log = await newLog('race');
    log.append(10);
    expect((await push(log, 0, 2)).status).toBe(200);
    const answers = await Promise.all([3, 4, 5, 6, 7, 8, 9, 10].map((size) => push(log, 2, size)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 200).length).toBe(1);
    expect(statuses.filter((x) => x === 409).length).toBe(7);
    const won = [3, 4, 5, 6, 7, 8, 9, 10][statuses.indexOf(200)]!;
    for (const a of answers) if (a.status === 409) expect(a.text).toBe(`${won}\n`);
    const list = await cli(dir, 'witness', 'list');
    expect(list.json.logs.find((l: { origin: string }) => l.origin === log.origin).size).toBe(won);
  });

  it('answers hostile bodies with a protocol status, never a 5xx', async () => {
    const log = await newLog('hostile');
    log.append(3);
    const note = log.note();
    const line = fc.oneof(
      fc.constant('old 0'),
      fc.constant('old 3'),
      fc.constant(''),
      fc.constant(Buffer.alloc(32).toString('base64')),
      fc.string(),
      fc.constant(log.origin),
      fc.constant('\u2014 x AAAA'),
    );
    const body = fc.oneof(
      fc.array(line, { maxLength: 8 }).map((ls) => ls.join('\n')),
      fc
        .tuple(fc.array(line, { maxLength: 4 }), fc.nat({ max: note.length }))
        .map(([ls, cut]) => `${ls.join('\n')}\n\n${note.slice(0, cut)}${note.slice(cut + 1)}`),
      fc.string({ unit: 'binary' }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await post(b);
        return [200, 400, 403, 404, 409, 422].includes(r.status);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the cosigned state across a restart', async () => {
    const log = await newLog('restart');
    log.append(9);
    expect((await push(log, 0)).status).toBe(200);
    s = await s.restart();
    const r = await push(log, 0);
    expect([r.status, r.text]).toEqual([409, '9\n']);
    // The key survives too: the same vkey, and its cosignatures still verify.
    expect((await call(s, 'GET', '/.well-known/svc-witness-key')).body.vkey).toBe(vkey);
    log.append(1);
    const next = await push(log, 9);
    expect(cosignatureTimeOf(next.text, log.body(), vkey)).not.toBeNull();
  });
});

describe('rate limit', () => {
  it('charges both witness routes per client IP like the other public routes (429 past SVC_PUBLIC_RPS)', async () => {
    s = await s.restart({ SVC_PUBLIC_RPS: '3' });
    try {
      const key = await Promise.all(Array.from({ length: 8 }, () => call(s, 'GET', '/.well-known/svc-witness-key')));
      expect(key.map((r) => r.status)).toContain(429);
      const adds = await Promise.all(Array.from({ length: 8 }, () => post('old 0\n\nx\n')));
      expect(adds.map((r) => r.status)).toContain(429);
    } finally {
      s = await s.restart(ENV);
    }
  });
});

describe('pushCheckpoint (the log side of the protocol)', () => {
  const options = (log: TestLog, url: string, witnessVkey: string, oldSize: number) => ({
    url,
    vkey: witnessVkey,
    note: log.note(),
    oldSize,
    proof: (from: number, to: number) => log.proof(from, to),
  });

  it('gets a verified cosignature from the independent witness, resyncing the old size on 409', async () => {
    const w = startIndependentWitness();
    try {
      const log = testLog('log.test/client-independent');
      w.addLog(log.origin, log.vkey);
      log.append(3);
      const first = await pushCheckpoint(options(log, w.url, w.vkey, 0));
      expect(first.ok).toBe(true);
      if (!first.ok) return;
      expect(first.size).toBe(3);
      expect(cosignatureTimeOf(first.cosignatures[0]!, log.body(), w.vkey)).toBe(first.times[0]!);
      log.append(4);
      // The caller lost track (old size 0): the 409 tells it 3, and the proof from 3 is fetched and sent.
      const second = await pushCheckpoint(options(log, w.url, w.vkey, 0));
      expect(second.ok).toBe(true);
      expect(w.state(log.origin)?.size).toBe(7);
    } finally {
      w.stop();
    }
  });

  it('gets a verified cosignature from the appliance over HTTPS (its own certificate as CA)', async () => {
    const log = await newLog('client-appliance');
    const ca = readFileSync(join(dir, 'tls', 'cert.pem'), 'utf8');
    log.append(2);
    const first = await pushCheckpoint({ ...options(log, `${s.url}/witness`, vkey, 0), ca });
    expect(first.ok).toBe(true);
    log.append(30);
    const second = await pushCheckpoint({ ...options(log, `${s.url}/witness`, vkey, 0), ca });
    expect(second).toEqual(expect.objectContaining({ ok: true, size: 32 }));
    if (second.ok) expect(cosignatureTimeOf(second.cosignatures[0]!, log.body(), vkey)).not.toBeNull();
  });

  it('keeps no cosignature from another key, and reports a fork as a refusal', async () => {
    const w = startIndependentWitness();
    try {
      const log = testLog('log.test/client-refusals');
      w.addLog(log.origin, log.vkey);
      log.append(2);
      const stranger = startIndependentWitness('witness.test/stranger');
      const wrongKey = await pushCheckpoint(options(log, w.url, stranger.vkey, 0));
      stranger.stop();
      expect(wrongKey).toEqual(expect.objectContaining({ ok: false, status: 200 }));
      // The witness now holds size 2; a checkpoint of size 2 with another root is a fork it refuses.
      const fork = await pushCheckpoint({
        ...options(log, w.url, w.vkey, 2),
        note: log.note(2, { root: Buffer.alloc(32, 3) }),
      });
      expect(fork).toEqual(expect.objectContaining({ ok: false, status: 409, size: 2 }));
      const down = await pushCheckpoint(options(log, 'http://127.0.0.1:9', w.vkey, 2));
      expect(down).toEqual(expect.objectContaining({ ok: false, status: 0 }));
    } finally {
      w.stop();
    }
  });
});
