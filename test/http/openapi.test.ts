// GET /openapi.json and /docs: a valid OpenAPI 3.1 document, generated from the routes' schemas, details and guards, covering exactly the routes the server answers.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Value } from '@sinclair/typebox/value';
import { decode } from 'cbor2';
import { call, cleanup, cli, newTenant, startServer, tempDir, type Server } from '../helpers';
import { loadConfig, setConfig } from '../../src/config';
import { buildApp } from '../../src/http/app';
import { allRoutes } from '../../src/http/routes';
import { operatorActionsBy } from '../../src/operator-actions/actions';
import { ERRORS, isErrorCode } from '../../src/errors';
import { EventCreated, EventPage } from '../../src/ledger/model';

let s: Server;
let doc: any;
const dir = tempDir();
beforeAll(async () => {
  s = await startServer({ dataDir: dir });
  doc = (await call(s, 'GET', '/openapi.json')).body;
});
afterAll(async () => {
  await s.stop();
  cleanup(dir);
});

/** Every (method, path) pair the app answers, in OpenAPI path form, straight from the Elysia instance. */
function appRoutes(): string[] {
  setConfig(loadConfig({ SVC_DATA_DIR: dir }));
  const app = buildApp(allRoutes(operatorActionsBy));
  return app.routes
    .map((r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
    .sort();
}
/** The codes an error response schema admits: a named error's const, a narrowed Error's enum, or a oneOf of those. */
function errorCodes(schema: any): string[] {
  if (!schema) return [];
  if (schema.oneOf) return schema.oneOf.flatMap(errorCodes);
  if (schema.$ref) return errorCodes(doc.components.schemas[schema.$ref.split('/').pop()]);
  const error = schema.allOf?.[1]?.properties?.error;
  return error?.enum ?? (error?.const ? [error.const] : []);
}
/**
 * A request without a key: its status and error code, `error` of a JSON body or the title (-1) of RFC 9290 concise
 * problem details, which the SCITT routes answer (read here with cbor2, not the appliance's code).
 */
async function anonymousError(method: string, url: string, body: unknown): Promise<[number, unknown]> {
  const r = await fetch(s.url + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    tls: { rejectUnauthorized: false },
  } as RequestInit);
  const bytes = new Uint8Array(await r.arrayBuffer());
  if (r.headers.get('content-type') === 'application/concise-problem-details+cbor')
    return [r.status, (decode(bytes, { preferMap: true }) as Map<number, unknown>).get(-1)];
  return [r.status, JSON.parse(new TextDecoder().decode(bytes)).error];
}
function documented(): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const m of Object.keys(item)) if (m !== 'parameters') out.push(`${m.toUpperCase()} ${path}`);
  }
  return out.sort();
}

describe('GET /openapi.json', () => {
  it('is served without a key as JSON', async () => {
    const r = await call(s, 'GET', '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body.openapi).toBe('3.1.0');
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const v = new Validator();
    const res = await v.validate(doc);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(v.version).toBe('3.1');
    // The validator is not lenient: a document without its info object is refused.
    const broken = structuredClone(doc);
    delete broken.info;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every route the server answers, and no other', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(documented()).toEqual(routes);
  });

  it('documents every operation beside its route: summary, tag, security, a success response and the error shape', () => {
    for (const key of documented()) {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path][method.toLowerCase()];
      expect(op.summary, `${key} has no detail: doc({...}) beside its route`).toBeTruthy();
      expect(op.tags).toHaveLength(1);
      expect(Array.isArray(op.security)).toBe(true);
      expect(Object.keys(op.responses).some((c) => c.startsWith('2'))).toBe(true);
      expect(op.responses['500']).toBeDefined();
      // The extensions that carry codes from the routes and guards to the generator do not leak into the document.
      expect(Object.keys(op).filter((k) => k.startsWith('x-'))).toEqual([]);
      // Every path parameter of the template is declared.
      for (const [, name] of path.matchAll(/\{(\w+)\}/g))
        expect(op.parameters.some((p: any) => p.in === 'path' && p.name === name)).toBe(true);
    }
  });

  it('lists only documented error codes, each under the status of its code', () => {
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          const codes = errorCodes(r.content?.['application/json']?.schema);
          for (const c of codes) {
            expect(isErrorCode(c), `${op.operationId}: ${c}`).toBe(true);
            expect(String(ERRORS[c as keyof typeof ERRORS].status)).toBe(status);
          }
        }
      }
    }
  });

  it('adds what each guard answers: key errors and scopes, 402 on paid routes, the public limit, the viewer session', () => {
    const codes = (path: string, method: string, status: number): string[] =>
      errorCodes(doc.paths[path][method].responses[status]?.content['application/json'].schema);
    expect(codes('/v1/events', 'post', 401)).toEqual(
      expect.arrayContaining(['missing_api_key', 'invalid_api_key', 'api_key_revoked']),
    );
    expect(codes('/v1/events', 'post', 403)).toEqual(
      expect.arrayContaining(['insufficient_scope', 'ip_not_allowed', 'feature_not_available']),
    );
    expect(codes('/v1/events', 'post', 402)).toEqual(['payment_required']);
    expect(codes('/v1/events', 'get', 402)).toEqual([]);
    expect(doc.paths['/v1/events'].get.description).toContain('Scope: read or write.');
    expect(codes('/v1/proof/event/{event_id}', 'get', 429)).toEqual(['rate_limited']);
    expect(codes('/v1/proof/event/{event_id}', 'get', 401)).toEqual([]);
    expect(doc.paths['/v1/portal/audit/events'].get.security).toEqual([{ portalSession: [] }]);
    expect(codes('/v1/portal/audit/events', 'get', 401)).toEqual(expect.arrayContaining(['invalid_or_used_link']));
    // Rate-limited routes carry the rate-limit headers on their answers, and Retry-After on 429.
    expect(Object.keys(doc.paths['/v1/events'].post.responses['201'].headers)).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Idempotent-Replayed']),
    );
    expect(Object.keys(doc.paths['/v1/events'].post.responses['429'].headers)).toContain('Retry-After');
  });

  it('documents what the guards answer: 401 on every key route without a key, 402 for a past-due tenant exactly where listed', async () => {
    const late = await newTenant(dir, 'late.openapi', 'read,write,audit:read,audit:write', 'enterprise');
    expect((await cli(dir, 'tenant', 'set-past-due', late.tenantId, 'on')).json.past_due).toBe(true);
    let keyRoutes = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.security.some((r: Record<string, unknown>) => 'bearerAuth' in r)) continue;
        keyRoutes++;
        const url = path.replace(/\{\w+\}/g, '01a203bd-4122-7381-89b1-e368180a5208');
        const body = method === 'get' || method === 'delete' ? undefined : {};
        expect(await anonymousError(method.toUpperCase(), url, body), `${method} ${path}`).toEqual([
          401,
          'missing_api_key',
        ]);
        const r = await call(s, method.toUpperCase(), url, { key: late.key, body });
        expect(r.status === 402, `${method} ${path} answered ${r.status}`).toBe(!!op.responses['402']);
      }
    }
    expect(keyRoutes).toBeGreaterThan(30);
  });

  it('names the server and documents the audit query, including the 400 of a malformed cursor', async () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const op = doc.paths['/v1/audit/events'].get;
    expect(op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['organization_id', 'cursor', 'limit']),
    );
    expect(errorCodes(op.responses['400'].content['application/json'].schema)).toContain('bad_request');
    await call(s, 'POST', '/v1/audit/orgs', { key: s.apiKey, body: { organization_id: 'doc-org' } });
    const r = await call(s, 'GET', '/v1/audit/events?organization_id=doc-org&cursor=bm90LWEtY3Vyc29y', {
      key: s.apiKey,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('bad_request');
  });

  it('names every resource and error: JSON bodies of the API routes are $refs to components/schemas', () => {
    const schemas = doc.components.schemas;
    for (const name of [
      'EventCreated',
      'EventOut',
      'EventPage',
      'EventProof',
      'Processing',
      'AuditEvent',
      'AuditEventsPage',
      'AuditAccepted',
      'Trace',
      'Bundle',
      'AiProof',
      'DocumentProof',
      'Checkpoint',
      'KeyRecord',
      'Error',
      'ErrorCode',
      'RateLimitedError',
      'QuotaExceededError',
      'DuplicateEventError',
      'InternalError',
    ]) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(schemas.ErrorCode.enum).toEqual(Object.keys(ERRORS));
    expect(doc.paths['/v1/events'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/EventCreated',
    });
    // A page refers to its items by name too.
    expect(schemas.AuditEventsPage.properties.events.items).toEqual({ $ref: '#/components/schemas/AuditEvent' });
    let bodies = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      if (!path.startsWith('/v1/')) continue;
      for (const [method, op] of Object.entries(item)) {
        const body = op.requestBody?.content?.['application/json']?.schema;
        const schemas = [
          body,
          ...Object.values(op.responses as Record<string, any>).map((r) => r.content?.['application/json']?.schema),
        ].filter(Boolean);
        for (const sch of schemas) {
          bodies++;
          // A named resource, a named error, or a named error narrowed to the route's codes.
          const named = sch.$ref ?? sch.allOf?.[0]?.$ref ?? sch.oneOf?.every((v: any) => v.$ref || v.allOf?.[0]?.$ref);
          expect(named, `${method} ${path}: ${JSON.stringify(sch).slice(0, 80)}`).toBeTruthy();
        }
      }
    }
    expect(bodies).toBeGreaterThan(200);
    const tooMany = doc.paths['/v1/events'].post.responses['429'].content['application/json'].schema;
    expect(tooMany.oneOf).toEqual(
      expect.arrayContaining([
        { $ref: '#/components/schemas/RateLimitedError' },
        { $ref: '#/components/schemas/QuotaExceededError' },
      ]),
    );
    expect(doc.paths['/v1/audit/events'].post.responses['409'].content['application/json'].schema.oneOf).toContainEqual(
      { $ref: '#/components/schemas/DuplicateEventError' },
    );
  });

  it('types integer query parameters as integers and numeric headers as integers', () => {
    const q = (path: string) =>
      Object.fromEntries(
        doc.paths[path].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema.type]),
      );
    expect(q('/v1/events')).toEqual(
      expect.objectContaining({ page: 'integer', limit: 'integer', date_from: 'string' }),
    );
    expect(q('/v1/audit/events').limit).toBe('integer');
    expect(q('/v1/log/inclusion').leaf_index).toBe('integer');
    const ok = doc.paths['/v1/events'].get.responses['200'].headers;
    expect(ok['X-RateLimit-Limit'].schema.type).toBe('integer');
    expect(doc.paths['/v1/events'].post.responses['429'].headers['Retry-After'].schema.type).toBe('integer');
  });

  it('documents the 202 processing answer of an Idempotency-Key in flight, with the Retry-After the server sends', async () => {
    const processing = doc.paths['/v1/events'].post.responses['202'];
    expect(processing.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Processing' });
    expect(Object.keys(processing.headers)).toContain('Retry-After');
    expect(Object.keys(doc.paths['/v1/events'].post.responses['201'].headers)).toContain('Idempotent-Replayed');
    // Send the same key many times at once until one arrives while the first is still being written.
    let seen: { status: number; headers: Headers; body: any } | undefined;
    for (let round = 0; round < 20 && !seen; round++) {
      const key = `inflight-${round}`;
      const rs = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(s, 'POST', '/v1/events', {
            key: s.apiKey,
            headers: { 'idempotency-key': key },
            body: { event_type: 'doc.inflight', payload: { round } },
          }),
        ),
      );
      expect(rs.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
      seen = rs.find((r) => r.status === 202);
    }
    expect(seen).toBeDefined();
    expect(seen!.body).toEqual({ status: 'processing' });
    expect(seen!.headers.get('retry-after')).toBe('1');
  });

  it('declares the bearer and X-API-Key schemes and requires one of them on key routes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(doc.components.securitySchemes.apiKeyHeader).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    );
    expect(doc.paths['/v1/events'].post.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/v1/proof/event/{event_id}'].get.security).toEqual([]);
    expect(Object.keys(doc.paths['/v1/events'].post.responses['401'].content)).toContain('application/json');
    expect(errorCodes(doc.paths['/v1/events'].post.responses['401'].content['application/json'].schema)).toContain(
      'missing_api_key',
    );
    expect(doc.paths['/v1/events'].post.responses['409'].description).toContain('idempotency_key_reuse_mismatch');
  });

  it('describes real responses: documented success schemas accept what the server answers', async () => {
    const created = await call(s, 'POST', '/v1/events', {
      key: s.apiKey,
      body: { event_type: 'doc.check', payload: { a: 1 } },
    });
    expect(created.status).toBe(201);
    expect(Value.Check(EventCreated, created.body)).toBe(true);
    // The document holds exactly the schema the route declares.
    expect(doc.components.schemas.EventCreated).toEqual(JSON.parse(JSON.stringify(EventCreated)));
    const list = await call(s, 'GET', '/v1/events', { key: s.apiKey });
    expect(Value.Check(EventPage, list.body)).toBe(true);
    const err = await call(s, 'GET', '/v1/events');
    expect(err.status).toBe(401);
    expect(errorCodes(doc.paths['/v1/events'].get.responses['401'].content['application/json'].schema)).toContain(
      err.body.error,
    );
  });
});

describe('GET /docs', () => {
  it("is a page under the proof pages' Content-Security-Policy that loads its script from this origin", async () => {
    const page = await call(s, 'GET', '/docs');
    const proof = await call(s, 'GET', '/proof/event/00000000-0000-7000-8000-000000000000');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toBe(proof.headers.get('content-security-policy')!);
    const src = /<script type="module" src="([^"]+)"/.exec(page.text)?.[1];
    expect(src).toStartWith('/assets/docs.js');
    const js = await call(s, 'GET', src!);
    expect(js.status).toBe(200);
    expect(js.text).toContain('/openapi.json');
  });
});
