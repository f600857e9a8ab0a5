// Covers C2SP tlog-tiles of tenant logs (/tlog/tenant/{domain}): a client written here from the spec rebuilds roots and proofs from tiles, decodes entry bundles, and meets the auth, path and cache rules.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { open } from 'lmdb';
import { call, cleanup, cli, newTenant, startServer, tempDir, until, type Server } from '../helpers';
import { checkpointLines, inclusionOk, leafHashOf, noteOk } from './independent-tlog';

let s: Server;
const dir = tempDir();
const SMALL = { domain: 'tiles.test', size: 300 };
// The tree of C2SP's example: 273 full level-0 tiles and one of width 112, a full level-1 tile and one of width
// 17, and a level-2 tile of width 1.
const BIG = { domain: 'tiles-big.test', size: 70_000 };
type T = { tenantId: string; key: string };
let small: T;
let big: T;
const eventIds: string[] = [];

// ---- A tlog-tiles client written from the C2SP text (own path encoding, own RFC 6962 hashing) ----
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const node = (l: Buffer, r: Buffer) => sha(Buffer.from([1]), l, r);
/** Largest power of two below n (n > 1). */
const splitOf = (n: number) => 2 ** Math.floor(Math.log2(n - 1));

/** `<N>`: 3-digit groups, every group but the last prefixed with x. */
function encodeN(n: number): string {
  const groups: string[] = [];
  do {
    groups.unshift(String(n % 1000).padStart(3, '0'));
    n = Math.floor(n / 1000);
  } while (n > 0);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/');
}
const tileName = (level: number | 'entries', n: number, w: number) =>
  `tile/${level}/${encodeN(n)}${w < 256 ? `.p/${w}` : ''}`;

/** Fetches a resource of a log prefix as raw bytes. */
async function fetchRaw(prefix: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${prefix}/${path}`, { headers, tls: { rejectUnauthorized: false } } as RequestInit);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A reader of one tree size: tiles fetched (and cached) as the spec names them for that size. */
function treeReader(prefix: string, size: number) {
  const tiles = new Map<string, Buffer[]>();
  const widthOf = (level: number, n: number) => Math.min(256, Math.floor(size / 256 ** level) - n * 256);
  async function tile(level: number, n: number): Promise<Buffer[]> {
    const name = tileName(level, n, widthOf(level, n));
    const hit = tiles.get(name);
    if (hit) return hit;
    const r = await fetchRaw(prefix, name);
    if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    if (r.bytes.length !== widthOf(level, n) * 32) throw new Error(`${name}: ${r.bytes.length} bytes`);
    const hashes = Array.from({ length: r.bytes.length / 32 }, (_, i) => r.bytes.subarray(i * 32, i * 32 + 32));
    tiles.set(name, hashes);
    return hashes;
  }
  /** The perfect subtree of 2^h leaves numbered i: at height 8L + k it folds 2^k hashes of a level-L tile. */
  async function perfect(h: number, i: number): Promise<Buffer> {
    const level = Math.floor(h / 8);
    const k = h % 8;
    const first = i * 2 ** k;
    let layer = (await tile(level, Math.floor(first / 256))).slice(first % 256, (first % 256) + 2 ** k);
    while (layer.length > 1)
      layer = Array.from({ length: layer.length / 2 }, (_, j) => node(layer[2 * j]!, layer[2 * j + 1]!));
    return layer[0]!;
  }
  /** MTH(D[from:to]) (RFC 6962 §2.1) from tiles. */
  async function mth(from: number, to: number): Promise<Buffer> {
    const n = to - from;
    if (n === 0) return sha();
    if ((n & (n - 1)) === 0 && from % n === 0) return perfect(Math.log2(n), from / n);
    const k = splitOf(n);
    return node(await mth(from, from + k), await mth(from + k, to));
  }
  /** PATH(m, D[from:to]) (RFC 6962 §2.1.1) from tiles. */
  async function path(m: number, from: number, to: number): Promise<Buffer[]> {
    const n = to - from;
    if (n === 1) return [];
    const k = splitOf(n);
    return m < k
      ? [...(await path(m, from, from + k)), await mth(from + k, to)]
      : [...(await path(m - k, from + k, to)), await mth(from, from + k)];
  }
  return { tile, mth, path, widthOf, fetched: () => tiles.size };
}

/** Entries of a bundle: big-endian uint16 length, then that many bytes, to the end. */
function decodeBundle(b: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let o = 0; o < b.length; ) {
    const len = b.readUInt16BE(o);
    if (o + 2 + len > b.length) throw new Error('truncated bundle');
    out.push(b.subarray(o + 2, o + 2 + len));
    o += 2 + len;
  }
  return out;
}

const pubKeyOf = async (domain: string, keyId: string) =>
  Buffer.from(
    (await call(s, 'GET', `/keys/${domain}`)).body.keys.find((k: any) => k.key_id === keyId).public_key,
    'base64url',
  );

/** Ingests `n` events with 32 clients. */
async function ingest(key: string, n: number, keep?: string[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) {
        const i = next++;
        const r = await call(s, 'POST', '/v1/events', { key, body: { event_type: `tile.${i % 7}`, payload: { i } } });
        if (r.status !== 201) throw new Error(`ingest ${r.status} ${r.text}`);
        keep?.push(r.body.event_id);
      }
    }),
  );
}

const checkpointOf = (domain: string, size: number) =>
  until(
    async () => {
      const r = await call(s, 'GET', `/v1/proof/log/${domain}/checkpoint`);
      return r.status === 200 && r.body.tree_size === size ? r.body : null;
    },
    120_000,
    100,
  );

const ENV = { SVC_CHECKPOINT_SECONDS: '1', SVC_PUBLIC_RPS: '1000000' };
beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: ENV });
  small = await newTenant(dir, SMALL.domain, 'read,write', 'enterprise');
  big = await newTenant(dir, BIG.domain, 'read,write', 'enterprise');
  await ingest(small.key, SMALL.size, eventIds);
  await ingest(big.key, BIG.size);
  await checkpointOf(SMALL.domain, SMALL.size);
  await checkpointOf(BIG.domain, BIG.size);
}, 600_000);
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('GET /tlog/tenant/{domain}/checkpoint', () => {
  it("serves the tenant's latest checkpoint note as text, signed by its key, briefly cacheable", async () => {
    const r = await fetchRaw(`/tlog/tenant/${SMALL.domain}`, 'checkpoint');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=5');
    const note = r.bytes.toString('utf8');
    const json = (await call(s, 'GET', `/v1/proof/log/${SMALL.domain}/checkpoint`)).body;
    expect(note).toBe(json.checkpoint);
    expect(checkpointLines(note).size).toBe(SMALL.size);
    expect(noteOk(note, json.origin, await pubKeyOf(SMALL.domain, json.key_id))).toBe(true);
  });

  it('answers 404 for an unknown domain, a tenant id, and a tenant whose log has no checkpoint yet', async () => {
    expect((await call(s, 'GET', '/tlog/tenant/nobody.test/checkpoint')).body.error).toBe('not_found');
    expect((await call(s, 'GET', `/tlog/tenant/${small.tenantId}/checkpoint`)).body.error).toBe('not_found');
    await newTenant(dir, 'tiles-empty.test', 'read', 'enterprise');
    const r = await call(s, 'GET', '/tlog/tenant/tiles-empty.test/checkpoint');
    expect(`${r.status} ${r.body.error}`).toBe('404 checkpoint_not_found');
    expect((await call(s, 'GET', '/tlog/tenant/tiles-empty.test/tile/0/000.p/1')).status).toBe(404);
  });
});

describe('GET /tlog/tenant/{domain}/tile/<L>/<N>[.p/<W>]', () => {
  for (const t of [SMALL, BIG]) {
    it(`rebuilds the checkpoint's root from tiles alone (${t.size.toLocaleString('en')} leaves)`, async () => {
      const prefix = `/tlog/tenant/${t.domain}`;
      const note = (await fetchRaw(prefix, 'checkpoint')).bytes.toString('utf8');
      const cp = checkpointLines(note);
      expect(cp.size).toBe(t.size);
      const tree = treeReader(prefix, cp.size);
      expect((await tree.mth(0, cp.size)).equals(cp.root)).toBe(true);
      // The root of 70,000 leaves needs three tiles: level 2 of width 1 (the first 65,536 leaves), level 1 of
      // width 17 and level 0 of width 112 (C2SP's own example of this size).
      if (t === BIG) {
        expect([tree.widthOf(0, 273), tree.widthOf(1, 0), tree.widthOf(1, 1), tree.widthOf(2, 0)]).toEqual([
          112, 256, 17, 1,
        ]);
        expect(tree.fetched()).toBe(3);
      }
    }, 60_000);
  }

  it('level-1 hashes are the roots of the full level-0 tiles under them, and level 2 of level 1 (70,000 leaves)', async () => {
    const prefix = `/tlog/tenant/${BIG.domain}`;
    const tree = treeReader(prefix, BIG.size);
    const level1 = [...(await tree.tile(1, 0)), ...(await tree.tile(1, 1))];
    expect(level1.length).toBe(273);
    const fold = (hs: Buffer[]): Buffer =>
      hs.length === 1 ? hs[0]! : node(fold(hs.slice(0, hs.length / 2)), fold(hs.slice(hs.length / 2)));
    for (let n = 0; n < 273; n++) expect(fold(await tree.tile(0, n)).equals(level1[n]!)).toBe(true);
    expect(fold(level1.slice(0, 256)).equals((await tree.tile(2, 0))[0]!)).toBe(true);
  }, 60_000);

  it("verifies an inclusion proof built from tiles against the checkpoint, for a record's own leaf", async () => {
    const prefix = `/tlog/tenant/${BIG.domain}`;
    const cp = checkpointLines((await fetchRaw(prefix, 'checkpoint')).bytes.toString('utf8'));
    const tree = treeReader(prefix, cp.size);
    for (const m of [0, 255, 256, 65_535, 65_536, 69_887, 69_999]) {
      const leaf = (await tree.tile(0, Math.floor(m / 256)))[m % 256]!;
      const path = await tree.path(m, 0, cp.size);
      expect(inclusionOk(m, cp.size, leaf, path, cp.root)).toBe(true);
      expect(inclusionOk(m, cp.size, sha(leaf), path, cp.root)).toBe(false);
    }
    // The small log: a record's proof names its leaf; the tiles prove it with the record's signed bytes.
    const proof = (await call(s, 'GET', `/v1/proof/event/${eventIds[123]}`, { key: small.key })).body;
    const sp = `/tlog/tenant/${SMALL.domain}`;
    const scp = checkpointLines((await fetchRaw(sp, 'checkpoint')).bytes.toString('utf8'));
    const st = treeReader(sp, scp.size);
    const m = proof.log.leaf_index as number;
    const path = await st.path(m, 0, scp.size);
    expect(inclusionOk(m, scp.size, leafHashOf(Buffer.from(proof.signed_payload, 'hex')), path, scp.root)).toBe(true);
    expect(path.map((h) => h.toString('hex'))).toEqual(
      (await call(s, 'GET', `/v1/log/inclusion?leaf_index=${m}&tree_size=${scp.size}`, { key: small.key })).body
        .audit_path,
    );
  }, 60_000);

  it('serves full tiles as immutable for a year and partial tiles for a minute, as octets', async () => {
    const prefix = `/tlog/tenant/${SMALL.domain}`;
    const full = await fetchRaw(prefix, 'tile/0/000');
    expect(full.status).toBe(200);
    expect(full.bytes.length).toBe(8192);
    expect(full.headers.get('content-type')).toBe('application/octet-stream');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const partial = await fetchRaw(prefix, 'tile/0/001.p/44');
    expect(partial.status).toBe(200);
    expect(partial.bytes.length).toBe(44 * 32);
    expect(partial.headers.get('cache-control')).toBe('public, max-age=60');
    // A narrower partial tile of a size that was once checkpointed is the prefix of the wider one.
    const narrower = await fetchRaw(prefix, 'tile/0/001.p/3');
    expect(narrower.bytes.equals(partial.bytes.subarray(0, 96))).toBe(true);
  });

  it('answers 404 not_found for tiles the latest checkpoint does not cover', async () => {
    const prefix = `/tlog/tenant/${SMALL.domain}`;
    // 300 leaves: level 0 holds one full tile and 44 hashes, level 1 one hash, level 2 none.
    for (const p of [
      'tile/0/001',
      'tile/0/001.p/45',
      'tile/0/002.p/1',
      'tile/1/000',
      'tile/1/000.p/2',
      'tile/2/000.p/1',
      'tile/63/x999/x999/x999/x999/x999/x999/x999/999',
    ]) {
      const r = await call(s, 'GET', `${prefix}/${p}`);
      expect(`${p} ${r.status} ${r.body?.error}`).toBe(`${p} 404 not_found`);
    }
    expect((await fetchRaw(prefix, 'tile/1/000.p/1')).status).toBe(200);
    expect((await call(s, 'GET', '/tlog/tenant/nobody.test/tile/0/000')).body.error).toBe('not_found');
  });

  it('refuses paths outside the C2SP grammar with 400 bad_request (one spelling per tile)', async () => {
    const prefix = `/tlog/tenant/${BIG.domain}`;
    // Tile 1000 spelled canonically is well-formed, only beyond this tree.
    expect((await call(s, 'GET', `${prefix}/tile/0/x001/000`)).status).toBe(404);
    const bad = [
      'tile/0/0',
      'tile/0/00',
      'tile/0/0000',
      'tile/00/000',
      'tile/01/000',
      'tile/64/000',
      'tile/-1/000',
      'tile/a/000',
      'tile/0/001/000',
      'tile/0/x001',
      'tile/0/x000/001',
      'tile/0/x001/x000',
      'tile/0/X001/000',
      'tile/0/000.p/0',
      'tile/0/000.p/256',
      'tile/0/000.p/07',
      'tile/0/000.p/',
      'tile/0/000.p',
      'tile/0/000.q/5',
      'tile/0/000/',
      'tile/0/+01',
      'tile/0/ 01',
      'tile/0',
      'tile/entries',
      'tile/0/000.p/5/6',
      'tile/0/x001.p/5/000',
    ];
    for (const p of bad) {
      const r = await call(s, 'GET', `${prefix}/${p}`);
      expect(`${p} ${r.status} ${r.body?.error}`).toBe(`${p} 400 bad_request`);
    }
    const e = await call(s, 'GET', `${prefix}/tile/entries/000.p/256`, { key: big.key });
    expect(`${e.status} ${e.body.error}`).toBe('400 bad_request');
  });
});

describe('GET /tlog/tenant/{domain}/tile/entries/<N>[.p/<W>]', () => {
  it("decodes to the records' signed bytes, each hashing to its level-0 tile hash", async () => {
    const prefix = `/tlog/tenant/${SMALL.domain}`;
    const byLeaf = new Map<number, string>();
    for (const id of eventIds) {
      const p = (await call(s, 'GET', `/v1/proof/event/${id}`, { key: small.key })).body;
      byLeaf.set(p.log.leaf_index, p.signed_payload);
    }
    expect(byLeaf.size).toBe(SMALL.size);
    for (const [n, w] of [
      [0, 256],
      [1, 44],
    ] as const) {
      const r = await fetchRaw(prefix, tileName('entries', n, w), {
        authorization: `Bearer ${small.key}`,
        'accept-encoding': 'identity',
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/octet-stream');
      expect(r.headers.get('content-encoding')).toBeNull();
      expect(r.headers.get('cache-control')).toBe(
        w === 256 ? 'private, max-age=31536000, immutable' : 'private, max-age=60',
      );
      const entries = decodeBundle(r.bytes);
      expect(entries.length).toBe(w);
      const hashes = (await fetchRaw(prefix, tileName(0, n, w))).bytes;
      entries.forEach((e, i) => {
        expect(e.toString('hex')).toBe(byLeaf.get(n * 256 + i)!);
        expect(leafHashOf(e).equals(hashes.subarray(i * 32, i * 32 + 32))).toBe(true);
      });
    }
  }, 60_000);

  it('hashes to the level-0 tiles across the large log', async () => {
    const prefix = `/tlog/tenant/${BIG.domain}`;
    for (const n of [0, 137, 272, 273]) {
      const w = n === 273 ? 112 : 256;
      const r = await fetchRaw(prefix, tileName('entries', n, w), { authorization: `Bearer ${big.key}` });
      expect(r.status).toBe(200);
      const hashes = (await fetchRaw(prefix, tileName(0, n, w))).bytes;
      const entries = decodeBundle(r.bytes);
      expect(entries.length).toBe(w);
      entries.forEach((e, i) => expect(leafHashOf(e).equals(hashes.subarray(i * 32, i * 32 + 32))).toBe(true));
    }
  }, 60_000);

  it('is gzip-compressed for clients that accept it', async () => {
    const res = await fetch(`${s.url}/tlog/tenant/${SMALL.domain}/tile/entries/000`, {
      headers: { authorization: `Bearer ${small.key}`, 'accept-encoding': 'gzip' },
      decompress: false,
      tls: { rejectUnauthorized: false },
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const raw = Buffer.from(await res.arrayBuffer());
    const plain = (
      await fetchRaw(`/tlog/tenant/${SMALL.domain}`, 'tile/entries/000', {
        authorization: `Bearer ${small.key}`,
        'accept-encoding': 'identity',
      })
    ).bytes;
    expect(Buffer.from(Bun.gunzipSync(raw)).equals(plain)).toBe(true);
    expect(raw.length).toBeLessThan(plain.length);
  });

  it("needs a key of the log's tenant with read scope: 401 without, 403 write-only, 404 another tenant's", async () => {
    const path = `/tlog/tenant/${SMALL.domain}/tile/entries/000`;
    const none = await call(s, 'GET', path);
    expect(`${none.status} ${none.body.error}`).toBe('401 missing_api_key');
    const writeOnly = await cli(dir, 'key', 'create', '--tenant', small.tenantId, '--name', 'w', '--scopes', 'write');
    const w = await call(s, 'GET', path, { key: writeOnly.json.api_key });
    expect(`${w.status} ${w.body.error}`).toBe('403 insufficient_scope');
    const other = await call(s, 'GET', path, { key: big.key });
    expect(`${other.status} ${other.body.error}`).toBe('404 not_found');
    // Hash tiles of the same log need no key.
    expect((await call(s, 'GET', `/tlog/tenant/${SMALL.domain}/tile/0/000`)).status).toBe(200);
  });
});

describe('tiles of a log whose rows were altered in LMDB', () => {
  it('keep the logged hashes, while entry bundles serve the rows as they now read (or 500 for a row that is gone)', async () => {
    const prefix = `/tlog/tenant/${SMALL.domain}`;
    const leafOf = async (id: string) =>
      (await call(s, 'GET', `/v1/proof/event/${id}`, { key: small.key })).body.log.leaf_index as number;
    const leaves = new Map<number, string>();
    for (const id of eventIds) leaves.set(await leafOf(id), id);
    const alteredLeaf = 100;
    const altered = leaves.get(alteredLeaf)!;
    const gone = leaves.get(280)!;
    const before = {
      tile: (await fetchRaw(prefix, 'tile/0/000')).bytes,
      tiles1: (await fetchRaw(prefix, 'tile/0/001.p/44')).bytes,
    };
    const auth = { authorization: `Bearer ${small.key}` };
    const entriesBefore = decodeBundle((await fetchRaw(prefix, 'tile/entries/000', auth)).bytes);
    // As an intruder with file access would, on a stopped server: a signed column changed, a row removed.
    await s.stop();
    const env = open({ path: join(dir, 'db'), overlappingSync: false, maxDbs: 256 });
    const ledger = env.openDB({
      name: 'ledger_events',
      keyEncoding: 'ordered-binary',
      sharedStructuresKey: Symbol.for('structures'),
    });
    await env.transaction(() => {
      ledger.putSync(altered, { ...ledger.get(altered), event_type: 'tile.rewritten' });
      ledger.removeSync(gone);
    });
    await env.close();
    s = await startServer({ dataDir: dir, env: ENV });
    expect((await fetchRaw(prefix, 'tile/0/000')).bytes.equals(before.tile)).toBe(true);
    expect((await fetchRaw(prefix, 'tile/0/001.p/44')).bytes.equals(before.tiles1)).toBe(true);
    const entries = decodeBundle((await fetchRaw(prefix, 'tile/entries/000', auth)).bytes);
    entries.forEach((e, i) => {
      const matches = leafHashOf(e).equals(before.tile.subarray(i * 32, i * 32 + 32));
      expect({ i, matches }).toEqual({ i, matches: i !== alteredLeaf });
      expect(e.equals(entriesBefore[i]!)).toBe(i !== alteredLeaf);
    });
    expect(entries[alteredLeaf]!.toString('utf8')).toContain('tile.rewritten');
    const r = await call(s, 'GET', `${prefix}/tile/entries/001.p/44`, { key: small.key });
    expect(`${r.status} ${r.body.error}`).toBe('500 internal_error');
  }, 60_000);
});
