// Every route under generated hostile input (property test): answers in time, never 5xx, errors in the documented shapes.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import fc from 'fast-check';
import { call, cleanup, newTenant, rawCall, rawHead, startServer, tempDir, until, type Server } from '../helpers';

// Property: whatever a client sends on any route of the contract, the appliance answers in time, never 5xx, and
// every rejection is the {error, message} JSON shape or the framework's documented plain-text 400/415/422.

const dir = tempDir();
let s: Server;
let key = '';
let session = '';
const ids: Record<string, string> = {};
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

type Auth = 'key' | 'public' | 'session';
type Route = { method: string; path: string; auth: Auth; query?: string[]; fields?: string[] };
const A = 'key' as const;
const P = 'public' as const;
const ROUTES: Route[] = [
  { method: 'POST', path: '/v1/events', auth: A, fields: ['event_type', 'payload', 'event_time', 'trace_id'] },
  { method: 'GET', path: '/v1/events', auth: A, query: ['page', 'limit', 'event_type', 'date_from', 'date_to'] },
  { method: 'GET', path: '/v1/events/:event', auth: A },
  {
    method: 'POST',
    path: '/v1/events/:event/verify',
    auth: A,
    fields: ['payload', 'payload_hash', 'request_hash', 'event_hash'],
  },
  { method: 'GET', path: '/v1/proof/event/:event', auth: P },
  { method: 'GET', path: '/v1/proof/event/:event/receipt', auth: P },
  { method: 'GET', path: '/v1/proof/event/:event/tlog-proof', auth: P },
  { method: 'GET', path: '/v1/proof/head/receipt', auth: P, query: ['origin', 'size'] },
  { method: 'GET', path: '/v1/proof/head/tlog-proof', auth: P, query: ['origin', 'size'] },
  { method: 'GET', path: '/.well-known/scitt-keys', auth: P },
  { method: 'GET', path: '/.well-known/svc-witness-policy', auth: P },
  { method: 'GET', path: '/keys/:domain', auth: P },
  { method: 'GET', path: '/.well-known/svc-platform-key', auth: P },
  { method: 'GET', path: '/proof/event/:event', auth: P },
  { method: 'GET', path: '/proof/trace/:trace', auth: P },
  {
    method: 'POST',
    path: '/v1/ai/attestations',
    auth: A,
    fields: [
      'attestation_type',
      'input',
      'output',
      'model_provider',
      'model_name',
      'model_version',
      'subject',
      'trace_id',
    ],
  },
  { method: 'GET', path: '/v1/ai/attestations/:attestation', auth: A },
  { method: 'GET', path: '/v1/proof/ai/:attestation', auth: P },
  { method: 'GET', path: '/v1/proof/ai/:attestation/receipt', auth: P },
  { method: 'POST', path: '/v1/proof/ai/:attestation/verify', auth: P, fields: ['input', 'output', 'content'] },
  {
    method: 'POST',
    path: '/v1/document/anchor',
    auth: A,
    fields: ['document_hash', 'metadata', 'original_bytes', 'trace_id'],
  },
  { method: 'GET', path: '/v1/document/:document', auth: A },
  { method: 'GET', path: '/v1/document/:document/original', auth: A },
  { method: 'POST', path: '/v1/document/:document/verify', auth: A, fields: ['document_hash', 'original_bytes'] },
  { method: 'GET', path: '/v1/proof/document/:document', auth: P },
  { method: 'GET', path: '/v1/proof/document/:document/tlog-proof', auth: P },
  { method: 'POST', path: '/v1/proof/document/:document/verify', auth: P, fields: ['document_hash', 'original_bytes'] },
  { method: 'POST', path: '/v1/traces', auth: A, fields: ['label', 'metadata', 'public'] },
  { method: 'GET', path: '/v1/traces/:trace', auth: A },
  { method: 'POST', path: '/v1/traces/:trace/public', auth: A, fields: ['enabled'] },
  { method: 'GET', path: '/v1/traces/:trace/proof', auth: A },
  { method: 'GET', path: '/v1/proof/trace/:trace', auth: P },
  { method: 'POST', path: '/v1/audit/orgs', auth: A, fields: ['organization_id', 'name', 'retention_days'] },
  { method: 'GET', path: '/v1/audit/orgs', auth: A, query: ['limit', 'cursor'] },
  { method: 'GET', path: '/v1/audit/orgs/:org', auth: A },
  { method: 'PUT', path: '/v1/audit/orgs/:org/retention', auth: A, fields: ['retention_days'] },
  { method: 'GET', path: '/v1/audit/orgs/:org/integrity', auth: A },
  { method: 'POST', path: '/v1/audit/orgs/:scratch/archive', auth: A },
  { method: 'POST', path: '/v1/audit/orgs/:scratch/unarchive', auth: A },
  { method: 'DELETE', path: '/v1/audit/orgs/:scratch', auth: A },
  {
    method: 'POST',
    path: '/v1/audit/events',
    auth: A,
    fields: ['organization_id', 'action', 'actor', 'targets', 'context', 'metadata', 'occurred_at', 'schema_id'],
  },
  {
    method: 'GET',
    path: '/v1/audit/events',
    auth: A,
    query: ['organization_id', 'limit', 'cursor', 'actions', 'actor_id', 'target_id', 'range_start', 'range_end'],
  },
  { method: 'GET', path: '/v1/audit/events/:aevt', auth: A },
  { method: 'GET', path: '/v1/audit/events/:aevt/verify', auth: A },
  { method: 'GET', path: '/v1/audit/events/:aevt/receipt', auth: A },
  { method: 'POST', path: '/v1/audit/orgs/:org/streams', auth: A, fields: ['type', 'url', 'name'] },
  { method: 'GET', path: '/v1/audit/orgs/:org/streams', auth: A },
  { method: 'DELETE', path: '/v1/audit/orgs/:org/streams/:stream', auth: A },
  { method: 'POST', path: '/v1/audit/orgs/:org/streams/:stream/pause', auth: A },
  { method: 'POST', path: '/v1/audit/orgs/:org/streams/:stream/resume', auth: A },
  { method: 'POST', path: '/v1/audit/exports', auth: A, fields: ['organization_id', 'format', 'filters'] },
  { method: 'GET', path: '/v1/audit/exports/:export', auth: A },
  { method: 'GET', path: '/v1/audit/exports/:export/download', auth: P, query: ['expires', 'sig'] },
  {
    method: 'POST',
    path: '/v1/audit/portal_sessions',
    auth: A,
    fields: ['organization_id', 'intent', 'link_duration_seconds', 'session_duration_seconds'],
  },
  { method: 'POST', path: '/v1/audit/portal/exchange', auth: P, fields: ['token'] },
  {
    method: 'GET',
    path: '/v1/portal/audit/events',
    auth: 'session',
    query: ['organization_id', 'limit', 'cursor', 'actions', 'actor_id', 'range_start'],
  },
  { method: 'GET', path: '/v1/portal/audit/events/:aevt', auth: 'session' },
  { method: 'GET', path: '/v1/portal/audit/events/:aevt/verify', auth: 'session' },
  { method: 'GET', path: '/v1/portal/streams', auth: 'session' },
  { method: 'GET', path: '/portal', auth: P },
];

const enc = (b: Uint8Array) => [...b].map((x) => `%${x.toString(16).padStart(2, '0').toUpperCase()}`).join('');
const pct = (s: string) => enc(Buffer.from(s));

/** Hostile text: oversized, control characters, invalid UTF-8 (percent-encoded), odd Unicode, numbers as text. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }).map(pct),
  fc.string({ unit: 'binary', maxLength: 40 }).map(pct),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map(enc),
  fc
    .constantFrom(600, 2_000, 2_100, 4_000, 9_000)
    .chain((n) =>
      fc
        .constantFrom('a', 'é', '😀', '%00', '%FF', '0')
        .map((c) => c.repeat(c.startsWith('%') ? n : Math.ceil(n / Buffer.byteLength(c)))),
    ),
  fc.constantFrom(
    '',
    '%20',
    '.',
    '..',
    '%2E%2E',
    '-1',
    '1e400',
    'NaN',
    'null',
    '[]',
    '{}',
    '%0D%0A',
    '%E2%80%AE',
    '00000000-0000-0000-0000-000000000000',
    'aevt_',
    '__proto__',
    'constructor',
  ),
);
/** A path value: mostly hostile, sometimes a real id so that checks behind the first one run too. */
const pathValue = (name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constant(ids[name] ? pct(ids[name]) : 'x') },
  );

/** Arbitrary JSON values of every type, nested and wide. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, 'x'.repeat(70_000)),
);

/** A body as bytes: a JSON object over the route's fields, duplicate keys, deep nesting, invalid UTF-8, or not JSON. */
function bodyOf(fields: string[]) {
  const names = fc.constantFrom(...fields, '__proto__', 'x');
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.dictionary(names, jsonValue, { maxKeys: 6 }).map((o) => Buffer.from(JSON.stringify(o))),
    },
    fc
      .tuple(names, jsonValue, jsonValue)
      .map(([k, a, b]) =>
        Buffer.from(`{${JSON.stringify(k)}:${JSON.stringify(a)},${JSON.stringify(k)}:${JSON.stringify(b)}}`),
      ),
    fc
      .tuple(names, fc.integer({ min: 200, max: 50_000 }), fc.constantFrom('[', '{"a":'))
      .map(([k, n, open]) =>
        Buffer.from(`{${JSON.stringify(k)}:${open.repeat(n)}1${(open === '[' ? ']' : '}').repeat(n)}}`),
      ),
    fc
      .tuple(names, fc.uint8Array({ minLength: 1, maxLength: 8 }))
      .map(([k, b]) => Buffer.concat([Buffer.from(`{${JSON.stringify(k)}:"`), Buffer.from(b), Buffer.from('"}')])),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  );
}

/** Header lines: Idempotency-Key of any bytes, odd content types, odd credentials. */
const headerBytes = fc
  .uint8Array({ maxLength: 300 })
  .map((b) => Buffer.from(b.filter((x) => x !== 10 && x !== 13 && x !== 0)));
const extraHeaders = fc.record({
  idem: fc.option(
    fc.oneof(
      fc.string({ maxLength: 300 }).map((x) => Buffer.from(x.replace(/[\r\n\0]/g, ''))),
      headerBytes,
    ),
    { nil: undefined },
  ),
  type: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/merge-patch+json',
    '',
  ),
  auth: fc.constantFrom('good', 'good', 'good', 'none', 'garbage', 'long'),
});

/** The request target: the path with generated values, and generated query pairs (known names, repeats, junk names). */
function targetOf(route: Route) {
  const segs = route.path.split('/').map((seg) => (seg.startsWith(':') ? pathValue(seg.slice(1)) : fc.constant(seg)));
  const qnames = fc.constantFrom(...(route.query ?? []), 'x', '__proto__', 'limit');
  const qpair = fc
    .tuple(qnames, fc.oneof(hostileText, fc.integer().map(String), fc.constant('')))
    .map(([k, v]) => `${k}=${v}`);
  return fc
    .tuple(fc.tuple(...segs), fc.array(qpair, { maxLength: 5 }))
    .map(([parts, q]) => parts.join('/') + (q.length ? `?${q.join('&')}` : ''));
}

type Answer = { status: number; head: string; text: string };
/**
 * A request head HTTP/1.1 does not allow (control bytes in a header value, bytes outside ASCII in the target,
 * a head over 16 KB) is refused by Bun's parser before the appliance sees it: 400 or 431 with an empty body.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what this looks for
const CONTROL_BYTE = /[\x00-\x08\x0a-\x1f\x7f]/;
const malformedHead = (head: Uint8Array) => {
  const text = Buffer.from(head).toString('latin1');
  const [line = '', ...fields] = text.split('\r\n');
  return (
    head.length > 16_000 || /[^\x21-\x7e]/.test(line.split(' ')[1] ?? '') || fields.some((f) => CONTROL_BYTE.test(f))
  );
};
function assertWellFormed(a: Answer, what: string, head: Uint8Array): void {
  const ctype = /\r\ncontent-type: ([^\r\n]*)/i.exec(a.head)?.[1] ?? '';
  if (a.status === 0 || a.status >= 500)
    throw new Error(`${what}: status ${a.status}\n${a.head}\n${a.text.slice(0, 300)}`);
  if (a.status < 400) return;
  if ((a.status === 400 || a.status === 431) && !ctype && !a.text && malformedHead(head)) return;
  if (/^application\/json/i.test(ctype)) {
    const b = JSON.parse(a.text);
    if (typeof b?.error !== 'string' || typeof b?.message !== 'string')
      throw new Error(`${what}: ${a.status} without {error, message}: ${a.text.slice(0, 300)}`);
    return;
  }
  // docs/api.md#errors: malformed bodies, content type and paging are the framework's plain-text 400, 415 or 422.
  if (/^text\/plain/i.test(ctype) && [400, 415, 422].includes(a.status)) return;
  throw new Error(
    `${what}: ${a.status} ${ctype} is neither JSON {error, message} nor a documented plain-text rejection\n${a.text.slice(0, 300)}`,
  );
}

async function send(
  route: Route,
  target: string,
  body: Uint8Array | null,
  h: { idem?: Uint8Array; type: string; auth: string },
): Promise<{ head: Uint8Array; answer: Answer }> {
  const lines: (string | Uint8Array)[] = [];
  if (route.auth !== 'public' && h.auth !== 'none') {
    const cred = route.auth === 'session' ? session : key;
    lines.push(
      `Authorization: ${h.auth === 'good' ? `Bearer ${cred}` : h.auth === 'long' ? `Bearer svc_live_${'A'.repeat(5000)}` : 'Bearer svc_live_%%%'}`,
    );
  }
  if (h.idem) lines.push(Buffer.concat([Buffer.from('Idempotency-Key: '), h.idem]));
  if (body) lines.push(`Content-Type: ${h.type}`, `Content-Length: ${body.length}`);
  const head = rawHead(route.method, target, lines);
  return { head, answer: await rawCall(s, head, body ?? new Uint8Array(), 15_000) };
}

beforeAll(async () => {
  s = await startServer({ dataDir: dir, env: { SVC_PUBLIC_RPS: '1000000' } });
  const t = await newTenant(dir, 'hostile.test', 'read,write,audit:read,audit:write', 'enterprise');
  key = t.key;
  ids.domain = 'hostile.test';
  const ok = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const r = await call(s, method, path, { key, body, headers });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  ids.event = (await ok('POST', '/v1/events', { event_type: 'a.b', payload: { x: 1 } })).event_id;
  ids.trace = (await ok('POST', '/v1/traces', { label: 'hostile' })).trace_id;
  ids.attestation = (
    await ok('POST', '/v1/ai/attestations', { attestation_type: 'output', input: 'i', output: 'o' })
  ).attestation_id;
  ids.document = (await ok('POST', '/v1/document/anchor', { document_hash: 'ab'.repeat(32) })).event_id;
  ids.org = (await ok('POST', '/v1/audit/orgs', { organization_id: 'hostile-org' })).organization_id;
  ids.scratch = (await ok('POST', '/v1/audit/orgs', { organization_id: 'scratch-org' })).organization_id;
  ids.aevt = (
    await ok(
      'POST',
      '/v1/audit/events',
      { organization_id: 'hostile-org', action: 'a.b', actor: { type: 'user', id: 'u' } },
      { 'idempotency-key': 'h-1' },
    )
  ).event_id;
  ids.export = (await ok('POST', '/v1/audit/exports', { organization_id: 'hostile-org', format: 'csv' })).id;
  const link = await ok('POST', '/v1/audit/portal_sessions', { organization_id: 'hostile-org', intent: 'audit_logs' });
  session = (await call(s, 'POST', '/v1/audit/portal/exchange', { body: { token: link.token } })).body.session_token;
  await until(async () => (await call(s, 'GET', `/v1/events/${ids.event}`, { key })).status === 200);
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

describe('every route under generated hostile input', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: never 5xx, never a hang, always a documented error shape`, async () => {
      const body = route.fields ? fc.option(bodyOf(route.fields), { freq: 8, nil: null }) : fc.constant(null);
      await fc.assert(
        fc.asyncProperty(targetOf(route), body, extraHeaders, async (target, b, h) => {
          const { head, answer } = await send(route, target, b, h);
          assertWellFormed(answer, `${route.method} ${target.slice(0, 200)}`, head);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 60_000);
  }
  it('raw bytes that are not UTF-8 in the request target and headers are refused cleanly', async () => {
    for (const target of [
      Buffer.from([...Buffer.from('/v1/events/'), 0xff, 0xfe]),
      Buffer.from([...Buffer.from('/v1/audit/orgs/'), 0xc3, 0x28]),
    ]) {
      const a = await rawCall(s, rawHead('GET', target, [`Authorization: Bearer ${key}`]));
      // Bun's HTTP parser may refuse such a request line itself (400, no body); the appliance never answers 5xx.
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
    }
  });
  it('the appliance still answers normally afterwards', async () => {
    expect((await call(s, 'GET', `/v1/events/${ids.event}`, { key })).status).toBe(200);
  });
});
