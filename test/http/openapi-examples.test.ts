// The examples and response headers of GET /openapi.json: an example for every request body and every response of
// every operation, each valid against the document's own JSON Schema (ajv, draft 2020-12), the headers a client
// acts on documented where the appliance sends them, and, for a tour of a live appliance, the keys and types of
// every example equal to those of the real answer.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { cleanup, launchChromium, startServer, tempDir, type Server } from '../helpers';
import { EXAMPLES } from '../../src/http/examples';
import { tour, type Seen } from './openapi-scenario';

let s: Server;
let doc: any;
const dir = tempDir();
beforeAll(async () => {
  s = await startServer({
    dataDir: dir,
    env: {
      SVC_CHECKPOINT_SECONDS: '1',
      SVC_HEAD_SECONDS: '1',
      SVC_PUBLIC_RPS: '20',
      SVC_STREAM_ALLOW_CIDRS: '127.0.0.0/8',
    },
  });
  doc = await (await fetch(`${s.url}/openapi.json`, { tls: { rejectUnauthorized: false } } as RequestInit)).json();
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

type Media = { schema: any; examples?: Record<string, { value?: unknown; summary?: string; description?: string }> };
type Body = { op: string; status: string; mediaType: string; media: Media; headers: Record<string, unknown> };

/** Every body of the document: request bodies (status 'body') and responses, one entry per media type. */
function bodies(): Body[] {
  const out: Body[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      const all: [string, any][] = [['body', op.requestBody], ...Object.entries(op.responses as Record<string, any>)];
      for (const [status, b] of all)
        for (const [mediaType, media] of Object.entries((b?.content ?? {}) as Record<string, Media>))
          out.push({ op: key, status, mediaType, media, headers: b.headers ?? {} });
    }
  }
  return out;
}
const operation = (op: string) => {
  const [method, path] = op.split(' ') as [string, string];
  return doc.paths[path]?.[method.toLowerCase()];
};
/** Bodies described by kind (pages, scripts, bytes): an example says what they are, without a JSON value. */
const DESCRIBED = new Set([
  'text/html',
  'text/javascript',
  'text/css',
  'application/pdf',
  'application/octet-stream',
  'application/cose',
  'application/cbor',
  'application/zip',
]);

/** A validator of values against the document's schemas: its `#/components/...` references resolve in the document. */
function validatorOf(document: any) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://openapi.invalid/doc', components: document.components });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema: any, value: unknown) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"https://openapi.invalid/doc#/components/');
    let check = compiled.get(text);
    if (!check) compiled.set(text, (check = ajv.compile(JSON.parse(text))));
    return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

/** The keys and types of a JSON value: objects by key, arrays by their first element, scalars by typeof. */
function shape(v: unknown): unknown {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length ? [shape(v[0])] : [];
  if (typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v as object)
        .sort()
        .map((k) => [k, shape((v as Record<string, unknown>)[k])]),
    );
  return typeof v;
}
/** `a` and `b` have the same shape; an empty array matches an array of anything. */
function sameShape(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return !a.length || !b.length || sameShape(a[0], b[0]);
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return (
      ka.length === Object.keys(b).length &&
      ka.every((k) => k in (b as object) && sameShape((a as any)[k], (b as any)[k]))
    );
  }
  return a === b;
}

describe('the examples of /openapi.json', () => {
  it('give every request body and every response of every operation an example', () => {
    const missing = bodies()
      .filter((b) => !Object.keys(b.media.examples ?? {}).length)
      .map(
        (b) =>
          `${b.op} ${b.status} ${b.mediaType}: add ofOperation('${b.op}', ${b.status === 'body' ? "'body'" : b.status}, …)` +
          (b.media.schema?.$ref ? ` or ofSchema('${b.media.schema.$ref.split('/').pop()}', …)` : '') +
          ' to src/http/examples/',
      );
    expect(missing).toEqual([]);
    expect(bodies().length).toBeGreaterThan(700);
  });

  it('are valid against the schema of their body (ajv, JSON Schema 2020-12 with formats)', () => {
    const validate = validatorOf(doc);
    let checked = 0;
    const invalid: string[] = [];
    for (const b of bodies()) {
      for (const [name, ex] of Object.entries(b.media.examples ?? {})) {
        if (!('value' in ex)) {
          // Only pages, scripts and bytes are described without a value.
          expect(DESCRIBED.has(b.mediaType), `${b.op} ${b.status} ${name}`).toBe(true);
          expect(ex.description).toBeTruthy();
          continue;
        }
        checked++;
        for (const e of validate(b.media.schema, ex.value))
          invalid.push(`${b.op} ${b.status} ${b.mediaType} ${name}:${e}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('are refused by that validator when they do not fit (the check can fail)', () => {
    const validate = validatorOf(doc);
    const created = doc.paths['/v1/events'].post.responses['201'].content['application/json'];
    const good = Object.values(created.examples as Record<string, { value: any }>)[0]!.value;
    expect(validate(created.schema, good)).toEqual([]);
    expect(validate(created.schema, { ...good, ingested_at: 'yesterday' }).join()).toContain('date-time');
    expect(validate(created.schema, { ingested_at: good.ingested_at }).join()).toContain('event_id');
    const tooMany = doc.paths['/v1/events'].post.responses['429'].content['application/json'];
    expect(validate(tooMany.schema, { error: 'rate_limited', message: 'x' }).length).toBeGreaterThan(0);
  });

  it('give one example per error code a response lists, with the status of the code and its extra fields', () => {
    const tooMany = doc.paths['/v1/events'].post.responses['429'].content['application/json'].examples;
    expect(Object.keys(tooMany).sort()).toEqual(['quota_exceeded', 'rate_limited']);
    expect(tooMany.rate_limited.value).toEqual(
      expect.objectContaining({ error: 'rate_limited', retry_after: 1, plan_tier: 'builder' }),
    );
    // A public route's budget is the client IP's: no plan.
    const publicLimit = doc.paths['/v1/proof/event/{event_id}'].get.responses['429'].content['application/json'];
    expect(Object.keys(publicLimit.examples.rate_limited.value).sort()).toEqual([
      'error',
      'limit_per_sec',
      'message',
      'retry_after',
    ]);
    const conflict = doc.paths['/v1/document/anchor'].post.responses['409'].content['application/json'].examples;
    expect(conflict.document_already_anchored.value).toEqual(
      expect.objectContaining({ event_id: expect.any(String), anchored_at: expect.any(String) }),
    );
    const plain = doc.paths['/v1/events'].post.responses['415'].content['text/plain'].examples;
    expect(Object.values(plain).map((e: any) => e.value)).toEqual([
      'Unsupported Media Type: send Content-Type: application/json',
    ]);
  });

  it('name only operations, statuses and schemas the document has (no example is left behind by a change)', () => {
    const used = new Set(
      bodies()
        .map((b) => b.media.schema?.$ref?.split('/').pop())
        .filter(Boolean),
    );
    for (const e of EXAMPLES) {
      if ('schema' in e) {
        expect(used.has(e.schema), `ofSchema('${e.schema}'): no body is that schema`).toBe(true);
        continue;
      }
      const op = operation(e.op);
      expect(op, `ofOperation('${e.op}'): no such operation`).toBeDefined();
      const target = e.status === 'body' ? op.requestBody : op.responses[e.status];
      expect(target, `ofOperation('${e.op}', ${e.status}): not documented`).toBeDefined();
      if (e.media) expect(target.content[e.media], `${e.op} ${e.status} ${e.media}`).toBeDefined();
    }
  });
});

describe('GET /docs', () => {
  it('shows the example of each request body and success response beside its schema (Chromium)', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ ignoreHTTPSErrors: true });
      await page.goto(`${s.url}/docs`);
      const op = page
        .locator('details.op')
        .filter({ has: page.locator('summary .path', { hasText: /^\/v1\/events$/ }) })
        .filter({ has: page.locator('summary .m-post') });
      await op.locator('summary').click();
      const text = (await op.textContent()) ?? '';
      expect(await op.locator('pre').first().isVisible()).toBe(true);
      expect(text).toContain('Request body (application/json)');
      // The request example and the 201's example, as the document holds them.
      const post = doc.paths['/v1/events'].post;
      const request: any = Object.values(post.requestBody.content['application/json'].examples)[0];
      const created: any = Object.values(post.responses['201'].content['application/json'].examples)[0];
      expect(text).toContain(`"event_type": "${request.value.event_type}"`);
      expect(text).toContain(`"event_id": "${created.value.event_id}"`);
    } finally {
      await browser.close();
    }
  }, 60000);
});

describe('the response headers of /openapi.json', () => {
  const names = (h: Record<string, unknown>) => Object.keys(h);

  it('document X-RateLimit-* on every answer of a rate-limited route but its 401s, Retry-After on 429, 503 and leaf_pending', () => {
    let rated = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        const responses = op.responses as Record<string, any>;
        if (!responses['429']) continue;
        rated++;
        for (const [status, r] of Object.entries(responses)) {
          const h = names(r.headers ?? {});
          if (status !== '401')
            expect(h, `${method} ${path} ${status}`).toEqual(
              expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining']),
            );
        }
        expect(names(responses['429'].headers)).toContain('Retry-After');
      }
    }
    expect(rated).toBeGreaterThan(70);
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        const r = op.responses as Record<string, any>;
        // The 503 of the write path's refusals (the health routes answer 503 with their own body, no header).
        if (/overloaded|not_primary|replication_unavailable/.test(r['503']?.description ?? ''))
          expect(names(r['503'].headers)).toContain('Retry-After');
      }
    }
    const pending = doc.paths['/v1/log/inclusion'].get.responses['409'];
    expect(pending.description).toContain('leaf_pending');
    expect(pending.headers['Retry-After'].schema.type).toBe('integer');
  });

  it('document the 202 processing answer with Retry-After, and Idempotent-Replayed, on every idempotent create', () => {
    const creates: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        const key = (op.parameters ?? []).find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
        // A required key is the audit ingest's own rule (the same key again is 409 duplicate_event).
        if (!key || key.required) continue;
        creates.push(`${method.toUpperCase()} ${path}`);
        const responses = op.responses as Record<string, any>;
        const processing = responses['202'];
        expect(processing, `${method} ${path}`).toBeDefined();
        expect(names(processing.headers)).toContain('Retry-After');
        const schema = processing.content['application/json'].schema;
        const variants =
          schema.$ref === '#/components/schemas/Processing'
            ? [schema]
            : doc.components.schemas[schema.$ref.split('/').pop()].anyOf;
        expect(variants).toContainEqual({ $ref: '#/components/schemas/Processing' });
        expect(Object.keys(processing.content['application/json'].examples).length).toBeGreaterThan(0);
        const created = responses['201'] ?? processing;
        expect(created.headers['Idempotent-Replayed'].schema).toEqual({ type: 'string', const: 'true' });
      }
    }
    expect(creates.sort()).toEqual(
      expect.arrayContaining([
        'POST /v1/ai/attestations',
        'POST /v1/audit/exports',
        'POST /v1/audit/orgs',
        'POST /v1/audit/orgs/{id}/streams',
        'POST /v1/audit/portal_sessions',
        'POST /v1/document/anchor',
        'POST /v1/events',
        'POST /v1/traces',
      ]),
    );
  });
});

describe('the examples against a live appliance', () => {
  let seen: Seen[] = [];
  beforeAll(async () => {
    const requestExample = (op: string) => {
      const media = operation(op)?.requestBody?.content?.['application/json'];
      return media ? (Object.values(media.examples ?? {})[0] as { value?: unknown })?.value : undefined;
    };
    seen = await tour(s, requestExample);
  }, 240000);

  it('covers a representative set: creates with their replays, reads, proofs, logs, administration and errors', () => {
    const ops = new Set(seen.map((x) => x.op));
    expect(ops.size).toBeGreaterThan(40);
    const statuses = new Set(seen.map((x) => x.status));
    for (const status of [200, 201, 202, 400, 401, 404, 409, 415, 422, 429])
      expect(statuses.has(status), `${status}`).toBe(true);
  });

  it('answers with a documented status whose example has the keys and types of the real answer', () => {
    const mismatches: string[] = [];
    for (const { op, status, reply } of seen) {
      const response = operation(op).responses[status];
      expect(response, `${op} answered ${status}, which the document does not list`).toBeDefined();
      const type = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const media = response.content[type];
      expect(media, `${op} ${status}: ${type} not documented`).toBeDefined();
      const examples = Object.entries(media.examples as Record<string, { value: unknown }>);
      if (type === 'application/json') {
        // An error response shows its code's example; a success response one of its examples.
        const candidates = reply.body?.error ? examples.filter(([name]) => name === reply.body.error) : examples;
        expect(candidates.length, `${op} ${status}: no example for ${reply.body?.error}`).toBeGreaterThan(0);
        if (!candidates.some(([, e]) => sameShape(shape(e.value), shape(reply.body))))
          mismatches.push(`${op} ${status}: live ${JSON.stringify(shape(reply.body))}`);
      } else if (type === 'text/plain' && status >= 400) {
        // The framework's rejections are shown word for word.
        expect(examples.map(([, e]) => e.value)).toContain(reply.text);
      } else if (op.endsWith('/tlog-proof')) {
        // A C2SP tlog-proof: its header line, the index line, then the hashes and the checkpoint.
        const head = (t: string) => t.split('\n').slice(0, 2).join('\n').replace(/\d+$/, 'N');
        expect(examples.map(([, e]) => head(e.value as string))).toContain(head(reply.text));
      } else if (type === 'text/x.tlog.size') {
        expect(reply.text).toMatch(/^\d+\n$/);
        expect(examples.every(([, e]) => /^\d+\n$/.test(e.value as string))).toBe(true);
      } else if (type === 'application/x-ndjson') {
        const first = (text: string) => JSON.parse(text.split('\n')[0]!);
        expect(examples.some(([, e]) => sameShape(shape(first(e.value as string)), shape(first(reply.text))))).toBe(
          true,
        );
      }
    }
    expect(mismatches).toEqual([]);
    // The comparison sees a missing key and a changed type.
    const created = seen.find((x) => x.op === 'POST /v1/events')!.reply.body;
    const { ingested_at, ...fewer } = created;
    expect(sameShape(shape(created), shape(fewer))).toBe(false);
    expect(sameShape(shape(created), shape({ ...created, ingested_at: Date.parse(ingested_at) }))).toBe(false);
  });

  it('sends Retry-After, Idempotent-Replayed, X-RateLimit-* and Location only where the document lists them', () => {
    const watched = ['retry-after', 'idempotent-replayed', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'location'];
    const sent = new Set<string>();
    for (const { op, status, reply } of seen) {
      const documented = Object.keys(operation(op).responses[status].headers ?? {}).map((h) => h.toLowerCase());
      for (const h of watched) {
        if (!reply.headers.has(h)) continue;
        sent.add(h);
        expect(documented, `${op} ${status} sent ${h}`).toContain(h);
      }
    }
    expect([...sent].sort()).toEqual([
      'idempotent-replayed',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
    ]);
    const replay = seen.filter((x) => x.op === 'POST /v1/events' && x.status === 201);
    expect(replay.map((x) => x.reply.headers.get('idempotent-replayed'))).toEqual([null, 'true']);
  });

  it('accepted every request example it sent (the document shows bodies the appliance takes)', () => {
    for (const op of ['POST /v1/events', 'POST /v1/ai/attestations', 'POST /v1/traces', 'POST /v1/audit/events']) {
      const first = seen.find((x) => x.op === op)!;
      expect([op, first.status]).toEqual([op, 201]);
    }
    expect(seen.find((x) => x.op === 'POST /v1/events/{event_id}/verify')!.reply.body.match_result).toBe(true);
  });
});
