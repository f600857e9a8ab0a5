// GET /openapi.json and /docs: a valid OpenAPI 3.1 document covering exactly the routes the server answers.
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Value } from '@sinclair/typebox/value';
import { call, cleanup, startServer, tempDir, type Server } from '../helpers';
import { loadConfig, setConfig } from '../../src/config';
import { buildApp } from '../../src/http/app';
import { allRoutes } from '../../src/http/routes';
import { OPERATIONS } from '../../src/http/api-contract';

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

  it('documents every operation from the contract: summary, access, a success response and the error shape', () => {
    for (const key of documented()) {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path][method.toLowerCase()];
      expect(OPERATIONS[key], `${key} has no contract entry in src/http/api-contract.ts`).toBeDefined();
      expect(op.summary).toBeTruthy();
      expect(Object.keys(op.responses).some((c) => c.startsWith('2'))).toBe(true);
      expect(op.responses['500']).toBeDefined();
      // Every path parameter of the template is declared.
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) expect(op.parameters.some((p: any) => p.in === 'path' && p.name === name)).toBe(true);
    }
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
    expect(Value.Check(OPERATIONS['POST /v1/events']!.ok[201] as never, created.body)).toBe(true);
    const list = await call(s, 'GET', '/v1/events', { key: s.apiKey });
    expect(Value.Check(OPERATIONS['GET /v1/events']!.ok[200] as never, list.body)).toBe(true);
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
