// `svc verify --checkpoint SAVED FILE` (docs/verification.md#14-svc-verify---checkpoint-did-the-log-only-grow) against a local HTTPS log that serves RFC 6962 consistency proofs:
// growth is accepted, a fork, a rollback and a foreign checkpoint exit 1 with one line on stderr.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash, randomBytes, sign, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server as BunServer } from 'bun';
import type { Config } from '../../src/config';
import { tlsMaterial } from '../../src/http/tls';
import { consistencyPath, inclusionPath, leafHash, rootFromLeafHashes, type NodeReader } from '../../src/verify/merkle';
import { checkpointBody, formatNote, noteKeyId } from '../../src/verify/note';
import { toHex } from '../../src/verify/primitives';
import { cleanup, ROOT, tempDir } from '../helpers';
import { eventProof, newSigner, type Signer } from '../unit/proof-fixtures';

const sha = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
const dir = tempDir('svc-verify-cp-');
const signer = newSigner();
const DOMAIN = 'acme.example';

/** The log the local server serves: its leaves and its latest checkpointed size. */
const log = { leaves: [] as Uint8Array[], latest: 0 };
let origin = '';
let server: BunServer<unknown>;
let requests = 0;

function reader(leaves: Uint8Array[]): NodeReader {
  const hashes = leaves.map((l) => leafHash(sha, l));
  return (level, index) => rootFromLeafHashes(sha, hashes.slice(index * 2 ** level, (index + 1) * 2 ** level));
}
const rootOf = (leaves: Uint8Array[], n: number) =>
  rootFromLeafHashes(
    sha,
    leaves.slice(0, n).map((l) => leafHash(sha, l)),
  );

function note(size: number, root: Uint8Array, s: Signer = signer): string {
  const body = checkpointBody(origin, size, root);
  const pub = Buffer.from(s.publicHex, 'hex');
  return formatNote(body, origin, noteKeyId(sha, origin, pub), sign(null, Buffer.from(body), s.key));
}

/** An event proof whose record is leaf `index` of `leaves`, with the log block at `size`. */
function proofAt(leaves: Uint8Array[], index: number, size: number) {
  const p = eventProof(signer);
  leaves[index] = Buffer.from(p.signed_payload, 'hex');
  const root = rootOf(leaves, size);
  return {
    ...p,
    log: {
      leaf_index: index,
      tree_size: size,
      leaf_hash: toHex(leafHash(sha, leaves[index]!)),
      audit_path: inclusionPath(sha, reader(leaves.slice(0, size)), index, size).map(toHex),
      root_hash: toHex(root),
      checkpoint: note(size, root),
    },
  };
}

const file = (name: string, body: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof body === 'string' ? body : JSON.stringify(body));
  return f;
};

async function svc(...args: string[]) {
  const p = Bun.spawn(['bun', 'src/cli/index.ts', 'verify', ...args], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, SVC_DATA_DIR: join(dir, 'elsewhere'), SVC_LOG_LEVEL: 'warn' },
  });
  const [stdout, stderr] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { code: await p.exited, stdout, stderr };
}
const leavesOf = (n: number): Uint8Array[] =>
  Array.from({ length: n }, (_, i) => new Uint8Array(Buffer.from(`leaf ${i} ${randomBytes(4).toString('hex')}`)));

beforeAll(async () => {
  const tls = await tlsMaterial({ dataDir: dir, tlsCert: null, tlsKey: null } as unknown as Config);
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: tls.cert, key: tls.key },
    fetch(req) {
      requests++;
      const u = new URL(req.url);
      if (u.pathname !== `/v1/proof/log/${DOMAIN}/consistency`)
        return Response.json({ error: 'not_found' }, { status: 404 });
      const first = Number(u.searchParams.get('first'));
      const second = Number(u.searchParams.get('second'));
      if (
        !Number.isSafeInteger(first) ||
        !Number.isSafeInteger(second) ||
        first < 0 ||
        first > second ||
        second > log.latest
      )
        return Response.json({ error: 'invalid_tree_size' }, { status: 400 });
      const leaves = log.leaves.slice(0, second);
      return Response.json({
        first,
        second,
        consistency_path: consistencyPath(sha, reader(leaves), first, second).map(toHex),
        first_root: toHex(rootOf(leaves, first)),
        second_root: toHex(rootOf(leaves, second)),
      });
    },
  });
  origin = `127.0.0.1:${server.port}/${DOMAIN}`;
});
afterAll(() => {
  server.stop(true);
  cleanup(dir);
});

describe('svc verify --checkpoint SAVED FILE', () => {
  it('accepts a log that only grew since the saved checkpoint, trusting the appliance certificate with --data-dir', async () => {
    log.leaves = leavesOf(12);
    log.latest = 12;
    const doc = file('grown.json', proofAt(log.leaves, 9, 12));
    const saved = file('saved-5.txt', note(5, rootOf(log.leaves, 5)));
    const before = requests;
    const r = await svc(doc, '--checkpoint', saved, '--data-dir', dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /OK\s+checkpoint\.consistency: the log only grew: size 5 \(saved\) is a prefix of size 12/,
    );
    expect(r.stdout).toMatch(/OK\s+record\.log\.inclusion: /);
    expect(requests).toBe(before + 1);
  });

  it('trusts a self-signed certificate given with --cacert, and refuses it without', async () => {
    log.leaves = leavesOf(7);
    log.latest = 7;
    const doc = file('seven.json', proofAt(log.leaves, 6, 7));
    const saved = file('saved-3.txt', note(3, rootOf(log.leaves, 3)));
    const ok = await svc(doc, '--checkpoint', saved, '--cacert', join(dir, 'tls', 'cert.pem'));
    expect(ok.code).toBe(0);
    const untrusted = await svc(doc, '--checkpoint', saved);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr.trim().split('\n')).toHaveLength(1);
    expect(untrusted.stderr).toMatch(
      /^error: NOT VERIFIED: checkpoint\.consistency: cannot get the consistency proof 3 -> 7/,
    );
  });

  it('needs no request when the saved checkpoint is the document one, and accepts a saved GET .../checkpoint answer', async () => {
    log.leaves = leavesOf(4);
    log.latest = 4;
    const p = proofAt(log.leaves, 0, 4);
    const before = requests;
    const r = await svc(
      file('same.json', p),
      '--checkpoint',
      file('same.json.cp', { origin, tree_size: 4, checkpoint: p.log.checkpoint }),
    );
    expect(r.code).toBe(0);
    expect(requests).toBe(before);
  });

  it('exits 1 on a fork: the saved checkpoint of an earlier size has another root', async () => {
    log.leaves = leavesOf(10);
    log.latest = 10;
    const doc = file('fork.json', proofAt(log.leaves, 8, 10));
    const other = leavesOf(10);
    const r = await svc(doc, '--checkpoint', file('fork-saved.txt', note(6, rootOf(other, 6))), '--data-dir', dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: NOT VERIFIED: checkpoint\.consistency: .*fork/);
  });

  it('exits 1 on a fork at the same size', async () => {
    log.leaves = leavesOf(5);
    log.latest = 5;
    const doc = file('fork-same.json', proofAt(log.leaves, 1, 5));
    const r = await svc(doc, '--checkpoint', file('fork-same.txt', note(5, rootOf(leavesOf(5), 5))), '--data-dir', dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: NOT VERIFIED: checkpoint\.consistency: fork: two checkpoints of size 5 with different roots/,
    );
  });

  it('exits 1 on a rollback: the log no longer reaches the larger size it signed', async () => {
    const leaves = leavesOf(15);
    log.leaves = leaves.slice(0, 11);
    log.latest = 11;
    const doc = file('rollback.json', proofAt(log.leaves, 3, 11));
    leaves[3] = log.leaves[3]!;
    const saved = file('rollback-saved.txt', note(15, rootOf(leaves, 15)));
    const r = await svc(doc, '--checkpoint', saved, '--data-dir', dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^error: NOT VERIFIED: checkpoint\.consistency: rollback: the log at .* no longer reaches tree size 15/,
    );
  });

  it('accepts a saved checkpoint newer than the document when the log proves the document one is its prefix', async () => {
    log.leaves = leavesOf(20);
    log.latest = 20;
    const doc = file('older-doc.json', proofAt(log.leaves, 2, 9));
    const r = await svc(
      doc,
      '--checkpoint',
      file('newer-saved.txt', note(17, rootOf(log.leaves, 17))),
      '--data-dir',
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/earlier state of the saved one \(size 17\)/);
    // The same saved checkpoint against a log rewritten after size 9: a fork.
    const rewritten = [...log.leaves.slice(0, 12), ...leavesOf(8)];
    const saved = file('newer-saved-2.txt', note(17, rootOf(rewritten, 17)));
    const bad = await svc(doc, '--checkpoint', saved, '--data-dir', dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/fork/);
  });

  it('refuses a saved checkpoint signed by another key or for another log', async () => {
    log.leaves = leavesOf(6);
    log.latest = 6;
    const doc = file('foreign.json', proofAt(log.leaves, 5, 6));
    const stranger = await svc(
      doc,
      '--checkpoint',
      file('stranger.txt', note(3, rootOf(log.leaves, 3), newSigner())),
      '--data-dir',
      dir,
    );
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(
      /^error: NOT VERIFIED: checkpoint\.signature: the saved checkpoint is not signed by this log's key/,
    );
    const body = checkpointBody('other.example/acme.example', 3, rootOf(log.leaves, 3));
    const pub = Buffer.from(signer.publicHex, 'hex');
    const elsewhere = formatNote(
      body,
      'other.example/acme.example',
      noteKeyId(sha, 'other.example/acme.example', pub),
      sign(null, Buffer.from(body), signer.key as KeyObject),
    );
    const r = await svc(doc, '--checkpoint', file('elsewhere.txt', elsewhere), '--data-dir', dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/saved checkpoint is for log other\.example\/acme\.example/);
  });

  it('exits 1 when the document has no checkpoint yet (pending)', async () => {
    const p = { ...eventProof(signer), log: { status: 'pending' } };
    log.leaves = leavesOf(3);
    log.latest = 3;
    const r = await svc(
      file('pending.json', p),
      '--checkpoint',
      file('p-saved.txt', note(2, rootOf(log.leaves, 2))),
      '--data-dir',
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no verified checkpoint/);
    // Without --checkpoint a pending block is a skipped check, not a failure.
    const plain = await svc(file('pending.json', p));
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/SKIP\s+record\.log\.status: pending/);
  });
});
