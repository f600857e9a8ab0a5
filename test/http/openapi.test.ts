// GET /openapi.json and /docs: a valid OpenAPI 3.1 document, generated from the routes' schemas, details and guards, covering exactly the routes the server answers.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Value } from '@sinclair/typebox/value';
import { call, cleanup, cli, newTenant, startServer, tempDir, type Server } from '../helpers';
import { loadConfig, setConfig } from '../../src/config';
import { buildApp } from '../../src/http/app';
import { allRoutes } from '../../src/http/routes';
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
  const app = buildApp(allRoutes());
  return app.routes.map((r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort();
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
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) expect(op.parameters.some((p: any) => p.in === 'path' && p.name === name)).toBe(true);
    }
  });

  it('lists only SPEC error codes, each under the status of its code', () => {
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(item)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          const codes: string[] = r.content?.['application/json']?.schema?.allOf?.[1]?.properties?.error?.enum ?? [];
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
      doc.paths[path][method].responses[status]?.content['application/json'].schema.allOf[1].properties.error.enum ?? [];
    expect(codes('/v1/events', 'post', 401)).toEqual(expect.arrayContaining(['missing_api_key', 'invalid_api_key', 'api_key_revoked']));
    expect(codes('/v1/events', 'post', 403)).toEqual(expect.arrayContaining(['insufficient_scope', 'ip_not_allowed', 'feature_not_available']));
    expect(codes('/v1/events', 'post', 402)).toEqual(['payment_required']);
    expect(codes('/v1/events', 'get', 402)).toEqual([]);
    expect(doc.paths['/v1/events'].get.description).toContain('Scope: read or write.');
    expect(codes('/v1/proof/event/{event_id}', 'get', 429)).toEqual(['rate_limited']);
    expect(codes('/v1/proof/event/{event_id}', 'get', 401)).toEqual([]);
    expect(doc.paths['/v1/portal/audit/events'].get.security).toEqual([{ portalSession: [] }]);
    expect(codes('/v1/portal/audit/events', 'get', 401)).toEqual(expect.arrayContaining(['invalid_or_used_link']));
    // Rate-limited routes carry the rate-limit headers on their answers, and Retry-After on 429.
    expect(Object.keys(doc.paths['/v1/events'].post.responses['201'].headers)).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Idempotent-Replayed']));
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
        const anonymous = await call(s, method.toUpperCase(), url, { body });
        expect([anonymous.status, anonymous.body?.error], `${method} ${path}`).toEqual([401, 'missing_api_key']);
        const r = await call(s, method.toUpperCase(), url, { key: late.key, body });
        expect(r.status === 402, `${method} ${path} answered ${r.status}`).toBe(!!op.responses['402']);
      }
    }
    expect(keyRoutes).toBeGreaterThan(30);
  });

  it('names the server and documents the audit query, including the 400 of a malformed cursor', async () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const op = doc.paths['/v1/audit/events'].get;
    expect(op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name)).toEqual(expect.arrayContaining(['organization_id', 'cursor', 'limit']));
    expect(op.responses['400'].content['application/json'].schema.allOf[1].properties.error.enum).toContain('bad_request');
    await call(s, 'POST', '/v1/audit/orgs', { key: s.apiKey, body: { organization_id: 'doc-org' } });
    const r = await call(s, 'GET', '/v1/audit/events?organization_id=doc-org&cursor=bm90LWEtY3Vyc29y', { key: s.apiKey });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('bad_request');
  });

  it('declares the bearer and X-API-Key schemes and requires one of them on key routes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.components.securitySchemes.apiKeyHeader).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }));
    expect(doc.paths['/v1/events'].post.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.paths['/v1/proof/event/{event_id}'].get.security).toEqual([]);
    expect(Object.keys(doc.paths['/v1/events'].post.responses['401'].content)).toContain('application/json');
    expect(doc.paths['/v1/events'].post.responses['401'].content['application/json'].schema.allOf[1].properties.error.enum).toContain('missing_api_key');
    expect(doc.paths['/v1/events'].post.responses['409'].description).toContain('idempotency_key_reuse_mismatch');
  });

  it('describes real responses: documented success schemas accept what the server answers', async () => {
    const created = await call(s, 'POST', '/v1/events', { key: s.apiKey, body: { event_type: 'doc.check', payload: { a: 1 } } });
    expect(created.status).toBe(201);
    expect(Value.Check(EventCreated, created.body)).toBe(true);
    // The document holds exactly the schema the route declares.
    expect(doc.paths['/v1/events'].post.responses['201'].content['application/json'].schema).toEqual(JSON.parse(JSON.stringify(EventCreated)));
    const list = await call(s, 'GET', '/v1/events', { key: s.apiKey });
    expect(Value.Check(EventPage, list.body)).toBe(true);
    const err = await call(s, 'GET', '/v1/events');
    expect(err.status).toBe(401);
    expect(doc.paths['/v1/events'].get.responses['401'].content['application/json'].schema.allOf[1].properties.error.enum).toContain(err.body.error);
  });
});

describe('GET /docs', () => {
  it('is a page under the proof pages\' Content-Security-Policy that loads its script from this origin', async () => {
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
