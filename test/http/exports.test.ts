// Audit exports: CSV and NDJSON files, filters, formula-safe cells, signed download URLs, hot and cold events.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createHmac, verify } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { call, cleanup, cli, newTenant, pubKey, startServer, tempDir, until, type Server } from '../helpers';
import { canonicalJson } from './independent-canonical';

const dir = tempDir();
let s: Server;
let key: string;
let publicKeyHex: string;
let n = 0;
const ik = () => `e-${Date.now()}-${++n}`;
const HEADER =
  'id,org_id,seq,schema_id,occurred_at,ingested_at,action,actor_type,actor_id,actor_name,targets,context,metadata,payload_hash,signature,actor_metadata';

const post = (path: string, body: unknown, k: string | null = key) => call(s, 'POST', path, { key: k, body });
const get = (path: string, k: string | null = key) => call(s, 'GET', path, { key: k });
const ingest = (body: Record<string, unknown>) =>
  call(s, 'POST', '/v1/audit/events', { key, headers: { 'idempotency-key': ik() }, body });
const lastSeq = async (org: string) => (await get(`/v1/audit/orgs/${org}`)).body.last_seq as number;
async function allEvents(org: string, q = '') {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await get(
      `/v1/audit/events?organization_id=${org}&limit=100${q}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    out.push(...r.body.events);
    cursor = r.body.next_cursor;
  } while (cursor);
  return out.sort((a, b) => a.seq - b.seq);
}
async function exportReady(body: unknown) {
  const r = await post('/v1/audit/exports', body);
  expect(r.status).toBe(202);
  return until(async () => {
    const j = await get(`/v1/audit/exports/${r.body.id}`);
    return j.body.status === 'ready' || j.body.status === 'failed' ? j.body : null;
  }, 30000);
}
const download = (url: string) =>
  fetch(url.replace(/^https:\/\/localhost:\d+/, s.url), { tls: { rejectUnauthorized: false } } as RequestInit);

// Cells that a spreadsheet would run as formulas, in every kind of column that carries client text.
const HOSTILE = ['=HYPERLINK("http://x","y")', '+SUM(1,2)', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000' } });
  ({ key, publicKeyHex } = await newTenant(dir, 'exports.test', 'audit:read,audit:write', 'enterprise'));
  expect((await post('/v1/audit/orgs', { organization_id: 'exp' })).status).toBe(201);
  let i = 0;
  for (const h of HOSTILE) {
    expect(
      (
        await ingest({
          organization_id: 'exp',
          action: 'user.login',
          actor: { type: 'user', id: h, name: h },
          targets: [{ type: 'doc', id: h }],
          metadata: { note: h, i: i++ },
        })
      ).status,
    ).toBe(201);
  }
  const rs = await Promise.all(
    Array.from({ length: 44 }, (_, j) =>
      ingest({
        organization_id: 'exp',
        action: j % 2 ? 'doc.update' : 'doc.read',
        actor: { type: 'user', id: `u${j % 4}` },
        metadata: { text: 'comma, "quote" and\nnewline', j },
        context: { location: '10.0.0.1' },
      }),
    ),
  );
  for (const r of rs) expect(r.status).toBe(201);
  await until(async () => (await lastSeq('exp')) === 50);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('POST /v1/audit/exports', () => {
  it('answers 202 {id, status: pending, format, created_at}', async () => {
    const r = await post('/v1/audit/exports', { organization_id: 'exp', format: 'ndjson' });
    expect(r.status).toBe(202);
    expect(Object.keys(r.body).sort()).toEqual(['created_at', 'format', 'id', 'status']);
    expect(r.body).toMatchObject({ status: 'pending', format: 'ndjson' });
  });

  it('answers the validation errors', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{ organization_id: 'exp', format: 'xlsx' }, 400, 'invalid_format'],
      [{ organization_id: 'exp' }, 400, 'invalid_format'],
      [{ format: 'csv' }, 400, 'invalid_organization_id'],
      [{ organization_id: 'x'.repeat(256), format: 'csv' }, 400, 'invalid_organization_id'],
      [{ organization_id: 'exp', format: 'csv', filters: { range_start: 'yesterday' } }, 400, 'bad_request'],
      [{ organization_id: 'nope', format: 'csv' }, 404, 'not_found'],
    ];
    for (const [body, status, code] of cases) {
      const r = await post('/v1/audit/exports', body);
      expect([r.status, r.body?.error]).toEqual([status, code]);
    }
  });

  it('needs audit:read, and answers 409 org_archived for an archived org', async () => {
    const w = await newTenant(dir, 'exports-w.test', 'audit:write', 'enterprise');
    expect((await post('/v1/audit/exports', { organization_id: 'exp', format: 'csv' }, w.key)).body.error).toBe(
      'insufficient_scope',
    );
    expect((await post('/v1/audit/orgs', { organization_id: 'gone' })).status).toBe(201);
    expect((await post('/v1/audit/orgs/gone/archive', {})).status).toBe(200);
    const r = await post('/v1/audit/exports', { organization_id: 'gone', format: 'csv' });
    expect([r.status, r.body.error]).toEqual([409, 'org_archived']);
  });

  it("hides another tenant's export (404 not_found)", async () => {
    const other = await newTenant(dir, 'exports-other.test', 'audit:read,audit:write', 'enterprise');
    const r = await post('/v1/audit/exports', { organization_id: 'exp', format: 'csv' });
    expect((await get(`/v1/audit/exports/${r.body.id}`, other.key)).body.error).toBe('not_found');
    expect((await get('/v1/audit/exports/00000000-0000-7000-8000-000000000000')).status).toBe(404);
  });
});

/** Reads CSV text with Python's csv module (RFC 4180, independent of csv-parse and csv-stringify): rows of cells. */
async function pythonCsv(text: string): Promise<string[][]> {
  const p = Bun.spawn(
    [
      'python3',
      '-c',
      'import csv,io,json,sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline="")))))',
    ],
    { stdin: 'pipe', stdout: 'pipe' },
  );
  p.stdin.write(text);
  p.stdin.end();
  const out = await new Response(p.stdout).text();
  expect(await p.exited).toBe(0);
  return JSON.parse(out);
}
/** Undoes the formula neutralisation of docs/portal-and-exports.md#exports: the ' added before =, +, -, @, tab or CR (and full-width forms). */
const cellText = (v: string) => (/^'[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/.test(v) ? v.slice(1) : v);

describe('CSV read by independent RFC 4180 readers', () => {
  it('gives exactly row_count rows of as many cells as the header, and every row verifies offline from its cells', async () => {
    const org = 'csv-hostile';
    expect((await post('/v1/audit/orgs', { organization_id: org })).status).toBe(201);
    const nasty = [
      'a\rb',
      'a\r\nb',
      '\rz',
      '\rCR first',
      'x\ny',
      '"quoted"',
      'comma,inside',
      '=1+2',
      '-\r\n',
      '\t\rq',
      'plain',
      'é,\r"',
    ];
    for (const [i, v] of nasty.entries()) {
      const r = await ingest({
        organization_id: org,
        action: 'doc.update',
        actor: { type: v, id: v, name: v, ...(i % 2 ? { metadata: { note: v, n: i } } : {}) },
        targets: [{ type: v, id: v }],
        context: { ua: v },
        metadata: { v },
      });
      expect(r.status).toBe(201);
    }
    await until(async () => (await lastSeq(org)) === nasty.length);
    const job = await exportReady({ organization_id: org, format: 'csv' });
    expect(job.row_count).toBe(nasty.length);
    const text = await (await download(job.download_url)).text();
    const header = HEADER.split(',');
    const viaParse: string[][] = parse(text, { relax_column_count: true });
    for (const rows of [await pythonCsv(text), viaParse]) {
      expect(rows).toHaveLength(job.row_count + 1);
      expect(rows[0]).toEqual(header);
      for (const r of rows) expect(r).toHaveLength(header.length);
    }
    const pk = pubKey(publicKeyHex);
    for (const cells of viaParse.slice(1)) {
      const c = Object.fromEntries(header.map((h, i) => [h, cellText(cells[i]!)]));
      const actor: Record<string, unknown> = { type: c.actor_type, id: c.actor_id };
      if (c.actor_name) actor.name = c.actor_name;
      if (c.actor_metadata) actor.metadata = JSON.parse(c.actor_metadata);
      const signed = {
        action: c.action,
        actor,
        context: JSON.parse(c.context!),
        event_id: c.id,
        ingested_at: c.ingested_at,
        metadata: JSON.parse(c.metadata!),
        occurred_at: c.occurred_at,
        org_id: c.org_id,
        schema_id: c.schema_id,
        seq: Number(c.seq),
        targets: JSON.parse(c.targets!),
      };
      expect([c.id, verify(null, Buffer.from(canonicalJson(signed)), pk, Buffer.from(c.signature!, 'hex'))]).toEqual([
        c.id,
        true,
      ]);
    }
    // The actor metadata really is in the file (odd rows), and an actor without it has an empty cell.
    expect(viaParse.slice(1).map((r) => r[header.length - 1] !== '')).toEqual(nasty.map((_, i) => i % 2 === 1));
  });
});

describe('CSV export', () => {
  it('neutralizes formula cells, parses with a CSV parser, and row_count matches', async () => {
    const job = await exportReady({ organization_id: 'exp', format: 'csv' });
    expect(job).toMatchObject({ status: 'ready', format: 'csv', row_count: 50, error: null, organization_id: 'exp' });
    expect(job.download_url).toMatch(
      /^https:\/\/localhost:\d+\/v1\/audit\/exports\/[0-9a-f-]{36}\/download\?expires=\d+&sig=[0-9a-f]{64}$/,
    );
    const expires = Number(new URL(job.download_url).searchParams.get('expires'));
    expect(Math.abs(expires - (Date.parse(job.completed_at) / 1000 + 86400))).toBeLessThan(2);
    const res = await download(job.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.split('\n')[0]).toBe(HEADER);
    const rows: Record<string, string>[] = parse(text, { columns: true, skip_empty_lines: true });
    expect(rows).toHaveLength(job.row_count);
    const events = await allEvents('exp');
    expect(rows.map((r) => Number(r.seq))).toEqual(events.map((e) => e.seq));
    for (const [i, h] of HOSTILE.entries()) {
      const r = rows[i]!;
      for (const col of ['actor_id', 'actor_name']) expect(r[col]).toBe(`'${h}`);
      // JSON text cells start with { or [, so they stay parseable as they are.
      expect(JSON.parse(r.metadata!)).toEqual({ note: h, i });
      expect(JSON.parse(r.targets!)).toEqual([{ type: 'doc', id: h }]);
    }
    // No cell of the file starts with a formula character.
    for (const r of rows) for (const v of Object.values(r)) expect(/^[=+\-@\t\r]/.test(v)).toBe(false);
    const byId = new Map(events.map((e) => [e.id, e]));
    for (const r of rows) {
      const e = byId.get(r.id!)!;
      expect(r).toMatchObject({
        org_id: 'exp',
        schema_id: 'svc.audit/1',
        occurred_at: e.occurred_at,
        ingested_at: e.ingested_at,
        action: e.action,
        actor_type: 'user',
        payload_hash: e.payload_hash,
        signature: e.signature,
      });
      expect(JSON.parse(r.context!)).toEqual(e.context);
    }
    expect(JSON.parse(rows[10]!.metadata!).text).toBe('comma, "quote" and\nnewline');
  });

  it('keeps the file under DATA/exports with mode 0600 and signs URLs with a 0600 key file', () => {
    const key = join(dir, 'export-url.key');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    const files = require('node:fs').readdirSync(join(dir, 'exports')) as string[];
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(statSync(join(dir, 'exports', f)).mode & 0o777).toBe(0o600);
  });
});

describe('NDJSON export with filters', () => {
  it('exports what the query returns for the same filters (actions array or comma string, actor, range)', async () => {
    const events = await allEvents('exp');
    const mid = events[20]!.occurred_at;
    const cases: Array<[Record<string, unknown>, (e: any) => boolean]> = [
      [{ actions: ['doc.update'] }, (e) => e.action === 'doc.update'],
      [{ actions: 'doc.update,user.login' }, (e) => e.action !== 'doc.read'],
      [{ actor_id: 'u1' }, (e) => e.actor.id === 'u1'],
      [{ range_start: mid }, (e) => Date.parse(e.occurred_at) >= Date.parse(mid)],
      [
        { actions: ['doc.read'], actor_id: 'u2', range_end: mid },
        (e) => e.action === 'doc.read' && e.actor.id === 'u2' && Date.parse(e.occurred_at) < Date.parse(mid),
      ],
    ];
    for (const [filters, keep] of cases) {
      const job = await exportReady({ organization_id: 'exp', format: 'ndjson', filters });
      const want = events.filter(keep);
      expect(job.row_count).toBe(want.length);
      const lines = (await (await download(job.download_url)).text())
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      expect(lines).toEqual(want);
    }
  });
});

describe('GET /v1/audit/exports/{id}/download', () => {
  it('needs no API key, and answers 403 when tampered or expired', async () => {
    const job = await exportReady({ organization_id: 'exp', format: 'csv' });
    const u = new URL(job.download_url);
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('expires')!;
    const at = (q: string) => download(`${u.origin}${u.pathname}?${q}`);
    expect((await at(`expires=${exp}&sig=${sig}`)).status).toBe(200);
    for (const q of [
      `expires=${Number(exp) + 3600}&sig=${sig}`,
      `expires=${exp}&sig=${sig.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `expires=${exp}`,
      '',
    ]) {
      const r = await at(q);
      expect(r.status).toBe(403);
      expect((await r.json()).error).toBe('invalid_download_signature');
    }
    // The URL is parsed strictly: any other spelling of the same values is a changed URL.
    const altered = [
      `expires=0${exp}&sig=${sig}`,
      `expires=+${exp}&sig=${sig}`,
      `expires=${exp}.0&sig=${sig}`,
      `expires=${exp}&sig=${sig}&sig=${sig}`,
      `expires=${exp}&expires=${exp}&sig=${sig}`,
      `expires=${exp}&sig=${sig.toUpperCase()}`,
      `expires=${exp}&sig=${sig}&x=1`,
      `sig=${sig}&expires=${exp}`,
      `expires=${exp}&sig=${sig}&`,
      `expires=${exp}&sig=${sig}0`,
      `expires=${exp}&sig=%${sig.charCodeAt(0).toString(16)}${sig.slice(1)}`,
      `expires=%3${exp.slice(0, 1)}${exp.slice(1)}&sig=${sig}`,
    ];
    for (const q of altered) {
      const r = await at(q);
      expect([q, r.status, /"error":"([a-z_]+)"/.exec(await r.text())?.[1]]).toEqual([
        q,
        403,
        'invalid_download_signature',
      ]);
    }
    // Another export's signature does not open this one.
    const other = await exportReady({ organization_id: 'exp', format: 'ndjson' });
    const o = new URL(other.download_url);
    expect((await at(o.search.slice(1))).status).toBe(403);
    // A correctly signed URL whose time has passed.
    const secret = Buffer.from(readFileSync(join(dir, 'export-url.key'), 'utf8').trim(), 'base64');
    const past = Math.floor(Date.now() / 1000) - 5;
    const pastSig = createHmac('sha256', secret).update(`${job.id}.${past}`).digest('hex');
    const expired = await at(`expires=${past}&sig=${pastSig}`);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toBe('download_expired');
  });
});

describe('hot and cold storage', () => {
  it('exports events moved to cold segments and events still hot in one file, in seq order', async () => {
    expect((await post('/v1/audit/orgs', { organization_id: 'cold' })).status).toBe(201);
    for (let i = 0; i < 30; i++)
      expect(
        (await ingest({ organization_id: 'cold', action: 'doc.read', actor: { type: 'user', id: `c${i}` } })).status,
      ).toBe(201);
    await until(async () => (await lastSeq('cold')) === 30);
    const ret = await cli(dir, 'retention', 'run', '--as-of', new Date(Date.now() + 100 * 86400_000).toISOString());
    expect(ret.code).toBe(0);
    expect(ret.json.audit_evacuated).toBeGreaterThanOrEqual(30);
    for (let i = 30; i < 40; i++)
      expect(
        (await ingest({ organization_id: 'cold', action: 'doc.read', actor: { type: 'user', id: `c${i}` } })).status,
      ).toBe(201);
    await until(async () => (await lastSeq('cold')) === 40);
    const integrity = (await get('/v1/audit/orgs/cold/integrity')).body;
    expect(integrity.evacuated_through_seq).toBe(30);
    const job = await exportReady({ organization_id: 'cold', format: 'ndjson' });
    expect(job.row_count).toBe(40);
    const lines = (await (await download(job.download_url)).text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(lines.map((e) => e.actor.id)).toEqual(Array.from({ length: 40 }, (_, i) => `c${i}`));
  });
});

describe('expiry of export files', () => {
  it('removes files whose 24 h window has closed (svc exports clean --as-of), keeping the job', async () => {
    const job = await exportReady({ organization_id: 'exp', format: 'ndjson' });
    const file = join(dir, 'exports', `${job.id}.ndjson`);
    expect(existsSync(file)).toBe(true);
    const early = await cli(dir, 'exports', 'clean', '--as-of', new Date(Date.now() + 23 * 3600_000).toISOString());
    expect(early.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const late = await cli(dir, 'exports', 'clean', '--as-of', new Date(Date.now() + 25 * 3600_000).toISOString());
    expect(late.code).toBe(0);
    expect(late.json.exports_removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    const after = await get(`/v1/audit/exports/${job.id}`);
    expect(after.body).toMatchObject({ id: job.id, status: 'ready', row_count: job.row_count, file_removed: true });
    expect(after.body.download_url).toBeUndefined();
    expect((await download(job.download_url)).status).toBe(404);
  });
});
